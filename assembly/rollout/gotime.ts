// Timestamps as metav1.Time reads them: RFC 3339 (`2006-01-02T15:04:05Z07:00`, an optional fraction
// of a second), null as Go's zero time (January 1, year 1, UTC). Kept as Unix seconds + nanoseconds,
// which is all the planners need: equality, order and adding seconds.

/** Unix seconds of Go's zero time (0001-01-01T00:00:00Z). */
export const ZERO_SEC: i64 = -62135596800;

/** A point in time. */
export class GoTime {
  sec: i64 = ZERO_SEC;
  nsec: i32 = 0;

  /** time.Time.IsZero. */
  isZero(): bool { return this.sec == ZERO_SEC && this.nsec == 0; }
  /** time.Time.Equal. */
  equal(o: GoTime): bool { return this.sec == o.sec && this.nsec == o.nsec; }
  /** time.Time.After. */
  after(o: GoTime): bool { return this.sec > o.sec || (this.sec == o.sec && this.nsec > o.nsec); }
  /** time.Time.Before. */
  before(o: GoTime): bool { return o.after(this); }
  /** This time plus s seconds. */
  plusSeconds(s: i64): GoTime { const t = new GoTime(); t.sec = this.sec + s; t.nsec = this.nsec; return t; }

  /** A time at Unix second s. */
  static at(s: i64): GoTime { const t = new GoTime(); t.sec = s; return t; }
}

/** Days from 1970-01-01 to the given civil date (proleptic Gregorian). */
function daysFromCivil(y: i64, m: i32, d: i32): i64 {
  const yy = m <= 2 ? y - 1 : y;
  const era = (yy >= 0 ? yy : yy - 399) / 400;
  const yoe = yy - era * 400;
  const mp = (m + 9) % 12;
  const doy = (153 * mp + 2) / 5 + d - 1;
  const doe = yoe * 365 + yoe / 4 - yoe / 100 + <i64>doy;
  return era * 146097 + doe - 719468;
}

function isLeap(y: i32): bool { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

function daysIn(m: i32, y: i32): i32 {
  if (m == 2) return isLeap(y) ? 29 : 28;
  if (m == 4 || m == 6 || m == 9 || m == 11) return 30;
  return 31;
}

/** Digits [p+i, p+i+n) as a number, or -1 when one is not a digit. */
function digits(p: usize, i: i32, n: i32): i32 {
  let v = 0;
  for (let k = 0; k < n; k++) {
    const c = <i32>load<u8>(p + <usize>(i + k)) - 0x30;
    if (c < 0 || c > 9) return -1;
    v = v * 10 + c;
  }
  return v;
}

/** Parses RFC 3339 text [p, p+n); null when it is not a valid time. */
export function parseRFC3339(p: usize, n: i32): GoTime | null {
  if (n < 20) return null;
  const year = digits(p, 0, 4);
  if (year < 0 || load<u8>(p + 4) != 0x2d) return null;
  const month = digits(p, 5, 2);
  if (month < 1 || month > 12 || load<u8>(p + 7) != 0x2d) return null;
  const day = digits(p, 8, 2);
  if (day < 1 || day > daysIn(month, year) || load<u8>(p + 10) != 0x54) return null;
  const hour = digits(p, 11, 2);
  if (hour < 0 || hour > 23 || load<u8>(p + 13) != 0x3a) return null;
  const min = digits(p, 14, 2);
  if (min < 0 || min > 59 || load<u8>(p + 16) != 0x3a) return null;
  const sec = digits(p, 17, 2);
  if (sec < 0 || sec > 59) return null;
  let i = 19;
  let nsec = 0;
  const c = load<u8>(p + <usize>i);
  if (c == 0x2e || c == 0x2c) {
    i++;
    let nd = 0;
    while (i < n) {
      const d = <i32>load<u8>(p + <usize>i) - 0x30;
      if (d < 0 || d > 9) break;
      if (nd < 9) { nsec = nsec * 10 + d; nd++; }
      i++;
    }
    if (nd == 0) return null;
    for (let k = nd; k < 9; k++) nsec *= 10;
  }
  if (i >= n) return null;
  let offset = 0;
  const z = load<u8>(p + <usize>i);
  if (z == 0x5a) {
    i++;
  } else if (z == 0x2b || z == 0x2d) {
    if (i + 6 != n) return null;
    const oh = digits(p, i + 1, 2);
    const om = digits(p, i + 4, 2);
    if (oh < 0 || oh > 23 || om < 0 || om > 59 || load<u8>(p + <usize>(i + 3)) != 0x3a) return null;
    offset = (oh * 60 + om) * 60;
    if (z == 0x2d) offset = -offset;
    i += 6;
  } else return null;
  if (i != n) return null;
  const t = new GoTime();
  t.sec = daysFromCivil(<i64>year, month, day) * 86400 + <i64>(hour * 3600 + min * 60 + sec) - <i64>offset;
  t.nsec = nsec;
  return t;
}

/** Appends t as RFC 3339 in UTC with whole seconds (how metav1.Time is written), to a JS-side-readable string. */
export function formatRFC3339(t: GoTime): string {
  let s = t.sec;
  let days = s / 86400;
  let rem = s % 86400;
  if (rem < 0) { rem += 86400; days--; }
  // civil from days (inverse of daysFromCivil)
  const z = days + 719468;
  const era = (z >= 0 ? z : z - 146096) / 146097;
  const doe = z - era * 146097;
  const yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  let y = yoe + era * 400;
  const doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const mp = (5 * doy + 2) / 153;
  const d = doy - (153 * mp + 2) / 5 + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  if (m <= 2) y++;
  return pad(<i32>y, 4) + "-" + pad(<i32>m, 2) + "-" + pad(<i32>d, 2) + "T" + pad(<i32>(rem / 3600), 2) + ":" +
    pad(<i32>((rem % 3600) / 60), 2) + ":" + pad(<i32>(rem % 60), 2) + "Z";
}

function pad(v: i32, n: i32): string {
  let s = v.toString();
  while (s.length < n) s = "0" + s;
  return s;
}
