// container.hash without the request line's tape: a line that starts `{"op":"container.hash",` and has only
// the members `kubelet`, `go` and `container` (each once, plain strings, the container inline) is read here
// member by member with the validating scanner, the container transcoded straight from the line's bytes
// (assembly/fast/transcode/; when it comes before `kubelet` it is skipped and transcoded once the minor is
// known), hashed, and the whole answer line written. Anything else, and anything the
// transcoder does not prove, answers false with nothing written: the ordinary dispatch then reads the line
// and answers (errors included) as before. The answer bytes are the ones opContainerHash writes (must equal,
// byte for byte: the same line with `"exact":["lines"]`, test/equivalence/lines-vs-tape.test.ts); a line with an
// `exact` member, or any other member, is never answered here.

import { ByteSink } from "../../io/sink";
import { hasError, clearError } from "../../base/errors";
import { Limits } from "../../base/limits";
import { DocBytes } from "../ops/patchinput";
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
function containerType(minor: i32): i32 {
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

/**
 * Where the object at p (its `{`) ends, found by counting brackets outside strings (strings scanned 8 bytes at a
 * time for their quote or backslash); 0 when it does not end before `end` or p is not at `{`. Nothing is
 * validated: the transcoder reads exactly that range afterwards and gives up on anything that is not one value.
 */
function objectEnd(p: usize, end: usize): usize {
  if (p >= end || load<u8>(p) != 0x7b) return 0;
  let depth = 0;
  while (p < end) {
    const c = <u32>load<u8>(p);
    p++;
    if (c == 0x22) {
      // a string: to its closing quote
      while (true) {
        while (p + 8 <= end) {
          const x = load<u64>(p);
          const q = x ^ 0x2222222222222222;
          const b = x ^ 0x5c5c5c5c5c5c5c5c;
          const m = (((q - ONES) & ~q) | ((b - ONES) & ~b)) & HIGHS;
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
  if (len < pn + 2 || len > Limits.maxBytes || DocBytes.active || hasError()) return false;
  if (memory.compare(src, PREFIX, <usize>pn) != 0) return false;
  const cur = new Cursor(src + <usize>pn, src + <usize>len);
  let kubelet = -2; // -2: absent
  let go = -2;
  let cStart: usize = 0;
  let cEnd: usize = 0;
  // the hashes of the container when it came after `kubelet`, transcoded with that minor and `go` (named so far, else its default)
  let early: RawHash | null = null;
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
      if (kubelet != -2) {
        // the minor is known: transcode now (the Go release is checked below)
        if (containerEra(kubelet) == ERA_STRUCT) return false;
        const ty = containerType(kubelet);
        if (ty < 0) return false;
        earlyGo = go != -2 ? go : defaultGoOf(kubelet);
        early = containerHashRaw(kubelet, ty, cStart, <i32>(cur.end - cStart), earlyGo, depth, true);
        if (early === null) return false;
        cur.pos = cStart + <usize>early.end;
      } else {
        // transcoded below, once the minor is known (which validates it)
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
  if (g < minGoOf(minor)) return false;
  let r = early;
  if (r === null || g != earlyGo) {
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
