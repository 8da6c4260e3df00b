// Interface.Update and Interface.Refresh of openkruise/kruise v1.9.0 pkg/util/inplaceupdate on one pod
// (the `kruise.update` / `kruise.refresh` ops), with the default revision adapter (label
// controller-revision-hash) and no AdditionalFuncs:
// Update: CalculateSpec (nil → not in place, pod untouched); for pods with the InPlaceUpdateReady
//   readiness gate (resources-only updates: only when a changed resource's resizePolicy is
//   RestartContainer) the condition InPlaceUpdateReady=False reason StartInPlaceUpdate at `now`, and Ready
//   → False/ReadinessGatesNotReady when Ready and ContainersReady=True exist (SetPodCondition replaces a
//   condition only when its status differs); the revision label; the state {revision, now, …}; then
//   PatchSpecToPod and the grace annotations removed, or (graceSeconds > 0) the spec only stored as
//   apps.kruise.io/inplace-update-grace; delay = the grace period.
// Refresh: a non-empty grace annotation → finishGracePeriod (revision label changed: drop the grace
//   annotation; still within the period: wait the remainder rounded up to seconds; else PatchSpecToPod
//   and drop it); else a state annotation → when the containers are done and containers wait in next
//   batches, the pre-check (`not found container c in pod status`, `waiting container c to be ready`)
//   and updateNextBatch (images/metadata only); then, for pods with the gate, InPlaceUpdateReady=True at
//   `now` unless an equal (status, reason, message) condition exists.
// The pod is the typed v1.Pod, changed in place as upstream changes it (patchpod.ts); the caller encodes
// it once (json.Marshal of the pod the clientset holds).

import { ByteSink } from "../../../io/sink";
import { IntV, StructV, SliceV, MapV, TimeV, Val } from "../../../typed/value";
import { hasError, clearError } from "../../../base/errors";
import { fieldCount, elem } from "../../../schema/schema";
import { KruiseOptions } from "./options";
import { TV, fieldOf, path, strOf, sliceLen, sliceAt } from "./typed";
import { UpdateSpec } from "./model";
import { InPlaceState, KTime, updateState, STATE_KEY } from "./state";
import { unmarshalStateText, unmarshalUpdateSpecText } from "./unmarshal";
import { defaultCalculateInPlaceUpdateSpec, UpdateOptions } from "./calculate";
import { RevisionInput } from "./revision";
import { defaultPatchUpdateSpecToPod, PatchOptions } from "./patchpod";
import { slotOf, structOf, get, typeOfField, str, strV, ensureStruct, ensureMap, mapDelete, mapSet } from "./typedpod";
import { checkContainersUpdateCompleted, podAnnotations, podLabels, GRACE_KEY, GRACE_KEY_OLD, STATE_KEY_OLD } from "./completed";
import { joinStrings } from "../../../golang/join";

const REVISION_LABEL = "controller-revision-hash";
const GATE = "InPlaceUpdateReady";

/** What Update / Refresh leave behind. */
export class LifecycleResult {
  inPlace: bool = false;
  delaySeconds: i64 = 0;
  /** The pod the clientset holds afterwards (typed). */
  pod: TV = new TV(-1, null);
  /** UpdateErr / RefreshErr text, or null. */
  error: string | null = null;
}

/** The pod's root struct, created when the pod is zero. */
function root(pod: TV): StructV {
  if (pod.v === null) pod.v = new StructV(pod.t, fieldCount(pod.t));
  return changetype<StructV>(pod.v);
}

/** pod.<metadata>.<name> (labels / annotations), created when nil. */
function metaMap(pod: TV, name: string): MapV {
  const r = root(pod);
  const metaT = typeOfField(pod.t, "metadata");
  return ensureMap(ensureStruct(r, pod.t, "metadata"), metaT, name);
}

/** delete(pod.Annotations, key) (nothing on a nil map). */
function delAnnotation(pod: TV, key: string): void {
  const metaT = typeOfField(pod.t, "metadata");
  const meta = structOf(metaT, get(structOf(pod.t, pod.v), pod.t, "metadata"));
  const av = get(meta, metaT, "annotations");
  if (av === null) return;
  const k = strV(0, key);
  mapDelete(changetype<MapV>(av), k.p, k.n);
}

/** The condition slice type and value of pod.status.conditions (value null: nil). */
function conditionsOf(pod: TV): SliceV | null {
  const stT = typeOfField(pod.t, "status");
  const st = structOf(stT, get(structOf(pod.t, pod.v), pod.t, "status"));
  const v = get(st, stT, "conditions");
  return v === null ? null : changetype<SliceV>(v);
}

