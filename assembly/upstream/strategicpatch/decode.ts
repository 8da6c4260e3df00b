// json.Unmarshal(doc, &map[string]interface{}) as k8s.io/apimachinery/pkg/util/json does it at each minor:
//   1.23+  sigs.k8s.io/json UnmarshalCaseSensitivePreserveInts: the whole text must be one JSON value
//          (its own scanner: 10000 levels at most, whatever the Go release).
//   <=1.22 encoding/json Decoder with UseNumber, then numbers converted: only the FIRST value of the text
//          is read (anything after it is ignored), the Go release's scanner (no nesting limit before Go
//          1.15), and from 1.15 a conversion pass that refuses more than 10001 levels.
// Both keep integers that fit an int64 as int64 and turn every other number into a float64 (out of
// range: error). The top level must be an object (a map) or null (Go's nil map). Strings decode with
// invalid UTF-8 as U+FFFD; a repeated key keeps its first position and its last value. Arrays get the
// capacity Go's appends give them. Iterative.

import { ByteSink } from "../../io/sink";
import { Tape, K_NULL, K_FALSE, K_TRUE, K_NUMBER, K_STRING, K_ARRAY, K_OBJECT, F_ESCAPE, F_HIGH, F_INT } from "../../json/tape";
import { readJSON, ReadOptions, goDepthLimit } from "../../json/reader";
import { unquote } from "../../json/strings";
import { parseNumber, outOfRange } from "../../json/number";
import { errorCode, clearError, E_TOO_LARGE, E_JSON_DEPTH } from "../../base/errors";
import { Val, GMap, ValPool, T_BOOL, T_INT, T_FLOAT, T_STRING, T_MAP, T_SLICE, sliceOfN, newMap } from "./value";
import { compareBytes } from "../../json/members";
import { DocInput } from "../../json/document";

/** decodeDoc: decoded (result in Decoded.map). */
export const DEC_OK: i32 = 0;
/** decodeDoc: upstream's json.Unmarshal fails (strategicpatch reports ErrBadJSONDoc). Nothing recorded. */
export const DEC_BAD: i32 = 1;
/** decodeDoc: an engine limit refused the text (error recorded). */
export const DEC_LIMIT: i32 = 2;

/** What decodeDoc answers: DEC_OK with the map (isNil for `null`), DEC_BAD or DEC_LIMIT. */
export class Decoded {
  constructor(public code: i32, public map: GMap | null = null) {}
}

/** A nil map (json.Unmarshal of `null`). */
function nilMap(): Decoded {
  const m = newMap();
  m.isNil = true;
  return new Decoded(DEC_OK, m);
}

/** Decodes document `d` (present) as Kubernetes minor `minor` built with Go `go` unmarshals it into a map. */
export function decodeDoc(d: DocInput, minor: i32, go: i32, opts: ReadOptions): Decoded {
  let t: Tape;
  let root: i32;
  const kjson = minor >= 23;
  if (d.direct) {
    t = d.tape!;
    root = d.node;
  } else {
    let p = d.ptr;
    let n = d.len;
    if (!kjson) {
      // Decoder: the first value only
      let i = 0;
      while (i < n && isSpace(<i32>load<u8>(p + <usize>i))) i++;
      if (i >= n) return new Decoded(DEC_BAD);
      const c = <i32>load<u8>(p + <usize>i);
      if (c == 0x6e) {
        if (n - i >= 4 && load<u8>(p + <usize>(i + 1)) == 0x75 && load<u8>(p + <usize>(i + 2)) == 0x6c &&
          load<u8>(p + <usize>(i + 3)) == 0x6c) return nilMap();
        return new Decoded(DEC_BAD);
      }
      if (c != 0x7b) return new Decoded(DEC_BAD);
      n = firstObjectEnd(p, n, i);
    }
    const ro = new ReadOptions();
    ro.maxBytes = opts.maxBytes;
    ro.maxDepth = opts.maxDepth;
    ro.goMinor = kjson ? 22 : go;
    const r = readJSON(p, n, ro);
    if (r === null) {
      const code = errorCode();
      const goLimit = goDepthLimit(ro.goMinor);
      if (code == E_TOO_LARGE || (code == E_JSON_DEPTH && (goLimit == 0 || ro.maxDepth < goLimit))) return new Decoded(DEC_LIMIT);
      clearError();
      return new Decoded(DEC_BAD);
    }
    t = r;
    root = 0;
  }
  const k = t.kind(root);
  if (k == K_NULL) return nilMap();
  if (k != K_OBJECT) return new Decoded(DEC_BAD);
  // nesting limits of the decoder that reads a value given inside the request line
  let limit = 0;
  if (kjson) limit = 10000;
  else {
    const g = goDepthLimit(go);
    if (g > 0) limit = g;
    if (minor >= 15 && (limit == 0 || limit > 10001)) limit = 10001;
  }
  const v = toValues(t, root, go, limit);
  if (v === null) return new Decoded(DEC_BAD);
  return new Decoded(DEC_OK, v.m);
}

