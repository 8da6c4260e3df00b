// The verdict: from an old and a new workload (any of the eight kinds) and the versions, what happens
// to its pods — none, in-place (per container: keep or restart), recreate, or rejected — every reason
// tied to a JSON pointer into the workload, and the patches. Both objects are first read as the
// cluster holds them (decoded by the API server of the minor, stored, read back).
//
// Kinds answered so far: Deployment, StatefulSet, DaemonSet, ReplicaSet (any template change
// recreates pods; none when the controller's own comparison finds the templates equal), Pods (API
// server validation, then the kubelet's container hashes: pod.ts) and the OpenKruise kinds (ReCreate
// like the native kinds; InPlaceIfPossible / InPlaceOnly through the Kruise part: kruise.ts).

import { fail, hasError, E_BAD_REQUEST, E_LIMIT } from "../base/errors";
import { Tape } from "../json/tape";
import { Value } from "../json/value";
import { requestType } from "../typed/types";
import { Stored, storeObject, member, stringAt, defaultGatesOf } from "../stored/stored";
import { diffNodes, DiffOps } from "./diff";
import { Verdict, A_KEEP } from "./result";
import { nativeVerdict } from "./native";
import { podVerdict } from "./pod";
import { kruiseVerdict } from "./kruise";
import { kruiseControllerType } from "../typed/kruisetypes";
import { templatePatches } from "./patches";
import { VerdictOptions } from "./options";
import {
  KIND_POD, KIND_CLONESET, KIND_ADVANCED_STATEFULSET, KIND_ADVANCED_DAEMONSET, kindName, kindByName, kindOfObject,
  ObjectKind, isKruise, isNative,
} from "./kinds";
import { beforeUpdate } from "../upstream/kubernetes/registry/appsupdate";
import { DEFAULT_MAX_ERROR_BYTES, ErrList } from "../upstream/kubernetes/validation/errlist";
import { rejectedBy, fieldPathToPointer } from "./pod";
import { decodePair, ObjectNode } from "../upstream/kruise/webhook/objects";
import { admitUpdate, namespaceMatches, AdmissionResult } from "../upstream/kruise/webhook/admission";
import { Webhook } from "../upstream/kruise/webhook/common";
import { PodLookup } from "../upstream/kruise/webhook/pods";
import { FV_IGNORE, FV_STRICT } from "./options";
import { joinStrings } from "../golang/join";
import { V_REJECTED } from "./result";
import { EFFECT_REJECTED, EFFECT_NONE } from "../policy/levels";
import { defaultGoOf, KRUISE_GO, K8S_MODELLED_MIN } from "../base/pins";

/** The workload kind (or a Kruise strategy of it) is not answered by the verdict; the message names it. */
export const E_UNSUPPORTED_KIND = "E_UNSUPPORTED_KIND";

/** Everything the verdict read and computed, for the ops that build on it (policy.check). */
export class VerdictRun {
  kind: i32 = 0;
  opts: VerdictOptions = new VerdictOptions();
  old: Stored | null = null;
  new: Stored | null = null;
  diff: DiffOps | null = null;
  verdict: Verdict = new Verdict();
}

const KNOWN = "Pod, Deployment, StatefulSet, DaemonSet, ReplicaSet, CloneSet, AdvancedStatefulSet (apps.kruise.io StatefulSet), AdvancedDaemonSet (apps.kruise.io DaemonSet)";

/**
 * The kind of the verdict: the request's `kind` field when given (`kindField`, non-null), else the objects'
 * apiVersion/kind (which must agree); -1 with an error.
 */
export function verdictKind(kindField: string | null, a: Tape, ai: i32, b: Tape, bi: i32): i32 {
  if (kindField !== null) {
    const k = kindByName(kindField);
    if (k < 0) { fail(E_UNSUPPORTED_KIND, "kind \"" + kindField + "\" is not supported (supported: " + KNOWN + ")", -1, "kind"); return -1; }
    return k;
  }
  const ka = kindOfObject(a, ai);
  if (ka.kind < 0) return unknownKind("old", ka);
  const kb = kindOfObject(b, bi);
  if (kb.kind < 0) return unknownKind("new", kb);
  if (ka.kind != kb.kind) {
    fail(E_BAD_REQUEST, "old is a " + kindName(ka.kind) + " but new is a " + kindName(kb.kind), -1, "new.kind");
    return -1;
  }
  return ka.kind;
}

