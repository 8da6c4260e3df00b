// FNV-32a of go-spew `%#v` of the stored form of a typed value, read straight from its JSON tape: the
// API server's decode (sigs.k8s.io/json, Kubernetes 1.23+), the stored round trip's normalizations
// (assembly/fast/storedform/roundtrip.ts) and the streamed spew hash (spewfnv.ts) in one walk, without building the
// Val tree. For every node it answers fmt(norm(decode(node))) as those three would:
// - structs, slices, maps with string keys, pointers, strings, booleans and integers are read from the
//   tape directly (fields gathered per struct into a scratch stack, emitted in Go declaration order,
//   embedded structs inline, runs of zero fields in one table step);
// - every other value (Quantity, IntOrString, times, raw JSON, floats, []byte, `omitzero` fields under Go
//   1.24+) is decoded by the Decoder, normalized by `storedForm` and hashed by `fmt` — the same code the
//   tree path runs, on that subtree only; the bodies of Quantity and IntOrString values are memoized per
//   raw JSON text as one FNV table step (tapememo.ts).
// It gives up (-1, no error left behind) whenever the tree path could differ or fail: an escaped object
// key, a duplicate struct field or map key, any decode error, invalid UTF-8, an embedded pointer, a
// normalization `storedForm` cannot prove. The caller then runs the tree path, which reports any error.
//
// Must equal: the podTemplateHash tree path, assembly/upstream/kubernetes/hash.ts computeHash (spew text + FNV)
// of decode(json.Marshal(decode(node))) (typed/decode.ts, typed/encode.ts) - `exact: ["spew"]`. Gives up as
// listed above; test/equivalence/spewtape-vs-spewtext.test.ts compares both.

import { ByteSink } from "../../io/sink";
import { hasError, clearError } from "../../base/errors";
import { Tape, K_NULL, K_FALSE, K_TRUE, K_NUMBER, K_STRING, K_ARRAY, K_OBJECT, F_ESCAPE, F_HIGH, F_INT } from "../../json/tape";
import { unquote, validUTF8 as decoderValidUTF8 } from "../../json/strings";
import { FNV32_OFFSET, fnv1a_32 } from "../../hash/fnv";
import { Kind, FieldFlag, kind, elem, fieldCount, fieldType } from "../../schema/schema";
import { jsonFields, JField } from "../../typed/fields";
import { Val, PtrV, IntV } from "../../typed/value";
import { Decoder, goIntInto } from "../../typed/decode";
import { decodeOptionsFor } from "../../typed/decodeat";
import { storedForm, validUTF8, nullStaysNull } from "../storedform/roundtrip";
import { isEmptyValue, isZeroForOmit } from "../../typed/encode";
import { fmt, body, piece, pieceKey, step, lit, decimal, SpewRun, P_TYPE, P_PTR, P_FIELD_ZERO, P_FIELD_HEAD } from "./spewfnv";
import { typeInfo, TI_NATIVE, TI_MEMO, memoTable, memoRoom, rememberTable } from "./tapememo";
import { newConstTable, constTable, constStep, CONST_NONE } from "../../hash/fnvtable";
import { Spewer } from "../../upstream/gospew/spew";

/** i32 scratch stack: per open struct one tape node per JSON field; per open map its entries (TapeWalk.top: the first free slot). */
const SCRATCH_SLOTS: i32 = 8192;
const SCRATCH: usize = memory.data(SCRATCH_SLOTS * 4, 16); // scratch: rewritten before every use (a frame's slots are filled when it opens)
/** Maps with more entries than this go through the Decoder (their entries are sorted here by insertion). */
const MAP_NATIVE_MAX: i32 = 64;
/** Embedded-struct nesting followed inline. */
const MAX_EMBED: i32 = 8;

/** Memo of "the stored form of the zero value of type T is the zero value" (key: type handle and Go 1.24+). */
const ZF_SLOTS: i32 = 2048;
const ZF_TABLE: usize = memory.data(ZF_SLOTS * 8, 16);
let zfCount: i32 = 0;

// classification of a field's value
const F_ZERO: i32 = 0;
const F_NATIVE: i32 = 1;
const F_VAL: i32 = 2;
const F_MEMO: i32 = 3;

