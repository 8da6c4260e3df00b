// A document handed to a library as the bytes the Go code would receive: a JSON value already parsed
// (a node of a tape), raw text not yet parsed, or no bytes at all (Go's nil slice). Parsing happens only
// when the library would parse, and its errors are classified: what Go rejects too, or what only an
// engine limit rejects. Also the small facts the patch libraries ask of parsed documents.

import { ByteSink } from "../io/sink";
import { Tape, K_NULL, K_STRING, K_NUMBER, K_OBJECT, F_INT } from "./tape";
import { decodeRune, runeLen } from "./strings";
import { readJSON, readJSONLike, ReadOptions, goDepthLimit } from "./reader";
import { parseNumber, outOfRange } from "./number";
import { errorCode, E_TOO_LARGE, E_JSON_DEPTH } from "../base/errors";

/** One document input. */
export class DocInput {
  /** False: no bytes at all. */
  present: bool = false;
  /** Given as a JSON value in the request (already parsed, on the request's tape). */
  direct: bool = false;
  /** The bytes of a `...Text` field. */
  ptr: usize = 0;
  len: i32 = 0;
  /** Parsed text (after parse()). */
  tape: Tape | null = null;
  node: i32 = 0;
  /** Where the text starts, for error offsets relative to it. */
  base: i32 = 0;
  /** Field name, for error paths. */
  name: string = "";

  /** The text's first byte (-1 when there are no bytes). */
  firstByte(): i32 {
    if (!this.present) return -1;
    if (this.direct) {
      const t = this.tape!;
      const k = t.kind(this.node);
      return k == K_STRING ? 0x22 : <i32>load<u8>(t.src + <usize>t.start(this.node));
    }
    return this.len > 0 ? <i32>load<u8>(this.ptr) : -1;
  }

  /** Length of the bytes (a direct value is never empty). */
  byteLength(): i32 {
    if (!this.present) return 0;
    return this.direct ? 1 : this.len;
  }
}

/** parse(): the text is JSON. */
export const PARSE_OK: i32 = 0;
/** parse(): Go rejects the text too (its error is recorded, Go's message and offset). */
export const PARSE_GO: i32 = 1;
/** parse(): only an engine limit rejects it (the error is recorded and must be reported). */
export const PARSE_LIMIT: i32 = 2;

/**
 * Parses the document's bytes as Go would (an absent document is zero bytes), with the request's Go release and limits.
 * `like`: a document parsed before that this one probably resembles (the other side of a diff): same result, faster.
 */
export function parseDoc(d: DocInput, opts: ReadOptions, like: DocInput | null = null): i32 {
  if (d.direct) return PARSE_OK;
  const ro = new ReadOptions();
  ro.maxBytes = opts.maxBytes;
  ro.maxDepth = opts.maxDepth;
  ro.maxItems = opts.maxItems;
  ro.goMinor = opts.goMinor;
  const ref = like !== null && !like.direct ? like.tape : null;
  const t = ref !== null ? readJSONLike(d.ptr, d.len, ro, ref) : readJSON(d.ptr, d.len, ro);
  if (t !== null) {
    d.tape = t;
    d.node = 0;
    d.base = 0;
    return PARSE_OK;
  }
  const code = errorCode();
  const goLimit = goDepthLimit(ro.goMinor);
  if (code == E_TOO_LARGE || (code == E_JSON_DEPTH && (goLimit == 0 || ro.maxDepth < goLimit))) return PARSE_LIMIT;
  return PARSE_GO;
}

/** True when every number in the subtree at `root` fits a float64 (json.Unmarshal into interface{} accepts it). */
export function numbersFit(t: Tape, root: i32): bool {
  if (t.slowNumbers == 0) return true; // only short integers anywhere in the tape
  const stop = t.next(root);
  for (let i = root; i < stop; i++) {
    const f = t.flags(i);
    if ((f & 0xff) != K_NUMBER) continue;
    if ((f & F_INT) && t.len(i) <= 15) continue;
    if (outOfRange(parseNumber(t.ptr(i), t.len(i)))) return false;
  }
  return true;
}

/** json.Unmarshal into map[string]interface{} succeeds: an object or null, all numbers in range. */
export function decodesAsMap(t: Tape, root: i32): bool {
  const k = t.kind(root);
  return (k == K_OBJECT || k == K_NULL) && numbersFit(t, root);
}

/** Appends bytes with each invalid UTF-8 byte replaced by U+FFFD (how answers carry raw JSON text). */
export function appendValidUTF8(out: ByteSink, p: usize, n: i32): void {
  out.reserve(n);
  const end = p + <usize>n;
  // ASCII runs (8 bytes at a time) need no check
  let q = p;
  while (q + 8 <= end && (load<u64>(q) & 0x8080808080808080) == 0) q += 8;
  while (q < end && load<u8>(q) < 0x80) q++;
  if (q == end) { out.bytes(p, n); return; }
  let run = p;
  p = q;
  while (p < end) {
    if (load<u8>(p) < 0x80) { p++; continue; }
    const r = decodeRune(p, <i32>(end - p));
    if (r >= 0) { p += <usize>runeLen(r); continue; }
    if (run < p) out.bytes(run, <i32>(p - run));
    out.byte(0xef); out.byte(0xbf); out.byte(0xbd);
    p++;
    run = p;
  }
  if (run < p) out.bytes(run, <i32>(p - run));
}
