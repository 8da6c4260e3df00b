// The IntOrString helpers the pre-download code calls: reading a decoded *intstr.IntOrString, intstr.Parse,
// intstr.FromInt (an int32 conversion), OpenKruise's util.CalculatePartitionReplicas and strconv.ParseInt /
// strconv.Atoi of annotation values.

import { Val, StrV } from "../../../typed/value";
import { fld, isSet, deref, int } from "../../kubernetes/validation/view";
import { IntOrStr, IOS_NIL, IOS_STRING, Scaled, scaledKruise } from "../../intstr/intorstr";
import { goAtoi } from "../../../json/gostrconv";

/** A decoded *intstr.IntOrString field value (nil pointer: IOS_NIL). */
export function readIOS(v: Val | null): IntOrStr {
  if (!isSet(v)) return new IntOrStr();
  const s = deref(v);
  const r = new IntOrStr();
  if (int(fld(s, "Type")) == 1) {
    r.kind = IOS_STRING;
    const sv = fld(s, "StrVal");
    if (sv !== null) { r.ptr = changetype<StrV>(sv).p; r.len = changetype<StrV>(sv).n; }
    return r;
  }
  return IntOrStr.ofInt(<i32>int(fld(s, "IntVal")));
}

/** strconv.Atoi of `s` (64-bit int); ok false on any error. */
export class Parsed {
  constructor(public ok: bool, public value: i64) {}
}

/** strconv.ParseInt(s, 10, bits) (bits 32 or 64). */
export function parseInt(s: string, bits: i32): Parsed {
  const b = String.UTF8.encode(s);
  const a = goAtoi(changetype<usize>(b), b.byteLength);
  if (a.err != 0) return new Parsed(false, 0);
  if (bits == 32 && (a.value < -2147483648 || a.value > 2147483647)) return new Parsed(false, 0);
  return new Parsed(true, a.value);
}

/** intstr.Parse of the apimachinery OpenKruise minor `release` pins: an integer text is an Int (before v1.8: strconv.Atoi,
 *  then FromInt's int32 conversion; from v1.8: int32 range only), anything else a String. */
export function parseIOS(s: string, release: i32): IntOrStr {
  const p = parseInt(s, release <= 7 ? 64 : 32);
  return p.ok ? IntOrStr.ofInt(<i32>p.value) : IntOrStr.ofString(s);
}

/** OpenKruise util.CalculatePartitionReplicas(partition, &replicas). */
export function calculatePartitionReplicas(partition: IntOrStr, replicas: i64): Scaled {
  if (partition.kind == IOS_NIL) return new Scaled(0);
  const s = scaledKruise(partition, replicas, true);
  if (!s.ok) return s;
  let p = s.value;
  if (replicas > 1 && p == replicas && partition.kind == IOS_STRING && !partition.strIs("100%")) p = replicas - 1;
  if (p > replicas) p = replicas;
  if (p < 0) p = 0;
  return new Scaled(p);
}