/** The PodCondition struct type. */
function conditionType(pod: TV): i32 {
  return elem(typeOfField(typeOfField(pod.t, "status"), "conditions"));
}

/** Field `name` of a typed condition as a string. */
function cstr(pod: TV, c: Val | null, name: string): string {
  const ct = conditionType(pod);
  return str(get(structOf(ct, c), ct, name));
}

/** The first condition of `type`, or null. */
function condition(pod: TV, type: string): Val | null {
  const cs = conditionsOf(pod);
  if (cs === null) return null;
  for (let i = 0; i < cs.len; i++) if (cstr(pod, cs.items[i], "type") == type) return cs.items[i];
  return null;
}

/** A PodCondition {type, status, lastTransitionTime, reason, message}. */
function newCondition(pod: TV, type: string, status: string, ltt: KTime | null, reason: string, message: string): StructV {
  const ct = conditionType(pod);
  const c = new StructV(ct, fieldCount(ct));
  c.f[slotOf(ct, "type")] = strV(typeOfField(ct, "type"), type);
  c.f[slotOf(ct, "status")] = strV(typeOfField(ct, "status"), status);
  if (ltt !== null && !ltt.zero) {
    const tv = new TimeV(typeOfField(ct, "lastTransitionTime"));
    tv.wall = <u64>ltt.nsec;
    tv.ext = ltt.ext;
    tv.local = true;
    c.f[slotOf(ct, "lastTransitionTime")] = tv;
  }
  if (reason.length > 0) c.f[slotOf(ct, "reason")] = strV(typeOfField(ct, "reason"), reason);
  if (message.length > 0) c.f[slotOf(ct, "message")] = strV(typeOfField(ct, "message"), message);
  return c;
}

/** util.SetPodCondition: replace the first condition of the type when its status differs, else append. */
function setPodCondition(pod: TV, c: StructV): void {
  const type = cstr(pod, c, "type");
  const cur = conditionsOf(pod);
  if (cur !== null) {
    for (let j = 0; j < cur.len; j++) {
      if (cstr(pod, cur.items[j], "type") != type) continue;
      if (cstr(pod, cur.items[j], "status") != cstr(pod, c, "status")) cur.items[j] = c;
      return;
    }
  }
  const stT = typeOfField(pod.t, "status");
  const st = ensureStruct(root(pod), pod.t, "status");
  const slot = slotOf(stT, "conditions");
  let s = cur;
  if (s === null) { s = new SliceV(typeOfField(stT, "conditions")); st.f[slot] = s; }
  if (s.items.length > s.len) s.items[s.len] = c;
  else s.items.push(c);
  s.len++;
}

/** containsReadinessGate(pod). */
export function hasReadinessGate(pod: TV): bool {
  const gs = path(pod, ["spec", "readinessGates"]);
  for (let i = 0, n = sliceLen(gs); i < n; i++) if (strOf(fieldOf(sliceAt(gs, i), "conditionType")) == GATE) return true;
  return false;
}

/** defaultCheckPodNeedsBeUnready(pod, spec) under `gates`. */
export function podNeedsBeUnready(pod: TV, spec: UpdateSpec, gates: KruiseOptions): bool {
  if (!gates.verticalScaling || !spec.verticalUpdateOnly()) return hasReadinessGate(pod);
  const cs = path(pod, ["spec", "containers"]);
  let restart = false;
  for (let i = 0, n = sliceLen(cs); i < n && !restart; i++) {
    const c = sliceAt(cs, i);
    const name = strOf(fieldOf(c, "name"));
    if (!spec.containerResources.has(name)) continue;
    const r = spec.containerResources.get(name);
    let flag = 0;
    if ((r.limits !== null && r.limits!.get("cpu") !== null) || (r.requests !== null && r.requests!.get("cpu") !== null)) flag |= 1;
    if ((r.limits !== null && r.limits!.get("memory") !== null) || (r.requests !== null && r.requests!.get("memory") !== null)) flag |= 2;
    const rp = fieldOf(c, "resizePolicy");
    for (let j = 0, m = sliceLen(rp); j < m; j++) {
      const p = sliceAt(rp, j);
      if (strOf(fieldOf(p, "restartPolicy")) != "RestartContainer") continue;
      const rn = strOf(fieldOf(p, "resourceName"));
      if ((rn == "cpu" && (flag & 1) != 0) || (rn == "memory" && (flag & 2) != 0)) { restart = true; break; }
    }
  }
  if (!restart) return false;
  return hasReadinessGate(pod);
}

