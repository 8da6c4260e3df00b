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
import { parseNumber, NumberParse } from "../../json/number";
import { errorCode, clearError, E_TOO_LARGE, E_JSON_DEPTH } from "../../errors";
import { DocInput } from "../../eval/ops/patchinput";
import { Val, GMap, T_BOOL, T_INT, T_FLOAT, T_STRING, T_MAP, T_SLICE, strVal, sliceOfAppends, newMap } from "./value";

/** decodeDoc: decoded (result in Decoded.map). */
export const DEC_OK: i32 = 0;
/** decodeDoc: upstream's json.Unmarshal fails (strategicpatch reports ErrBadJSONDoc). Nothing recorded. */
export const DEC_BAD: i32 = 1;
/** decodeDoc: an engine limit refused the text (error recorded). */
export const DEC_LIMIT: i32 = 2;

/** The result of the last decodeDoc: the map (isNil for `null`). */
export class Decoded {
  static map: GMap | null = null;
}

/** Decodes document `d` (present) as Kubernetes minor `minor` built with Go `go` unmarshals it into a map. */
export function decodeDoc(d: DocInput, minor: i32, go: i32, opts: ReadOptions): i32 {
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
      if (i >= n) return DEC_BAD;
      const c = <i32>load<u8>(p + <usize>i);
      if (c == 0x6e) {
        if (n - i >= 4 && load<u8>(p + <usize>(i + 1)) == 0x75 && load<u8>(p + <usize>(i + 2)) == 0x6c &&
          load<u8>(p + <usize>(i + 3)) == 0x6c) {
          const m = newMap();
          m.isNil = true;
          Decoded.map = m;
          return DEC_OK;
        }
        return DEC_BAD;
      }
      if (c != 0x7b) return DEC_BAD;
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
      if (code == E_TOO_LARGE || (code == E_JSON_DEPTH && (goLimit == 0 || ro.maxDepth < goLimit))) return DEC_LIMIT;
      clearError();
      return DEC_BAD;
    }
    t = r;
    root = 0;
  }
  const k = t.kind(root);
  if (k == K_NULL) {
    const m = newMap();
    m.isNil = true;
    Decoded.map = m;
    return DEC_OK;
  }
  if (k != K_OBJECT) return DEC_BAD;
  // nesting limits of the decoder that reads a value given inside the request line
  let limit = 0;
  if (kjson) limit = 10000;
  else {
    const g = goDepthLimit(go);
    if (g > 0) limit = g;
    if (minor >= 15 && (limit == 0 || limit > 10001)) limit = 10001;
  }
  const v = toValues(t, root, go, limit);
  if (v === null) return DEC_BAD;
  Decoded.map = v.m;
  return DEC_OK;
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

/** One container being built. */
class Open {
  node: i32;
  v: Val;
  items: Array<Val | null> | null = null;
  constructor(node: i32, v: Val) {
    this.node = node;
    this.v = v;
  }
}

/** Converts the subtree at `root` (an object) into values; null when a number is out of range or too deep. */
function toValues(t: Tape, root: i32, go: i32, limit: i32): Val | null {
  const stack = new Array<Open>();
  const rootVal = new Val(T_MAP);
  rootVal.m = newMap();
  stack.push(new Open(root, rootVal));
  // walk the tape in document order; `pending` counts remaining children per open container
  const remaining = new Array<i32>();
  remaining.push(t.children(root));
  const keyP = new Array<usize>();
  const keyN = new Array<i32>();
  keyP.push(0);
  keyN.push(0);
  let i = root + 1;
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    const left = remaining[remaining.length - 1];
    if (left == 0) {
      stack.pop();
      remaining.pop();
      keyP.pop();
      keyN.pop();
      if (top.v.t == T_SLICE) top.v.s = sliceOfAppends(top.items!, go);
      if (stack.length == 0) break;
      attach(stack[stack.length - 1], top.v, keyP, keyN);
      continue;
    }
    remaining[remaining.length - 1] = left - 1;
    if (top.v.t == T_MAP) {
      // key
      const kf = t.flags(i);
      let kp = t.ptr(i);
      let kn = t.len(i);
      if (kf & (F_ESCAPE | F_HIGH)) {
        const b = new ByteSink(kn + 4);
        unquote(b, kp, kn, false);
        kp = b.ptr;
        kn = b.len;
      }
      keyP[keyP.length - 1] = kp;
      keyN[keyN.length - 1] = kn;
      i++;
    }
    const k = t.kind(i);
    if (k == K_OBJECT || k == K_ARRAY) {
      if (limit > 0 && stack.length + 1 > limit) return null;
      const v = new Val(k == K_OBJECT ? T_MAP : T_SLICE);
      const o = new Open(i, v);
      if (k == K_OBJECT) v.m = newMap();
      else o.items = new Array<Val | null>();
      stack.push(o);
      remaining.push(t.children(i));
      keyP.push(0);
      keyN.push(0);
      i++;
      continue;
    }
    const s = scalar(t, i);
    if (s === null && k == K_NUMBER) return null;
    attach(top, s, keyP, keyN);
    i++;
  }
  return rootVal;
}

/** Adds v to the open container `o` (under the current key of an object). */
function attach(o: Open, v: Val | null, keyP: Array<usize>, keyN: Array<i32>): void {
  if (o.v.t == T_MAP) {
    const d = keyP.length - 1;
    o.v.m!.set(keyP[d], keyN[d], v);
  } else {
    o.items!.push(v);
  }
}

/** A scalar node as a Go value (null: JSON null, or a number out of float64 range). */
function scalar(t: Tape, i: i32): Val | null {
  const k = t.kind(i);
  if (k == K_NULL) return null;
  if (k == K_TRUE || k == K_FALSE) {
    const v = new Val(T_BOOL);
    v.b = k == K_TRUE;
    return v;
  }
  if (k == K_STRING) {
    const f = t.flags(i);
    if (!(f & (F_ESCAPE | F_HIGH))) return strVal(t.ptr(i), t.len(i));
    const b = new ByteSink(t.len(i) + 4);
    unquote(b, t.ptr(i), t.len(i), false);
    return strVal(b.ptr, b.len);
  }
  // number
  const p = t.ptr(i);
  const n = t.len(i);
  if ((t.flags(i) & F_INT) && fitsInt64(p, n)) {
    const v = new Val(T_INT);
    v.i = parseInt64(p, n);
    return v;
  }
  const f = parseNumber(p, n);
  if (NumberParse.rangeError) return null;
  const v = new Val(T_FLOAT);
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