/** Records why object `field` has no kind the verdict knows (`seen`: what it says); -1. */
function unknownKind(field: string, seen: ObjectKind): i32 {
  if (seen.name.length == 0) {
    fail(E_BAD_REQUEST, "missing \"kind\" in " + field + " (or give the request field \"kind\")", -1, field + ".kind");
  } else {
    fail(E_UNSUPPORTED_KIND, "kind \"" + seen.name + "\" (apiVersion \"" + seen.apiVersion +
      "\") is not supported (supported: " + KNOWN + ")", -1, field + ".kind");
  }
  return -1;
}

/** The Go release a verdict of kind `kind` at Kubernetes `minor` decodes and encodes with: the minor's release build, or Kruise's. */
export function verdictGo(kind: i32, minor: i32): i32 {
  return isKruise(kind) ? KRUISE_GO : defaultGoOf(minor);
}

/** The Kruise strategy of a stored workload of kind `kind`: the object's own, or "ReCreate" by default. */
export function kruiseStrategy(kind: i32, t: Tape): string {
  const spec = member(t, 0, "spec");
  const us = member(t, spec, "updateStrategy");
  let s: string | null = null;
  if (kind == KIND_CLONESET) {
    // v1beta1 names the in-place policy in rollingUpdate.podUpdatePolicy (its type is RollingUpdate or OnDelete)
    const av = stringAt(t, member(t, 0, "apiVersion"));
    s = av !== null && av == "apps.kruise.io/v1beta1" ? stringAt(t, member(t, member(t, us, "rollingUpdate"), "podUpdatePolicy")) : stringAt(t, member(t, us, "type"));
  }
  else if (kind == KIND_ADVANCED_STATEFULSET) s = stringAt(t, member(t, member(t, us, "rollingUpdate"), "podUpdatePolicy"));
  else if (kind == KIND_ADVANCED_DAEMONSET) {
    s = stringAt(t, member(t, member(t, us, "rollingUpdate"), "rollingUpdateType"));
    if (s !== null && s != "InPlaceIfPossible") s = "ReCreate";
  }
  return s === null || s.length == 0 ? "ReCreate" : s;
}

/** Adds every container of the stored template node `tmpl` (init containers first) with action keep. */
function listContainers(t: Tape, tmpl: i32, v: Verdict): void {
  const spec = member(t, tmpl, "spec");
  for (let pass = 0; pass < 2; pass++) {
    const list = member(t, spec, pass == 0 ? "initContainers" : "containers");
    if (list < 0 || t.kind(list) != 5) continue;
    const n = t.children(list);
    let e = list + 1;
    for (let i = 0; i < n; i++) {
      const name = stringAt(t, member(t, e, "name"));
      v.container(name === null ? "" : name, A_KEEP, pass == 0);
      e = t.next(e);
    }
  }
}

/** The template node of a stored object of kind `kind` (the object itself for a Pod); -1 when absent. */
function templateNode(kind: i32, t: Tape): i32 {
  if (kind == KIND_POD) return 0;
  return member(t, member(t, 0, "spec"), "template");
}

