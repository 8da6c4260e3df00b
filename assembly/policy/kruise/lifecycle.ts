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
// The pod is handled as map[string]interface{}; the caller re-encodes it as a typed v1.Pod.

import { ByteSink } from "../../io/sink";
import { ReadOptions, readJSON } from "../../json/reader";
import { DocInput } from "../../eval/ops/patchinput";
import { decodeDoc, Decoded, DEC_OK } from "../../patch/smp/decode";
import { marshalMap } from "../../patch/smp/encode";
import { GMap, newMap, mapVal, sliceVal, appendOne, nilSlice } from "../../patch/smp/value";
import { IntV } from "../../k8s/value";
import { fail, takeErrorMessage, E_INTERNAL } from "../../errors";
import { KruiseOptions, kruiseK8sMinor } from "./options";
import { TV, fieldOf, path, strOf, sliceLen, sliceAt } from "./typed";
import { UpdateSpec } from "./model";
import { InPlaceState, KTime, readUpdateSpec, readState } from "./state";
import { calculateInPlaceUpdateSpec, RevisionInput } from "./spec";
import { patchUpdateSpecToPod, sval, gmap, gslice, gstr, gat, STATE_KEY } from "./patchpod";
import { checkContainersUpdateCompleted, podAnnotations, podLabels, GRACE_KEY, GRACE_KEY_OLD, STATE_KEY_OLD } from "./completed";

const GO: i32 = 23;
const REVISION_LABEL = "controller-revision-hash";
const GATE = "InPlaceUpdateReady";

/** What Update / Refresh leave behind. */
export class LifecycleResult {
  inPlace: bool = false;
  delaySeconds: i64 = 0;
  /** json.Marshal of the pod as map[string]interface{}. */
  pod: ByteSink = new ByteSink(16);
  /** UpdateErr / RefreshErr text, or null. */
  error: string | null = null;
}

function docOf(b: ByteSink): DocInput {
  const d = new DocInput();
  d.present = true;
  d.ptr = b.ptr;
  d.len = b.len;
  return d;
}

/** The pod bytes as a map. */
function podMap(b: ByteSink): GMap | null {
  if (decodeDoc(docOf(b), kruiseK8sMinor(), GO, new ReadOptions()) != DEC_OK) { fail(E_INTERNAL, "the pod does not decode"); return null; }
  return Decoded.map;
}

function marshal(m: GMap): ByteSink {
  const out = new ByteSink(4096);
  marshalMap(m, out, GO);
  return out;
}

function ensureMap(m: GMap, key: string): GMap {
  const got = gmap(m, key);
  if (got !== null) return got;
  const n = newMap();
  m.setAscii(key, mapVal(n));
  return n;
}

function setStr(m: GMap, key: string, s: string): void {
  const k = sval(key);
  m.set(k.p, k.n, sval(s));
}

function delKey(m: GMap | null, key: string): void {
  if (m === null) return;
  const k = sval(key);
  m.del(k.p, k.n);
}

/** containsReadinessGate(pod). */
export function hasReadinessGate(pod: TV): bool {
  const gs = path(pod, ["spec", "readinessGates"]);
  for (let i = 0, n = sliceLen(gs); i < n; i++) if (strOf(fieldOf(sliceAt(gs, i), "conditionType")) == GATE) return true;
  return false;
}

