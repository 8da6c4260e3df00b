// The typed view of a Kubernetes object: Go values of the schema types, as the upstream decoder
// leaves them. Every node carries its schema type handle. A `null` wherever a Val is expected is the
// zero value of the expected type (so untouched fields cost nothing).
//
// Slices keep Go's backing-array behaviour that decoding into an existing slice shows (a repeated
// JSON key decodes into the old elements): `items` holds every element ever written, `len` the
// current length. Maps keep their entries in decode order; duplicates are resolved when read
// (the last one wins, as map assignment does).

import { Quantity } from "../quantity/quantity";
import { Tape } from "../json/tape";

/** A Go value of schema type `t`. */
export class Val {
  constructor(public t: i32) {}
}

/** A string (or named string) value: UTF-8 bytes, invalid bytes kept as the decoder left them. */
export class StrV extends Val {
  p: usize = 0;
  n: i32 = 0;
}

/** A bool, signed or unsigned integer value (unsigned ones as their bit pattern). */
export class IntV extends Val {
  v: i64 = 0;
}

/** A float32 or float64 value. */
export class FloatV extends Val {
  v: f64 = 0;
}

/** A non-nil pointer; `to` is the pointee (null: the zero value of the element type). */
export class PtrV extends Val {
  to: Val | null = null;
}

/** A non-nil slice. */
export class SliceV extends Val {
  items: Array<Val | null> = new Array<Val | null>();
  len: i32 = 0;
}

/** A non-nil []byte. */
export class BytesV extends Val {
  p: usize = 0;
  n: i32 = 0;
}

/** A non-nil map: entries in decode order (key bytes, value). */
export class MapV extends Val {
  keyP: Array<usize> = new Array<usize>();
  keyN: Array<i32> = new Array<i32>();
  vals: Array<Val | null> = new Array<Val | null>();
}

/** A struct: one slot per Go field in declaration order (unexported fields included). */
export class StructV extends Val {
  f: StaticArray<Val | null>;
  constructor(t: i32, n: i32) {
    super(t);
    this.f = new StaticArray<Val | null>(n);
  }
}

/** A resource.Quantity. */
export class QuantityV extends Val {
  q: Quantity;
  constructor(t: i32, q: Quantity) {
    super(t);
    this.q = q;
  }
}

/** A metav1.Time: its time.Time as {wall, ext, loc} (loc: 0 = nil (UTC), 1 = time.Local). */
export class TimeV extends Val {
  wall: u64 = 0;
  ext: i64 = 0;
  local: bool = false;
}

/** runtime.RawExtension / metav1.FieldsV1: the Raw bytes UnmarshalJSON kept (`isNil`: Raw is nil). */
export class RawV extends Val {
  p: usize = 0;
  n: i32 = 0;
  isNil: bool = true;
}

/** metav1.Fields (1.14-1.15): a JSON object tree kept as the tape node its Map was decoded from. */
export class FieldsV extends Val {
  /** Tape of the source and the object node; node -1 means a nil Map. */
  tape: Tape | null = null;
  node: i32 = -1;
}

/** Indexes of the live entries of `m` in ascending key order (Go's `<` on strings); the last duplicate wins. */
export function sortedEntries(m: MapV): Array<i32> {
  const n = m.vals.length;
  const idx = new Array<i32>(n);
  for (let i = 0; i < n; i++) idx[i] = i;
  // stable merge sort by key bytes (insertion sort for small maps)
  if (n <= 16) {
    for (let i = 1; i < n; i++) {
      const x = idx[i];
      let j = i;
      while (j > 0 && cmpKey(m, idx[j - 1], x) > 0) { idx[j] = idx[j - 1]; j--; }
      idx[j] = x;
    }
  } else {
    let src = idx;
    let dst = new Array<i32>(n);
    for (let width = 1; width < n; width <<= 1) {
      for (let lo = 0; lo < n; lo += width << 1) {
        const mid = min(lo + width, n);
        const hi = min(lo + (width << 1), n);
        let i = lo, j = mid, o = lo;
        while (i < mid && j < hi) {
          if (cmpKey(m, src[j], src[i]) < 0) dst[o++] = src[j++];
          else dst[o++] = src[i++];
        }
        while (i < mid) dst[o++] = src[i++];
        while (j < hi) dst[o++] = src[j++];
      }
      const s = src; src = dst; dst = s;
    }
    for (let i = 0; i < n; i++) idx[i] = src[i];
  }
  // keep the last of each run of equal keys
  const out = new Array<i32>();
  for (let i = 0; i < n; i++) {
    if (i + 1 < n && cmpKey(m, idx[i], idx[i + 1]) == 0) continue;
    out.push(idx[i]);
  }
  return out;
}

function cmpKey(m: MapV, a: i32, b: i32): i32 {
  const an = m.keyN[a], bn = m.keyN[b];
  const n = an < bn ? an : bn;
  const d = memory.compare(m.keyP[a], m.keyP[b], <usize>n);
  if (d != 0) return d;
  return an - bn;
}
