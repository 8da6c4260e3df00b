// reflect.DeepEqual over typed values (assembly/typed/value.ts; null is the zero value of the expected type):
// strict where apiequality.Semantic.DeepEqual (verdict/semantic.ts) is lenient - a nil and an empty slice or
// map differ, a nil and a non-nil pointer differ, a resource.Quantity compares its fields (int64Amount value and
// scale, inf.Dec, the cached string, Format), a metav1.Time its wall, ext and location, floats compare with
// ==. OpenKruise's mutating webhooks decide with it whether their defaults changed the object (no patch when
// not). Recursion follows the schema's type nesting (bounded: the API types compared have no recursive types),
// never the input's depth.

import { Kind, kind, fieldCount, fieldType, elem } from "../schema/schema";
import { goEqual } from "../json/goequal";
import { BigDec } from "../quantity/bigdec";
import { FORMAT_EMPTY } from "../quantity/quantity";
import { Val, StrV, IntV, FloatV, PtrV, SliceV, BytesV, MapV, StructV, QuantityV, TimeV, RawV, FieldsV, sortedEntries } from "./value";

/** reflect.DeepEqual of `a` and `b`, values of type `ty` (null: the zero value). */
export function deepEqual(ty: i32, a: Val | null, b: Val | null): bool {
  if (a === b) return true;
  const x = a !== null ? a : b!;
  if (x instanceof QuantityV) return quantityEqual(a, b);
  if (x instanceof TimeV) return timeEqual(a, b);
  if (x instanceof RawV) return rawEqual(a, b);
  if (x instanceof FieldsV) return fieldsEqual(a, b);
  switch (kind(ty)) {
    case Kind.Struct: {
      const n = fieldCount(ty);
      for (let i = 0; i < n; i++) {
        const fa: Val | null = a === null ? null : changetype<StructV>(a).f[i];
        const fb: Val | null = b === null ? null : changetype<StructV>(b).f[i];
        if (!deepEqual(fieldType(ty, i), fa, fb)) return false;
      }
      return true;
    }
    case Kind.Pointer:
      return a !== null && b !== null && deepEqual(elem(ty), changetype<PtrV>(a).to, changetype<PtrV>(b).to);
    case Kind.Slice: {
      if (a === null || b === null) return false; // nil and non-nil
      if (x instanceof BytesV) return bytesEqual(changetype<BytesV>(a), changetype<BytesV>(b));
      const sa = changetype<SliceV>(a), sb = changetype<SliceV>(b);
      if (sa.len != sb.len) return false;
      const et = elem(ty);
      for (let i = 0; i < sa.len; i++) if (!deepEqual(et, sa.items[i], sb.items[i])) return false;
      return true;
    }
    case Kind.Map:
      return a !== null && b !== null && mapEqual(elem(ty), changetype<MapV>(a), changetype<MapV>(b));
    case Kind.String: {
      const na = a === null ? 0 : changetype<StrV>(a).n;
      const nb = b === null ? 0 : changetype<StrV>(b).n;
      return na == nb && (na == 0 || memory.compare(changetype<StrV>(a).p, changetype<StrV>(b).p, <usize>na) == 0);
    }
    case Kind.Float32: case Kind.Float64:
      return (a === null ? 0.0 : changetype<FloatV>(a).v) == (b === null ? 0.0 : changetype<FloatV>(b).v);
    case Kind.Interface: return false; // the typed view holds only nil interfaces (a === b above)
    case Kind.Array: return false; // no arrays in the schemas
  }
  // bool and integers (unsigned ones as their bit pattern)
  return (a === null ? 0 : changetype<IntV>(a).v) == (b === null ? 0 : changetype<IntV>(b).v);
}

/** Maps of value type `vt`: the same keys (the last of duplicates) with deeply equal values. */
function mapEqual(vt: i32, a: MapV, b: MapV): bool {
  const ea = sortedEntries(a), eb = sortedEntries(b);
  if (ea.length != eb.length) return false;
  for (let i = 0; i < ea.length; i++) {
    const ka = a.keyN[ea[i]], kb = b.keyN[eb[i]];
    if (ka != kb || memory.compare(a.keyP[ea[i]], b.keyP[eb[i]], <usize>ka) != 0) return false;
    if (!deepEqual(vt, a.vals[ea[i]], b.vals[eb[i]])) return false;
  }
  return true;
}

function bytesEqual(a: BytesV, b: BytesV): bool {
  return a.n == b.n && (a.n == 0 || memory.compare(a.p, b.p, <usize>a.n) == 0);
}

/** runtime.RawExtension / metav1.FieldsV1: Raw nil or not, and its bytes. */
function rawEqual(a: Val | null, b: Val | null): bool {
  const na = a === null || changetype<RawV>(a).isNil, nb = b === null || changetype<RawV>(b).isNil;
  if (na || nb) return na == nb;
  const ra = changetype<RawV>(a), rb = changetype<RawV>(b);
  return ra.n == rb.n && (ra.n == 0 || memory.compare(ra.p, rb.p, <usize>ra.n) == 0);
}

/** metav1.Fields (1.14-1.15): its Map nil or not, then the decoded trees as maps. */
function fieldsEqual(a: Val | null, b: Val | null): bool {
  const na = a === null || changetype<FieldsV>(a).node < 0, nb = b === null || changetype<FieldsV>(b).node < 0;
  if (na || nb) return na == nb;
  const fa = changetype<FieldsV>(a), fb = changetype<FieldsV>(b);
  return goEqual(fa.tape!, fa.node, fb.tape!, fb.node);
}

/** time.Time's wall, ext and loc (nil, or time.Local: the same pointer). */
function timeEqual(a: Val | null, b: Val | null): bool {
  const ta = a === null ? new TimeV(-1) : changetype<TimeV>(a);
  const tb = b === null ? new TimeV(-1) : changetype<TimeV>(b);
  return ta.wall == tb.wall && ta.ext == tb.ext && ta.local == tb.local;
}

/** A Quantity's fields: i (value, scale), d (nil or an inf.Dec of the same sign, magnitude and scale), s, Format. */
function quantityEqual(a: Val | null, b: Val | null): bool {
  if (a === null || b === null) {
    const q = (a !== null ? changetype<QuantityV>(a) : changetype<QuantityV>(b)).q;
    return q.value == 0 && q.scale == 0 && q.dec === null && q.sLen == 0 && q.format == FORMAT_EMPTY;
  }
  const qa = changetype<QuantityV>(a).q, qb = changetype<QuantityV>(b).q;
  if (qa.value != qb.value || qa.scale != qb.scale || qa.format != qb.format || qa.sLen != qb.sLen) return false;
  if (qa.sLen > 0 && memory.compare(qa.sPtr, qb.sPtr, <usize>qa.sLen) != 0) return false;
  const da = qa.dec, db = qb.dec;
  if (da === null || db === null) return da === db;
  return decEqual(da, db);
}

/** Two inf.Dec of the same scale, sign and unscaled magnitude (big.nat words are normalized, so equal magnitudes
 *  are equal words; a zero's words are nil on every path that makes one). */
function decEqual(a: BigDec, b: BigDec): bool {
  if (a.scale != b.scale || a.neg != b.neg) return false;
  if (a.isZero() || b.isZero()) return a.isZero() && b.isZero();
  const ta = a.trailingZeroDigits(), tb = b.trailingZeroDigits();
  const n = a.n - ta;
  if (n != b.n - tb || a.zeros + <i64>ta != b.zeros + <i64>tb) return false;
  for (let i = 0; i < n; i++) if (a.digit(ta + i) != b.digit(tb + i)) return false;
  return true;
}
