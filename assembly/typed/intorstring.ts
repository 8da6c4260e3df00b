// intstr.IntOrString's fields, found by name in the schema (their order is Type, IntVal, StrVal in
// every minor, but nothing here relies on it).

import { fieldIndex } from "../schema/schema";

/** Field indexes of an IntOrString struct type. */
export class IntOrStringFields {
  type: i32 = -1;
  intVal: i32 = -1;
  strVal: i32 = -1;
}

/** The field indexes of IntOrString type `ty`. */
export function intOrStringFields(ty: i32): IntOrStringFields {
  const f = new IntOrStringFields();
  f.type = fieldIndex(ty, "Type");
  f.intVal = fieldIndex(ty, "IntVal");
  f.strVal = fieldIndex(ty, "StrVal");
  return f;
}
