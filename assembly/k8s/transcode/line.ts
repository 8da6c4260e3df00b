// container.hash without the request line's tape: a line that starts `{"op":"container.hash",` and has only
// the members `kubelet`, `go` and `container` (each once, plain strings, the container inline) is read here
// member by member with the validating scanner, the container transcoded straight from the line's bytes
// (assembly/k8s/transcode/), hashed, and the whole answer line written. Anything else, and anything the
// transcoder does not prove, answers false with nothing written: the ordinary dispatch then reads the line
// and answers (errors included) as before. The answer bytes are the ones opContainerHash writes.

import { ByteSink } from "../../io/sink";
import { hasError, clearError } from "../../errors";
import { Limits } from "../../limits";
import { DocBytes } from "../../eval/ops/patchinput";
import { FieldCache } from "../fields";
import { requestType } from "../types";
import { defaultGoOf, minGoOf, K8S_GO_MIN, K8S_GO_MAX } from "../versions";
import { minorIndex, newestMinor } from "../../schema/schema";
import { containerEra, ERA_STRUCT, eraName, hasHashWithoutResources } from "../hash";
import { Cur, ws, readString, S_ESC } from "./scan";
import { containerHashRaw, RawHash } from "./containerhash";

const PREFIX = "{\"op\":\"container.hash\",";

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

/** Writes `"name":"<hex>"` (strconv.FormatUint(h, 16)). */
function hexMember(out: ByteSink, name: string, h: u32): void {
  out.byte(0x22);
  out.ascii(name);
  out.ascii("\":\"");
  out.hex(<u64>h);
  out.byte(0x22);
}

/**
 * Answers a container.hash request line [src, src+len) into `out` when it has the simple shape above and the
 * transcoder proves the container's stored bytes; false (nothing written) otherwise.
 */
export function containerHashLine(src: usize, len: i32, out: ByteSink): bool {
  const pn = PREFIX.length;
  if (len < pn + 2 || len > Limits.maxBytes || DocBytes.active || hasError()) return false;
  for (let i = 0; i < pn; i++) if (<i32>load<u8>(src + <usize>i) != PREFIX.charCodeAt(i)) return false;
  FieldCache.reset();
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
  out.ascii("{\"ok\":true,\"result\":{");
  hexMember(out, "hash", RawHash.hash);
  if (hasHashWithoutResources(minor)) {
    out.byte(0x2c);
    hexMember(out, "hashWithoutResources", RawHash.withoutResources);
  }
  out.ascii(",\"era\":\"");
  out.ascii(eraName(containerEra(minor)));
  out.ascii("\"}}");
  return true;
}
