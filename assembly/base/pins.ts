// Every version the engine is pinned to, named once: the Go releases whose encoding/json it reproduces,
// the Go release each supported Kubernetes minor was built with, the Kubernetes minor and Go release of
// each supported OpenKruise release, and the newest minors. Unknown versions are refused, never mapped to
// a neighbour. Sources: test/oracle/k8s/versions.ts (the .go-version / build image of each x.y.0
// release and the `go` line of its go.mod, shared with the Go oracle) and test/oracle/releases.ts.

/** Oldest Go release whose encoding/json behaviour is reproduced (go "1.13": older ones cannot be fetched to check). */
export const GO_MIN: i32 = 13;
/** Newest Go release known to this build (go "1.27"). */
export const GO_MAX: i32 = 27;
/** The Go release used when a request names none: the newest. */
export const GO_DEFAULT: i32 = GO_MAX;

/** Oldest Go minor a Kubernetes op may name (`"1.10"`); the oracle serves 1.10-1.21 with go1.21 (same encoding/json for typed values). */
export const K8S_GO_MIN: i32 = 10;
/** Newest Go minor a Kubernetes op may name. */
export const K8S_GO_MAX: i32 = 27;

/** Newest supported Kubernetes minor (requests without `kubernetes` mean it). */
export const K8S_NEWEST: i32 = 37;
/** The Go release of the newest Kubernetes minor's build (the default of typed decode and encode options). */
export const K8S_NEWEST_GO: i32 = 26;

/** Oldest Kubernetes minor the pod validation and kubelet models answer (1.12 has no k8s.io/kubernetes build to check against). */
export const K8S_MODELLED_MIN: i32 = 15;
/** The Kubernetes minor whose sigs.k8s.io/json the Go oracle reports the field warnings of json-iterator minors
 * (1.12-1.22) with (`k8s.json`). */
export const K8S_STRICT_WARNINGS_MINOR: i32 = 25;

// minor, Go of the x.y.0 release build, oldest Go a request may name: the go.mod `go` line when it
// is 1.21 or newer (toolchains enforce those), else 1.10 (older lines were advisory)
const K8S_RELEASES: StaticArray<i32> = [
  12, 10, 10,
  15, 12, 10,
  16, 12, 10,
  17, 13, 10,
  18, 13, 10,
  19, 15, 10,
  20, 15, 10,
  21, 16, 10,
  22, 16, 10,
  23, 17, 10,
  24, 18, 10,
  25, 19, 10,
  26, 19, 10,
  27, 20, 10,
  28, 20, 10,
  29, 21, 21,
  30, 22, 22,
  31, 22, 22,
  32, 23, 23,
  33, 24, 24,
  34, 24, 25, // go.mod of 1.34.12 (the pin) says go 1.25.0; 1.34.4 said 1.24.0
  35, 25, 25,
  36, 26, 26,
  37, 26, 26,
];

function k8sRow(minor: i32): i32 {
  for (let i = 0; i < K8S_RELEASES.length; i += 3) if (K8S_RELEASES[i] == minor) return i;
  return -1;
}

/** The Go minor the x.y.0 release of Kubernetes `minor` was built with (the default `go`), or -1. */
export function defaultGoOf(minor: i32): i32 {
  const r = k8sRow(minor);
  return r < 0 ? -1 : K8S_RELEASES[r + 1];
}

/** The oldest Go minor a request may name for Kubernetes `minor` (its go.mod `go` line from 1.21 on), or -1. */
export function minGoOf(minor: i32): i32 {
  const r = k8sRow(minor);
  return r < 0 ? -1 : K8S_RELEASES[r + 2];
}

/** The newest supported OpenKruise minor (v1.9.0; requests without `kruise` mean it). */
export const KRUISE_NEWEST: i32 = 9;
/** The oldest supported OpenKruise minor (v1.5.5). */
export const KRUISE_OLDEST: i32 = 5;
/** The Kubernetes minor OpenKruise v1.9.0 pins (k8s.io/* v0.32.10): its kinds are answered there only. */
export const KRUISE_MINOR: i32 = 32;
/** Go of OpenKruise v1.9.0's release build (Dockerfile golang:1.23.9; v1.8.3's golang:1.22.11 writes the same JSON). */
export const KRUISE_GO: i32 = 23;
/** Oldest Go for OpenKruise v1.9.0 (go.mod: go 1.23). */
export const KRUISE_MIN_GO: i32 = 23;

