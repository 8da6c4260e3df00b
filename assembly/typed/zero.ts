// Zero tests on typed values: reflect.Value.IsZero (what `omitzero` uses when a type has no IsZero
// method) and time.Time.IsZero (the zero instant, used by metav1.Time's IsZero).

import { Kind, kind, fieldCount, fieldType } from "../schema/schema";
import { FORMAT_EMPTY } from "../quantity/quantity";
import { Val, StrV, IntV, FloatV, StructV, QuantityV, TimeV, RawV, FieldsV } from "./value";

/** time.Time.IsZero of a metav1.Time's time: zero seconds and zero nanoseconds since year 1. */
export function isZeroTime(t: TimeV): bool {
  return t.ext == 0 && (t.wall & 0x3fffffff) == 0;
}

/** reflect.Value.IsZero of value `v` (null: zero) of type `ty`. */
export function isReflectZero(ty: i32, v: Val | null): bool {
  if (v === null) return true;
  if (v instanceof QuantityV) {
    const q = changetype<QuantityV>(v).q;
    return q.value == 0 && q.scale == 0 && q.dec === null && q.sLen == 0 && q.format == FORMAT_EMPTY;
  }
  if (v instanceof TimeV) {
    const t = changetype<TimeV>(v);
    return t.wall == 0 && t.ext == 0 && !t.local;
  }
  if (v instanceof RawV) return changetype<RawV>(v).isNil;
  if (v instanceof FieldsV) return changetype<FieldsV>(v).node < 0;
  const k = kind(ty);
  switch (k) {
    case Kind.Struct: {
      const s = changetype<StructV>(v);
      const n = fieldCount(ty);
      for (let i = 0; i < n; i++) if (!isReflectZero(fieldType(ty, i), s.f[i])) return false;
      return true;
    }
    case Kind.String: return changetype<StrV>(v).n == 0;
    case Kind.Float32: case Kind.Float64: return reinterpret<u64>(changetype<FloatV>(v).v) == 0;
    case Kind.Bool:
    case Kind.Int: case Kind.Int8: case Kind.Int16: case Kind.Int32: case Kind.Int64:
    case Kind.Uint: case Kind.Uint8: case Kind.Uint16: case Kind.Uint32: case Kind.Uint64: case Kind.Uintptr:
      return changetype<IntV>(v).v == 0;
  }
  // pointers, slices, maps, interfaces: non-nil is not zero
  return false;
}
