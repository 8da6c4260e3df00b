// The UTF-8 bytes of JSON.stringify(value), written straight into a byte array (wasm memory) without building the
// string: plain objects (prototype Object.prototype or null), arrays, strings, finite and non-finite numbers,
// booleans, null, and the members JSON.stringify drops (undefined, functions, symbols). Anything whose JSON.stringify
// text depends on more (toJSON, boxed primitives, other prototypes, BigInt, nesting past MAX_DEPTH, which also
// covers cycles, or an exception from a getter) is declined, and the caller takes JSON.stringify itself.
//
// Must equal: new TextEncoder().encode(JSON.stringify(value)) for every value it does not decline
// (test/jsonbytes.test.ts compares both on random values).

/** Nesting followed before declining (JSON.stringify then reports cycles and deep values its own way). */
const MAX_DEPTH = 200;

/** writeJSONBytes result: the value's JSON text needs more room than given. */
export const NEED_ROOM = -1;
/** writeJSONBytes result: declined (JSON.stringify decides what the text is, or throws). */
export const DECLINED = -2;

const HEX = "0123456789abcdef";

/** Writes the `\uXXXX` escape of code unit `c` (lowercase hex, as JSON.stringify) at `p`; the position after it. */
function unicodeEscape(b: Uint8Array, p: number, c: number): number {
  b[p] = 0x5c;
  b[p + 1] = 0x75;
  b[p + 2] = HEX.charCodeAt(c >> 12);
  b[p + 3] = HEX.charCodeAt((c >> 8) & 15);
  b[p + 4] = HEX.charCodeAt((c >> 4) & 15);
  b[p + 5] = HEX.charCodeAt(c & 15);
  return p + 6;
}

/** Writes JSON.stringify's quoting of string `s` as UTF-8 at `p` (room up to `end`); the position after it, or NEED_ROOM. */
function str(b: Uint8Array, p: number, end: number, s: string): number {
  const n = s.length;
  // at most 6 bytes per code unit (an escape), plus the quotes
  if (p + n * 6 + 2 > end) return NEED_ROOM;
  b[p++] = 0x22;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && c < 0x7f && c !== 0x22 && c !== 0x5c) { b[p++] = c; continue; }
    p = special(b, p, s, i, c);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++; // the pair's low half was written with it
    }
  }
  b[p++] = 0x22;
  return p;
}

/** Writes code unit `c` at index `i` of `s` that is not plain printable ASCII (an escape, or UTF-8 of one or a pair of units). */
function special(b: Uint8Array, p: number, s: string, i: number, c: number): number {
  if (c === 0x22 || c === 0x5c) { b[p] = 0x5c; b[p + 1] = c; return p + 2; }
  if (c < 0x20) {
    const short = c === 0x08 ? 0x62 : c === 0x09 ? 0x74 : c === 0x0a ? 0x6e : c === 0x0c ? 0x66 : c === 0x0d ? 0x72 : 0;
    if (short === 0) return unicodeEscape(b, p, c);
    b[p] = 0x5c;
    b[p + 1] = short;
    return p + 2;
  }
  if (c < 0x80) { b[p] = c; return p + 1; } // DEL
  if (c < 0x800) {
    b[p] = 0xc0 | (c >> 6);
    b[p + 1] = 0x80 | (c & 0x3f);
    return p + 2;
  }
  if (c >= 0xd800 && c <= 0xdfff) {
    const d = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
    if (c > 0xdbff || d < 0xdc00 || d > 0xdfff) return unicodeEscape(b, p, c); // a lone surrogate: JSON.stringify escapes it
    const u = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
    b[p] = 0xf0 | (u >> 18);
    b[p + 1] = 0x80 | ((u >> 12) & 0x3f);
    b[p + 2] = 0x80 | ((u >> 6) & 0x3f);
    b[p + 3] = 0x80 | (u & 0x3f);
    return p + 4;
  }
  b[p] = 0xe0 | (c >> 12);
  b[p + 1] = 0x80 | ((c >> 6) & 0x3f);
  b[p + 2] = 0x80 | (c & 0x3f);
  return p + 3;
}

