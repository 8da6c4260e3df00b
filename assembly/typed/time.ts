// metav1.Time's JSON: UnmarshalJSON runs Go's time.Parse(time.RFC3339, s) and keeps .Local();
// MarshalJSON writes t.UTC().Format(time.RFC3339). time.Parse is reproduced for exactly that layout
// ("2006-01-02T15:04:05Z07:00") with Go's general parser rules (one-digit hours, `,` or `.`
// fractional seconds, offsets up to 24:60, the Go 1.23 offset range checks) and its error texts.
// A parsed time has no monotonic reading, so time.Time is {wall: nanoseconds, ext: seconds since
// January 1, year 1 UTC}.

import { ByteSink } from "../io/sink";
import { decodeRune, runeLen } from "../json/strings";

/** Seconds from January 1, year 1 to the Unix epoch (Go's unixToInternal). */
export const UNIX_TO_INTERNAL: i64 = 62135596800;

const LAYOUT = "2006-01-02T15:04:05Z07:00";

/** What time.Parse(time.RFC3339, value) returned. */
export class RFC3339Time {
  ok: bool = false;
  /** Seconds since year 1 (time.Time.ext for a non-monotonic time). */
  ext: i64 = 0;
  /** Nanoseconds (time.Time.wall for a non-monotonic time). */
  nsec: i64 = 0;
  /** The *time.ParseError text when !ok. */
  error: string = "";
}

@inline function isDigitAt(p: usize, n: i32, i: i32): bool {
  if (i >= n) return false;
  const c = <i32>load<u8>(p + <usize>i);
  return c >= 0x30 && c <= 0x39;
}

function isLeap(y: i64): bool {
  return y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);
}

function daysIn(month: i32, year: i64): i32 {
  if (month == 2) return isLeap(year) ? 29 : 28;
  if (month == 4 || month == 6 || month == 9 || month == 11) return 30;
  return 31;
}