/** One `tapeSpewFnv` walk (its give-up flag and spew nesting are the SpewRun's). */
class TapeWalk extends SpewRun {
  /** Nesting of hashNode. */
  walkDepth: i32 = 0;
  /** The first free slot of SCRATCH. */
  top: i32 = 0;
  /** JSON field list cursor of the struct being emitted (embedded structs share their outer list). */
  cur: i32 = 0;
  dec: Decoder | null = null;
  /** The value of the last field classified F_NATIVE (string bytes, integer) or F_VAL. */
  sp: usize = 0;
  sn: i32 = 0;
  iv: i64 = 0;
  val: Val | null = null;
  /** The body table of the last field classified F_MEMO (a memoized Quantity or IntOrString). */
  qt: usize = 0;
  go24: bool;

  constructor(public t: Tape, public minor: i32, public go: i32) {
    super();
    this.go24 = go >= 24;
  }
}

/**
 * FNV-32a of spew `%#v` of decode(json.Marshal(decode(node))) for type `ty` as Kubernetes `minor` (1.23+,
 * sigs.k8s.io/json) built with Go `go` decodes it, from tape `t`; -1 when this path does not answer (no error
 * recorded: the caller runs the tree path).
 */
export function tapeSpewFnv(t: Tape, node: i32, ty: i32, minor: i32, go: i32): i64 {
  if (hasError()) return -1;
  const w = new TapeWalk(t, minor, go);
  const h = hashNode(w, FNV32_OFFSET, ty, node, false);
  if (w.failed || hasError()) {
    clearError();
    return -1;
  }
  return <i64>h;
}

@inline function giveUp(w: TapeWalk, h: u32): u32 {
  w.failed = true;
  return h;
}

/** The Decoder's value of `node` (type `ty`, a fresh value); null (zero) or the value; sets w.failed on any error. */
function decodeVal(w: TapeWalk, ty: i32, node: i32): Val | null {
  let d = w.dec;
  if (d === null) {
    d = new Decoder(w.t, decodeOptionsFor(w.minor, w.go));
    w.dec = d;
  }
  const v = d.value(ty, node, null);
  if (d.aborted || d.saved !== null || hasError()) { w.failed = true; return null; }
  return v;
}

/** storedForm of `v` (type `ty`); sets w.failed when it cannot prove it. */
function normVal(w: TapeWalk, ty: i32, v: Val | null): Val | null {
  const rt = storedForm(ty, v, w.go);
  if (rt.gaveUp || hasError()) { w.failed = true; return null; }
  return rt.value;
}

/** True when the stored form of the zero value of `ty` is the zero value (memoized per process). */
function zeroFixed(w: TapeWalk, ty: i32): bool {
  const k = ((<u32>ty + 1) << 1) | (w.go24 ? 1 : 0);
  let i = <i32>((k * 0x9e3779b1) >> 21) & (ZF_SLOTS - 1);
  while (true) {
    const e = ZF_TABLE + <usize>i * 8;
    const ek = load<u32>(e);
    if (ek == k) return load<u32>(e, 4) == 1;
    if (ek == 0) break;
    i = (i + 1) & (ZF_SLOTS - 1);
  }
  const rt = storedForm(ty, null, w.go);
  const fixed = !rt.gaveUp && rt.value === null && !hasError();
  if (hasError()) { w.failed = true; return false; }
  if (zfCount * 2 < ZF_SLOTS) {
    const e = ZF_TABLE + <usize>i * 8;
    store<u32>(e, fixed ? 1 : 2, 4);
    store<u32>(e, k);
    zfCount++;
  }
  return fixed;
}

/**
 * The FNV table of the stored-form spew body (after the type name) of Quantity or IntOrString node `node` (type
 * `ty`), memoized per exact raw text; 0 when not memoizable (the caller runs the Decoder path; w.failed on errors).
 */
function memoBody(w: TapeWalk, ty: i32, node: i32): usize {
  const t = w.t;
  const p = t.src + <usize>t.rawStart(node);
  const n = t.rawEnd(node) - t.rawStart(node);
  const known = memoTable(ty, w.go, p, n);
  if (known != 0 || !memoRoom(n)) return known;
  const v = normVal(w, ty, decodeVal(w, ty, node));
  if (w.failed || v === null) return 0;
  // the body's text from the text spewer (as spewfnv's pieces), checked against what `body` hashes
  const text = new ByteSink(160);
  const sp = new Spewer(text);
  sp.ignoreNextType = true;
  if (!sp.format(ty, v) || hasError()) { w.failed = true; return 0; }
  // the table must hash exactly what `body` hashes for this value (a walk of its own: its failure only means no memo)
  const probe = new SpewRun();
  const want = body(probe, FNV32_OFFSET, ty, changetype<Val>(v), Kind.Struct);
  const same = !probe.failed && !hasError() && want == fnv1a_32(text.ptr, <usize>text.len);
  if (!same) return 0;
  const table = newConstTable(text.ptr, text.len);
  if (table == CONST_NONE) return 0;
  rememberTable(ty, w.go, p, n, table);
  return table;
}

