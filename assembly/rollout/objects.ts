// Reading Kubernetes objects off a parsed request: typed member access with E_BAD_REQUEST errors
// naming the JSON path of the offending field (`pods[3].status.phase`). Absent and null members read
// as Go's zero values. Member names match exactly (the last duplicate wins, as in Go).

import { ByteSink } from "../io/sink";
import { Tape, K_NULL, K_FALSE, K_TRUE, K_NUMBER, K_STRING, K_ARRAY, K_OBJECT, F_INT, F_ESCAPE, F_HIGH } from "../json/tape";
import { unquote } from "../json/strings";
import { fail, E_BAD_REQUEST, E_LIMIT } from "../base/errors";
import { IntOrStr, readIntOrStr, readInt } from "../upstream/intstr/intorstr";
import { GoTime, parseRFC3339 } from "./gotime";

/** A JSON object (or nothing: node -1) with the path that names it in the request. */
export class Obj {
  /** The path is built only when an error needs it: parent path + "." + name, or + "[" + index + "]". */
  private base: string;
  private parent: Obj | null = null;
  private index: i32 = -1;

  constructor(public t: Tape, public node: i32, path: string) { this.base = path; }

  /** A member or element object whose path is derived from `parent` on demand. */
  static child(t: Tape, node: i32, parent: Obj, name: string, index: i32): Obj {
    const o = new Obj(t, node, name);
    o.parent = parent;
    o.index = index;
    return o;
  }

  /** The JSON path that names this object in the request. */
  get path(): string {
    const p = this.parent;
    if (p === null) return this.base;
    const own = p.sub(this.base);
    return this.index >= 0 ? own + "[" + this.index.toString() + "]" : own;
  }

  /** True when the object is present (a JSON object). */
  @inline get present(): bool { return this.node >= 0; }

  /** Path of member `name`. */
  sub(name: string): string {
    const p = this.path;
    return p.length > 0 ? p + "." + name : name;
  }

  /** True when string member `name` is exactly the ASCII `v` (no decoding). */
  strIs(name: string, v: string): bool {
    const i = this.member(name);
    if (i < 0) return v.length == 0;
    if (this.t.kind(i) != K_STRING) { bad(this.sub(name), "a string"); return false; }
    return asciiIs(this.t, i, v);
  }

  /** Value node of member `name` (-1 when absent, null or this is absent). */
  member(name: string): i32 {
    if (this.node < 0) return -1;
    const t = this.t;
    const n = name.length;
    const count = t.children(this.node);
    let found = -1;
    let k = this.node + 1;
    for (let m = 0; m < count; m++) {
      const v = t.next(k);
      if (t.len(k) == n && keyIsAscii(t, k, name, n)) found = v;
      k = t.next(v);
    }
    if (found < 0 || t.kind(found) == K_NULL) return -1;
    return found;
  }

  /** Value nodes of several members in one pass over the object (-1: absent or null; the last duplicate wins). */
  scan(names: Array<string>, into: Array<i32> | null = null): Array<i32> {
    const n = names.length;
    const out = into !== null ? into : new Array<i32>(n);
    for (let j = 0; j < n; j++) unchecked(out[j] = -1);
    if (this.node < 0) return out;
    const t = this.t;
    const count = t.children(this.node);
    let k = this.node + 1;
    for (let m = 0; m < count; m++) {
      const v = t.next(k);
      const len = t.len(k);
      for (let j = 0; j < n; j++) {
        const name = unchecked(names[j]);
        if (name.length == len && keyIsAscii(t, k, name, len)) { unchecked(out[j] = t.kind(v) == K_NULL ? -1 : v); break; }
      }
      k = t.next(v);
    }
    return out;
  }

  /** Member `name` as an object (absent when missing or null; error when not an object). */
  obj(name: string): Obj { return this.objAt(this.member(name), name); }

