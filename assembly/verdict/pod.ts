// A Pod updated in place: the API server's handling of the update at the minor (registry/podupdate.ts: rest.BeforeUpdate
// with the pod strategy, both pods as decoded from the request) decides `rejected`; otherwise the update is
// applied to the running pod and the kubelet restarts exactly the containers whose hash changed
// (kubelet minor's HashContainer era, read from the stored pod as the kubelet decodes it). With
// InPlacePodVerticalScaling on, 1.27-1.30 compare HashContainerWithoutResources instead, and a
// cpu/memory change is resized in place unless the container's resizePolicy says RestartContainer
// for a changed resource. Completed init containers are not run again; restartable (sidecar) init
// containers restart like regular ones.

import { Tape, K_ARRAY } from "../json/tape";
import { hasError, fail, E_BAD_REQUEST } from "../base/errors";
import { Val, MapV, StrV, StructV, sortedEntries } from "../typed/value";
import { requestType } from "../typed/types";
import { hashContainer, containerJSONHash, withoutResources, hasHashWithoutResources } from "../upstream/kubernetes/hash";
import { fieldIndex, fieldType, fieldCount } from "../schema/schema";
import { Gates } from "../upstream/kubernetes/validation/gates";
import { podBeforeUpdate, dropsResizePolicy, dropsPodLevelResources } from "../upstream/kubernetes/registry/podupdate";
import { ErrList, DEFAULT_MAX_ERROR_BYTES } from "../upstream/kubernetes/validation/errlist";
import { resizeBeforeUpdate } from "../upstream/kubernetes/registry/podresize";
import { Stored, decodeAt, member, stringAt, field, slot, sliceItems, strText } from "../stored/stored";
import { semanticEqual } from "./semantic";
import { DiffOps } from "./diff";
import { Verdict, V_NONE, V_IN_PLACE, V_REJECTED, A_KEEP, A_RESTART } from "./result";
import { EFFECT_NONE, EFFECT_IN_PLACE, EFFECT_RESTART, EFFECT_REJECTED } from "../policy/levels";
import { defaultGoOf } from "../base/pins";

/**
 * The verdict `rejected` when the API server's validation found errors (false otherwise, nothing written): each
 * changed path (status aside) gets the text of the deepest error whose field covers it (the first such error when
 * several name the same field), every other changed path says it is not applied; an error that no changed path
 * chose is a reason at its own field, or, when that field is itself a changed path, joins that path's message —
 * one reason per path.
 */
export function rejectedBy(errs: ErrList, diff: DiffOps, v: Verdict): bool {
  if (errs.list.length == 0) return false;
  const errPtrs = new Array<string>();
  for (let i = 0; i < errs.list.length; i++) errPtrs.push(fieldPathToPointer(objectPath(errs.list[i].field)));
  const chosen = new Array<bool>(errPtrs.length);
  const firstAt = new Array<string>(errPtrs.length);
  const reasonAt = new Map<string, i32>();
  const cover = new PrefixIndex(errPtrs);
  // the error's whole text once, at the first path it is chosen for in the reasons' order (it may print a whole
  // map); a reference to it on every other path it is chosen for
  for (let i = 0; i < diff.length; i++) {
    const p = diff.paths[i];
    if (p == "/status" || p.startsWith("/status/")) continue;
    const hit = cover.deepest(p);
    if (hit >= 0 && (!chosen[hit] || p < firstAt[hit])) firstAt[hit] = p;
    if (hit >= 0) chosen[hit] = true;
  }
  for (let i = 0; i < diff.length; i++) {
    const p = diff.paths[i];
    if (p == "/status" || p.startsWith("/status/")) continue;
    const hit = cover.deepest(p);
    if (!reasonAt.has(p)) reasonAt.set(p, v.paths.length);
    if (hit >= 0) {
      const e = errs.list[hit];
      v.reason(p, EFFECT_REJECTED, p == firstAt[hit] ? e.text() : "rejected: " + e.field + ": " + e.type + " (the error given at " + firstAt[hit] + ")");
    } else v.reason(p, EFFECT_NONE, "not applied: the API server refuses the update");
  }
  for (let j = 0; j < errPtrs.length; j++) {
    if (chosen[j]) continue;
    const at = errPtrs[j];
    if (reasonAt.has(at)) {
      const k = reasonAt.get(at);
      v.messages[k] = v.messages[k] + "; " + errs.list[j].text();
      v.effects[k] = EFFECT_REJECTED;
    } else {
      reasonAt.set(at, v.paths.length);
      v.reason(at, EFFECT_REJECTED, errs.list[j].text());
    }
  }
  v.verdict = V_REJECTED;
  return true;
}

