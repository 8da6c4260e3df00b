// The OpenKruise kinds under InPlaceIfPossible / InPlaceOnly: the Kruise part's evaluateStrategy
// (assembly/upstream/kruise/inplaceupdate/strategy.ts: the InPlaceOnly webhooks, CalculateSpec on the revisions the
// controllers build, the controllers' strategy switch) on the stored templates, plus the Advanced
// StatefulSet webhook's readiness-gate rule (validatePodUpdatePolicy) and the Advanced DaemonSet's
// conditions (in place only with maxSurge 0). In place, the kubelet restarts the containers whose
// image changes; kruise-daemon restarts those whose env reads a changed label/annotation; cpu/memory
// are resized (a restart only when the container's resizePolicy says RestartContainer).

import { Tape, K_ARRAY, K_NUMBER, K_STRING, K_OBJECT } from "../json/tape";
import { hasError, fail, E_INTERNAL } from "../base/errors";
import { TV } from "../upstream/kruise/inplaceupdate/typed";
import { evaluateStrategy, StrategyResult, StoredText } from "../upstream/kruise/inplaceupdate/strategy";
import { Reason, REASON_ENV_METADATA } from "../upstream/kruise/inplaceupdate/reasons";
import { ResReq, UpdateSpec } from "../upstream/kruise/inplaceupdate/model";
import { Value } from "../json/value";
import { Stored, member, stringAt } from "../stored/stored";
import { VerdictOptions } from "./options";
import { heldTemplateOptions } from "./inplace";
import { templateOf } from "./native";
import { DiffOps } from "./diff";
import { Verdict, V_NONE, V_IN_PLACE, V_RECREATE, V_REJECTED, A_KEEP, A_RESTART, A_RECREATE } from "./result";
import { EFFECT_NONE, EFFECT_IN_PLACE, EFFECT_RESTART, EFFECT_RECREATE, EFFECT_REJECTED } from "../policy/levels";
import { KIND_CLONESET, KIND_ADVANCED_STATEFULSET, KIND_ADVANCED_DAEMONSET } from "./kinds";
import { kruisePodPatch } from "./podpatch";
import { kruiseResize } from "./kruiseresize";
import { KRUISE_GO } from "../base/pins";

/** spec.updateStrategy[.rollingUpdate].inPlaceUpdateStrategy.gracePeriodSeconds of a stored workload (0 when absent). */
function graceOf(kind: i32, t: Tape): i32 {
  let us = member(t, member(t, 0, "spec"), "updateStrategy");
  if (kind == KIND_ADVANCED_STATEFULSET) us = member(t, us, "rollingUpdate");
  const g = member(t, member(t, us, "inPlaceUpdateStrategy"), "gracePeriodSeconds");
  if (g < 0 || t.kind(g) != K_NUMBER) return 0;
  return I32.parseInt(String.UTF8.decodeUnsafe(t.ptr(g), <usize>t.len(g)));
}

/** True when the stored template lists the InPlaceUpdateReady readiness gate. */
function hasReadinessGate(t: Tape): bool {
  const gates = member(t, member(t, member(t, member(t, 0, "spec"), "template"), "spec"), "readinessGates");
  if (gates < 0 || t.kind(gates) != K_ARRAY) return false;
  let e = gates + 1;
  for (let i = 0; i < t.children(gates); i++) {
    if (stringAt(t, member(t, e, "conditionType")) == "InPlaceUpdateReady") return true;
    e = t.next(e);
  }
  return false;
}

/** The Advanced DaemonSet's rollingUpdate.maxSurge is set to something other than 0 / "0%". */
function adsSurges(t: Tape): bool {
  const ms = member(t, member(t, member(t, member(t, 0, "spec"), "updateStrategy"), "rollingUpdate"), "maxSurge");
  if (ms < 0) return false;
  if (t.kind(ms) == K_NUMBER) return String.UTF8.decodeUnsafe(t.ptr(ms), <usize>t.len(ms)) != "0";
  if (t.kind(ms) == K_STRING) { const s = stringAt(t, ms); return s != "0%" && s != "0"; }
  return false;
}

/**
 * The Kruise reasons by the diff paths they answer, relative to spec.template: a reason's own path and (webhook
 * reasons are relative to template.spec) "/spec" + it; the first reason of `rs` wins, as a scan in order would.
 */
function reasonIndex(rs: Array<Reason>): Map<string, Reason> {
  const m = new Map<string, Reason>();
  for (let i = 0; i < rs.length; i++) {
    const r = rs[i];
    if (!m.has(r.path)) m.set(r.path, r);
    const s = "/spec" + r.path;
    if (!m.has(s)) m.set(s, r);
  }
  return m;
}

