// Go's scanner quotes the offending byte in its error text (encoding/json quoteChar): the byte is
// read as a rune U+0000..U+00FF and written as strconv.Quote would, between single quotes.

import { ByteSink } from "../io/sink";

const HEX = "0123456789abcdef";

/**
 * Appends Go's quoteChar(c) for byte c: `'x'`, `'\''`, `'"'`, `'\n'`, `'\x01'`, `'\u0080'`, `'ÿ'`; `legacyDel`: Go
 * releases before 1.15 quoted DEL (0x7f) as `\u007f` (strconv.Quote then escaped only bytes below 0x20 as `\x..`).
 */
export function quoteChar(out: ByteSink, c: i32, legacyDel: bool): void {
  out.byte(0x27);
  if (c == 0x27) { out.byte(0x5c); out.byte(0x27); }
  else if (c == 0x22) out.byte(0x22);
  else if (c == 0x5c) { out.byte(0x5c); out.byte(0x5c); }
  else if (c >= 0x20 && c < 0x7f) out.byte(c);
  else if (c == 0x07) out.ascii("\\a");
  else if (c == 0x08) out.ascii("\\b");
  else if (c == 0x0c) out.ascii("\\f");
  else if (c == 0x0a) out.ascii("\\n");
  else if (c == 0x0d) out.ascii("\\r");
  else if (c == 0x09) out.ascii("\\t");
  else if (c == 0x0b) out.ascii("\\v");
  else if (c < 0x20 || (c == 0x7f && !legacyDel)) { out.ascii("\\x"); out.byte(HEX.charCodeAt(c >> 4)); out.byte(HEX.charCodeAt(c & 15)); }
  else if (c <= 0xa0 || c == 0xad) { out.ascii("\\u00"); out.byte(HEX.charCodeAt(c >> 4)); out.byte(HEX.charCodeAt(c & 15)); }
  else { out.byte(0xc0 | (c >> 6)); out.byte(0x80 | (c & 0x3f)); }
  out.byte(0x27);
}
