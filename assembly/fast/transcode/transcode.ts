// Schema-driven single-pass transcoder: the raw JSON bytes of a typed Kubernetes value → exactly the
// bytes json.Marshal writes for the value the API server decodes from them (sigs.k8s.io/json from 1.23,
// json-iterator before, with the restrictions below), without a tape or a value tree. Objects of struct
// types are written field by field in struct order as their members arrive (unknown members skipped with
// validation, absent fields written as their zero values, omitempty / omitzero honoured); a member that
// arrives out of order switches the object to recorded mode, rebuilt in struct order at its end. Map
// entries are written directly while their keys increase and sorted at the end otherwise.
//
// Anything not proved to give the exact path's bytes makes it answer false: syntax errors, duplicate
// members or map keys, unknown keys equal to a field name up to ASCII case (or with
// non-ASCII bytes), type mismatches, numbers Go rejects, invalid UTF-8, floats, raw JSON (RawExtension,
// FieldsV1, metav1.Fields) that is not null, promoted fields through embedded pointers, structs with other
// hand-written JSON, omitzero on types other than metav1.Time, nesting beyond the budget, and (json-iterator)
// numbers with an exponent, numbers near its overflow checks, numeric Quantities and []byte. For what it accepts the bytes are also a fixed point of
// decode → Marshal (the same provisos as storedForm, assembly/fast/storedform/roundtrip.ts, plus times and quantities
// that are checked to read back to the same text), so they are what the kubelet re-encodes too.
// Recursion follows the schema's type nesting, bounded by the depth budget.
//
// Must equal, byte for byte: the `k8s.json` path, json.Marshal (assembly/typed/encode.ts Encoder) of the API
// server's decode (assembly/typed/decode.ts, decodeAt) of the same bytes, under the same minor and Go release.
// Gives up ("cannot prove": false, the caller runs that path) on everything listed above instead of guessing.
// test/equivalence/transcode-vs-k8sjson*.test.ts compare both (and with `exact: ["transcode"]`).
//
// Speed (none of it changes a byte; test/equivalence/transcode-orders-vs-k8sjson.test.ts): a key is first compared in place with the
// field that followed the previous one in the last object of the same type (a guess learned in the plan, so
// reordered input in a steady order costs one compare per key), then with the next few fields, then looked up in
// the plan's key index; absent fields that are dropped are skipped in runs; string, struct, pointer-to-struct and
// slice-of-struct fields call their writer directly with the nested plan cached in the field entry; strings are
// scanned 8 bytes at a time (scan.ts special8) and short runs copied without memory.copy (state.ts put).

import { ByteSink } from "../../io/sink";
import { writeGoString, unquote } from "../../json/strings";
import { unquoteJsoniter } from "../../typed/jsoniterstr";
import { hasError } from "../../base/errors";
import { Kind, kind, minorOf } from "../../schema/schema";
import { SP_NONE, SP_QUANTITY, SP_TIME, SP_INTORSTRING } from "../../typed/types";
import { decodesWithJsoniter } from "../../typed/versions";
import { ws, readString, skipValue, atNull, S_ESC, S_NEEDESC } from "./scan";
import { planRoom, planOf, planBad, planFields, planField, planLookup, zeroText, typeInfo, P_SUCC, F_SUCC, setGuess, F_CLASS, F_SUBTY, F_SUBPLAN, C_STRING, C_STRUCT, C_SLICE_STRUCT, M_OMIT_EMPTY, M_OMIT_NULL, M_ABSENT_OMIT, M_FAIL_PRESENT } from "./plan";
import { Transcode, TopFields, EMPTY, FAIL, recPush, recGet, recSet, copyShort, put, scratch } from "./state";
import { cmpBytes } from "./bytes";
import { stringValue, quotedString, boolValue, intValue, bytesValue, quantityValue, timeValue, intOrStringValue } from "./special";

