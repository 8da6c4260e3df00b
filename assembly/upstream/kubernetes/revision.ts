// ControllerRevision data, hash and name as the StatefulSet and DaemonSet controllers build them
// (pkg/controller/statefulset getPatch/newRevision + history.HashControllerRevision, and
// pkg/controller/daemon getPatch + controller.ComputeHash). The input is the typed object as stored.

import { ByteSink } from "../../io/sink";
import { fail, hasError, E_INTERNAL } from "../../base/errors";
import { readJSON, ReadOptions } from "../../json/reader";
import { Tape, K_OBJECT, K_NUMBER, K_STRING } from "../../json/tape";
import { writeCanonical, WriteOptions } from "../../json/writer";
import { fnv1_32 } from "../../hash/fnv";
import { Val } from "../../typed/value";
import { marshalInto, computeHash, safeEncodeString } from "./hash";
import { Decoder, DecodeOptions } from "../../typed/decode";
import { unquote } from "../../json/strings";
import { K8S_NEWEST_GO } from "../../base/pins";

/** The controllers' revision: name, hash label and Data.Raw bytes. */
export class Revision {
  name: string = "";
  hash: string = "";
  data: ByteSink = new ByteSink(16);
}

/** The stored JSON of object `v` (type `ty`) read back as a tape; null with an error recorded. */
function storedTape(ty: i32, v: Val | null, go: i32): Tape | null {
  const out = new ByteSink(4096);
  if (!marshalInto(out, ty, v, go)) return null;
  const o = new ReadOptions();
  o.goMinor = K8S_NEWEST_GO;
  return readJSON(out.ptr, out.len, o);
}

/** getPatch: {"spec":{"template":<template with "$patch":"replace">}} as json.Marshal of Go maps. */
function writePatch(t: Tape, tmpl: i32, out: ByteSink, go: i32): bool {
  const body = new ByteSink(4096);
  const wo = new WriteOptions();
  wo.go22 = go >= 22;
  wo.goMinor = go;
  if (!writeCanonical(t, tmpl, body, wo)) return false;
  out.ascii("{\"spec\":{\"template\":{\"$patch\":\"replace\"");
  // "$" (0x24) sorts before every key the typed marshal writes ("metadata", "spec")
  if (body.len > 2) {
    out.byte(0x2c);
    out.bytes(body.ptr + 1, body.len - 1);
  } else {
    out.byte(0x7d);
  }
  out.ascii("}}");
  return true;
}

/** The template node of stored object tape `t`; -1 with an error recorded. */
function templateNode(t: Tape): i32 {
  const spec = t.member(0, "spec");
  const tmpl = spec >= 0 && t.kind(spec) == K_OBJECT ? t.member(spec, "template") : -1;
  if (tmpl < 0 || t.kind(tmpl) != K_OBJECT) {
    fail(E_INTERNAL, "stored object has no spec.template", -1, "object");
    return -1;
  }
  return tmpl;
}

/** metadata.name of stored object tape `t` ("" when absent). */
function storedName(t: Tape): string {
  const md = t.member(0, "metadata");
  if (md < 0 || t.kind(md) != K_OBJECT) return "";
  const n = t.member(md, "name");
  if (n < 0 || t.kind(n) != K_STRING) return "";
  const d = new ByteSink(t.len(n) + 4);
  unquote(d, t.ptr(n), t.len(n), true);
  return String.UTF8.decodeUnsafe(d.ptr, <usize>d.len);
}

/** status.collisionCount of stored object tape `t` (int32 as stored), or -1 when absent/null. */
function storedCollisionCount(t: Tape): i64 {
  const st = t.member(0, "status");
  if (st < 0 || t.kind(st) != K_OBJECT) return -1;
  const c = t.member(st, "collisionCount");
  if (c < 0 || t.kind(c) != K_NUMBER) return -1;
  const s = String.UTF8.decodeUnsafe(t.ptr(c), <usize>t.len(c));
  return <i64>I32.parseInt(s) & 0xffffffff;
}

/**
 * StatefulSet revision of stored set `v` (type `ty`): FNV-1 over the patch then the decimal
 * collision count (`cc` when `hasCC`, else status.collisionCount, else 0); null with an error recorded.
 */
export function statefulSetRevision(ty: i32, v: Val | null, go: i32, hasCC: bool, cc: i32): Revision | null {
  const t = storedTape(ty, v, go);
  if (t === null || hasError()) return null;
  const tmpl = templateNode(t);
  if (tmpl < 0) return null;
  let count = cc;
  if (!hasCC) {
    const s = storedCollisionCount(t);
    count = s < 0 ? 0 : <i32>(<u32>s);
  }
  const r = new Revision();
  if (!writePatch(t, tmpl, r.data, go)) return null;
  let h = fnv1_32(r.data.ptr, <usize>r.data.len);
  const probe = count.toString();
  const pb = String.UTF8.encode(probe);
  h = fnv1_32(changetype<usize>(pb), <usize>pb.byteLength, h);
  r.hash = safeEncodeString(h.toString());
  const name = storedName(t);
  // history.ControllerRevisionName: a prefix longer than 223 bytes (not characters) is cut to 223 bytes
  r.name = truncateBytes(name, 223) + "-" + r.hash;
  return r;
}

/**
 * The first `n` bytes of `s` (Go's prefix[:n]). The bytes of a rune the cut splits are invalid UTF-8,
 * which Go's JSON encoder writes as one U+FFFD each.
 */
function truncateBytes(s: string, n: i32): string {
  const b = String.UTF8.encode(s);
  if (b.byteLength <= n) return s;
  const p = changetype<usize>(b);
  let start = n; // first byte of the last (maybe split) rune in [0, n)
  while (start > 0 && start > n - 4 && (load<u8>(p + <usize>(start - 1)) & 0xc0) == 0x80) start--;
  if (start > 0) start--;
  const lead = <i32>load<u8>(p + <usize>start);
  const size = lead < 0x80 ? 1 : lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2;
  if (start + size <= n) return String.UTF8.decodeUnsafe(p, <usize>n);
  let out = String.UTF8.decodeUnsafe(p, <usize>start);
  for (let i = start; i < n; i++) out += "\uFFFD";
  return out;
}

/**
 * DaemonSet revision of stored set `v` (type `ty`, template type `tmplTy`): the patch as data and
 * controller.ComputeHash(template, collisionCount) as hash; null with an error recorded.
 * `dopts` are the decoder options the controller's read of the stored object uses; `exact`: the shortcuts turned off.
 */
export function daemonSetRevision(ty: i32, v: Val | null, go: i32, hasCC: bool, cc: i32,
  tmplTy: i32, dopts: DecodeOptions, exact: u32 = 0): Revision | null {
  const t = storedTape(ty, v, go);
  if (t === null || hasError()) return null;
  const tmpl = templateNode(t);
  if (tmpl < 0) return null;
  let present = hasCC;
  let count = cc;
  if (!hasCC) {
    const s = storedCollisionCount(t);
    present = s >= 0;
    count = present ? <i32>(<u32>s) : 0;
  }
  const r = new Revision();
  if (!writePatch(t, tmpl, r.data, go)) return null;
  const d = new Decoder(t, dopts);
  d.jit.dataStart = t.rawStart(tmpl);
  d.jit.dataEnd = t.rawEnd(tmpl);
  const tv = d.decodeTop(tmplTy, tmpl);
  if (hasError()) return null;
  const h = computeHash(tmplTy, tv, present, count, exact);
  if (h === null) return null;
  r.hash = h;
  r.name = storedName(t) + "-" + h;
  return r;
}
