// Go's view of a JS value: what json.Unmarshal into interface{} makes of JSON.stringify's text, read straight from
// the JS value without the text. The diffs in this folder compute their results from it; anything it does not model
// exactly stops them (BAIL) and the caller runs the engine on the JSON.stringify texts instead.
//
// Modelled as JSON.stringify writes it: strings, finite numbers (-0 is written 0), booleans, null; NaN and ±Infinity
// are null; undefined, functions and symbols are dropped from objects and null in arrays; arrays by index (holes:
// null); other objects by Object.keys; Dates whose toJSON, toISOString, valueOf and Symbol.toPrimitive are the
// built-ins (their ISO string, or null when invalid). BAIL: BigInt, any other toJSON, boxed primitives,
// JSON.rawJSON values, and nesting deeper than the walk's cap (this also ends cycles).
// Go decodes a lone surrogate (JSON.stringify escapes it) as U+FFFD: such strings are compared and returned in
// that form, and objects with such a key (two JS keys may be one Go key) are left to the engine by the diffs.
// Values are read more than once (by the diff, and by JSON.stringify when the engine decides): getters must return
// the same value each time.

/** Thrown to stop a diff: the caller runs the engine on the JSON.stringify texts. */
export const BAIL: Error = new Error("kinplace: the value needs the engine");

/** JSON kinds as Go decodes them (K_DATE, from objectKind only: a Date, a string or null). */
export const K_NULL = 1;
export const K_BOOL = 2;
export const K_NUMBER = 3;
export const K_STRING = 4;
export const K_ARRAY = 5;
export const K_OBJECT = 6;
export const K_DATE = 7;

/** Upper bound of the JSON text of a number ("-1.7976931348623157e+308" has 24 characters) or a boolean. */
export const NUMBER_BYTES = 32;

const hasOwnEnum = Object.prototype.propertyIsEnumerable;
const DATE_TOJSON = Date.prototype.toJSON;
const DATE_TOISO = Date.prototype.toISOString;
const DATE_VALUEOF = Date.prototype.valueOf;
const DATE_TOPRIMITIVE = (Date.prototype as unknown as { [Symbol.toPrimitive]: unknown })[Symbol.toPrimitive];
const DATE_GETTIME = Date.prototype.getTime;
const objectToString = Object.prototype.toString;
const isRawJSON = (JSON as unknown as { isRawJSON?: (v: unknown) => boolean }).isRawJSON;
const LONE_SURROGATE = /[\ud800-\udfff]/u;
const LONE_SURROGATES = /[\ud800-\udfff]/gu;
const stringProto = String.prototype as unknown as { isWellFormed?: () => boolean; toWellFormed?: () => string };
const nativeWellFormed = typeof stringProto.isWellFormed === "function";
const nativeToWellFormed = typeof stringProto.toWellFormed === "function";

/** True when `o` has `k` as an own enumerable property (a member JSON.stringify may write). */
export function ownMember(o: object, k: string): boolean {
  return hasOwnEnum.call(o, k);
}

/** True when `v` is dropped from an object by JSON.stringify (undefined, a function, a symbol). */
export function absent(v: unknown): boolean {
  const t = typeof v;
  return t === "undefined" || t === "function" || t === "symbol";
}

/** True when a string has no lone surrogate: Go reads it back as the same text. */
export function wellFormed(s: string): boolean {
  return nativeWellFormed ? (s as unknown as { isWellFormed(): boolean }).isWellFormed() : !LONE_SURROGATE.test(s);
}

/** The string as Go decodes JSON.stringify's text of it: each lone surrogate becomes U+FFFD. */
export function goString(s: string): string {
  if (wellFormed(s)) return s;
  return nativeToWellFormed ? (s as unknown as { toWellFormed(): string }).toWellFormed() : s.replace(LONE_SURROGATES, "\ufffd");
}

/** True when every key is well-formed: distinct JS keys are then distinct Go keys. */
export function keysWellFormed(keys: string[]): boolean {
  for (let i = 0; i < keys.length; i++) if (!wellFormed(keys[i]!)) return false;
  return true;
}

/** The kind of a non-null object as JSON.stringify writes it (K_ARRAY, K_OBJECT or K_DATE); BAIL for what is not modelled. */
export function objectKind(v: object): number {
  if (Array.isArray(v)) {
    if (typeof (v as unknown as { toJSON?: unknown }).toJSON === "function") throw BAIL;
    return K_ARRAY;
  }
  const proto = Object.getPrototypeOf(v);
  if (proto === Object.prototype) {
    if (typeof (v as { toJSON?: unknown }).toJSON === "function") throw BAIL;
    return K_OBJECT;
  }
  if (v instanceof Date) {
    const d = v as unknown as { [k: string | symbol]: unknown };
    if (d.toJSON !== DATE_TOJSON || d.toISOString !== DATE_TOISO || d.valueOf !== DATE_VALUEOF || d[Symbol.toPrimitive] !== DATE_TOPRIMITIVE) throw BAIL;
    return K_DATE;
  }
  if (typeof (v as { toJSON?: unknown }).toJSON === "function") throw BAIL;
  if (proto === null) {
    if (isRawJSON !== undefined && isRawJSON(v)) throw BAIL;
    return K_OBJECT;
  }
  // boxed primitives are unwrapped by JSON.stringify (from any realm)
  const tag = objectToString.call(v);
  if (tag === "[object Number]" || tag === "[object String]" || tag === "[object Boolean]" || tag === "[object BigInt]" ||
    v instanceof Number || v instanceof String || v instanceof Boolean) throw BAIL;
  return K_OBJECT;
}