  /** Value node i (of member `name`) as an object. */
  objAt(i: i32, name: string): Obj {
    if (i >= 0 && this.t.kind(i) != K_OBJECT) { bad(this.sub(name), "an object"); return Obj.child(this.t, -1, this, name, -1); }
    return Obj.child(this.t, i, this, name, -1);
  }

  /** Member `name` as an array node (-1 when missing or null; error when not an array). */
  arr(name: string): i32 { return this.arrAt(this.member(name), name); }

  /** Value node i (of member `name`) as an array node. */
  arrAt(i: i32, name: string): i32 {
    if (i >= 0 && this.t.kind(i) != K_ARRAY) { bad(this.sub(name), "an array"); return -1; }
    return i;
  }

  /** True when member `name` is present and not null. */
  has(name: string): bool { return this.member(name) >= 0; }

  /** String member ("" when absent). */
  str(name: string): string { return this.strNode(this.member(name), name); }

  /** Value node i (of member `name`) as a string ("" when absent). */
  strNode(i: i32, name: string): string {
    if (i < 0) return "";
    if (this.t.kind(i) != K_STRING) { bad(this.sub(name), "a string"); return ""; }
    return strAt(this.t, i);
  }

  /** Integer member (`def` when absent), within [min, max]. */
  int(name: string, def: i64, min: i64 = -2147483648, max: i64 = 2147483647): i64 { return this.intAt(this.member(name), name, def, min, max); }

  /** Value node i (of member `name`) as an integer. */
  intAt(i: i32, name: string, def: i64, min: i64 = -2147483648, max: i64 = 2147483647): i64 {
    if (i < 0) return def;
    const t = this.t;
    if (t.kind(i) != K_NUMBER || !(t.flags(i) & F_INT) || t.len(i) > 18) { bad(this.sub(name), "an integer"); return def; }
    const v = readInt(t, i);
    if (v < min || v > max) { bad(this.sub(name), "an integer from " + min.toString() + " to " + max.toString()); return def; }
    return v;
  }

  /** Boolean member (`def` when absent). */
  bool(name: string, def: bool): bool {
    const i = this.member(name);
    if (i < 0) return def;
    const k = this.t.kind(i);
    if (k == K_TRUE) return true;
    if (k == K_FALSE) return false;
    bad(this.sub(name), "a boolean");
    return def;
  }

  /** IntOrString member (nil when absent or null). */
  ios(name: string): IntOrStr {
    const i = this.member(name);
    if (i < 0) return new IntOrStr();
    const v = readIntOrStr(this.t, i);
    if (v === null) { bad(this.sub(name), "an integer (int32) or a string"); return new IntOrStr(); }
    return v;
  }

  /** metav1.Time member (zero when absent or null). */
  time(name: string): GoTime { return this.timeAt(this.member(name), name); }

  /** Value node i (of member `name`) as a metav1.Time. */
  timeAt(i: i32, name: string): GoTime {
    if (i < 0) return new GoTime();
    const t = this.t;
    if (t.kind(i) != K_STRING) { bad(this.sub(name), "an RFC 3339 time string"); return new GoTime(); }
    let v: GoTime | null;
    if (!(t.flags(i) & (F_ESCAPE | F_HIGH))) v = parseRFC3339(t.ptr(i), t.len(i));
    else { const b = bytesAt(t, i); v = parseRFC3339(b.ptr, b.len); }
    if (v === null) { bad(this.sub(name), "an RFC 3339 time string"); return new GoTime(); }
    return v;
  }

  /** A string map member (labels, annotations, matchLabels). */
  map(name: string): StrMap { return this.mapAt(this.member(name), name); }

