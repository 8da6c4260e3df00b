// PatchMetaFromStruct over the generated schema tables: which Go struct field a JSON key names (the field
// list k8s.io/apimachinery's forked encoding/json computes: exported fields, json tags, embedded structs
// promoted breadth-first with Go's dominance rules; exact name first, else the first case-insensitive
// match), and that field's `patchStrategy` / `patchMergeKey` tags. A schema is a type handle of
// assembly/schema/schema.ts (any kind: lookups fail on non-structs with upstream's texts).

import { ByteSink } from "../../io/sink";
import {
  Kind, FieldFlag, kind, elem, fieldCount, fieldFlags, fieldType, fieldJSONRef, fieldPatchStrategyRef,
  fieldPatchMergeKeyRef, spewNameRef, pkgPathRef, strPtr, strLen,
} from "../../schema/schema";
import { compareBytes } from "../../json/members";
import { jsonFields, JField as KField } from "../../typed/fields";
import { decodeRune, runeLen } from "../../json/strings";
import { goQuote } from "../../json/gostrconv";
import { goQuoteV2 } from "../../json/quote-v2";
import { smpError, smpErrorBytes, goPanic } from "./errors";

/** reflect.Kind.String() */
export function kindName(k: i32): string {
  switch (k) {
    case Kind.Bool: return "bool";
    case Kind.Int: return "int";
    case Kind.Int8: return "int8";
    case Kind.Int16: return "int16";
    case Kind.Int32: return "int32";
    case Kind.Int64: return "int64";
    case Kind.Uint: return "uint";
    case Kind.Uint8: return "uint8";
    case Kind.Uint16: return "uint16";
    case Kind.Uint32: return "uint32";
    case Kind.Uint64: return "uint64";
    case Kind.Uintptr: return "uintptr";
    case Kind.Float32: return "float32";
    case Kind.Float64: return "float64";
    case Kind.Complex64: return "complex64";
    case Kind.Complex128: return "complex128";
    case Kind.Array: return "array";
    case Kind.Chan: return "chan";
    case Kind.Func: return "func";
    case Kind.Interface: return "interface";
    case Kind.Map: return "map";
    case Kind.Pointer: return "ptr";
    case Kind.Slice: return "slice";
    case Kind.String: return "string";
    case Kind.Struct: return "struct";
    case Kind.UnsafePointer: return "unsafe.Pointer";
  }
  return "invalid";
}

/** One field of a struct's JSON field list. */
class JField {
  /** JSON name (string-pool bytes) */
  np: usize = 0;
  nn: i32 = 0;
  tagged: bool = false;
  index: Array<i32> = new Array<i32>();
}

/** The lookups of one call: its Go minor, whether the memoized paths may answer, and its field lists by type handle. */
export class MetaCache {
  fields: Map<i32, Array<JField>> = new Map<i32, Array<JField>>();
  /** `memo` false: every lookup takes typeFields (upstream's own algorithm), as the memoized paths must answer. */
  constructor(public go: i32, public memo: bool) {}
}

/** Result of a lookup: the sub-schema and the field's tags. */
export class PatchMeta {
  /** sub-schema type handle */
  t: i32 = -1;
  /** `patchStrategy` tag (string-pool bytes) */
  sp: usize = 0;
  sn: i32 = 0;
  /** `patchMergeKey` tag */
  kp: usize = 0;
  kn: i32 = 0;
}

/** The decoded strategy of a field (extractRetainKeysPatchStrategy). */
export class Strategy {
  retainKeys: bool = false;
  /** the other strategy: "" / "merge" / "replace" / anything else, as bytes */
  p: usize = 0;
  n: i32 = 0;

  @inline isMerge(): bool {
    return eqBytes(this.p, this.n, "merge");
  }

  @inline isReplace(): bool {
    return eqBytes(this.p, this.n, "replace");
  }
}

function eqBytes(p: usize, n: i32, s: string): bool {
  if (n != s.length) return false;
  for (let i = 0; i < n; i++) if (<i32>load<u8>(p + <usize>i) != s.charCodeAt(i)) return false;
  return true;
}

/** Go's reflect.Type.Name() of a struct type (named: after the package qualifier; unnamed: ""). */
function typeNameBytes(out: ByteSink, t: i32): void {
  if (strLen(pkgPathRef(t)) == 0) return;
  const r = spewNameRef(t);
  const p = strPtr(r);
  const n = strLen(r);
  let i = 0;
  while (i < n && load<u8>(p + <usize>i) != 0x2e) i++;
  out.bytes(p + <usize>(i + 1), n - i - 1);
}