@inline function isSpace(c: i32): bool {
  return c == 0x20 || c == 0x09 || c == 0x0a || c == 0x0d;
}

/** End (exclusive) of the object starting at p[i] (its matching `}` outside strings), or n. */
function firstObjectEnd(p: usize, n: i32, i: i32): i32 {
  let depth = 0;
  let inStr = false;
  for (let j = i; j < n; j++) {
    const c = <i32>load<u8>(p + <usize>j);
    if (inStr) {
      if (c == 0x5c) j++;
      else if (c == 0x22) inStr = false;
      continue;
    }
    if (c == 0x22) inStr = true;
    else if (c == 0x7b || c == 0x5b) depth++;
    else if (c == 0x7d || c == 0x5d) {
      depth--;
      if (depth == 0) return j + 1;
    }
  }
  return n;
}

/**
 * Converts the subtree at `root` (an object) into values; null when a number is out of range or too deep.
 * Containers are sized from the tape (member and element counts), scalars come from a bump pool.
 */
function toValues(t: Tape, root: i32, go: i32, limit: i32): Val | null {
  const pool = new ValPool();
  // open containers on a raw stack of 16-byte frames: the value, members/elements left, and `fill`: a slice's
  // next element index, or a map's last key length while its keys are strictly increasing (-1: no key yet,
  // -2: not increasing) with that key's pointer (then a new key greater than the last cannot repeat one: no
  // lookup)
  let stack = heap.alloc(64 * 16);
  let stackCap = 64;
  let depth = 1;
  const rootVal = pool.take(T_MAP);
  rootVal.m = pool.map(t.children(root));
  store<u32>(stack, <u32>changetype<usize>(rootVal));
  store<i32>(stack, t.children(root), 4);
  store<i32>(stack, -1, 8);
  store<u32>(stack, 0, 12);
  let f = stack;
  let top = rootVal;
  let isMap = true;
  let i = root + 1;
  while (true) {
    const topLeft = load<i32>(f, 4);
    if (topLeft == 0) {
      depth--;
      if (depth == 0) break;
      f -= 16;
      top = changetype<Val>(<usize>load<u32>(f));
      isMap = top.t == T_MAP;
      continue;
    }
    store<i32>(f, topLeft - 1, 4);
    let kp: usize = 0;
    let kn = 0;
    if (isMap) {
      const kf = t.flags(i);
      kp = t.ptr(i);
      kn = t.len(i);
      if (kf & (F_ESCAPE | F_HIGH)) {
        const b = new ByteSink(kn + 4);
        unquote(b, kp, kn, false);
        kp = b.ptr;
        kn = b.len;
      }
      i++;
    }
    const k = t.kind(i);
    let v: Val | null;
    let open = false;
    if (k == K_OBJECT) {
      if (limit > 0 && depth + 1 > limit) return null;
      v = pool.take(T_MAP);
      v.m = pool.map(t.children(i));
      open = true;
    } else if (k == K_ARRAY) {
      if (limit > 0 && depth + 1 > limit) return null;
      v = pool.take(T_SLICE);
      const n = t.children(i);
      v.s = sliceOfN(n, go);
      open = true;
    } else {
      v = scalar(t, i, pool);
      if (v === null && k == K_NUMBER) return null;
    }
    // attach to the open container (a repeated key keeps its first position and its last value)
    const at = load<i32>(f, 8);
    if (isMap) {
      if (at == -1 || (at >= 0 && compareBytes(<usize>load<u32>(f, 12), at, kp, kn) < 0)) {
        top.m!.add(kp, kn, v);
        store<i32>(f, kn, 8);
        store<u32>(f, <u32>kp, 12);
      } else {
        top.m!.set(kp, kn, v);
        store<i32>(f, -2, 8);
      }
    } else {
      top.s!.put(at, v);
      store<i32>(f, at + 1, 8);
    }
    if (open) {
      if (depth == stackCap) {
        const ns = heap.alloc(<usize>stackCap * 32);
        memory.copy(ns, stack, <usize>stackCap * 16);
        stack = ns;
        stackCap <<= 1;
      }
      f = stack + <usize>depth * 16;
      depth++;
      top = v!;
      isMap = k == K_OBJECT;
      store<u32>(f, <u32>changetype<usize>(top));
      store<i32>(f, t.children(i), 4);
      store<i32>(f, isMap ? -1 : 0, 8);
      store<u32>(f, 0, 12);
    }
    i++;
  }
  return rootVal;
}