  /** Value node i (of member `name`) as a string map. */
  mapAt(i: i32, name: string): StrMap {
    const m = new StrMap();
    if (i < 0) return m;
    const t = this.t;
    if (t.kind(i) != K_OBJECT) { bad(this.sub(name), "an object of strings"); return m; }
    const n = t.children(i);
    let k = i + 1;
    for (let c = 0; c < n; c++) {
      const v = t.next(k);
      if (t.kind(v) == K_STRING) m.set(strAt(t, k), strAt(t, v));
      else if (t.kind(v) != K_NULL) { bad(this.sub(name) + "." + strAt(t, k), "a string"); return m; }
      else m.set(strAt(t, k), "");
      k = t.next(v);
    }
    return m;
  }

  /** Value node i (of member `name`) as a Go []string: a null element is "", another non-string an error. */
  strsAt(i: i32, name: string): Array<string> {
    const out = new Array<string>();
    const a = this.arrAt(i, name);
    if (a < 0) return out;
    const t = this.t;
    const n = t.children(a);
    let e = a + 1;
    for (let k = 0; k < n; k++) {
      const kind = t.kind(e);
      if (kind == K_STRING) out.push(strAt(t, e));
      else if (kind == K_NULL) out.push("");
      else { bad(this.sub(name) + "[" + k.toString() + "]", "a string"); return out; }
      e = t.next(e);
    }
    return out;
  }

  /** Member `name` as a Go []string. */
  strs(name: string): Array<string> { return this.strsAt(this.member(name), name); }

  /** Element `idx` (node e) of an array member as an object. */
  elem(e: i32, name: string, idx: i32): Obj {
    if (this.t.kind(e) == K_NULL) return Obj.child(this.t, -1, this, name, idx);
    if (this.t.kind(e) != K_OBJECT) { bad(this.sub(name) + "[" + idx.toString() + "]", "an object"); return Obj.child(this.t, -1, this, name, idx); }
    return Obj.child(this.t, e, this, name, idx);
  }
}

/** True when key node k (of byte length n) is exactly the ASCII `name` of length n (escaped keys never match); Tape.keyIs without calls. */
@inline function keyIsAscii(t: Tape, k: i32, name: string, n: i32): bool {
  if (t.flags(k) & F_ESCAPE) return false;
  const p = t.ptr(k);
  const q = changetype<usize>(name);
  for (let j = 0; j < n; j++) {
    if (<u32>load<u8>(p + <usize>j) != <u32>load<u16>(q + (<usize>j << 1))) return false;
  }
  return true;
}

/** a == b for strings, inlined (the length first, then the UTF-16 units 8 bytes at a time). */
@inline export function strEq(a: string, b: string): bool {
  const ap = changetype<usize>(a);
  const bp = changetype<usize>(b);
  const n = a.length;
  return ap == bp || (n == b.length && sameUnits(ap, bp, <usize>n << 1));
}

/** True when the n bytes at a and b are equal. */
function sameUnits(a: usize, b: usize, n: usize): bool {
  let i: usize = 0;
  while (i + 8 <= n) {
    if (load<u64>(a + i) != load<u64>(b + i)) return false;
    i += 8;
  }
  while (i < n) {
    if (load<u16>(a + i) != load<u16>(b + i)) return false;
    i += 2;
  }
  return true;
}

/** Entries a StrMap holds before it indexes its keys (smaller maps are scanned). */
const INDEX_FROM = 8;

/** A string-to-string map (Go map[string]string); set() replaces an existing key. Keys keep their first insertion order. */
export class StrMap {
  // allocated on the first set (most maps of a pod stay empty)
  private k: Array<string> | null = null;
  private v: Array<string> | null = null;
  // position of each key, once the map holds more than INDEX_FROM entries
  private index: Map<string, i32> | null = null;

  /** The keys, in insertion order. */
  get keys(): Array<string> { const k = this.k; return k === null ? new Array<string>() : k; }
  /** The values, parallel to keys. */
  get vals(): Array<string> { const v = this.v; return v === null ? new Array<string>() : v; }

  /** Number of entries. */
  get size(): i32 { const k = this.k; return k === null ? 0 : k.length; }

