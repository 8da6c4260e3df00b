// json-iterator (the API server's decoder for Kubernetes 1.12-1.22) where it differs from
// encoding/json on valid input: integers are read digit by digit in uint32/uint64 arithmetic
// whose overflow check misses some wraps (`5000000000` into an int32 is 705032704), json-iterator
// before v1.1.7 (1.12, 1.15) skips signed or exponent numbers through ReadFloat32, and its error
// texts: `<op>: <msg>, error found in #N byte of ...|<10 bytes around>|..., bigger context
// ...|<50 bytes around>|...`, to which every struct, field and slice decoder that finishes after
// the error adds its prefix (`v1.Container.`, `Resources: `, `[]v1.ContainerPort: `).
//
// json-iterator does not stop at an error: it reads on, and the decoders of later fields wrap the
// message too (`v1.Container.Stdin: Image: Name: ReadString: ...`). The decoder reproduces that
// when the failing read leaves the iterator at a token boundary (errors of UnmarshalJSON methods,
// skipped numbers, one-byte tokens of the wrong kind, int overflow); after an error that leaves it
// inside a token, the text carries the prefixes of the decoders around the failing value only
// (exact when nothing is read after it). Later strings with escapes or skipped signed numbers,
// which json-iterator's error state reads differently, are not modelled.

import { ByteSink } from "../io/sink";
import { Tape, K_NUMBER } from "../json/tape";
import { failBytes, E_DECODE } from "../base/errors";
import { parseNumber, outOfRange } from "../json/number";
import { Kind, kind } from "../schema/schema";


/** readJsoniterInt's answer: a value. */
export const JSONITER_INT_VALUE: i32 = 0;
/** readJsoniterInt's answer: an error (recorded). */
export const JSONITER_INT_ERROR: i32 = 1;
/** readJsoniterInt's answer: a value, but the number goes on with an exponent. */
export const JSONITER_INT_EXPONENT: i32 = 2;

/** The integer readJsoniterInt read. */
export class JsoniterInt {
  value: i64 = 0;
}

/** Error texts of one json-iterator decode. */
export class JsoniterErrors {
  t: Tape;
  /** The decoded text is the source bytes [dataStart, dataEnd). */
  dataStart: i32 = 0;
  dataEnd: i32 = 0;
  /** The first error: `<op>: <msg>, error found in ...` (later ones are ignored, as ReportError does). */
  err: ByteSink | null = null;
  /** Prefixes added by decoders finishing after the error, in the order they were added. */
  wraps: Array<string> = new Array<string>();
  /** Source offset of the iterator when the error was reported. */
  lastHead: i32 = 0;

  constructor(t: Tape) {
    this.t = t;
  }

  /** True once an error was reported. */
  @inline get failed(): bool {
    return this.err !== null;
  }

  /** A decoder finishing with the error set adds its prefix. */
  wrap(prefix: string): void {
    if (this.err !== null) this.wraps.push(prefix);
  }

  /** Records `<op>: <msg>, error found in ...` with the iterator at source offset `head` (first error only). */
  report(op: string, msg: ByteSink, head: i32): void {
    if (this.err !== null) return;
    this.lastHead = head;
    const out = new ByteSink(256);
    out.ascii(op);
    out.ascii(": ");
    out.bytes(msg.ptr, msg.len);
    const h = head - this.dataStart;
    const tail = this.dataEnd - this.dataStart;
    const peekStart = h - 10 < 0 ? 0 : h - 10;
    const peekEnd = h + 10 > tail ? tail : h + 10;
    const ctxStart = h - 50 < 0 ? 0 : h - 50;
    const ctxEnd = h + 50 > tail ? tail : h + 50;
    const base = this.t.src + <usize>this.dataStart;
    out.ascii(", error found in #");
    out.int(<i64>(h - peekStart));
    out.ascii(" byte of ...|");
    out.bytes(base + <usize>peekStart, peekEnd - peekStart);
    out.ascii("|..., bigger context ...|");
    out.bytes(base + <usize>ctxStart, ctxEnd - ctxStart);
    out.ascii("|...");
    this.err = out;
  }

  /** Records an error json-iterator sets without ReportError (the bare text, no position). */
  raw(msg: ByteSink): void {
    if (this.err === null) this.err = msg;
  }

  /** Records the whole message (prefixes in the order decoders added them, then the error) as E_DECODE. */
  finish(): void {
    const e = this.err;
    if (e === null) return;
    const out = new ByteSink(e.len + 256);
    for (let i = this.wraps.length - 1; i >= 0; i--) out.utf8(this.wraps[i]);
    out.bytes(e.ptr, e.len);
    failBytes(E_DECODE, out);
  }

  /** An UnmarshalJSON method failed on the value at `node` (the iterator is past the value). */
  unmarshaler(node: i32, message: string): void {
    const m = new ByteSink(message.length + 8);
    m.utf8(message);
    this.report("unmarshalerDecoder", m, this.t.rawEnd(node));
  }

