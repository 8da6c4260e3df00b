// Tolerations as ValidateTolerations checks them per Kubernetes minor: keys qualified names, the
// operator (Exists with an empty key, a value only with Equal, 1.35+ Lt / Gt when the
// AllowTaintTolerationComparisonOperators option allows them: the value a canonical decimal integer that
// strconv.ParseInt accepts), tolerationSeconds only with NoExecute, and the effect.

import { Val } from "../../../typed/value";
import { ErrList, quote } from "./errlist";
import { fld, str, isSet, sliceLen, at } from "./view";
import { isQualifiedName, isValidLabelValue } from "./names";
import { PodValidationOptions } from "./options";
import { joinStrings } from "../../../golang/join";

/** ValidateTolerations(tolerations, path). */
export function validateTolerations(list: Val | null, path: string, opts: PodValidationOptions, errs: ErrList): void {
  const minor = opts.minor;
  const n = sliceLen(list);
  for (let i = 0; i < n; i++) {
    const t = at(list, i);
    const p = path + "[" + i.toString() + "]";
    const key = str(fld(t, "Key"));
    const op = str(fld(t, "Operator"));
    const value = str(fld(t, "Value"));
    const effect = str(fld(t, "Effect"));
    if (key.length > 0) {
      const ke = isQualifiedName(key, minor);
      for (let j = 0; j < ke.length; j++) errs.invalidStr(p + ".key", key, ke[j]);
    }
    if (key.length == 0 && op != "Exists") {
      errs.invalid(p + ".operator", quote(op), "operator must be Exists when `key` is empty, which means \"match all values and all keys\"");
    }
    if (isSet(fld(t, "TolerationSeconds")) && effect != "NoExecute") {
      errs.invalid(p + ".effect", quote(effect), "effect must be 'NoExecute' when `tolerationSeconds` is set");
    }
    if (op == "Equal" || op == "") {
      const ve = isValidLabelValue(value, minor);
      if (ve.length > 0) errs.invalidStr(p + ".operator", value, joinStrings(ve, ";"));
    } else if (op == "Exists") {
      if (value.length > 0) {
        // 1.32+ print the value; before, the whole internal Toleration with %#v (a set
        // tolerationSeconds prints as a pointer address, which no one can reproduce)
        const rendered = minor >= 32 ? quote(value) : "core.Toleration{Key:" + quote(key) + ", Operator:" + quote(op) + ", Value:" + quote(value) +
          ", Effect:" + quote(effect) + ", TolerationSeconds:" + (isSet(fld(t, "TolerationSeconds")) ? "(*int64)(0x?)" : "(*int64)(nil)") + "}";
        errs.invalid(p + ".operator", rendered, "value must be empty when `operator` is 'Exists'");
      }
    } else {
      if (minor >= 35 && (op == "Lt" || op == "Gt")) comparisonToleration(t, p, opts, errs);
      else errs.notSupported(p + ".operator", op, ["Equal", "Exists"]);
    }
    if (effect.length > 0 && effect != "NoSchedule" && effect != "PreferNoSchedule" && effect != "NoExecute") {
      errs.notSupported(p + ".effect", effect, ["NoSchedule", "PreferNoSchedule", "NoExecute"]);
    }
  }
}

/** The 1.35+ Lt / Gt toleration operators (ValidateTolerations' comparison branch). */
function comparisonToleration(t: Val | null, path: string, opts: PodValidationOptions, errs: ErrList): void {
  const op = str(fld(t, "Operator"));
  if (!opts.tolerationComparison) {
    errs.notSupported(path + ".operator", op, ["Equal", "Exists", "Lt", "Gt"]);
    return;
  }
  const v = str(fld(t, "Value"));
  const de = decimalIntegerErrors(v);
  for (let i = 0; i < de.length; i++) errs.invalidStr(path + ".value", v, de[i]);
  const pe = parseInt64Error(v);
  if (pe.length > 0) errs.invalidStr(path + ".value", v, pe);
}

/** content.IsDecimalInteger. */
function decimalIntegerErrors(v: string): Array<string> {
  const r = new Array<string>();
  const msg = "must be a valid decimal integer in canonical form";
  const n = v.length;
  if (n == 0) { r.push("must be non-empty"); return r; }
  let i = 0;
  if (v.charCodeAt(0) == 45) {
    if (n == 1) { r.push(msg); return r; }
    i = 1;
  }
  const c = v.charCodeAt(i);
  if (c == 48) { if (!(n == 1 && i == 0)) r.push(msg); return r; }
  if (c < 49 || c > 57) { r.push(msg); return r; }
  for (i++; i < n; i++) {
    const d = v.charCodeAt(i);
    if (d < 48 || d > 57) { r.push(msg); return r; }
  }
  return r;
}

/** strconv.ParseInt(v, 10, 64)'s error text, "" when it parses. */
function parseInt64Error(v: string): string {
  const pre = "strconv.ParseInt: parsing " + quote(v) + ": ";
  const n = v.length;
  if (n == 0) return pre + "invalid syntax";
  let i = 0;
  const neg = v.charCodeAt(0) == 45;
  if (neg || v.charCodeAt(0) == 43) i = 1;
  if (i == n) return pre + "invalid syntax";
  let big = false;
  let acc: u64 = 0;
  for (let k = i; k < n; k++) {
    const d = v.charCodeAt(k);
    if (d == 95) return pre + "invalid syntax"; // base 10: no underscores
    if (d < 48 || d > 57) return pre + "invalid syntax";
    if (!big) {
      if (acc > (<u64>0xffffffffffffffff - 9) / 10) big = true;
      else acc = acc * 10 + <u64>(d - 48);
    }
  }
  const limit: u64 = neg ? <u64>9223372036854775808 : <u64>9223372036854775807;
  if (big || acc > limit) return pre + "value out of range";
  return "";
}