/** The object's own path of an error's field: ValidatePodTemplateSpec names a template's labels and annotations
 *  "spec.template.labels" / "spec.template.annotations", which live under spec.template.metadata. */
function objectPath(f: string): string {
  for (let i = 0; i < 2; i++) {
    const head = i == 0 ? "spec.template.labels" : "spec.template.annotations";
    if (f.startsWith(head) && (f.length == head.length || f.charCodeAt(head.length) == 0x5b || f.charCodeAt(head.length) == 0x2e)) {
      return "spec.template.metadata." + f.substring(14);
    }
  }
  return f;
}

/** "spec.containers[0].image" / "metadata.labels[a/b]" → "/spec/containers/0/image" / "/metadata/labels/a~1b". */
export function fieldPathToPointer(f: string): string {
  let out = "";
  let seg = "";
  let inBracket = false;
  let have = false;
  for (let i = 0; i < f.length; i++) {
    const c = f.charAt(i);
    if (inBracket) {
      if (c == "]") { inBracket = false; out += "/" + escapeSegment(seg); seg = ""; have = false; continue; }
      seg += c;
      continue;
    }
    if (c == ".") { if (have) out += "/" + escapeSegment(seg); seg = ""; have = false; continue; }
    if (c == "[") { if (have) out += "/" + escapeSegment(seg); seg = ""; have = false; inBracket = true; continue; }
    seg += c;
    have = true;
  }
  if (have) out += "/" + escapeSegment(seg);
  return out;
}

function escapeSegment(s: string): string {
  return s.replaceAll("~", "~0").replaceAll("/", "~1");
}

/**
 * The first of a list of JSON pointers that covers a path (is the path or an ancestor of it: equal, a prefix
 * ending where a `/` follows, or empty), found by looking the path's prefixes up by the lengths the list has
 * instead of trying every pointer for every path.
 */
class PrefixIndex {
  private at: Map<string, i32> = new Map<string, i32>();
  private lengths: Array<i32> = new Array<i32>();

  constructor(ptrs: Array<string>) {
    const seen = new Set<i32>();
    for (let j = 0; j < ptrs.length; j++) {
      const s = ptrs[j];
      if (!this.at.has(s)) this.at.set(s, j);
      if (!seen.has(s.length)) { seen.add(s.length); this.lengths.push(s.length); }
    }
    this.lengths.sort((a: i32, b: i32): i32 => a - b);
  }

  /** The index of the longest pointer that covers `p` (the first of equal pointers), or -1. */
  deepest(p: string): i32 {
    let best = -1;
    for (let k = 0; k < this.lengths.length; k++) {
      const n = this.lengths[k];
      if (n > p.length) break;
      if (n != 0 && n != p.length && p.charCodeAt(n) != 0x2f) continue;
      const q = n == p.length ? p : p.substring(0, n);
      if (this.at.has(q)) best = this.at.get(q);
    }
    return best;
  }
}

/** The changed resource names of a container's resources (limits and requests; cpu/memory only matter for resize). */
function changedResources(rt: i32, a: Val | null, b: Val | null): Array<string> {
  const out = new Array<string>();
  for (let pass = 0; pass < 2; pass++) {
    const li = fieldIndex(rt, pass == 0 ? "Limits" : "Requests");
    if (li < 0) continue;
    const lt = fieldType(rt, li);
    const ma = slot(a, li), mb = slot(b, li);
    const names = new Array<string>();
    collectKeys(ma, names);
    collectKeys(mb, names);
    for (let i = 0; i < names.length; i++) {
      const n = names[i];
      if (!semanticEqual(lt, entry(ma, n), entry(mb, n)) && !out.includes(n)) out.push(n);
    }
  }
  return out;
}

