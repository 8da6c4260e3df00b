// The bad values the apps/v1 workload checks print (field.Error.ErrorBody): a label selector, a
// map[string]string, an intstr.IntOrString and the internal strategy structs, as fmt's %#v prints the
// internal Go value (up to Kubernetes 1.33; a pointer is dereferenced first, nil prints "null") or as
// encoding/json writes it (1.34+; the internal apps types have no json tags, so their fields keep their Go
// names, while metav1.LabelSelector and intstr.IntOrString have their own JSON forms).
// A non-nil pointer inside a %#v struct prints its address, which no two processes share: it is written
// here as (*T)(0xc000000000) (docs/ops.md, "Workload update validation").

import { Val } from "../../../typed/value";
import { quote, jsonQuote } from "../validation/errlist";
import { fld, str, int, sliceLen, at, strMap, isSet, deref } from "../validation/view";
import { renderMap } from "../validation/render";
import { joinStrings } from "../../../golang/join";

/** How a non-nil pointer field prints under %#v. */
export function pointerText(goType: string): string {
  return "(" + goType + ")(0xc000000000)";
}

/** A map[string]string bad value (the template's labels). */
export function mapValue(m: Val | null, json: bool): string {
  if (!json) return renderMap(strMap(m), false);
  const sm = strMap(m);
  if (sm.isNil) return "null";
  const parts = new Array<string>(sm.keys.length);
  for (let i = 0; i < sm.keys.length; i++) parts[i] = jsonQuote(sm.keys[i]) + ":" + jsonQuote(sm.vals[i]);
  return "{" + joinStrings(parts, ",") + "}";
}

function stringsValue(v: Val | null, json: bool): string {
  if (v === null) return json ? "null" : "[]string(nil)";
  const n = sliceLen(v);
  const parts = new Array<string>(n);
  for (let i = 0; i < n; i++) parts[i] = json ? jsonQuote(str(at(v, i))) : quote(str(at(v, i)));
  return json ? "[" + joinStrings(parts, ",") + "]" : "[]string{" + joinStrings(parts, ", ") + "}";
}

/** A *metav1.LabelSelector bad value: `ptr` is the pointer field (nil: "null", as %q prints that string before 1.34, as JSON after). */
export function selectorValue(ptr: Val | null, json: bool): string {
  if (!isSet(ptr)) return json ? "null" : "\"null\"";
  const sel = deref(ptr);
  const ml = fld(sel, "MatchLabels"), me = fld(sel, "MatchExpressions");
  const n = sliceLen(me);
  if (json) {
    const parts = new Array<string>();
    const sm = strMap(ml);
    if (sm.keys.length > 0) parts.push("\"matchLabels\":" + mapValue(ml, true));
    if (n > 0) {
      const ex = new Array<string>(n);
      for (let i = 0; i < n; i++) {
        const e = at(me, i);
        let s = "{\"key\":" + jsonQuote(str(fld(e, "Key"))) + ",\"operator\":" + jsonQuote(str(fld(e, "Operator")));
        if (sliceLen(fld(e, "Values")) > 0) s += ",\"values\":" + stringsValue(fld(e, "Values"), true);
        ex[i] = s + "}";
      }
      parts.push("\"matchExpressions\":[" + joinStrings(ex, ",") + "]");
    }
    return "{" + joinStrings(parts, ",") + "}";
  }
  let exprs = "[]v1.LabelSelectorRequirement(nil)";
  if (me !== null) {
    const ex = new Array<string>(n);
    for (let i = 0; i < n; i++) {
      const e = at(me, i);
      ex[i] = "v1.LabelSelectorRequirement{Key:" + quote(str(fld(e, "Key"))) + ", Operator:" + quote(str(fld(e, "Operator"))) +
        ", Values:" + stringsValue(fld(e, "Values"), false) + "}";
    }
    exprs = "[]v1.LabelSelectorRequirement{" + joinStrings(ex, ", ") + "}";
  }
  return "v1.LabelSelector{MatchLabels:" + renderMap(strMap(ml), false) + ", MatchExpressions:" + exprs + "}";
}

