// The JSON fields of a struct type exactly as encoding/json's typeFields (and sigs.k8s.io/json's
// copy of it) computes them from the schema: exported fields and the promoted fields of embedded
// structs without a JSON name, breadth first, hidden fields removed by Go's dominance rules
// (shallowest wins, a JSON tag breaks ties, otherwise both vanish), in index-sequence order.
// Each list is computed once per process and frozen into a static memory region that survives the per-call
// heap reset (see `Frozen` below and docs/architecture.md); the region holds the lists of every struct type
// of every minor the schema knows, and a list that still does not fit is computed again on each lookup.

import {
  Kind, FieldFlag, kind, elem, fieldCount, fieldFlags, fieldType, fieldJSONRef, fieldNameRef, strPtr, strLen,
} from "../schema/schema";

/** One JSON-visible field. */
export class JField {
  /** JSON name (the valid tag name, else the Go name). */
  nameP: usize = 0;
  nameN: i32 = 0;
  /** True when the name came from the json tag. */
  tagged: bool = false;
  /** Go field indexes from the struct through embedded structs to this field. */
  path: Array<i32> = new Array<i32>();
  /** Declared type of the field. */
  t: i32 = -1;
  /** FieldFlag bits of the field. */
  flags: i32 = 0;
  /** Position in the final list (used for duplicate detection). */
  index: i32 = 0;
}

/** The JSON fields of one struct type, in encoding order. */
export class JFields {
  list: Array<JField> = new Array<JField>();

  /** The field whose JSON name is exactly the bytes [p, p+n), or null (case-sensitive match). */
  byName(p: usize, n: i32): JField | null {
    const l = this.list;
    for (let i = 0, c = l.length; i < c; i++) {
      const f = unchecked(l[i]);
      if (f.nameN == n && (n == 0 || load<u8>(f.nameP) == load<u8>(p)) && memory.compare(f.nameP, p, <usize>n) == 0) return f;
    }
    return null;
  }

  /**
   * encoding/json's case-insensitive match (Go 1.21+ foldName: ASCII letters upper-cased, other runes replaced by
   * the smallest rune of their SimpleFold orbit): the first field in list order whose name folds like the bytes
   * [p, p+n), or null. Field names are ASCII, so of the non-ASCII runes only U+017F (ſ → S) and U+212A (Kelvin
   * sign → K) can match.
   */
  byFoldedName(p: usize, n: i32): JField | null {
    const l = this.list;
    for (let i = 0, c = l.length; i < c; i++) {
      const f = unchecked(l[i]);
      if (foldEqual(f.nameP, f.nameN, p, n)) return f;
    }
    return null;
  }
}

/** The upper-case ASCII letter of byte `c` (other bytes unchanged). */
@inline function upper(c: u32): u32 {
  return c >= 0x61 && c <= 0x7a ? c - 0x20 : c;
}

/** True when ASCII name [a, a+an) and key [p, p+n) fold to the same text (see JFields.byFoldedName). */
export function foldEqual(a: usize, an: i32, p: usize, n: i32): bool {
  let i = 0, j = 0;
  while (i < an && j < n) {
    const c = <u32>load<u8>(p + <usize>j);
    let k: u32;
    if (c < 0x80) { k = upper(c); j++; }
    else if (j + 1 < n && c == 0xc5 && load<u8>(p + <usize>j + 1) == 0xbf) { k = 0x53; j += 2; } // ſ
    else if (j + 2 < n && c == 0xe2 && load<u8>(p + <usize>j + 1) == 0x84 && load<u8>(p + <usize>j + 2) == 0xaa) { k = 0x4b; j += 3; } // K (Kelvin)
    else return false;
    if (upper(<u32>load<u8>(a + <usize>i)) != k) return false;
    i++;
  }
  return i == an && j == n;
}

class Candidate {
  constructor(public t: i32, public path: Array<i32>) {}
}

/** The JSON fields of struct type `t` (frozen once per process; read-only). */
export function jsonFields(t: i32): JFields {
  const fz = Frozen.get(t);
  if (fz != 0) return changetype<JFields>(fz);
  const r = computeFields(t);
  const f = Frozen.put(t, r);
  return f != 0 ? changetype<JFields>(f) : r; // a full region: this call's own copy
}

