// kruise.patchPods (and kruise.patchPod) without a tape of the pods: a request line whose op
// is kruise.patchPods is first checked by one validating pass (strict JSON grammar, the reader's nesting and
// size limits) that records the byte range of every element of its `pods` array; the line is then evaluated
// as usual with that array replaced by `[]` (a small tape), and opKruisePatchPods reads the pods from the
// recorded ranges (PodRanges, handed to the op): each pod's bytes go straight to the transcoder, a tape of one pod is built only
// when that pod takes the typed path. A kruise.patchPod line is read the same way, its `pod` object replaced
// by `{}`. Any failure (the pass refuses, the op or a pod fails) drops the attempt and the original line is
// evaluated from scratch, so every answer and every error is the tape path's.
// Preconditions (else the line is not touched): a top-level object whose first member is its only "op", the string
// "kruise.patchPods" / "kruise.patchPod" written without escapes, exactly one "pods" member (an array) /
// "pod" member (an object), no "podsText" / "podText", no "exact" and no "exactPath" member (their answers are
// the reference the fast path is compared with), no "requireFastPath", no "limits" member, no top-level key with an
// escape, nesting below min(Limits.maxDepth, Go's 10000), no array or object past Limits.maxItems children but the
// pods array itself (the op's maxPods judges it), at most Limits.maxBytes bytes.

import { ByteSink } from "../../io/sink";
import { arenaMark, arenaRelease, keepAndRelease } from "../../io/arena";
import { Limits } from "../../base/limits";
import { hasError, clearError } from "../../base/errors";
import { goDepthLimit } from "../../json/reader";
import { escapeEnd } from "../../json/fastread";
import { GO_DEFAULT } from "../../base/pins";
import { PodRanges } from "../ops/podsline";
import { DocBytes } from "../ops/docbytes";

/** Scanner state of the current pass (`stack` is per-call arena memory). */
// scratch: rewritten before every use (patchPodsLine sets cap and stack first; long and esc before each scan)
class LineScan {
  /** A number of 16 or more characters was seen. */
  static long: bool = false;
  /** The last string scanned had an escape. */
  static esc: bool = false;
  /** Nesting cap: containers may nest this deep (the reader's rule: open only while depth < cap). */
  static cap: i32 = 0;
  /** Per open container (index = depth - 1), 8 bytes: its closing byte and its children so far. */
  static stack: usize = 0;
  static stackCap: i32 = 0;
}

@inline function isWs(c: u32): bool {
  return c <= 0x20 && ((<u64>0x100002600 >> <u64>c) & 1) != 0;
}

@inline function ws(src: usize, len: i32, i: i32): i32 {
  while (i < len && isWs(<u32>load<u8>(src + <usize>i))) i++;
  return i;
}

/** Index just past the string whose opening quote is at i (-1 when not a valid JSON string); sets LineScan.esc. */
@inline function scanString(src: usize, len: i32, i: i32): i32 {
  let j = i + 1;
  LineScan.esc = false;
  for (;;) {
    while (j + 8 <= len) {
      const x = load<u64>(src + <usize>j);
      const a = x ^ 0x2222222222222222;
      const b = x ^ 0x5c5c5c5c5c5c5c5c;
      const m = (((a - 0x0101010101010101) & ~a) | ((b - 0x0101010101010101) & ~b) | ((x - 0x2020202020202020) & ~x)) & 0x8080808080808080;
      if (m == 0) { j += 8; continue; }
      j += <i32>(ctz(m) >> 3); // the first stop byte (exact: a false match can only sit above a true one)
      break;
    }
    if (j >= len) return -1;
    let c = <u32>load<u8>(src + <usize>j);
    while (c != 0x22 && c != 0x5c && c >= 0x20) {
      j++;
      if (j >= len) return -1;
      c = <u32>load<u8>(src + <usize>j);
      if ((j & 7) == 0) break;
    }
    if (c == 0x22) return j + 1;
    if (c < 0x20) return -1;
    if (c != 0x5c) continue;
    LineScan.esc = true;
    j++;
    if (j >= len) return -1;
    j = escapeEnd(src, len, j);
    if (j < 0) return -1;
  }
  return -1; // not reached
}