/** Runs the verdict of kind `kind` (verdictKind) from `ov` to `nv` under `opts`; null with an error recorded. */
export function runVerdict(ov: Value, nv: Value, kind: i32, opts: VerdictOptions): VerdictRun | null {
  const run = new VerdictRun();
  run.kind = kind;
  run.opts = opts;
  // an OpenKruise kind: the types of the release's controllers (v1alpha1 CloneSet / DaemonSet before v1.9)
  const ty = isKruise(kind) ? kruiseControllerType(kindName(kind), opts.kruise.minor) : requestType(kindName(kind), opts.minor);
  if (ty < 0) return unsupported(kindName(kind) + " is not available at kubernetes 1." + opts.minor.toString(), "kubernetes");
  if (kind == KIND_POD && opts.minor < 15) return unsupported("Pod verdicts need pod update validation, answered for kubernetes 1.15 and later", "kubernetes");
  const defaults: string | null = opts.applyDefaults ? kindName(kind) : null;
  // the read-back values may share parts with the API server's decode, which only the Pod verdict reads (and changes)
  const share = kind != KIND_POD;
  // the API server defaults with its feature gates: the request's
  const dg = defaultGatesOf(opts.k8sGates, opts.minor);
  const a = storeObject(ov, ty, opts.minor, opts.go, "old", defaults, share, opts.exact, null, dg);
  if (a === null) return null;
  const warned = opts.fieldValidation != FV_IGNORE ? new Array<string>() : null;
  const b = storeObject(nv, ty, opts.minor, opts.go, "new", defaults, share, opts.exact, warned, dg);
  if (b === null) return null;
  run.old = a;
  run.new = b;
  const v = run.verdict;
  v.kind = kind;
  if (isKruise(kind)) {
    const strategy = opts.strategy.length > 0 ? opts.strategy : kruiseStrategy(kind, b.tape);
    v.strategy = strategy;
    if (kind == KIND_ADVANCED_DAEMONSET && strategy == "InPlaceOnly") {
      fail(E_BAD_REQUEST, "an Advanced DaemonSet has no InPlaceOnly strategy (ReCreate or InPlaceIfPossible)", -1, "strategy");
      return null;
    }
  }
  const diff = diffNodes(a.tape, 0, b.tape, 0, opts.go);
  if (diff === null) return null;
  run.diff = diff;
  const ta = templateNode(kind, a.tape);
  const tb = templateNode(kind, b.tape);
  if (ta < 0 || tb < 0) { fail(E_BAD_REQUEST, "the workload has no spec.template", -1, ta < 0 ? "old" : "new"); return null; }
  listContainers(b.tape, tb, v);
  if (warned !== null) {
    // the request body's unknown and duplicate fields (its decode's texts): warned (Warn) or refused (Strict) by the API server
    const w = warned;
    if (w.length > 0 && opts.fieldValidation == FV_STRICT) {
      const name = kindName(kind);
      v.rejection = name + " in version \"v1\" cannot be handled as a " + name + ": strict decoding error: " + joinStrings(w, ", ");
      for (let i = 0; i < w.length; i++) v.reason(warningPointer(w[i]), EFFECT_REJECTED, w[i]);
      v.verdict = V_REJECTED;
      if (!templatePatches(a.tape, ta, b.tape, tb, kind == KIND_POD, opts.minor, opts.go, v)) return null;
      return hasError() ? null : run;
    }
    v.warnings = w;
  }
  if (isNative(kind) && opts.applyDefaults && opts.minor >= K8S_MODELLED_MIN) {
    // the API server's update validation first: a refused update changes nothing
    const r = beforeUpdate(kindName(kind), b.value, a.value, ty, opts.minor, opts.k8sGates, DEFAULT_MAX_ERROR_BYTES, true);
    if (hasError()) return null;
    if (r.badRequest.length > 0) { fail(E_BAD_REQUEST, r.badRequest, -1, "new"); return null; }
    if (r.errs.over) { fail(E_LIMIT, "the validation errors exceed " + DEFAULT_MAX_ERROR_BYTES.toString() + " characters", -1, "new"); return null; }
    // the update's own warnings (the strategy's, and what BeforeUpdate adds before validating) follow the decode's in the
    // request's recorder, each text once
    for (let i = 0; i < r.warnings.texts.length; i++) if (!v.warnings.includes(r.warnings.texts[i])) v.warnings.push(r.warnings.texts[i]);
    if (rejectedBy(r.errs, diff, v)) {
      v.rejection = r.message;
      if (!templatePatches(a.tape, ta, b.tape, tb, false, opts.minor, opts.go, v)) return null;
      return hasError() ? null : run;
    }
  }
  if (isKruise(kind)) {
    // OpenKruise's webhooks first (their mutating defaults always run): a refused update changes nothing
    const r = kruiseAdmission(kindName(kind), ov, nv, opts.kruise.minor);
    if (r === null) return null;
    if (r.message.length > 0) {
      v.rejection = r.message;
      if (!rejectedBy(r.errs, diff, v)) rejectedAt(r.plainPath, r.message, diff, v);
      if (!templatePatches(a.tape, ta, b.tape, tb, false, opts.minor, opts.go, v)) return null;
      return hasError() ? null : run;
    }
  }
  if (isKruise(kind) && v.strategy != "ReCreate") {
    const av = stringAt(b.tape, member(b.tape, 0, "apiVersion"));
    // (`nv`, the object as given: patches.pod reads a v1.8 CloneSet's v1alpha1 grace from it)
    if (!kruiseVerdict(kind, v.strategy, a, b, nv, diff, av === null ? "" : av, opts, v)) return null;
  } else if (kind == KIND_POD) {
    if (!podVerdict(a, b, diff, opts.minor, opts.kubelet, opts.k8sGates, v, opts.allowPrivileged)) return null;
  } else if (!nativeVerdict(kind, a, b, diff, opts.go, v)) return null;
  if (!templatePatches(a.tape, ta, b.tape, tb, kind == KIND_POD, opts.minor, opts.go, v)) return null;
  if (hasError()) return null;
  return run;
}

