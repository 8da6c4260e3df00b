// apiequality.Semantic.DeepEqual over typed values: Kubernetes' forked reflect.DeepEqual (a nil and an
// empty slice or map are equal) with the registered equalities — resource.Quantity by value (Cmp),
// metav1.Time by instant (UTC). The Deployment controller's EqualIgnoreHash decides with it whether a
// template needs a new ReplicaSet. Recursion follows the schema's type nesting (bounded; pod templates
// have no recursive types), never the input's depth.

import { ByteSink } from "../io/sink";
import { Kind, kind, fieldCount, fieldType, elem } from "../schema/schema";
import { Val, StrV, IntV, FloatV, PtrV, SliceV, BytesV, MapV, StructV, QuantityV, TimeV, RawV, FieldsV, sortedEntries } from "../typed/value";
import { Quantity, FORMAT_DECIMAL_EXPONENT } from "../quantity/quantity";
import { writeCanonical } from "../quantity/canonical";
import { clearError, hasError } from "../base/errors";
import { slot } from "../stored/stored";

/** Semantic.DeepEqual of `a` and `b` (type `ty`; null is the zero value). */
export function semanticEqual(ty: i32, a: Val | null, b: Val | null): bool {
  if (a === null && b === null) return true;
  const x = a !== null ? a : b;
  if (x instanceof QuantityV) return quantityEqual(a, b);
  if (x instanceof TimeV) return timeEqual(a, b);
  if (x instanceof RawV) return rawEqual(a, b);
  if (x instanceof FieldsV) return false; // metav1.Fields (1.14-1.15 managedFields) never appear in templates
  switch (kind(ty)) {
    case Kind.Struct: {
      const n = fieldCount(ty);
      for (let i = 0; i < n; i++) {
        const fa = slot(a, i);
        const fb = slot(b, i);
        if (!semanticEqual(fieldType(ty, i), fa, fb)) return false;
      }
      return true;
    }
    case Kind.Pointer: {
      if (a === null || b === null) return false;
      return semanticEqual(elem(ty), changetype<PtrV>(a).to, changetype<PtrV>(b).to);
    }
    case Kind.Slice: {
      if (x instanceof BytesV) return bytesEqual(a, b);
      const la = a === null ? 0 : changetype<SliceV>(a).len;
      const lb = b === null ? 0 : changetype<SliceV>(b).len;
      if (la != lb) return false;
      const et = elem(ty);
      for (let i = 0; i < la; i++) {
        if (!semanticEqual(et, changetype<SliceV>(a).items[i], changetype<SliceV>(b).items[i])) return false;
      }
      return true;
    }
    case Kind.Map: return mapEqual(ty, a, b);
    case Kind.String: {
      const na = a === null ? 0 : changetype<StrV>(a).n;
      const nb = b === null ? 0 : changetype<StrV>(b).n;
      if (na != nb) return false;
      return na == 0 || memory.compare(changetype<StrV>(a).p, changetype<StrV>(b).p, <usize>na) == 0;
    }
    case Kind.Float32: case Kind.Float64: {
      const fa = a === null ? 0.0 : changetype<FloatV>(a).v;
      const fb = b === null ? 0.0 : changetype<FloatV>(b).v;
      return fa == fb;
    }
    case Kind.Interface: return false; // no interface-typed fields in pod templates
  }
  // bool and integers
  const ia: i64 = a === null ? 0 : changetype<IntV>(a).v;
  const ib: i64 = b === null ? 0 : changetype<IntV>(b).v;
  return ia == ib;
}

function mapEqual(ty: i32, a: Val | null, b: Val | null): bool {
  const ea = a === null ? new Array<i32>() : sortedEntries(changetype<MapV>(a));
  const eb = b === null ? new Array<i32>() : sortedEntries(changetype<MapV>(b));
  if (ea.length != eb.length) return false;
  const vt = elem(ty);
  for (let i = 0; i < ea.length; i++) {
    const ma = changetype<MapV>(a);
    const mb = changetype<MapV>(b);
    const ka = ma.keyN[ea[i]], kb = mb.keyN[eb[i]];
    if (ka != kb || memory.compare(ma.keyP[ea[i]], mb.keyP[eb[i]], <usize>ka) != 0) return false;
    if (!semanticEqual(vt, ma.vals[ea[i]], mb.vals[eb[i]])) return false;
  }
  return true;
}

function bytesEqual(a: Val | null, b: Val | null): bool {
  const na = a === null ? 0 : changetype<BytesV>(a).n;
  const nb = b === null ? 0 : changetype<BytesV>(b).n;
  if (na != nb) return false;
  return na == 0 || memory.compare(changetype<BytesV>(a).p, changetype<BytesV>(b).p, <usize>na) == 0;
}

function rawEqual(a: Val | null, b: Val | null): bool {
  const na = a === null ? 0 : changetype<RawV>(a).n;
  const nb = b === null ? 0 : changetype<RawV>(b).n;
  if (na != nb) return false;
  return na == 0 || memory.compare(changetype<RawV>(a).p, changetype<RawV>(b).p, <usize>na) == 0;
}

/** The instant of a metav1.Time (seconds since year 1, nanoseconds); the zero value is the zero instant. */
function timeKey(v: Val | null): i64 {
  if (v === null) return 0;
  const t = changetype<TimeV>(v);
  return t.ext;
}

function timeNanos(v: Val | null): i64 {
  if (v === null) return 0;
  return <i64>(changetype<TimeV>(v).wall & 0x3fffffff);
}

function timeEqual(a: Val | null, b: Val | null): bool {
  return timeKey(a) == timeKey(b) && timeNanos(a) == timeNanos(b);
}

/** Quantity.Cmp(b) == 0: compared through the exact decimal-exponent canonical form of each value. */
function quantityEqual(a: Val | null, b: Val | null): bool {
  const sa = quantityKey(a);
  const sb = quantityKey(b);
  return sa == sb;
}

function quantityKey(v: Val | null): string {
  if (v === null) return "0";
  const q = changetype<QuantityV>(v).q;
  if (q.isZero()) return "0";
  const c = new Quantity();
  c.value = q.value;
  c.scale = q.scale;
  c.dec = q.dec;
  c.format = FORMAT_DECIMAL_EXPONENT;
  const out = new ByteSink(32);
  if (!writeCanonical(out, c)) {
    if (hasError()) clearError();
    return "?" + q.value.toString() + "e" + q.scale.toString();
  }
  return String.UTF8.decodeUnsafe(out.ptr, <usize>out.len);
}
