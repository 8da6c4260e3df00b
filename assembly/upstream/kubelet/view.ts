// Small readers over the typed view (assembly/typed/value.ts) of a decoded v1 Pod, for the kubelet
// model: struct fields by Go name, strings, integers, pointers and slices (null reads as Go's zero).

import { fieldIndex } from "../../schema/schema";
import { Val, StrV, IntV, PtrV, SliceV, StructV } from "../../typed/value";

/** Field `name` (Go name) of struct value `v`, through one pointer (null: zero value or no such field). */
export function kfld(v: Val | null, name: string): Val | null {
  if (v === null) return null;
  if (v instanceof PtrV) v = changetype<PtrV>(v).to;
  if (v === null || !(v instanceof StructV)) return null;
  const s = changetype<StructV>(v);
  const i = fieldIndex(s.t, name);
  return i < 0 ? null : s.f[i];
}

/** The string a value (or a non-nil pointer to one) holds ("" for zero). */
export function kstr(v: Val | null): string {
  if (v === null) return "";
  if (v instanceof PtrV) v = changetype<PtrV>(v).to;
  if (v === null || !(v instanceof StrV)) return "";
  const s = changetype<StrV>(v);
  return String.UTF8.decodeUnsafe(s.p, <usize>s.n);
}

/** The integer (or bool as 0/1) a value or a non-nil pointer to one holds (0 for zero). */
export function kint(v: Val | null): i64 {
  if (v === null) return 0;
  if (v instanceof PtrV) v = changetype<PtrV>(v).to;
  if (v === null || !(v instanceof IntV)) return 0;
  return changetype<IntV>(v).v;
}

/** True when `v` is a non-nil pointer. */
export function kset(v: Val | null): bool {
  return v !== null && v instanceof PtrV;
}

/** True when `v` is a non-nil slice. */
export function kslice(v: Val | null): bool {
  return v !== null && v instanceof SliceV;
}

/** Length of a slice value (nil: 0). */
export function klen(v: Val | null): i32 {
  if (v === null || !(v instanceof SliceV)) return 0;
  return changetype<SliceV>(v).len;
}

/** Element i of a slice value (null: zero value). */
export function kat(v: Val | null, i: i32): Val | null {
  if (v === null || !(v instanceof SliceV)) return null;
  return changetype<SliceV>(v).items[i];
}
