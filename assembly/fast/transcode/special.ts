// The hand-written JSON types and leaf values of the transcoder: strings, integers, booleans, []byte,
// resource.Quantity, metav1.Time and intstr.IntOrString, each read from the raw token at the cursor and
// written as json.Marshal writes the value the API server decoded, with the same provisos storedForm
// (assembly/fast/storedform/roundtrip.ts) proves for the stored bytes to be a fixed point of decode → Marshal.
// Every function returns EMPTY / 0, or FAIL for what it does not handle.
//
// Must equal, byte for byte: the k8s.json path's leaf values (assembly/typed/decode.ts then typed/encode.ts:
// strings, integers, []byte, quantity/unmarshal.ts + quantity/canonical.ts, typed/time.ts, IntOrString).
// Gives up (FAIL) on every value it does not prove: a Quantity or time whose text does not read back to
// itself, json-iterator's number quirks, invalid base64. The Quantity and time memos are process-wide caches
// keyed by the exact raw bytes (and the Go release for times), compared in full on every hit.

import { ByteSink } from "../../io/sink";
import { unquote, writeGoString } from "../../json/strings";
import { hasError, clearError } from "../../base/errors";
import { Kind } from "../../schema/schema";
import { decodeBase64 } from "../../golang/base64";
import { unmarshalQuantityJSON } from "../../quantity/unmarshal";
import { writeQuantityJSON } from "../../quantity/canonical";
import { parseTimeRFC3339, RFC3339Time, formatRFC3339UTC } from "../../typed/time";
import { writeBase64 } from "../../typed/encode";
import { unquoteJsoniter } from "../../typed/jsoniterstr";
import { readString, readNumber, readLiteral, special8, S_ESC, S_NEEDESC } from "./scan";
import { Transcode, EMPTY, FAIL, put } from "./state";
import { sameBytes, wordHash } from "./bytes";

/** Writes the string read last (t.sp/sn/sflags) as Go's encoder writes the value the API server's decoder reads. */
function writeStringRead(t: Transcode, out: ByteSink): bool {
  const f = t.sflags;
  if ((f & (S_ESC | S_NEEDESC)) == 0) {
    // the decoded value is the raw content and Go writes it back unchanged
    put(out, t.sp - 1, t.sn + 2);
    return true;
  }
  if ((f & S_ESC) == 0) {
    writeGoString(out, t.sp, t.sn, t.go22, false);
    return true;
  }
  const d = new ByteSink(t.sn + 8);
  if (t.jsoniter) unquoteJsoniter(d, t.sp, t.sn);
  else unquote(d, t.sp, t.sn, false);
  writeGoString(out, d.ptr, d.len, t.go22, false);
  return true;
}

/** A string-kind value at the cursor (first byte `c`, not null). */
export function stringValue(t: Transcode, c: i32): i32 {
  if (c != 0x22) return FAIL;
  const r = copyPlainString(t);
  if (r >= 0) return r;
  return stringRead(t);
}

/** A string at the cursor (`"`) that copyPlainString declined: read, decoded and written with Go's escaping. */
export function stringRead(t: Transcode): i32 {
  if (!readString(t)) return FAIL;
  if (!writeStringRead(t, t.out)) return FAIL;
  return t.sn == 0 ? EMPTY : 0;
}

/** A string-kind value at the cursor (first byte `"`): copied while scanned when plain, else stringRead. */
@inline export function quotedString(t: Transcode): i32 {
  const r = copyPlainString(t);
  return r >= 0 ? r : stringRead(t);
}

/**
 * Copies the string at the cursor to the output while scanning it, 8 bytes at a time, when it has nothing Go
 * would write differently (no escape, no byte >= 0x80, no `<` `>` `&`, no control byte): EMPTY or 0, the
 * cursor after it. -1 (nothing written, cursor unchanged) otherwise.
 */