/** An unnamed pointer type (reflect: Name() == "" && Kind() == Ptr). */
function unnamedPointer(t: i32): bool {
  return kind(t) == Kind.Pointer && load<u8>(strPtr(spewNameRef(t))) == 0x2a;
}

/** The forked typeFields(t): JSON fields of struct t in index order. */
function typeFields(t: i32, cache: MetaCache): Array<JField> {
  if (cache.fields.has(t)) return cache.fields.get(t);
  let current = new Array<JField>();
  let next = new Array<JField>();
  const root = new JField();
  next.push(root);
  const nextTypes = new Array<i32>();
  nextTypes.push(t);
  let curTypes = new Array<i32>();
  let count = new Map<i32, i32>();
  let nextCount = new Map<i32, i32>();
  const visited = new Set<i32>();
  const fields = new Array<JField>();
  let nt = nextTypes;
  while (next.length > 0) {
    current = next;
    curTypes = nt;
    next = new Array<JField>();
    nt = new Array<i32>();
    count = nextCount;
    nextCount = new Map<i32, i32>();
    for (let c = 0; c < current.length; c++) {
      const f = current[c];
      const ftyp = curTypes[c];
      if (visited.has(ftyp)) continue;
      visited.add(ftyp);
      const nf = fieldCount(ftyp);
      for (let i = 0; i < nf; i++) {
        const flags = fieldFlags(ftyp, i);
        if (!(flags & FieldFlag.Exported)) continue;
        if (flags & FieldFlag.Skip) continue;
        const tagged = (flags & FieldFlag.Tagged) != 0;
        const index = f.index.slice(0);
        index.push(i);
        let ft = fieldType(ftyp, i);
        if (ft >= 0 && unnamedPointer(ft)) ft = elem(ft);
        const anon = (flags & FieldFlag.Anonymous) != 0;
        if (tagged || !anon || ft < 0 || kind(ft) != Kind.Struct) {
          const jf = new JField();
          const r = fieldJSONRef(ftyp, i);
          jf.np = strPtr(r);
          jf.nn = strLen(r);
          jf.tagged = tagged;
          jf.index = index;
          fields.push(jf);
          if (count.has(ftyp) && count.get(ftyp) > 1) fields.push(jf);
          continue;
        }
        const cnt = (nextCount.has(ft) ? nextCount.get(ft) : 0) + 1;
        nextCount.set(ft, cnt);
        if (cnt == 1) {
          const e = new JField();
          e.index = index;
          next.push(e);
          nt.push(ft);
        }
      }
    }
  }
  // sort by name, then depth, then tagged first, then index
  sortFields(fields, true);
  const out = new Array<JField>();
  let i = 0;
  while (i < fields.length) {
    const fi = fields[i];
    let advance = 1;
    while (i + advance < fields.length) {
      const fj = fields[i + advance];
      if (compareBytes(fj.np, fj.nn, fi.np, fi.nn) != 0) break;
      advance++;
    }
    if (advance == 1) {
      out.push(fi);
    } else {
      const d = dominant(fields, i, i + advance);
      if (d !== null) out.push(d);
    }
    i += advance;
  }
  sortFields(out, false);
  cache.fields.set(t, out);
  return out;
}

/** dominantField over fields[a:b] (same name, sorted by depth). */
function dominant(fields: Array<JField>, a: i32, b: i32): JField | null {
  const length = fields[a].index.length;
  let tagged = -1;
  let end = b;
  for (let i = a; i < b; i++) {
    const f = fields[i];
    if (f.index.length > length) { end = i; break; }
    if (f.tagged) {
      if (tagged >= 0) return null;
      tagged = i;
    }
  }
  if (tagged >= 0) return fields[tagged];
  if (end - a > 1) return null;
  return fields[a];
}

function byIndexLess(x: JField, y: JField): bool {
  const xi = x.index, yi = y.index;
  for (let k = 0; k < xi.length; k++) {
    if (k >= yi.length) return false;
    if (xi[k] != yi[k]) return xi[k] < yi[k];
  }
  return xi.length < yi.length;
}