/** The bytes of string node `node` as the decoder stores them (w.sp, w.sn); false when the stored form is not provable (invalid UTF-8). */
function stringBytes(w: TapeWalk, t: Tape, node: i32): bool {
  const f = t.flags(node);
  if ((f & (F_ESCAPE | F_HIGH)) == 0) {
    w.sp = t.ptr(node);
    w.sn = t.len(node);
    return true;
  }
  if ((f & F_ESCAPE) == 0 && decoderValidUTF8(t.ptr(node), t.len(node))) {
    w.sp = t.ptr(node);
    w.sn = t.len(node);
  } else {
    const d = new ByteSink(t.len(node) + 8);
    unquote(d, t.ptr(node), t.len(node), false);
    w.sp = d.ptr;
    w.sn = d.len;
  }
  return validUTF8(w.sp, w.sn);
}

/** fmt(h, ty, norm(decode(node)), ignore): the spew hash of the stored form of tape node `node`. */
function hashNode(w: TapeWalk, h: u32, ty: i32, node: i32, ignore: bool): u32 {
  if (w.failed) return h;
  if (++w.walkDepth > 200) return giveUp(w, h);
  h = hashNodeInner(w, h, ty, node, ignore);
  w.walkDepth--;
  return h;
}

function hashNodeInner(w: TapeWalk, h: u32, ty: i32, node: i32, ignore: bool): u32 {
  const t = w.t;
  const info = typeInfo(ty);
  const k = info & 0xff;
  if ((info & TI_NATIVE) == 0) {
    if ((info & TI_MEMO) != 0) {
      const qt = memoBody(w, ty, node);
      if (w.failed) return h;
      if (qt != 0) {
        if (!ignore) h = piece(w, h, P_TYPE, ty, 0);
        return constStep(qt, h);
      }
    }
    const v = normVal(w, ty, decodeVal(w, ty, node));
    if (w.failed) return h;
    return fmt(w, h, ty, v, ignore);
  }
  const nk = t.kind(node);
  if (nk == K_NULL) {
    // every native kind decodes null to its zero value; only a struct's zero may change in the round trip
    if (k == Kind.Struct && !zeroFixed(w, ty)) {
      const v = normVal(w, ty, null);
      if (w.failed) return h;
      return fmt(w, h, ty, v, ignore);
    }
    return fmt(w, h, ty, null, ignore);
  }
  switch (k) {
    case Kind.Pointer: {
      h = ignore ? lit(h, "<*>") : piece(w, h, P_PTR, ty, 0);
      return hashNode(w, h, elem(ty), node, true);
    }
    case Kind.String: {
      if (nk != K_STRING || !stringBytes(w, t, node)) return giveUp(w, h);
      if (!ignore) h = piece(w, h, P_TYPE, ty, 0);
      return fnv1a_32(w.sp, <usize>w.sn, h);
    }
    case Kind.Bool: {
      if (nk != K_TRUE && nk != K_FALSE) return giveUp(w, h);
      if (!ignore) h = piece(w, h, P_TYPE, ty, 0);
      return lit(h, nk == K_TRUE ? "true" : "false");
    }
    case Kind.Int: case Kind.Int8: case Kind.Int16: case Kind.Int32: case Kind.Int64:
    case Kind.Uint: case Kind.Uint8: case Kind.Uint16: case Kind.Uint32: case Kind.Uint64: {
      const iv = new IntV(0);
      if (nk != K_NUMBER || !goIntInto(t.ptr(node), t.len(node), (t.flags(node) & F_INT) != 0, k, iv)) return giveUp(w, h);
      if (!ignore) h = piece(w, h, P_TYPE, ty, 0);
      return decimal(h, iv.v, k >= Kind.Uint);
    }
  }
  if (!ignore) h = piece(w, h, P_TYPE, ty, 0);
  return containerBody(w, h, ty, k, node);
}

