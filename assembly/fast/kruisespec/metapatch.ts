// A shortcut of CalculateSpec's metadata patch (upstream/kruise/inplaceupdate/templates.ts
// `templateMetadataPatch`, which it must equal byte for byte): strategicpatch.CreateTwoWayMergePatch(
// json.Marshal(v1.Pod{ObjectMeta: old}), json.Marshal(v1.Pod{ObjectMeta: new}), &v1.Pod{}) computed straight
// from the two decoded ObjectMeta values when each holds nothing but labels and annotations (the usual
// template metadata). Both are map[string]string fields without a patch strategy, so the patch is
// `{"metadata":{"annotations":…,"labels":…}}` with, per map, every key whose value is new or changed (its new
// value) or gone (null), or the whole map null when the new one is empty and the old one is not; `{}` when
// nothing changed. Keys sorted by bytes, strings as Go's json.Marshal writes them. Anything else (another
// field set, a key starting with "$", bytes that are not valid UTF-8) returns false: the caller runs the
// real strategic merge patch.

import { ByteSink } from "../../io/sink";
import { Before, stableOrder } from "../../base/order";
import { writeGoString, validUTF8, unquote } from "../../json/strings";
import { Tape, K_NULL, K_OBJECT, K_STRING, F_ESCAPE, F_HIGH } from "../../json/tape";
import { Kind, kind } from "../../schema/schema";
import { Val, StructV, MapV, StrV, sortedEntries } from "../../typed/value";
import { TV, fieldNamed } from "../../upstream/kruise/inplaceupdate/typed";
import { keyNamed } from "./containersview";

/** One live map entry: key and value bytes. */
class KV {
  constructor(public kp: usize, public kn: i32, public vp: usize, public vn: i32) {}
}

/** True when `n` bytes at `a` equal those at `b`. */
function eq(a: usize, an: i32, b: usize, bn: i32): bool {
  return an == bn && memory.compare(a, b, <usize>an) == 0;
}

/** Byte order of two keys (Go's string `<`). */
/** Orders KVs by key (cmp). */
class KVBefore extends Before {
  constructor(public kvs: Array<KV>) { super(); }
  before(a: i32, b: i32): bool { return cmp(this.kvs[a], this.kvs[b]) < 0; }
}

/** Sorts `kvs` by key, stably, in n log n. */
function sortKVs(kvs: Array<KV>): void {
  const order = stableOrder(kvs.length, new KVBefore(kvs));
  const copy = kvs.slice(0);
  for (let i = 0; i < order.length; i++) kvs[i] = copy[order[i]];
}

function cmp(a: KV, b: KV): i32 {
  const n = a.kn < b.kn ? a.kn : b.kn;
  const d = memory.compare(a.kp, b.kp, <usize>n);
  return d != 0 ? d : a.kn - b.kn;
}

/** The live entries of a map[string]string value in key order, without the keys in `del`; null when the shortcut does not apply. */
function live(v: Val | null, del: Array<ArrayBuffer>): Array<KV> | null {
  const out = new Array<KV>();
  if (v === null) return out;
  const m = changetype<MapV>(v);
  const idx = sortedEntries(m);
  for (let i = 0; i < idx.length; i++) {
    const j = idx[i];
    const kp = m.keyP[j], kn = m.keyN[j];
    if (kn > 0 && load<u8>(kp) == 0x24) return null; // "$…": patch directives
    if (!validUTF8(kp, kn)) return null;
    let gone = false;
    for (let d = 0; d < del.length && !gone; d++) gone = eq(kp, kn, changetype<usize>(del[d]), del[d].byteLength);
    if (gone) continue;
    const sv = m.vals[j];
    let vp: usize = 0, vn = 0;
    if (sv !== null) { vp = changetype<StrV>(sv).p; vn = changetype<StrV>(sv).n; }
    if (!validUTF8(vp, vn)) return null;
    out.push(new KV(kp, kn, vp, vn));
  }
  return out;
}

/** Writes Go's JSON string of bytes [p, p+n) (valid UTF-8; HTML-escaped as json.Marshal does). */
function str(out: ByteSink, p: usize, n: i32): void {
  writeGoString(out, p, n, true, false, true);
}