function byNameLess(x: JField, y: JField): bool {
  const c = compareBytes(x.np, x.nn, y.np, y.nn);
  if (c != 0) return c < 0;
  if (x.index.length != y.index.length) return x.index.length < y.index.length;
  if (x.tagged != y.tagged) return x.tagged;
  return byIndexLess(x, y);
}

/** Sorts fields by name (then depth, tag, index) or by index: a strict total order up to identical duplicates, so any correct sort agrees. */
function sortFields(a: Array<JField>, byName: bool): void {
  const n = a.length;
  if (n < 2) return;
  // already in order (the index sort of fields read in index order): nothing to do
  let sorted = true;
  for (let i = 1; i < n && sorted; i++) if (fieldLess(unchecked(a[i]), unchecked(a[i - 1]), byName)) sorted = false;
  if (sorted) return;
  // a stable bottom-up merge sort
  let src = new StaticArray<JField>(n);
  let dst = new StaticArray<JField>(n);
  for (let i = 0; i < n; i++) unchecked(src[i] = a[i]);
  for (let width = 1; width < n; width <<= 1) {
    for (let lo = 0; lo < n; lo += width << 1) {
      const mid = min(lo + width, n);
      const hi = min(lo + (width << 1), n);
      let i = lo, j = mid, o = lo;
      while (i < mid && j < hi) {
        if (fieldLess(unchecked(src[j]), unchecked(src[i]), byName)) { unchecked(dst[o] = src[j]); j++; } else { unchecked(dst[o] = src[i]); i++; }
        o++;
      }
      while (i < mid) { unchecked(dst[o] = src[i]); i++; o++; }
      while (j < hi) { unchecked(dst[o] = src[j]); j++; o++; }
    }
    const t = src; src = dst; dst = t;
  }
  for (let i = 0; i < n; i++) unchecked(a[i] = src[i]);
}

/** The order of sortFields. */
@inline function fieldLess(x: JField, y: JField, byName: bool): bool {
  return byName ? byNameLess(x, y) : byIndexLess(x, y);
}

// ---------------------------------------------------------------------------------------------------
// case folding (the forked foldFunc for an ASCII field name s against key bytes t)

const KELVIN = 0x212a;
const LONG_S = 0x17f;

function foldEqual(s: usize, sn: i32, t: usize, tn: i32): bool {
  let special = false, nonLetter = false;
  for (let i = 0; i < sn; i++) {
    const b = <i32>load<u8>(s + <usize>i);
    if (b >= 0x80) return unicodeFold(s, sn, t, tn);
    const upper = b & 0xdf;
    if (upper < 0x41 || upper > 0x5a) nonLetter = true;
    else if (upper == 0x4b || upper == 0x53) special = true;
  }
  if (special) return equalFoldRight(s, sn, t, tn);
  if (sn != tn) return false;
  for (let i = 0; i < sn; i++) {
    const sb = <i32>load<u8>(s + <usize>i);
    const tb = <i32>load<u8>(t + <usize>i);
    if (nonLetter) {
      if (sb == tb) continue;
      if ((sb >= 0x61 && sb <= 0x7a) || (sb >= 0x41 && sb <= 0x5a)) {
        if ((sb & 0xdf) != (tb & 0xdf)) return false;
      } else return false;
    } else if ((sb & 0xdf) != (tb & 0xdf)) return false;
  }
  return true;
}

function equalFoldRight(s: usize, sn: i32, t: usize, tn: i32): bool {
  let ti = 0;
  for (let i = 0; i < sn; i++) {
    if (ti >= tn) return false;
    const sb = <i32>load<u8>(s + <usize>i);
    const tb = <i32>load<u8>(t + <usize>ti);
    if (tb < 0x80) {
      if (sb != tb) {
        const su = sb & 0xdf;
        if (su >= 0x41 && su <= 0x5a) {
          if (su != (tb & 0xdf)) return false;
        } else return false;
      }
      ti++;
      continue;
    }
    const tr = decodeRune(t + <usize>ti, tn - ti);
    const size = runeLen(tr);
    if (sb == 0x73 || sb == 0x53) {
      if (tr != LONG_S) return false;
    } else if (sb == 0x6b || sb == 0x4b) {
      if (tr != KELVIN) return false;
    } else return false;
    ti += size;
  }
  return ti >= tn;
}

/** bytes.EqualFold for a field name with non-ASCII bytes (never in the Kubernetes types): exact match only. */
function unicodeFold(s: usize, sn: i32, t: usize, tn: i32): bool {
  return sn == tn && memory.compare(s, t, <usize>sn) == 0;
}

