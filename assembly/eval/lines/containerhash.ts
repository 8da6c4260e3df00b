// container.hash without the request line's tape: a line that starts `{"op":"container.hash",` and has only
// the members `kubelet`, `go` and `container` (each once, plain strings, the container inline) is read here
// member by member with the validating scanner, the container transcoded straight from the line's bytes
// (assembly/fast/transcode/; when it comes before `kubelet`, with the minor the line's last bytes name, transcoded
// again if the members read after it name another; with none there, it is skipped and transcoded once they are
// read), hashed, and the whole answer line written. Nothing of an earlier line is kept. Anything else, and anything the
// transcoder does not prove, answers false with nothing written: the ordinary dispatch then reads the line
// and answers (errors included) as before. The answer bytes are the ones opContainerHash writes (must equal,
// byte for byte: the same line with `"exact":["lines"]`, test/equivalence/lines-vs-tape.test.ts); a line with an
// `exact` member, or any other member, is never answered here.

import { ByteSink } from "../../io/sink";
import { hasError, clearError } from "../../base/errors";
import { Limits } from "../../base/limits";
import { anyOver } from "../../json/itemscan";
import { requestType } from "../../typed/types";
import { minorIndex, newestMinor } from "../../schema/schema";
import { containerEra, ERA_STRUCT, ERA_JSON, hasHashWithoutResources } from "../../upstream/kubernetes/hash";
import { Cursor, ws, readString, S_ESC } from "../../fast/transcode/scan";
import { containerHashRaw, RawHash } from "../../fast/transcode/containerhash";
import { defaultGoOf, minGoOf, K8S_GO_MIN, K8S_GO_MAX } from "../../base/pins";

/** The line's start this path takes: `{"op":"container.hash",`. */
const PREFIX: usize = memory.data<u8>([0x7b, 0x22, 0x6f, 0x70, 0x22, 0x3a, 0x22, 0x63, 0x6f, 0x6e, 0x74, 0x61, 0x69, 0x6e, 0x65, 0x72, 0x2e, 0x68, 0x61, 0x73, 0x68, 0x22, 0x2c]);
const PREFIX_LEN: i32 = 23;

/** Container type handles per minor index (0: not looked up yet). */
const TYPES: usize = memory.data(64 * 4, 16);

/** "1.N" → N like the ops' parseDotMinor (no leading zeros, no patch), else -1. */
function dotMinor(p: usize, n: i32): i32 {
  if (n < 3 || n > 5 || load<u8>(p) != 0x31 || load<u8>(p, 1) != 0x2e) return -1;
  if (load<u8>(p, 2) == 0x30 && n > 3) return -1;
  let v = 0;
  for (let i = 2; i < n; i++) {
    const c = <i32>load<u8>(p + <usize>i) - 0x30;
    if (c < 0 || c > 9) return -1;
    v = v * 10 + c;
  }
  return v;
}

/** The v1.Container handle at `minor` (cached per process). */
export function containerType(minor: i32): i32 {
  const mi = minorIndex(minor);
  if (mi < 0 || mi >= 64) return -1;
  const a = TYPES + (<usize>mi << 2);
  const t = load<i32>(a);
  if (t != 0) return t - 1;
  const r = requestType("Container", minor);
  store<i32>(a, r + 1);
  return r;
}

const ONES: u64 = 0x0101010101010101;
const HIGHS: u64 = 0x8080808080808080;

/** High bit set in the lowest byte of x that is zero (exact for the lowest one; ctz finds it). */
@inline function zeroByte(x: u64): u64 {
  return (x - ONES) & ~x & HIGHS;
}

/**
 * Where the object at p (its `{`) ends, found by counting brackets outside strings (both scanned 8 bytes at a time:
 * outside for a quote or bracket, inside for the quote or a backslash); 0 when it does not end before `end` or p is not
 * at `{`. Nothing is validated: the transcoder reads exactly that range afterwards and gives up on anything that is
 * not one value.
 */
function objectEnd(p: usize, end: usize): usize {
  if (p >= end || load<u8>(p) != 0x7b) return 0;
  let depth = 0;
  while (true) {
    // outside strings: to the next quote or bracket (`[` / `]` are `{` / `}` with bit 5 cleared)
    while (p + 8 <= end) {
      const x = load<u64>(p);
      const y = x | 0x2020202020202020;
      const m = zeroByte(x ^ 0x2222222222222222) | zeroByte(y ^ 0x7b7b7b7b7b7b7b7b) | zeroByte(y ^ 0x7d7d7d7d7d7d7d7d);
      if (m != 0) { p += <usize>(ctz(m) >> 3); break; }
      p += 8;
    }
    if (p >= end) return 0;
    const c = <u32>load<u8>(p);
    p++;
    if (c == 0x22) {
      // a string: to its closing quote
      while (true) {
        while (p + 8 <= end) {
          const x = load<u64>(p);
          const m = zeroByte(x ^ 0x2222222222222222) | zeroByte(x ^ 0x5c5c5c5c5c5c5c5c);
          if (m != 0) { p += <usize>(ctz(m) >> 3); break; }
          p += 8;
        }
        if (p >= end) return 0;
        const d = <u32>load<u8>(p);
        p++;
        if (d == 0x22) break;
        if (d == 0x5c) p++; // the escaped byte
      }
    } else if ((c | 0x20) == 0x7b) depth++; // { [
    else if ((c | 0x20) == 0x7d && --depth == 0) return p; // } ]
  }
  return 0;
}

