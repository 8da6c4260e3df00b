// Facts per supported Kubernetes minor that decide how its API machinery reads and writes JSON:
// the Go release it was built with (the default `go` of the k8s ops), the oldest Go its go.mod
// accepts, and which JSON decoder its API server runs (json-iterator up to 1.22, sigs.k8s.io/json
// from 1.23) with the behaviour differences between the sigs.k8s.io/json versions it pinned.
// Source of the Go releases: test/oracle/k8s/versions.ts (the .go-version / build image of each
// x.y.0 release and the `go` line of its go.mod), shared with the Go oracle.

/** Oldest Go minor a k8s op may name (`"1.10"`); the oracle serves 1.10-1.21 with go1.21 (same encoding/json for typed values). */
export const K8S_GO_MIN: i32 = 10;
/** Newest Go minor a k8s op may name. */
export const K8S_GO_MAX: i32 = 27;

// minor, Go of the x.y.0 release build, oldest Go a request may name: the go.mod `go` line when it
// is 1.21 or newer (toolchains enforce those), else 1.10 (older lines were advisory)
const TABLE: StaticArray<i32> = [
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
  34, 24, 24,
  35, 25, 25,
  36, 26, 26,
  37, 26, 26,
];

function row(minor: i32): i32 {
  for (let i = 0; i < TABLE.length; i += 3) if (TABLE[i] == minor) return i;
  return -1;
}

/** The Go minor the x.y.0 release of Kubernetes `minor` was built with (the default `go`), or -1. */
export function defaultGoOf(minor: i32): i32 {
  const r = row(minor);
  return r < 0 ? -1 : TABLE[r + 1];
}

/** The oldest Go minor a request may name for Kubernetes `minor` (its go.mod `go` line from 1.21 on), or -1. */
export function minGoOf(minor: i32): i32 {
  const r = row(minor);
  return r < 0 ? -1 : TABLE[r + 2];
}

/** True when the API server of `minor` decodes with json-iterator (1.12-1.22), false for sigs.k8s.io/json. */
export function decodesWithJsoniter(minor: i32): bool {
  return minor <= 22;
}

/**
 * True when field-validation warnings carry the full path (`spec.foo`): every sigs.k8s.io/json used
 * except the one of 1.23 (v0.0.0-20211020170558), which names only the key. The oracle reports
 * warnings for 1.12-1.22 with the sigs.k8s.io/json of 1.25.
 */
export function warningPaths(minor: i32): bool {
  return minor != 23;
}

/** True when a type error's field path names embedded structs (`ProbeHandler.httpGet`): sigs.k8s.io/json of 1.35+. */
export function embeddedErrorPath(minor: i32): bool {
  return minor >= 35;
}
