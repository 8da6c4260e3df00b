// A Pod as the rollout planners see it: the fields the upstream controllers read, taken once from the
// request's Pod objects (metadata.name/labels/annotations/creationTimestamp/deletionTimestamp,
// spec.nodeName/readinessGates/initContainers/affinity, status.phase/conditions/container statuses).

import { Tape, K_STRING } from "../json/tape";
import { Obj, StrMap, strAt, asciiIs, bad } from "./objects";
import { GoTime } from "./gotime";

/** Condition states: absent, True, anything else. */
export const COND_NONE: i32 = 0;
export const COND_TRUE: i32 = 1;
export const COND_OTHER: i32 = 2;

export const LABEL_REVISION = "controller-revision-hash";
export const LABEL_LIFECYCLE = "lifecycle.apps.kruise.io/state";
export const LABEL_SPECIFIED_DELETE = "apps.kruise.io/specified-delete";
export const COND_INPLACE_READY = "InPlaceUpdateReady";
/** Pod.ordinal before it is read. */
export const ORDINAL_UNREAD: i64 = -2;

/** One pod. */
export class Pod {
  /** Position in the request's pod list. */
  idx: i32 = 0;
  /** A JSON null in the pod list: Go's nil pod (a placeholder the sorters skip). */
  nil: bool = false;
  name: string = "";
  uid: string = "";
  labels: StrMap = new StrMap();
  annotations: StrMap = new StrMap();
  finalizers: Array<string> | null = null;
  created: GoTime;
  deleting: bool = false;
  nodeName: string = "";
  /** The node a DaemonSet pod belongs to (spec.nodeName, else its required node affinity); "" when none. */
  targetNode: string = "";
  phase: string = "";
  /** ActivePods' phase rank: Pending (and any phase but Unknown and Running) 0, Unknown 1, Running 2. */
  phaseOrd: i32 = 0;
  /** First Ready condition: COND_*, and its lastTransitionTime. */
  ready: i32 = COND_NONE;
  readyTransition: GoTime;
  /** lastTransitionTime of the first Ready condition whose status is True (podReadyTime). */
  readySince: GoTime;
  /** First InPlaceUpdateReady condition (COND_*). */
  inPlaceReady: i32 = COND_NONE;
  /** spec.readinessGates holds InPlaceUpdateReady. */
  inPlaceGate: bool = false;
  /** Highest restart count of the regular containers, and of the restartable (sidecar) init containers. */
  restarts: i32 = 0;
  sidecarRestarts: i32 = 0;
  /** The StatefulSet ordinal of the name (statefulset.ts podOrdinal), read once; ORDINAL_UNREAD until then. */
  ordinal: i64 = ORDINAL_UNREAD;
  /** Simulation only: Unix second at which the pod becomes Ready (-1: not pending), and a pod that never does. */
  simReadyAt: i64 = -1;
  simFailed: bool = false;

  /** A pod with zero times (`zero`: a shared zero time, to spare allocations when reading many pods). */
  constructor(zero: GoTime | null = null) {
    const z = zero !== null ? zero : new GoTime();
    this.created = z;
    this.readyTransition = z;
    this.readySince = z;
  }

  private finalizerSet: Set<string> | null = null;

  /** True when the pod carries finalizer `f` (controllerutil.ContainsFinalizer). */
  hasFinalizer(f: string): bool {
    const fs = this.finalizers;
    if (fs === null) return false;
    if (fs.length <= 8) return fs.includes(f);
    let s = this.finalizerSet;
    if (s === null) {
      s = new Set<string>();
      for (let i = 0; i < fs.length; i++) s.add(fs[i]);
      this.finalizerSet = s;
    }
    return s.has(f);
  }

  /** The controller-revision-hash label ("" when absent), kept in step with `labels` by setLabel. */
  revision: string = "";
  /** The Kruise lifecycle state label ("" when absent). */
  lifecycle: string = "";

  /** Sets a label (and the cached revision / lifecycle state). */
  setLabel(k: string, v: string): void {
    this.labels.set(k, v);
    this.cacheLabels();
  }

  /** Refreshes the cached label values. */
  cacheLabels(): void {
    this.revision = this.labels.at(LABEL_REVISION);
    this.lifecycle = this.labels.at(LABEL_LIFECYCLE);
  }
  /** podutil.IsPodReady. */
  get isReady(): bool { return this.ready == COND_TRUE; }
  /** Scheduled (spec.nodeName set). */
  get assigned(): bool { return this.nodeName.length > 0; }
}