/** strconv.Quote for the condition message (printable ASCII names). */
function goQuote(s: string): string {
  let out = "\"";
  for (let i = 0; i < s.length; i++) {
    const c = s.charAt(i);
    if (c == "\"" || c == "\\") out += "\\" + c;
    else out += c;
  }
  return out + "\"";
}

/** util.SetPodReadyCondition (only reached with a not-ready gate, so Ready becomes False). */
function setPodReadyCondition(pod: TV): void {
  if (condition(pod, "Ready") === null) return;
  const cr = condition(pod, "ContainersReady");
  if (cr === null || cstr(pod, cr, "status") != "True") return;
  const msgs = new Array<string>();
  const gs = path(pod, ["spec", "readinessGates"]);
  for (let i = 0, n = sliceLen(gs); i < n; i++) {
    const t = strOf(fieldOf(sliceAt(gs, i), "conditionType"));
    const c = condition(pod, t);
    if (c === null) msgs.push("corresponding condition of pod readiness gate " + goQuote(t) + " does not exist.");
    else if (cstr(pod, c, "status") != "True") msgs.push("the status of pod readiness gate " + goQuote(t) + " is not \"True\", but " + cstr(pod, c, "status"));
  }
  if (msgs.length == 0) return; // Ready=True with metav1.Now(): never reached from Update
  setPodCondition(pod, newCondition(pod, "Ready", "False", null, "ReadinessGatesNotReady", joinStrings(msgs, ", ")));
}

/** PatchSpecToPod then RemoveInPlaceUpdateGrace (`dropGrace`); the patched pod, or null with an error. */
function patchPod(pod: TV, spec: UpdateSpec, state: InPlaceState, now: KTime, opts: PatchOptions, dropGrace: bool): TV | null {
  const r = defaultPatchUpdateSpecToPod(pod, spec, state, now, opts);
  if (r === null) return null;
  if (dropGrace) {
    delAnnotation(r.pod, GRACE_KEY);
    delAnnotation(r.pod, GRACE_KEY_OLD);
  }
  return r.pod;
}

/** Interface.Update(pod, old, new, opts) at `now` on the typed pod `pod` (changed in place); PatchSpecToPod under `patch`. */
export function inPlaceUpdate(pod: TV, oldRev: RevisionInput, newRev: RevisionInput, opts: UpdateOptions, now: KTime, patch: PatchOptions): LifecycleResult | null {
  const res = new LifecycleResult();
  res.pod = pod;
  const s = defaultCalculateInPlaceUpdateSpec(oldRev, newRev, opts);
  if (s.spec === null) return res;
  const spec = s.spec!;
  res.inPlace = true;
  root(pod);
  if (podNeedsBeUnready(pod, spec, opts.gates)) {
    // v1.5 - v1.8 skipped the whole status update when an equal (status, reason, message) condition existed
    const cur = condition(pod, GATE);
    const equal = cur !== null && cstr(pod, cur, "status") == "False" && cstr(pod, cur, "reason") == "StartInPlaceUpdate" && cstr(pod, cur, "message") == "";
    if (!(opts.gates.minor <= 8 && equal)) {
      setPodCondition(pod, newCondition(pod, GATE, "False", now, "StartInPlaceUpdate", ""));
      setPodReadyCondition(pod);
    }
  }
  mapSet(metaMap(pod, "labels"), REVISION_LABEL, spec.revision);
  const ann = metaMap(pod, "annotations");
  const state = updateState(spec, now, opts.gates.minor);
  const sb = new ByteSink(128);
  state.write(sb);
  mapSet(ann, STATE_KEY, String.UTF8.decodeUnsafe(sb.ptr, <usize>sb.len));
  delAnnotation(pod, STATE_KEY_OLD);
  if (spec.graceSeconds <= 0) {
    const p = patchPod(pod, spec, state, now, patch, true);
    if (p === null) return null;
    res.pod = p;
  } else {
    const gb = new ByteSink(128);
    spec.write(gb);
    mapSet(ann, GRACE_KEY, String.UTF8.decodeUnsafe(gb.ptr, <usize>gb.len));
    res.delaySeconds = opts.gracePeriodSeconds;
  }
  return res;
}

/** GetInPlaceUpdateGrace / GetInPlaceUpdateState: the new key, else the legacy one. */
function annotation(pod: TV, key: string, old: string): string | null {
  const a = podAnnotations(pod);
  if (a.has(key)) return a.get(key);
  if (a.has(old)) return a.get(old);
  return null;
}