// ---------------------------------------------------------------------------------------------------
// lookups

/** PatchMetaFromStruct{T: t}.LookupPatchMetadataForStruct(key): fills `out`, or records upstream's error. */
export function lookupStruct(t: i32, kp: usize, kn: i32, out: PatchMeta, cache: MetaCache): bool {
  if (kind(t) == Kind.Pointer) t = elem(t);
  if (kind(t) != Kind.Struct) {
    return smpError("merging an object in json but data type is not struct, instead is: " + kindName(kind(t)));
  }
  if (!cache.memo) return lookupStructSlow(t, kp, kn, out, cache);
  let i = cachedField(t, kp, kn);
  if (i < 0) {
    i = flatField(t, kp, kn);
    if (i == NOT_FLAT) return lookupEmbedded(t, kp, kn, out, cache);
    if (i < 0) return lookupStructSlow(t, kp, kn, out, cache);
    rememberField(t, kp, kn, i);
  }
  out.t = fieldType(t, i);
  const sr = fieldPatchStrategyRef(t, i);
  out.sp = strPtr(sr);
  out.sn = strLen(sr);
  const mr = fieldPatchMergeKeyRef(t, i);
  out.kp = strPtr(mr);
  out.kn = strLen(mr);
  return true;
}

// A process-wide direct-mapped cache of flatField answers that are exact name matches: (type, key hash) →
// field index. It depends on the static schema only, so it lives in a static region (primitives, no heap
// pointers) and survives calls; a hit is confirmed by comparing the field's JSON name with the key
// (docs/architecture.md, "State that outlives a call").
const FC_SLOTS: i32 = 512; // power of two; (type + 1, field index) pairs
const FC_TABLE: usize = memory.data(FC_SLOTS * 8, 8);

@inline function fcSlot(t: i32, kp: usize, kn: i32): usize {
  let h: u32 = <u32>t * 0x9e3779b1;
  for (let i = 0; i < kn; i++) h = (h ^ <u32>load<u8>(kp + <usize>i)) * 0x01000193;
  return FC_TABLE + (<usize>(h & <u32>(FC_SLOTS - 1)) << 3);
}

/** The field of flat struct t named exactly [kp, kp+kn) if cached, else -1. */
function cachedField(t: i32, kp: usize, kn: i32): i32 {
  const e = fcSlot(t, kp, kn);
  if (load<i32>(e) != t + 1) return -1;
  const i = load<i32>(e, 4);
  const r = fieldJSONRef(t, i);
  return strLen(r) == kn && memory.compare(strPtr(r), kp, <usize>kn) == 0 ? i : -1;
}

/** Caches flatField's answer i for key [kp, kp+kn) when it is an exact name match. */
function rememberField(t: i32, kp: usize, kn: i32, i: i32): void {
  const r = fieldJSONRef(t, i);
  if (strLen(r) != kn || memory.compare(strPtr(r), kp, <usize>kn) != 0) return;
  const e = fcSlot(t, kp, kn);
  store<i32>(e, t + 1);
  store<i32>(e, i, 4);
}

/** flatField: the struct embeds another. */
const EMB_MAX: i32 = 64;
// scratch: rewritten before every use (embeddingAgrees' stack of type handles)
const EMB_STACK: usize = memory.data(EMB_MAX * 4, 4);
const NOT_FLAT: i32 = -2;

/**
 * Whether encoding/json's field list of struct t (assembly/typed/fields.ts, frozen per process) is the forked
 * one's: they differ only when an embedded field is unexported or a named pointer type, which no
 * Kubernetes type has. Walks the embedded fields only.
 */
function embeddingAgrees(t: i32): bool {
  // a static stack of type handles (no allocation; bounded like the walk)
  let sp = 0;
  store<i32>(EMB_STACK, t);
  sp = 1;
  let steps = 0;
  while (sp > 0) {
    const st = load<i32>(EMB_STACK + (<usize>(--sp) << 2));
    if (++steps > 64) return false;
    const n = fieldCount(st);
    for (let i = 0; i < n; i++) {
      const flags = fieldFlags(st, i);
      if (!(flags & FieldFlag.Anonymous)) continue;
      if (!(flags & FieldFlag.Exported)) return false;
      let ft = fieldType(st, i);
      if (ft < 0) return false;
      if (kind(ft) == Kind.Pointer) {
        if (!unnamedPointer(ft)) return false;
        ft = elem(ft);
      }
      if ((flags & (FieldFlag.Tagged | FieldFlag.Skip)) == 0 && kind(ft) == Kind.Struct) {
        if (sp == EMB_MAX) return false;
        store<i32>(EMB_STACK + (<usize>(sp++) << 2), ft);
      }
    }
  }
  return true;
}

