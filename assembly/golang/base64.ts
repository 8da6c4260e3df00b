// Standard base64 (RFC 4648, padded), decoded the way Go's base64.StdEncoding.DecodeString does:
// CR and LF are skipped; anything else out of place is "illegal base64 data at input byte N".

import { ByteSink } from "../io/sink";
import { fail, E_BAD_REQUEST } from "../base/errors";

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
  let si = 0;
  // one quantum (up to 4 symbols) at a time, positions as Go's decoder reports them
  while (true) {
    let acc = 0;
    let j = 0;
    let dlen = 4;
    let trailing = -1;
    for (; j < 4; j++) {
      if (si == n) {
        if (j == 0) return out;
        bad(si - j);
        return null;
      }
      const c = <i32>load<u8>(p + <usize>si);
      si++;
      const v = sextet(c);
      if (v >= 0) { acc |= v << (18 - 6 * j); continue; }
      if (c == 0x0a || c == 0x0d) { j--; continue; }
      if (c != 0x3d || j < 2) { bad(si - 1); return null; }
      if (j == 2) {
        // "==" expected; the first "=" is consumed
        while (si < n && isNewline(load<u8>(p + <usize>si))) si++;
        if (si == n) { bad(n); return null; }
        if (load<u8>(p + <usize>si) != 0x3d) { bad(si - 1); return null; }
        si++;
      }
      while (si < n && isNewline(load<u8>(p + <usize>si))) si++;
      if (si < n) trailing = si;
      dlen = j;
      break;
    }
    out.byte((acc >> 16) & 0xff);
    if (dlen >= 3) out.byte((acc >> 8) & 0xff);
    if (dlen >= 4) out.byte(acc & 0xff);
    if (trailing >= 0) { bad(trailing); return null; }
    if (dlen < 4) return out;
  }
}

@inline function isNewline(c: u8): bool {
  return c == 0x0a || c == 0x0d;
}

function bad(at: i32): void {
  fail(E_BAD_REQUEST, "illegal base64 data at input byte " + at.toString(), -1, "base64");
}
