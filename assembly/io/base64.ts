// Standard base64 (RFC 4648, padded), decoded the way Go's base64.StdEncoding.DecodeString does:
// CR and LF are skipped; anything else out of place is "illegal base64 data at input byte N".

import { ByteSink } from "./sink";
import { fail, E_BAD_REQUEST } from "../errors";

@inline function sextet(c: i32): i32 {
  if (c >= 0x41 && c <= 0x5a) return c - 0x41;
  if (c >= 0x61 && c <= 0x7a) return c - 0x61 + 26;
  if (c >= 0x30 && c <= 0x39) return c - 0x30 + 52;
  if (c == 0x2b) return 62;
  if (c == 0x2f) return 63;
  return -1;
}

/** Decodes padded standard base64; returns null with E_BAD_REQUEST (path "base64") on bad input. */
export function decodeBase64(p: usize, n: i32): ByteSink | null {
  const out = new ByteSink((n >> 2) * 3 + 4);
  // collect sextets, skipping CR/LF, remembering original positions
  let acc = 0;
  let have = 0;
  let i = 0;
  while (i < n) {
    const c = <i32>load<u8>(p + <usize>i);
    if (c == 0x0d || c == 0x0a) { i++; continue; }
    if (c == 0x3d) break;
    const s = sextet(c);
    if (s < 0) { bad(i); return null; }
    acc = (acc << 6) | s;
    have++;
    if (have == 4) {
      out.byte((acc >> 16) & 0xff); out.byte((acc >> 8) & 0xff); out.byte(acc & 0xff);
      acc = 0; have = 0;
    }
    i++;
  }
  if (i >= n) {
    if (have == 0) return out;
    bad(n); return null;
  }
  // padding at i
  if (have < 2) { bad(i); return null; }
  const need = have == 2 ? 2 : 1;
  let seen = 0;
  while (i < n && seen < need) {
    const c = <i32>load<u8>(p + <usize>i);
    if (c == 0x0d || c == 0x0a) { i++; continue; }
    if (c != 0x3d) { bad(i); return null; }
    seen++; i++;
  }
  if (seen < need) { bad(n); return null; }
  while (i < n) {
    const c = <i32>load<u8>(p + <usize>i);
    if (c != 0x0d && c != 0x0a) { bad(i); return null; }
    i++;
  }
  if (have == 2) out.byte((acc >> 4) & 0xff);
  else { out.byte((acc >> 10) & 0xff); out.byte((acc >> 2) & 0xff); }
  return out;
}

function bad(at: i32): void {
  fail(E_BAD_REQUEST, "illegal base64 data at input byte " + at.toString(), -1, "base64");
}