// ---- the process-wide frozen lists ----
// A static region (zero-filled data segment, so outside the arena `heap.reset` rewinds) holds an open-addressing
// table type handle → frozen JFields and a bump pool. A frozen list is a header-less image of the JFields /
// Array / JField objects (the stub runtime needs headers only to grow or free an object, and frozen lists are
// never changed), so every reader keeps using the ordinary classes. The table and pool are sized for every
// struct type of every minor (about 5,000 lists, 1.6 MiB); when full, a list is computed per lookup.

const FZ_SLOTS: i32 = 16384; // power of two; (key+1, ptr) pairs, filled at most half
const FZ_POOL: i32 = 1088 << 10;
const FZ_TABLE: usize = memory.data(FZ_SLOTS * 8, 16);
const FZ_HEAP: usize = memory.data(FZ_POOL, 16);
// the one-step paths [i] (i < FZ_PATHS), one header-less Array image each, shared by every frozen list
const FZ_PATHS: i32 = 256;
const FZ_PATH_SIZE: usize = 24; // Array image (16) + one i32, aligned
const FZ_PATH_IMAGES: usize = memory.data(FZ_PATHS * <i32>FZ_PATH_SIZE, 16);

// Array<T> layout (ArrayBufferView + length): buffer, dataStart, byteLength, length_
const ARR_BUFFER: usize = 0;
const ARR_DATA: usize = sizeof<usize>();
const ARR_BYTES: usize = 2 * sizeof<usize>();
const ARR_LENGTH: usize = 2 * sizeof<usize>() + 4;
const ARR_SIZE: usize = 2 * sizeof<usize>() + 8;

/** The process-wide table of frozen field lists (filled once per type; docs/architecture.md "State that outlives a call"). */
export class Frozen {
  /** Bytes of the pool in use. */
  static used: usize = 0;
  /** Lists in the table. */
  static count: i32 = 0;

  /** The frozen list of type `t`, or 0. */
  static get(t: i32): usize {
    let i = <i32>((<u32>t * 0x9e3779b1) >> 20) & (FZ_SLOTS - 1);
    while (true) {
      const e = FZ_TABLE + <usize>i * 8;
      const k = load<i32>(e);
      if (k == 0) return 0;
      if (k == t + 1) return <usize>load<u32>(e, 4);
      i = (i + 1) & (FZ_SLOTS - 1);
    }
    return 0;
  }

  /** Freezes list `r` of type `t`; its static address, or 0 when the pool or table is full. */
  static put(t: i32, r: JFields): usize {
    const l = r.list;
    const n = l.length;
    let need = alignUp(offsetof<JFields>()) + ARR_SIZE + <usize>n * sizeof<usize>();
    for (let i = 0; i < n; i++) {
      need += alignUp(offsetof<JField>());
      const path = unchecked(l[i]).path;
      if (sharedPath(path) == 0) need += ARR_SIZE + <usize>path.length * 4;
    }
    if (Frozen.used + need > <usize>FZ_POOL || Frozen.count * 2 >= FZ_SLOTS) return 0;
    const fs = Frozen.alloc(offsetof<JFields>());
    const items = Frozen.alloc(<usize>n * sizeof<usize>());
    store<usize>(fs, frozenArray(Frozen.alloc(ARR_SIZE), items, n, sizeof<usize>()), offsetof<JFields>("list"));
    for (let i = 0; i < n; i++) {
      const f = unchecked(l[i]);
      let path = sharedPath(f.path);
      if (path == 0) {
        const pn = f.path.length;
        const pd = Frozen.alloc(<usize>pn * 4);
        for (let k = 0; k < pn; k++) store<i32>(pd + <usize>k * 4, unchecked(f.path[k]));
        path = frozenArray(Frozen.alloc(ARR_SIZE), pd, pn, 4);
      }
      const jf = Frozen.alloc(offsetof<JField>());
      store<usize>(jf, f.nameP, offsetof<JField>("nameP"));
      store<i32>(jf, f.nameN, offsetof<JField>("nameN"));
      store<bool>(jf, f.tagged, offsetof<JField>("tagged"));
      store<usize>(jf, path, offsetof<JField>("path"));
      store<i32>(jf, f.t, offsetof<JField>("t"));
      store<i32>(jf, f.flags, offsetof<JField>("flags"));
      store<i32>(jf, f.index, offsetof<JField>("index"));
      store<usize>(items + <usize>i * sizeof<usize>(), jf);
    }
    let i = <i32>((<u32>t * 0x9e3779b1) >> 20) & (FZ_SLOTS - 1);
    while (load<i32>(FZ_TABLE + <usize>i * 8) != 0) i = (i + 1) & (FZ_SLOTS - 1);
    store<u32>(FZ_TABLE + <usize>i * 8, <u32>fs, 4);
    store<i32>(FZ_TABLE + <usize>i * 8, t + 1);
    Frozen.count++;
    return fs;
  }