/** Interface.Refresh(pod) at `now` on the typed pod `pod` (changed in place); PatchSpecToPod under `patch`. */
export function inPlaceRefresh(pod: TV, now: KTime, patch: PatchOptions): LifecycleResult | null {
  const res = new LifecycleResult();
  res.pod = pod;
  const grace = annotation(pod, GRACE_KEY, GRACE_KEY_OLD);
  if (grace !== null && grace.length > 0) {
    const ps = unmarshalUpdateSpecText(grace, patch.gates.minor);
    if (ps.value === null) { res.error = ps.error; return hasError() ? null : res; }
    const spec = ps.value!;
    const stateText = annotation(pod, STATE_KEY, STATE_KEY_OLD);
    if (stateText === null) { res.error = "pod has apps.kruise.io/inplace-update-grace but apps.kruise.io/inplace-update-state not found"; return res; }
    // a state json.Unmarshal refuses ends the grace period check without an error
    const st = unmarshalStateText(stateText, patch.gates.minor);
    if (st.value === null) return hasError() ? null : res;
    const state = st.value!;
    if (podLabels(pod).get(REVISION_LABEL) != spec.revision) {
      delAnnotation(pod, GRACE_KEY);
      delAnnotation(pod, GRACE_KEY_OLD);
      return res;
    }
    // time.Since(updateTimestamp) < grace → wait, rounded up to whole seconds
    const ts = state.updateTimestamp;
    const graceNs: i64 = <i64>spec.graceSeconds * 1000000000;
    const tsExt = ts.zero ? 0 : ts.ext;
    const spanNs: i64 = (now.ext - tsExt) * 1000000000 + (now.nsec - (ts.zero ? 0 : ts.nsec));
    if (spanNs < graceNs) {
      const d = graceNs - spanNs;
      res.delaySeconds = d % 1000000000 == 0 ? d / 1000000000 : d / 1000000000 + 1;
      return res;
    }
    patch.returned = null;
    const p = patchPod(pod, spec, state, now, patch, true);
    if (p === null) {
      // finishGracePeriod returns PatchSpecToPod's error: RefreshErr, the pod as it was
      if (patch.returned === null) return null;
      clearError();
      res.error = patch.returned;
      return res;
    }
    res.pod = p;
    return res;
  }
  const stateText = annotation(pod, STATE_KEY, STATE_KEY_OLD);
  if (stateText !== null) {
    const st = unmarshalStateText(stateText, patch.gates.minor);
    if (st.value === null) { res.error = st.error; return hasError() ? null : res; }
    const state = st.value!;
    if (checkContainersUpdateCompleted(pod, state, patch.gates) !== null) return res;
    if (state.nextContainerImages.size > 0 || state.nextContainerRefMetadata.size > 0 || state.nextContainerResources.size > 0) {
      if (state.hasPreCheck && state.preCheck !== null) {
        const ss = path(pod, ["status", "containerStatuses"]);
        for (let i = 0; i < state.preCheck!.length; i++) {
          const name = state.preCheck![i];
          let found = -1;
          for (let j = 0, n = sliceLen(ss); j < n; j++) if (strOf(fieldOf(sliceAt(ss, j), "name")) == name) { found = j; break; }
          if (found < 0) return res; // not found container <c> in pod status
          if (!readyOf(fieldOf(sliceAt(ss, found), "ready"))) return res; // waiting container <c> to be ready
        }
      }
      const fresh = unmarshalStateText(stateText, patch.gates.minor).value!;
      if (fresh.nextContainerImages.size > 0 || fresh.nextContainerRefMetadata.size > 0) {
        const spec = new UpdateSpec();
        spec.containerImages = fresh.nextContainerImages;
        spec.containerRefMetadata = fresh.nextContainerRefMetadata;
        spec.updateEnvFromMetadata = fresh.updateEnvFromMetadata;
        spec.containerResources = fresh.nextContainerResources;
        const p = patchPod(pod, spec, fresh, now, patch, false);
        if (p === null) return null;
        res.pod = p;
        return res;
      }
    }
  }
  if (!hasReadinessGate(pod)) return res;
  const cur = condition(pod, GATE);
  if (cur !== null && cstr(pod, cur, "status") == "True" && cstr(pod, cur, "reason") == "" && cstr(pod, cur, "message") == "") return res;
  setPodCondition(pod, newCondition(pod, GATE, "True", now, "", ""));
  return res;
}

/** A bool value of the typed view. */
function readyOf(v: TV): bool {
  return v.v !== null && (<IntV>v.v).v != 0;
}