function collectKeys(m: Val | null, out: Array<string>): void {
  if (m === null) return;
  const mv = changetype<MapV>(m);
  const idx = sortedEntries(mv);
  for (let i = 0; i < idx.length; i++) {
    const k = String.UTF8.decodeUnsafe(mv.keyP[idx[i]], <usize>mv.keyN[idx[i]]);
    if (!out.includes(k)) out.push(k);
  }
}

/** A one-entry map value holding key `k` of `m` (so semanticEqual compares just that quantity), or null. */
function entry(m: Val | null, k: string): Val | null {
  if (m === null) return null;
  const mv = changetype<MapV>(m);
  const idx = sortedEntries(mv);
  for (let i = 0; i < idx.length; i++) {
    const j = idx[i];
    if (String.UTF8.decodeUnsafe(mv.keyP[j], <usize>mv.keyN[j]) == k) {
      const one = new MapV(mv.t);
      one.keyP.push(mv.keyP[j]);
      one.keyN.push(mv.keyN[j]);
      one.vals.push(mv.vals[j]);
      return one;
    }
  }
  return null;
}

/** The container's resizePolicy restartPolicy for resource `name` ("NotRequired" when absent). */
function resizePolicyOf(ct: i32, c: Val | null, name: string): string {
  const rp = field(ct, c, "ResizePolicy");
  if (rp.ty < 0) return "NotRequired";
  const items = sliceItems(rp.v);
  for (let i = 0; i < items.length; i++) {
    const it = items[i];
    if (it === null) continue;
    const pt = it.t;
    const rn = strText(slot(it, fieldIndex(pt, "ResourceName")));
    if (rn == name) return strText(slot(it, fieldIndex(pt, "RestartPolicy")));
  }
  return "NotRequired";
}

/** One container of the stored pod as the kubelet of `kubelet` decodes it, with its type; null on error. */
class KubeletContainer {
  ty: i32 = -1;
  v: Val | null = null;
}

function kubeletContainer(t: Tape, node: i32, kubelet: i32, go: i32): KubeletContainer | null {
  const k = new KubeletContainer();
  k.ty = requestType("Container", kubelet);
  k.v = decodeAt(t, node, k.ty, kubelet, go);
  if (hasError()) return null;
  return k;
}

/** The i-th element node of list `name` of the stored pod's spec, or -1. */
function listItem(t: Tape, name: string, i: i32): i32 {
  const list = member(t, member(t, 0, "spec"), name);
  if (list < 0 || t.kind(list) != K_ARRAY || i >= t.children(list)) return -1;
  let e = list + 1;
  for (let j = 0; j < i; j++) e = t.next(e);
  return e;
}

/**
 * The pods the API server validates: an update (kubectl apply / patch / edit) is applied to the live
 * object, so it carries the live metadata.resourceVersion — `old`'s, or "1" for both when `old` has
 * none (two manifests) — and a pod without a namespace gets the request's (`old`'s, else "default").
 * Everything else as decoded from the request.
 */
function withResourceVersion(ty: i32, pod: Val | null, rv: StrV, ns: StrV): Val | null {
  const mi = fieldIndex(ty, "ObjectMeta");
  const mt = fieldType(ty, mi);
  const ri = fieldIndex(mt, "ResourceVersion");
  const ni = fieldIndex(mt, "Namespace");
  const p = pod === null ? new StructV(ty, fieldCount(ty)) : changetype<StructV>(pod);
  let meta = p.f[mi];
  if (meta === null) { meta = new StructV(mt, fieldCount(mt)); p.f[mi] = meta; }
  changetype<StructV>(meta).f[ri] = rv;
  const cur = changetype<StructV>(meta).f[ni];
  if (cur === null || changetype<StrV>(cur).n == 0) changetype<StructV>(meta).f[ni] = ns;
  return p;
}

