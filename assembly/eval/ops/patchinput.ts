// The documents of the patch ops, handed over as the bytes the Go library would receive: the raw text
// of a JSON value field `x` as it is in the request line, or the decoded content of `xText`, or no
// bytes at all (Go's nil slice) when neither is given. Parsing happens only when the library would
// parse, and its errors are classified: what Go rejects too, or what only an engine limit rejects.

import { ByteSink } from "../../io/sink";
import { Request } from "../request";
import { Tape, K_NULL, K_STRING, K_NUMBER, K_OBJECT, F_INT } from "../../json/tape";
import { unquote, decodeRune, runeSize } from "../../json/strings";
import { readJSON, readJSONLike, ReadOptions, goDepthLimit } from "../../json/reader";
import { parseNumber, NumberParse } from "../../json/number";
import { fail, errorCode, E_BAD_REQUEST, E_TOO_LARGE, E_JSON_DEPTH } from "../../base/errors";

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

/**
 * The documents of an `evaluateDocs` call (see index.ts): bytes after the request line that stand for
 * the op's first document field (`from`, `document`, `original`) and its second (`to`, `patch`,
 * `modified`) given as `...Text`; a negative length is an absent document. Set only during that call.
 */
export class DocBytes {
  static active: bool = false;
  static aPtr: usize = 0;
  static aLen: i32 = -1;
  static bPtr: usize = 0;
  static bLen: i32 = -1;

  /** Installs the two documents for the request about to be evaluated. */
  static set(aPtr: usize, aLen: i32, bPtr: usize, bLen: i32): void {
    DocBytes.active = true;
    DocBytes.aPtr = aPtr;
    DocBytes.aLen = aLen;
    DocBytes.bPtr = bPtr;
    DocBytes.bLen = bLen;
  }

  /** Back to request fields only. */
  static clear(): void {
    DocBytes.active = false;
  }
}

/** True when `name` is an op's first document field (`from`, `document`, `original`). */
function firstDoc(name: string): bool { return name == "from" || name == "document" || name == "original"; }

/** True when `name` is an op's second document field (`to`, `patch`, `modified`). */
function secondDoc(name: string): bool { return name == "to" || name == "patch" || name == "modified"; }

/** The out-of-line document standing for field `name`; null with E_BAD_REQUEST when the request also has the field. */
function docBytes(req: Request, name: string): DocInput | null {
  const first = firstDoc(name);
  const d = new DocInput();
  d.name = name;
  if (req.field(name) >= 0 || req.field(name + "Text") >= 0) {
    fail(E_BAD_REQUEST, "field \"" + name + "\" is given as document bytes and in the request", -1, name);
    return null;
  }
  const n = first ? DocBytes.aLen : DocBytes.bLen;
  if (n < 0) return d;
  d.present = true;
  d.ptr = first ? DocBytes.aPtr : DocBytes.bPtr;
  d.len = n;
  return d;
}

/**
 * Reads document field `name` (or `nameText`). Returns null with E_BAD_REQUEST recorded when both
 * are given or the text field is not a string. Same checks, in the same order, as the oracle.
 */
export function docField(req: Request, name: string): DocInput | null {
  if (DocBytes.active && (firstDoc(name) || secondDoc(name))) return docBytes(req, name);
  const d = new DocInput();
  d.name = name;
  const t = req.tape;
  const direct = req.field(name);
  const textName = name + "Text";
  const ti = req.field(textName);
  const hasText = ti >= 0 && t.kind(ti) != K_NULL;
  if (direct >= 0 && hasText) {
    fail(E_BAD_REQUEST, "fields \"" + name + "\" and \"" + textName + "\" are mutually exclusive", -1, name);
    return null;
  }
  if (direct >= 0) {
    d.present = true;
    d.direct = true;
    d.tape = t;
    d.node = direct;
    d.base = t.rawStart(direct);
    return d;
  }
  if (!hasText) return d;
  if (t.kind(ti) != K_STRING) {
    fail(E_BAD_REQUEST, "field \"" + textName + "\" must be a string", -1, textName);
    return null;
  }
  const b = new ByteSink(t.len(ti) + 4);
  unquote(b, t.ptr(ti), t.len(ti), true);
  d.present = true;
  d.ptr = b.ptr;
  d.len = b.len;
  return d;
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
    parseNumber(t.ptr(i), t.len(i));
    if (NumberParse.rangeError) return false;
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
    if (r >= 0) { p += <usize>runeSize; continue; }
    if (run < p) out.bytes(run, <i32>(p - run));
    out.byte(0xef); out.byte(0xbf); out.byte(0xbd);
    p++;
    run = p;
  }
  if (run < p) out.bytes(run, <i32>(p - run));
}