/** `"kubelet"` and `"go"`, the member names tailValue looks for. */
const KUBELET_KEY: usize = memory.data<u8>([0x22, 0x6b, 0x75, 0x62, 0x65, 0x6c, 0x65, 0x74, 0x22]);
const KUBELET_KEY_LEN: i32 = 9;
const GO_KEY: usize = memory.data<u8>([0x22, 0x67, 0x6f, 0x22]);
const GO_KEY_LEN: i32 = 4;
/** How far from the end of a line tailValue looks. */
const TAIL: i32 = 96;

/**
 * The minor of the last `"name":"1.N"` (quoted key `key`, `n` bytes) among the last TAIL bytes of the line, or -1: only a
 * guess of what the line names after its container (the member itself is read in order later and decides).
 */
function tailValue(src: usize, len: i32, key: usize, n: i32): i32 {
  const from = len > TAIL ? len - TAIL : 0;
  const k1 = load<u8>(key, 1);
  for (let i = len - n; i >= from; i--) {
    if (load<u8>(src + <usize>i) != 0x22 || load<u8>(src + <usize>(i + 1)) != k1 || memory.compare(src + <usize>i, key, <usize>n) != 0) continue;
    let j = i + n;
    while (j < len && isSpace(load<u8>(src + <usize>j))) j++;
    if (j >= len || load<u8>(src + <usize>j) != 0x3a) continue;
    j++;
    while (j < len && isSpace(load<u8>(src + <usize>j))) j++;
    if (j >= len || load<u8>(src + <usize>j) != 0x22) continue;
    let e = j + 1;
    while (e < len && e - j <= 6 && load<u8>(src + <usize>e) != 0x22) e++;
    if (e >= len || load<u8>(src + <usize>e) != 0x22) continue;
    return dotMinor(src + <usize>(j + 1), e - j - 1);
  }
  return -1;
}

/** JSON whitespace. */
@inline function isSpace(c: u8): bool {
  return c == 0x20 || c == 0x0a || c == 0x0d || c == 0x09;
}

/** Reads a plain string value (no escapes) at the cursor; false otherwise. */
function plainString(cur: Cursor): bool {
  return ws(cur) == 0x22 && readString(cur) && (cur.sflags & S_ESC) == 0;
}

// the answer's constant pieces (as opContainerHash's ResultWriter writes them)
const HEAD_TEXT = "{\"ok\":true,\"result\":{\"hash\":";
const WITHOUT_TEXT = ",\"hashWithoutResources\":";
const ERA_JSON_TEXT = ",\"era\":\"json\"}}";
const ERA_NAME_TEXT = ",\"era\":\"name-image\"}}";
const HEAD: usize = asciiData(memory.data(64, 8), HEAD_TEXT);
const HEAD_LEN: i32 = HEAD_TEXT.length;
const WITHOUT: usize = asciiData(memory.data(64, 8), WITHOUT_TEXT);
const WITHOUT_LEN: i32 = WITHOUT_TEXT.length;
const ERA_JSON_TAIL: usize = asciiData(memory.data(64, 8), ERA_JSON_TEXT);
const ERA_JSON_TAIL_LEN: i32 = ERA_JSON_TEXT.length;
const ERA_NAME_TAIL: usize = asciiData(memory.data(64, 8), ERA_NAME_TEXT);
const ERA_NAME_TAIL_LEN: i32 = ERA_NAME_TEXT.length;

/** Fills static buffer `p` (64 bytes) with ASCII text `s` once, at start-up; returns `p`. */
function asciiData(p: usize, s: string): usize {
  for (let i = 0; i < s.length && i < 64; i++) store<u8>(p + <usize>i, <u8>s.charCodeAt(i));
  return p;
}

/** Writes `"<hex>"` (strconv.FormatUint(h, 16)). */
function hexMember(out: ByteSink, h: u32): void {
  out.byte(0x22);
  out.hex(<u64>h);
  out.byte(0x22);
}