/** The namespace an update is sent to: `old`'s, else "default" (kubectl's; the API server takes it from the URL). */
function requestNamespace(ty: i32, old: Val | null): StrV {
  const mi = fieldIndex(ty, "ObjectMeta");
  const mt = fieldType(ty, mi);
  const cur = slot(slot(old, mi), fieldIndex(mt, "Namespace"));
  if (cur !== null && changetype<StrV>(cur).n > 0) return changetype<StrV>(cur);
  const d = new StrV(fieldType(mt, fieldIndex(mt, "Namespace")));
  const b = String.UTF8.encode("default");
  d.p = changetype<usize>(b);
  d.n = 7;
  return d;
}

/** The live resourceVersion an update carries (see withResourceVersion). */
function liveResourceVersion(ty: i32, old: Val | null): StrV {
  const mi = fieldIndex(ty, "ObjectMeta");
  const mt = fieldType(ty, mi);
  const cur = slot(slot(old, mi), fieldIndex(mt, "ResourceVersion"));
  if (cur !== null && changetype<StrV>(cur).n > 0) return changetype<StrV>(cur);
  const one = new StrV(fieldType(mt, fieldIndex(mt, "ResourceVersion")));
  const b = String.UTF8.encode("1");
  one.p = changetype<usize>(b);
  one.n = 1;
  return one;
}