/** Most nesting levels a transcode takes (deeper values go to the exact path). */
export const MAX_DEPTH: i32 = 512;
/** Fields after the next expected one whose keys are compared in place before the key index is asked. */
const QUICK: i32 = 4;
/** Unsorted maps with more entries than this go to the exact path (the sort here is quadratic). */
const MAX_UNSORTED: i32 = 256;

/**
 * Transcodes the `n` raw JSON bytes at `p` (one value of schema type `ty`, surrounding whitespace
 * allowed) into `out`: json.Marshal, under Go release `go`, of the value the API server of ty's minor
 * decodes from them. False when not proved (nothing of `out` past its length on entry is meaningful then);
 * `maxDepth` caps the nesting (the reader's limit of the caller); the output ranges of the top struct's
 * field values go into `top` when it is not null.
 */
export function transcodeStored(ty: i32, p: usize, n: i32, go: i32, out: ByteSink, maxDepth: i32 = MAX_DEPTH, top: TopFields | null = null): bool {
  return transcodeValue(ty, p, n, go, out, maxDepth, false, top) >= 0;
}

/**
 * transcodeStored, answering where the value ends: the offset after it (and, unless `more`, the whitespace after
 * it, which must reach `n`), or -1 when not proved. With `more` the value may be followed by other bytes.
 */
export function transcodeValue(ty: i32, p: usize, n: i32, go: i32, out: ByteSink, maxDepth: i32, more: bool, top: TopFields | null): i32 {
  if (hasError() || ty < 0 || kind(ty) != Kind.Struct) return -1;
  planRoom();
  const t = new Transcode(p, p + <usize>n, out, go, decodesWithJsoniter(minorOf(ty)), (maxDepth < MAX_DEPTH ? maxDepth : MAX_DEPTH) - 1, top);
  if (ws(t) != 0x7b) return -1;
  const start = out.len;
  if (structValue(t, ty, top !== null) < 0 || hasError()) { out.truncate(start); return -1; }
  if (!more && ws(t) != -1) { out.truncate(start); return -1; }
  return <i32>(t.pos - p);
}

@inline function noteTop(t: Transcode, top: bool, i: i32, start: i32, len: i32): void {
  if (top) t.top!.set(i, start, len);
}

/** Writes the value at the cursor as type `ty`: EMPTY, 0, or FAIL. */
function value(t: Transcode, ty: i32): i32 {
  if (ty < 0) return FAIL;
  const c = ws(t);
  const ti = typeInfo(ty);
  const k = <i32>load<u8>(ti, 4);
  if (c == 0x6e && atNull(t)) {
    // null leaves a fresh value at its zero under both decoders (no duplicates are accepted, so there is no earlier value)
    t.pos += 4;
    const z = zeroText(ty, t.go24);
    if (z == 0) return FAIL;
    put(t.out, z + 4, load<i32>(z));
    return k == Kind.Struct || k == Kind.Array ? 0 : EMPTY;
  }
  if (k == Kind.Struct) {
    const sp = <i32>load<u8>(ti, 5);
    if (sp != SP_NONE) {
      if (sp == SP_QUANTITY) return quantityValue(t, c);
      if (sp == SP_TIME) return timeValue(t, c);
      if (sp == SP_INTORSTRING) return intOrStringValue(t, c);
      return FAIL; // raw JSON and metav1.Fields
    }
    if (c != 0x7b) return FAIL;
    return structValue(t, ty, false);
  }
  switch (k) {
    case Kind.String: return stringValue(t, c);
    case Kind.Pointer: {
      if (<i32>load<u8>(ti, 5) != SP_NONE) return FAIL;
      const out = t.out;
      const at = out.len;
      if (value(t, load<i32>(ti, 8)) < 0) return FAIL;
      // a non-nil pointer written as null (*metav1.Time at the zero time) reads back as nil: not a fixed point
      if (out.len - at == 4 && load<u32>(out.ptr + <usize>at) == 0x6c6c756e) return FAIL;
      return 0;
    }
    case Kind.Slice: {
      if (<i32>load<u8>(ti, 6) == Kind.Uint8) return bytesValue(t, c);
      if (c != 0x5b) return FAIL;
      return sliceValue(t, load<i32>(ti, 8));
    }
    case Kind.Map: {
      if (c != 0x7b || load<u8>(ti, 7) == 0) return FAIL;
      return mapValue(t, load<i32>(ti, 8));
    }
    case Kind.Bool: return boolValue(t, c);
    case Kind.Int: case Kind.Int8: case Kind.Int16: case Kind.Int32: case Kind.Int64:
    case Kind.Uint: case Kind.Uint8: case Kind.Uint16: case Kind.Uint32: case Kind.Uint64:
      return intValue(t, c, k);
  }
  return FAIL;
}

