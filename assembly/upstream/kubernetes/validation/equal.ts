// apiequality.Semantic.DeepEqual over the typed view: reflect.DeepEqual with nil and empty slices and
// maps equal, resource.Quantity compared by value (Cmp), metav1.Time by instant. While comparing it
// can collect the JSON paths that differ (our deterministic stand-in for upstream's go-cmp diff).
// Recursion follows the schema's type nesting (bounded), never the input's depth.

import { Kind, kind, elem, fieldCount, fieldType, fieldJSONName, fieldFlags, FieldFlag } from "../../../schema/schema";
import {
  Val, StrV, IntV, FloatV, PtrV, SliceV, BytesV, MapV, QuantityV, TimeV, RawV, sortedEntries,
} from "../../../typed/value";
import { Quantity } from "../../../quantity/quantity";
import { quantityCmpValues } from "../../../quantity/arith";
import { slot } from "./view";

/** Collected differing paths (at most `cap`). */
export class Diffs {
  paths: Array<string> = new Array<string>();
  cap: i32 = 12;
  /** True when more differences were found than kept. */
  more: bool = false;

  /** Records `p`. */
  add(p: string): void {
    if (this.paths.length < this.cap) this.paths.push(p);
    else this.more = true;
  }
}

function bytesEq(ap: usize, an: i32, bp: usize, bn: i32): bool {
  return an == bn && (an == 0 || memory.compare(ap, bp, <usize>an) == 0);
}

function zeroQuantity(): Quantity {
  return new Quantity();
}

/** Semantic.DeepEqual of values `a` and `b` of type `t` (null: zero); differing paths go to `d` when given (an equal
 * subtree is told apart first without building any path). */
export function semEqual(t: i32, a: Val | null, b: Val | null, path: string, d: Diffs | null): bool {
  if (a === null && b === null) return true;
  if (d !== null && semEqual(t, a, b, "", null)) return true;
  if ((a !== null && a instanceof QuantityV) || (b !== null && b instanceof QuantityV)) {
    const qa = a === null ? zeroQuantity() : changetype<QuantityV>(a).q;
    const qb = b === null ? zeroQuantity() : changetype<QuantityV>(b).q;
    if (quantityCmpValues(qa, qb) == 0) return true;
    if (d !== null) d.add(path);
    return false;
  }
  if ((a !== null && a instanceof TimeV) || (b !== null && b instanceof TimeV)) {
    if (timeEq(a, b)) return true;
    if (d !== null) d.add(path);
    return false;
  }
  if ((a !== null && a instanceof RawV) || (b !== null && b instanceof RawV)) {
    const ra = a === null ? new RawV(t) : changetype<RawV>(a);
    const rb = b === null ? new RawV(t) : changetype<RawV>(b);
    if (bytesEq(ra.p, ra.n, rb.p, rb.n)) return true;
    if (d !== null) d.add(path);
    return false;
  }
  const k = kind(t);
  switch (k) {
    case Kind.Struct: {
      const n = fieldCount(t);
      let eq = true;
      for (let i = 0; i < n; i++) {
        const fa = slot(a, i);
        const fb = slot(b, i);
        if (fa === null && fb === null) continue;
        let p = path;
        if (d !== null && ((fieldFlags(t, i) & FieldFlag.Anonymous) == 0 || (fieldFlags(t, i) & FieldFlag.Tagged) != 0)) {
          p = path.length > 0 ? path + "." + fieldJSONName(t, i) : fieldJSONName(t, i);
        }
        if (!semEqual(fieldType(t, i), fa, fb, p, d)) {
          eq = false;
          if (d === null) return false;
        }
      }
      return eq;
    }
    case Kind.Pointer: {
      if (a === null || b === null) {
        if (d !== null) d.add(path);
        return false;
      }
      return semEqual(elem(t), changetype<PtrV>(a).to, changetype<PtrV>(b).to, path, d);
    }
    case Kind.Slice: {
      if (a !== null && a instanceof BytesV || b !== null && b instanceof BytesV) {
        const ba = a === null ? 0 : changetype<BytesV>(a).n;
        const bb = b === null ? 0 : changetype<BytesV>(b).n;
        if (ba == bb && (ba == 0 || memory.compare(changetype<BytesV>(a).p, changetype<BytesV>(b).p, <usize>ba) == 0)) return true;
        if (d !== null) d.add(path);
        return false;
      }
      const la = a === null ? 0 : changetype<SliceV>(a).len;
      const lb = b === null ? 0 : changetype<SliceV>(b).len;
      if (la != lb) {
        if (d !== null) d.add(path);
        return false;
      }
      const et = elem(t);
      let eq = true;
      for (let i = 0; i < la; i++) {
        if (!semEqual(et, changetype<SliceV>(a).items[i], changetype<SliceV>(b).items[i], d === null ? path : path + "[" + i.toString() + "]", d)) {
          eq = false;
          if (d === null) return false;
        }
      }
      return eq;
    }
    case Kind.Map: return mapEqual(t, a, b, path, d);
    case Kind.String: {
      const sa = a === null ? 0 : changetype<StrV>(a).n;
      const sb = b === null ? 0 : changetype<StrV>(b).n;
      if (sa == sb && (sa == 0 || memory.compare(changetype<StrV>(a).p, changetype<StrV>(b).p, <usize>sa) == 0)) return true;
      if (d !== null) d.add(path);
      return false;
    }
    case Kind.Float32: case Kind.Float64: {
      const fa = a === null ? 0.0 : changetype<FloatV>(a).v;
      const fb = b === null ? 0.0 : changetype<FloatV>(b).v;
      if (fa == fb) return true;
      if (d !== null) d.add(path);
      return false;
    }
  }
  // bool and integers
  const ia = a === null ? 0 : changetype<IntV>(a).v;
  const ib = b === null ? 0 : changetype<IntV>(b).v;
  if (ia == ib) return true;
  if (d !== null) d.add(path);
  return false;
}