/** The member names readPod looks up, and scratch arrays for their value nodes (made once per pod list). */
export class PodKeys {
  top: Array<string> = ["metadata", "spec", "status"];
  meta: Array<string> = ["name", "uid", "labels", "annotations", "creationTimestamp", "deletionTimestamp", "finalizers"];
  spec: Array<string> = ["nodeName", "readinessGates", "initContainers", "affinity"];
  status: Array<string> = ["phase", "conditions", "containerStatuses", "initContainerStatuses"];
  cond: Array<string> = ["type", "status", "lastTransitionTime"];
  topV: Array<i32> = new Array<i32>(3);
  metaV: Array<i32> = new Array<i32>(7);
  specV: Array<i32> = new Array<i32>(4);
  statusV: Array<i32> = new Array<i32>(4);
  condV: Array<i32> = new Array<i32>(3);
  zero: GoTime = new GoTime();
}

/** Reads pod object `o` (request element `idx`). */
export function readPod(o: Obj, idx: i32, keys: PodKeys = new PodKeys()): Pod {
  const p = new Pod(keys.zero);
  p.idx = idx;
  const t = o.t;
  const top = o.scan(keys.top, keys.topV);
  const md = o.objAt(top[0], "metadata");
  const mv = md.scan(keys.meta, keys.metaV);
  p.name = md.strNode(mv[0], "name");
  p.uid = md.strNode(mv[1], "uid");
  p.labels = md.mapAt(mv[2], "labels");
  p.cacheLabels();
  p.annotations = md.mapAt(mv[3], "annotations");
  p.created = md.timeAt(mv[4], "creationTimestamp");
  p.deleting = mv[5] >= 0;
  if (p.deleting) md.timeAt(mv[5], "deletionTimestamp");
  if (mv[6] >= 0) {
    const fs = md.strsAt(mv[6], "finalizers");
    if (fs.length > 0) p.finalizers = fs;
  }
  const spec = o.objAt(top[1], "spec");
  const sv = spec.scan(keys.spec, keys.specV);
  p.nodeName = spec.strNode(sv[0], "nodeName");
  const byAffinity = sv[3] >= 0 ? affinityNode(spec) : "";
  p.targetNode = p.nodeName.length > 0 ? p.nodeName : byAffinity;
  const gates = spec.arrAt(sv[1], "readinessGates");
  if (gates >= 0) {
    const n = t.children(gates);
    let e = gates + 1;
    for (let k = 0; k < n; k++) {
      const g = spec.elem(e, "readinessGates", k);
      if (g.present && g.strIs("conditionType", COND_INPLACE_READY)) p.inPlaceGate = true;
      e = t.next(e);
    }
  }
  // restartable init containers (restartPolicy: Always) are sidecars
  let sidecars: Set<string> | null = null;
  const inits = spec.arrAt(sv[2], "initContainers");
  if (inits >= 0) {
    const n = t.children(inits);
    let e = inits + 1;
    for (let k = 0; k < n; k++) {
      const c = spec.elem(e, "initContainers", k);
      if (c.present && c.strIs("restartPolicy", "Always")) {
        if (sidecars === null) sidecars = new Set<string>();
        sidecars.add(c.str("name"));
      }
      e = t.next(e);
    }
  }
  const st = o.objAt(top[2], "status");
  const stv = st.scan(keys.status, keys.statusV);
  p.phase = st.strNode(stv[0], "phase");
  p.phaseOrd = phaseOrdinal(p.phase);
  const conds = st.arrAt(stv[1], "conditions");
  if (conds >= 0) {
    const n = t.children(conds);
    let e = conds + 1;
    let sawReadyTrue = false;
    for (let k = 0; k < n; k++) {
      const c = st.elem(e, "conditions", k);
      e = t.next(e);
      if (!c.present) continue;
      const cv = c.scan(keys.cond, keys.condV);
      const type = cv[0];
      if (type >= 0 && t.kind(type) != K_STRING) bad(c.sub("type"), "a string");
      if (cv[1] >= 0 && t.kind(cv[1]) != K_STRING) bad(c.sub("status"), "a string");
      if (type >= 0 && t.kind(type) == K_STRING && asciiIs(t, type, "Ready")) {
        const isTrue = cv[1] >= 0 && t.kind(cv[1]) == K_STRING && asciiIs(t, cv[1], "True");
        const first = p.ready == COND_NONE;
        let read = false;
        if (first) {
          p.ready = isTrue ? COND_TRUE : COND_OTHER;
          p.readyTransition = c.timeAt(cv[2], "lastTransitionTime");
          read = true;
        }
        if (!sawReadyTrue && isTrue) {
          sawReadyTrue = true;
          // the first Ready condition that is True (the same node as readyTransition when that one is True)
          p.readySince = p.ready == COND_TRUE && first ? p.readyTransition : c.timeAt(cv[2], "lastTransitionTime");
          read = true;
        }
        if (read) continue;
      } else if (p.inPlaceReady == COND_NONE && type >= 0 && t.kind(type) == K_STRING && asciiIs(t, type, COND_INPLACE_READY)) {
        p.inPlaceReady = cv[1] >= 0 && t.kind(cv[1]) == K_STRING && asciiIs(t, cv[1], "True") ? COND_TRUE : COND_OTHER;
      }
      // a time the decoder would refuse is refused here too, whichever condition holds it
      if (cv[2] >= 0) c.timeAt(cv[2], "lastTransitionTime");
    }
  }
  p.restarts = maxRestarts(st, st.arrAt(stv[2], "containerStatuses"), "containerStatuses", null);
  if (sidecars !== null) p.sidecarRestarts = maxRestarts(st, st.arrAt(stv[3], "initContainerStatuses"), "initContainerStatuses", sidecars);
  return p;
}

