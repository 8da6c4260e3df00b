// The deprecated node labels the API server warns about in a pod's scheduling fields: the table of
// pkg/api/pod/warnings.go (1.22-1.24) and of pkg/api/node/util.go (1.25+: GetNodeLabelDeprecatedMessage, three
// more labels from 1.31), and GetWarningsForNodeSelectorTerm (with the label values of preferred terms checked
// from 1.33).

import { Val } from "../../../typed/value";
import { fld, str, sliceLen, at } from "../validation/view";
import { isValidLabelValue } from "../validation/names";
import { WarningRecorder } from "./recorder";

/** 1.31: app.kubernetes.io/created-by, scheduler.alpha.kubernetes.io/preferAvoidPods and node-role.kubernetes.io/master join the table. */
const MORE_LABELS_FROM: i32 = 31;
/** 1.33: GetWarningsForNodeSelectorTerm checks the values of a preferred term's expressions as label values. */
const LABEL_VALUES_FROM: i32 = 33;

const LABELS: StaticArray<string> = [
  "beta.kubernetes.io/arch", "beta.kubernetes.io/os", "failure-domain.beta.kubernetes.io/region",
  "failure-domain.beta.kubernetes.io/zone", "beta.kubernetes.io/instance-type",
  "app.kubernetes.io/created-by", "scheduler.alpha.kubernetes.io/preferAvoidPods", "node-role.kubernetes.io/master",
];
const MESSAGES: StaticArray<string> = [
  "deprecated since v1.14; use \"kubernetes.io/arch\" instead", "deprecated since v1.14; use \"kubernetes.io/os\" instead",
  "deprecated since v1.17; use \"topology.kubernetes.io/region\" instead", "deprecated since v1.17; use \"topology.kubernetes.io/zone\" instead",
  "deprecated since v1.17; use \"node.kubernetes.io/instance-type\" instead",
  "deprecated since v1.9", "deprecated since v1.22; use Taints and Tolerations instead", "use \"node-role.kubernetes.io/control-plane\" instead",
];

/** GetNodeLabelDeprecatedMessage(key) at `minor`: the message, or null when the label is not deprecated. */
export function deprecatedNodeLabel(key: string, minor: i32): string | null {
  const n = minor >= MORE_LABELS_FROM ? LABELS.length : 5;
  for (let i = 0; i < n; i++) if (LABELS[i] == key) return MESSAGES[i];
  return null;
}

/** GetWarningsForNodeSelectorTerm(term, checkLabelValue, path) at `minor`, appended to `out`. */
export function nodeSelectorTermWarnings(term: Val | null, checkLabelValue: bool, path: string, minor: i32, out: WarningRecorder): void {
  const exprs = fld(term, "MatchExpressions");
  for (let i = 0; i < sliceLen(exprs); i++) {
    const e = at(exprs, i);
    const p = path + ".matchExpressions[" + i.toString() + "]";
    const key = str(fld(e, "Key"));
    const msg = deprecatedNodeLabel(key, minor);
    if (msg !== null) out.add(p + ".key: " + key + " is " + msg);
    if (!checkLabelValue || minor < LABEL_VALUES_FROM) continue;
    const values = fld(e, "Values");
    for (let j = 0; j < sliceLen(values); j++) {
      const v = str(at(values, j));
      const errs = isValidLabelValue(v, minor);
      for (let k = 0; k < errs.length; k++) out.add(p + ".values[" + j.toString() + "]: " + v + " is invalid, " + errs[k]);
    }
  }
}