/** Writes field `fe`'s `"name":` text, after a comma unless it is the object's first member. */
@inline function keyText(out: ByteSink, fe: usize, first: bool): void {
  const kt = <usize>load<u32>(fe, 8);
  const n = load<i32>(fe, 12);
  if (first) copyShort(out, kt, n);
  else copyShort(out, kt - 1, n + 1);
}

/** Writes the absent field `fe` (zero value unless dropped); returns whether the object is still empty. */
@inline function writeAbsent(t: Transcode, out: ByteSink, fe: usize, first: bool, top: bool, i: i32): bool {
  if ((load<i32>(fe, 20) & M_ABSENT_OMIT) != 0) {
    noteTop(t, top, i, -1, 0);
    return first;
  }
  keyText(out, fe, first);
  const at = out.len;
  copyShort(out, <usize>load<u32>(fe, 24), load<i32>(fe, 28));
  noteTop(t, top, i, at, load<i32>(fe, 28));
  return false;
}

/**
 * Writes the absent fields `from`..`to`-1 of plan `plan` that are written when absent (the others keep
 * their -1 in the top ranges); returns whether the object is still empty.
 */
@inline function absentRun(t: Transcode, out: ByteSink, plan: usize, from: i32, to: i32, first: bool, top: bool): bool {
  let i = from;
  while (i < to) {
    i = load<i32>(planField(plan, i), 32);
    if (i >= to) break;
    first = writeAbsent(t, out, planField(plan, i), first, top, i);
    i++;
  }
  return first;
}

/**
 * The value of field `fe` of class `cls` (C_STRUCT and after): its struct (or array of structs) with the struct's
 * plan cached in the field entry; what does not start as that class expects goes through value(t).
 */
function fieldValue(t: Transcode, fe: usize, cls: i32): i32 {
  const c = ws(t);
  if (cls == C_SLICE_STRUCT ? c != 0x5b : c != 0x7b) return value(t, load<i32>(fe, 16));
  const sty = load<i32>(fe, F_SUBTY);
  let sp = <usize>load<u32>(fe, F_SUBPLAN);
  if (sp == 0) {
    sp = planOf(sty, t.go24);
    if (sp == 0) return FAIL;
    store<u32>(fe, <u32>sp, F_SUBPLAN);
  }
  if (cls == C_SLICE_STRUCT) return sliceValue(t, sty, sp);
  return structValue(t, sty, false, sp);
}

/** True when a present field of mode `mode` whose value (written from `at`, result `r`) is dropped. */
@inline function dropped(mode: i32, r: i32, out: ByteSink, at: i32): bool {
  if ((mode & M_OMIT_EMPTY) != 0 && r == EMPTY) return true;
  if ((mode & M_OMIT_NULL) != 0 && out.len - at == 4 && load<u32>(out.ptr + <usize>at) == 0x6c6c756e) return true;
  return false;
}