/** What JSON.stringify writes for a Date (checked by objectKind): its ISO string, or null when invalid. */
export function dateJSON(d: Date): string | null {
  const t = DATE_GETTIME.call(d);
  return t - t === 0 ? (DATE_TOISO.call(d) as string) : null;
}

/** Go's type of a value that is written (a member that is not absent, or an array element): K_NULL, K_BOOL, K_NUMBER,
 *  K_STRING (Dates too), K_ARRAY or K_OBJECT. */
export function goKind(v: unknown): number {
  switch (typeof v) {
    case "string": return K_STRING;
    case "number": return v - v === 0 ? K_NUMBER : K_NULL;
    case "boolean": return K_BOOL;
    case "object": {
      if (v === null) return K_NULL;
      const k = objectKind(v);
      if (k !== K_DATE) return k;
      return dateJSON(v as Date) === null ? K_NULL : K_STRING;
    }
    case "bigint": throw BAIL;
    default: return K_NULL; // undefined, a function, a symbol: null in an array
  }
}

/** The Go string of a value of goKind K_STRING (a string or a valid Date). */
export function stringOf(v: unknown): string {
  return goString(typeof v === "string" ? v : dateJSON(v as Date)!);
}

/** Compares strings by their UTF-8 bytes, Go's order of map keys (code point order: surrogates sort above U+E000..U+FFFF). */
export function compareKeys(x: string, y: string): number {
  if (x === y) return 0;
  const n = x.length < y.length ? x.length : y.length;
  for (let i = 0; i < n; i++) {
    let a = x.charCodeAt(i);
    let b = y.charCodeAt(i);
    if (a === b) continue;
    if (a >= 0xd800 && b >= 0xd800) {
      a = a >= 0xe000 ? a - 0x800 : a + 0x2000;
      b = b >= 0xe000 ? b - 0x800 : b + 0x2000;
    }
    return a - b;
  }
  return x.length - y.length;
}

/** Sets member `k` of a fresh object as JSON.parse would (an own data property, "__proto__" included). */
export function setMember(o: { [k: string]: unknown }, k: string, v: unknown): void {
  if (k === "__proto__") Object.defineProperty(o, k, { value: v, writable: true, enumerable: true, configurable: true });
  else o[k] = v;
}

/** One walk over JS values at nesting depths up to `cap` (deeper: BAIL), with byte bounds of what it read. */
export class ValueWalk {
  /** Upper bound of the UTF-8 bytes of the values goValue returned since the last reset. */
  valueBytes = 0;

  /** A walk that stops past nesting `cap`, and at an array too long for a document of `maxBytes` (2 bytes an element at least). */
  constructor(readonly cap: number, readonly maxBytes: number) {}

  /** BAIL for an array of `n` elements: its document is over maxBytes (JSON.stringify would take as long to find out). */
  length(n: number): number {
    if (2 * n > this.maxBytes) throw BAIL;
    return n;
  }

  /** Checks that `v` (a written value whose parent is at nesting `depth`) is modelled; an upper bound of its JSON bytes. */
  scan(v: unknown, depth: number): number {
    switch (typeof v) {
      case "string": return 6 * v.length + 2;
      case "number": case "boolean": return NUMBER_BYTES;
      case "bigint": throw BAIL;
      case "object": {
        if (v === null) return 4;
        const k = objectKind(v);
        if (k === K_DATE) return NUMBER_BYTES;
        if (depth >= this.cap) throw BAIL;
        if (k === K_ARRAY) {
          const x = v as unknown[];
          const n = this.length(x.length);
          let bytes = 2 + n;
          for (let i = 0; i < n; i++) bytes += this.scan(x[i], depth + 1);
          return bytes;
        }
        const x = v as { [k: string]: unknown };
        const keys = Object.keys(x);
        let bytes = 2;
        for (let i = 0; i < keys.length; i++) {
          const k = keys[i]!;
          bytes += this.scan(x[k], depth + 1) + 6 * k.length + 4;
        }
        return bytes;
      }
      default: return 4; // null in an array, or dropped
    }
  }

