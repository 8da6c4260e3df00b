// The oracle's build and routing table: which Go binaries exist (module, package, exact toolchain,
// arguments) and which binary answers which request. run.ts only interprets this table; later
// issues add targets (for example one build per Kubernetes minor) with registerTarget/registerRoute
// or by adding rows here.

import { fileURLToPath } from "node:url";
import { K8S_ROUTE, K8S_ROUTER_TARGET } from "./k8s/target.ts"; // the k8s oracle

/** An oracle binary: how to build it and how to run it. */
export interface Target {
  /** File name under test/oracle/bin/. */
  name: string;
  /** Exact Go release that builds it, e.g. "go1.21.13" (fetched through the module proxy). */
  toolchain: string;
  /** Absolute path of the Go module to build in. */
  moduleDir: string;
  /** Package to build, relative to moduleDir, e.g. "./cmd/oracle". */
  pkg: string;
  /** Files and folders (relative to moduleDir) whose contents decide whether to rebuild. */
  sources: string[];
  /** Command-line arguments of the running binary. */
  args: string[];
}

/** The fields of a request line that routing may look at (null when the line is not a JSON object). */
export type RouteRequest = { [field: string]: unknown } | null;

/** A routing rule: the first rule whose match() accepts a request picks its target. */
export interface Route {
  target: string;
  match(req: RouteRequest): boolean;
}

/** The folder of the main oracle module (test/oracle). */
export const ORACLE_DIR = fileURLToPath(new URL(".", import.meta.url));

/** Sources of the main oracle module (the k8s harness is not part of it). */
const ORACLE_SOURCES = ["go.mod", "go.sum", "cmd/oracle", "eval", "ops"];

/**
 * Go releases whose encoding/json answers differ, found by test/oracle/releases.ts over every
 * release from 1.13 to 1.27 (latest patch of each minor): inside a class every release answers
 * every request identically; the class is served by a build with the toolchain named here.
 * - 1.13-1.14: no nesting limit (Go 1.15 added the 10000-level limit).
 * - 1.15-1.21: `\b` and `\f` written as \u0008 and \u000c.
 * - 1.22-1.26: `\b` and `\f` written short.
 * - 1.27: encoding/json runs on the json/v2 engine: other syntax error texts and offsets,
 *   "exceeded max depth", UnmarshalTypeError with a JSON path and the offset of the number's start.
 * Go 1.12 and older cannot be fetched through the module proxy, so they are refused.
 */
export const GO_CLASSES: readonly { from: number; to: number; toolchain: string }[] = [
  { from: 13, to: 14, toolchain: "go1.14.15" },
  { from: 15, to: 21, toolchain: "go1.21.13" },
  { from: 22, to: 26, toolchain: "go1.26.8" },
  { from: 27, to: 27, toolchain: "go1.27.4" },
];

/** Oldest and newest Go minor a `go` field may name; a request without `go` means the newest. */
export const GO_ACCEPTED = { min: GO_CLASSES[0]!.from, max: GO_CLASSES[GO_CLASSES.length - 1]!.to };

/** Every accepted `go` value, "1.13" ... "1.27". */
export const GO_VERSIONS: readonly string[] = Array.from({ length: GO_ACCEPTED.max - GO_ACCEPTED.min + 1 }, (_, i) => `1.${GO_ACCEPTED.min + i}`);

/** The Go minor named by a `go` field value ("1.N"), or null. */
export function goMinorOf(v: unknown): number | null {
  const m = typeof v === "string" ? /^1\.(0|[1-9][0-9]{0,2})$/.exec(v) : null;
  return m ? Number(m[1]) : null;
}

/** Target name of the build serving a Go class. */
export const goTargetName = (c: { from: number; to: number }) => (c.from === c.to ? `oracle-go1.${c.from}` : `oracle-go1.${c.from}-1.${c.to}`);

/** All targets, in build order. */
export const TARGETS: Target[] = GO_CLASSES.map((c) => ({
  name: goTargetName(c),
  toolchain: c.toolchain,
  moduleDir: ORACLE_DIR,
  pkg: "./cmd/oracle",
  sources: ORACLE_SOURCES,
  args: [`-accept=${GO_ACCEPTED.min}-${GO_ACCEPTED.max}`, `-serves=${c.from}-${c.to}`],
}));

/** The target that answers everything no rule claims (lines that are not JSON, ops that do not
 * depend on the Go release, unsupported versions): the newest Go class. */
export const DEFAULT_TARGET = goTargetName(GO_CLASSES[GO_CLASSES.length - 1]!);

