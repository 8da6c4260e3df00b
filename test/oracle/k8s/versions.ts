/** Kubernetes minors the k8s oracle builds, the exact upstream releases used, and Go release facts. */

/** One supported Kubernetes minor. */
export interface MinorInfo {
  /** "1.N" */
  minor: string;
  /** the upstream release built (latest patch whose k8s.io/kubernetes zip the module proxy serves) */
  patch: string;
  /** Go release of the x.y.0 release build (.go-version, else build/build-image/cross/VERSION): the default `go` */
  releaseGo: string;
  /** Go release of `patch` (same files at that tag) */
  patchGo: string;
  /** the `go` line of k8s.io/kubernetes go.mod at `patch` (1.12: no go.mod; its release Go): no older Go can build this minor */
  goModGo: string;
}

/** Ascending by minor. `build.ts --check-newest` tells when the module proxy lists a newer k8s.io/api minor. */
export const MINORS: MinorInfo[] = [
  { minor: "1.12", patch: "1.12.10", releaseGo: "1.10.4", patchGo: "1.10.8", goModGo: "1.10" },
  { minor: "1.15", patch: "1.15.12", releaseGo: "1.12.5", patchGo: "1.12.17", goModGo: "1.12" },
  { minor: "1.16", patch: "1.16.15", releaseGo: "1.12.9", patchGo: "1.13.15", goModGo: "1.12" },
  { minor: "1.17", patch: "1.17.17", releaseGo: "1.13.4", patchGo: "1.13.15", goModGo: "1.12" },
  { minor: "1.18", patch: "1.18.19", releaseGo: "1.13.8", patchGo: "1.13.15", goModGo: "1.13" },
  { minor: "1.19", patch: "1.19.16", releaseGo: "1.15", patchGo: "1.15.15", goModGo: "1.15" },
  { minor: "1.20", patch: "1.20.15", releaseGo: "1.15.5", patchGo: "1.15.15", goModGo: "1.15" },
  { minor: "1.21", patch: "1.21.14", releaseGo: "1.16.1", patchGo: "1.16.15", goModGo: "1.16" },
  { minor: "1.22", patch: "1.22.17", releaseGo: "1.16.6", patchGo: "1.16.15", goModGo: "1.16" },
  { minor: "1.23", patch: "1.23.17", releaseGo: "1.17.3", patchGo: "1.19.6", goModGo: "1.19" },
  { minor: "1.24", patch: "1.24.17", releaseGo: "1.18.1", patchGo: "1.20.7", goModGo: "1.19" },
  { minor: "1.25", patch: "1.25.16", releaseGo: "1.19", patchGo: "1.20.10", goModGo: "1.19" },
  { minor: "1.26", patch: "1.26.15", releaseGo: "1.19.4", patchGo: "1.21.8", goModGo: "1.19" },
  { minor: "1.27", patch: "1.27.16", releaseGo: "1.20.3", patchGo: "1.22.5", goModGo: "1.20" },
  { minor: "1.28", patch: "1.28.15", releaseGo: "1.20.7", patchGo: "1.22.8", goModGo: "1.20" },
  { minor: "1.29", patch: "1.29.15", releaseGo: "1.21.5", patchGo: "1.23.6", goModGo: "1.21" },
  { minor: "1.30", patch: "1.30.14", releaseGo: "1.22.2", patchGo: "1.23.10", goModGo: "1.22.0" },
  { minor: "1.31", patch: "1.31.14", releaseGo: "1.22.5", patchGo: "1.24.9", goModGo: "1.22.0" },
  { minor: "1.32", patch: "1.32.13", releaseGo: "1.23.3", patchGo: "1.24.13", goModGo: "1.23.0" },
  { minor: "1.33", patch: "1.33.13", releaseGo: "1.24.2", patchGo: "1.25.11", goModGo: "1.24.0" },
  { minor: "1.34", patch: "1.34.12", releaseGo: "1.24.6", patchGo: "1.26.5", goModGo: "1.25.0" },
  { minor: "1.35", patch: "1.35.8", releaseGo: "1.25.5", patchGo: "1.26.5", goModGo: "1.25.0" },
  { minor: "1.36", patch: "1.36.5", releaseGo: "1.26.2", patchGo: "1.26.8", goModGo: "1.26.0" },
  { minor: "1.37", patch: "1.37.2", releaseGo: "1.26.6", patchGo: "1.26.10", goModGo: "1.26.0" },
];

