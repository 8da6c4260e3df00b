// A Go map[string]string the controllers build (make, copy the template's entries, set one more), written as
// encoding/json writes it: keys in ascending byte order, strings with Go's escapes (HTML ones included).

import { ByteSink } from "../../../io/sink";
import { writeGoString } from "../../../json/strings";
import { StrMap } from "../../kubernetes/validation/view";

/** A map[string]string built by the controller. */
export class GoMap {
  keys: Array<string> = new Array<string>();
  vals: Array<string> = new Array<string>();

  /** m[k] = v. */
  set(k: string, v: string): void {
    const i = this.keys.indexOf(k);
    if (i >= 0) { this.vals[i] = v; return; }
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

/** -1, 0 or 1 as Go compares the two strings (their UTF-8 bytes). */
export function goCompare(a: string, b: string): i32 {
  const x = String.UTF8.encode(a), y = String.UTF8.encode(b);
  const n = min(x.byteLength, y.byteLength);
  const c = memory.compare(changetype<usize>(x), changetype<usize>(y), <usize>n);
  if (c != 0) return c < 0 ? -1 : 1;
  return x.byteLength < y.byteLength ? -1 : x.byteLength > y.byteLength ? 1 : 0;
}

/** Writes a string as encoding/json does (Go 1.22+ short escapes, HTML escaped). */
export function goStr(out: ByteSink, s: string): void {
  const b = String.UTF8.encode(s);
  writeGoString(out, changetype<usize>(b), b.byteLength, true, false, true);
}

/** Writes the map as a JSON object, keys in Go's order. */
export function writeGoMap(out: ByteSink, m: GoMap): void {
  const idx = new Array<i32>(m.keys.length);
  for (let i = 0; i < idx.length; i++) idx[i] = i;
  for (let i = 1; i < idx.length; i++) {
    const x = idx[i];
    let j = i;
    while (j > 0 && goCompare(m.keys[idx[j - 1]], m.keys[x]) > 0) { idx[j] = idx[j - 1]; j--; }
    idx[j] = x;
  }
  out.byte(0x7b);
  for (let i = 0; i < idx.length; i++) {
    if (i > 0) out.byte(0x2c);
    goStr(out, m.keys[idx[i]]);
    out.byte(0x3a);
    goStr(out, m.vals[idx[i]]);
  }
  out.byte(0x7d);
}
