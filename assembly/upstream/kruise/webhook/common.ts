// What OpenKruise's workload validating webhooks share (v1.8.3, v1.9.0): the release's pod validation options
// (pkg/webhook/util DefaultPodValidationOptions), the template conversion that defaults the template in place
// before Kubernetes' ValidatePodTemplateSpec (convertor.ConvertPodTemplateSpec), Kruise's IntOrString scaling
// (util.GetScaledValueFromIntOrPercent), util.CheckDuplicate, the priority and scatter strategies'
// FieldsValidation, and the "spec fields other than ... are forbidden" comparison.

import { Val, StructV, StrV } from "../../../typed/value";
import { fieldIndex, fieldType, fieldCount } from "../../../schema/schema";
import { ErrList, quote } from "../../kubernetes/validation/errlist";
import { fld, str, int, isSet, deref, sliceLen, at, strMap } from "../../kubernetes/validation/view";
import { PodValidationOptions } from "../../kubernetes/validation/options";
import { Gates } from "../../kubernetes/validation/gates";
import { semEqual } from "../../kubernetes/validation/equal";
import { isQualifiedName, isValidLabelValue } from "../../kubernetes/validation/names";
import { podTemplateSpec } from "../../kubernetes/appsvalidation/template";
import { labelSelector } from "../../kubernetes/validation/affinity";
import { selectorKind, SEL_ERROR } from "../../kubernetes/appsvalidation/selector";
import { selectorValue } from "../../kubernetes/appsvalidation/values";
import { newStruct } from "../../kubernetes/defaults/tree";
import { kruisePodSpecDefaults } from "../defaults/pod";
import { IntOrStr, Scaled, scaledKruise, scaledKubernetesDeprecated } from "../../intstr/intorstr";
import { joinStrings } from "../../../golang/join";

/** One webhook call: the Kruise release, the Kubernetes minor of its libraries, the version served and the errors. */
export class Webhook {
  /** The Kubernetes gates of Kruise's libraries (their defaults). */
  gates: Gates;
  /** True once the handler dereferenced a nil pointer (Go panics; the webhook server answers with the recovered panic). */
  panicked: bool = false;
  /** A plain denial's JSON pointer into the object (the InPlaceOnly rule's first refused operation), or "". */
  plainPath: string = "";
  /** Kruise's TemplateNoDefaults gate (default off): the mutating webhooks leave the template alone. */
  templateNoDefaults: bool = false;
  /** Kruise's StatefulSetAutoDeletePVC gate (default on): the retention policy's defaults. */
  autoDeletePVC: bool = true;
  /** Kruise's StatefulSetAutoResizePVCGate (default off): volume claim update strategy default and check. */
  autoResizePVC: bool = false;
  /** Kruise's DefaultHostNetworkHostPortsInPodTemplates (v1.9.0, default off): host ports from container ports. */
  hostNetworkPorts: bool = false;
  constructor(public kruise: i32, public minor: i32, public v1beta1: bool, public errs: ErrList) {
    this.gates = new Gates();
  }

  /** DefaultPodValidationOptions of the release (every other option false): v1.8.3 also allows the hostIPs field and
   *  validates templates as pods (ResourceIsPod), v1.9.0 does neither. */
  podOptions(): PodValidationOptions {
    const o = new PodValidationOptions(this.minor, this.gates);
    o.invalidDeletionCost = true;
    o.invalidLabelValueInSelector = true;
    o.invalidSpreadSelector = true;
    o.hostIPs = this.kruise <= 8;
    o.resourceIsPod = this.kruise <= 8;
    return o;
  }
}

/** convertor.ConvertPodTemplateSpec's side effect: Kruise's SetDefaultPodSpec on the caller's template `tpl` (in place). */
export function convertTemplate(tpl: StructV, w: Webhook): void {
  const i = fieldIndex(tpl.t, "Spec");
  if (i < 0) return;
  if (tpl.f[i] === null) tpl.f[i] = newStruct(fieldType(tpl.t, i));
  kruisePodSpecDefaults(changetype<StructV>(tpl.f[i]), w.kruise, w.minor, w.hostNetworkPorts);
}

/** ValidatePodTemplateSpec(template, base, DefaultPodValidationOptions) of Kruise's Kubernetes release. */
export function validateTemplate(tpl: Val | null, base: string, w: Webhook): void {
  podTemplateSpec(tpl, base, w.podOptions(), w.errs);
}

/** The template field of a workload spec, materialized (the conversion writes into it). */
export function templateOf(spec: StructV): StructV {
  const ti = fieldIndex(spec.t, "Template");
  if (spec.f[ti] === null) spec.f[ti] = newStruct(fieldType(spec.t, ti));
  return changetype<StructV>(spec.f[ti]);
}