/** Decides for a Pod; `gates` as the request set them (validation and kubelet share them); `allowPrivileged` the cluster policy. */
export function podVerdict(a: Stored, b: Stored, diff: DiffOps, minor: i32, kubelet: i32, gates: Gates, v: Verdict, allowPrivileged: bool = true): bool {
  // no change outside status: no update is sent
  let any = false;
  for (let i = 0; i < diff.length && !any; i++) any = !(diff.paths[i] == "/status" || diff.paths[i].startsWith("/status/"));
  if (!any) { v.verdict = V_NONE; return true; }
  const rv = liveResourceVersion(a.ty, a.decoded);
  const ns = requestNamespace(a.ty, a.decoded);
  const oldPod = withResourceVersion(a.ty, a.decoded, rv, ns), newPod = withResourceVersion(b.ty, b.decoded, rv, ns);
  // what the update cannot change (the stored values stay)
  const kept = new Array<bool>(diff.length);
  const dropsPolicies = dropsResizePolicy(oldPod, minor, gates), dropsPodLevel = dropsPodLevelResources(oldPod, minor, gates);
  for (let i = 0; i < diff.length; i++) {
    const p = diff.paths[i];
    kept[i] = keptByUpdate(diff.ops[i], p, minor, gates, dropsPolicies) || (dropsPodLevel && (p == "/spec/resources" || p.startsWith("/spec/resources/")));
  }
  // a change of resources alone goes to the pods/resize subresource where it exists (1.32+, InPlacePodVerticalScaling)
  const resize = minor >= 32 && gates.enabled("InPlacePodVerticalScaling", minor) && resourcesOnly(diff, kept);
  let errs: ErrList;
  if (resize) {
    const r = resizeBeforeUpdate(newPod, oldPod, a.ty, minor, gates, DEFAULT_MAX_ERROR_BYTES);
    if (hasError()) return false;
    errs = r.errs;
    v.resize = true;
    if (errs.list.length > 0) v.rejection = r.message;
  } else {
    const r = podBeforeUpdate(newPod, oldPod, a.ty, minor, gates, allowPrivileged, DEFAULT_MAX_ERROR_BYTES);
    if (hasError()) return false;
    if (r.badRequest.length > 0) return fail(E_BAD_REQUEST, r.badRequest, -1, "new");
    errs = r.errs;
    // the StatusError kube-apiserver answers the update with
    if (errs.list.length > 0) v.rejection = r.message;
  }
  if (rejectedBy(errs, diff, v)) return true;
  let changed = false;
  for (let i = 0; i < diff.length && !changed; i++) changed = !kept[i] && !(diff.paths[i] == "/status" || diff.paths[i].startsWith("/status/"));
  v.verdict = changed ? V_IN_PLACE : V_NONE;
  // kubelet: per container, hash of the old and the new spec as it decodes the stored pod
  const go = defaultGoOf(kubelet);
  const ippvs = gates.enabled("InPlacePodVerticalScaling", kubelet);
  let k = 0;
  for (let pass = 0; pass < 2; pass++) {
    const list = pass == 0 ? "initContainers" : "containers";
    const n = countItems(b.tape, list);
    for (let i = 0; i < n; i++) {
      const oa = listItem(a.tape, list, i), ob = listItem(b.tape, list, i);
      const cb = kubeletContainer(b.tape, ob, kubelet, go);
      if (cb === null) return false;
      let action = A_KEEP;
      const sidecar = stringAt(b.tape, member(b.tape, ob, "restartPolicy")) == "Always";
      if (oa >= 0 && (pass == 1 || sidecar)) {
        const ca = kubeletContainer(a.tape, oa, kubelet, go);
        if (ca === null) return false;
        action = containerAction(ca, cb, kubelet, go, ippvs);
        if (hasError()) return false;
      }
      v.actions[k] = action;
      k++;
    }
  }
  // reasons: every changed path is applied in place; image paths of restarted containers restart them
  for (let i = 0; i < diff.length; i++) {
    const p = diff.paths[i];
    if (p == "/status" || p.startsWith("/status/")) continue;
    const idx = containerOfPath(p);
    if (kept[i]) {
      v.reason(p, EFFECT_NONE, p.startsWith("/spec/resources") || isPolicyPath(p) ? "kept: the API server drops or keeps this field on a pod update (" + (isPolicyPath(p) ? "InPlacePodVerticalScaling is off" : dropsPodLevel ? "PodLevelResources is off" : "PodLevelResourcesFixDefaulting") + ")" : "kept: an update does not change it, the API server keeps the stored value");
    } else if (idx >= 0 && v.actions[idx + (p.startsWith("/spec/containers/") ? countItems(b.tape, "initContainers") : 0)] == A_RESTART) {
      v.reason(p, EFFECT_RESTART, "container spec hash changed (kubelet 1." + kubelet.toString() + "): the kubelet kills and restarts the container");
    } else if (idx >= 0 && p.includes("/resources/")) {
      v.reason(p, EFFECT_IN_PLACE, resize ? "resized in place by the kubelet (sent to the pods/resize subresource; resizePolicy NotRequired)" : "resized in place by the kubelet (InPlacePodVerticalScaling, resizePolicy NotRequired)");
    } else if (resize && (p == "/spec/resources" || p.startsWith("/spec/resources/"))) {
      v.reason(p, EFFECT_IN_PLACE, "pod-level resources resized in place by the kubelet (sent to the pods/resize subresource)");
    } else if (p.startsWith("/spec/initContainers/")) {
      v.reason(p, EFFECT_IN_PLACE, "applied in place; a completed init container does not run again");
    } else {
      v.reason(p, EFFECT_IN_PLACE, "applied to the running pod in place; no container restarts for it");
    }
  }
  return true;
}

/** Whether every changed path outside status is a container's or an init container's resources or resizePolicy, or the
 *  pod's own resources: what a resize may change (ValidatePodResize: "newPod and oldPod must only differ in ..."). */
function resourcesOnly(diff: DiffOps, kept: Array<bool>): bool {
  let any = false;
  for (let i = 0; i < diff.length; i++) {
    const p = diff.paths[i];
    if (kept[i] || p == "/status" || p.startsWith("/status/")) continue;
    if (!isResourcesPath(p)) return false;
    any = true;
  }
  return any;
}

/**
 * Whether diff operation `op` at `p` is undone by rest.BeforeUpdate and the pod strategy's PrepareForUpdate at `minor`
 * (registry/podupdate.ts), so the stored value stays: the generation, the resourceVersion (the live one, see
 * withResourceVersion) always, the namespace when one pod names none; a uid, creation or deletion timestamp or deletion grace period the new
 * pod leaves out (or, for the timestamps, changes); from 1.37 with PodLevelResourcesFixDefaulting, pod-level resources
 * the new pod leaves out; the containers' resize policies when DropDisabledPodFields clears them (`dropsPolicies`).
 */