/** lookupStruct for a struct with embedded fields, over the process-wide field list when it agrees. */
function lookupEmbedded(t: i32, kp: usize, kn: i32, out: PatchMeta, cache: MetaCache): bool {
  if (!embeddingAgrees(t)) return lookupStructSlow(t, kp, kn, out, cache);
  const list = jsonFields(t).list;
  const n = list.length;
  let f: KField | null = null;
  for (let i = 0; i < n; i++) {
    const x = unchecked(list[i]);
    if (x.nameN == kn && memory.compare(x.nameP, kp, <usize>kn) == 0) { f = x; break; }
  }
  if (f === null) {
    for (let i = 0; i < n; i++) {
      const x = unchecked(list[i]);
      if (foldEqual(x.nameP, x.nameN, kp, kn)) { f = x; break; }
    }
  }
  if (f === null) return lookupStructSlow(t, kp, kn, out, cache);
  let st = t;
  const idx = f.path;
  for (let i = 0; i < idx.length - 1; i++) {
    st = fieldType(st, unchecked(idx[i]));
    if (kind(st) != Kind.Struct) return lookupStructSlow(t, kp, kn, out, cache);
  }
  const last = unchecked(idx[idx.length - 1]);
  out.t = fieldType(st, last);
  const sr = fieldPatchStrategyRef(st, last);
  out.sp = strPtr(sr);
  out.sn = strLen(sr);
  const mr = fieldPatchMergeKeyRef(st, last);
  out.kp = strPtr(mr);
  out.kn = strLen(mr);
  return true;
}

/** A field of struct t that no embedded field can hide: exported and not skipped. */
@inline function listed(flags: i32): bool {
  return (flags & FieldFlag.Exported) != 0 && (flags & FieldFlag.Skip) == 0;
}

/**
 * Fast path of the lookup for a struct without embedded fields (every Kubernetes struct but the top-level
 * kinds): its field list is its listed fields in declaration order, so the answer is the first exact, else
 * the first case-folded, name match, provided no other field has that name (duplicates hide each other).
 * The field index, or -1 when the general algorithm must answer (also for every error).
 */
function flatField(t: i32, kp: usize, kn: i32): i32 {
  const n = fieldCount(t);
  let exact = -1;
  for (let i = 0; i < n; i++) {
    const flags = fieldFlags(t, i);
    if (flags & FieldFlag.Anonymous) return NOT_FLAT;
    if (exact >= 0 || !listed(flags)) continue;
    const r = fieldJSONRef(t, i);
    if (strLen(r) == kn && memory.compare(strPtr(r), kp, <usize>kn) == 0) exact = i;
  }
  let f = exact;
  if (f < 0) {
    for (let i = 0; i < n; i++) {
      if (!listed(fieldFlags(t, i))) continue;
      const r = fieldJSONRef(t, i);
      if (foldEqual(strPtr(r), strLen(r), kp, kn)) { f = i; break; }
    }
    if (f < 0) return -1;
  }
  // unique name?
  const r = fieldJSONRef(t, f);
  const np = strPtr(r);
  const nn = strLen(r);
  for (let i = 0; i < n; i++) {
    if (i == f || !listed(fieldFlags(t, i))) continue;
    const q = fieldJSONRef(t, i);
    if (strLen(q) == nn && memory.compare(strPtr(q), np, <usize>nn) == 0) return -1;
  }
  return f;
}