/** The members of the patch of one map (`"name":…`), or null when nothing changed. */
function mapPatch(name: string, o: Array<KV>, n: Array<KV>): ByteSink | null {
  if (o.length == 0 && n.length == 0) return null;
  const b = new ByteSink(64);
  b.byte(0x22);
  b.ascii(name);
  b.ascii("\":");
  if (n.length == 0) { b.ascii("null"); return b; }
  b.byte(0x7b);
  let i = 0, j = 0, count = 0;
  while (i < o.length || j < n.length) {
    const c = i >= o.length ? 1 : j >= n.length ? -1 : cmp(o[i], n[j]);
    if (c == 0) {
      const a = o[i], e = n[j];
      i++; j++;
      if (eq(a.vp, a.vn, e.vp, e.vn)) continue;
      if (count++ > 0) b.byte(0x2c);
      str(b, e.kp, e.kn); b.byte(0x3a); str(b, e.vp, e.vn);
    } else if (c > 0) {
      const e = n[j++];
      if (count++ > 0) b.byte(0x2c);
      str(b, e.kp, e.kn); b.byte(0x3a); str(b, e.vp, e.vn);
    } else {
      const a = o[i++];
      if (count++ > 0) b.byte(0x2c);
      str(b, a.kp, a.kn); b.ascii(":null");
    }
  }
  if (count == 0) return null;
  b.byte(0x7d);
  return b;
}

/** Slot of field `name` of struct type `t`, or -1. */
function slotOf(t: i32, name: string): i32 {
  const f = fieldNamed(t, name);
  return f === null || f.path.length != 1 ? -1 : f.path[0];
}

/** The labels and annotations map values of an ObjectMeta (null: nil). */
class MetaMaps {
  constructor(public labels: Val | null, public annotations: Val | null) {}
}

/** The labels and annotations map values of ObjectMeta `m`; null when another field is set. */
function maps(m: TV): MetaMaps | null {
  if (m.t < 0 || kind(m.t) != Kind.Struct) return null;
  const li = slotOf(m.t, "labels"), ai = slotOf(m.t, "annotations");
  if (li < 0 || ai < 0) return null;
  if (m.v === null) return new MetaMaps(null, null);
  const s = changetype<StructV>(m.v);
  for (let i = 0; i < s.f.length; i++) if (i != li && i != ai && s.f[i] !== null) return null;
  return new MetaMaps(s.f[li], s.f[ai]);
}

/** The entries of map object `node` (null: none) in key order, the last of equal keys kept; null when the shortcut does not apply. */
function liveTape(t: Tape, node: i32, del: Array<ArrayBuffer>): Array<KV> | null {
  const out = new Array<KV>();
  if (node < 0) return out;
  if (t.kind(node) != K_OBJECT) return null;
  const n = t.children(node);
  let k = node + 1;
  for (let i = 0; i < n; i++) {
    const v = t.next(k);
    const kf = t.flags(k);
    const kp = t.ptr(k), kn = t.len(k);
    if ((kf & F_ESCAPE) != 0 || ((kf & F_HIGH) != 0 && !validUTF8(kp, kn))) return null;
    if (kn > 0 && load<u8>(kp) == 0x24) return null; // "$…": patch directives
    let vp: usize = 0, vn = 0;
    const vk = t.kind(v);
    if (vk == K_STRING) {
      vp = t.ptr(v); vn = t.len(v);
      const vf = t.flags(v);
      if ((vf & F_HIGH) != 0 && !validUTF8(vp, vn)) return null;
      if ((vf & F_ESCAPE) != 0) {
        const d = new ByteSink(vn + 8);
        unquote(d, vp, vn, false);
        if (!validUTF8(d.ptr, d.len)) return null;
        vp = d.ptr; vn = d.len;
      }
    } else if (vk != K_NULL) return null;
    out.push(new KV(kp, kn, vp, vn));
    k = t.next(v);
  }
  // in key order, equal keys in document order (stable), so the last of a run is the live one
  sortKVs(out);
  // keep the last of each run of equal keys, drop the deleted ones
  const live = new Array<KV>();
  for (let i = 0; i < out.length; i++) {
    const e = out[i];
    if (i + 1 < out.length && cmp(e, out[i + 1]) == 0) continue;
    let gone = false;
    for (let d = 0; d < del.length && !gone; d++) gone = eq(e.kp, e.kn, changetype<usize>(del[d]), del[d].byteLength);
    if (!gone) live.push(e);
  }
  return live;
}

