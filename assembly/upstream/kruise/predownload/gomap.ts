// A Go map[string]string the controllers build (make, copy the template's entries, set one more), written as
// encoding/json writes it: keys in ascending byte order, strings with Go's escapes (HTML ones included).

import { ByteSink } from "../../../io/sink";
import { writeGoString } from "../../../json/strings";
import { StrMap } from "../../kubernetes/validation/view";

/** A map[string]string built by the controller. */
export class GoMap {
  keys: Array<string> = new Array<string>();
  vals: Array<string> = new Array<string>();
  private at: Map<string, i32> = new Map<string, i32>();

  /** m[k] = v. */
  set(k: string, v: string): void {
    if (this.at.has(k)) { this.vals[this.at.get(k)] = v; return; }
    this.at.set(k, this.keys.length);
    this.keys.push(k);
    this.vals.push(v);
  }

  /** Copies every entry of a decoded map (for k, v := range src { m[k] = v }). */
  copyFrom(src: StrMap): void {
    for (let i = 0; i < src.keys.length; i++) this.set(src.keys[i], src.vals[i]);
  }

  /** len(m). */
  get size(): i32 { return this.keys.length; }
}

/** Writes a string as encoding/json does (HTML escaped; `go22`: Go 1.22+'s \b and \f short escapes, else \u0008 / \u000c). */
export function goStr(out: ByteSink, s: string, go22: bool = true): void {
  const b = String.UTF8.encode(s);
  writeGoString(out, changetype<usize>(b), b.byteLength, go22, false, true);
}

/** The indexes of `keys` (distinct) in Go's order of the strings. */
export function sortedKeys(keys: Array<string>): Array<i32> {
  const refs = new Array<KeyRef>(keys.length);
  for (let i = 0; i < keys.length; i++) refs[i] = new KeyRef(String.UTF8.encode(keys[i]), i);
  refs.sort((a: KeyRef, b: KeyRef): i32 => compareBytes(a.bytes, b.bytes));
  const idx = new Array<i32>(keys.length);
  for (let i = 0; i < refs.length; i++) idx[i] = refs[i].index;
  return idx;
}

/** A key's UTF-8 bytes and its position. */
class KeyRef {
  constructor(public bytes: ArrayBuffer, public index: i32) {}
}

/** -1, 0 or 1 as the byte strings compare. */
function compareBytes(x: ArrayBuffer, y: ArrayBuffer): i32 {
  const n = min(x.byteLength, y.byteLength);
  const c = memory.compare(changetype<usize>(x), changetype<usize>(y), <usize>n);
  if (c != 0) return c < 0 ? -1 : 1;
  return x.byteLength < y.byteLength ? -1 : x.byteLength > y.byteLength ? 1 : 0;
}

/** Writes the map as a JSON object, keys in Go's order (`go22`: goStr's escapes). */
export function writeGoMap(out: ByteSink, m: GoMap, go22: bool): void {
  const idx = sortedKeys(m.keys);
  out.byte(0x7b);
  for (let i = 0; i < idx.length; i++) {
    if (i > 0) out.byte(0x2c);
    goStr(out, m.keys[idx[i]], go22);
    out.byte(0x3a);
    goStr(out, m.vals[idx[i]], go22);
  }
  out.byte(0x7d);
}
