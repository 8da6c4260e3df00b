// Go values as k8s.io/apimachinery's json.Unmarshal leaves them in a map[string]interface{}, modelled
// closely enough that strategicpatch's mutations behave as in Go: a Go nil interface is `null`; maps are
// shared references (GMap) whose iteration follows slot order (a deleted slot is reused by the next
// insertion, as a small Go map does); slices are immutable headers (Slice) over a shared, fixed-capacity
// backing array, so `append` writes in place when capacity allows and reallocates as Go's growslice does
// (see growslice.ts). Strings are UTF-8 bytes in the per-call arena.

import { compareBytes } from "../../json/members";
import { growCap } from "./growslice";

/** bool */
export const T_BOOL: i32 = 1;
/** int64 (util/json keeps integers that fit) */
export const T_INT: i32 = 2;
/** float64 */
export const T_FLOAT: i32 = 3;
/** string */
export const T_STRING: i32 = 4;
/** map[string]interface{} */
export const T_MAP: i32 = 5;
/** []interface{} */
export const T_SLICE: i32 = 6;

/** One non-nil interface{} value. */
export class Val {
  t: i32;
  b: bool = false;
  i: i64 = 0;
  f: f64 = 0;
  /** string bytes */
  p: usize = 0;
  n: i32 = 0;
  m: GMap | null = null;
  s: Slice | null = null;

  constructor(t: i32) {
    this.t = t;
  }
}

/** A string value over bytes [p, p+n). */
export function strVal(p: usize, n: i32): Val {
  const v = new Val(T_STRING);
  v.p = p;
  v.n = n;
  return v;
}

/** A string value holding an ASCII AssemblyScript string (copied into the arena). */
export function asciiVal(s: string): Val {
  const n = s.length;
  const p = heap.alloc(<usize>(n > 0 ? n : 1));
  for (let i = 0; i < n; i++) store<u8>(p + <usize>i, <u8>s.charCodeAt(i));
  return strVal(p, n);
}

/** A map value. */
export function mapVal(m: GMap): Val {
  const v = new Val(T_MAP);
  v.m = m;
  return v;
}

/** A slice value (the header is shared: headers are never mutated). */
export function sliceVal(s: Slice): Val {
  const v = new Val(T_SLICE);
  v.s = s;
  return v;
}

/** True when bytes [p, p+n) spell the ASCII string `s`. */
export function eqAscii(p: usize, n: i32, s: string): bool {
  if (n != s.length) return false;
  for (let i = 0; i < n; i++) if (<i32>load<u8>(p + <usize>i) != s.charCodeAt(i)) return false;
  return true;
}

/** True when bytes [p, p+n) start with the ASCII string `s`. */
export function hasPrefixAscii(p: usize, n: i32, s: string): bool {
  const m = s.length;
  if (n < m) return false;
  for (let i = 0; i < m; i++) if (<i32>load<u8>(p + <usize>i) != s.charCodeAt(i)) return false;
  return true;
}

/** True when v is the string `s` (Go's `v == "s"` on an interface{}). */
export function isStr(v: Val | null, s: string): bool {
  return v !== null && v.t == T_STRING && eqAscii(v.p, v.n, s);
}

// ---------------------------------------------------------------------------------------------------
// map[string]interface{}

/** Maps with more slots than this get a hash index (lookups stay O(1) on huge objects). */
const INDEX_FROM = 16;

/** FNV-1a 32 of key bytes. */
function keyHash(p: usize, n: i32): u32 {
  let h: u32 = 0x811c9dc5;
  for (let i = 0; i < n; i++) h = (h ^ <u32>load<u8>(p + <usize>i)) * 0x01000193;
  return h;
}

/** A Go map[string]interface{}: slots in iteration order; a deleted slot has keyN == -1. */
export class GMap {
  keyP: Array<usize> = new Array<usize>();
  keyN: Array<i32> = new Array<i32>();
  vals: Array<Val | null> = new Array<Val | null>();
  count: i32 = 0;
  /** Go's nil map (only ever a whole document: json.Unmarshal of `null`). */
  isNil: bool = false;
  /** Open-addressing index of slot numbers + 1 (0 = empty), size a power of two; null while small. */
  index: StaticArray<i32> | null = null;