/** The body of a non-null struct, slice or map node (after its type name). */
function containerBody(w: TapeWalk, h: u32, ty: i32, k: i32, node: i32): u32 {
  const t = w.t;
  const nk = t.kind(node);
  if (k == Kind.Struct) {
    if (nk != K_OBJECT) return giveUp(w, h);
    return structBody(w, h, ty, node);
  }
  if (k == Kind.Slice) {
    if (nk != K_ARRAY) return giveUp(w, h);
    const et = elem(ty);
    const n = t.children(node);
    h = step(h, 0x5b);
    let c = node + 1;
    for (let i = 0; i < n; i++) {
      if (i > 0) h = step(h, 0x20);
      h = hashNode(w, h, et, c, true);
      c = t.next(c);
    }
    return step(h, 0x5d);
  }
  if (nk != K_OBJECT) return giveUp(w, h);
  return mapBody(w, h, ty, node);
}

/** A map with string keys: entries sorted by key (spew's SortKeys); duplicates give up. */
function mapBody(w: TapeWalk, h: u32, ty: i32, node: i32): u32 {
  const t = w.t;
  const n = t.children(node);
  if (n > MAP_NATIVE_MAX || w.top + n * 4 > SCRATCH_SLOTS) {
    // large maps: the tree path's code on this map alone (the type name is already hashed)
    const v = normVal(w, ty, decodeVal(w, ty, node));
    if (w.failed) return h;
    if (v === null) return giveUp(w, h);
    return body(w, h, ty, changetype<Val>(v), Kind.Map);
  }
  const base = w.top;
  w.top = base + n * 4;
  // entries: [keyPtr, keyLen, valueNode] at base + 3i; sorted order at base + 3n + i
  const ent = SCRATCH + (<usize>base << 2);
  const ord = ent + <usize>n * 12;
  let kn = node + 1;
  for (let i = 0; i < n; i++) {
    const v = t.next(kn);
    if (!stringBytes(w, t, kn)) { w.top = base; return giveUp(w, h); }
    const e = ent + <usize>i * 12;
    store<u32>(e, <u32>w.sp);
    store<i32>(e, w.sn, 4);
    store<i32>(e, v, 8);
    // insertion into the sorted order
    let j = i;
    while (j > 0) {
      const o = ent + <usize>load<i32>(ord + (<usize>(j - 1) << 2)) * 12;
      const c = cmpBytes(<usize>load<u32>(o), load<i32>(o, 4), w.sp, w.sn);
      if (c == 0) { w.top = base; return giveUp(w, h); } // a duplicate key: every value is decoded, the last one kept
      if (c < 0) break;
      store<i32>(ord + (<usize>j << 2), load<i32>(ord + (<usize>(j - 1) << 2)));
      j--;
    }
    store<i32>(ord + (<usize>j << 2), i);
    kn = t.next(v);
  }
  const et = elem(ty);
  h = lit(h, "map[");
  for (let i = 0; i < n; i++) {
    const e = ent + <usize>load<i32>(ord + (<usize>i << 2)) * 12;
    if (i > 0) h = step(h, 0x20);
    h = fnv1a_32(<usize>load<u32>(e), <usize>load<i32>(e, 4), h);
    h = step(h, 0x3a);
    h = hashNode(w, h, et, load<i32>(e, 8), true);
  }
  w.top = base;
  return step(h, 0x5d);
}

/** Go's string `<` as a three-way comparison of byte strings. */
function cmpBytes(ap: usize, an: i32, bp: usize, bn: i32): i32 {
  const d = memory.compare(ap, bp, <usize>(an < bn ? an : bn));
  if (d != 0) return d;
  return an - bn;
}

// Plans of flat structs (every JSON field a field of the struct itself): per JSON field its Go field index,
// typeInfo and ` Name:(T)` head table, and the fields whose absence is not zero after the round trip (a
// non-omitempty Quantity, a struct whose zero value changes). Static, per process, keyed by type and Go 1.24+.
// Layout (i32 words): nGo, nf, nExtra, 0, then per JSON field [goIndex, info, head table], then the extras.
const PLAN_SLOTS: i32 = 4096;
const PLAN_TABLE: usize = memory.data(PLAN_SLOTS * 8, 16);
const PLAN_WORDS: i32 = 32768;
const PLAN_POOL: usize = memory.data(PLAN_WORDS * 4, 16);
const PLAN_NOT_FLAT: u32 = 1;
let planUsed: i32 = 0;
let planCount: i32 = 0;