/**
 * Answers a container.hash request line [src, src+len) into `out` when it has the simple shape above and the
 * transcoder proves the container's stored bytes; false (nothing written) otherwise.
 */
export function containerHashLine(src: usize, len: i32, out: ByteSink): bool {
  const pn = PREFIX_LEN;
  // (a line that may hold a list past maxItems: the tape path judges it)
  if (len < pn + 2 || len > Limits.maxBytes || hasError() || anyOver(src, len, Limits.maxItems)) return false;
  if (memory.compare(src, PREFIX, <usize>pn) != 0) return false;
  const cur = new Cursor(src + <usize>pn, src + <usize>len);
  let kubelet = -2; // -2: absent
  let go = -2;
  let cStart: usize = 0;
  let cEnd: usize = 0;
  // the hashes of the container transcoded where it stands, with the minor and Go release it was transcoded with
  let early: RawHash | null = null;
  let earlyMinor = -1;
  let earlyGo = -1;
  const depth = Limits.maxDepth - 1;
  while (true) {
    if (ws(cur) != 0x22 || !readString(cur) || (cur.sflags & S_ESC) != 0) return false;
    const kp = cur.sp;
    const kn = cur.sn;
    if (ws(cur) != 0x3a) return false;
    cur.pos++;
    if (kn == 7 && load<u32>(kp) == 0x6562756b && load<u32>(kp, 3) == 0x74656c65) { // kubelet
      if (kubelet != -2 || !plainString(cur)) return false;
      const m = dotMinor(cur.sp, cur.sn);
      if (m < 0 || minorIndex(m) < 0) return false;
      kubelet = m;
    } else if (kn == 2 && load<u16>(kp) == 0x6f67) { // go
      if (go != -2 || !plainString(cur)) return false;
      const g = dotMinor(cur.sp, cur.sn);
      if (g < K8S_GO_MIN || g > K8S_GO_MAX) return false;
      go = g;
    } else if (kn == 9 && load<u64>(kp) == 0x656e6961746e6f63 && load<u8>(kp, 8) == 0x72) { // container
      if (cStart != 0) return false;
      ws(cur);
      cStart = cur.pos;
      if (kubelet != -2 && containerEra(kubelet) == ERA_STRUCT) return false;
      // transcode now with the minor and Go release named so far, else with those the line's last bytes name (a guess
      // from this line alone, checked below); with neither, the container is skipped and transcoded below
      const gm = kubelet != -2 ? kubelet : tailValue(src, len, KUBELET_KEY, KUBELET_KEY_LEN);
      if (gm >= 0 && minorIndex(gm) >= 0 && containerEra(gm) != ERA_STRUCT) {
        const ty = containerType(gm);
        if (ty < 0) return false;
        const gg = go != -2 ? go : tailValue(src, len, GO_KEY, GO_KEY_LEN);
        earlyMinor = gm;
        earlyGo = gg >= K8S_GO_MIN && gg <= K8S_GO_MAX ? gg : defaultGoOf(gm);
        early = containerHashRaw(gm, ty, cStart, <i32>(cur.end - cStart), earlyGo, depth, true);
        if (early === null) return false;
        cur.pos = cStart + <usize>early.end;
      } else {
        const e = objectEnd(cStart, cur.end);
        if (e == 0) return false;
        cur.pos = e;
      }
      cEnd = cur.pos;
    } else return false;
    const c = ws(cur);
    if (c == 0x2c) { cur.pos++; continue; }
    if (c != 0x7d) return false;
    cur.pos++;
    break;
  }
  if (ws(cur) != -1 || cStart == 0) return false;
  const minor = kubelet != -2 ? kubelet : newestMinor();
  if (containerEra(minor) == ERA_STRUCT) return false;
  const g = go != -2 ? go : defaultGoOf(minor);
  if (go != -2 && g < minGoOf(minor)) return false; // an explicit go older than the go.mod line: the general path answers the error (the default may be older: 1.34)
  let r = early;
  if (r === null || minor != earlyMinor || g != earlyGo) {
    const ty = containerType(minor);
    if (ty < 0) return false;
    r = containerHashRaw(minor, ty, cStart, <i32>(cEnd - cStart), g, depth, false);
    if (r === null) return false;
  }
  if (hasError()) { clearError(); return false; }
  out.bytes(HEAD, HEAD_LEN);
  hexMember(out, r.hash);
  if (hasHashWithoutResources(minor)) {
    out.bytes(WITHOUT, WITHOUT_LEN);
    hexMember(out, r.withoutResources);
  }
  if (containerEra(minor) == ERA_JSON) out.bytes(ERA_JSON_TAIL, ERA_JSON_TAIL_LEN);
  else out.bytes(ERA_NAME_TAIL, ERA_NAME_TAIL_LEN);
  return true;
}