/**
 * The field among `from`..to-1 of plan `plan` whose quoted name is at the cursor (its key text `"name":` without
 * the colon, compared 8 bytes at a time): its index, the cursor after the closing quote; -1 when none.
 */
function quickKey(t: Transcode, plan: usize, to: i32, from: i32): i32 {
  const p = t.pos;
  const room = <i32>(t.end - p);
  let first: u64 = 0;
  if (room >= 8) first = load<u64>(p);
  else for (let j = 0; j < room; j++) first |= <u64>load<u8>(p + <usize>j) << <u64>(j * 8);
  for (let i = from; i < to; i++) {
    const fe = planField(plan, i);
    const kt = <usize>load<u32>(fe, 8);
    const n = load<i32>(fe, 12) - 1; // `"name"`
    if (n > room) continue;
    if (n >= 8) {
      if (load<u64>(kt) != first) continue;
      let j = 8;
      while (j + 8 <= n) {
        if (load<u64>(kt + <usize>j) != load<u64>(p + <usize>j)) break;
        j += 8;
      }
      if (j + 8 <= n) continue;
      if (j < n && load<u64>(kt + <usize>(n - 8)) != load<u64>(p + <usize>(n - 8))) continue;
    } else {
      const mask: u64 = (<u64>1 << <u64>(n * 8)) - 1;
      if (((load<u64>(kt) ^ first) & mask) != 0) continue;
    }
    t.pos = p + <usize>n;
    return i;
  }
  return -1;
}

/**
 * The field of guess record `g` (plan.ts P_SUCC) when the quoted key at the cursor is its name (its `"name"` text
 * compared 8 bytes at a time, with 8 bytes of input to spare; else the other lookups decide), the cursor then after
 * the closing quote; -1 otherwise.
 */
@inline function guessedKey(t: Transcode, plan: usize, g: usize): i32 {
  const p = t.pos;
  const n = load<i32>(g, 4); // `"name"`
  if (<i32>(t.end - p) < n + 8) return -1;
  const x = load<u64>(g, 8) ^ load<u64>(p);
  const fi = load<i32>(g);
  if (n < 8) {
    if ((x & ((<u64>1 << <u64>(n << 3)) - 1)) != 0) return -1;
  } else {
    if (x != 0) return -1;
    if (n > 8) {
      const kt = <usize>load<u32>(planField(plan, fi), 8);
      const last = <usize>(n - 8);
      for (let j: usize = 8; j < last; j += 8) if (load<u64>(kt + j) != load<u64>(p + j)) return -1;
      if (load<u64>(kt + last) != load<u64>(p + last)) return -1;
    }
  }
  t.pos = p + <usize>n;
  return fi;
}

/** True when key bytes [kp, kp+kn) equal some field name up to ASCII case (or are not ASCII). */
function foldHit(plan: usize, nf: i32, kp: usize, kn: i32): bool {
  for (let j = 0; j < kn; j++) if (load<u8>(kp + <usize>j) >= 0x80) return true;
  for (let i = 0; i < nf; i++) {
    const fe = planField(plan, i);
    if (load<i32>(fe, 4) != kn) continue;
    const np = <usize>load<u32>(fe);
    let same = true;
    for (let j = 0; j < kn && same; j++) {
      let a = <i32>load<u8>(np + <usize>j);
      let b = <i32>load<u8>(kp + <usize>j);
      if (a >= 0x41 && a <= 0x5a) a |= 0x20;
      if (b >= 0x41 && b <= 0x5a) b |= 0x20;
      same = a == b;
    }
    if (same) return true;
  }
  return false;
}