/** The Kruise reason for diff path `p` (a /spec/template/... pointer), or null. */
function reasonFor(index: Map<string, Reason>, p: string): Reason | null {
  const q = p.substring(14); // strip "/spec/template"
  return index.has(q) ? index.get(q) : null;
}

/** The bytes of spec.template in a stored object's JSON, or null. */
function storedText(t: Tape): StoredText | null {
  const tn = member(t, member(t, 0, "spec"), "template");
  if (tn < 0 || t.kind(tn) != K_OBJECT) return null;
  const s = t.rawStart(tn);
  return new StoredText(t.src + <usize>s, t.rawEnd(tn) - s);
}

/** Decides for a Kruise kind under `strategy` (not ReCreate); `given`: the new object as the request gave it. */
export function kruiseVerdict(kind: i32, strategy: string, a: Stored, b: Stored, given: Value, diff: DiffOps, apiVersion: string, opts: VerdictOptions, v: Verdict): bool {
  const ta = templateOf(a.ty, a.value);
  const tt = ta.ty;
  const tb = templateOf(b.ty, b.value);
  // Advanced StatefulSet webhook: the in-place policies need the readiness gate in the template
  let changed = false;
  for (let i = 0; i < diff.length; i++) if (!(diff.paths[i] == "/status" || diff.paths[i].startsWith("/status/"))) changed = true;
  if (!changed) { v.verdict = V_NONE; return true; } // no update is sent
  // Advanced StatefulSet webhook (validatePodUpdatePolicy on the new spec): the whole update is refused
  if (kind == KIND_ADVANCED_STATEFULSET && !hasReadinessGate(b.tape)) {
    v.verdict = V_REJECTED;
    for (let i = 0; i < diff.length; i++) {
      const p = diff.paths[i];
      if (p == "/status" || p.startsWith("/status/")) continue;
      v.reason(p, EFFECT_REJECTED, "the Advanced StatefulSet webhook refuses the update: spec.template.spec.readinessGates: must contains InPlaceUpdateReady when podUpdatePolicy is " + strategy);
    }
    return true;
  }
  // the Advanced DaemonSet builds the same revision shape and has no strategy webhook: judged as a
  // v1beta1 CloneSet under InPlaceIfPossible (no webhook check either)
  const k = kind == KIND_ADVANCED_STATEFULSET ? "AdvancedStatefulSet" : "CloneSet";
  const apiV = kind != KIND_ADVANCED_DAEMONSET && apiVersion.endsWith("/v1alpha1") ? "v1alpha1" : "v1beta1";
  // stored templates: no second decode; read back as proven stored forms, json.Marshal of them is their stored text
  let at: StoredText | null = null, bt: StoredText | null = null;
  if (a.proven && b.proven && opts.go == KRUISE_GO) { // the stores' Go is the one strategy.ts encodes with
    at = storedText(a.tape);
    bt = at === null ? null : storedText(b.tape);
    if (bt === null) at = null;
  }
  const oldT = new TV(tt, ta.v), newT = new TV(tt, tb.v);
  const r = evaluateStrategy(k, apiV, strategy, oldT, newT, "<pod>", heldTemplateOptions(opts.kruise, graceOf(kind, b.tape), opts.exact, oldT, newT), at, bt);
  if (r === null) { if (!hasError()) fail(E_INTERNAL, "the templates cannot be compared"); return false; }
  if (hasError()) return false;
  let outcome = r.outcome;
  let surge = false;
  if (kind == KIND_ADVANCED_DAEMONSET && outcome == "in-place" && adsSurges(b.tape)) { outcome = "recreate"; surge = true; }
  if (!applyOutcome(outcome, r, diff, surge, b.tape, v)) return false;
  const sr = r.spec;
  const now = opts.now;
  if (outcome != "in-place" || sr === null || sr.spec === null) return true;
  if (now !== null && !kruisePodPatch(kind, a, b, given, sr.spec!, now, KRUISE_GO, opts, v)) return false;
  return kruiseResize(a, sr.spec!, opts, v);
}