/** lookupStruct over the per-call field list of struct `t` (also answers every error). */
function lookupStructSlow(t: i32, kp: usize, kn: i32, out: PatchMeta, cache: MetaCache): bool {
  const fields = typeFields(t, cache);
  // the first exact match, else the first case-folded one (two passes: most keys match exactly)
  let f: JField | null = null;
  for (let i = 0; i < fields.length; i++) {
    const ff = unchecked(fields[i]);
    if (ff.nn == kn && compareBytes(ff.np, ff.nn, kp, kn) == 0) { f = ff; break; }
  }
  if (f === null) {
    for (let i = 0; i < fields.length; i++) {
      const ff = unchecked(fields[i]);
      if (foldEqual(ff.np, ff.nn, kp, kn)) { f = ff; break; }
    }
  }
  if (f === null) {
    const b = new ByteSink(64);
    b.ascii("unable to find api field in struct ");
    typeNameBytes(b, t);
    b.ascii(" for the json field ");
    if (cache.go >= 27) goQuoteV2(b, kp, kn); else goQuote(b, kp, kn);
    return smpErrorBytes(b);
  }
  // navigate the index path: t.Field(i0).Type.Field(i1)...
  let st = t;
  const idx = f.index;
  for (let i = 0; i < idx.length - 1; i++) {
    st = fieldType(st, idx[i]);
    if (kind(st) != Kind.Struct) {
      const b = new ByteSink(64);
      b.ascii("reflect: Field of non-struct type ");
      const r = spewNameRef(st);
      b.bytes(strPtr(r), strLen(r));
      return goPanic(String.UTF8.decodeUnsafe(b.ptr, <usize>b.len));
    }
  }
  const last = idx[idx.length - 1];
  out.t = fieldType(st, last);
  const sr = fieldPatchStrategyRef(st, last);
  out.sp = strPtr(sr);
  out.sn = strLen(sr);
  const mr = fieldPatchMergeKeyRef(st, last);
  out.kp = strPtr(mr);
  out.kn = strLen(mr);
  return true;
}

/** PatchMetaFromStruct{T: t}.LookupPatchMetadataForSlice(key): the element type as sub-schema. */
export function lookupSlice(t: i32, kp: usize, kn: i32, out: PatchMeta, cache: MetaCache): bool {
  if (!lookupStruct(t, kp, kn, out, cache)) return false;
  let ft = out.t;
  const k = kind(ft);
  if (k == Kind.Array || k == Kind.Slice) {
    const e = elem(ft);
    const ek = kind(e);
    if (ek == Kind.Array || ek == Kind.Slice) return smpError("unexpected slice of slice");
    out.t = e;
  } else if (k == Kind.Pointer) {
    ft = elem(ft);
    const pk = kind(ft);
    if (pk == Kind.Array || pk == Kind.Slice) ft = elem(ft);
    out.t = ft;
  } else {
    return smpError("expected slice or array type, but got: " + kindName(kind(t)));
  }
  return true;
}

/** PatchMetaFromStruct.Name(): the kind of the schema type. */
export function schemaName(t: i32): string {
  return kindName(kind(t));
}

/** extractRetainKeysPatchStrategy(strings.Split(tag, ",")): fills `out` or records upstream's error. */
export function extractStrategy(m: PatchMeta, out: Strategy): bool {
  // split on ',' (no allocation: at most two parts are valid)
  let commas = 0;
  let c1 = -1;
  for (let i = 0; i < m.sn; i++) {
    if (load<u8>(m.sp + <usize>i) == 0x2c) {
      if (commas == 0) c1 = i;
      commas++;
    }
  }
  out.retainKeys = false;
  out.p = m.sp;
  out.n = 0;
  if (commas == 0) {
    if (eqBytes(m.sp, m.sn, "retainKeys")) { out.retainKeys = true; return true; }
    out.n = m.sn;
    return true;
  }
  if (commas == 1) {
    const p1 = m.sp + <usize>(c1 + 1);
    const n1 = m.sn - c1 - 1;
    if (eqBytes(m.sp, c1, "retainKeys")) {
      out.retainKeys = true;
      out.p = p1;
      out.n = n1;
      return true;
    }
    if (eqBytes(p1, n1, "retainKeys")) {
      out.retainKeys = true;
      out.n = c1;
      return true;
    }
  }
  const parts = new Array<i32>(); // start offsets
  const lens = new Array<i32>();
  let start = 0;
  for (let i = 0; i <= m.sn; i++) {
    if (i == m.sn || load<u8>(m.sp + <usize>i) == 0x2c) {
      parts.push(start);
      lens.push(i - start);
      start = i + 1;
    }
  }
  const b = new ByteSink(64);
  b.ascii("unexpected patch strategy: [");
  for (let i = 0; i < parts.length; i++) {
    if (i > 0) b.byte(0x20);
    b.bytes(m.sp + <usize>parts[i], lens[i]);
  }
  b.byte(0x5d);
  return smpErrorBytes(b);
}
