// container.hash without the request line's tape: a line that starts `{"op":"container.hash",` and has only
// the members `kubelet`, `go` and `container` (each once, plain strings, the container inline) is read here
// member by member with the validating scanner, the container transcoded straight from the line's bytes
// (assembly/fast/transcode/), hashed, and the whole answer line written. Anything else, and anything the
// transcoder does not prove, answers false with nothing written: the ordinary dispatch then reads the line
// and answers (errors included) as before. The answer bytes are the ones opContainerHash writes.

import { ByteSink } from "../../io/sink";
import { hasError, clearError } from "../../base/errors";
import { Limits } from "../../base/limits";
import { DocBytes } from "../ops/patchinput";
import { requestType } from "../../typed/types";
import { minorIndex, newestMinor } from "../../schema/schema";
import { containerEra, ERA_STRUCT, ERA_JSON, hasHashWithoutResources } from "../../upstream/kubernetes/hash";
import { Cur, ws, readString, S_ESC } from "../../fast/transcode/scan";
import { containerHashRaw, RawHash } from "../../fast/transcode/containerhash";
import { defaultGoOf, minGoOf, K8S_GO_MIN, K8S_GO_MAX } from "../../base/pins";

/** The line's start this path takes: `{"op":"container.hash",`. */
const PREFIX: usize = memory.data<u8>([0x7b, 0x22, 0x6f, 0x70, 0x22, 0x3a, 0x22, 0x63, 0x6f, 0x6e, 0x74, 0x61, 0x69, 0x6e, 0x65, 0x72, 0x2e, 0x68, 0x61, 0x73, 0x68, 0x22, 0x2c]);
const PREFIX_LEN: i32 = 23;

/** Container type handles per minor index (0: not looked up yet). */
const TYPES: usize = memory.data(64 * 4, 16);

/** The last minor and Go release the line named (the guess for a container that comes before them). */
class Guess {
  static minor: i32 = -1;
  static go: i32 = -1;
}

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

/** Reads a plain string value (no escapes) at the cursor; false otherwise. */
function plainString(): bool {
  return ws() == 0x22 && readString() && (Cur.sflags & S_ESC) == 0;
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
  Cur.pos = src + <usize>pn;
  Cur.end = src + <usize>len;
  let kubelet = -2; // -2: absent
  let go = -2;
  let cStart: usize = 0;
  let cEnd: usize = 0;
  let guessMinor = -1;
  let guessGo = -1;
  let done = false;
  const depth = Limits.maxDepth - 1;
  while (true) {
    if (ws() != 0x22 || !readString() || (Cur.sflags & S_ESC) != 0) return false;
    const kp = Cur.sp;
    const kn = Cur.sn;
    if (ws() != 0x3a) return false;
    Cur.pos++;
    if (kn == 7 && load<u32>(kp) == 0x6562756b && load<u32>(kp, 3) == 0x74656c65) { // kubelet
      if (kubelet != -2 || !plainString()) return false;
      const m = dotMinor(Cur.sp, Cur.sn);
      if (m < 0 || minorIndex(m) < 0) return false;
      kubelet = m;
    } else if (kn == 2 && load<u16>(kp) == 0x6f67) { // go
      if (go != -2 || !plainString()) return false;
      const g = dotMinor(Cur.sp, Cur.sn);
      if (g < K8S_GO_MIN || g > K8S_GO_MAX) return false;
      go = g;
    } else if (kn == 9 && load<u64>(kp) == 0x656e6961746e6f63 && load<u8>(kp, 8) == 0x72) { // container
      if (cStart != 0) return false;
      ws();
      cStart = Cur.pos;
      // transcode now with the minor and Go named so far, else the last line's (checked below)
      guessMinor = kubelet != -2 ? kubelet : Guess.minor >= 0 ? Guess.minor : newestMinor();
      guessGo = go != -2 ? go : kubelet != -2 ? defaultGoOf(kubelet) : Guess.go >= 0 ? Guess.go : defaultGoOf(guessMinor);
      if (containerEra(guessMinor) == ERA_STRUCT) return false;
      const ty = containerType(guessMinor);
      if (ty < 0) return false;
      done = containerHashRaw(guessMinor, ty, cStart, <i32>(Cur.end - cStart), guessGo, depth, true);
      if (!done && Cur.pos <= cStart) return false;
      cEnd = Cur.pos;
      // the transcoder stopped after the value (or failed inside it: then give up below)
      if (!done) return false;
    } else return false;
    const c = ws();
    if (c == 0x2c) { Cur.pos++; continue; }
    if (c != 0x7d) return false;
    Cur.pos++;
    break;
  }
  if (ws() != -1 || cStart == 0) return false;
  const minor = kubelet != -2 ? kubelet : newestMinor();
  if (containerEra(minor) == ERA_STRUCT) return false;
  const g = go != -2 ? go : defaultGoOf(minor);
  if (g < minGoOf(minor)) return false;
  if (minor != guessMinor || g != guessGo) {
    // the guess was wrong: transcode the container's extent again with the right minor and Go
    const ty = containerType(minor);
    if (ty < 0) return false;
    if (!containerHashRaw(minor, ty, cStart, <i32>(cEnd - cStart), g, depth, false)) return false;
  }
  Guess.minor = minor;
  Guess.go = g;
  if (hasError()) { clearError(); return false; }
  out.bytes(HEAD, HEAD_LEN);
  hexMember(out, RawHash.hash);
  if (hasHashWithoutResources(minor)) {
    out.bytes(WITHOUT, WITHOUT_LEN);
    hexMember(out, RawHash.withoutResources);
  }
  if (containerEra(minor) == ERA_JSON) out.bytes(ERA_JSON_TAIL, ERA_JSON_TAIL_LEN);
  else out.bytes(ERA_NAME_TAIL, ERA_NAME_TAIL_LEN);
  return true;
}