export function copyPlainString(t: Transcode): i32 {
  const out = t.out;
  const start = out.len;
  let p = t.pos + 1;
  const e = t.end;
  out.reserve(24);
  let d = out.ptr + <usize>start;
  let lim = out.ptr + <usize>out.cap - 16;
  store<u8>(d, 0x22);
  d++;
  while (true) {
    if (p + 8 <= e) {
      const x = load<u64>(p);
      store<u64>(d, x);
      const m = special8(x);
      if (m == 0) {
        p += 8;
        d += 8;
        if (d > lim) {
          out.len = <i32>(d - out.ptr);
          out.reserve(24);
          d = out.ptr + <usize>out.len;
          lim = out.ptr + <usize>out.cap - 16;
        }
        continue;
      }
      const k = <usize>(ctz(m) >> 3);
      p += k;
      d += k;
    }
    if (p >= e) { out.len = start; return -1; }
    const c = <i32>load<u8>(p);
    if (c == 0x22) break;
    if (c < 0x20 || c >= 0x7f || c == 0x5c || c == 0x3c || c == 0x3e || c == 0x26) { out.len = start; return -1; }
    store<u8>(d, <u8>c);
    d++;
    p++;
    if (d > lim) {
      out.len = <i32>(d - out.ptr);
      out.reserve(24);
      d = out.ptr + <usize>out.len;
      lim = out.ptr + <usize>out.cap - 16;
    }
  }
  store<u8>(d, 0x22);
  d++;
  const n = <i32>(p - t.pos) - 1;
  out.len = <i32>(d - out.ptr);
  t.pos = p + 1;
  return n == 0 ? EMPTY : 0;
}


/** A bool at the cursor (first byte `c`, not null). */
export function boolValue(t: Transcode, c: i32): i32 {
  if ((c != 0x74 && c != 0x66) || !readLiteral(t, c)) return FAIL;
  const out = t.out;
  out.reserve(8);
  const d = out.ptr + <usize>out.len;
  if (c == 0x74) {
    store<u32>(d, 0x65757274); // true
    out.len += 4;
    return 0;
  }
  store<u32>(d, 0x736c6166); // fals
  store<u8>(d, 0x65, 4);
  out.len += 5;
  return EMPTY;
}

@inline function bitsOf(k: i32): i32 {
  if (k == Kind.Int8 || k == Kind.Uint8) return 8;
  if (k == Kind.Int16 || k == Kind.Uint16) return 16;
  if (k == Kind.Int32 || k == Kind.Uint32) return 32;
  return 64;
}

/** An integer of kind `k` at the cursor (first byte `c`, not null): Go's range rules, written in canonical decimal. */
export function intValue(t: Transcode, c: i32, k: i32): i32 {
  if (c != 0x2d && (c < 0x30 || c > 0x39)) return FAIL;
  if (!readNumber(t) || !t.nint) return FAIL;
  const p = t.np;
  const n = t.nn;
  const neg = load<u8>(p) == 0x2d;
  const signed = k <= Kind.Int64;
  if (neg && !signed) return FAIL;
  const digits = neg ? n - 1 : n;
  const bits = bitsOf(k);
  // json-iterator's readers accumulate in 32 or 64 bits: exact for every value in range (checked below)
  if (digits > 20) return FAIL;
  let u: u64 = 0;
  if (digits < 20) {
    // at most 19 digits: below 10^19 < 2^64, no overflow to check
    for (let i = neg ? 1 : 0; i < n; i++) u = u * 10 + <u64>(load<u8>(p + <usize>i) - 0x30);
  } else {
    for (let i = neg ? 1 : 0; i < n; i++) {
      const d = <u64>(load<u8>(p + <usize>i) - 0x30);
      if (u > (<u64>-1 - d) / 10) return FAIL;
      u = u * 10 + d;
    }
  }
  if (signed) {
    const lim: u64 = <u64>1 << <u64>(bits - 1);
    if (neg ? u > lim : u >= lim) return FAIL;
  } else if (bits < 64 && u >= (<u64>1 << <u64>bits)) return FAIL;
  if (u == 0) { t.out.byte(0x30); return EMPTY; } // "-0" is 0
  put(t.out, p, n);
  return 0;
}

