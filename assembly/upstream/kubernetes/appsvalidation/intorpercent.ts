// The IntOrString checks of pkg/apis/apps/validation: ValidatePositiveIntOrPercent, getPercentValue,
// getIntOrPercentValue, IsNotMoreThan100Percent, with intstr's IntValue (strconv.Atoi of a string, 0 when it
// is not a number) and validation.IsValidPercent.

import { Val } from "../../../typed/value";
import { ErrList } from "../validation/errlist";
import { fld, str, int } from "../validation/view";
import { regexError } from "../validation/names";
import { intOrStringValue } from "./values";

const PERCENT_ERR = "a valid percent string must be a numeric string followed by an ending '%'";

/** ValidateNonnegativeField(value, path). */
export function nonNegative(v: i64, path: string, errs: ErrList): void {
  if (v < 0) errs.invalidInt(path, v, "must be greater than or equal to 0");
}

/** validation.IsValidPercent: `^[0-9]+%$`. */
function validPercent(s: string): bool {
  const n = s.length;
  if (n < 2 || s.charCodeAt(n - 1) != 0x25) return false;
  for (let i = 0; i < n - 1; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

/** strconv.Atoi(s) with its error dropped: the value, clamped to int64 on overflow, 0 on a syntax error. */
function atoi(s: string): i64 {
  const n = s.length;
  if (n == 0) return 0;
  let i = 0;
  let neg = false;
  const c0 = s.charCodeAt(0);
  if (c0 == 0x2b || c0 == 0x2d) { neg = c0 == 0x2d; i = 1; }
  if (i == n) return 0;
  let v: u64 = 0;
  let over = false;
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return 0;
    if (!over) {
      if (v > (<u64>0xffffffffffffffff - <u64>(c - 0x30)) / 10) over = true;
      else v = v * 10 + <u64>(c - 0x30);
    }
  }
  if (neg) return over || v > <u64>0x8000000000000000 ? i64.MIN_VALUE : -<i64>v;
  return over || v > <u64>0x7fffffffffffffff ? i64.MAX_VALUE : <i64>v;
}

/** intstr.IntOrString.IntValue(). */
function intValue(v: Val | null): i64 {
  return int(fld(v, "Type")) == 1 ? atoi(str(fld(v, "StrVal"))) : int(fld(v, "IntVal"));
}

/** getIntOrPercentValue: the percent's number, else IntValue(). */
export function intOrPercentValue(v: Val | null): i64 {
  if (int(fld(v, "Type")) == 1) {
    const s = str(fld(v, "StrVal"));
    if (validPercent(s)) return atoi(s.substring(0, s.length - 1));
  }
  return intValue(v);
}

/** ValidatePositiveIntOrPercent(v, path); `json`: bad values print as 1.34+ prints them. */
export function positiveIntOrPercent(v: Val | null, path: string, json: bool, errs: ErrList): void {
  const t = int(fld(v, "Type"));
  if (t == 1) {
    if (!validPercent(str(fld(v, "StrVal")))) errs.invalid(path, intOrStringValue(v, json), regexError(PERCENT_ERR, "[0-9]+%", ["1%", "93%"]));
  } else if (t == 0) {
    nonNegative(intValue(v), path, errs);
  } else {
    errs.invalid(path, intOrStringValue(v, json), "must be an integer or percentage (e.g '5%%')");
  }
}

/** IsNotMoreThan100Percent(v, path). */
export function notOver100Percent(v: Val | null, path: string, json: bool, errs: ErrList): void {
  if (int(fld(v, "Type")) != 1) return;
  const s = str(fld(v, "StrVal"));
  if (!validPercent(s) || atoi(s.substring(0, s.length - 1)) <= 100) return;
  errs.invalid(path, intOrStringValue(v, json), "must not be greater than 100%");
}