/** The verdict `rejected` for a denial without field errors: the changed paths at or under `at` (a JSON pointer; "" when
 *  the denial names none) get its text, every other changed path is not applied. */
function rejectedAt(at: string, message: string, diff: DiffOps, v: Verdict): void {
  let covered = false;
  for (let i = 0; i < diff.length; i++) {
    const p = diff.paths[i];
    if (p == "/status" || p.startsWith("/status/")) continue;
    if (at.length > 0 && (p == at || p.startsWith(at + "/"))) {
      covered = true;
      v.reason(p, EFFECT_REJECTED, message);
    } else v.reason(p, EFFECT_NONE, "not applied: the API server refuses the update");
  }
  if (!covered) v.reason(at, EFFECT_REJECTED, message);
  v.verdict = V_REJECTED;
}

/** What OpenKruise's webhooks answer to the update of `ov` to `nv` (kind "CloneSet" | "AdvancedStatefulSet" |
 *  "AdvancedDaemonSet", Kruise minor `kruise`, the webhooks' gates at their defaults, no pods); null with an error. */
function kruiseAdmission(kind: string, ov: Value, nv: Value, kruise: i32): AdmissionResult | null {
  const pair = decodePair(kind, new ObjectNode(ov.tape, ov.node), new ObjectNode(nv.tape, nv.node), kruise);
  if (pair === null) return null;
  if (!namespaceMatches(pair.n, pair.o)) {
    fail(E_BAD_REQUEST, "the namespace of the provided object does not match the namespace sent on the request", -1, "new");
    return null;
  }
  const w = new Webhook(kruise, pair.minor, pair.v1beta1, new ErrList(DEFAULT_MAX_ERROR_BYTES));
  const r = admitUpdate(kind, pair.n, pair.o, w, true, new PodLookup());
  if (r === null || hasError()) return null;
  if (r.errs.over) { fail(E_LIMIT, "the validation errors exceed " + DEFAULT_MAX_ERROR_BYTES.toString() + " characters", -1, "new"); return null; }
  return r;
}

/** The JSON pointer of the field a strict-decoding text names (`unknown field "spec.x[0].y"` → /spec/x/0/y). */
function warningPointer(w: string): string {
  const a = w.indexOf("\"");
  const b = w.lastIndexOf("\"");
  return a >= 0 && b > a ? fieldPathToPointer(w.substring(a + 1, b)) : "";
}

function unsupported(message: string, path: string): VerdictRun | null {
  fail(E_UNSUPPORTED_KIND, message, -1, path);
  return null;
}
