// Go values as k8s.io/apimachinery's json.Unmarshal leaves them in a map[string]interface{}, modelled
// closely enough that strategicpatch's mutations behave as in Go: a Go nil interface is `null`; maps are
// shared references (GMap) whose iteration follows slot order (a deleted slot is reused by the next
// insertion, as a small Go map does); slices are immutable headers (Slice) over a shared, fixed-capacity
// backing array, so `append` writes in place when capacity allows and reallocates as Go's growslice does
// (see growslice.ts). Strings are UTF-8 bytes in the per-call arena.

import { compareBytes } from "../../json/members";
import { growCap } from "./growslice";
import { heapPush, heapPop } from "./minheap";

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

/** One non-nil interface{} value: a type tag and a union (scalar bits in `x`, a string's bytes or a container in `r`). */
@final export class Val {
  t: i32;
  /** string byte length */
  n: i32 = 0;
  /** bool (0/1), int64, or float64 bits */
  x: i64 = 0;
  /** string bytes pointer, or the GMap / Slice */
  r: usize = 0;

  constructor(t: i32) {
    this.t = t;
  }

  @inline get b(): bool { return this.x != 0; }
  @inline set b(v: bool) { this.x = v ? 1 : 0; }
  @inline get i(): i64 { return this.x; }
  @inline set i(v: i64) { this.x = v; }
  @inline get f(): f64 { return reinterpret<f64>(this.x); }
  @inline set f(v: f64) { this.x = reinterpret<i64>(v); }
  /** string bytes */
  @inline get p(): usize { return this.r; }
  @inline set p(v: usize) { this.r = v; }
  @inline get m(): GMap | null { return changetype<GMap | null>(this.r); }
  @inline set m(v: GMap | null) { this.r = changetype<usize>(v); }
  @inline get s(): Slice | null { return changetype<Slice | null>(this.r); }
  @inline set s(v: Slice | null) { this.r = changetype<usize>(v); }
}

/** Bytes of one Val in a pool chunk (header-less: the stub runtime needs headers only to grow or free). */
const VAL_SIZE: usize = (offsetof<Val>() + 7) & ~<usize>7;
/** Vals per pool chunk. */
const VAL_CHUNK: i32 = 512;

/** A bump pool of header-less Vals for one decode (its chunks live in the per-call arena). */
export class ValPool {
  next: usize = 0;
  left: i32 = 0;

  /** `size` bytes (a multiple of 8) for a header-less object. */
  @inline raw(size: usize): usize {
    if (<usize>this.left * VAL_SIZE < size) {
      this.next = heap.alloc(VAL_SIZE * <usize>VAL_CHUNK);
      this.left = VAL_CHUNK;
    }
    const p = this.next;
    this.next += size;
    this.left -= <i32>((size + VAL_SIZE - 1) / VAL_SIZE);
    return p;
  }

  /** A fresh empty map with room for `cap` keys (header-less; all fields set). */
  map(cap: i32): GMap {
    const m = changetype<GMap>(this.raw(GMAP_SIZE));
    m.data = cap > 0 ? heap.alloc(<usize>cap * SLOT) : 0;
    m.cap = cap;
    m.used = 0;
    m.count = 0;
    m.isNil = false;
    m.index = null;
    m.indexed = 0;
    m.free = null;
    return m;
  }

