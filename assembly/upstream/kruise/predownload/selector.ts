// The pod selector of the ImagePullJobs (the workload's selector plus "controller-revision-hash NotIn [update
// revision name, its hash]": the pods still to update) and the nodes it pulls on: OpenKruise's
// util.ValidatedLabelSelectorAsSelector and labels.Requirement.Matches over the pods of the workload's
// namespace that are active (not Succeeded, not Failed, not being deleted) and scheduled, as
// imagejob.GetNodeImagesForJob lists them (every node is taken to have its NodeImage).

import { ByteSink } from "../../../io/sink";
import { Val } from "../../../typed/value";
import { fld, str, sliceLen, at, strMap, StrMap, isSet } from "../../kubernetes/validation/view";
import { goQuoteV2 } from "../../../json/quote-v2";
import { goStr, sortedKeys } from "./gomap";

/** One requirement of a label selector. */
export class Requirement {
  constructor(public key: string, public op: string, public values: Array<string>) {}
}

/** The job's pod selector: the workload's matchLabels and matchExpressions, then the revision requirement. */
export class PodSelector {
  matchLabels: StrMap = new StrMap();
  exprs: Array<Requirement> = new Array<Requirement>();
}

/** selector.DeepCopy() with the NotIn requirement appended (values: the update revision's name and hash label). */
export function jobSelector(sel: Val | null, revisionName: string, revisionHash: string): PodSelector {
  const s = new PodSelector();
  s.matchLabels = strMap(fld(sel, "MatchLabels"));
  const ex = fld(sel, "MatchExpressions");
  for (let i = 0, n = sliceLen(ex); i < n; i++) {
    const e = at(ex, i);
    const vs = fld(e, "Values");
    const values = new Array<string>();
    for (let j = 0, m = sliceLen(vs); j < m; j++) values.push(str(at(vs, j)));
    s.exprs.push(new Requirement(str(fld(e, "Key")), str(fld(e, "Operator")), values));
  }
  s.exprs.push(new Requirement("controller-revision-hash", "NotIn", [revisionName, revisionHash]));
  return s;
}

/** Writes the selector as json.Marshal of metav1.LabelSelector (`go22`: goStr's escapes). */
export function writeSelector(out: ByteSink, s: PodSelector, go22: bool): void {
  out.byte(0x7b);
  let first = true;
  if (s.matchLabels.keys.length > 0) {
    out.ascii("\"matchLabels\":{");
    for (let i = 0; i < s.matchLabels.keys.length; i++) {
      if (i > 0) out.byte(0x2c);
      goStr(out, s.matchLabels.keys[i], go22);
      out.byte(0x3a);
      goStr(out, s.matchLabels.vals[i], go22);
    }
    out.byte(0x7d);
    first = false;
  }
  if (!first) out.byte(0x2c);
  out.ascii("\"matchExpressions\":[");
  for (let i = 0; i < s.exprs.length; i++) {
    const r = s.exprs[i];
    if (i > 0) out.byte(0x2c);
    out.ascii("{\"key\":");
    goStr(out, r.key, go22);
    out.ascii(",\"operator\":");
    goStr(out, r.op, go22);
    if (r.values.length > 0) {
      out.ascii(",\"values\":[");
      for (let j = 0; j < r.values.length; j++) {
        if (j > 0) out.byte(0x2c);
        goStr(out, r.values[j], go22);
      }
      out.byte(0x5d);
    }
    out.byte(0x7d);
  }
  out.ascii("]}");
}

/** Requirement.Matches on a pod's labels. */
function matches(r: Requirement, labels: StrMap): bool {
  const i = labels.find(r.key);
  const has = i >= 0;
  if (r.op == "Equals" || r.op == "In") return has && r.values.includes(labels.vals[i]);
  if (r.op == "NotIn") return !has || !r.values.includes(labels.vals[i]);
  if (r.op == "Exists") return has;
  if (r.op == "DoesNotExist") return !has;
  return false;
}

/** The nodes of the pods the selector picks, or the error text GetNodeImagesForJob returns. */
export class Nodes {
  names: Array<string> = new Array<string>();
  err: string | null = null;
}

/** The sorted distinct nodes of the active, scheduled pods of `namespace` the selector picks. */
export function targetNodes(s: PodSelector, namespace: string, pods: Array<Val | null>): Nodes {
  const res = new Nodes();
  for (let i = 0; i < s.exprs.length; i++) {
    const op = s.exprs[i].op;
    if (op != "In" && op != "NotIn" && op != "Exists" && op != "DoesNotExist") {
      const b = new ByteSink(op.length + 64);
      b.ascii("parse podSelector error: ");
      const ob = String.UTF8.encode(op);
      goQuoteV2(b, changetype<usize>(ob), ob.byteLength);
      b.ascii(" is not a valid pod selector operator");
      res.err = String.UTF8.decodeUnsafe(b.ptr, <usize>b.len);
      return res;
    }
  }
  const reqs = new Array<Requirement>();
  for (let i = 0; i < s.matchLabels.keys.length; i++) reqs.push(new Requirement(s.matchLabels.keys[i], "Equals", [s.matchLabels.vals[i]]));
  for (let i = 0; i < s.exprs.length; i++) reqs.push(s.exprs[i]);
  const seen = new Set<string>();
  for (let p = 0; p < pods.length; p++) {
    const pod = pods[p];
    const meta = fld(pod, "ObjectMeta");
    if (str(fld(meta, "Namespace")) != namespace) continue;
    const labels = strMap(fld(meta, "Labels"));
    let ok = true;
    for (let i = 0; i < reqs.length && ok; i++) ok = matches(reqs[i], labels);
    if (!ok) continue;
    const phase = str(fld(fld(pod, "Status"), "Phase"));
    if (phase == "Succeeded" || phase == "Failed" || isSet(fld(meta, "DeletionTimestamp"))) continue;
    const node = str(fld(fld(pod, "Spec"), "NodeName"));
    if (node.length == 0 || seen.has(node)) continue;
    seen.add(node);
    res.names.push(node);
  }
  const order = sortedKeys(res.names);
  const sorted = new Array<string>(order.length);
  for (let i = 0; i < order.length; i++) sorted[i] = res.names[order[i]];
  res.names = sorted;
  return res;
}