  /**
   * Go's equality (DeepEqual of the decoded values: objects as maps, numbers as float64) of two written values whose
   * parent is at nesting `depth`: an upper bound of either one's JSON bytes when equal, else -1. An object with a
   * lone-surrogate key (Go may merge two of its keys) is BAIL.
   */
  equal(a: unknown, b: unknown, depth: number): number {
    const t = typeof a;
    if (t === "string") {
      if (a === b) return 6 * (a as string).length + 2;
      if (typeof b === "string") return wellFormed(a as string) && wellFormed(b) || goString(a as string) !== goString(b) ? -1 : 6 * b.length + 2;
    } else if (t === "number" && typeof b === "number" && a === b) return NUMBER_BYTES;
    else if (t === "boolean") return a === b ? 5 : -1;
    else if (t === "object" && a === b && a !== null) return this.scan(a, depth);
    const ka = goKind(a);
    if (ka !== goKind(b)) return -1;
    switch (ka) {
      case K_NULL: return 4;
      case K_NUMBER: case K_BOOL: return a === b ? NUMBER_BYTES : -1;
      case K_STRING: return stringOf(a) === stringOf(b) ? 6 * stringOf(a).length + 2 : -1;
      case K_ARRAY: {
        if (depth >= this.cap) throw BAIL;
        const x = a as unknown[];
        const y = b as unknown[];
        const n = this.length(x.length);
        if (y.length !== n) return -1;
        let bytes = 2 + n;
        for (let i = 0; i < n; i++) {
          const r = this.equal(x[i], y[i], depth + 1);
          if (r < 0) return -1;
          bytes += r;
        }
        return bytes;
      }
      default: {
        if (depth >= this.cap) throw BAIL;
        const x = a as { [k: string]: unknown };
        const y = b as { [k: string]: unknown };
        const kx = Object.keys(x);
        const ky = Object.keys(y);
        if (!keysWellFormed(ky) || !keysWellFormed(kx)) throw BAIL;
        let bytes = 2;
        let present = 0;
        for (let i = 0; i < ky.length; i++) {
          const k = ky[i]!;
          const yv = y[k];
          if (absent(yv)) continue;
          present++;
          if (!(kx[i] === k || hasOwnEnum.call(x, k))) return -1;
          const xv = x[k];
          if (absent(xv)) return -1;
          const r = this.equal(xv, yv, depth + 1);
          if (r < 0) return -1;
          bytes += r + 6 * k.length + 4;
        }
        // x may not have more members than y
        if (kx.length !== present) {
          let px = 0;
          for (let i = 0; i < kx.length; i++) if (!absent(x[kx[i]!])) px++;
          if (px !== present) return -1;
        }
        return bytes;
      }
    }
  }

  /**
   * The value JSON.parse gives for Go's json.Marshal of `v` as decoded (a written value whose parent is at nesting
   * `depth`): a fresh copy with objects' keys in Go's order (last duplicate of a Go key wins), strings as Go decodes
   * them, -0 as 0. Adds an upper bound of its bytes to `valueBytes`.
   */
  goValue(v: unknown, depth: number): unknown {
    switch (typeof v) {
      case "string":
        this.valueBytes += 6 * v.length + 2;
        return goString(v);
      case "number":
        this.valueBytes += NUMBER_BYTES;
        return v - v === 0 ? (v === 0 ? 0 : v) : null;
      case "boolean":
        this.valueBytes += 5;
        return v;
      case "bigint": throw BAIL;
      case "object": {
        if (v === null) { this.valueBytes += 4; return null; }
        const k = objectKind(v);
        if (k === K_DATE) {
          this.valueBytes += NUMBER_BYTES;
          return dateJSON(v as Date);
        }
        if (depth >= this.cap) throw BAIL;
        if (k === K_ARRAY) {
          const x = v as unknown[];
          const n = this.length(x.length);
          const out = new Array<unknown>(n);
          this.valueBytes += 2 + n;
          for (let i = 0; i < n; i++) out[i] = this.goValue(x[i], depth + 1);
          return out;
        }
        return this.goObject(v as { [k: string]: unknown }, depth + 1);
      }
      default:
        this.valueBytes += 4;
        return null;
    }
  }

  /** goValue of an object at nesting `depth`. */
  private goObject(x: { [k: string]: unknown }, depth: number): { [k: string]: unknown } {
    const keys = Object.keys(x);
    const out: { [k: string]: unknown } = {};
    this.valueBytes += 2;
    if (keysWellFormed(keys)) {
      if (keys.length > 1) keys.sort(compareKeys);
      for (let i = 0; i < keys.length; i++) {
        const k = keys[i]!;
        const v = x[k];
        if (absent(v)) continue;
        this.valueBytes += 6 * k.length + 4;
        setMember(out, k, this.goValue(v, depth));
      }
      return out;
    }
    // Go keys: lone surrogates as U+FFFD, the last member of a key winning
    const byKey = new Map<string, unknown>();
    for (const k of keys) {
      const v = x[k];
      if (absent(v)) continue;
      const g = goString(k);
      byKey.delete(g);
      byKey.set(g, v);
    }
    const names = [...byKey.keys()].sort(compareKeys);
    for (const k of names) {
      this.valueBytes += 6 * k.length + 4;
      setMember(out, k, this.goValue(byKey.get(k), depth));
    }
    return out;
  }
}