/** The newest supported minor: requests without kubernetes/kubelet mean it. */
export const NEWEST = MINORS[MINORS.length - 1].minor;

/** Go minor number of "1.N[.P]". */
export function goMinorOf(v: string): number {
  const m = /^1\.(\d+)/.exec(v);
  return m ? Number(m[1]) : NaN;
}

/** Look a minor up; undefined when unsupported. */
export function minorInfo(minor: string): MinorInfo | undefined {
  return MINORS.find((m) => m.minor === minor);
}

/**
 * Go release classes: each is served by one toolchain build. For these ops encoding/json output
 * differs between them only by the Go 1.22 `\b` `\f` short escapes and (Go 1.27) the json/v2
 * engine under encoding/json; Go 1.24 omitzero only appears in minors whose go.mod needs Go >= 1.24.
 * Go 1.10-1.14 (1.10-1.12 not fetchable; 1.13-1.14 without the nesting limit) are answered by the go1.21.13 build: their only
 * encoding/json difference, the Go 1.15 nesting limit of 10000, cannot show in these ops except
 * `quantity` mode json on a value nested deeper than 10000 levels (Kubernetes decodes with
 * json-iterator or sigs.k8s.io/json, which have their own limits).
 */
export const GO_CLASSES = {
  go121: { toolchain: "go1.21.13", serves: [10, 21] as [number, number] },
  go126: { toolchain: "go1.26.8", serves: [22, 26] as [number, number] },
  go127: { toolchain: "go1.27.4", serves: [27, 27] as [number, number] },
} as const;
export type GoClass = keyof typeof GO_CLASSES;

/** The class serving Go minor n (10..27). */
export function classOfGo(n: number): GoClass {
  return n <= 21 ? "go121" : n <= 26 ? "go126" : "go127";
}

/** 1.12 predates modules: pseudo-versions of its staging repos and of the libraries they import (Godeps.json revs). */
export const K8S_112_REQUIRES: Record<string, string> = {
  "k8s.io/api": "v0.0.0-20190708094356-59223ed9f6ce", // kubernetes-1.12.10
  "k8s.io/apimachinery": "v0.0.0-20190221084156-01f179d85dbc", // kubernetes-1.12.10
  "github.com/davecgh/go-spew": "v1.1.1", // Godeps rev 782f4967 has no proxy pseudo-version; format.go identical
  "github.com/json-iterator/go": "v0.0.0-20180612202835-f2b4162afba3",
  "github.com/modern-go/reflect2": "v1.0.2", // Godeps rev 05fbef0c crashes on Go >= 1.18; API-compatible fix
  "github.com/modern-go/concurrent": "v0.0.0-20180306012644-bacd9c7ef1dd",
  "github.com/gogo/protobuf": "v0.0.0-20170330071051-c0656edd0d9e",
  "github.com/google/gofuzz": "v0.0.0-20161122191042-44d81051d367",
  "github.com/golang/glog": "v0.0.0-20141105023935-44145f04b68c",
  "gopkg.in/inf.v0": "v0.9.0",
  "github.com/ghodss/yaml": "v0.0.0-20150909031657-73d445a93680",
  "gopkg.in/yaml.v2": "v2.0.0-20170721113624-670d4cfef054",
  // resolution helpers for imports of apimachinery packages (and their tests) that `go mod tidy`
  // must place; newer releases of these need a Go newer than the go1.21.13 class
  "golang.org/x/net": "v0.17.0",
  "github.com/spf13/pflag": "v1.0.5",
  "github.com/stretchr/testify": "v1.8.4",
  "gopkg.in/check.v1": "v1.0.0-20201130134442-10cb98267c6c",
  // smp ops: strategicpatch imports kube-openapi's proto package (used only by its OpenAPI
  // lookup, not by the struct-tag lookup the ops run); 1.12's Godeps revision 0cf8f7e6 has no proxy
  // pseudo-version here, so the revision 1.15 pins stands in, with the gnostic/protobuf it needs
  "k8s.io/kube-openapi": "v0.0.0-20190228160746-b3a7cee44a30",
  "github.com/googleapis/gnostic": "v0.0.0-20170729233727-0c5108395e2d",
  "github.com/golang/protobuf": "v1.2.0",
  // ... and what `go mod tidy` resolves for kube-openapi's tests (the versions 1.15 pins)
  "github.com/onsi/ginkgo": "v1.6.0",
  "github.com/onsi/gomega": "v0.0.0-20190113212917-5533ce8a0da3",
  "golang.org/x/sync": "v0.0.0-20181108010431-42b317875d0f",
};

