// Go's *json.UnmarshalTypeError for a value decoded into a Go type that cannot hold it: the message
// `json: cannot unmarshal <kind> into Go value of type <type>` and the offset encoding/json reports
// (Go 1.13-1.26: just past the opening bracket of an object or array, just past the end of a literal).

import { Tape, K_NULL, K_FALSE, K_TRUE, K_NUMBER, K_STRING, K_ARRAY, K_OBJECT } from "../../json/tape";
import { fail, E_JSON_TYPE } from "../../base/errors";

/** The value kind Go names in a type error. */
export function goValueName(t: Tape, i: i32): string {
  const k = t.kind(i);
  if (k == K_OBJECT) return "object";
  if (k == K_ARRAY) return "array";
  if (k == K_STRING) return "string";
  if (k == K_NUMBER) return "number";
  if (k == K_TRUE || k == K_FALSE) return "bool";
  return "null";
}

/** The offset Go reports for a type error on node i, relative to `base` (where the text starts). */
export function goTypeErrorOffset(t: Tape, i: i32, base: i32): i32 {
  const k = t.kind(i);
  if (k == K_OBJECT || k == K_ARRAY) return t.start(i) + 1 - base;
  if (k == K_STRING) return t.end(i) + 1 - base;
  return t.end(i) - base;
}

/** The message of a type error on node i into Go type `goType`. */
export function goTypeErrorMessage(t: Tape, i: i32, goType: string): string {
  return "json: cannot unmarshal " + goValueName(t, i) + " into Go value of type " + goType;
}

/**
 * Records E_JSON_TYPE for node i decoded into Go type `goType`, with `path` naming the field. `where`
 * is Go 1.27's location of the value (`Patch.2` for element 2 of a jsonpatch.Patch), "" at the top:
 * Go 1.27 (json/v2) names it (`into Patch.2 of type ...`) where Go 1.13-1.26 say `into Go value`.
 */
export function failType(t: Tape, i: i32, goType: string, base: i32, path: string, goMinor: i32, where: string = ""): bool {
  let msg = goTypeErrorMessage(t, i, goType);
  if (goMinor >= 27 && where.length > 0) msg = "json: cannot unmarshal " + goValueName(t, i) + " into " + where + " of type " + goType;
  return fail(E_JSON_TYPE, msg, goTypeErrorOffset(t, i, base), path);
}

/** True when node i is null or of kind `k`. */
export function nullOr(t: Tape, i: i32, k: i32): bool {
  const x = t.kind(i);
  return x == K_NULL || x == k;
}