/** The plan of struct type `ty`, or 0 (not flat, or no room: the general walk runs). */
function planOf(w: TapeWalk, ty: i32, list: Array<JField>): usize {
  const k = ((<u32>ty + 1) << 1) | (w.go24 ? 1 : 0);
  let s = <i32>((k * 0x9e3779b1) >> 20) & (PLAN_SLOTS - 1);
  while (true) {
    const e = PLAN_TABLE + <usize>s * 8;
    const ek = load<u32>(e);
    if (ek == k) { const a = load<u32>(e, 4); return a == PLAN_NOT_FLAT ? 0 : <usize>a; }
    if (ek == 0) break;
    s = (s + 1) & (PLAN_SLOTS - 1);
  }
  if (planCount * 2 >= PLAN_SLOTS) return 0;
  const nf = list.length;
  let flat = true;
  for (let j = 0; j < nf; j++) if (unchecked(list[j]).path.length != 1 || unchecked(list[j]).index != j) { flat = false; break; }
  let a: usize = PLAN_NOT_FLAT;
  if (flat && planUsed + 4 + nf * 4 <= PLAN_WORDS) {
    a = PLAN_POOL + (<usize>planUsed << 2);
    store<i32>(a, fieldCount(ty));
    store<i32>(a, nf, 4);
    store<i32>(a, 0, 12);
    let extra = 0;
    const ex = a + 16 + <usize>nf * 12;
    for (let j = 0; j < nf; j++) {
      const f = unchecked(list[j]);
      const ft = f.t;
      const e = a + 16 + <usize>j * 12;
      store<i32>(e, unchecked(f.path[0]));
      store<i32>(e, typeInfo(ft), 4);
      store<u32>(e, 0, 8);
      // absent: the decoder leaves it zero; the round trip keeps it zero unless (structInPlace's rules)
      const fk = kind(ft);
      const absentZero = nullStaysNull(fk) ||
        ((f.flags & FieldFlag.OmitEmpty) != 0 && isEmptyValue(ft, null)) ||
        ((f.flags & FieldFlag.OmitZero) != 0 && w.go24 && isZeroForOmit(ft, null)) ||
        zeroFixed(w, ft);
      if (w.failed) return 0;
      if (!absentZero) store<i32>(ex + (<usize>(extra++) << 2), j);
    }
    store<i32>(a, extra, 8);
    planUsed += 4 + nf * 3 + extra;
  }
  const e = PLAN_TABLE + <usize>s * 8;
  store<u32>(e, <u32>a, 4);
  store<u32>(e, k);
  planCount++;
  return a == PLAN_NOT_FLAT ? 0 : a;
}

/** The fields of flat struct node `node` (type `ty`, plan `plan`) whose values `structBody` gathered into `slots`: only present fields (and the plan's extras) are visited; the Go fields between them are runs of zeros. */
function flatFields(w: TapeWalk, h: u32, ty: i32, plan: usize, list: Array<JField>, slots: usize, pres: usize, m: i32): u32 {
  const nf = list.length;
  // the plan's extras when absent, then all in field order (insertion sort: objects are mostly in order)
  const extra = load<i32>(plan, 8);
  const ex = plan + 16 + <usize>nf * 12;
  for (let q = 0; q < extra; q++) {
    const j = load<i32>(ex + (<usize>q << 2));
    if (load<i32>(slots + (<usize>j << 2)) < 0) store<i32>(pres + (<usize>(m++) << 2), j);
  }
  for (let q = 1; q < m; q++) {
    const x = load<i32>(pres + (<usize>q << 2));
    let r = q;
    while (r > 0 && load<i32>(pres + (<usize>(r - 1) << 2)) > x) {
      store<i32>(pres + (<usize>r << 2), load<i32>(pres + (<usize>(r - 1) << 2)));
      r--;
    }
    store<i32>(pres + (<usize>r << 2), x);
  }
  let next = 0; // the first Go field not hashed yet
  for (let q = 0; q < m; q++) {
    const j = load<i32>(pres + (<usize>q << 2));
    const e = plan + 16 + <usize>j * 12;
    const jf = unchecked(list[j]);
    const vn = load<i32>(slots + (<usize>j << 2));
    const cls = classify(w, jf, vn, load<i32>(e, 4));
    if (w.failed) return h;
    if (cls == F_ZERO) continue;
    const gi = load<i32>(e);
    if (gi > next) h = piece(w, h, P_FIELD_ZERO, ty, next, gi - next);
    const head = <usize>load<u32>(e, 8);
    if (head != 0) h = constStep(head, h);
    else {
      h = piece(w, h, P_FIELD_HEAD, ty, gi);
      const tb = constTable(pieceKey(P_FIELD_HEAD, ty, gi));
      if (tb > CONST_NONE) store<u32>(e, <u32>tb, 8);
    }
    h = fieldValue(w, h, cls, jf, vn);
    next = gi + 1;
  }
  const n = load<i32>(plan);
  if (next < n) h = piece(w, h, P_FIELD_ZERO, ty, next, n - next);
  return h;
}