function keptByUpdate(op: string, p: string, minor: i32, gates: Gates, dropsPolicies: bool): bool {
  if (dropsPolicies && containerOfPath(p) >= 0 && isPolicyPath(p)) return true;
  if (p == "/metadata/generation" || p == "/metadata/resourceVersion") return true;
  if (p == "/metadata/namespace") return op == "remove" || op == "add"; // another namespace is a bad request
  if (p == "/metadata/creationTimestamp" || p == "/metadata/deletionTimestamp") return op == "remove" || op == "replace";
  if (p == "/metadata/uid" || p == "/metadata/deletionGracePeriodSeconds") return op == "remove";
  if (p == "/spec/resources") return op == "remove" && minor >= 37 && gates.enabled("PodLevelResourcesFixDefaulting", minor);
  return false;
}

/** Whether `p` is /spec/containers/N/resizePolicy[/...] or /spec/initContainers/N/resizePolicy[/...]. */
function isPolicyPath(p: string): bool {
  const idx = containerOfPath(p);
  const head = (p.startsWith("/spec/containers/") ? "/spec/containers/" : "/spec/initContainers/") + idx.toString() + "/resizePolicy";
  return p == head || p.startsWith(head + "/");
}

/** /spec/resources[/...], or .../resources[/...] or .../resizePolicy[/...] of /spec/containers/N or /spec/initContainers/N. */
function isResourcesPath(p: string): bool {
  if (p == "/spec/resources" || p.startsWith("/spec/resources/")) return true;
  const idx = containerOfPath(p);
  if (idx < 0) return false;
  const item = (p.startsWith("/spec/containers/") ? "/spec/containers/" : "/spec/initContainers/") + idx.toString();
  for (let k = 0; k < 2; k++) {
    const head = item + (k == 0 ? "/resources" : "/resizePolicy");
    if (p == head || p.startsWith(head + "/")) return true;
  }
  return false;
}

/** The container index of a /spec/containers/N/... or /spec/initContainers/N/... path, or -1. */
function containerOfPath(p: string): i32 {
  let rest = "";
  if (p.startsWith("/spec/containers/")) rest = p.substring(17);
  else if (p.startsWith("/spec/initContainers/")) rest = p.substring(21);
  else return -1;
  let n = 0;
  let digits = 0;
  while (digits < rest.length && rest.charCodeAt(digits) >= 0x30 && rest.charCodeAt(digits) <= 0x39) {
    n = n * 10 + (rest.charCodeAt(digits) - 0x30);
    digits++;
  }
  return digits == 0 ? -1 : n;
}

function countItems(t: Tape, name: string): i32 {
  const list = member(t, member(t, 0, "spec"), name);
  return list < 0 || t.kind(list) != K_ARRAY ? 0 : t.children(list);
}

/** keep / restart for one container the kubelet compares (old `a`, new `b`). */
function containerAction(a: KubeletContainer, b: KubeletContainer, kubelet: i32, go: i32, ippvs: bool): string {
  const ha = hashContainer(kubelet, a.ty, a.v, go);
  const hb = hashContainer(kubelet, b.ty, b.v, go);
  if (ha < 0 || hb < 0) return A_KEEP;
  let changed = ha != hb;
  if (changed && ippvs && hasHashWithoutResources(kubelet)) {
    changed = containerJSONHash(a.ty, withoutResources(a.ty, a.v), go) != containerJSONHash(b.ty, withoutResources(b.ty, b.v), go);
  }
  if (changed) return A_RESTART;
  if (!ippvs || kubelet < 27) return A_KEEP;
  const ri = fieldIndex(b.ty, "Resources");
  const rt = fieldType(b.ty, ri);
  const names = changedResources(rt, slot(a.v, ri), slot(b.v, ri));
  for (let i = 0; i < names.length; i++) {
    if ((names[i] == "cpu" || names[i] == "memory") && resizePolicyOf(b.ty, b.v, names[i]) == "RestartContainer") return A_RESTART;
  }
  return A_KEEP;
}