/** The selector checks a CloneSet's and an Advanced StatefulSet's spec open with (`what`: "cloneset" | "statefulset"):
 *  required, ValidateLabelSelector, not empty; then LabelSelectorAsSelector's outcome (SEL_*), its failure reported. */
export function selectorChecks(spec: Val | null, what: string, w: Webhook): i32 {
  const errs = w.errs;
  const selPtr = fld(spec, "Selector");
  if (!isSet(selPtr)) errs.required("spec.selector");
  else {
    const sel = deref(selPtr);
    labelSelector(sel, false, "spec.selector", w.minor, errs);
    if (strMap(fld(sel, "MatchLabels")).keys.length + sliceLen(fld(sel, "MatchExpressions")) == 0) {
      errs.invalid("spec.selector", selectorValue(selPtr, false), "empty selector is invalid for " + what);
    }
  }
  const kind = selectorKind(deref(selPtr), isSet(selPtr), w.minor);
  if (kind == SEL_ERROR) errs.invalid("spec.selector", selectorValue(selPtr, false), "");
  return kind;
}

/** The restartPolicy and activeDeadlineSeconds rules of a workload's template (`what` names the kind in the text). */
export function templateRestartRules(tpl: Val | null, what: string, errs: ErrList): void {
  const ps = fld(tpl, "Spec");
  const rp = str(fld(ps, "RestartPolicy"));
  if (rp.length > 0 && rp != "Always") errs.notSupported("spec.template.spec.restartPolicy", rp, ["Always"]);
  if (isSet(fld(ps, "ActiveDeadlineSeconds"))) errs.forbidden("spec.template.spec.activeDeadlineSeconds", "activeDeadlineSeconds in " + what + " is not Supported");
}

/** An *intstr.IntOrString value (a pointer field) as the scaling helpers read it. */
export function intOrStrOf(p: Val | null): IntOrStr {
  if (!isSet(p)) return new IntOrStr();
  const v = deref(p);
  if (int(fld(v, "Type")) == 0) return IntOrStr.ofInt(<i32>int(fld(v, "IntVal")));
  const r = new IntOrStr();
  r.kind = 2;
  const s = fld(v, "StrVal");
  if (s !== null && s instanceof StrV) {
    r.ptr = changetype<StrV>(s).p;
    r.len = changetype<StrV>(s).n;
  }
  return r;
}

/** util.GetScaledValueFromIntOrPercent (OpenKruise) of pointer field `p` against `total`, rounding up. */
export function scaledUp(p: Val | null, total: i64): Scaled {
  return scaledKruise(intOrStrOf(p), total, true);
}

/** intstr.GetValueFromIntOrPercent (the deprecated Kubernetes helper v1.8.3 calls) of pointer field `p`, rounding up. */
export function scaledUpDeprecated(p: Val | null, total: i64): Scaled {
  return scaledKubernetesDeprecated(intOrStrOf(p), total, true);
}

/** (*intstr.IntOrString).String() of a non-nil pointer field `p`. */
export function intOrStringText(p: Val | null): string {
  const v = deref(p);
  return int(fld(v, "Type")) == 1 ? str(fld(v, "StrVal")) : int(fld(v, "IntVal")).toString();
}

/** util.CheckDuplicate: every repeat of an earlier entry, in order. */
export function duplicates(list: Val | null): Array<string> {
  const seen = new Set<string>();
  const dup = new Array<string>();
  for (let i = 0; i < sliceLen(list); i++) {
    const s = str(at(list, i));
    if (seen.has(s)) dup.push(s);
    else seen.add(s);
  }
  return dup;
}

/** fmt's %v of a []string: [a b c]. */
export function stringsV(list: Array<string>): string {
  return "[" + joinStrings(list, " ") + "]";
}

/** The error metav1.LabelSelectorAsSelector returns for a selector value (not a pointer), or "" (apimachinery of `minor`). */
function selectorError(sel: Val | null, minor: i32): string {
  const ml = strMap(fld(sel, "MatchLabels"));
  for (let i = 0; i < ml.keys.length; i++) {
    const e = requirementErrors(ml.keys[i], "=", [ml.vals[i]], minor);
    if (e.length > 0) return e;
  }
  const me = fld(sel, "MatchExpressions");
  for (let i = 0; i < sliceLen(me); i++) {
    const x = at(me, i);
    const op = str(fld(x, "Operator"));
    const vals = fld(x, "Values");
    const list = new Array<string>(sliceLen(vals));
    for (let j = 0; j < list.length; j++) list[j] = str(at(vals, j));
    let sop = "";
    if (op == "In") sop = "in";
    else if (op == "NotIn") sop = "notin";
    else if (op == "Exists") sop = "exists";
    else if (op == "DoesNotExist") sop = "!";
    else return quote(op) + " is not a valid label selector operator";
    const e = requirementErrors(str(fld(x, "Key")), sop, list, minor);
    if (e.length > 0) return e;
  }
  return "";
}