/** `{` + the fields of struct node `node` (type `ty`) in declaration order + `}`. */
function structBody(w: TapeWalk, h: u32, ty: i32, node: i32): u32 {
  const t = w.t;
  const fields = jsonFields(ty);
  const list = fields.list;
  const nf = list.length;
  const plan = planOf(w, ty, list);
  if (w.failed) return h;
  if (plan != 0) return flatBody(w, h, ty, node, plan, list);
  const base = w.top;
  if (base + nf + MAX_EMBED > SCRATCH_SLOTS) return giveUp(w, h);
  w.top = base + nf + MAX_EMBED; // the value node of each JSON field, then the embedding prefix
  const slots = SCRATCH + (<usize>base << 2);
  memory.fill(slots, 0xff, <usize>nf << 2); // -1: absent
  // gather the value node of every JSON field (the decoder's lookup: exact, case-sensitive)
  const n = t.children(node);
  let kn = node + 1;
  let hint = 0;
  for (let i = 0; i < n; i++) {
    const v = t.next(kn);
    if ((t.flags(kn) & F_ESCAPE) != 0) { w.top = base; return giveUp(w, h); }
    const kp = t.ptr(kn);
    const kl = t.len(kn);
    const f = fieldNamed(list, nf, hint, kp, kl);
    if (f !== null) {
      const idx = f.index;
      hint = idx + 1;
      const s = slots + (<usize>idx << 2);
      if (load<i32>(s) >= 0) { w.top = base; return giveUp(w, h); } // a duplicate: the decoder merges into the first value
      store<i32>(s, v);
    }
    kn = t.next(v);
  }
  const outer = w.cur;
  w.cur = 0;
  h = step(h, 0x7b);
  h = structFields(w, h, ty, slots, slots + (<usize>nf << 2), list, 0);
  if (w.cur != nf) w.failed = true; // a JSON field not reached in declaration order
  w.cur = outer;
  w.top = base;
  return step(h, 0x7d);
}

/** structBody of a flat struct: gathers the value node of every present JSON field, then `flatFields`. */
function flatBody(w: TapeWalk, h: u32, ty: i32, node: i32, plan: usize, list: Array<JField>): u32 {
  const t = w.t;
  const nf = list.length;
  const extra = load<i32>(plan, 8);
  const base = w.top;
  if (base + nf * 2 + extra > SCRATCH_SLOTS) return giveUp(w, h);
  w.top = base + nf * 2 + extra; // the value node of each JSON field, then the fields to visit
  const slots = SCRATCH + (<usize>base << 2);
  const pres = slots + (<usize>nf << 2);
  memory.fill(slots, 0xff, <usize>nf << 2); // -1: absent
  const n = t.children(node);
  let m = 0;
  let kn = node + 1;
  let hint = 0;
  for (let i = 0; i < n; i++) {
    const v = t.next(kn);
    if ((t.flags(kn) & F_ESCAPE) != 0) { w.top = base; return giveUp(w, h); }
    const f = fieldNamed(list, nf, hint, t.ptr(kn), t.len(kn));
    if (f !== null) {
      const idx = f.index;
      hint = idx + 1;
      const s = slots + (<usize>idx << 2);
      if (load<i32>(s) >= 0) { w.top = base; return giveUp(w, h); } // a duplicate: the decoder merges into the first value
      store<i32>(s, v);
      store<i32>(pres + (<usize>(m++) << 2), idx);
    }
    kn = t.next(v);
  }
  h = step(h, 0x7b);
  h = flatFields(w, h, ty, plan, list, slots, pres, m);
  w.top = base;
  return step(h, 0x7d);
}

/**
 * The JSON field named exactly [p, p+n) (JFields.byName: the names of a list are distinct), searched from
 * `hint` on (objects mostly list their fields in the encoder's order, some left out) and then from the start.
 */