/** A struct object at the cursor (`{`): its fields in struct order. */
function structValue(t: Transcode, ty: i32, top: bool, known: usize = 0): i32 {
  const plan = known != 0 ? known : planOf(ty, t.go24);
  if (plan == 0 || planBad(plan)) return FAIL;
  if (--t.room < 0) return FAIL;
  const nf = planFields(plan);
  const out = t.out;
  const objStart = out.len;
  out.byte(0x7b);
  t.pos++;
  const rec = recPush(t, nf * 2);
  if (top) for (let i = 0; i < nf; i++) t.top!.set(i, -1, 0);
  let seen0: u64 = 0;
  let seen1: u64 = 0;
  let first = true;
  let next = 0;
  let guess = 0; // the field after the last one read: where the next key is looked for after the learned guess
  let prev = -1; // the last field read
  let reordered = false;
  let low = nf; // the lowest field that arrived after a later one (reordered mode)
  let c = ws(t);
  if (c == 0x7d) t.pos++;
  else {
    while (true) {
      if (c != 0x22) return FAIL;
      // the key matched in place (name and closing quote) with the field that followed the last one in the previous
      // object of this type, then with the few fields after the last one; else read and looked up in the key index
      const succAt = prev < 0 ? plan + P_SUCC : planField(plan, prev) + F_SUCC;
      let fi = guessedKey(t, plan, succAt);
      if (fi < 0) {
        fi = quickKey(t, plan, guess < nf - QUICK ? guess + QUICK : nf, guess);
        if (fi >= 0) setGuess(succAt, plan, fi, nf);
      }
      let kp: usize = 0;
      let kn = 0;
      if (fi < 0) {
        if (!readString(t)) return FAIL;
        kp = t.sp;
        kn = t.sn;
        if ((t.sflags & S_ESC) != 0) {
          const d = decodedKey(t, false);
          kp = d.ptr;
          kn = d.len;
        }
        fi = planLookup(plan, kp, kn);
        if (fi >= 0) setGuess(succAt, plan, fi, nf);
      }
      if (ws(t) != 0x3a) return FAIL;
      t.pos++;
      if (fi < 0) {
        if (foldHit(plan, nf, kp, kn)) return FAIL;
        if (!skipValue(t, t.room, t.jsoniter)) return FAIL;
      } else {
        const bit: u64 = <u64>1 << <u64>(fi & 63);
        if (fi < 64) { if ((seen0 & bit) != 0) return FAIL; seen0 |= bit; }
        else { if ((seen1 & bit) != 0) return FAIL; seen1 |= bit; }
        const fe = planField(plan, fi);
        const mode = load<i32>(fe, 20);
        if ((mode & M_FAIL_PRESENT) != 0) return FAIL;
        if (!reordered && fi >= next) {
          first = absentRun(t, out, plan, next, fi, first, top);
          const mark = out.len;
          keyText(out, fe, first);
          const at = out.len;
          const cls = load<i32>(fe, F_CLASS);
          const r = cls == C_STRING && ws(t) == 0x22 ? quotedString(t) : cls >= C_STRUCT ? fieldValue(t, fe, cls) : value(t, load<i32>(fe, 16));
          if (r < 0) return FAIL;
          if (dropped(mode, r, out, at)) {
            out.truncate(mark);
            recSet(t, rec + fi * 2, -1);
            noteTop(t, top, fi, -1, 0);
          } else {
            first = false;
            recSet(t, rec + fi * 2, at);
            recSet(t, rec + fi * 2 + 1, out.len - at);
            noteTop(t, top, fi, at, out.len - at);
          }
          next = fi + 1;
        } else {
          reordered = true;
          if (fi < low) low = fi;
          const at = out.len;
          const cls = load<i32>(fe, F_CLASS);
          const r = cls == C_STRING && ws(t) == 0x22 ? quotedString(t) : cls >= C_STRUCT ? fieldValue(t, fe, cls) : value(t, load<i32>(fe, 16));
          if (r < 0) return FAIL;
          if (dropped(mode, r, out, at)) recSet(t, rec + fi * 2, -1);
          else {
            recSet(t, rec + fi * 2, at);
            recSet(t, rec + fi * 2 + 1, out.len - at);
          }
        }
        guess = fi + 1;
        prev = fi;
      }
      c = ws(t);
      if (c == 0x2c) {
        t.pos++;
        c = ws(t);
        continue;
      }
      if (c != 0x7d) return FAIL;
      t.pos++;
      break;
    }
  }
  t.room++;
  if (!reordered) {
    first = absentRun(t, out, plan, next, nf, first, top);
    out.byte(0x7d);
  } else {
    // rebuild in struct order from the recorded value ranges, from the field after the last one written in order
    // before `low` (the members before it are final: every field below `low` was read in order, or not at all)
    let from = low;
    let keep = objStart + 1;
    while (from > 0) {
      const j = from - 1;
      if ((j < 64 ? (seen0 >> <u64>j) & 1 : (seen1 >> <u64>(j - 64)) & 1) != 0 && recGet(t, rec + j * 2) >= 0) {
        keep = recGet(t, rec + j * 2) + recGet(t, rec + j * 2 + 1);
        break;
      }
      from = j;
    }
    const len = out.len - keep;
    const tmp = scratch(t, len);
    memory.copy(tmp, out.ptr + <usize>keep, <usize>len);
    out.truncate(keep);
    first = from == 0;
    for (let i = from; i < nf; i++) {
      const fe = planField(plan, i);
      const seen = i < 64 ? (seen0 >> <u64>i) & 1 : (seen1 >> <u64>(i - 64)) & 1;
      if (seen == 0) { first = writeAbsent(t, out, fe, first, top, i); continue; }
      const s = recGet(t, rec + i * 2);
      if (s < 0) { noteTop(t, top, i, -1, 0); continue; }
      keyText(out, fe, first);
      first = false;
      const vl = recGet(t, rec + i * 2 + 1);
      noteTop(t, top, i, out.len, vl);
      put(out, tmp + <usize>(s - keep), vl);
    }
    out.byte(0x7d);
  }
  t.recTop = rec;
  return 0;
}