/** defaultCheckPodNeedsBeUnready(pod, spec). */
export function podNeedsBeUnready(pod: TV, spec: UpdateSpec): bool {
  if (!KruiseOptions.verticalScaling || !spec.verticalUpdateOnly()) return hasReadinessGate(pod);
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

/** The first condition of `type` in the map pod, or null. */
function condition(pod: GMap, type: string): GMap | null {
  const cs = gslice(gmap(pod, "status"), "conditions");
  if (cs === null) return null;
  for (let i = 0; i < cs.len; i++) {
    const c = gat(cs, i);
    if (gstr(c, "type") == type) return c;
  }
  return null;
}

/** A condition map {type, status, lastTransitionTime, reason?, message?}. */
function newCondition(type: string, status: string, ltt: KTime | null, reason: string, message: string): GMap {
  const c = newMap();
  setStr(c, "type", type);
  setStr(c, "status", status);
  if (ltt !== null && !ltt.zero) {
    const b = new ByteSink(24);
    ltt.write(b);
    setStr(c, "lastTransitionTime", String.UTF8.decodeUnsafe(b.ptr + 1, <usize>(b.len - 2)));
  }
  if (reason.length > 0) setStr(c, "reason", reason);
  if (message.length > 0) setStr(c, "message", message);
  return c;
}

/** util.SetPodCondition: replace the first condition of the type when its status differs, else append. */
function setPodCondition(pod: GMap, c: GMap): void {
  const status = ensureMap(pod, "status");
  const cur = gslice(status, "conditions");
  const type = gstr(c, "type");
  if (cur !== null) {
    for (let j = 0; j < cur.len; j++) {
      const x = gat(cur, j);
      if (gstr(x, "type") != type) continue;
      if (gstr(x, "status") != gstr(c, "status")) cur.put(j, mapVal(c));
      return;
    }
  }
  status.setAscii("conditions", sliceVal(appendOne(cur !== null ? cur : nilSlice(), mapVal(c), GO)));
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
function setPodReadyCondition(pod: GMap, podTV: TV): void {
  if (condition(pod, "Ready") === null) return;
  const cr = condition(pod, "ContainersReady");
  if (cr === null || gstr(cr, "status") != "True") return;
  const msgs = new Array<string>();
  const gs = path(podTV, ["spec", "readinessGates"]);
  for (let i = 0, n = sliceLen(gs); i < n; i++) {
    const t = strOf(fieldOf(sliceAt(gs, i), "conditionType"));
    const c = condition(pod, t);
    if (c === null) msgs.push("corresponding condition of pod readiness gate " + goQuote(t) + " does not exist.");
    else if (gstr(c, "status") != "True") msgs.push("the status of pod readiness gate " + goQuote(t) + " is not \"True\", but " + gstr(c, "status"));
  }
  if (msgs.length == 0) return; // Ready=True with metav1.Now(): never reached from Update
  setPodCondition(pod, newCondition("Ready", "False", null, "ReadinessGatesNotReady", msgs.join(", ")));
}

/** Interface.Update(pod, old, new, {GracePeriodSeconds: grace}) at `now`; `podJSON` = json.Marshal(pod). */
export function inPlaceUpdate(pod: TV, podJSON: ByteSink, oldRev: RevisionInput, newRev: RevisionInput, grace: i32, now: KTime, resize: bool): LifecycleResult | null {
  const res = new LifecycleResult();
  const s = calculateInPlaceUpdateSpec(oldRev, newRev, grace);
  if (s.spec === null) { res.pod = podJSON; return res; }
  const spec = s.spec!;
  res.inPlace = true;
  const m = podMap(podJSON);
  if (m === null) return null;
  if (podNeedsBeUnready(pod, spec)) {
    // v1.8.x skipped the whole status update when an equal (status, reason, message) condition existed
    const cur = condition(m, GATE);
    const equal = cur !== null && gstr(cur, "status") == "False" && gstr(cur, "reason") == "StartInPlaceUpdate" && gstr(cur, "message") == "";
    if (!(KruiseOptions.minor == 8 && equal)) {
      setPodCondition(m, newCondition(GATE, "False", now, "StartInPlaceUpdate", ""));
      setPodReadyCondition(m, pod);
    }
  }
  const meta = ensureMap(m, "metadata");
  setStr(ensureMap(meta, "labels"), REVISION_LABEL, spec.revision);
  const ann = ensureMap(meta, "annotations");
  const state = new InPlaceState();
  state.revision = spec.revision;
  state.updateTimestamp = now;
  state.updateEnvFromMetadata = spec.updateEnvFromMetadata;
  state.updateImages = spec.containerImages.size > 0;
  state.updateResources = spec.containerResources.size > 0;
  const sb = new ByteSink(128);
  state.write(sb);
  setStr(ann, STATE_KEY, String.UTF8.decodeUnsafe(sb.ptr, <usize>sb.len));
  delKey(ann, STATE_KEY_OLD);
  if (spec.graceSeconds <= 0) {
    const r = patchUpdateSpecToPod(marshal(m), spec, state, now, resize);
    if (r === null) return null;
    const m2 = podMap(r.pod);
    if (m2 === null) return null;
    const a2 = gmap(gmap(m2, "metadata"), "annotations");
    delKey(a2, GRACE_KEY);
    delKey(a2, GRACE_KEY_OLD);
    res.pod = marshal(m2);
  } else {
    const gb = new ByteSink(128);
    spec.write(gb);
    setStr(ann, GRACE_KEY, String.UTF8.decodeUnsafe(gb.ptr, <usize>gb.len));
    res.pod = marshal(m);
    res.delaySeconds = grace;
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

/** Why the last parseState / parseSpec failed (Go's syntax error text, or a summary of a type error). */
class ParseError {
  static message: string = "";
}

/** json.Unmarshal of a state annotation; null (ParseError.message set) when it fails. */
function parseState(text: string): InPlaceState | null {
  const b = String.UTF8.encode(text);
  const t = readJSON(changetype<usize>(b), b.byteLength, new ReadOptions());
  if (t === null) { ParseError.message = takeErrorMessage(); return null; }
  const s = readState(t, 0);
  if (s === null) ParseError.message = "json: cannot unmarshal the annotation into Go value of type pub.InPlaceUpdateState";
  return s;
}

/** json.Unmarshal of a grace annotation; null (ParseError.message set) when it fails. */
function parseSpec(text: string): UpdateSpec | null {
  const b = String.UTF8.encode(text);
  const t = readJSON(changetype<usize>(b), b.byteLength, new ReadOptions());
  if (t === null) { ParseError.message = takeErrorMessage(); return null; }
  const s = readUpdateSpec(t, 0);
  if (s === null) ParseError.message = "json: cannot unmarshal the annotation into Go value of type inplaceupdate.UpdateSpec";
  return s;
}

/** Interface.Refresh(pod) at `now`. */
export function inPlaceRefresh(pod: TV, podJSON: ByteSink, now: KTime, resize: bool): LifecycleResult | null {
  const res = new LifecycleResult();
  res.pod = podJSON;
  const grace = annotation(pod, GRACE_KEY, GRACE_KEY_OLD);
  if (grace !== null && grace.length > 0) {
    const spec = parseSpec(grace!);
    if (spec === null) { res.error = ParseError.message; return res; }
    const stateText = annotation(pod, STATE_KEY, STATE_KEY_OLD);
    if (stateText === null) { res.error = "pod has apps.kruise.io/inplace-update-grace but apps.kruise.io/inplace-update-state not found"; return res; }
    const state = parseState(stateText!);
    if (state === null) return res;
    const m = podMap(podJSON);
    if (m === null) return null;
    if (podLabels(pod).get(REVISION_LABEL) != spec.revision) {
      const a = gmap(gmap(m, "metadata"), "annotations");
      delKey(a, GRACE_KEY);
      delKey(a, GRACE_KEY_OLD);
      res.pod = marshal(m);
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
    const r = patchUpdateSpecToPod(podJSON, spec, state, now, resize);
    if (r === null) return null;
    const m2 = podMap(r.pod);
    if (m2 === null) return null;
    const a2 = gmap(gmap(m2, "metadata"), "annotations");
    delKey(a2, GRACE_KEY);
    delKey(a2, GRACE_KEY_OLD);
    res.pod = marshal(m2);
    return res;
  }
  const stateText = annotation(pod, STATE_KEY, STATE_KEY_OLD);
  if (stateText !== null) {
    const state = parseState(stateText!);
    if (state === null) { res.error = ParseError.message; return res; }
    if (checkContainersUpdateCompleted(pod, state) !== null) return res;
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
      const fresh = parseState(stateText!)!;
      if (fresh.nextContainerImages.size > 0 || fresh.nextContainerRefMetadata.size > 0) {
        const spec = new UpdateSpec();
        spec.containerImages = fresh.nextContainerImages;
        spec.containerRefMetadata = fresh.nextContainerRefMetadata;
        spec.updateEnvFromMetadata = fresh.updateEnvFromMetadata;
        spec.containerResources = fresh.nextContainerResources;
        const r = patchUpdateSpecToPod(podJSON, spec, fresh, now, resize);
        if (r === null) return null;
        res.pod = r.pod;
        return res;
      }
    }
  }
  if (!hasReadinessGate(pod)) return res;
  const m = podMap(podJSON);
  if (m === null) return null;
  const cur = condition(m, GATE);
  if (cur !== null && gstr(cur, "status") == "True" && gstr(cur, "reason") == "" && gstr(cur, "message") == "") return res;
  setPodCondition(m, newCondition(GATE, "True", now, "", ""));
  res.pod = marshal(m);
  return res;
}

/** A bool value of the typed view. */
function readyOf(v: TV): bool {
  return v.v !== null && (<IntV>v.v).v != 0;
}