/** sigs.k8s.io/json used for field-validation warnings where the minor predates it (that of 1.25). */
export const KJSON_FOR_OLD_MINORS = "v0.0.0-20220713155537-f223a00ba0e2";

/** One OpenKruise release the oracle builds: the `kruise` value it answers, the module version, the
 *  k8s.io/kubernetes release its go.mod pins (minor, patch), its Dockerfile's Go and its go.mod `go` line. */
export interface KruiseRelease {
  kruise: string;
  version: string;
  minor: string;
  patch: string;
  releaseGo: string;
  goModGo: string;
}

/** OpenKruise build: kruise v1.9.0 pins k8s.io/kubernetes v1.32.10. */
export const KRUISE: KruiseRelease = { kruise: "1.9", version: "v1.9.0", minor: "1.32", patch: "1.32.10", releaseGo: "1.23.9" /* Dockerfile golang:1.23.9 */, goModGo: "1.23" };

/**
 * OpenKruise v1.8 build (`kruise: "1.8"`): v1.8.3 is the newest v1.8.x the module proxy serves here
 * (v1.8.4+ answer 403), pinning k8s.io/kubernetes v1.30.10 (go.mod `go 1.22.0`).
 */
export const KRUISE_18: KruiseRelease = { kruise: "1.8", version: "v1.8.3", minor: "1.30", patch: "1.30.10", releaseGo: "1.22.11" /* Dockerfile golang:1.22.11 */, goModGo: "1.22" };

/**
 * OpenKruise v1.7 build (`kruise: "1.7"`): v1.7.0, the newest v1.7.x whose zip the module proxy serves here
 * (v1.7.1 lists its .info but its .zip answers 403; v1.7.2+ answer 403), pinning k8s.io/kubernetes v1.28.9.
 */
export const KRUISE_17: KruiseRelease = { kruise: "1.7", version: "v1.7.0", minor: "1.28", patch: "1.28.9", releaseGo: "1.20.14" /* Dockerfile golang:1.20.14 */, goModGo: "1.20" };

/** OpenKruise v1.6 build (`kruise: "1.6"`): v1.6.0 (v1.6.1+ answer 403 here), pinning k8s.io/kubernetes v1.26.10. */
export const KRUISE_16: KruiseRelease = { kruise: "1.6", version: "v1.6.0", minor: "1.26", patch: "1.26.10", releaseGo: "1.19" /* Dockerfile golang:1.19 */, goModGo: "1.19" };

/** OpenKruise v1.5 build (`kruise: "1.5"`): v1.5.5 (the last v1.5.x; v1.5.6 answers 403), pinning k8s.io/kubernetes v1.24.16. */
export const KRUISE_15: KruiseRelease = { kruise: "1.5", version: "v1.5.5", minor: "1.24", patch: "1.24.16", releaseGo: "1.19" /* Dockerfile golang:1.19 */, goModGo: "1.19" };

/** Every OpenKruise release the oracle builds, oldest first (each pins its own Kubernetes minor). */
export const KRUISE_RELEASES: KruiseRelease[] = [KRUISE_15, KRUISE_16, KRUISE_17, KRUISE_18, KRUISE];

/** The release answering `kruise` value v ("1.5" .. "1.9"), or undefined. */
export function kruiseRelease(v: string): KruiseRelease | undefined {
  return KRUISE_RELEASES.find((r) => r.kruise === v);
}