function fieldNamed(list: Array<JField>, nf: i32, hint: i32, p: usize, n: i32): JField | null {
  // (names compared 8 bytes at a time: memory.compare goes byte by byte on unequally aligned runs)
  const b0 = n > 0 ? <i32>load<u8>(p) : -1;
  for (let i = hint; i < nf; i++) {
    const f = unchecked(list[i]);
    if (f.nameN == n && (n == 0 || <i32>load<u8>(f.nameP) == b0) && sameBytes(f.nameP, p, n)) return f;
  }
  for (let i = 0; i < hint && i < nf; i++) {
    const f = unchecked(list[i]);
    if (f.nameN == n && (n == 0 || <i32>load<u8>(f.nameP) == b0) && sameBytes(f.nameP, p, n)) return f;
  }
  return null;
}

/** True when the `n` bytes at `a` and `b` are equal (8 bytes at a time, any alignment). */
function sameBytes(a: usize, b: usize, n: i32): bool {
  let i: usize = 0;
  const m = <usize>n;
  for (; i + 8 <= m; i += 8) if (load<u64>(a + i) != load<u64>(b + i)) return false;
  for (; i < m; i++) if (load<u8>(a + i) != load<u8>(b + i)) return false;
  return true;
}

/** True when `path` starts with the embedding prefix (at `pre`) of depth `d`. */
function prefixIs(path: Array<i32>, pre: usize, d: i32): bool {
  for (let j = 0; j < d; j++) if (unchecked(path[j]) != load<i32>(pre + (<usize>j << 2))) return false;
  return true;
}

/** The Go fields of struct type `ty` (embedded at depth `d`, path prefix at `pre`, of the JSON field list `list`), each as ` Name:` + value. */
function structFields(w: TapeWalk, h: u32, ty: i32, slots: usize, pre: usize, list: Array<JField>, d: i32): u32 {
  const n = fieldCount(ty);
  const nf = list.length;
  let run = -1; // first field of the pending run of zero fields
  for (let i = 0; i < n; i++) {
    if (w.failed) return h;
    const c = w.cur;
    let f: JField | null = null;
    let embedded = false;
    if (c < nf) {
      const g = unchecked(list[c]);
      const p = g.path;
      const pl = p.length;
      if (pl > d && unchecked(p[d]) == i && (d == 0 || prefixIs(p, pre, d))) {
        if (pl == d + 1) f = g; else embedded = true;
      }
    }
    if (f === null && !embedded) {
      // not a JSON field (or nothing of an embedded struct is): zero after the round trip
      if (run < 0) run = i;
      continue;
    }
    if (embedded) {
      const et = fieldType(ty, i);
      if (kind(et) != Kind.Struct || d + 1 >= MAX_EMBED) return giveUp(w, h);
      if (run >= 0) { h = piece(w, h, P_FIELD_ZERO, ty, run, i - run); run = -1; }
      h = piece(w, h, P_FIELD_HEAD, ty, i);
      h = step(h, 0x7b);
      store<i32>(pre + (<usize>d << 2), i);
      h = structFields(w, h, et, slots, pre, list, d + 1);
      h = step(h, 0x7d);
      continue;
    }
    const jf = changetype<JField>(f);
    w.cur = c + 1;
    const vn = load<i32>(slots + (<usize>jf.index << 2));
    const cls = classify(w, jf, vn, typeInfo(jf.t));
    if (w.failed) return h;
    if (cls == F_ZERO) {
      if (run < 0) run = i;
      continue;
    }
    if (run >= 0) { h = piece(w, h, P_FIELD_ZERO, ty, run, i - run); run = -1; }
    h = fieldValue(w, piece(w, h, P_FIELD_HEAD, ty, i), cls, jf, vn);
  }
  if (run >= 0) h = piece(w, h, P_FIELD_ZERO, ty, run, n - run);
  return h;
}