  private static alloc(n: usize): usize {
    const p = FZ_HEAP + Frozen.used;
    Frozen.used += alignUp(n);
    return p;
  }
}

/** The shared frozen image of one-step path `p` ([i], i < FZ_PATHS), written on first use; 0 for other paths. */
function sharedPath(p: Array<i32>): usize {
  if (p.length != 1) return 0;
  const i = unchecked(p[0]);
  if (i < 0 || i >= FZ_PATHS) return 0;
  const a = FZ_PATH_IMAGES + <usize>i * FZ_PATH_SIZE;
  const data = a + ARR_SIZE;
  if (load<usize>(a, ARR_DATA) == 0) { // zero-filled until first use; the content depends on `i` alone
    store<i32>(data, i);
    frozenArray(a, data, 1, 4);
  }
  return a;
}

@inline function alignUp(n: usize): usize {
  return (n + 7) & ~<usize>7;
}

/** Writes a header-less read-only Array image at `a` over `n` elements of `size` bytes at `data`; returns `a`. */
function frozenArray(a: usize, data: usize, n: i32, size: usize): usize {
  store<usize>(a, data, ARR_BUFFER);
  store<usize>(a, data, ARR_DATA);
  store<i32>(a, n * <i32>size, ARR_BYTES);
  store<i32>(a, n, ARR_LENGTH);
  return a;
}

function computeFields(root: i32): JFields {
  const flat = flatFields(root);
  if (flat !== null) return flat;
  let next = new Array<Candidate>();
  next.push(new Candidate(root, new Array<i32>()));
  let nextCount = new Map<i32, i32>();
  const visited = new Set<i32>();
  const fields = new Array<JField>();
  while (next.length > 0) {
    const current = next;
    next = new Array<Candidate>();
    const count = nextCount;
    nextCount = new Map<i32, i32>();
    for (let c = 0; c < current.length; c++) {
      const f = current[c];
      if (visited.has(f.t)) continue;
      visited.add(f.t);
      const n = fieldCount(f.t);
      for (let i = 0; i < n; i++) {
        const flags = fieldFlags(f.t, i);
        const declared = fieldType(f.t, i);
        const anonymous = (flags & FieldFlag.Anonymous) != 0;
        const exported = (flags & FieldFlag.Exported) != 0;
        if (anonymous) {
          let tt = declared;
          if (kind(tt) == Kind.Pointer) tt = elem(tt);
          if (!exported && kind(tt) != Kind.Struct) continue;
        } else if (!exported) continue;
        if (flags & FieldFlag.Skip) continue;
        const tagged = (flags & FieldFlag.Tagged) != 0;
        const path = new Array<i32>(f.path.length + 1);
        for (let k = 0; k < f.path.length; k++) path[k] = f.path[k];
        path[f.path.length] = i;
        let ft = declared;
        if (kind(ft) == Kind.Pointer) ft = elem(ft);
        if (tagged || !anonymous || kind(ft) != Kind.Struct) {
          const jf = new JField();
          const ref = tagged ? fieldJSONRef(f.t, i) : fieldNameRef(f.t, i);
          jf.nameP = strPtr(ref);
          jf.nameN = strLen(ref);
          jf.tagged = tagged;
          jf.path = path;
          jf.t = declared;
          jf.flags = flags;
          fields.push(jf);
          if (count.has(f.t) && count.get(f.t) > 1) fields.push(jf); // seen twice: annihilates below
          continue;
        }
        const seen = nextCount.has(ft) ? nextCount.get(ft) : 0;
        nextCount.set(ft, seen + 1);
        if (seen == 0) next.push(new Candidate(ft, path));
      }
    }
  }
  // sort by name, then depth, then tagged first, then index sequence
  sortFields(fields, true);
  const out = new JFields();
  let i = 0;
  while (i < fields.length) {
    const fi = fields[i];
    let adv = 1;
    while (i + adv < fields.length && sameName(fields[i + adv], fi)) adv++;
    if (adv == 1) out.list.push(fi);
    else {
      const fj = fields[i + 1];
      if (!(fi.path.length == fj.path.length && fi.tagged == fj.tagged)) out.list.push(fi);
    }
    i += adv;
  }
  sortFields(out.list, false);
  for (let k = 0; k < out.list.length; k++) out.list[k].index = k;
  return out;
}