/** Index just past the number starting at i (-1 when not JSON's number grammar); sets LineScan.long. */
function scanNumber(src: usize, len: i32, i: i32): i32 {
  const s = i;
  if (load<u8>(src + <usize>i) == 0x2d) { i++; if (i >= len) return -1; }
  let d = <u32>load<u8>(src + <usize>i);
  if (d == 0x30) i++;
  else {
    if (d - 0x31 >= 9) return -1;
    i++;
    while (i < len && <u32>load<u8>(src + <usize>i) - 0x30 < 10) i++;
  }
  if (i < len && load<u8>(src + <usize>i) == 0x2e) {
    i++;
    if (i >= len || <u32>load<u8>(src + <usize>i) - 0x30 >= 10) return -1;
    while (i < len && <u32>load<u8>(src + <usize>i) - 0x30 < 10) i++;
  }
  if (i < len && (<u32>load<u8>(src + <usize>i) | 0x20) == 0x65) {
    i++;
    if (i >= len) return -1;
    d = <u32>load<u8>(src + <usize>i);
    if (d == 0x2b || d == 0x2d) { i++; if (i >= len) return -1; }
    if (<u32>load<u8>(src + <usize>i) - 0x30 >= 10) return -1;
    while (i < len && <u32>load<u8>(src + <usize>i) - 0x30 < 10) i++;
  }
  if (i - s >= 16) LineScan.long = true;
  return i;
}

/** Opens a container closed by `close` at nesting `depth` (open containers); false past the cap. */
@inline function push(depth: i32, close: u8): bool {
  if (depth >= LineScan.cap) return false;
  if (depth >= LineScan.stackCap) {
    const n = LineScan.stackCap == 0 ? 256 : LineScan.stackCap << 1;
    LineScan.stack = LineScan.stack == 0 ? heap.alloc(<usize>n << 3) : heap.realloc(LineScan.stack, <usize>n << 3);
    LineScan.stackCap = n;
  }
  // per open container: its closing byte and the number of its children so far
  store<u32>(LineScan.stack + (<usize>depth << 3), close);
  store<i32>(LineScan.stack + (<usize>depth << 3), 1, 4);
  return true;
}

/** Past `"key"` ws `:` ws at i (-1 when not there). */
function scanKey(src: usize, len: i32, i: i32): i32 {
  if (i >= len || load<u8>(src + <usize>i) != 0x22) return -1;
  i = scanString(src, len, i);
  if (i < 0) return -1;
  i = ws(src, len, i);
  if (i >= len || load<u8>(src + <usize>i) != 0x3a) return -1;
  return ws(src, len, i + 1);
}

/**
 * Index just past the JSON value starting at i (whitespace skipped before it), inside `base` open
 * containers; -1 when it is not valid JSON or nests past the cap.
 */