/** Highest restartCount in the container status array `a` (only the named containers when `names` is given). */
function maxRestarts(st: Obj, a: i32, name: string, names: Set<string> | null): i32 {
  if (a < 0) return 0;
  const t = st.t;
  let best = 0;
  const n = t.children(a);
  let e = a + 1;
  for (let k = 0; k < n; k++) {
    const c = st.elem(e, name, k);
    e = t.next(e);
    if (!c.present) continue;
    const cname = c.str("name");
    if (names !== null && !names.has(cname)) continue;
    const r = <i32>c.int("restartCount", 0);
    if (r > best) best = r;
  }
  return best;
}

/** k8s daemon util.GetTargetNodeName for an unscheduled pod: the first `metadata.name In [node]` match field (every term is read). */
function affinityNode(spec: Obj): string {
  const terms = spec.obj("affinity").obj("nodeAffinity").obj("requiredDuringSchedulingIgnoredDuringExecution");
  const ta = terms.arr("nodeSelectorTerms");
  if (ta < 0) return "";
  const t = spec.t;
  let node: string | null = null;
  const n = t.children(ta);
  let e = ta + 1;
  for (let k = 0; k < n; k++) {
    const term = terms.elem(e, "nodeSelectorTerms", k);
    e = t.next(e);
    const fa = term.arr("matchFields");
    if (fa < 0) continue;
    const m = t.children(fa);
    let f = fa + 1;
    for (let j = 0; j < m; j++) {
      const ex = term.elem(f, "matchFields", j);
      f = t.next(f);
      const key = ex.str("key");
      const op = ex.str("operator");
      const values = ex.strs("values");
      if (node === null && key == "metadata.name" && op == "In") node = values.length == 1 ? values[0] : "";
    }
  }
  return node === null ? "" : node;
}

/** Reads the pod array node `a` of tape `t` (request path `path`). */
export function readPodsAt(t: Tape, a: i32, path: string): Array<Pod> {
  const pods = new Array<Pod>();
  if (a < 0) return pods;
  const holder = new Obj(t, -1, "");
  const keys = new PodKeys();
  const n = t.children(a);
  let e = a + 1;
  for (let k = 0; k < n; k++) {
    const po = holder.elem(e, path, k);
    e = t.next(e);
    const p = po.present ? readPod(po, k, keys) : new Pod();
    p.idx = k;
    p.nil = !po.present;
    pods.push(p);
  }
  return pods;
}

/** The phase's ActivePods rank (Go's map lookup: unknown phases count as Pending). */
export function phaseOrdinal(phase: string): i32 {
  if (phase == "Unknown") return 1;
  if (phase == "Running") return 2;
  return 0;
}