function mapEqual(t: i32, a: Val | null, b: Val | null, path: string, d: Diffs | null): bool {
  const ma: MapV = a === null ? new MapV(t) : changetype<MapV>(a);
  const mb: MapV = b === null ? new MapV(t) : changetype<MapV>(b);
  const ea = sortedEntries(ma);
  const eb = sortedEntries(mb);
  const et = elem(t);
  let eq = true;
  let i = 0, j = 0;
  while (i < ea.length || j < eb.length) {
    let c: i32;
    if (i >= ea.length) c = 1;
    else if (j >= eb.length) c = -1;
    else c = cmpKeys(ma, ea[i], mb, eb[j]);
    if (c == 0) {
      const p = d === null ? path : path + "[" + String.UTF8.decodeUnsafe(ma.keyP[ea[i]], <usize>ma.keyN[ea[i]]) + "]";
      if (!semEqual(et, ma.vals[ea[i]], mb.vals[eb[j]], p, d)) {
        eq = false;
        if (d === null) return false;
      }
      i++; j++;
    } else {
      eq = false;
      if (d === null) return false;
      const k = c < 0 ? String.UTF8.decodeUnsafe(ma.keyP[ea[i]], <usize>ma.keyN[ea[i]])
        : String.UTF8.decodeUnsafe(mb.keyP[eb[j]], <usize>mb.keyN[eb[j]]);
      d.add(path + "[" + k + "]");
      if (c < 0) i++; else j++;
    }
  }
  return eq;
}

function cmpKeys(ma: MapV, i: i32, mb: MapV, j: i32): i32 {
  const an = ma.keyN[i], bn = mb.keyN[j];
  const n = an < bn ? an : bn;
  const c = memory.compare(ma.keyP[i], mb.keyP[j], <usize>n);
  if (c != 0) return c;
  return an - bn;
}

/** metav1.Time equality: the same instant (UTC()). */
function timeEq(a: Val | null, b: Val | null): bool {
  const sa = a === null ? 0 : secondsOf(changetype<TimeV>(a));
  const sb = b === null ? 0 : secondsOf(changetype<TimeV>(b));
  const na = a === null ? 0 : <i64>(changetype<TimeV>(a).wall & 0x3fffffff);
  const nb = b === null ? 0 : <i64>(changetype<TimeV>(b).wall & 0x3fffffff);
  return sa == sb && na == nb;
}

/** Seconds since year 1 of a time.Time {wall, ext}. */
function secondsOf(t: TimeV): i64 {
  if (t.wall & (<u64>1 << 63)) return <i64>((t.wall << 1) >>> 31) + 59453308800;
  return t.ext;
}