  /** A fresh Val of type t (all fields set). */
  @inline take(t: i32): Val {
    if (this.left == 0) {
      this.next = heap.alloc(VAL_SIZE * <usize>VAL_CHUNK);
      this.left = VAL_CHUNK;
    }
    const v = changetype<Val>(this.next);
    this.next += VAL_SIZE;
    this.left--;
    v.t = t;
    v.n = 0;
    v.x = 0;
    v.r = 0;
    return v;
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
  const p = heap.alloc(n > 0 ? <usize>n : 1);
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

/** FNV-1a 32 of an ASCII string (the same as keyHash of its bytes). */
function keyHashAscii(s: string): u32 {
  let h: u32 = 0x811c9dc5;
  for (let i = 0, n = s.length; i < n; i++) h = (h ^ <u32>s.charCodeAt(i)) * 0x01000193;
  return h;
}

/** Bytes of one slot: key pointer, key length (-1: deleted), value. */
const SLOT: usize = 12;

/** A Go map[string]interface{}: slots in iteration order (one raw block); a deleted slot has key length -1. */
@final export class GMap {
  /** slot block: cap * SLOT bytes */
  data: usize = 0;
  cap: i32 = 0;
  /** slots in use (live or deleted) */
  used: i32 = 0;
  count: i32 = 0;
  /** Go's nil map (only ever a whole document: json.Unmarshal of `null`). */
  isNil: bool = false;
  /** Open-addressing index of slot numbers + 1 (0 = empty), size a power of two; null while small. */
  index: StaticArray<i32> | null = null;
  /** Entries written to the index since it was built (a reused slot adds one more: rebuilt before it fills). */
  indexed: i32 = 0;
  /** The deleted slots, a min-heap of slot numbers (null until a slot is deleted): the first free slot in O(log n). */
  free: Array<i32> | null = null;

  constructor(cap: i32 = 0) {
    if (cap > 0) {
      this.data = heap.alloc(<usize>cap * SLOT);
      this.cap = cap;
    }
  }

  /** Rebuilds the index for the current slots. */
  private reindex(): void {
    let size = 64;
    while (size < this.used * 4) size <<= 1;
    const idx = new StaticArray<i32>(size);
    let k = 0;
    for (let i = 0; i < this.used; i++) {
      const n = this.keyLen(i);
      if (n >= 0) { this.indexAdd(idx, keyHash(this.keyPtr(i), n), i); k++; }
    }
    this.index = idx;
    this.indexed = k;
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
      if (this.used > INDEX_FROM) this.reindex();
      return;
    }
    if (this.used * 2 > idx.length || (this.indexed + 1) * 2 > idx.length) this.reindex();
    else {
      this.indexAdd(idx, keyHash(this.keyPtr(slot), this.keyLen(slot)), slot);
      this.indexed++;
    }
  }

  /** Number of slots (live or deleted); iterate i in [0, slots) and skip `!live(i)`. */
  @inline get slots(): i32 {
    return this.used;
  }

  @inline live(i: i32): bool {
    return this.keyLen(i) >= 0;
  }

  /** Slot of key [p, p+n), or -1. */
  find(p: usize, n: i32): i32 {
    const idx = this.index;
    const d = this.data;
    if (idx !== null) {
      const mask = <u32>idx.length - 1;
      let j = keyHash(p, n) & mask;
      while (true) {
        const e = unchecked(idx[j]);
        if (e == 0) return -1;
        const i = e - 1;
        const q = d + <usize>i * SLOT;
        if (load<i32>(q, 4) == n && (n == 0 || memory.compare(<usize>load<u32>(q), p, <usize>n) == 0)) return i;
        j = (j + 1) & mask;
      }
    }
    const s = this.used;
    if (n == 0) {
      for (let i = 0; i < s; i++) if (load<i32>(d + <usize>i * SLOT, 4) == 0) return i;
      return -1;
    }
    const c0 = load<u8>(p);
    for (let i = 0; i < s; i++) {
      const q = d + <usize>i * SLOT;
      if (load<i32>(q, 4) != n) continue;
      const kp = <usize>load<u32>(q);
      if (load<u8>(kp) == c0 && memory.compare(kp, p, <usize>n) == 0) return i;
    }
    return -1;
  }

  /** Slot of the ASCII key `s`, or -1. */
  findAscii(s: string): i32 {
    const n = s.length;
    const d = this.data;
    const idx = this.index;
    if (idx !== null) {
      const mask = <u32>idx.length - 1;
      let j = keyHashAscii(s) & mask;
      while (true) {
        const e = unchecked(idx[j]);
        if (e == 0) return -1;
        const i = e - 1;
        const q = d + <usize>i * SLOT;
        if (load<i32>(q, 4) == n && eqAscii(<usize>load<u32>(q), n, s)) return i;
        j = (j + 1) & mask;
      }
    }
    const c = this.used;
    for (let i = 0; i < c; i++) {
      const q = d + <usize>i * SLOT;
      if (load<i32>(q, 4) == n && eqAscii(<usize>load<u32>(q), n, s)) return i;
    }
    return -1;
  }

  /** Writes slot i. */
  @inline private put(i: i32, p: usize, n: i32, v: Val | null): void {
    const q = this.data + <usize>i * SLOT;
    store<u32>(q, <u32>p);
    store<i32>(q, n, 4);
    store<u32>(q, <u32>changetype<usize>(v), 8);
  }

  /** m[key] = v. A new key takes the first free slot. */
  set(p: usize, n: i32, v: Val | null): void {
    const i = this.find(p, n);
    if (i >= 0) {
      this.setVal(i, v);
      return;
    }
    this.add(p, n, v);
  }

  /** m[key] = v for a key known to be absent. */
  add(p: usize, n: i32, v: Val | null): void {
    const free = this.free;
    if (free !== null && free.length > 0) {
      // the first deleted slot is taken again (a small Go map reuses the first free slot of its bucket)
      const j = heapPop(free);
      this.put(j, p, n, v);
      this.count++;
      this.noteKey(j);
      return;
    }
    if (this.used == this.cap) {
      const cap = this.cap < 4 ? 4 : this.cap << 1;
      const d = heap.alloc(<usize>cap * SLOT);
      if (this.used > 0) memory.copy(d, this.data, <usize>this.used * SLOT);
      this.data = d;
      this.cap = cap;
    }
    const j = this.used++;
    this.put(j, p, n, v);
    this.count++;
    this.noteKey(j);
  }

  /** m["s"] = v for an ASCII key. */
  setAscii(s: string, v: Val | null): void {
    const i = this.findAscii(s);
    if (i >= 0) {
      this.setVal(i, v);
      return;
    }
    const k = asciiVal(s);
    this.add(k.p, k.n, v);
  }

  /** delete(m, key). */
  del(p: usize, n: i32): void {
    const i = this.find(p, n);
    if (i >= 0) this.delSlot(i);
  }

  /** Deletes the entry in live slot i. */
  delSlot(i: i32): void {
    const q = this.data + <usize>i * SLOT;
    store<i32>(q, -1, 4);
    store<u32>(q, 0, 8);
    this.count--;
    let free = this.free;
    if (free === null) {
      free = new Array<i32>();
      this.free = free;
    }
    heapPush(free, i);
  }

  @inline keyPtr(i: i32): usize {
    return <usize>load<u32>(this.data + <usize>i * SLOT);
  }

  @inline keyLen(i: i32): i32 {
    return load<i32>(this.data + <usize>i * SLOT, 4);
  }

  @inline val(i: i32): Val | null {
    return changetype<Val | null>(<usize>load<u32>(this.data + <usize>i * SLOT, 8));
  }

  /** Replaces the value in live slot i. */
  @inline setVal(i: i32, v: Val | null): void {
    store<u32>(this.data + <usize>i * SLOT, <u32>changetype<usize>(v), 8);
  }
}

/** Bytes of one header-less GMap (a multiple of VAL_SIZE). */
const GMAP_SIZE: usize = (offsetof<GMap>() + VAL_SIZE - 1) / VAL_SIZE * VAL_SIZE;

/** A new empty (non-nil) map. */
export function newMap(): GMap {
  return new GMap(0);
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

/** The capacity `[]interface{}{}` reaches after n appends of one element (Go's growslice). */
export function appendsCap(n: i32, go: i32): i32 {
  let cap = 0;
  while (cap < n) cap = growCap(cap, cap + 1, go);
  return cap;
}

/** A slice of length n with the capacity n single appends to `[]interface{}{}` give (elements unset). */
export function sliceOfN(n: i32, go: i32): Slice {
  return makeSlice(n, appendsCap(n, go));
}
