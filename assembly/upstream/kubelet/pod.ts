// Builds the kubelet model's inputs from a decoded v1 Pod (the typed view, as the kubelet reads the
// pod from the API server): spec containers with their HashContainer of the minor, restart policies
// and rules, probes, ephemeral container names; and the ready-condition inputs from pod.status.

import { Val } from "../../typed/value";
import { hashContainer } from "../kubernetes/hash";
import { hasError } from "../../base/errors";
import { nameId, resolve, minorIndex } from "../../schema/schema";
import { kfld, kstr, kint, kset, kslice, klen, kat } from "./view";
import { KPod, KContainer, KRestartRule } from "./model";
import { ReadyInput, KReadyStatus, KCondition } from "./ready";

/** The schema handle of v1 type `name` (e.g. "v1.Container") at `minor`. */
export function v1Type(name: string, minor: i32): i32 {
  return resolve(minorIndex(minor), nameId(name));
}

/** One spec container (or an ephemeral container's common part) for minor `k`; null on a hash error. */
function readContainer(k: i32, c: Val | null, cty: i32, go: i32, exact: u32): KContainer | null {
  const r = new KContainer();
  r.name = kstr(kfld(c, "Name"));
  const rp = kfld(c, "RestartPolicy");
  r.hasRestartPolicy = kset(rp);
  r.restartPolicy = kstr(rp);
  const rules = kfld(c, "RestartPolicyRules");
  for (let i = 0, n = klen(rules); i < n; i++) {
    const x = kat(rules, i);
    const rule = new KRestartRule();
    rule.action = kstr(kfld(x, "Action"));
    const ec = kfld(x, "ExitCodes");
    rule.hasExitCodes = kset(ec);
    rule.operator = kstr(kfld(ec, "Operator"));
    const vals = kfld(ec, "Values");
    for (let j = 0, m = klen(vals); j < m; j++) rule.values.push(<i32>kint(kat(vals, j)));
    r.rules.push(rule);
  }
  r.hasStartupProbe = kset(kfld(c, "StartupProbe"));
  r.hasLivenessProbe = kset(kfld(c, "LivenessProbe"));
  const h = hashContainer(k, cty, c, go, exact);
  if (h < 0 || hasError()) return null;
  r.hash = <u64>h;
  return r;
}

/** The model's view of decoded pod `pod` for kubelet minor `k` (Go release `go` for the JSON-era hash, `exact` the
 * hash shortcuts turned off); null on error. */
export function kpodOf(k: i32, pod: Val | null, go: i32, exact: u32 = 0): KPod | null {
  const p = new KPod();
  const spec = kfld(pod, "Spec");
  p.restartPolicy = kstr(kfld(spec, "RestartPolicy"));
  p.hostNetwork = kint(kfld(spec, "HostNetwork")) != 0;
  p.deleting = kset(kfld(kfld(pod, "ObjectMeta"), "DeletionTimestamp"));
  const cty = v1Type("v1.Container", k);
  const cs = kfld(spec, "Containers");
  for (let i = 0, n = klen(cs); i < n; i++) {
    const c = readContainer(k, kat(cs, i), cty, go, exact);
    if (c === null) return null;
    p.containers.push(c);
  }
  const ics = kfld(spec, "InitContainers");
  for (let i = 0, n = klen(ics); i < n; i++) {
    const c = readContainer(k, kat(ics, i), cty, go, exact);
    if (c === null) return null;
    p.initContainers.push(c);
  }
  const ecs = kfld(spec, "EphemeralContainers");
  for (let i = 0, n = klen(ecs); i < n; i++) {
    p.ephemeralNames.push(kstr(kfld(kfld(kat(ecs, i), "EphemeralContainerCommon"), "Name")));
  }
  return p;
}

function conditionsOf(list: Val | null): Array<KCondition> {
  const out = new Array<KCondition>();
  for (let i = 0, n = klen(list); i < n; i++) {
    const c = kat(list, i);
    out.push(new KCondition(kstr(kfld(c, "Type")), kstr(kfld(c, "Status")), kint(kfld(c, "ObservedGeneration"))));
  }
  return out;
}

/** The ready-condition inputs of decoded pod `pod` and old status `old` (null: none). */
export function readyInputOf(pod: Val | null, hasOld: bool, old: Val | null): ReadyInput {
  const r = new ReadyInput();
  r.generation = kint(kfld(kfld(pod, "ObjectMeta"), "Generation"));
  const spec = kfld(pod, "Spec");
  const cs = kfld(spec, "Containers");
  for (let i = 0, n = klen(cs); i < n; i++) r.containerNames.push(kstr(kfld(kat(cs, i), "Name")));
  const ics = kfld(spec, "InitContainers");
  for (let i = 0, n = klen(ics); i < n; i++) {
    const c = kat(ics, i);
    const rp = kfld(c, "RestartPolicy");
    if (kset(rp) && kstr(rp) == "Always") r.sidecarNames.push(kstr(kfld(c, "Name")));
  }
  const gates = kfld(spec, "ReadinessGates");
  for (let i = 0, n = klen(gates); i < n; i++) r.readinessGates.push(kstr(kfld(kat(gates, i), "ConditionType")));
  const status = kfld(pod, "Status");
  const st = kfld(status, "ContainerStatuses");
  if (kslice(st)) {
    const list = new Array<KReadyStatus>();
    for (let i = 0, n = klen(st); i < n; i++) {
      const s = kat(st, i);
      list.push(new KReadyStatus(kstr(kfld(s, "Name")), kint(kfld(s, "Ready")) != 0));
    }
    r.statuses = list;
  }
  r.conditions = conditionsOf(kfld(status, "Conditions"));
  r.phase = kstr(kfld(status, "Phase"));
  if (hasOld) r.oldConditions = conditionsOf(kfld(old, "Conditions"));
  return r;
}