/** A scalar node as a Go value (null: JSON null, or a number out of float64 range). */
function scalar(t: Tape, i: i32, pool: ValPool): Val | null {
  const k = t.kind(i);
  if (k == K_NULL) return null;
  if (k == K_TRUE || k == K_FALSE) {
    const v = pool.take(T_BOOL);
    v.b = k == K_TRUE;
    return v;
  }
  if (k == K_STRING) {
    const f = t.flags(i);
    const v = pool.take(T_STRING);
    if (!(f & (F_ESCAPE | F_HIGH))) {
      v.p = t.ptr(i);
      v.n = t.len(i);
      return v;
    }
    const b = new ByteSink(t.len(i) + 4);
    unquote(b, t.ptr(i), t.len(i), false);
    v.p = b.ptr;
    v.n = b.len;
    return v;
  }
  // number
  const p = t.ptr(i);
  const n = t.len(i);
  if ((t.flags(i) & F_INT) && fitsInt64(p, n)) {
    const v = pool.take(T_INT);
    v.i = parseInt64(p, n);
    return v;
  }
  const f = parseNumber(p, n);
  if (outOfRange(f)) return null;
  const v = pool.take(T_FLOAT);
  v.f = f;
  return v;
}

/** strconv.ParseInt(s, 10, 64) succeeds for integer syntax s. */
function fitsInt64(p: usize, n: i32): bool {
  const neg = load<u8>(p) == 0x2d;
  const digits = neg ? n - 1 : n;
  if (digits < 19) return true;
  if (digits > 19) return false;
  const lim = neg ? "9223372036854775808" : "9223372036854775807";
  const q = neg ? p + 1 : p;
  for (let i = 0; i < 19; i++) {
    const c = <i32>load<u8>(q + <usize>i);
    const l = lim.charCodeAt(i);
    if (c != l) return c < l;
  }
  return true;
}

function parseInt64(p: usize, n: i32): i64 {
  const neg = load<u8>(p) == 0x2d;
  let v: u64 = 0;
  for (let j = neg ? 1 : 0; j < n; j++) v = v * 10 + <u64>(load<u8>(p + <usize>j) - 0x30);
  return neg ? -(<i64>v) : <i64>v;
}
