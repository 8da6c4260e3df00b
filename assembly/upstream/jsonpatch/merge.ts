// JSON Merge Patch (RFC 7396) exactly as gopkg.in/evanphx/json-patch.v4 v4.13.0 (the copy Kubernetes
// vendors): MergePatch (apply) and CreateMergePatch (diff), byte for byte.
//
// MergePatch works on lazy nodes (see lazy.ts): the result keeps untouched values as their compacted
// text, member order and number spellings included; what the patch touches is re-marshalled with
// sorted keys. Nulls in the patch delete members, and are pruned from values the patch inserts
// (nulls inside arrays stay). A document that is not an object gets the pruned patch; a patch that is
// an array is returned (pruned) as the result. CreateMergePatch decodes both documents into Go values
// (numbers through float64) and writes the difference with sorted keys; two arrays of documents are
// diffed pairwise. Iterative throughout.

import { ByteSink } from "../../io/sink";
import { Tape, K_NULL, K_OBJECT, K_ARRAY } from "../../json/tape";
import { Node, Bytes, rawNode } from "../../json/dom";
import { sortMembers, membersAt, membersCount, Member, compareBytes } from "../../json/members";
import { goType, scalarEqual, goEqual } from "../../json/goequal";
import { writeGoString, decodeRune, runeLen } from "../../json/strings";
import { writeCanonical, WriteOptions, MODE_GO } from "../../json/writer";
import { intoDoc, intoAry, marshalLazy } from "./lazy";
import { sameText } from "../../fast/sametext/sametext";

/** pruneNulls(n), pruneDocNulls and pruneAryNulls, iteratively. */
export function pruneNulls(n: Node): void {
  const stack = new Array<Node>();
  stack.push(n);
  while (stack.length > 0) {
    const x = stack.pop();
    if (intoDoc(x)) {
      pruneMembers(x, stack);
    } else if (intoAry(x)) {
      const items = x.items!;
      for (let i = 0; i < items.length; i++) {
        const v = items[i];
        if (v !== null) stack.push(v);
      }
      x.isNil = false; // pruneAryNulls stores a new, non-nil slice
    }
  }
}

/** pruneDocNulls on an expanded object: drops nil members, queues the others. */
function pruneMembers(x: Node, stack: Array<Node>): void {
  const keys = x.keys!;
  const items = x.items!;
  let w = 0;
  for (let i = 0; i < items.length; i++) {
    const v = items[i];
    if (v === null) continue;
    stack.push(v);
    keys[w] = keys[i];
    items[w] = v;
    w++;
  }
  keys.length = w;
  items.length = w;
}

/**
 * mergeDocs(doc, patch) with mergeMerge false, for expanded objects. Both hold their keys sorted, so each
 * object pair is one merge of two sorted lists (the members are independent: Go's map order is not seen);
 * nested object pairs are merged after their parents.
 */
function mergeDocs(doc: Node, patch: Node): void {
  const docs = new Array<Node>();
  const patches = new Array<Node>();
  docs.push(doc);
  patches.push(patch);
  while (docs.length > 0) {
    const d = docs.pop();
    const p = patches.pop();
    const dk = d.keys!;
    const dv = d.items!;
    const pk = p.keys!;
    const pv = p.items!;
    const nd = dk.length;
    const np = pk.length;
    const keys = new Array<Bytes>(0);
    const items = new Array<Node | null>(0);
    let i = 0;
    let j = 0;
    while (i < nd || j < np) {
      let c: i32;
      if (j >= np) c = -1;
      else if (i >= nd) c = 1;
      else {
        const a = unchecked(dk[i]);
        const b = unchecked(pk[j]);
        c = compareBytes(a.ptr, a.len, b.ptr, b.len);
      }
      if (c < 0) {
        // only in the document: kept
        keys.push(unchecked(dk[i]));
        items.push(unchecked(dv[i]));
        i++;
        continue;
      }
      const k = unchecked(pk[j]);
      const v = unchecked(pv[j]);
      j++;
      const cur = c == 0 ? unchecked(dv[i]) : null;
      if (c == 0) i++;
      // a null in the patch deletes
      if (v === null) continue;
      if (cur === null) {
        // absent, or null in the document: the patch value, pruned
        pruneNulls(v);
        keys.push(k);
        items.push(v);
        continue;
      }
      keys.push(k);
      // merge(cur, v)
      if (!intoDoc(cur)) {
        pruneNulls(v);
        items.push(v);
      } else if (!intoDoc(v)) {
        items.push(v);
      } else {
        items.push(cur);
        docs.push(cur);
        patches.push(v);
      }
    }
    d.keys = keys;
    d.items = items;
  }
}

