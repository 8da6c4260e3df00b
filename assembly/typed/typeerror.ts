// encoding/json's *UnmarshalTypeError text (decode.go, Error()), the one place every decoder of the engine
// that reproduces a Go json.Unmarshal formats it:
//
//   json: cannot unmarshal <value> into Go value of type <type>                  (no error context)
//   json: cannot unmarshal <value> into Go struct field <Struct>.<Field> of type <type>
//
// <value> is how the decoder names the JSON value: "object", "array", "string", "bool", "number" (into a
// kind that cannot hold a number at all), "number <literal>" (a number an integer or float kind could not
// take: `number 1e99`, `number -1` into uint64, `number 1.5` into int32). <type> is reflect.Type.String()
// (`int32`, `[]pub.RuntimeContainerMeta`, `map[string]v1.ObjectMeta`, `v1.ResourceList`); for a pointer
// the decoder has already stepped through it, so the pointee's type is named.
// The context (addErrorContext) is the struct being decoded when the error was saved (reflect.Type.Name(),
// no package) and its field path from the top of the json.Unmarshal call: the JSON names of the fields
// walked through, joined with "." (map keys and slice indexes add nothing). Go 1.24 added the Go names of
// embedded structs a promoted field is reached through (`Probe`'s `ProbeHandler.httpGet`), and appends the
// Field an UnmarshalJSON method's own inner error already carried; Go 1.14-1.23 name only JSON fields and
// overwrite it. An error returned by an UnmarshalJSON method that calls json.Unmarshal itself
// (metav1.Time into a string, IntOrString into an int32) is an UnmarshalTypeError without context that the
// outer decoder then stamps with its own context, so it reads `Go struct field InPlaceUpdateState.updateTimestamp
// of type string`.

import { K_NULL, K_NUMBER, K_STRING, K_ARRAY, K_OBJECT } from "../json/tape";

/** How the decoder names a JSON value of tape kind `nk` in a type error, literals without their text. */
export function jsonValueName(nk: i32): string {
  if (nk == K_OBJECT) return "object";
  if (nk == K_ARRAY) return "array";
  if (nk == K_STRING) return "string";
  if (nk == K_NUMBER) return "number";
  if (nk == K_NULL) return "null";
  return "bool";
}

/** The text of an UnmarshalTypeError of JSON value `value` into Go type `goType`; `struct`/`field` its context ("" both: none). */
export function unmarshalTypeErrorText(value: string, goType: string, struct: string, field: string): string {
  if (struct.length > 0 || field.length > 0) {
    return "json: cannot unmarshal " + value + " into Go struct field " + struct + "." + field + " of type " + goType;
  }
  return "json: cannot unmarshal " + value + " into Go value of type " + goType;
}

/** True when a type error's field path names the embedded structs a promoted field is reached through: plain encoding/json of Go 1.24+. */
export function goEmbeddedErrorPath(goMinor: i32): bool {
  return goMinor >= 24;
}
