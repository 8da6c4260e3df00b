// Facts per supported Kubernetes minor that decide how its API machinery reads JSON: which JSON decoder
// its API server runs (json-iterator up to 1.22, sigs.k8s.io/json from 1.23) with the behaviour
// differences between the sigs.k8s.io/json versions it pinned. (The Go release of each minor is in
// base/pins.ts.)

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