/** The value of JSON field `jf` (value node `vn`) after its ` Name:(T)` head, as `classify` found it (not F_ZERO). */
function fieldValue(w: TapeWalk, h: u32, cls: i32, jf: JField, vn: i32): u32 {
  if (cls == F_MEMO) return constStep(w.qt, h);
  const ft = jf.t;
  const fk = kind(ft);
  if (cls == F_VAL) {
    const v = changetype<Val>(w.val);
    w.val = null;
    if (fk == Kind.Pointer) return fmt(w, h, elem(ft), changetype<PtrV>(v).to, true);
    return body(w, h, ft, v, fk);
  }
  // F_NATIVE
  switch (fk) {
    case Kind.Pointer: return hashNode(w, h, elem(ft), vn, true);
    case Kind.String: return fnv1a_32(w.sp, <usize>w.sn, h);
    case Kind.Bool: return lit(h, "true");
    case Kind.Int: case Kind.Int8: case Kind.Int16: case Kind.Int32: case Kind.Int64:
    case Kind.Uint: case Kind.Uint8: case Kind.Uint16: case Kind.Uint32: case Kind.Uint64:
      return decimal(h, w.iv, fk >= Kind.Uint);
  }
  if (++w.walkDepth > 200) return giveUp(w, h);
  h = containerBody(w, h, ft, fk, vn);
  w.walkDepth--;
  return h;
}

/**
 * What JSON field `f` (typeInfo `info`) holds after the round trip, from its value node `vn` (-1: absent): F_ZERO (the zero
 * value), F_NATIVE (read from the tape; strings and integers left in w.sp/sn, w.iv) or F_VAL (w.val).
 * The field rules are structInPlace's (roundtrip.ts): omitempty empties and omitzero zeros become zero.
 */
function classify(w: TapeWalk, f: JField, vn: i32, info: i32): i32 {
  const t = w.t;
  const ft = f.t;
  const fk = info & 0xff;
  const flags = f.flags;
  const special = (flags & FieldFlag.String) != 0 || ((flags & FieldFlag.OmitZero) != 0 && w.go24);
  if (!special && (info & TI_MEMO) != 0 && vn >= 0) {
    // structs are never empty for omitempty: the stored form is the memoized body
    const qt = memoBody(w, ft, vn);
    if (w.failed) return F_ZERO;
    if (qt != 0) { w.qt = qt; return F_MEMO; }
  }
  if (special || (info & TI_NATIVE) == 0) {
    const fv: Val | null = vn < 0 ? null : decodeVal(w, ft, vn);
    if (w.failed) return F_ZERO;
    if (fv === null && nullStaysNull(fk)) return F_ZERO;
    if (((flags & FieldFlag.OmitEmpty) != 0 && isEmptyValue(ft, fv)) ||
      ((flags & FieldFlag.OmitZero) != 0 && w.go24 && isZeroForOmit(ft, fv))) return F_ZERO;
    const nv = normVal(w, ft, fv);
    if (w.failed || nv === null) return F_ZERO;
    w.val = nv;
    return F_VAL;
  }
  const nk = vn < 0 ? K_NULL : t.kind(vn);
  if (nk == K_NULL) {
    // the zero value (the decoder leaves a field alone on null); only a struct's zero may change
    if (fk != Kind.Struct || zeroFixed(w, ft)) return F_ZERO;
    const nv = normVal(w, ft, null);
    if (w.failed || nv === null) return F_ZERO;
    w.val = nv;
    return F_VAL;
  }
  const omitEmpty = (flags & FieldFlag.OmitEmpty) != 0;
  switch (fk) {
    case Kind.Pointer: return F_NATIVE;
    case Kind.Struct: {
      if (nk != K_OBJECT) { w.failed = true; return F_ZERO; }
      return F_NATIVE;
    }
    case Kind.String: {
      if (nk != K_STRING || !stringBytes(w, t, vn)) { w.failed = true; return F_ZERO; }
      return w.sn == 0 ? F_ZERO : F_NATIVE; // "" prints as the zero value does
    }
    case Kind.Bool: {
      if (nk == K_TRUE) return F_NATIVE;
      if (nk != K_FALSE) w.failed = true;
      return F_ZERO;
    }
    case Kind.Slice: {
      if (nk != K_ARRAY) { w.failed = true; return F_ZERO; }
      return omitEmpty && t.children(vn) == 0 ? F_ZERO : F_NATIVE;
    }
    case Kind.Map: {
      if (nk != K_OBJECT) { w.failed = true; return F_ZERO; }
      return omitEmpty && t.children(vn) == 0 ? F_ZERO : F_NATIVE;
    }
  }
  // integers
  const iv = new IntV(0);
  if (nk != K_NUMBER || !goIntInto(t.ptr(vn), t.len(vn), (t.flags(vn) & F_INT) != 0, fk, iv)) { w.failed = true; return F_ZERO; }
  w.iv = iv.v;
  return w.iv == 0 ? F_ZERO : F_NATIVE;
}
