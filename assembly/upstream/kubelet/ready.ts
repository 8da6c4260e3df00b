// status.GeneratePodReadyCondition (pkg/kubelet/status/generate.go) for kubelet minors 1.15-1.37:
// ContainersReady first (UnknownContainerStatuses, PodCompleted, 1.22+ PodFailed, ContainersNotReady
// with `containers with unknown status: [a b]` / `containers with unready status: [a b]`; 1.28+
// restartable init containers counted first), then the readiness gates (ReadinessGatesNotReady).
// 1.33+ fills observedGeneration (the pod's generation when PodObservedGenerationTracking is on or
// the old status' condition of that type carries one).

import { ReadyCondition } from "./model";
import { KubeletGates } from "./gates";
import { joinStrings } from "../../golang/join";

/** One v1.ContainerStatus as the ready condition reads it. */
export class KReadyStatus {
  constructor(public name: string, public ready: bool) {}
}

/** One v1.PodCondition as the ready condition reads it. */
export class KCondition {
  constructor(public type: string, public status: string, public observedGeneration: i64) {}
}

/** The inputs of GeneratePodReadyCondition. */
export class ReadyInput {
  generation: i64 = 0;
  containerNames: Array<string> = new Array<string>();
  /** Names of init containers with restartPolicy Always (sidecars), in spec order. */
  sidecarNames: Array<string> = new Array<string>();
  readinessGates: Array<string> = new Array<string>();
  /** pod.status.containerStatuses; null = nil. */
  statuses: Array<KReadyStatus> | null = null;
  conditions: Array<KCondition> = new Array<KCondition>();
  phase: string = "";
  /** The old pod status' conditions; null = no old status (nil). */
  oldConditions: Array<KCondition> | null = null;
}

/** Go's fmt %s of a []string: "[a b]". */
function goList(xs: Array<string>): string {
  return "[" + joinStrings(xs, " ") + "]";
}

/** The first status of each name (podutil.GetContainerStatus finds the first; a map instead of a scan per container). */
function firstStatuses(st: Array<KReadyStatus>): Map<string, KReadyStatus> {
  const m = new Map<string, KReadyStatus>();
  for (let i = 0; i < st.length; i++) if (!m.has(st[i].name)) m.set(st[i].name, st[i]);
  return m;
}

/** podutil.GetContainerStatus over `byName` (from firstStatuses): the first status of that name, or null. */
function findStatus(byName: Map<string, KReadyStatus>, name: string): KReadyStatus | null {
  return byName.has(name) ? byName.get(name) : null;
}

/** podutil.GetPodObservedGenerationIfEnabledOnCondition / CalculatePodConditionObservedGeneration. */
function observed(k: i32, in_: ReadyInput, type: string, g: KubeletGates): i64 {
  if (k < 33) return 0;
  const old = in_.oldConditions;
  if (old === null) return 0;
  if (g.podObservedGenerationTracking) return in_.generation;
  for (let i = 0; i < old.length; i++) {
    if (old[i].type == type && old[i].observedGeneration != 0) return in_.generation;
  }
  return 0;
}

/** GenerateContainersReadyCondition. */
function containersReady(k: i32, in_: ReadyInput, g: KubeletGates): ReadyCondition {
  const c = new ReadyCondition();
  c.type = "ContainersReady";
  c.observedGeneration = observed(k, in_, "ContainersReady", g);
  c.status = "False";
  const st = in_.statuses;
  if (st === null) { c.reason = "UnknownContainerStatuses"; return c; }
  const byName = firstStatuses(st);
  const unknown = new Array<string>();
  const unready = new Array<string>();
  if (k >= 28) {
    for (let i = 0; i < in_.sidecarNames.length; i++) {
      const s = findStatus(byName, in_.sidecarNames[i]);
      if (s === null) unknown.push(in_.sidecarNames[i]);
      else if (!s.ready) unready.push(in_.sidecarNames[i]);
    }
  }
  for (let i = 0; i < in_.containerNames.length; i++) {
    const s = findStatus(byName, in_.containerNames[i]);
    if (s === null) unknown.push(in_.containerNames[i]);
    else if (!s.ready) unready.push(in_.containerNames[i]);
  }
  if (in_.phase == "Succeeded" && unknown.length == 0) { c.reason = "PodCompleted"; return c; }
  if (k >= 22 && in_.phase == "Failed") { c.reason = "PodFailed"; return c; }
  const msgs = new Array<string>();
  if (unknown.length > 0) msgs.push("containers with unknown status: " + goList(unknown));
  if (unready.length > 0) msgs.push("containers with unready status: " + goList(unready));
  if (msgs.length > 0) {
    c.reason = "ContainersNotReady";
    c.message = joinStrings(msgs, ", ");
    return c;
  }
  c.status = "True";
  return c;
}

/** GeneratePodReadyCondition of kubelet minor `k`. */
export function generatePodReadyCondition(k: i32, in_: ReadyInput, g: KubeletGates): ReadyCondition {
  const cr = containersReady(k, in_, g);
  const r = new ReadyCondition();
  r.type = "Ready";
  r.observedGeneration = observed(k, in_, "Ready", g);
  if (cr.status != "True") {
    r.status = cr.status;
    r.reason = cr.reason;
    r.message = cr.message;
    return r;
  }
  const msgs = new Array<string>();
  const byType = new Map<string, KCondition>(); // the first condition of each type (GetPodCondition finds the first)
  for (let j = 0; j < in_.conditions.length; j++) if (!byType.has(in_.conditions[j].type)) byType.set(in_.conditions[j].type, in_.conditions[j]);
  for (let i = 0; i < in_.readinessGates.length; i++) {
    const t = in_.readinessGates[i];
    const found: KCondition | null = byType.has(t) ? byType.get(t) : null;
    if (found === null) msgs.push("corresponding condition of pod readiness gate " + goQuote(t) + " does not exist.");
    else if (found.status != "True") msgs.push("the status of pod readiness gate " + goQuote(t) + " is not \"True\", but " + found.status);
  }
  if (msgs.length > 0) {
    r.status = "False";
    r.reason = "ReadinessGatesNotReady";
    r.message = joinStrings(msgs, ", ");
    return r;
  }
  r.status = "True";
  return r;
}

const HEXD = "0123456789abcdef";

/** Go's %q (strconv.Quote) of a string: printable runes kept, others escaped (pieces joined once: linear). */
export function goQuote(s: string): string {
  const out = new Array<string>();
  out.push("\"");
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c >= 0xd800 && c < 0xdc00 && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d < 0xe000) { out.push(s.substring(i, i + 2)); i++; continue; }
    }
    if (c == 0x22) out.push("\\\"");
    else if (c == 0x5c) out.push("\\\\");
    else if (c >= 0x20 && c < 0x7f) out.push(String.fromCharCode(c));
    else if (c == 0x07) out.push("\\a");
    else if (c == 0x08) out.push("\\b");
    else if (c == 0x0c) out.push("\\f");
    else if (c == 0x0a) out.push("\\n");
    else if (c == 0x0d) out.push("\\r");
    else if (c == 0x09) out.push("\\t");
    else if (c == 0x0b) out.push("\\v");
    else if (c < 0x20 || c == 0x7f) out.push("\\x" + HEXD.charAt(c >> 4) + HEXD.charAt(c & 15));
    else out.push(String.fromCharCode(c));
  }
  out.push("\"");
  return joinStrings(out, "");
}

