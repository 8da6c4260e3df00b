// metav1.LabelSelectorAsSelector and labels.Selector.Matches as the workload checks use them
// (k8s.io/apimachinery pkg/apis/meta/v1/helpers.go, pkg/labels/selector.go): a nil selector selects nothing
// (and is not Empty), an empty one everything (Empty); otherwise every matchLabels pair is an Equals
// requirement and every expression In / NotIn / Exists / DoesNotExist, and the conversion fails on an
// unknown operator or on what labels.NewRequirement refuses (a key that is not a qualified name, a value that
// is not a label value, In / NotIn without values, Exists / DoesNotExist with values).

import { Val } from "../../../typed/value";
import { fld, str, sliceLen, at, strMap, StrMap } from "../validation/view";
import { isQualifiedName, isValidLabelValue } from "../validation/names";

/** LabelSelectorAsSelector's outcome. */
export const SEL_NOTHING: i32 = 0;
export const SEL_EVERYTHING: i32 = 1;
export const SEL_REQUIREMENTS: i32 = 2;
export const SEL_ERROR: i32 = 3;

/** What LabelSelectorAsSelector returns at `minor` (SEL_*) for a selector pointer that is nil (`present` false) or
 * points to `sel` (null: a selector with every field zero). */
export function selectorKind(sel: Val | null, present: bool, minor: i32): i32 {
  if (!present) return SEL_NOTHING;
  const ml = strMap(fld(sel, "MatchLabels"));
  const me = fld(sel, "MatchExpressions");
  const n = sliceLen(me);
  if (ml.keys.length + n == 0) return SEL_EVERYTHING;
  for (let i = 0; i < ml.keys.length; i++) {
    if (isQualifiedName(ml.keys[i], minor).length > 0 || isValidLabelValue(ml.vals[i], minor).length > 0) return SEL_ERROR;
  }
  for (let i = 0; i < n; i++) {
    const e = at(me, i);
    const op = str(fld(e, "Operator"));
    const vals = fld(e, "Values");
    const nv = sliceLen(vals);
    if (op == "In" || op == "NotIn") {
      if (nv == 0) return SEL_ERROR;
    } else if (op == "Exists" || op == "DoesNotExist") {
      if (nv > 0) return SEL_ERROR;
    } else return SEL_ERROR;
    if (isQualifiedName(str(fld(e, "Key")), minor).length > 0) return SEL_ERROR;
    for (let j = 0; j < nv; j++) if (isValidLabelValue(str(at(vals, j)), minor).length > 0) return SEL_ERROR;
  }
  return SEL_REQUIREMENTS;
}

/** Selector.Matches(labels.Set(labels)) for a selector of kind SEL_NOTHING, SEL_EVERYTHING or SEL_REQUIREMENTS. */
export function selectorMatches(sel: Val | null, kind: i32, labels: StrMap): bool {
  if (kind == SEL_NOTHING) return false;
  if (kind == SEL_EVERYTHING) return true;
  const ml = strMap(fld(sel, "MatchLabels"));
  for (let i = 0; i < ml.keys.length; i++) {
    const j = labels.find(ml.keys[i]);
    if (j < 0 || labels.vals[j] != ml.vals[i]) return false;
  }
  const me = fld(sel, "MatchExpressions");
  for (let i = 0; i < sliceLen(me); i++) {
    const e = at(me, i);
    const op = str(fld(e, "Operator"));
    const j = labels.find(str(fld(e, "Key")));
    if (op == "Exists") { if (j < 0) return false; continue; }
    if (op == "DoesNotExist") { if (j >= 0) return false; continue; }
    const vals = fld(e, "Values");
    let inSet = false;
    if (j >= 0) {
      const v = labels.vals[j];
      for (let k = 0; k < sliceLen(vals); k++) if (str(at(vals, k)) == v) { inSet = true; break; }
    }
    if (op == "In" && !inSet) return false;
    if (op == "NotIn" && inSet) return false;
  }
  return true;
}