  /** Rebuilds the index for the current slots. */
  private reindex(): void {
    let size = 64;
    while (size < this.keyN.length * 4) size <<= 1;
    const idx = new StaticArray<i32>(size);
    for (let i = 0; i < this.keyN.length; i++) {
      const n = unchecked(this.keyN[i]);
      if (n >= 0) this.indexAdd(idx, keyHash(unchecked(this.keyP[i]), n), i);
    }
    this.index = idx;
  }

  private indexAdd(idx: StaticArray<i32>, h: u32, slot: i32): void {
    const mask = <u32>idx.length - 1;
    let j = h & mask;
    while (unchecked(idx[j]) != 0) j = (j + 1) & mask;
    unchecked(idx[j] = slot + 1);
  }

  /** Records a key just placed in `slot`. */
  private noteKey(slot: i32): void {
    const idx = this.index;
    if (idx === null) {
      if (this.keyN.length > INDEX_FROM) this.reindex();
      return;
    }
    if (this.keyN.length * 2 > idx.length) this.reindex();
    else this.indexAdd(idx, keyHash(unchecked(this.keyP[slot]), unchecked(this.keyN[slot])), slot);
  }

  /** Number of slots (live or deleted); iterate i in [0, slots) and skip `!live(i)`. */
  @inline get slots(): i32 {
    return this.keyN.length;
  }

  @inline live(i: i32): bool {
    return unchecked(this.keyN[i]) >= 0;
  }

  /** Slot of key [p, p+n), or -1. */
  find(p: usize, n: i32): i32 {
    const kn = this.keyN;
    const kp = this.keyP;
    const idx = this.index;
    if (idx !== null) {
      const mask = <u32>idx.length - 1;
      let j = keyHash(p, n) & mask;
      while (true) {
        const e = unchecked(idx[j]);
        if (e == 0) return -1;
        const i = e - 1;
        if (unchecked(kn[i]) == n && (n == 0 || compareBytes(unchecked(kp[i]), n, p, n) == 0)) return i;
        j = (j + 1) & mask;
      }
    }
    const s = kn.length;
    for (let i = 0; i < s; i++) {
      if (unchecked(kn[i]) == n && (n == 0 || compareBytes(unchecked(kp[i]), n, p, n) == 0)) return i;
    }
    return -1;
  }

  /** Slot of the ASCII key `s`, or -1. */
  findAscii(s: string): i32 {
    if (this.index !== null) {
      const k = asciiVal(s);
      return this.find(k.p, k.n);
    }
    const kn = this.keyN;
    const kp = this.keyP;
    const c = kn.length;
    for (let i = 0; i < c; i++) {
      if (unchecked(kn[i]) == s.length && eqAscii(unchecked(kp[i]), s.length, s)) return i;
    }
    return -1;
  }

  /** m[key] = v. A new key takes the first free slot. */
  set(p: usize, n: i32, v: Val | null): void {
    const i = this.find(p, n);
    if (i >= 0) {
      unchecked(this.vals[i] = v);
      return;
    }
    const kn = this.keyN;
    if (this.count < kn.length) {
      // a deleted slot is taken again (a small Go map reuses the first free slot of its bucket)
      for (let j = 0; j < kn.length; j++) {
        if (unchecked(kn[j]) < 0) {
          unchecked(this.keyP[j] = p);
          unchecked(kn[j] = n);
          unchecked(this.vals[j] = v);
          this.count++;
          this.noteKey(j);
          return;
        }
      }
    }
    this.keyP.push(p);
    kn.push(n);
    this.vals.push(v);
    this.count++;
    this.noteKey(kn.length - 1);
  }

  /** m["s"] = v for an ASCII key. */
  setAscii(s: string, v: Val | null): void {
    const k = asciiVal(s);
    this.set(k.p, k.n, v);
  }

  /** delete(m, key). */
  del(p: usize, n: i32): void {
    const i = this.find(p, n);
    if (i >= 0) this.delSlot(i);
  }

  /** Deletes the entry in slot i. */
  delSlot(i: i32): void {
    unchecked(this.keyN[i] = -1);
    unchecked(this.vals[i] = null);
    this.count--;
  }

  @inline keyPtr(i: i32): usize {
    return unchecked(this.keyP[i]);
  }