  /**
   * The value at `node` is of the wrong JSON kind for type `ty` (the decoder read its first byte).
   * Returns true when that leaves the iterator at a token boundary (a one-byte token).
   */
  mismatch(ty: i32, node: i32): bool {
    const start = this.t.rawStart(node);
    const c = <i32>load<u8>(this.t.src + <usize>start);
    const m = new ByteSink(48);
    const k = kind(ty);
    let op = "";
    let oneByte = this.t.rawEnd(node) - start == 1;
    if (k == Kind.String) { op = "ReadString"; m.ascii("expects \" or n, but found "); m.byte(c); }
    else if (k == Kind.Bool) { op = "ReadBool"; m.ascii("expect t or f, but found "); m.byte(c); }
    else if (k >= Kind.Int && k <= Kind.Uint64) {
      op = uses64(k) ? "readUint64" : "readUint32";
      m.ascii("unexpected character: ");
      m.byte(0xff);
      oneByte = false;
    } else if (k == Kind.Slice) { op = "decode slice"; m.ascii("expect [ or n, but found "); m.byte(c); }
    else if (k == Kind.Map) { op = "ReadMapCB"; m.ascii("expect { or n, but found "); m.byte(c); }
    else if (k == Kind.Struct) { op = "readObjectStart"; m.ascii("expect { or n, but found "); m.byte(c); }
    else if (k == Kind.Float32 || k == Kind.Float64) { op = k == Kind.Float32 ? "readFloat32" : "readFloat64"; m.ascii("empty number"); oneByte = false; }
    else { op = "Read"; m.ascii("unexpected value type"); oneByte = false; }
    this.report(op, m, start + 1);
    return oneByte;
  }
}

@inline function uses64(k: i32): bool {
  return k == Kind.Int || k == Kind.Int64 || k == Kind.Uint || k == Kind.Uint64 || k == Kind.Uintptr;
}

/**
 * Reads number node `node` into an integer of kind `k` the way json-iterator's ReadIntN/ReadUintN
 * do: JSONITER_INT_VALUE or JSONITER_INT_EXPONENT with the value in `r`, or JSONITER_INT_ERROR with the
 * error recorded through `e`.
 */
export function readJsoniterInt(e: JsoniterErrors, node: i32, k: i32, r: JsoniterInt): i32 {
  const t = e.t;
  const p = t.src;
  let i = t.rawStart(node);
  const end = t.rawEnd(node);
  const is64 = uses64(k);
  let neg = false;
  if (load<u8>(p + <usize>i) == 0x2d) { neg = true; i++; }
  const signed = k <= Kind.Int64;
  if (neg && !signed) {
    const m = new ByteSink(32);
    m.ascii("unexpected character: ");
    m.byte(0xff);
    e.report(is64 ? "readUint64" : "readUint32", m, i);
    return JSONITER_INT_ERROR;
  }
  // readUintN(c): the first digit
  let value: u64 = <u64>(load<u8>(p + <usize>i) - 0x30);
  i++;
  if (value != 0) {
    const safe: u64 = is64 ? <u64>0xffffffffffffffff / 10 - 1 : <u64>(0xffffffff / 10 - 1);
    const mask: u64 = is64 ? <u64>0xffffffffffffffff : <u64>0xffffffff;
    // the unrolled fast path leaves the head on the ninth digit when it runs
    const overflowHead = e.dataEnd - i > 10 && digitsFrom(p, i, end) >= 8 ? i + 7 : i;
    while (i < end) {
      const c = <i32>load<u8>(p + <usize>i);
      if (c < 0x30 || c > 0x39) break;
      const d = <u64>(c - 0x30);
      if (value > safe) {
        const v2 = (value * 10 + d) & mask;
        if (v2 < value) {
          const m = new ByteSink(16);
          m.ascii("overflow");
          e.report(is64 ? "readUint64" : "readUint32", m, overflowHead);
          return JSONITER_INT_ERROR;
        }
        value = v2;
      } else {
        value = value * 10 + d;
      }
      i++;
    }
  }
  // assertInteger
  if (i < end && load<u8>(p + <usize>i) == 0x2e) {
    const m = new ByteSink(32);
    m.ascii("can not decode float as int");
    e.report("assertInteger", m, i);
    return JSONITER_INT_ERROR;
  }
  // range checks of ReadIntN / ReadUintN
  const bits = k == Kind.Int8 || k == Kind.Uint8 ? 8 : k == Kind.Int16 || k == Kind.Uint16 ? 16 : is64 ? 64 : 32;
  let ok = true;
  let v: i64 = 0;
  if (signed) {
    if (bits == 64) {
      const lim: u64 = <u64>1 << 63;
      if (neg ? value > lim : value >= lim) ok = false;
    } else {
      const lim: u64 = <u64>1 << <u64>(bits - 1);
      if (neg ? value > lim : value >= lim) ok = false;
    }
    v = neg ? -<i64>value : <i64>value;
  } else {
    if (bits < 64 && value >= (<u64>1 << <u64>bits)) ok = false;
    v = <i64>value;
  }
  if (!ok) {
    const m = new ByteSink(32);
    m.ascii("overflow: ");
    m.uint(value);
    e.report(opName(k), m, i);
    return JSONITER_INT_ERROR;
  }
  r.value = v;
  return i < end ? JSONITER_INT_EXPONENT : JSONITER_INT_VALUE;
}