/** Writes ASCII text `s` (a number's or a literal's text) at `p`; the position after it, or NEED_ROOM. */
function ascii(b: Uint8Array, p: number, end: number, s: string): number {
  const n = s.length;
  if (p + n > end) return NEED_ROOM;
  for (let i = 0; i < n; i++) b[p++] = s.charCodeAt(i);
  return p;
}

/** True when Object.prototype has enumerable properties (for-in would visit them on every plain object; JSON.stringify does not). */
function inheritedKeys(): boolean {
  for (const k in Object.prototype) return k !== undefined;
  return false;
}

/** True for values JSON.stringify leaves out of objects (and writes as null in arrays). */
function dropped(v: unknown): boolean {
  const t = typeof v;
  return t === "undefined" || t === "function" || t === "symbol";
}

/** Writes value `v` (not dropped) at nesting `depth` at `p` (room up to `end`); the position after it, or a negative code. */
function value(b: Uint8Array, p: number, end: number, v: unknown, depth: number): number {
  switch (typeof v) {
    case "string": return str(b, p, end, v);
    case "number": return ascii(b, p, end, Number.isFinite(v) ? String(v) : "null");
    case "boolean": return ascii(b, p, end, v ? "true" : "false");
    case "object": break;
    default: return DECLINED; // bigint (JSON.stringify throws)
  }
  if (v === null) return ascii(b, p, end, "null");
  if (depth >= MAX_DEPTH || typeof (v as { toJSON?: unknown }).toJSON === "function") return DECLINED;
  const proto = Object.getPrototypeOf(v) as unknown;
  // each container's closing bracket is reserved up front (end - 1 below)
  if (p + 2 > end) return NEED_ROOM;
  if (Array.isArray(v)) {
    if (proto !== Array.prototype) return DECLINED;
    b[p++] = 0x5b;
    const n = v.length;
    for (let i = 0; i < n; i++) {
      if (i > 0) {
        if (p + 1 >= end) return NEED_ROOM;
        b[p++] = 0x2c;
      }
      const x = v[i] as unknown;
      p = dropped(x) ? ascii(b, p, end - 1, "null") : value(b, p, end - 1, x, depth + 1);
      if (p < 0) return p;
    }
    b[p++] = 0x5d;
    return p;
  }
  if (proto !== Object.prototype && proto !== null) return DECLINED;
  b[p++] = 0x7b;
  let first = true;
  // for-in visits the own enumerable string keys in Object.keys order (writeJSONBytes checked that Object.prototype has no
  // enumerable properties to add); V8 reads the values through the map's enum cache
  for (const k in v) {
    const x = (v as Record<string, unknown>)[k];
    if (dropped(x)) continue;
    if (!first) {
      if (p + 1 >= end) return NEED_ROOM;
      b[p++] = 0x2c;
    }
    first = false;
    p = str(b, p, end - 2, k);
    if (p < 0) return p;
    b[p++] = 0x3a;
    p = value(b, p, end - 1, x, depth + 1);
    if (p < 0) return p;
  }
  b[p++] = 0x7d;
  return p;
}

/**
 * Writes the UTF-8 bytes of JSON.stringify(`v`) into `bytes` from `start` up to `limit`: the end of the text, NEED_ROOM
 * when it does not fit, or DECLINED (also when JSON.stringify gives no text: a dropped value at the top).
 */
export function writeJSONBytes(v: unknown, bytes: Uint8Array, start: number, limit: number): number {
  if (dropped(v) || inheritedKeys()) return DECLINED;
  try {
    return value(bytes, start, Math.min(limit, bytes.length), v, 0);
  } catch {
    // a getter's exception or a stack overflow: JSON.stringify's to report
    return DECLINED;
  }
}