/** Ops whose answer depends on the `go` field (other ops ignore the field and go to the default). */
export const GO_OPS = new Set<string>(["json.go",
  // the patch ops read their documents with Go's decoder and write with its encoder
  "jsonpatch.diff", "jsonpatch.apply", "mergepatch.diff", "mergepatch.apply"]);

/** Routing rules, tried in order before the default. A request of a GO_OPS op with a supported `go`
 * field goes to the build of that Go class (the whole line is then read by that release). */
export const ROUTES: Route[] = GO_CLASSES.map((c) => ({
  target: goTargetName(c),
  match(req: RouteRequest) {
    const minor = req && typeof req.op === "string" && GO_OPS.has(req.op) ? goMinorOf(req.go) : null;
    return minor !== null && minor >= c.from && minor <= c.to;
  },
}));

/** Adds a target (replacing one with the same name). */
export function registerTarget(t: Target): void {
  const i = TARGETS.findIndex((x) => x.name === t.name);
  if (i >= 0) TARGETS[i] = t;
  else TARGETS.push(t);
}

/** Adds a routing rule in front of the existing ones. */
export function registerRoute(r: Route): void {
  ROUTES.unshift(r);
}

/** The target answering a request. */
export function routeOf(req: RouteRequest): string {
  for (const r of ROUTES) if (r.match(req)) return r.target;
  return DEFAULT_TARGET;
}

// test/oracle/k8s/: the k8s ops go to one router binary, which builds and drives a
// binary per Kubernetes minor and Go release class, lazily.
registerTarget(K8S_ROUTER_TARGET);
registerRoute(K8S_ROUTE);

// test/oracle/rollout/: `scaled` and `kruise.partition` are answered by the real upstream
// helpers (k8s.io/apimachinery v0.32.10 intstr, OpenKruise v1.9.0 pkg/util) in their own module, built
// by one toolchain (OpenKruise needs Go 1.23+, which the main module's older builds cannot carry).
export const ROLLOUT_TARGET: Target = {
  name: "oracle-rollout",
  toolchain: "go1.27.4",
  moduleDir: fileURLToPath(new URL("./rollout/", import.meta.url)),
  pkg: ".",
  sources: ["go.mod", "go.sum", "main.go", "scaled.go", "../eval"],
  args: [],
};
/** The ops the rollout oracle answers. */
export const ROLLOUT_OPS: ReadonlySet<string> = new Set(["scaled", "kruise.partition"]);
registerTarget(ROLLOUT_TARGET);
registerRoute({ target: ROLLOUT_TARGET.name, match: (req: RouteRequest) => req !== null && typeof req.op === "string" && ROLLOUT_OPS.has(req.op) });

// Strategic merge patch (smp.diff, smp.apply) is answered by the real strategicpatch of each
// Kubernetes minor, so it goes to the k8s router too (the op itself: test/oracle/k8s/harness/smp.go).
registerRoute({ target: K8S_ROUTER_TARGET.name, match: (req: RouteRequest) => req !== null && (req.op === "smp.diff" || req.op === "smp.apply") });

// The OpenKruise in-place update ops are answered by the real pkg/util/inplaceupdate in the Kruise
// build of the k8s oracle (test/oracle/k8s/harness/kruise_inplace.go); the router sends kruise.* there.
export const KRUISE_INPLACE_OPS: ReadonlySet<string> = new Set(["kruise.inplaceSpec", "kruise.patchPod", "kruise.completed", "kruise.strategy", "kruise.update", "kruise.refresh", "kruise.verdictPod", "kruise.preDownload", "kruise.cloneSetDiffs", "kruise.daemonSetSync"]);
registerRoute({ target: K8S_ROUTER_TARGET.name, match: (req: RouteRequest) => req !== null && typeof req.op === "string" && KRUISE_INPLACE_OPS.has(req.op) });

// `verdict` is answered by the k8s oracle (harness/verdict*.go: the controllers' own template
// comparisons, ValidatePodUpdate and HashContainer, Kruise's CalculateSpec in the Kruise build).
registerRoute({ target: K8S_ROUTER_TARGET.name, match: (req: RouteRequest) => req !== null && req.op === "verdict" });

// Kubelet prediction (kubelet.podActions, kubelet.readyCondition, kubelet.resizeAdmission) runs the real kubelet code
// of the `kubelet` minor in the kube-flavor builds (test/oracle/k8s/harness/kubelet*.go, admit*.go); the router picks them.
registerRoute({ target: K8S_ROUTER_TARGET.name, match: (req: RouteRequest) => req !== null && (req.op === "kubelet.podActions" || req.op === "kubelet.readyCondition" || req.op === "kubelet.resizeAdmission") });
