// An independent copy of a typed value (assembly/typed/value.ts), as the generated DeepCopy leaves it: every
// node new, so that changing the original in place (the defaulters do) leaves the copy alone; string and byte
// contents are shared (never written in place). Slices keep their current elements only (DeepCopy's
// make([]T, len)). Recursion follows the value's nesting, which the schema's types bound (the API types
// copied have no recursive types).

import { quantityDeepCopy } from "../quantity/arith";
import { Val, StrV, IntV, FloatV, PtrV, SliceV, BytesV, MapV, StructV, QuantityV, TimeV, RawV, FieldsV } from "./value";

/** A deep copy of `v` (null, the zero value, stays null). */
export function deepCopy(v: Val | null): Val | null {
  if (v === null) return null;
  if (v instanceof StructV) {
    const s = changetype<StructV>(v);
    const c = new StructV(s.t, s.f.length);
    for (let i = 0; i < s.f.length; i++) c.f[i] = deepCopy(s.f[i]);
    return c;
  }
  if (v instanceof PtrV) {
    const c = new PtrV(v.t);
    c.to = deepCopy(changetype<PtrV>(v).to);
    return c;
  }
  if (v instanceof SliceV) {
    const s = changetype<SliceV>(v);
    const c = new SliceV(s.t);
    for (let i = 0; i < s.len; i++) c.items.push(deepCopy(s.items[i]));
    c.len = s.len;
    return c;
  }
  if (v instanceof MapV) {
    const m = changetype<MapV>(v);
    const c = new MapV(m.t);
    for (let i = 0; i < m.vals.length; i++) {
      c.keyP.push(m.keyP[i]);
      c.keyN.push(m.keyN[i]);
      c.vals.push(deepCopy(m.vals[i]));
    }
    return c;
  }
  if (v instanceof QuantityV) return new QuantityV(v.t, quantityDeepCopy(changetype<QuantityV>(v).q));
  if (v instanceof StrV) {
    const c = new StrV(v.t);
    c.p = changetype<StrV>(v).p;
    c.n = changetype<StrV>(v).n;
    return c;
  }
  if (v instanceof IntV) {
    const c = new IntV(v.t);
    c.v = changetype<IntV>(v).v;
    return c;
  }
  if (v instanceof FloatV) {
    const c = new FloatV(v.t);
    c.v = changetype<FloatV>(v).v;
    return c;
  }
  if (v instanceof BytesV) {
    const c = new BytesV(v.t);
    c.p = changetype<BytesV>(v).p;
    c.n = changetype<BytesV>(v).n;
    return c;
  }
  if (v instanceof TimeV) {
    const t = changetype<TimeV>(v);
    const c = new TimeV(t.t);
    c.wall = t.wall;
    c.ext = t.ext;
    c.local = t.local;
    return c;
  }
  if (v instanceof RawV) {
    const r = changetype<RawV>(v);
    const c = new RawV(r.t);
    c.p = r.p;
    c.n = r.n;
    c.isNil = r.isNil;
    return c;
  }
  const f = changetype<FieldsV>(v);
  const c = new FieldsV(f.t);
  c.tape = f.tape;
  c.node = f.node;
  return c;
}