  @inline keyLen(i: i32): i32 {
    return unchecked(this.keyN[i]);
  }

  @inline val(i: i32): Val | null {
    return unchecked(this.vals[i]);
  }
}

/** A new empty (non-nil) map. */
export function newMap(): GMap {
  return new GMap();
}

// ---------------------------------------------------------------------------------------------------
// []interface{}

/** A Go slice header over a shared backing array; never mutated after creation. */
export class Slice {
  /** null: no backing (nil slice or zero capacity). */
  arr: StaticArray<Val | null> | null = null;
  off: i32 = 0;
  len: i32 = 0;
  cap: i32 = 0;
  /** Go's nil slice. */
  isNil: bool = false;

  @inline get(i: i32): Val | null {
    return unchecked(this.arr![this.off + i]);
  }

  /** s[i] = v: writes the shared backing array. */
  @inline put(i: i32, v: Val | null): void {
    unchecked(this.arr![this.off + i] = v);
  }
}

/** A nil slice. */
export function nilSlice(): Slice {
  const s = new Slice();
  s.isNil = true;
  return s;
}

/** make([]interface{}, len, cap). */
export function makeSlice(len: i32, cap: i32): Slice {
  const s = new Slice();
  if (cap > 0) s.arr = new StaticArray<Val | null>(cap);
  s.len = len;
  s.cap = cap;
  return s;
}

/** s[lo:hi] */
export function reslice(s: Slice, lo: i32, hi: i32): Slice {
  const r = new Slice();
  r.arr = s.arr;
  r.off = s.off + lo;
  r.len = hi - lo;
  r.cap = s.cap - lo;
  return r;
}

/** append(s, items[from:to]...) with Go's growth (`go`: the Go minor whose runtime runs). */
export function appendFrom(s: Slice, items: Slice, from: i32, to: i32, go: i32): Slice {
  const n = to - from;
  if (n == 0) return s;
  const newLen = s.len + n;
  let r: Slice;
  if (newLen <= s.cap) {
    r = new Slice();
    r.arr = s.arr;
    r.off = s.off;
    r.cap = s.cap;
  } else {
    const cap = growCap(s.cap, newLen, go);
    r = new Slice();
    const arr = new StaticArray<Val | null>(cap);
    for (let i = 0; i < s.len; i++) unchecked(arr[i] = s.get(i));
    r.arr = arr;
    r.cap = cap;
  }
  r.len = newLen;
  // items may share the backing with s (append(x[:i], x[i+1:]...)): Go's memmove copies forward safely
  // for that overlap (destination before source), so a forward loop is the same.
  for (let i = 0; i < n; i++) r.put(s.len + i, items.get(from + i));
  return r;
}

/** append(s, items...) */
export function appendAll(s: Slice, items: Slice, go: i32): Slice {
  return appendFrom(s, items, 0, items.len, go);
}

/** append(s, v) */
export function appendOne(s: Slice, v: Val | null, go: i32): Slice {
  const newLen = s.len + 1;
  let r: Slice;
  if (newLen <= s.cap) {
    r = new Slice();
    r.arr = s.arr;
    r.off = s.off;
    r.cap = s.cap;
  } else {
    const cap = growCap(s.cap, newLen, go);
    r = new Slice();
    const arr = new StaticArray<Val | null>(cap);
    for (let i = 0; i < s.len; i++) unchecked(arr[i] = s.get(i));
    r.arr = arr;
    r.cap = cap;
  }
  r.len = newLen;
  r.put(s.len, v);
  return r;
}

/** A slice built by appending `items` one by one to `[]interface{}{}` (or a nil slice), as decoders do. */
export function sliceOfAppends(items: Array<Val | null>, go: i32): Slice {
  const n = items.length;
  let cap = 0;
  while (cap < n) cap = growCap(cap, cap + 1, go);
  const s = makeSlice(n, cap);
  for (let i = 0; i < n; i++) s.put(i, unchecked(items[i]));
  return s;
}

/** Copies the elements of s into a new array (for iteration that must not see later writes). */
export function elems(s: Slice): Array<Val | null> {
  const out = new Array<Val | null>(s.len);
  for (let i = 0; i < s.len; i++) unchecked(out[i] = s.get(i));
  return out;
}