/** A []byte at the cursor (first byte `c`, not null): base64 text, written in Go's padded standard form. */
export function bytesValue(t: Transcode, c: i32): i32 {
  if (t.jsoniter || c != 0x22 || !readString(t)) return FAIL;
  let p = t.sp;
  let n = t.sn;
  if ((t.sflags & S_ESC) != 0) {
    const d = new ByteSink(n + 8);
    unquote(d, p, n, false);
    p = d.ptr;
    n = d.len;
  }
  const b = decodeBase64(p, n);
  if (b === null) { clearError(); return FAIL; }
  const out = t.out;
  out.byte(0x22);
  writeBase64(out, b.ptr, b.len);
  out.byte(0x22);
  return b.len == 0 ? EMPTY : 0;
}

/** resource.Quantity at the cursor (first byte `c`, not null): MarshalJSON of its UnmarshalJSON, when that text survives another round. */
export function quantityValue(t: Transcode, c: i32): i32 {
  const start = t.pos;
  if (c == 0x22) {
    if (!readString(t)) return FAIL;
  } else if (c == 0x2d || (c >= 0x30 && c <= 0x39)) {
    if (t.jsoniter || !readNumber(t)) return FAIL;
  } else return FAIL;
  const raw = start;
  const rawLen = <i32>(t.pos - start);
  const out = t.out;
  const slot = quantitySlot(raw, rawLen);
  if (slot != 0) {
    const on = <i32>load<u8>(slot, 1);
    put(out, slot + 2 + <usize>rawLen, on);
    return 0;
  }
  const q = unmarshalQuantityJSON(raw, rawLen);
  if (q === null || hasError()) { clearError(); return FAIL; }
  const at = out.len;
  writeQuantityJSON(out, q);
  if (hasError()) { clearError(); return FAIL; }
  // the kubelet reads that text again: its own MarshalJSON must give the same bytes
  const q2 = unmarshalQuantityJSON(out.ptr + <usize>at, out.len - at);
  if (q2 === null || hasError()) { clearError(); return FAIL; }
  const b = new ByteSink(32);
  writeQuantityJSON(b, q2);
  if (hasError()) { clearError(); return FAIL; }
  if (b.len != out.len - at || memory.compare(b.ptr, out.ptr + <usize>at, <usize>b.len) != 0) return FAIL;
  rememberQuantity(raw, rawLen, out.ptr + <usize>at, b.len);
  return 0;
}

// Quantity texts seen before (a pure function of the raw token): a direct-mapped process-wide table of
// 256 entries [raw length u8][text length u8][raw bytes][text bytes].
const Q_ENTRY: usize = 64;
const Q_TABLE: usize = memory.data(256 * <i32>Q_ENTRY, 16);
const Q_MAX: i32 = 31;

@inline function quantityIndex(p: usize, n: i32): usize {
  return Q_TABLE + <usize>(wordHash(p, n, 0) & 255) * Q_ENTRY;
}

/** The table entry holding raw token [p, p+n), or 0. */
function quantitySlot(p: usize, n: i32): usize {
  if (n > Q_MAX || n == 0) return 0;
  const e = quantityIndex(p, n);
  if (<i32>load<u8>(e) != n || !sameBytes(e + 2, p, n)) return 0;
  return e;
}

/** Remembers that raw token [p, p+n) is written as text [tp, tp+tn). */
function rememberQuantity(p: usize, n: i32, tp: usize, tn: i32): void {
  if (n > Q_MAX || n == 0 || n + tn + 2 > <i32>Q_ENTRY) return;
  const e = quantityIndex(p, n);
  store<u8>(e, <u8>n);
  store<u8>(e, <u8>tn, 1);
  memory.copy(e + 2, p, <usize>n);
  memory.copy(e + 2 + <usize>n, tp, <usize>tn);
}

/** True when a parsed RFC 3339 time is the zero time.Time (time.Time.IsZero). */
@inline function parsedZero(r: RFC3339Time): bool {
  return r.ext == 0 && (r.nsec & 0x3fffffff) == 0;
}