/** The one-step path [i]. */
function singlePath(i: i32): Array<i32> {
  const p = new Array<i32>(1);
  p[0] = i;
  return p;
}

/**
 * Fast path of computeFields for a struct without embedded fields and without two fields of the same JSON
 * name (every Kubernetes struct but a few): the exported, non-skipped fields in declaration order, which is
 * what the general algorithm yields for them. Null when the general algorithm is needed.
 */
function flatFields(root: i32): JFields | null {
  const n = fieldCount(root);
  for (let i = 0; i < n; i++) if (fieldFlags(root, i) & FieldFlag.Anonymous) return null;
  const out = new JFields();
  for (let i = 0; i < n; i++) {
    const flags = fieldFlags(root, i);
    if ((flags & FieldFlag.Exported) == 0 || (flags & FieldFlag.Skip) != 0) continue;
    const tagged = (flags & FieldFlag.Tagged) != 0;
    const ref = tagged ? fieldJSONRef(root, i) : fieldNameRef(root, i);
    const jf = new JField();
    jf.nameP = strPtr(ref);
    jf.nameN = strLen(ref);
    for (let k = 0, c = out.list.length; k < c; k++) {
      const o = unchecked(out.list[k]);
      if (o.nameN == jf.nameN && memory.compare(o.nameP, jf.nameP, <usize>jf.nameN) == 0) return null;
    }
    jf.tagged = tagged;
    jf.path = singlePath(i);
    jf.t = fieldType(root, i);
    jf.flags = flags;
    jf.index = out.list.length;
    out.list.push(jf);
  }
  return out;
}

function sameName(a: JField, b: JField): bool {
  return a.nameN == b.nameN && memory.compare(a.nameP, b.nameP, <usize>a.nameN) == 0;
}

function cmpPath(a: Array<i32>, b: Array<i32>): i32 {
  const n = a.length < b.length ? a.length : b.length;
  for (let i = 0; i < n; i++) if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
  return a.length - b.length;
}

function cmpByName(a: JField, b: JField): i32 {
  const n = a.nameN < b.nameN ? a.nameN : b.nameN;
  const d = memory.compare(a.nameP, b.nameP, <usize>n);
  if (d != 0) return d;
  if (a.nameN != b.nameN) return a.nameN - b.nameN;
  if (a.path.length != b.path.length) return a.path.length - b.path.length;
  if (a.tagged != b.tagged) return a.tagged ? -1 : 1;
  return cmpPath(a.path, b.path);
}

/** Insertion sort (struct field lists are short): by name (`byName`) or by index sequence. */
function sortFields(a: Array<JField>, byName: bool): void {
  for (let i = 1; i < a.length; i++) {
    const x = a[i];
    let j = i;
    while (j > 0 && (byName ? cmpByName(a[j - 1], x) : cmpPath(a[j - 1].path, x.path)) > 0) {
      a[j] = a[j - 1];
      j--;
    }
    a[j] = x;
  }
}