/** Outcome of mergePatchApply besides success: which input the library rejects. */
export const MERGE_OK: i32 = 0;
export const MERGE_BAD_DOC: i32 = 1;
export const MERGE_BAD_PATCH: i32 = 2;

/**
 * MergePatch(doc, patch) for inputs that are JSON (tapes; the caller maps syntax errors): writes the
 * result into `out` and returns MERGE_OK, or which Err* the library returns.
 */
export function mergePatchApply(dt: Tape, dr: i32, pt: Tape, pr: i32, go22: bool, out: ByteSink): i32 {
  const dk = dt.kind(dr);
  const pk = pt.kind(pr);
  const docErr = dk != K_OBJECT && dk != K_NULL;
  const patchErr = pk != K_OBJECT && pk != K_NULL;
  if (!docErr && dk == K_NULL) return MERGE_BAD_DOC;
  if (!patchErr && pk == K_NULL) return MERGE_BAD_PATCH;
  const patch = rawNode(pt, pr);
  if (docErr || patchErr) {
    if (!patchErr) {
      pruneNulls(patch);
      marshalLazy(patch, out, go22);
      return MERGE_OK;
    }
    if (pk != K_ARRAY) return MERGE_BAD_PATCH;
    pruneNulls(patch);
    marshalLazy(patch, out, go22);
    return MERGE_OK;
  }
  const doc = rawNode(dt, dr);
  intoDoc(doc);
  intoDoc(patch);
  mergeDocs(doc, patch);
  marshalLazy(doc, out, go22);
  return MERGE_OK;
}

// ---------------------------------------------------------------------------------------------------
// CreateMergePatch

/** One open object of the diff being written. */
class Frame {
  ma: usize = 0;
  na: i32 = 0;
  mb: usize = 0;
  nb: i32 = 0;
  i: i32 = 0;
  j: i32 = 0;
  /** A member was written into this object. */
  wrote: bool = false;
  /** Output length before this object's key (to drop it when it stays empty). */
  mark: i32 = 0;
  /** The parent's `wrote` before this object's key. */
  parentWrote: bool = false;
}

/** Members (sorted, unique) of object node i, or none for null. */
function members(t: Tape, i: i32, f: Frame, a: bool): void {
  let n = 0;
  let m: usize = 0;
  if (t.kind(i) == K_OBJECT) { const s = sortMembers(t, i); n = membersCount(s); m = membersAt(s); }
  if (a) { f.na = n; f.ma = m; } else { f.nb = n; f.mb = m; }
}

/**
 * getDiff(original, modified) written as json.Marshal writes the map: node `a` of `ta` and `b` of `tb`
 * are objects or null (an empty map), their numbers known to fit a float64. `sameText` false
 * (EXACT_SAMETEXT): values with the same text are compared as Go values too.
 */