/** An array at the cursor (`[`) of elements of type `et`. */
function sliceValue(t: Transcode, et: i32, plan: usize = 0): i32 {
  if (--t.room < 0) return FAIL;
  const strings = plan == 0 && et >= 0 && <i32>load<u8>(typeInfo(et), 4) == Kind.String; // []string: elements straight to quotedString
  const out = t.out;
  out.byte(0x5b);
  t.pos++;
  let c = ws(t);
  let count = 0;
  if (c == 0x5d) t.pos++;
  else {
    while (true) {
      if (count > 0) out.byte(0x2c);
      const c0 = ws(t);
      if (plan != 0 && c0 == 0x7b) {
        if (structValue(t, et, false, plan) < 0) return FAIL;
      } else if (strings && c0 == 0x22) {
        if (quotedString(t) < 0) return FAIL;
      } else if (value(t, et) < 0) return FAIL;
      count++;
      c = ws(t);
      if (c == 0x2c) { t.pos++; continue; }
      if (c != 0x5d) return FAIL;
      t.pos++;
      break;
    }
  }
  out.byte(0x5d);
  t.room++;
  return count == 0 ? EMPTY : 0;
}

/** Bytewise comparison of two keys (Go's string order). */
@inline function cmpKeys(ap: usize, an: i32, bp: usize, bn: i32): i32 {
  return cmpBytes(ap, an, bp, bn);
}

/** The last string read, decoded as the API server's decoder decodes keys (json-iterator's only for map keys: struct fields are matched on Go's). */
function decodedKey(t: Transcode, mapKey: bool): ByteSink {
  const d = new ByteSink(t.sn + 8);
  if (t.jsoniter && mapKey) unquoteJsoniter(d, t.sp, t.sn);
  else unquote(d, t.sp, t.sn, false);
  return d;
}