function applyOutcome(outcome: string, r: StrategyResult, diff: DiffOps, surge: bool, t: Tape, v: Verdict): bool {
  const sr = r.spec;
  const rs: Array<Reason> = sr === null ? new Array<Reason>() : sr.reasons;
  let spec: UpdateSpec | null = null;
  if (sr !== null) spec = sr.spec;
  if (outcome == "none") v.verdict = V_NONE;
  else if (outcome == "in-place") v.verdict = V_IN_PLACE;
  else if (outcome == "recreate") v.verdict = V_RECREATE;
  else v.verdict = V_REJECTED;
  // containers: recreate all, or in place: restart those whose image or env-from-metadata changes
  for (let i = 0; i < v.names.length; i++) {
    if (v.verdict == V_RECREATE) v.actions[i] = A_RECREATE;
    else if (v.verdict == V_IN_PLACE && !v.init[i] && spec !== null && restarts(spec, t, v.names[i])) v.actions[i] = A_RESTART;
    else v.actions[i] = A_KEEP;
  }
  const index = reasonIndex(rs);
  for (let i = 0; i < diff.length; i++) {
    const p = diff.paths[i];
    if (p == "/status" || p.startsWith("/status/")) continue;
    if (!(p == "/spec/template" || p.startsWith("/spec/template/"))) {
      v.reason(p, EFFECT_NONE, "outside the pod template: running pods are not changed");
      continue;
    }
    if (outcome == "none") { v.reason(p, EFFECT_NONE, "same revision: pods are kept"); continue; }
    const kr = reasonFor(index, p);
    if (outcome == "rejected" && kr !== null && !kr.inPlace) { v.reason(p, EFFECT_REJECTED, r.message); continue; }
    if (outcome == "rejected" && kr === null) {
      const img = p.startsWith("/spec/template/spec/containers/") && p.endsWith("/image");
      v.reason(p, img ? EFFECT_RESTART : EFFECT_IN_PLACE, "allowed by the InPlaceOnly webhook on its own; the update as a whole is rejected");
      continue;
    }
    if (outcome == "stuck" && (kr === null || !kr.inPlace)) {
      v.reason(p, EFFECT_REJECTED, (kr === null ? "" : kr.message + "; ") + "InPlaceOnly: the controller stops: " + r.controllerError);
      continue;
    }
    if (surge) { v.reason(p, EFFECT_RECREATE, "maxSurge is set: the Advanced DaemonSet surges new pods instead of updating in place"); continue; }
    if (kr === null || !kr.inPlace) { v.reason(p, EFFECT_RECREATE, kr === null ? "recreate" : kr.message); continue; }
    // a change Kruise can apply in place: its own effect (the pod may still be recreated for another path)
    const daemon = kr.code == REASON_ENV_METADATA; // kruise-daemon restarts the containers whose env reads it
    const own = daemon || (p.startsWith("/spec/template/spec/containers/") && p.endsWith("/image")) ? EFFECT_RESTART : EFFECT_IN_PLACE;
    const tail = own == EFFECT_RESTART && !daemon ? "; the kubelet restarts the container" : "";
    v.reason(p, own, kr.message + tail + (outcome == "in-place" ? "" : " (on its own; the update as a whole is " + (outcome == "stuck" ? "stuck" : outcome) + ")"));
  }
  return true;
}

/** True when container `name` restarts for in-place update spec `s` (image, env from metadata, or a resize it restarts for). */
function restarts(s: UpdateSpec, t: Tape, name: string): bool {
  if (s.containerImages.has(name) || s.containerRefMetadata.has(name)) return true;
  return s.containerResources.has(name) && resizeRestarts(t, name, s.containerResources.get(name));
}

/** True when the stored template's container `name` has resizePolicy RestartContainer for a resource in `res`. */
function resizeRestarts(t: Tape, name: string, res: ResReq): bool {
  const list = member(t, member(t, member(t, member(t, 0, "spec"), "template"), "spec"), "containers");
  if (list < 0 || t.kind(list) != K_ARRAY) return false;
  let e = list + 1;
  for (let i = 0; i < t.children(list); i++) {
    if (stringAt(t, member(t, e, "name")) == name) {
      const rp = member(t, e, "resizePolicy");
      if (rp < 0 || t.kind(rp) != K_ARRAY) return false;
      let x = rp + 1;
      for (let j = 0; j < t.children(rp); j++) {
        const rn = stringAt(t, member(t, x, "resourceName"));
        if (stringAt(t, member(t, x, "restartPolicy")) == "RestartContainer" && rn !== null &&
          ((res.limits !== null && res.limits!.get(rn) !== null) || (res.requests !== null && res.requests!.get(rn) !== null))) return true;
        x = t.next(x);
      }
      return false;
    }
    e = t.next(e);
  }
  return false;
}
