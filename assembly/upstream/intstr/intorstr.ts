// IntOrString and the three upstream ways to scale it against a total:
//  - Kubernetes intstr.GetScaledValueFromIntOrPercent (strict: a string must end in `%`, integer percent);
//  - Kubernetes intstr.GetValueFromIntOrPercent (deprecated: every `%` removed, any string is a percent);
//  - OpenKruise util.GetScaledValueFromIntOrPercent (a string must end in `%`, the percent may be fractional).
// Error texts are upstream's, with strings quoted as Go 1.27's strconv.Quote does (the oracle's release).

import { ByteSink } from "../../io/sink";
import { Tape, K_NULL, K_NUMBER, K_STRING, F_INT } from "../../json/tape";
import { unquote } from "../../json/strings";
import { goAtoi } from "../../json/gostrconv";
import { goQuoteV2 } from "../../json/quote-v2";
import { goParseFloat, parseFloatError } from "./parsefloat";

/** IntOrString kinds. */
export const IOS_NIL: i32 = 0;
export const IOS_INT: i32 = 1;
export const IOS_STRING: i32 = 2;

/** A decoded *intstr.IntOrString (IOS_NIL is the nil pointer). */
export class IntOrStr {
  kind: i32 = IOS_NIL;
  intVal: i32 = 0;
  /** String value as UTF-8 bytes (decoded as Go decodes a JSON string: invalid UTF-8 is U+FFFD). */
  ptr: usize = 0;
  len: i32 = 0;

  /** The Int variant. */
  static ofInt(v: i32): IntOrStr { const r = new IntOrStr(); r.kind = IOS_INT; r.intVal = v; return r; }

  /** The String variant from an ASCII string. */
  static ofString(s: string): IntOrStr {
    const r = new IntOrStr();
    r.kind = IOS_STRING;
    const b = new ByteSink(s.length + 1);
    b.utf8(s);
    r.ptr = b.ptr;
    r.len = b.len;
    return r;
  }

  /** True when this is the String variant with exactly the ASCII text `s`. */
  strIs(s: string): bool {
    if (this.kind != IOS_STRING || this.len != s.length) return false;
    for (let i = 0; i < this.len; i++) if (<i32>load<u8>(this.ptr + <usize>i) != s.charCodeAt(i)) return false;
    return true;
  }
}

/** What a scaling call answers: the value, or upstream's error text. */
export class Scaled {
  constructor(public value: i64, public err: string | null = null) {}

  /** A failure with upstream's text (the value is 0, as upstream returns it). */
  static failed(err: string): Scaled { return new Scaled(0, err); }

  /** True when the call succeeded. */
  get ok(): bool { return this.err === null; }
}

/**
 * Reads node i of t as an IntOrString: null → nil, a string → String, an integer in int32 range →
 * Int. Returns null for anything else (the caller reports it).
 */
export function readIntOrStr(t: Tape, i: i32): IntOrStr | null {
  const k = t.kind(i);
  const r = new IntOrStr();
  if (k == K_NULL) return r;
  if (k == K_STRING) {
    r.kind = IOS_STRING;
    const b = new ByteSink(t.len(i) + 4);
    unquote(b, t.ptr(i), t.len(i), false);
    r.ptr = b.ptr;
    r.len = b.len;
    return r;
  }
  if (k == K_NUMBER && (t.flags(i) & F_INT) && t.len(i) <= 18) {
    const v = readInt(t, i);
    if (v < -2147483648 || v > 2147483647) return null;
    r.kind = IOS_INT;
    r.intVal = <i32>v;
    return r;
  }
  return null;
}

/** The integer value of an integer-syntax number node (at most 18 characters). */
export function readInt(t: Tape, i: i32): i64 {
  const p = t.ptr(i);
  const n = t.len(i);
  const neg = load<u8>(p) == 0x2d;
  let v: i64 = 0;
  for (let j = neg ? 1 : 0; j < n; j++) v = v * 10 + <i64>(load<u8>(p + <usize>j) - 0x30);
  return neg ? -v : v;
}

/** Go's int(f) for a float64 on amd64: truncation, and 0x8000000000000000 for NaN and out-of-range values. */
export function goInt(f: f64): i64 {
  if (f != f || f >= 9223372036854775808.0 || f < -9223372036854775808.0) return i64.MIN_VALUE;
  return <i64>f;
}

