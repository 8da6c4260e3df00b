// Kinds whose controllers replace pods whenever the pod template changes: Deployment (a template not
// Semantic.DeepEqual to any ReplicaSet's, pod-template-hash label ignored, gets a new ReplicaSet — the
// controller's EqualIgnoreHash), StatefulSet and DaemonSet (a new ControllerRevision when getPatch's
// bytes differ; pods whose controller-revision-hash differs are deleted and created again), ReplicaSet
// (never updates running pods: only pods it creates later get the new template), and the OpenKruise
// kinds under the ReCreate strategy (their revision data is the same getPatch shape).

import { Tape } from "../json/tape";
import { hasError } from "../base/errors";
import { Val, MapV, StructV } from "../typed/value";
import { statefulSetRevision } from "../upstream/kubernetes/revision";
import { fieldCount, fieldType, fieldIndex } from "../schema/schema";
import { Stored, field, Field, member, stringAt, slot } from "../stored/stored";
import { semanticEqual } from "./semantic";
import { DiffOps } from "./diff";
import { Verdict, V_NONE, V_RECREATE, A_KEEP, A_RECREATE } from "./result";
import { EFFECT_NONE, EFFECT_RECREATE } from "../policy/levels";
import {
  KIND_DEPLOYMENT, KIND_STATEFULSET, KIND_DAEMONSET, KIND_REPLICASET, KIND_CLONESET, KIND_ADVANCED_STATEFULSET,
  KIND_ADVANCED_DAEMONSET, kindName,
} from "./kinds";

/** The template of a workload value (type `ty`), with its type. */
export function templateOf(ty: i32, v: Val | null): Field {
  const spec = field(ty, v, "Spec");
  return field(spec.ty, spec.v, "Template");
}

/** Semantic.DeepEqual of two ObjectMeta values with label `skip` removed from both (EqualIgnoreHash). */
function metaEqualIgnoring(ty: i32, a: Val | null, b: Val | null, skip: string): bool {
  const n = fieldCount(ty);
  const li = fieldIndex(ty, "Labels");
  for (let i = 0; i < n; i++) {
    const fa = slot(a, i);
    const fb = slot(b, i);
    if (i == li) {
      if (!semanticEqual(fieldType(ty, i), withoutKey(fa, skip), withoutKey(fb, skip))) return false;
    } else if (!semanticEqual(fieldType(ty, i), fa, fb)) return false;
  }
  return true;
}

/** A copy of map `m` without key `skip` (all duplicates of it). */
function withoutKey(m: Val | null, skip: string): Val | null {
  if (m === null) return null;
  const src = changetype<MapV>(m);
  const out = new MapV(src.t);
  const sb = String.UTF8.encode(skip);
  const sn = sb.byteLength;
  for (let i = 0; i < src.vals.length; i++) {
    if (src.keyN[i] == sn && memory.compare(src.keyP[i], changetype<usize>(sb), <usize>sn) == 0) continue;
    out.keyP.push(src.keyP[i]);
    out.keyN.push(src.keyN[i]);
    out.vals.push(src.vals[i]);
  }
  return out;
}

/** deploymentutil.EqualIgnoreHash of the two stored workloads' templates. */
function equalIgnoreHash(a: Stored, b: Stored): bool {
  const at = templateOf(a.ty, a.value);
  const tt = at.ty;
  const ta = at.v;
  const tb = templateOf(b.ty, b.value).v;
  const mi = fieldIndex(tt, "ObjectMeta");
  const si = fieldIndex(tt, "Spec");
  const ma = slot(ta, mi);
  const mb = slot(tb, mi);
  if (!metaEqualIgnoring(fieldType(tt, mi), ma, mb, "pod-template-hash")) return false;
  const sa = slot(ta, si);
  const sb = slot(tb, si);
  return semanticEqual(fieldType(tt, si), sa, sb);
}

/** True when the revision data (getPatch bytes) of both stored workloads are equal; false with an error recorded on failure. */
function sameRevisionData(a: Stored, b: Stored, go: i32): bool {
  const ra = statefulSetRevision(a.ty, a.value, go, true, 0);
  if (ra === null || hasError()) return false;
  const rb = statefulSetRevision(b.ty, b.value, go, true, 0);
  if (rb === null || hasError()) return false;
  return ra.data.len == rb.data.len && memory.compare(ra.data.ptr, rb.data.ptr, <usize>ra.data.len) == 0;
}

/** updateStrategy.type of a stored workload ("" when absent). */
export function updateStrategyType(t: Tape): string {
  const us = member(t, member(t, 0, "spec"), "updateStrategy");
  const s = stringAt(t, member(t, us, "type"));
  return s === null ? "" : s;
}

/** True when the templates are equal for the controller of `kind` (its own comparison). */
export function templatesEqual(kind: i32, a: Stored, b: Stored, go: i32): bool {
  if (kind == KIND_DEPLOYMENT) return equalIgnoreHash(a, b);
  if (kind == KIND_REPLICASET) {
    const ta = templateOf(a.ty, a.value);
    return semanticEqual(ta.ty, ta.v, templateOf(b.ty, b.value).v);
  }
  return sameRevisionData(a, b, go);
}

/** The message for a template change of `kind` (OnDelete and ReplicaSet say when pods actually change). */
function recreateMessage(kind: i32, t: Tape): string {
  const onDelete = updateStrategyType(t) == "OnDelete";
  if (kind == KIND_DEPLOYMENT) return "pod template changed: the Deployment controller creates a new ReplicaSet (new pod-template-hash) and replaces every pod";
  if (kind == KIND_REPLICASET) return "pod template changed: the ReplicaSet controller never updates running pods; only pods it creates from now on (after a deletion or a scale-up) get the new template";
  if (kind == KIND_CLONESET || kind == KIND_ADVANCED_STATEFULSET || kind == KIND_ADVANCED_DAEMONSET) {
    return "pod template changed: new revision; strategy ReCreate deletes each pod and creates it again from the new revision";
  }
  const who = kind == KIND_STATEFULSET ? "StatefulSet" : "DaemonSet";
  if (onDelete) return "pod template changed: new ControllerRevision; updateStrategy OnDelete: the " + who + " controller recreates each pod from it only after the pod is deleted";
  return "pod template changed: new ControllerRevision; the " + who + " controller deletes each pod and creates it again from the new revision";
}

/** Decides for a template-replacing kind; `diff` is the whole-object diff. */
export function nativeVerdict(kind: i32, a: Stored, b: Stored, diff: DiffOps, go: i32, v: Verdict): bool {
  const equal = templatesEqual(kind, a, b, go);
  if (hasError()) return false;
  v.verdict = equal ? V_NONE : V_RECREATE;
  v.allContainers(equal ? A_KEEP : A_RECREATE);
  const msg = recreateMessage(kind, b.tape);
  for (let i = 0; i < diff.length; i++) {
    const p = diff.paths[i];
    if (p == "/status" || p.startsWith("/status/")) continue;
    if (p == "/spec/template" || p.startsWith("/spec/template/")) {
      if (equal) v.reason(p, EFFECT_NONE, "semantically equal for the " + kindName(kind) + " controller: no new revision, pods are kept");
      else v.reason(p, EFFECT_RECREATE, msg);
    } else {
      v.reason(p, EFFECT_NONE, "outside the pod template: running pods are not changed");
    }
  }
  return true;
}