/** labels.NewRequirement's aggregated error text ("" when none). */
function requirementErrors(key: string, op: string, vals: Array<string>, minor: i32): string {
  const errs = new Array<string>();
  const ke = isQualifiedName(key, minor);
  if (ke.length > 0) errs.push("key: Invalid value: " + quote(key) + ": " + joinStrings(ke, "; "));
  const qv = new Array<string>(vals.length);
  for (let i = 0; i < vals.length; i++) qv[i] = quote(vals[i]);
  const rendered = vals.length == 0 ? "[]string(nil)" : "[]string{" + joinStrings(qv, ", ") + "}";
  if ((op == "in" || op == "notin") && vals.length == 0) errs.push("values: Invalid value: " + rendered + ": for 'in', 'notin' operators, values set can't be empty");
  if (op == "=" && vals.length != 1) errs.push("values: Invalid value: " + rendered + ": exact-match compatibility requires one single value");
  if ((op == "exists" || op == "!") && vals.length != 0) errs.push("values: Invalid value: " + rendered + ": values set must be empty for exists and does not exist");
  for (let i = 0; i < vals.length; i++) {
    const ve = isValidLabelValue(vals[i], minor);
    if (ve.length > 0) errs.push("values[" + i.toString() + "][" + key + "]: Invalid value: " + quote(vals[i]) + ": " + joinStrings(ve, "; "));
  }
  if (errs.length == 0) return "";
  return errs.length == 1 ? errs[0] : "[" + joinStrings(errs, ", ") + "]";
}

/** (*appspub.UpdatePriorityStrategy).FieldsValidation of pointer field `p`: the error text or "". */
export function priorityError(p: Val | null, minor: i32): string {
  if (!isSet(p)) return "";
  const s = deref(p);
  const wp = fld(s, "WeightPriority"), op = fld(s, "OrderPriority");
  if (sliceLen(wp) > 0 && sliceLen(op) > 0) return "only one of weightPriority and orderPriority can be used";
  for (let i = 0; i < sliceLen(wp); i++) {
    const w = at(wp, i);
    const weight = int(fld(w, "Weight"));
    if (weight < 0 || weight > 100) return "weight must be valid number in the range 1-100";
    const sel = fld(w, "MatchSelector");
    if (strMap(fld(sel, "MatchLabels")).keys.length == 0 && sliceLen(fld(sel, "MatchExpressions")) == 0) return "selector can not be empty";
    const e = selectorError(sel, minor);
    if (e.length > 0) return "invalid selector " + e;
  }
  for (let i = 0; i < sliceLen(op); i++) {
    if (str(fld(at(op, i), "OrderedKey")).length == 0) return "order key can not be empty";
  }
  return "";
}

/** UpdateScatterStrategy.FieldsValidation of slice field `list`: the error text or "". */
export function scatterError(list: Val | null): string {
  const seen = new Set<string>();
  for (let i = 0; i < sliceLen(list); i++) {
    const t = at(list, i);
    const k = str(fld(t, "Key")), v = str(fld(t, "Value"));
    if (k.length == 0) return "key should not be empty";
    const id = k + ":" + v;
    if (seen.has(id)) return "duplicated key=" + k + " value=" + v;
    seen.add(id);
  }
  return "";
}

/** apiequality.Semantic.DeepEqual(a', b) where a' is spec `a` with fields `names` taken from `b` (specs of type `t`). */
export function equalExcept(t: i32, a: Val | null, b: Val | null, names: Array<string>): bool {
  const c = newStruct(t);
  const sa = a !== null && a instanceof StructV ? changetype<StructV>(a) : null;
  const sb = b !== null && b instanceof StructV ? changetype<StructV>(b) : null;
  for (let i = 0; i < fieldCount(t); i++) c.f[i] = sa === null ? null : sa.f[i];
  for (let i = 0; i < names.length; i++) {
    const k = fieldIndex(t, names[i]);
    if (k >= 0) c.f[k] = sb === null ? null : sb.f[k];
  }
  return semEqual(t, c, b, "", null);
}

/** ValidateNonnegativeField(v, path). */
export function nonNegative(v: i64, path: string, errs: ErrList): void {
  if (v < 0) errs.invalidInt(path, v, "must be greater than or equal to 0");
}

/** The pointee of a *int32 field Go dereferences: a nil pointer panics (`w.panicked`, 0 returned). */
export function mustInt(p: Val | null, w: Webhook): i64 {
  if (!isSet(p)) {
    w.panicked = true;
    return 0;
  }
  return int(deref(p));
}
