// The labels and annotations the splice (podsplice.ts) writes: the entries of a map object of the pod's Go
// JSON, set / deleted as the patch and the plan say, written back as json.Marshal writes a map (keys sorted
// by bytes, untouched entries copied as they were).

import { ByteSink } from "../../io/sink";
import { Before, stableOrder } from "../../base/order";
import { writeGoString, unquote } from "../../json/strings";
import { quoteInto, eqBytes } from "./quoteinto";
import { strEnd, Scan, skipValue } from "./goscan";


/**
 * One map entry of the rewritten labels / annotations: the key's bytes, its text in g (`gk`, quotes
 * included; 0 for a new key), and the value as g text (`raw` false) or bytes to encode.
 */
export class Entry {
  gk: usize = 0;
  gkn: i32 = 0;
  constructor(public kp: usize, public kn: i32, public raw: bool, public vp: usize, public vn: i32) {}
}

/** The entries of the map object [s, e) of g; null on unexpected text. */
export function mapEntriesOf(g: usize, s: i32, e: i32): Array<Entry> | null {
  const out = new Array<Entry>();
  if (s < 0 || load<u8>(g + <usize>s) != 0x7b) return out; // null: a nil map
  let i = s + 1;
  if (load<u8>(g + <usize>i) == 0x7d) return out;
  for (;;) {
    if (load<u8>(g + <usize>i) != 0x22) return null;
    Scan.esc = false;
    const ke = strEnd(g, i, e);
    if (ke < 0) return null;
    let kp = g + <usize>(i + 1);
    let kn = ke - i - 1;
    if (Scan.esc) {
      // the key's bytes (Go's escapes of valid UTF-8 decode back exactly)
      const b = new ByteSink(kn);
      unquote(b, kp, kn, false);
      kp = b.ptr;
      kn = b.len;
    }
    const vs = ke + 2;
    const ve = skipValue(g, vs, e);
    if (ve < 0) return null;
    const x = new Entry(kp, kn, false, g + <usize>vs, ve - vs);
    x.gk = g + <usize>i;
    x.gkn = ke + 1 - i;
    out.push(x);
    if (load<u8>(g + <usize>ve) != 0x2c) return out;
    i = ve + 1;
  }
  return null; // not reached
}

/** m[key] = value (later wins) or delete(m, key) when vn < 0. */
export function setEntry(m: Array<Entry>, kp: usize, kn: i32, vp: usize, vn: i32): void {
  for (let i = 0; i < m.length; i++) {
    const x = m[i];
    if (x.kn == kn && memory.compare(x.kp, kp, <usize>kn) == 0) {
      if (vn < 0) m.splice(i, 1);
      else { x.raw = true; x.vp = vp; x.vn = vn; }
      return;
    }
  }
  if (vn >= 0) m.push(new Entry(kp, kn, true, vp, vn));
}

/** m[k] = v for AssemblyScript strings (the bytes the typed path's mapSet writes). */
export function setStr(m: Array<Entry>, k: string, v: string): void {
  const kb = String.UTF8.encode(k);
  const vb = String.UTF8.encode(v);
  setEntry(m, changetype<usize>(kb), kb.byteLength, changetype<usize>(vb), vb.byteLength);
}

/** Orders entries by key (cmpEntry). */
class EntryBefore extends Before {
  constructor(public entries: Array<Entry>) { super(); }
  before(a: i32, b: i32): bool { return cmpEntry(this.entries[a], this.entries[b]) < 0; }
}

function cmpEntry(a: Entry, b: Entry): i32 {
  const n = a.kn < b.kn ? a.kn : b.kn;
  const d = memory.compare(a.kp, b.kp, <usize>n);
  return d != 0 ? d : a.kn - b.kn;
}

/**
 * Writes [p, p+n) as json.Marshal writes a string (HTML-safe, Go 1.22+): text of printable ASCII without
 * `<`, `>`, `&` needs only its `"` and `\` escaped, which quoteInto does 8 bytes at a time; else writeGoString.
 */
function goString(out: ByteSink, p: usize, n: i32): void {
  if (!plainASCII(p, n)) { writeGoString(out, p, n, true, false); return; }
  out.byte(0x22);
  quoteInto(out, p, n);
  out.byte(0x22);
}

/** True when every byte of [p, p+n) is in [0x20, 0x7f] and none is `<`, `>` or `&`. */
function plainASCII(p: usize, n: i32): bool {
  let i = 0;
  for (; i + 8 <= n; i += 8) {
    const x = load<u64>(p + <usize>i);
    if ((((x - 0x2020202020202020) | x) & 0x8080808080808080) != 0) return false;
    if ((eqBytes(x, 0x26) | eqBytes(x, 0x3c) | eqBytes(x, 0x3e)) != 0) return false; // & < >
  }
  for (; i < n; i++) {
    const c = load<u8>(p + <usize>i);
    if (c < 0x20 || c >= 0x80 || c == 0x26 || c == 0x3c || c == 0x3e) return false;
  }
  return true;
}

/** Writes the map as json.Marshal does (keys sorted by bytes). */
export function writeMap(out: ByteSink, m: Array<Entry>): void {
  const order = stableOrder(m.length, new EntryBefore(m));
  const copy = m.slice(0);
  for (let i = 0; i < order.length; i++) m[i] = copy[order[i]];
  out.byte(0x7b);
  for (let i = 0; i < m.length; i++) {
    const x = m[i];
    if (i > 0) out.byte(0x2c);
    if (x.gk != 0) out.bytes(x.gk, x.gkn);
    else goString(out, x.kp, x.kn);
    out.byte(0x3a);
    if (x.raw) goString(out, x.vp, x.vn);
    else out.bytes(x.vp, x.vn);
  }
  out.byte(0x7d);
}