/** An intstr.IntOrString bad value (the struct itself, or what a *IntOrString points to). */
export function intOrStringValue(v: Val | null, json: bool): string {
  const isStr = int(fld(v, "Type")) == 1;
  if (json) return isStr ? jsonQuote(str(fld(v, "StrVal"))) : int(fld(v, "IntVal")).toString();
  return "intstr.IntOrString{Type:" + int(fld(v, "Type")).toString() + ", IntVal:" + int(fld(v, "IntVal")).toString() +
    ", StrVal:" + quote(str(fld(v, "StrVal"))) + "}";
}

/** A *intstr.IntOrString field inside a struct value. */
function intOrStringField(p: Val | null, json: bool): string {
  if (!isSet(p)) return json ? "null" : "(*intstr.IntOrString)(nil)";
  return json ? intOrStringValue(deref(p), true) : pointerText("*intstr.IntOrString");
}

/** A Deployment's or DaemonSet's strategy bad value (NotSupported of an unknown type): `goType` the internal struct
 *  ("DeploymentStrategy", "DaemonSetUpdateStrategy"), `rollingType` its rolling update's ("RollingUpdateDeployment", ...). */
function strategyValue(s: Val | null, json: bool, goType: string, rollingType: string): string {
  const ru = fld(s, "RollingUpdate");
  if (json) {
    let r = "null";
    if (isSet(ru)) r = "{\"MaxUnavailable\":" + intOrStringValue(fld(ru, "MaxUnavailable"), true) + ",\"MaxSurge\":" + intOrStringValue(fld(ru, "MaxSurge"), true) + "}";
    return "{\"Type\":" + jsonQuote(str(fld(s, "Type"))) + ",\"RollingUpdate\":" + r + "}";
  }
  return "apps." + goType + "{Type:" + quote(str(fld(s, "Type"))) + ", RollingUpdate:" +
    (isSet(ru) ? pointerText("*apps." + rollingType) : "(*apps." + rollingType + ")(nil)") + "}";
}

/** An apps.DeploymentStrategy bad value. */
export function deploymentStrategyValue(s: Val | null, json: bool): string {
  return strategyValue(s, json, "DeploymentStrategy", "RollingUpdateDeployment");
}

/** An apps.DaemonSetUpdateStrategy bad value. */
export function daemonSetStrategyValue(s: Val | null, json: bool): string {
  return strategyValue(s, json, "DaemonSetUpdateStrategy", "RollingUpdateDaemonSet");
}

/** An apps.RollingUpdateStatefulSetStrategy bad value (the struct a non-nil pointer holds). */
export function statefulSetRollingValue(ru: Val | null, json: bool, minor: i32): string {
  if (json) {
    let s = "{\"Partition\":" + int(fld(ru, "Partition")).toString();
    if (minor >= 24) s += ",\"MaxUnavailable\":" + intOrStringField(fld(ru, "MaxUnavailable"), true);
    return s + "}";
  }
  let s = "apps.RollingUpdateStatefulSetStrategy{Partition:" + int(fld(ru, "Partition")).toString();
  if (minor >= 24) s += ", MaxUnavailable:" + intOrStringField(fld(ru, "MaxUnavailable"), false);
  return s + "}";
}

/** An apps.StatefulSetUpdateStrategy bad value (Invalid of an unknown type). */
export function statefulSetStrategyValue(s: Val | null, json: bool, minor: i32): string {
  const ru = fld(s, "RollingUpdate");
  if (json) {
    return "{\"Type\":" + jsonQuote(str(fld(s, "Type"))) + ",\"RollingUpdate\":" + (isSet(ru) ? statefulSetRollingValue(deref(ru), true, minor) : "null") + "}";
  }
  return "apps.StatefulSetUpdateStrategy{Type:" + quote(str(fld(s, "Type"))) + ", RollingUpdate:" +
    (isSet(ru) ? pointerText("*apps.RollingUpdateStatefulSetStrategy") : "(*apps.RollingUpdateStatefulSetStrategy)(nil)") + "}";
}