  /** Position of key k in keys, or -1. */
  private find(key: string): i32 {
    const keys = this.k;
    if (keys === null) return -1;
    const index = this.index;
    if (index !== null) return index.has(key) ? index.get(key) : -1;
    for (let i = keys.length - 1; i >= 0; i--) if (strEq(unchecked(keys[i]), key)) return i;
    return -1;
  }

  /** Value of key k, or null. */
  get(key: string): string | null {
    const i = this.find(key);
    return i < 0 ? null : unchecked(this.v![i]);
  }

  /** Value of key k, or "" (Go's map read). */
  at(key: string): string {
    const v = this.get(key);
    return v === null ? "" : v;
  }

  /** True when key k is present. */
  has(key: string): bool { return this.find(key) >= 0; }

  /** Sets key k. */
  set(key: string, val: string): void {
    const i = this.find(key);
    if (i >= 0) { unchecked(this.v![i] = val); return; }
    let keys = this.k;
    if (keys === null) { keys = new Array<string>(); this.k = keys; this.v = new Array<string>(); }
    keys.push(key);
    this.v!.push(val);
    let index = this.index;
    if (index !== null) index.set(key, keys.length - 1);
    else if (keys.length > INDEX_FROM) {
      index = new Map<string, i32>();
      for (let j = 0; j < keys.length; j++) index.set(unchecked(keys[j]), j);
      this.index = index;
    }
  }

  /** A copy. */
  clone(): StrMap {
    const m = new StrMap();
    const n = this.size;
    for (let i = 0; i < n; i++) m.set(this.k![i], this.v![i]);
    return m;
  }
}

/** Records E_BAD_REQUEST: `field "<path>" must be <what>`. */
export function bad(path: string, what: string): bool {
  return fail(E_BAD_REQUEST, "field \"" + path + "\" must be " + what, -1, path);
}

/** Records E_LIMIT: field `path` holds `n` entries (or asks for `n`), more than the request's limits.<limit> (`max`). */
export function overLimit(path: string, n: i64, max: i64, limit: string): bool {
  return fail(E_LIMIT, "field \"" + path + "\" asks for " + n.toString() + "; the limit is " + max.toString() + " (limits." + limit + ")", -1, path);
}

/** The decoded bytes of string node i (invalid UTF-8 as U+FFFD, as Go decodes a string). */
export function bytesAt(t: Tape, i: i32): ByteSink {
  const b = new ByteSink(t.len(i) + 4);
  unquote(b, t.ptr(i), t.len(i), false);
  return b;
}

/** String node i decoded. */
export function strAt(t: Tape, i: i32): string {
  if (!(t.flags(i) & (F_ESCAPE | F_HIGH))) return String.UTF8.decodeUnsafe(t.ptr(i), <usize>t.len(i));
  const b = bytesAt(t, i);
  return String.UTF8.decodeUnsafe(b.ptr, <usize>b.len);
}

/** True when string node i holds exactly the ASCII text `v`. */
export function asciiIs(t: Tape, i: i32, v: string): bool {
  if (t.flags(i) & F_ESCAPE) return strAt(t, i) == v;
  const n = v.length;
  if (t.len(i) != n) return false;
  const p = t.ptr(i);
  const q = changetype<usize>(v);
  for (let k = 0; k < n; k++) if (<u32>load<u8>(p + <usize>k) != <u32>load<u16>(q + (<usize>k << 1))) return false;
  return true;
}

/** Go's string comparison (bytewise UTF-8 order) on two strings: <0, 0, >0. */
export function compareGo(a: string, b: string): i32 {
  const n = min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x == y) continue;
    // UTF-16 order differs from code point (= UTF-8 byte) order only around the surrogates
    x = x >= 0xd800 && x < 0xe000 ? x + 0x2000 : x >= 0xe000 ? x - 0x800 : x;
    y = y >= 0xd800 && y < 0xe000 ? y + 0x2000 : y >= 0xe000 ? y - 0x800 : y;
    return x - y;
  }
  return a.length - b.length;
}