/** Writes a map key: its raw text when Go writes it unchanged, else Go's escaping of the (decoded) bytes. */
@inline function writeKey(t: Transcode, out: ByteSink, kp: usize, kn: i32, flags: i32): void {
  if ((flags & S_NEEDESC) == 0) put(out, kp - 1, kn + 2);
  else writeGoString(out, kp, kn, t.go22, false);
}

/** An object at the cursor (`{`) as a map with string keys and values of type `et`: keys sorted. */
function mapValue(t: Transcode, et: i32): i32 {
  if (--t.room < 0) return FAIL;
  const out = t.out;
  const objStart = out.len;
  out.byte(0x7b);
  t.pos++;
  const base = t.recTop;
  const strings = et >= 0 && <i32>load<u8>(typeInfo(et), 4) == Kind.String; // map[string]string: values straight to quotedString
  let count = 0;
  let sorted = true;
  let c = ws(t);
  if (c == 0x7d) t.pos++;
  else {
    while (true) {
      if (c != 0x22 || !readString(t)) return FAIL;
      let kp = t.sp;
      let kn = t.sn;
      let kf = t.sflags;
      if ((kf & S_ESC) != 0) {
        // the decoded key, written with Go's escaping
        const d = decodedKey(t, true);
        kp = d.ptr;
        kn = d.len;
        kf = S_NEEDESC;
      }
      if (ws(t) != 0x3a) return FAIL;
      t.pos++;
      if (count > 0) {
        const prev = base + (count - 1) * 5;
        const d = cmpKeys(<usize>recGet(t, prev), recGet(t, prev + 1), kp, kn);
        if (d == 0) return FAIL;
        if (d > 0) sorted = false;
      }
      if (sorted) {
        if (count > 0) out.byte(0x2c);
        writeKey(t, out, kp, kn, kf);
        out.byte(0x3a);
      }
      const at = out.len;
      if (strings && ws(t) == 0x22) {
        if (quotedString(t) < 0) return FAIL;
      } else if (value(t, et) < 0) return FAIL;
      const r = recPush(t, 5);
      recSet(t, r, <i32>kp);
      recSet(t, r + 1, kn);
      recSet(t, r + 2, at);
      recSet(t, r + 3, out.len - at);
      recSet(t, r + 4, kf);
      count++;
      c = ws(t);
      if (c == 0x2c) { t.pos++; c = ws(t); continue; }
      if (c != 0x7d) return FAIL;
      t.pos++;
      break;
    }
  }
  if (!sorted) {
    if (count > MAX_UNSORTED) return FAIL;
    // insertion sort of the entry indexes by key, then the entries again in that order
    const idx = heap.alloc(<usize>count * 4);
    for (let i = 0; i < count; i++) {
      const ri = base + i * 5;
      let j = i;
      while (j > 0) {
        const rj = load<i32>(idx + <usize>(j - 1) * 4);
        const d = cmpKeys(<usize>recGet(t, rj), recGet(t, rj + 1), <usize>recGet(t, ri), recGet(t, ri + 1));
        if (d == 0) return FAIL;
        if (d < 0) break;
        store<i32>(idx + <usize>j * 4, rj);
        j--;
      }
      store<i32>(idx + <usize>j * 4, ri);
    }
    const len = out.len - objStart;
    const tmp = scratch(t, len);
    memory.copy(tmp, out.ptr + <usize>objStart, <usize>len);
    out.truncate(objStart);
    out.byte(0x7b);
    for (let i = 0; i < count; i++) {
      const ri = load<i32>(idx + <usize>i * 4);
      if (i > 0) out.byte(0x2c);
      writeKey(t, out, <usize>recGet(t, ri), recGet(t, ri + 1), recGet(t, ri + 4));
      out.byte(0x3a);
      put(out, tmp + <usize>(recGet(t, ri + 2) - objStart), recGet(t, ri + 3));
    }
  }
  out.byte(0x7d);
  t.recTop = base;
  t.room++;
  return count == 0 ? EMPTY : 0;
}