function scanValue(src: usize, len: i32, i: i32, base: i32): i32 {
  let depth = base;
  for (;;) {
    // a value at i
    if (i >= len) return -1;
    const c = <u32>load<u8>(src + <usize>i);
    if (c == 0x22) {
      i = scanString(src, len, i);
      if (i < 0) return -1;
    } else if (c == 0x7b || c == 0x5b) {
      if (!push(depth, <u8>(c + 2))) return -1;
      depth++;
      i = ws(src, len, i + 1);
      if (i >= len) return -1;
      if (<u32>load<u8>(src + <usize>i) == c + 2) {
        i++;
        depth--;
      } else {
        if (c == 0x7b) { i = scanKey(src, len, i); if (i < 0) return -1; }
        continue;
      }
    } else if (c == 0x2d || c - 0x30 < 10) {
      i = scanNumber(src, len, i);
      if (i < 0) return -1;
    } else if (c == 0x74 && i + 4 <= len && load<u32>(src + <usize>i) == 0x65757274) i += 4;
    else if (c == 0x66 && i + 5 <= len && load<u32>(src + <usize>(i + 1)) == 0x65736c61) i += 5;
    else if (c == 0x6e && i + 4 <= len && load<u32>(src + <usize>i) == 0x6c6c756e) i += 4;
    else return -1;
    // after a value
    for (;;) {
      if (depth == base) return i;
      i = ws(src, len, i);
      if (i >= len) return -1;
      const d = <u32>load<u8>(src + <usize>i);
      const top = LineScan.stack + (<usize>(depth - 1) << 3);
      const close = load<u32>(top);
      if (d == 0x2c) {
        // a container past Limits.maxItems is left to the tape path, which applies the request's limit
        const k = load<i32>(top, 4) + 1;
        if (k > Limits.maxItems) return -1;
        store<i32>(top, k, 4);
        i = ws(src, len, i + 1);
        if (close == 0x7d) { i = scanKey(src, len, i); if (i < 0) return -1; }
        break;
      }
      if (d != close) return -1;
      i++;
      depth--;
    }
  }
  return -1; // not reached
}

/** True when [p, p+n) is the ASCII text `s`. */
function textIs(p: usize, n: i32, s: string): bool {
  if (n != s.length) return false;
  for (let i = 0; i < n; i++) if (<i32>load<u8>(p + <usize>i) != s.charCodeAt(i)) return false;
  return true;
}

/** Records a pod's byte range [s, e) and whether it has a number of 16+ characters. */
function addRange(ranges: ByteSink, s: i32, e: i32): void {
  ranges.reserve(12);
  store<i32>(ranges.ptr + <usize>ranges.len, s);
  store<i32>(ranges.ptr + <usize>ranges.len, e, 4);
  store<i32>(ranges.ptr + <usize>ranges.len, LineScan.long ? 1 : 0, 8);
  ranges.len += 12;
}

/**
 * When [src, src+len) is a kruise.patchPods (or kruise.patchPod) line meeting the preconditions above,
 * evaluates it in line mode with `evaluate` (the dispatcher's evaluateRequest) and returns true with the
 * answer in `out`; otherwise (or when that evaluation fails) returns false with `out` as it was and no
 * error recorded.
 */
