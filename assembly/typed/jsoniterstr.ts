// Strings as json-iterator (the API server's decoder up to Kubernetes 1.22) reads them: raw bytes
// are kept as they are (no U+FFFD for invalid UTF-8), escapes are decoded, and a surrogate escape
// is paired only with the `\u` escape right after it (an unpaired one, or a pair that does not
// combine, becomes U+FFFD per escape).

import { ByteSink } from "../io/sink";
import { appendRune } from "../json/strings";

@inline function hexVal(c: i32): i32 {
  return c <= 0x39 ? c - 0x30 : (c | 0x20) - 0x57;
}

@inline function hex4(p: usize): i32 {
  return (hexVal(load<u8>(p)) << 12) | (hexVal(load<u8>(p, 1)) << 8) | (hexVal(load<u8>(p, 2)) << 4) | hexVal(load<u8>(p, 3));
}

/** jsoniter's appendRune: surrogates and values beyond U+10FFFF become U+FFFD. */
function appendJsoniterRune(out: ByteSink, r: i32): void {
  if (r >= 0xd800 && r <= 0xdfff) r = 0xfffd;
  appendRune(out, r);
}

/** Appends the decoded content [p, p+n) of a validated JSON string literal as json-iterator reads it. */
export function unquoteJsoniter(out: ByteSink, p: usize, n: i32): void {
  out.reserve(n);
  const end = p + <usize>n;
  while (p < end) {
    const c = <i32>load<u8>(p);
    if (c != 0x5c) { out.byte(c); p++; continue; }
    let e = <i32>load<u8>(p, 1);
    p += 2;
    // readEscapedChar may loop: a surrogate followed by `\x` (x != u) handles `\x` next
    while (true) {
      if (e == 0x75) {
        const r = hex4(p);
        p += 4;
        if (r >= 0xd800 && r <= 0xdfff) {
          if (p >= end || load<u8>(p) != 0x5c) { appendJsoniterRune(out, r); break; }
          const e2 = <i32>load<u8>(p, 1);
          p += 2;
          if (e2 != 0x75) { appendJsoniterRune(out, r); e = e2; continue; }
          const r2 = hex4(p);
          p += 4;
          if (r < 0xdc00 && r2 >= 0xdc00 && r2 <= 0xdfff) {
            appendRune(out, 0x10000 + ((r - 0xd800) << 10) + (r2 - 0xdc00));
          } else {
            appendJsoniterRune(out, r);
            appendJsoniterRune(out, r2);
          }
        } else {
          appendRune(out, r);
        }
      } else if (e == 0x62) out.byte(0x08);
      else if (e == 0x66) out.byte(0x0c);
      else if (e == 0x6e) out.byte(0x0a);
      else if (e == 0x72) out.byte(0x0d);
      else if (e == 0x74) out.byte(0x09);
      else out.byte(e); // " \ /
      break;
    }
  }
}
