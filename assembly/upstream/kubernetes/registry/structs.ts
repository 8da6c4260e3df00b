// The small struct helpers the registry ports share: shallow copies the updates write into (so the caller's values
// are never changed), a field's type, a map's length.

import { Val, StructV, MapV } from "../../../typed/value";
import { fieldIndex, fieldType } from "../../../schema/schema";
import { newStruct } from "../defaults/tree";

/** A shallow copy of struct `v` of type `t` (the zero value when null). */
export function copyOf(v: Val | null, t: i32): StructV {
  const c = newStruct(t);
  if (v !== null) {
    const o = changetype<StructV>(v);
    for (let i = 0; i < c.f.length; i++) c.f[i] = o.f[i];
  }
  return c;
}

/** The type of field `name` of struct type `t`. */
export function typeOf(t: i32, name: string): i32 {
  return fieldType(t, fieldIndex(t, name));
}

/** The number of entries of map value `m` (0 for nil). */
export function mapLen(m: Val | null): i32 {
  return m === null ? 0 : changetype<MapV>(m).vals.length;
}