export function patchPodsLine(src: usize, len: i32, out: ByteSink, evaluate: (src: usize, len: i32, out: ByteSink, pods: PodRanges | null, docs: DocBytes | null) => void): bool {
  if (len > Limits.maxBytes || len < 40 || hasError()) return false;
  const goLimit = goDepthLimit(GO_DEFAULT);
  LineScan.cap = goLimit > 0 && goLimit < Limits.maxDepth ? goLimit : Limits.maxDepth;
  LineScan.stack = 0;
  LineScan.stackCap = 0;
  let i = ws(src, len, 0);
  if (i >= len || load<u8>(src + <usize>i) != 0x7b || LineScan.cap < 1) return false;
  i = ws(src, len, i + 1);
  let ops = 0;
  let single = false; // op kruise.patchPod (else kruise.patchPods)
  let podsSeen = 0; // "pods" members; -1 once one is not an array
  let podSeen = 0; // "pod" members; -1 once one is not an object
  let podsStart = -1;
  let podsEnd = -1;
  let podStart = -1;
  let podEnd = -1;
  let podLong = false;
  let blockPods = false; // podsText / exactPath: the tape path answers
  let blockPod = false; // podText / exactPath / requireFastPath
  const ranges = new ByteSink(1024);
  let count = 0;
  if (i < len && load<u8>(src + <usize>i) == 0x7d) return false; // {}
  for (;;) {
    if (i >= len || load<u8>(src + <usize>i) != 0x22) return false;
    const ks = i + 1;
    i = scanString(src, len, i);
    if (i < 0 || LineScan.esc) return false;
    const kp = src + <usize>ks;
    const kn = i - 1 - ks;
    if (ops == 0 && !textIs(kp, kn, "op")) return false; // "op" first (as the JS API writes it): other lines cost nothing here
    i = ws(src, len, i);
    if (i >= len || load<u8>(src + <usize>i) != 0x3a) return false;
    i = ws(src, len, i + 1);
    if (i >= len) return false;
    const c = load<u8>(src + <usize>i);
    if (textIs(kp, kn, "pods") && c == 0x5b && podsSeen == 0) {
      podsSeen = 1;
      if (LineScan.cap < 2) return false;
      podsStart = i;
      i = ws(src, len, i + 1);
      if (i >= len) return false;
      if (load<u8>(src + <usize>i) != 0x5d) {
        for (;;) {
          LineScan.long = false;
          const s = i;
          i = scanValue(src, len, i, 2);
          if (i < 0) return false;
          addRange(ranges, s, i);
          count++;
          i = ws(src, len, i);
          if (i >= len) return false;
          const d = load<u8>(src + <usize>i);
          if (d == 0x5d) break;
          if (d != 0x2c) return false;
          i = ws(src, len, i + 1);
        }
      }
      i++;
      podsEnd = i;
    } else {
      if (textIs(kp, kn, "pods")) podsSeen = -1;
      else if (textIs(kp, kn, "pod")) podSeen = podSeen == 0 && c == 0x7b ? 1 : -1;
      else if (textIs(kp, kn, "podsText")) blockPods = true;
      else if (textIs(kp, kn, "podText") || textIs(kp, kn, "requireFastPath")) blockPod = true;
      else if (textIs(kp, kn, "exactPath") || textIs(kp, kn, "exact") || textIs(kp, kn, "limits")) return false;
      const isOp = textIs(kp, kn, "op");
      const vs = i;
      LineScan.long = false;
      i = scanValue(src, len, i, 1);
      if (i < 0) return false;
      if (podSeen == 1 && podStart < 0) { podStart = vs; podEnd = i; podLong = LineScan.long; }
      if (isOp) {
        // another op: nothing more to read here
        if (++ops > 1 || load<u8>(src + <usize>vs) != 0x22) return false;
        if (i - vs == 18 && textIs(src + <usize>(vs + 1), 16, "kruise.patchPods")) single = false;
        else if (i - vs == 17 && textIs(src + <usize>(vs + 1), 15, "kruise.patchPod")) single = true;
        else return false;
      }
    }
    i = ws(src, len, i);
    if (i >= len) return false;
    const d = load<u8>(src + <usize>i);
    i = ws(src, len, i + 1);
    if (d == 0x7d) break;
    if (d != 0x2c) return false;
  }
  if (i != len || ops != 1) return false;
  if (single) {
    if (podSeen != 1 || blockPod) return false;
    // the pod's range; the line with `{}` for it
    podsStart = podStart;
    podsEnd = podEnd;
    LineScan.long = podLong;
    ranges.len = 0;
    addRange(ranges, podStart, podEnd);
    count = 1;
  } else if (podsSeen != 1 || blockPods) return false;
  // the attempt's memory is released should it fail (the tape path then reads the line in the same room)
  const mark = arenaMark();
  const mlen = len - (podsEnd - podsStart) + 2;
  const m = heap.alloc(<usize>mlen);
  memory.copy(m, src, <usize>podsStart);
  store<u16>(m + <usize>podsStart, single ? 0x7d7b : 0x5d5b);
  memory.copy(m + <usize>(podsStart + 2), src + <usize>podsEnd, <usize>(len - podsEnd));
  const at = out.len;
  evaluate(m, mlen, out, new PodRanges(src, ranges.ptr, count, podsEnd - podsStart), null);
  if (!hasError()) return true;
  clearError();
  out.truncate(at);
  keepAndRelease(out, mark);
  return false;
}