/** The labels and annotations nodes of template metadata (-1: none or null). */
class MetaNodes {
  labels: i32 = -1;
  annotations: i32 = -1;
}

/** The labels and annotations nodes of template metadata `node` on `t`; null unless those are its only members (besides a null creationTimestamp). */
function metaNodes(t: Tape, node: i32): MetaNodes | null {
  const r = new MetaNodes();
  if (node < 0) return r;
  if (t.kind(node) != K_OBJECT) return null;
  const n = t.children(node);
  let k = node + 1;
  let seenL = false, seenA = false;
  for (let i = 0; i < n; i++) {
    const v = t.next(k);
    if (t.flags(k) & F_ESCAPE) return null;
    if (keyNamed(t, k, "labels")) {
      if (seenL) return null;
      seenL = true;
      r.labels = t.kind(v) == K_NULL ? -1 : v;
    } else if (keyNamed(t, k, "annotations")) {
      if (seenA) return null;
      seenA = true;
      r.annotations = t.kind(v) == K_NULL ? -1 : v;
    } else if (!(keyNamed(t, k, "creationTimestamp") && t.kind(v) == K_NULL)) return null;
    k = t.next(v);
  }
  return r;
}

/**
 * The metadata patch of two templates' metadata read straight from proven data (the metadata nodes `om` on
 * `ot` and `nm` on `nt`, -1 when absent or null): as `metaPatch`; false when the shortcut does not apply.
 */
export function metaPatchTape(ot: Tape, om: i32, nt: Tape, nm: i32, delLabels: Array<string>, delAnnotations: Array<string>, out: ByteSink): bool {
  const o = metaNodes(ot, om);
  if (o === null) return false;
  const n = metaNodes(nt, nm);
  if (n === null) return false;
  const ol = o.labels, oa = o.annotations, nl = n.labels, na = n.annotations;
  const dl = encodeAll(delLabels), da = encodeAll(delAnnotations);
  const olv = liveTape(ot, ol, dl), nlv = liveTape(nt, nl, dl), oav = liveTape(ot, oa, da), nav = liveTape(nt, na, da);
  if (olv === null || nlv === null || oav === null || nav === null) return false;
  writePatch(olv, nlv, oav, nav, out);
  return true;
}

/** The UTF-8 bytes of each string. */
function encodeAll(keys: Array<string>): Array<ArrayBuffer> {
  const out = new Array<ArrayBuffer>();
  for (let i = 0; i < keys.length; i++) out.push(String.UTF8.encode(keys[i]));
  return out;
}

/** Writes `{}` or `{"metadata":{…}}` for the live entries of both maps before and after. */
function writePatch(olv: Array<KV>, nlv: Array<KV>, oav: Array<KV>, nav: Array<KV>, out: ByteSink): void {
  const a = mapPatch("annotations", oav, nav);
  const l = mapPatch("labels", olv, nlv);
  if (a === null && l === null) { out.ascii("{}"); return; }
  out.ascii("{\"metadata\":{");
  if (a !== null) out.bytes(a.ptr, a.len);
  if (l !== null) {
    if (a !== null) out.byte(0x2c);
    out.bytes(l.ptr, l.len);
  }
  out.ascii("}}");
}

/**
 * Writes to `out` the metadata patch of ObjectMeta values `om` → `nm` once the keys in `delLabels` /
 * `delAnnotations` are deleted from both (as CalculateSpec deletes the keys env reads); false when the
 * shortcut does not apply (nothing written).
 */
export function metaPatch(om: TV, nm: TV, delLabels: Array<string>, delAnnotations: Array<string>, out: ByteSink): bool {
  const o = maps(om);
  if (o === null) return false;
  const n = maps(nm);
  if (n === null) return false;
  const ol = o.labels, oa = o.annotations, nl = n.labels, na = n.annotations;
  const dl = encodeAll(delLabels), da = encodeAll(delAnnotations);
  const olv = live(ol, dl), nlv = live(nl, dl), oav = live(oa, da), nav = live(na, da);
  if (olv === null || nlv === null || oav === null || nav === null) return false;
  writePatch(olv, nlv, oav, nav, out);
  return true;
}