function digitsFrom(p: usize, i: i32, end: i32): i32 {
  let n = 0;
  while (i + n < end) {
    const c = <i32>load<u8>(p + <usize>(i + n));
    if (c < 0x30 || c > 0x39) break;
    n++;
  }
  return n;
}

function opName(k: i32): string {
  if (k == Kind.Int8) return "ReadInt8";
  if (k == Kind.Int16) return "ReadInt16";
  if (k == Kind.Int32) return "ReadInt32";
  if (k == Kind.Int64 || k == Kind.Int) return "ReadInt64";
  if (k == Kind.Uint8) return "ReadUint8";
  if (k == Kind.Uint16) return "ReadUint16";
  if (k == Kind.Uint32) return "ReadUint32";
  return "ReadUint64";
}

/** The op and message json-iterator reports when a value is followed by an exponent inside `containerKind`. */
export function trailingExponent(e: JsoniterErrors, node: i32, container: i32): void {
  const t = e.t;
  let i = t.rawStart(node);
  const end = t.rawEnd(node);
  while (i < end) {
    const c = <i32>load<u8>(t.src + <usize>i);
    if (c == 0x65 || c == 0x45) break;
    i++;
  }
  const ch = <i32>load<u8>(t.src + <usize>i);
  const m = new ByteSink(48);
  let op = "Unmarshal";
  if (container == CONTAINER_SMALL_STRUCT) { op = "isObjectEnd"; m.ascii("object ended prematurely, unexpected char "); m.byte(ch); }
  else if (container == CONTAINER_STRUCT) { op = "struct Decode"; m.ascii("expect }, but found "); m.byte(ch); }
  else if (container == CONTAINER_SLICE) { op = "decode slice"; m.ascii("expect ], but found "); m.byte(ch); }
  else if (container == CONTAINER_MAP) { op = "ReadMapCB"; m.ascii("expect }, but found "); m.byte(ch); }
  else m.ascii("there are bytes left after unmarshal");
  e.report(op, m, i + 1);
}

/**
 * How json-iterator's Skip reads the numbers of a skipped value (unknown fields, and the bytes it
 * hands to UnmarshalJSON): a number starting with `0` goes through ReadFloat32 in every version; one
 * with an exponent through ReadFloat32 before v1.1.7 (version 0) and ReadFloat64 then ReadBigFloat
 * after; the others are only scanned. ReadFloat32 fails beyond float32's range with strconv's own
 * error, ReadBigFloat (after ReadFloat64 failed beyond float64's range) with `readNumberAsString:
 * invalid number`. Checks the numbers of the subtree at `node` in order; false (error recorded) at
 * the first that fails.
 */
export function skipNumbers(e: JsoniterErrors, node: i32, ver: i32): bool {
  const t = e.t;
  const stop = t.next(node);
  for (let i = node; i < stop; i++) {
    if (t.kind(i) != K_NUMBER) continue;
    let p = t.ptr(i);
    let n = t.len(i);
    let exp = false;
    for (let k = 0; k < n; k++) {
      const c = load<u8>(p + <usize>k);
      if (c == 0x65 || c == 0x45) { exp = true; break; }
    }
    if (!exp) continue;
    const zero = load<u8>(p) == 0x30;
    if (load<u8>(p) == 0x2d) { p++; n--; }
    const f = parseNumber(p, n);
    if (zero || ver == 0) {
      // float32 overflows at 2^128 - 2^103 (halfway past MaxFloat32, rounding to even goes up)
      if (outOfRange(f) || f >= 340282356779733661637539395458142568448.0) {
        // readFloat32SlowPath sets iter.Error to strconv's error itself (no position)
        const out = new ByteSink(64);
        out.ascii("strconv.ParseFloat: parsing \"");
        out.bytes(p, n);
        out.ascii("\": value out of range");
        e.raw(out);
        return false;
      }
    } else if (outOfRange(f)) {
      const m = new ByteSink(16);
      m.ascii("invalid number");
      e.report("readNumberAsString", m, t.rawEnd(i));
      return false;
    }
  }
  return true;
}

/** Containers a value sits in (for errors raised after the value was read). */
export const CONTAINER_TOP: i32 = 0;
export const CONTAINER_SMALL_STRUCT: i32 = 1;
export const CONTAINER_STRUCT: i32 = 2;
export const CONTAINER_SLICE: i32 = 3;
export const CONTAINER_MAP: i32 = 4;