/** Days from 1970-01-01 to the civil date (proleptic Gregorian). */
function daysFromCivil(y: i64, m: i32, d: i32): i64 {
  const yy = m <= 2 ? y - 1 : y;
  const era = (yy >= 0 ? yy : yy - 399) / 400;
  const yoe = yy - era * 400;
  const mp = <i64>((m + 9) % 12);
  const doy = (153 * mp + 2) / 5 + <i64>d - 1;
  const doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

/** A civil date (proleptic Gregorian). */
class Civil {
  y: i64 = 0;
  m: i32 = 0;
  d: i32 = 0;
}

/** The civil date of a day count from 1970-01-01. */
function civilFromDays(z0: i64): Civil {
  const z = z0 + 719468;
  const era = (z >= 0 ? z : z - 146096) / 146097;
  const doe = z - era * 146097;
  const yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const mp = (5 * doy + 2) / 153;
  const d = <i32>(doy - (153 * mp + 2) / 5 + 1);
  const m = <i32>(mp < 10 ? mp + 3 : mp - 9);
  const c = new Civil();
  c.y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  c.m = m;
  c.d = d;
  return c;
}

/** Go's time-package quote(): `"`, `\` escaped, bytes of non-ASCII or control runes as \xNN. */
function timeQuote(out: ByteSink, p: usize, n: i32): void {
  const HEX = "0123456789abcdef";
  out.byte(0x22);
  let i = 0;
  while (i < n) {
    const c = <i32>load<u8>(p + <usize>i);
    if (c < 0x80 && c >= 0x20) {
      if (c == 0x22 || c == 0x5c) out.byte(0x5c);
      out.byte(c);
      i++;
      continue;
    }
    let width = 1;
    if (c >= 0x80) {
      const r = decodeRune(p + <usize>i, n - i);
      if (r < 0) width = 1;
      else if (r == 0xfffd) width = 3; // a literal U+FFFD: its three bytes
      else width = runeLen(r);
    }
    for (let j = 0; j < width; j++) {
      const b = <i32>load<u8>(p + <usize>(i + j));
      out.ascii("\\x");
      out.byte(HEX.charCodeAt(b >> 4));
      out.byte(HEX.charCodeAt(b & 15));
    }
    i += width;
  }
  out.byte(0x22);
}

/** `r` with the ParseError text: `cannot parse <valueElem> as <layoutElem>`, or `<message>` when given. */
function parseError(r: RFC3339Time, p: usize, n: i32, layoutElem: string, at: i32, message: string | null): RFC3339Time {
  const out = new ByteSink(64 + n * 2);
  out.ascii("parsing time ");
  timeQuote(out, p, n);
  if (message !== null) {
    out.utf8(message);
  } else {
    out.ascii(" as ");
    const l = new ByteSink(32);
    l.ascii(LAYOUT);
    timeQuote(out, l.ptr, l.len);
    out.ascii(": cannot parse ");
    timeQuote(out, p + <usize>at, n - at);
    out.ascii(" as ");
    const e = new ByteSink(8);
    e.ascii(layoutElem);
    timeQuote(out, e.ptr, e.len);
  }
  r.ok = false;
  r.error = String.UTF8.decodeUnsafe(out.ptr, <usize>out.len);
  return r;
}

/** `: extra text: "..."` and range errors carry the value's rest quoted. */
function extraText(p: usize, n: i32, at: i32): string {
  const out = new ByteSink(32 + n * 2);
  out.ascii(": extra text: ");
  timeQuote(out, p + <usize>at, n - at);
  return String.UTF8.decodeUnsafe(out.ptr, <usize>out.len);
}

/**
 * time.Parse(time.RFC3339, value) over `n` bytes at `p`, as Go release `goMinor` does it: the instant
 * (ext, nsec) when ok, else the error message.
 */
export function parseTimeRFC3339(p: usize, n: i32, goMinor: i32): RFC3339Time {
  const r = new RFC3339Time();
  let i = 0;
  // 2006
  if (n - i < 4 || !isDigitAt(p, n, i)) return parseError(r, p, n, "2006", i, null);
  let year: i64 = 0;
  for (let k = 0; k < 4; k++) {
    const c = <i32>load<u8>(p + <usize>(i + k)) - 0x30;
    if (c < 0 || c > 9) return parseError(r, p, n, "2006", i, null);
    year = year * 10 + c;
  }
  i += 4;
  // -01
  if (i >= n || load<u8>(p + <usize>i) != 0x2d) return parseError(r, p, n, "-", i, null);
  i++;
  let hold = i;
  if (!isDigitAt(p, n, i) || !isDigitAt(p, n, i + 1)) return parseError(r, p, n, "01", hold, null);
  const month = (<i32>load<u8>(p + <usize>i) - 0x30) * 10 + <i32>load<u8>(p + <usize>(i + 1)) - 0x30;
  i += 2;
  if (month <= 0 || month > 12) return parseError(r, p, n, "01", i, ": month out of range");
  // -02
  if (i >= n || load<u8>(p + <usize>i) != 0x2d) return parseError(r, p, n, "-", i, null);
  i++;
  hold = i;
  if (!isDigitAt(p, n, i) || !isDigitAt(p, n, i + 1)) return parseError(r, p, n, "02", hold, null);
  const day = (<i32>load<u8>(p + <usize>i) - 0x30) * 10 + <i32>load<u8>(p + <usize>(i + 1)) - 0x30;
  i += 2;
  // T15 (one or two digits)
  if (i >= n || load<u8>(p + <usize>i) != 0x54) return parseError(r, p, n, "T", i, null);
  i++;
  hold = i;
  if (!isDigitAt(p, n, i)) return parseError(r, p, n, "15", hold, null);
  let hour = <i32>load<u8>(p + <usize>i) - 0x30;
  i++;
  if (isDigitAt(p, n, i)) { hour = hour * 10 + <i32>load<u8>(p + <usize>i) - 0x30; i++; }
  if (hour >= 24) return parseError(r, p, n, "15", i, ": hour out of range");
  // :04
  if (i >= n || load<u8>(p + <usize>i) != 0x3a) return parseError(r, p, n, ":", i, null);
  i++;
  hold = i;
  if (!isDigitAt(p, n, i) || !isDigitAt(p, n, i + 1)) return parseError(r, p, n, "04", hold, null);
  const minute = (<i32>load<u8>(p + <usize>i) - 0x30) * 10 + <i32>load<u8>(p + <usize>(i + 1)) - 0x30;
  i += 2;
  if (minute >= 60) return parseError(r, p, n, "04", i, ": minute out of range");
  // :05 and an optional fraction
  if (i >= n || load<u8>(p + <usize>i) != 0x3a) return parseError(r, p, n, ":", i, null);
  i++;
  hold = i;
  if (!isDigitAt(p, n, i) || !isDigitAt(p, n, i + 1)) return parseError(r, p, n, "05", hold, null);
  const second = (<i32>load<u8>(p + <usize>i) - 0x30) * 10 + <i32>load<u8>(p + <usize>(i + 1)) - 0x30;
  i += 2;
  if (second >= 60) return parseError(r, p, n, "05", i, ": second out of range");
  let nsec: i64 = 0;
  if (n - i >= 2) {
    const c = load<u8>(p + <usize>i);
    if ((c == 0x2e || c == 0x2c) && isDigitAt(p, n, i + 1)) {
      let m = 2;
      while (i + m < n && isDigitAt(p, n, i + m)) m++;
      const used = m > 10 ? 10 : m;
      for (let k = 1; k < used; k++) nsec = nsec * 10 + <i64>(<i32>load<u8>(p + <usize>(i + k)) - 0x30);
      for (let k = used; k < 10; k++) nsec *= 10;
      i += m;
    }
  }
  // Z07:00
  let offset: i64 = 0;
  let haveOffset = false;
  if (i < n && load<u8>(p + <usize>i) == 0x5a) {
    i++;
  } else {
    hold = i;
    if (n - i < 6 || load<u8>(p + <usize>(i + 3)) != 0x3a) return parseError(r, p, n, "Z07:00", hold, null);
    const sign = load<u8>(p + <usize>i);
    // getnum on the hour, then (if it parsed) on the minutes
    const hrOk = isDigitAt(p, n, i + 1) && isDigitAt(p, n, i + 2);
    const hr = hrOk ? (<i32>load<u8>(p + <usize>(i + 1)) - 0x30) * 10 + <i32>load<u8>(p + <usize>(i + 2)) - 0x30 : 0;
    const mmOk = hrOk && isDigitAt(p, n, i + 4) && isDigitAt(p, n, i + 5);
    const mm = mmOk ? (<i32>load<u8>(p + <usize>(i + 4)) - 0x30) * 10 + <i32>load<u8>(p + <usize>(i + 5)) - 0x30 : 0;
    i += 6;
    let range: string | null = null;
    if (goMinor >= 23) {
      if (hr > 24) range = "time zone offset hour";
      if (mm > 60) range = "time zone offset minute";
    }
    if (range !== null) return parseError(r, p, n, "Z07:00", i, ": " + range + " out of range");
    if (!mmOk || (sign != 0x2b && sign != 0x2d)) return parseError(r, p, n, "Z07:00", hold, null);
    offset = <i64>((hr * 60 + mm) * 60);
    if (sign == 0x2d) offset = -offset;
    haveOffset = true;
  }
  if (i < n) return parseError(r, p, n, "", i, extraText(p, n, i));
  if (day < 1 || day > daysIn(month, year)) return parseError(r, p, n, "", i, ": day out of range");
  let unix = daysFromCivil(year, month, day) * 86400 + <i64>(hour * 3600 + minute * 60 + second);
  if (haveOffset) unix -= offset;
  r.ok = true;
  r.ext = unix + UNIX_TO_INTERNAL;
  r.nsec = nsec;
  return r;
}

function pad(out: ByteSink, v: i64, width: i32): void {
  let d = 1;
  let t = v;
  while (t >= 10) { t /= 10; d++; }
  for (let k = d; k < width; k++) out.byte(0x30);
  out.uint(<u64>v);
}

/** Appends t.UTC().Format(time.RFC3339) for a time `ext` seconds after January 1, year 1 UTC. */
export function formatRFC3339UTC(out: ByteSink, ext: i64): void {
  const unix = ext - UNIX_TO_INTERNAL;
  let days = unix / 86400;
  let secs = unix % 86400;
  if (secs < 0) { secs += 86400; days--; }
  const c = civilFromDays(days);
  const y = c.y;
  if (y < 0) { out.byte(0x2d); pad(out, -y, y <= -1000 ? 0 : 4); } else pad(out, y, y <= 9999 ? 4 : 0);
  out.byte(0x2d);
  pad(out, <i64>c.m, 2);
  out.byte(0x2d);
  pad(out, <i64>c.d, 2);
  out.byte(0x54);
  pad(out, secs / 3600, 2);
  out.byte(0x3a);
  pad(out, (secs / 60) % 60, 2);
  out.byte(0x3a);
  pad(out, secs % 60, 2);
  out.byte(0x5a);
}

/** Go's longMonthNames[m-1] (a switch of literals: a module-level array would live on the per-call heap). */
function monthName(m: i32): string {
  switch (m) {
    case 1: return "January"; case 2: return "February"; case 3: return "March"; case 4: return "April";
    case 5: return "May"; case 6: return "June"; case 7: return "July"; case 8: return "August";
    case 9: return "September"; case 10: return "October"; case 11: return "November"; default: return "December";
  }
}

/** time.Time.GoString of a time `ext` seconds after January 1, year 1 plus `nsec` nanoseconds, in a zone at UTC
 *  offset 0: `time.Date(2024, time.May, 1, 10, 0, 0, 0, time.Local)` (`local`: loc is time.Local, else time.UTC). */
export function goStringOfTime(ext: i64, nsec: i64, local: bool): string {
  const unix = ext - UNIX_TO_INTERNAL;
  let days = unix / 86400;
  let secs = unix % 86400;
  if (secs < 0) { secs += 86400; days--; }
  const c = civilFromDays(days);
  return "time.Date(" + c.y.toString() + ", time." + monthName(c.m) + ", " + c.d.toString() + ", " + (secs / 3600).toString() + ", " +
    ((secs / 60) % 60).toString() + ", " + (secs % 60).toString() + ", " + nsec.toString() + ", " + (local ? "time.Local" : "time.UTC") + ")";
}

/** Seconds since January 1, year 1 of a time.Time {wall, ext} (Go's Time.sec: wall's seconds when hasMonotonic is set). */
export function timeSeconds(wall: u64, ext: i64): i64 {
  if (wall & (<u64>1 << 63)) return <i64>((wall << 1) >>> 31) + 59453308800;
  return ext;
}