export function writeMergeDiff(ta: Tape, a: i32, tb: Tape, b: i32, go22: bool, out: ByteSink, sameTextOk: bool = true): void {
  const wo = new WriteOptions();
  wo.mode = MODE_GO;
  wo.go22 = go22;
  const SIZE = offsetof<Member>();
  const stack = new Array<Frame>();
  const top = new Frame();
  members(ta, a, top, true);
  members(tb, b, top, false);
  out.byte(0x7b);
  stack.push(top);
  while (stack.length > 0) {
    const f = stack[stack.length - 1];
    if (f.i >= f.na && f.j >= f.nb) {
      stack.pop();
      if (stack.length == 0) { out.byte(0x7d); break; }
      const parent = stack[stack.length - 1];
      if (f.wrote) out.byte(0x7d);
      else { out.truncate(f.mark); parent.wrote = f.parentWrote; }
      continue;
    }
    // next key in byte order of the union
    let c: i32;
    if (f.i >= f.na) c = 1;
    else if (f.j >= f.nb) c = -1;
    else {
      const p = changetype<Member>(f.ma + <usize>f.i * SIZE);
      const q = changetype<Member>(f.mb + <usize>f.j * SIZE);
      c = compareBytes(p.keyPtr, p.keyLen, q.keyPtr, q.keyLen);
    }
    if (c < 0) {
      // only in the original: deleted
      const p = changetype<Member>(f.ma + <usize>f.i * SIZE);
      f.i++;
      key(out, f, p.keyPtr, p.keyLen, go22);
      out.ascii("null");
      continue;
    }
    const q = changetype<Member>(f.mb + <usize>f.j * SIZE);
    f.j++;
    if (c > 0) {
      key(out, f, q.keyPtr, q.keyLen, go22);
      writeCanonical(tb, q.value, out, wo);
      continue;
    }
    const p = changetype<Member>(f.ma + <usize>f.i * SIZE);
    f.i++;
    const av = p.value;
    const bv = q.value;
    // the same text is the same value: nothing to write (most of a realistic pair; fast/sametext)
    if (sameTextOk && sameText(ta, av, tb, bv)) continue;
    const ka = goType(ta, av);
    const kb = goType(tb, bv);
    if (ka != kb) {
      key(out, f, q.keyPtr, q.keyLen, go22);
      writeCanonical(tb, bv, out, wo);
    } else if (ka == K_OBJECT) {
      const child = new Frame();
      child.mark = out.len;
      child.parentWrote = f.wrote;
      key(out, f, q.keyPtr, q.keyLen, go22);
      out.byte(0x7b);
      members(ta, av, child, true);
      members(tb, bv, child, false);
      stack.push(child);
    } else if (ka == K_ARRAY) {
      if (!goEqual(ta, av, tb, bv)) {
        key(out, f, q.keyPtr, q.keyLen, go22);
        writeCanonical(tb, bv, out, wo);
      }
    } else if (ka != K_NULL && !scalarEqual(ta, av, tb, bv)) {
      key(out, f, q.keyPtr, q.keyLen, go22);
      writeCanonical(tb, bv, out, wo);
    }
  }
}

/** Starts a member: comma when needed, the key, the colon. */
function key(out: ByteSink, f: Frame, p: usize, n: i32, go22: bool): void {
  if (f.wrote) out.byte(0x2c);
  f.wrote = true;
  writeGoString(out, p, n, go22, true);
  out.byte(0x3a);
}

/** bytes.TrimSpace(text) starts with `[` and ends with `]` (the library's resemblesJSONArray). */
export function resemblesArray(p: usize, n: i32): bool {
  let s = 0;
  let e = n;
  while (s < e) {
    const w = spaceAt(p + <usize>s, e - s);
    if (w == 0) break;
    s += w;
  }
  while (e > s) {
    const w = spaceBefore(p + <usize>s, e - s);
    if (w == 0) break;
    e -= w;
  }
  if (e - s < 1) return false;
  return load<u8>(p + <usize>s) == 0x5b && load<u8>(p + <usize>(e - 1)) == 0x5d;
}

/** unicode.IsSpace for a code point. */
function isSpaceRune(r: i32): bool {
  if (r <= 0xff) return r == 0x20 || (r >= 0x09 && r <= 0x0d) || r == 0x85 || r == 0xa0;
  return r == 0x1680 || (r >= 0x2000 && r <= 0x200a) || r == 0x2028 || r == 0x2029 || r == 0x202f || r == 0x205f || r == 0x3000;
}

/** Byte width of the space rune at p (n bytes available), 0 when none. */
function spaceAt(p: usize, n: i32): i32 {
  const c = <i32>load<u8>(p);
  if (c < 0x80) return isSpaceRune(c) ? 1 : 0;
  const r = decodeRune(p, n);
  return r >= 0 && isSpaceRune(r) ? runeLen(r) : 0;
}

/** Byte width of the space rune ending at p+n (utf8.DecodeLastRune), 0 when none. */
function spaceBefore(p: usize, n: i32): i32 {
  const c = <i32>load<u8>(p + <usize>(n - 1));
  if (c < 0x80) return isSpaceRune(c) ? 1 : 0;
  for (let w = 2; w <= 4 && w <= n; w++) {
    const q = p + <usize>(n - w);
    const b = <i32>load<u8>(q);
    if ((b & 0xc0) == 0x80) continue; // continuation byte: look further back
    const r = decodeRune(q, w);
    if (r >= 0 && runeLen(r) == w && isSpaceRune(r)) return w;
    return 0;
  }
  return 0;
}