/** `invalid value for IntOrString: invalid value "<str>": strconv.Atoi: parsing "<s>": ...` (`atoiErr`: 2 out of range, else invalid syntax). */
function atoiFailure(v: IntOrStr, sp: usize, sn: i32, atoiErr: i32): Scaled {
  const b = new ByteSink(64);
  b.ascii("invalid value for IntOrString: invalid value ");
  goQuoteV2(b, v.ptr, v.len);
  b.ascii(": strconv.Atoi: parsing ");
  goQuoteV2(b, sp, sn);
  b.ascii(atoiErr == 2 ? ": value out of range" : ": invalid syntax");
  return Scaled.failed(String.UTF8.decodeUnsafe(b.ptr, <usize>b.len));
}

@inline function endsWithPercent(v: IntOrStr): bool {
  return v.len > 0 && load<u8>(v.ptr + <usize>(v.len - 1)) == 0x25;
}

/** math.Ceil or math.Floor of v*total/100, then Go's int(). */
@inline function percentOf(v: f64, total: i64, roundUp: bool): Scaled {
  const x = v * <f64>total / 100;
  return new Scaled(goInt(roundUp ? Math.ceil(x) : Math.floor(x)));
}

/** strconv.Atoi over [p, p+n): the value, or the failure text for `v`. */
function atoiPercent(v: IntOrStr, p: usize, n: i32, total: i64, roundUp: bool): Scaled {
  const x = goAtoi(p, n);
  if (x.err != 0) return atoiFailure(v, p, n, x.err);
  return percentOf(<f64>x.value, total, roundUp);
}

/** Kubernetes intstr.GetScaledValueFromIntOrPercent. */
export function scaledKubernetes(v: IntOrStr, total: i64, roundUp: bool): Scaled {
  if (v.kind == IOS_NIL) return Scaled.failed("nil value for IntOrString");
  if (v.kind == IOS_INT) return new Scaled(<i64>v.intVal);
  if (!endsWithPercent(v)) return Scaled.failed("invalid value for IntOrString: invalid type: string is not a percentage");
  return atoiPercent(v, v.ptr, v.len - 1, total, roundUp);
}

/** Kubernetes intstr.GetValueFromIntOrPercent (deprecated): every `%` is dropped and any string is a percent. */
export function scaledKubernetesDeprecated(v: IntOrStr, total: i64, roundUp: bool): Scaled {
  if (v.kind == IOS_NIL) return Scaled.failed("nil value for IntOrString");
  if (v.kind == IOS_INT) return new Scaled(<i64>v.intVal);
  const s = new ByteSink(v.len + 1);
  for (let i = 0; i < v.len; i++) {
    const c = load<u8>(v.ptr + <usize>i);
    if (c != 0x25) s.byte(c);
  }
  return atoiPercent(v, s.ptr, s.len, total, roundUp);
}

/** OpenKruise util.GetScaledValueFromIntOrPercent: a `%` suffix and strconv.ParseFloat. */
export function scaledKruise(v: IntOrStr, total: i64, roundUp: bool): Scaled {
  if (v.kind == IOS_NIL) return Scaled.failed("nil value for IntOrString");
  if (v.kind == IOS_INT) return new Scaled(<i64>v.intVal);
  if (!endsWithPercent(v)) return Scaled.failed("invalid type: string is not a percentage");
  const f = goParseFloat(v.ptr, v.len - 1);
  if (f.err != 0) {
    const b = new ByteSink(64);
    parseFloatError(b, v.ptr, v.len - 1, f.err, goQuoteV2);
    return Scaled.failed(String.UTF8.decodeUnsafe(b.ptr, <usize>b.len));
  }
  return percentOf(f.value, total, roundUp);
}

/** Variant codes of `scaled`. */
export const VARIANT_KUBERNETES: i32 = 0;
export const VARIANT_DEPRECATED: i32 = 1;
export const VARIANT_KRUISE: i32 = 2;

/** Scales with the given variant. */
export function scaledBy(variant: i32, v: IntOrStr, total: i64, roundUp: bool): Scaled {
  if (variant == VARIANT_KUBERNETES) return scaledKubernetes(v, total, roundUp);
  if (variant == VARIANT_DEPRECATED) return scaledKubernetesDeprecated(v, total, roundUp);
  return scaledKruise(v, total, roundUp);
}

/** intstr.ValueOrDefault: `v` unless it is nil. */
export function orDefault(v: IntOrStr | null, def: IntOrStr): IntOrStr {
  return v === null || v.kind == IOS_NIL ? def : v;
}
