// fmt's %#v of a Go value of a schema type, as field.Error.ErrorBody prints a bad value that is neither a
// simple type nor a fmt.Stringer (apimachinery up to 0.33): structs as T{Field:value, ...} with every field,
// a nil pointer as (*T)(nil) and a non-nil one as its address - which no two processes share, so it is
// written (*T)(0xc000000000) (docs/ops.md, "Workload update validation") - slices as []T{...} or []T(nil),
// maps with their keys sorted as fmt sorts them, strings quoted, named string types without their name, a
// resource.Quantity as its fields.

import { Val, StrV, IntV, PtrV, SliceV, MapV, StructV, TimeV, QuantityV, sortedEntries } from "../../../typed/value";
import { Quantity, formatName } from "../../../quantity/quantity";
import { Kind, kind, spewName, elem, fieldCount, fieldName, fieldType, typeNameId } from "../../../schema/schema";
import { specialOf, SP_TIME } from "../../../typed/types";
import { goStringOfTime, timeSeconds } from "../../../typed/time";
import { quote } from "./errlist";
import { joinStrings } from "../../../golang/join";

/** %#v of value `v` (null: the zero value) of schema type `t`. */
export function goSyntax(t: i32, v: Val | null): string {
  const k = kind(t);
  // metav1.Time has time.Time's GoString method (promoted): fmt prints time.Date(...) for it and its pointers, and
  // "<nil>" for a nil *metav1.Time (the method's nil dereference panics; fmt catches it)
  if (k == Kind.Pointer && isTime(elem(t))) return v === null || !(v instanceof PtrV) ? "<nil>" : timeText(changetype<PtrV>(v).to);
  if (isTime(t)) return timeText(v);
  if (v !== null && v instanceof QuantityV) return quantityGoSyntax(changetype<QuantityV>(v).q, "0xc000000000");
  if (k == Kind.Pointer) {
    if (v === null || !(v instanceof PtrV)) return "(" + spewName(t) + ")(nil)";
    return "(" + spewName(t) + ")(0xc000000000)";
  }
  if (k == Kind.String) {
    if (v === null || !(v instanceof StrV)) return "\"\"";
    const s = changetype<StrV>(v);
    return quote(String.UTF8.decodeUnsafe(s.p, <usize>s.n));
  }
  if (k == Kind.Bool) return v !== null && v instanceof IntV && changetype<IntV>(v).v != 0 ? "true" : "false";
  if (k >= Kind.Int && k <= Kind.Uintptr) {
    const n: i64 = v !== null && v instanceof IntV ? changetype<IntV>(v).v : 0;
    return k >= Kind.Uint ? "0x" + (<u64>n).toString(16) : n.toString();
  }
  if (k == Kind.Slice) {
    if (v === null || !(v instanceof SliceV)) return spewName(t) + "(nil)";
    const s = changetype<SliceV>(v);
    const et = elem(t);
    const parts = new Array<string>(s.len);
    for (let i = 0; i < s.len; i++) parts[i] = goSyntax(et, s.items[i]);
    return spewName(t) + "{" + joinStrings(parts, ", ") + "}";
  }
  if (k == Kind.Map) {
    if (v === null || !(v instanceof MapV)) return spewName(t) + "(nil)";
    const m = changetype<MapV>(v);
    const e = sortedEntries(m);
    const vt = elem(t);
    const parts = new Array<string>(e.length);
    for (let i = 0; i < e.length; i++) {
      const ent = e[i];
      parts[i] = quote(String.UTF8.decodeUnsafe(m.keyP[ent], <usize>m.keyN[ent])) + ":" + goSyntax(vt, m.vals[ent]);
    }
    return spewName(t) + "{" + joinStrings(parts, ", ") + "}";
  }
  if (k == Kind.Struct) {
    const s = v !== null && v instanceof StructV ? changetype<StructV>(v) : null;
    const n = fieldCount(t);
    const parts = new Array<string>(n);
    for (let i = 0; i < n; i++) parts[i] = fieldName(t, i) + ":" + goSyntax(fieldType(t, i), s === null ? null : s.f[i]);
    return spewName(t) + "{" + joinStrings(parts, ", ") + "}";
  }
  return spewName(t) + "{}";
}

/** %#v of a resource.Quantity: int64Amount, the inf.Dec pointer (`decAddress` standing for its address when set), the
 *  cached string and the Format. */
export function quantityGoSyntax(q: Quantity, decAddress: string): string {
  const s = q.sLen > 0 ? String.UTF8.decodeUnsafe(q.sPtr, <usize>q.sLen) : "";
  return "resource.Quantity{i:resource.int64Amount{value:" + q.value.toString() + ", scale:" + q.scale.toString() +
    "}, d:resource.infDecAmount{Dec:(*inf.Dec)(" + (q.dec === null ? "nil" : decAddress) + ")}, s:" + quote(s) + ", Format:" + quote(formatName(q)) + "}";
}

function isTime(t: i32): bool {
  return specialOf(typeNameId(t)) == SP_TIME;
}

/** time.Time.GoString of a metav1.Time value (null: the zero time, whose loc is nil: time.UTC). */
function timeText(v: Val | null): string {
  if (v === null || !(v instanceof TimeV)) return goStringOfTime(0, 0, false);
  const tv = changetype<TimeV>(v);
  return goStringOfTime(timeSeconds(tv.wall, tv.ext), <i64>(tv.wall & 0x3fffffff), tv.local);
}

/** What ErrorBody prints for a bad value given as a pointer (`t` the pointer type): "null" when nil, else %#v of the pointee. */
export function goSyntaxOfPointer(t: i32, v: Val | null): string {
  if (v === null || !(v instanceof PtrV)) return "\"null\"";
  return goSyntax(elem(t), changetype<PtrV>(v).to);
}