/** metav1.Time at the cursor (first byte `c`, not null): RFC 3339 in UTC, or null for the zero time; the text must read back the same. */
export function timeValue(t: Transcode, c: i32): i32 {
  if (c != 0x22 || !readString(t)) return FAIL;
  let p = t.sp;
  let n = t.sn;
  if ((t.sflags & S_ESC) != 0) {
    if (t.jsoniter) return FAIL;
    const d = new ByteSink(n + 8);
    unquote(d, p, n, false);
    p = d.ptr;
    n = d.len;
  }
  const out = t.out;
  const plain = (t.sflags & S_ESC) == 0;
  if (plain) {
    const slot = timeSlot(t.go, p, n);
    if (slot != 0) {
      put(out, slot + 3 + <usize>n, <i32>load<u8>(slot, 1));
      return 0;
    }
  }
  const r = parseTimeRFC3339(p, n, t.go);
  if (!r.ok) return FAIL;
  const at = out.len;
  if (parsedZero(r)) {
    out.ascii("null");
  } else {
    const ext = r.ext;
    out.byte(0x22);
    formatRFC3339UTC(out, ext);
    out.byte(0x22);
    // decode → Marshal again must give the same text (a fraction of a second in year 1, years past 9999, ...)
    const again = parseTimeRFC3339(out.ptr + <usize>(at + 1), out.len - at - 2, t.go);
    if (!again.ok || parsedZero(again) || again.ext != ext) return FAIL;
  }
  if (plain) rememberTime(t.go, p, n, out.ptr + <usize>at, out.len - at);
  return 0;
}

// Time texts seen before (a pure function of the unescaped raw text and the Go release): a direct-mapped
// process-wide table of 128 entries [raw length u8][text length u8][Go release u8][raw bytes][text bytes].
const T_ENTRY: usize = 96;
const T_TABLE: usize = memory.data(128 * <i32>T_ENTRY, 16);

@inline function timeIndex(go: i32, p: usize, n: i32): usize {
  return T_TABLE + <usize>(wordHash(p, n, <u32>go) & 127) * T_ENTRY;
}

/** The table entry holding time text [p, p+n) under Go release `go`, or 0. */
function timeSlot(go: i32, p: usize, n: i32): usize {
  if (n == 0 || n > 40) return 0;
  const e = timeIndex(go, p, n);
  if (<i32>load<u8>(e) != n || <i32>load<u8>(e, 2) != go || !sameBytes(e + 3, p, n)) return 0;
  return e;
}

/** Remembers that time text [p, p+n) is written as [tp, tp+tn) under Go release `go`. */
function rememberTime(go: i32, p: usize, n: i32, tp: usize, tn: i32): void {
  if (n == 0 || n > 40 || go < 0 || go > 255 || 3 + n + tn > <i32>T_ENTRY) return;
  const e = timeIndex(go, p, n);
  store<u8>(e, <u8>n);
  store<u8>(e, <u8>tn, 1);
  store<u8>(e, <u8>go, 2);
  memory.copy(e + 3, p, <usize>n);
  memory.copy(e + 3 + <usize>n, tp, <usize>tn);
}

/** intstr.IntOrString at the cursor (first byte `c`, not null): a string (Type 1) or an int32 (Type 0). */
export function intOrStringValue(t: Transcode, c: i32): i32 {
  if (c == 0x22) {
    // the inner json.Unmarshal into a string is encoding/json's even under json-iterator
    if (!readString(t)) return FAIL;
    if ((t.sflags & S_ESC) != 0) {
      const d = new ByteSink(t.sn + 8);
      unquote(d, t.sp, t.sn, false);
      writeGoString(t.out, d.ptr, d.len, t.go22, false);
      return 0;
    }
    if (!writeStringRead(t, t.out)) return FAIL;
    return 0;
  }
  if (c == 0x2d || (c >= 0x30 && c <= 0x39)) {
    if (!readNumber(t) || !t.nint) return FAIL;
    if (t.jsoniter && t.nexp) return FAIL;
    const p = t.np;
    const n = t.nn;
    const neg = load<u8>(p) == 0x2d;
    if ((neg ? n - 1 : n) > 10) return FAIL;
    let u: i64 = 0;
    for (let i = neg ? 1 : 0; i < n; i++) u = u * 10 + <i64>(load<u8>(p + <usize>i) - 0x30);
    if (neg ? u > 0x80000000 : u > 0x7fffffff) return FAIL;
    if (u == 0) t.out.byte(0x30);
    else put(t.out, p, n);
    return 0;
  }
  return FAIL;
}