/** The API server minor from which OpenKruise v1.9.0 sends resource changes through the pod's `resize` subresource (client.ShouldUpdateResourceByResize: server >= 1.32.0). */
export const KRUISE_RESIZE_SERVER: i32 = 32;

// OpenKruise minor, the Kubernetes minor its go.mod pins k8s.io/* at, the Go minor of its release image
// (Dockerfile), and the release the module proxy serves (test/oracle/k8s/versions.ts KRUISE_RELEASES)
const KRUISE_RELEASES: StaticArray<i32> = [
  5, 24, 19, // v1.5.5: k8s.io/kubernetes v1.24.16, golang:1.19
  6, 26, 19, // v1.6.0: v1.26.10, golang:1.19
  7, 28, 20, // v1.7.0: v1.28.9, golang:1.20.14
  8, 30, 23, // v1.8.3: v1.30.10, golang:1.22.11 - read as 1.23, as its oracle build (class go126) and the v1.8 vectors answer (Go 1.23's time.Parse offset range check included)
  9, 32, 23, // v1.9.0: v1.32.10, golang:1.23.9
];

function kruiseRow(kruise: i32): i32 {
  for (let i = 0; i < KRUISE_RELEASES.length; i += 3) if (KRUISE_RELEASES[i] == kruise) return i;
  return -1;
}

/** The Kubernetes minor of OpenKruise minor `kruise`'s k8s.io/* libraries (and so of its v1 types): 1.32 for v1.9.0 .. 1.24 for v1.5.5; -1 when unknown. */
export function kruiseK8sMinorOf(kruise: i32): i32 {
  const r = kruiseRow(kruise);
  return r < 0 ? -1 : KRUISE_RELEASES[r + 1];
}

/** The Go minor whose encoding/json and time parsing OpenKruise minor `kruise` is answered with (19, 19, 20, 23, 23; -1 when unknown). */
export function kruiseGoOf(kruise: i32): i32 {
  const r = kruiseRow(kruise);
  return r < 0 ? -1 : KRUISE_RELEASES[r + 2];
}

/** The Go minor of the OpenKruise release whose libraries pin Kubernetes `minor` (the Kruise kinds' typed values carry only that minor); KRUISE_GO for any other. */
export function kruiseGoOfK8s(minor: i32): i32 {
  for (let i = 0; i < KRUISE_RELEASES.length; i += 3) if (KRUISE_RELEASES[i + 1] == minor) return KRUISE_RELEASES[i + 2];
  return KRUISE_GO;
}

/** The oldest Go minor a request may name for OpenKruise minor `kruise`: its go.mod `go` line when 1.21 or newer (v1.9.0: 23, v1.8.3: 22), else 10; -1 when unknown. */
export function kruiseMinGoOf(kruise: i32): i32 {
  if (kruiseRow(kruise) < 0) return -1;
  return kruise >= 9 ? KRUISE_MIN_GO : kruise == 8 ? 22 : K8S_GO_MIN;
}

/** The k8s.io/kubernetes release OpenKruise minor `kruise` pins ("1.32.10", "1.30.10", "1.28.9", "1.26.10", "1.24.16"; "" when unknown). */
export function kruiseK8sPatchOf(kruise: i32): string {
  if (kruise == 9) return "1.32.10";
  if (kruise == 8) return "1.30.10";
  if (kruise == 7) return "1.28.9";
  if (kruise == 6) return "1.26.10";
  if (kruise == 5) return "1.24.16";
  return "";
}

/** The OpenKruise release of minor `kruise` ("v1.9.0", "v1.8.3", "v1.7.0", "v1.6.0", "v1.5.5"; "" when unknown). */
export function kruiseReleaseOf(kruise: i32): string {
  if (kruise == 9) return "v1.9.0";
  if (kruise == 8) return "v1.8.3";
  if (kruise == 7) return "v1.7.0";
  if (kruise == 6) return "v1.6.0";
  if (kruise == 5) return "v1.5.5";
  return "";
}

/** Parses "1.N" into N; returns -1 for anything else. */
export function parseMinor(p: usize, n: i32): i32 {
  if (n < 3 || n > 5 || load<u8>(p) != 0x31 || load<u8>(p, 1) != 0x2e) return -1;
  let v = 0;
  for (let i = 2; i < n; i++) {
    const c = <i32>load<u8>(p + <usize>i) - 0x30;
    if (c < 0 || c > 9) return -1;
    if (i == 2 && c == 0 && n > 3) return -1;
    v = v * 10 + c;
  }
  return v;
}
