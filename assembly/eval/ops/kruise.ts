// Ops of OpenKruise in-place update (engine: assembly/upstream/kruise/inplaceupdate/, composed with the shortcuts
// the request's `exact` bits allow in assembly/verdict/inplace.ts):
//   kruise.inplaceSpec {oldRevision|oldRevisionText, newRevision|newRevisionText, gates?, gracePeriodSeconds?, kruise?, exact?, exactDecode?}
//     → {inPlace, updateSpec (Kruise's json.Marshal of UpdateSpec as a string, null when not in place), reasons}
//   kruise.patchPod {pod|podText, updateSpec|updateSpecText, state?|stateText?, now, gates?, serverVersion?, kruise?, exact?, exactPath?}
//     → {pod, state, resizePatch} (exactPath: true, an alias of exact: true, skips every shortcut; same answer;
//     otherwise the last call's UpdateSpec and splice plan are reused when their inputs are the same bytes: specmemo.ts)
//   kruise.patchPods {pods|podsText, updateSpec|updateSpecText, state?|stateText?, now, gates?, serverVersion?, kruise?, maxPods?, exact?, exactPath?}
//     → {results: [{pod, state, resizePatch}, ...]} (kruise.patchPod per pod, the updateSpec read once; each
//     pod's working memory is released after its answer is written: memory does not grow with the count;
//     more than maxPods pods (default 100,000) or an answer over 256 MiB is E_TOO_LARGE)
//   kruise.completed {pod|podText, gates?, kruise?} → {completed, message?}
// Fields are checked in the oracle's order (test/oracle/k8s/harness/kruise_inplace.go): unknown fields,
// kruise, gates, then the op's own fields.

import { ByteSink } from "../../io/sink";
import { arenaMark, keepAndRelease } from "../../io/arena";
import { Tape, K_NUMBER, K_OBJECT, K_ARRAY, K_STRING, F_INT } from "../../json/tape";
import { fail, hasError, clearError, errorCode, setErrorPath, E_BAD_REQUEST, E_UNSUPPORTED_VERSION, E_TOO_LARGE, E_JSON_SYNTAX } from "../../base/errors";
import { EXACT_KRUISESPEC, EXACT_PODSPLICE, EXACT_TRANSCODE, EXACT_MEMO, shortcutOn } from "../../base/exact";
import { KRUISE_MINOR, K8S_NEWEST_GO } from "../../base/pins";
import { Limits } from "../../base/limits";
import { TopFields } from "../../fast/transcode/state";
import { Request, onlyFields } from "./request";
import { ResultWriter } from "../../json/resultwriter";
import { writeJSONStr } from "../../json/strings";
import { readJSON, ReadOptions } from "../../json/reader";
import { Value } from "../../json/value";
import { Decoder, DecodeOptions } from "../../typed/decode";
import { parseTimeRFC3339 } from "../../typed/time";
import { minorIndex } from "../../schema/schema";
import { k8sValue, k8sString, parseDotMinor } from "./k8sfields";
import { updateState, InPlaceState, KTime } from "../../upstream/kruise/inplaceupdate/state";
import { readUpdateSpec, readState } from "../../upstream/kruise/inplaceupdate/unmarshal";
import { defaultPatchUpdateSpecToPod, PatchOptions } from "../../upstream/kruise/inplaceupdate/patchpod";
import { encodeTyped } from "../../upstream/kruise/inplaceupdate/typedpod";
import { UpdateSpec, plainQuoted, lit } from "../../upstream/kruise/inplaceupdate/model";
import { checkInPlaceUpdateCompleted } from "../../upstream/kruise/inplaceupdate/completed";
import { evaluateStrategy } from "../../upstream/kruise/inplaceupdate/strategy";
import { inPlaceUpdate, inPlaceRefresh } from "../../upstream/kruise/inplaceupdate/lifecycle";
import { KruiseOptions } from "../../upstream/kruise/inplaceupdate/options";
import { TV } from "../../upstream/kruise/inplaceupdate/typed";
import { defaultCalculateInPlaceUpdateSpec } from "../../upstream/kruise/inplaceupdate/calculate";
import { RevisionInput, revisionInput, rawNode } from "../../upstream/kruise/inplaceupdate/revision";
import { Reason, SpecResult } from "../../upstream/kruise/inplaceupdate/reasons";
import { kruiseType, T_POD, T_REVISION, T_POD_TEMPLATE_SPEC } from "../../upstream/kruise/inplaceupdate/types";
import { revisionFromTape } from "../../fast/kruisespec/revisiontape";
import { splicePatchPod, SpliceWhy, SplicePrep, prepareSplice } from "../../fast/podsplice/podsplice";
import { recallSpec, rememberSpec, recallPlan, rememberPlan, putInt, putBytes } from "../../fast/podsplice/specmemo";
import { transcodeStored, MAX_DEPTH } from "../../fast/transcode/transcode";
import { calculateOptions, patchOptions } from "../../verdict/inplace";
import { boolField } from "./hash";
import { PodRanges } from "./podsline";
import { readKruiseOptions, readExact } from "./kruisefields";

/** Default of kruise.patchPods' `maxPods`: more pods in one request is E_TOO_LARGE. */
const MAX_PODS_DEFAULT: i64 = 100000;
/** Largest kruise.patchPods answer (bytes): past it the request is E_TOO_LARGE (an output buffer cannot reach 1 GiB). */
const MAX_ANSWER: i32 = 256 << 20;

/** A typed value of the release's Kubernetes type `ty` from field `name` (an object); null with an error. */
function kruiseTyped(req: Request, name: string, ty: i32, what: string, gates: KruiseOptions): TV | null {
  const v = k8sValue(req, name);
  if (v === null) return null;
  return kruiseTypedOf(v, name, ty, what, gates);
}

/** A typed value of the release's Kubernetes type `ty` from request value `v` of field `name`; null with an error. */
function kruiseTypedOf(v: Value, name: string, ty: i32, what: string, gates: KruiseOptions): TV | null {
  if (v.tape.kind(v.node) != K_OBJECT) {
    fail(E_BAD_REQUEST, "\"" + name + "\" must be " + what, -1, name);
    return null;
  }
  const o = new DecodeOptions();
  o.minor = gates.k8sMinor();
  o.goMinor = gates.go();
  o.warnings = false;
  const d = new Decoder(v.tape, o);
  d.jit.dataStart = v.tape.rawStart(v.node);
  d.jit.dataEnd = v.tape.rawEnd(v.node);
  const val = d.decodeTop(ty, v.node);
  if (hasError()) { setErrorPath(name); return null; }
  return new TV(ty, val);
}

/** The release's v1.Pod type. */
function podType(gates: KruiseOptions): i32 {
  return kruiseType(T_POD, gates.k8sMinor());
}

/** A pod field as a typed v1.Pod; null with an error. */
function typedPod(req: Request, gates: KruiseOptions): TV | null {
  return kruiseTyped(req, "pod", podType(gates), "a Pod object", gates);
}

/**
 * A ControllerRevision field as the calculation reads it, its data node reused from the request tape: read
 * straight from the tape once its decode is proven (fast/kruisespec/revisiontape.ts) when `exact` allows,
 * else decoded (which reports errors). Null with an error.
 */
function kruiseRevision(req: Request, name: string, gates: KruiseOptions, exact: u32): RevisionInput | null {
  const v = k8sValue(req, name);
  if (v === null) return null;
  if (shortcutOn(exact, EXACT_KRUISESPEC)) {
    const fast = revisionFromTape(v.tape, v.node, gates.k8sMinor());
    if (fast !== null) return fast;
  }
  const tv = kruiseTypedOf(v, name, kruiseType(T_REVISION, gates.k8sMinor()), "a ControllerRevision object", gates);
  if (tv === null) return null;
  const r = revisionInput(tv);
  const node = rawNode(v.tape, v.node, r.data);
  if (node >= 0) { r.tape = v.tape; r.node = node; }
  return r;
}

/** Optional int32 field (the oracle's int32Field); `def` when absent, null with an error when bad. */
export function int32Field(req: Request, name: string, def: i32): i64 {
  const i = req.field(name);
  if (i < 0) return def;
  const t = req.tape;
  if (t.kind(i) != K_NUMBER || !(t.flags(i) & F_INT) || t.len(i) > 11) {
    fail(E_BAD_REQUEST, "\"" + name + "\" must be an int32 integer", -1, name);
    return i64.MIN_VALUE;
  }
  const s = String.UTF8.decodeUnsafe(t.ptr(i), <usize>t.len(i));
  const v = I64.parseInt(s);
  if (v < -2147483648 || v > 2147483647 || (s.length > 1 && s.charCodeAt(s.charCodeAt(0) == 0x2d ? 1 : 0) == 0x30)) {
    fail(E_BAD_REQUEST, "\"" + name + "\" must be an int32 integer", -1, name);
    return i64.MIN_VALUE;
  }
  return v;
}

/** Writes a string member value of the answer (printable ASCII as it is). */
function answerStr(o: ByteSink, s: string): void {
  if (!plainQuoted(o, s, false)) writeJSONStr(o, s);
}

function writeReasons(res: ResultWriter, reasons: Array<Reason>): void {
  const o = res.key("reasons");
  o.byte(0x5b);
  for (let i = 0; i < reasons.length; i++) {
    const r = reasons[i];
    if (i > 0) o.byte(0x2c);
    lit(o, "{\"path\":");
    answerStr(o, r.path);
    lit(o, ",\"op\":");
    answerStr(o, r.op);
    lit(o, r.inPlace ? ",\"inPlace\":true,\"message\":" : ",\"inPlace\":false,\"message\":");
    answerStr(o, r.message);
    o.byte(0x7d);
  }
  o.byte(0x5d);
}


/** `kruise.inplaceSpec`: defaultCalculateInPlaceUpdateSpec on two ControllerRevisions, with reasons. */
export function opKruiseInplaceSpec(req: Request, res: ResultWriter): bool {
  if (!onlyFields(req, ["oldRevision", "oldRevisionText", "newRevision", "newRevisionText", "gates", "gracePeriodSeconds", "kruise", "exactDecode"])) return false;
  const gates = readKruiseOptions(req);
  if (gates === null) return false;
  const grace = int32Field(req, "gracePeriodSeconds", 0);
  if (grace == i64.MIN_VALUE) return false;
  // exactDecode (engine-only test option, an alias of exact: true): the exact path everywhere (whole decodes, whole diff, strategic merge patch)
  const exact = readExact(req, "exactDecode");
  if (exact < 0) return false;
  const ov = kruiseRevision(req, "oldRevision", gates, <u32>exact);
  if (ov === null) return false;
  const nv = kruiseRevision(req, "newRevision", gates, <u32>exact);
  if (nv === null) return false;
  const r = defaultCalculateInPlaceUpdateSpec(ov, nv, calculateOptions(gates, <i32>grace, <u32>exact));
  if (hasError()) return false;
  res.bool("inPlace", r.spec !== null);
  if (r.spec !== null) {
    const b = new ByteSink(256);
    r.spec!.write(b);
    res.strBytes("updateSpec", b.ptr, b.len);
  } else {
    res.key("updateSpec").ascii("null");
  }
  writeReasons(res, r.reasons);
  return true;
}

/** The state PatchSpecToPod starts from: the request's (re-read for every pod: it is changed), or the one Update writes. */
function startState(st: Value | null, spec: UpdateSpec, now: KTime, kruise: i32): InPlaceState {
  return st !== null ? readState(st.tape, st.node, kruise)! : updateState(spec, now, kruise);
}

const STATE_REFUSED = "\"state\" must be an InPlaceUpdateState object";
const SPEC_REFUSED = "\"updateSpec\" must be an UpdateSpec object";

/** The request's state or updateSpec refused (json.Unmarshal failed or not an object): E_BAD_REQUEST, unless an engine failure is already in the slot. */
function failUnlessEngine(message: string, path: string): bool {
  if (hasError()) return false;
  return fail(E_BAD_REQUEST, message, -1, path);
}

/** The request's `name` / `nameText` that Kruise json.Unmarshals: a text that is not JSON is refused as json.Unmarshal refuses it (`refused`, E_BAD_REQUEST). */
function structValue(req: Request, name: string, refused: string): Value | null {
  const v = k8sValue(req, name);
  if (v === null && errorCode() == E_JSON_SYNTAX) {
    clearError();
    fail(E_BAD_REQUEST, refused, -1, name);
  }
  return v;
}

/** The options of one PatchSpecToPod call besides the pod: gates, server, the shortcuts allowed, requireFastPath. */
class PodCall {
  patch: PatchOptions;
  constructor(public gates: KruiseOptions, public server: i32, public exact: u32, public requireSplice: bool) {
    this.patch = patchOptions(gates, server, exact);
  }
}

/** `kruise.patchPod`: defaultPatchUpdateSpecToPod on a pod, with time `now`; `pods`: the pod's range in a line read by eval/lines/patchpods.ts. */
export function opKruisePatchPod(req: Request, res: ResultWriter, pods: PodRanges | null): bool {
  if (!onlyFields(req, ["pod", "podText", "updateSpec", "updateSpecText", "state", "stateText", "now", "gates", "serverVersion", "kruise", "exactPath", "requireFastPath"])) return false;
  const gates = readKruiseOptions(req);
  if (gates === null) return false;
  const exact = readExact(req, "exactPath");
  if (exact < 0) return false;
  // requireFastPath (engine-only test option): fail instead of taking the exact path, so tests see the splice's reach
  const require = boolField(req, "requireFastPath");
  if (require < 0) return false;
  const server = serverMinor(req);
  if (server < 0) return false;
  const now = nowField(req, false);
  if (now === null) return false;
  const pv = k8sValue(req, "pod");
  if (pv === null) return false;
  if (pods !== null && (exact != 0 || require == 1 || pv.tape.children(pv.node) != 0)) return fail(E_BAD_REQUEST, "kruise.patchPod: unexpected line mode");
  const call = new PodCall(gates, server, <u32>exact, require == 1);
  const pod = pods !== null ? linePod(pods, 0, "pod", call) : podInput(pv, "pod", call);
  if (pod === null) return false;
  // the UpdateSpec of the last call whose spec bytes and read limits were the same (specmemo.ts), else read
  const key: ByteSink | null = shortcutOn(call.exact, EXACT_MEMO) ? specKey(req, gates.minor) : null;
  const spec = podSpec(req, key, gates.minor);
  if (spec === null) return false;
  let st: Value | null = null;
  if (req.field("state") >= 0 || req.field("stateText") >= 0) {
    st = structValue(req, "state", STATE_REFUSED);
    if (st === null) return false;
    if (readState(st.tape, st.node, gates.minor) === null) return failUnlessEngine(STATE_REFUSED, "state");
  }
  const state = startState(st, spec, now, gates.minor);
  // the last call's plan, kept with everything it depends on besides the pod's reads (podsplice.ts checks those)
  let prep: SplicePrep | null = null;
  let pkey: ByteSink | null = null;
  if (key !== null) {
    pkey = planKey(req, key, server, gates);
    prep = prepareSplice(spec);
    recallPlan(pkey, prep);
  }
  const ok = patchPodInto(res, pod, spec, state, now, call, prep);
  if (ok && !hasError() && prep !== null) rememberPlan(pkey!, prep);
  return ok;
}

/** The request's UpdateSpec: the memo's copy when `key` matches its key (specmemo.ts), else read (and kept); null with an error. */
function podSpec(req: Request, key: ByteSink | null, kruise: i32): UpdateSpec | null {
  if (key !== null) {
    const m = recallSpec(key);
    if (m !== null) return m;
  }
  const v = structValue(req, "updateSpec", SPEC_REFUSED);
  if (v === null) return null;
  const spec = readUpdateSpec(v.tape, v.node, kruise);
  if (spec === null) { failUnlessEngine(SPEC_REFUSED, "updateSpec"); return null; }
  if (key !== null) rememberSpec(key, spec);
  return spec;
}

/**
 * The memo key of the request's UpdateSpec (specmemo.ts): which field holds it, its exact bytes and the
 * request's read limits; null (no memo) unless exactly one of updateSpec / updateSpecText is there (a text
 * a string), so every error is the reading's own.
 */
function specKey(req: Request, kruise: i32): ByteSink | null {
  const i = req.field("updateSpec");
  const j = req.field("updateSpecText");
  if ((i >= 0) == (j >= 0)) return null;
  const t = req.tape;
  if (j >= 0 && t.kind(j) != K_STRING) return null;
  const n = i >= 0 ? i : j;
  const s = t.rawStart(n);
  const e = t.rawEnd(n);
  const b = new ByteSink(e - s + 64);
  putInt(b, i >= 0 ? 0 : 1);
  putInt(b, kruise); // the Kubernetes types of the templates inside it differ by release
  putInt(b, req.opts.maxDepth);
  putInt(b, req.opts.maxBytes);
  putBytes(b, t.src + <usize>s, e - s);
  return b;
}

/** The bytes of request field `name` (-1 when absent) appended to `b`. */
function putField(b: ByteSink, req: Request, name: string): void {
  const i = req.field(name);
  if (i < 0) { putInt(b, -1); return; }
  const t = req.tape;
  putInt(b, t.kind(i));
  putBytes(b, t.src + <usize>t.rawStart(i), t.rawEnd(i) - t.rawStart(i));
}

/** The memo key of the plan: the spec's key, the time's and state's bytes, the gates and release, the server. */
function planKey(req: Request, specK: ByteSink, server: i32, gates: KruiseOptions): ByteSink {
  const b = new ByteSink(specK.len + 256);
  putBytes(b, specK.ptr, specK.len);
  putField(b, req, "now");
  putField(b, req, "state");
  putField(b, req, "stateText");
  putInt(b, gates.minor);
  putInt(b, (gates.envFromMetadata ? 1 : 0) | (gates.verticalScaling ? 2 : 0) | (gates.recreateOnVCTChange ? 4 : 0) | (gates.kruiseDaemon ? 8 : 0) | (req.opts.goMinor < 15 ? 16 : 0));
  putInt(b, server);
  return b;
}

/** A pod to patch: its Go JSON from the transcoder (`g`, typed decode deferred) or its typed decode (`pod`). */
class PodIn {
  g: ByteSink | null = null;
  /** The transcoder's top-level value ranges of `g` (null when `g` is not the transcoder's). */
  top: TopFields | null = null;
  /** No number token of 16 or more characters in the pod's text (its integers are copied as they are). */
  noLongNumbers: bool = false;
  pod: TV | null = null;
  /** The pod's request value; null for a pod of a line read by eval/lines/patchpods.ts until `value()` reads its bytes. */
  v: Value | null = null;
  p: usize = 0;
  n: i32 = 0;
  constructor(public name: string) {}

  /** The pod's request value (a tape of its own bytes for a line's pod); null with an error. */
  value(): Value | null {
    if (this.v !== null) return this.v;
    const o = new ReadOptions();
    o.maxDepth = Limits.maxDepth;
    o.maxBytes = 0x7fffffff;
    const t = readJSON(this.p, this.n, o);
    if (t === null) return null;
    this.v = new Value(t, 0, 0);
    return this.v;
  }
}

/** True when the subtree at `node` has a number of 16 or more characters. */
function longNumber(t: Tape, node: i32): bool {
  const end = t.next(node);
  for (let i = node; i < end; i++) if (t.kind(i) == K_NUMBER && t.end(i) - t.start(i) >= 16) return true;
  return false;
}

/**
 * The pod of request value `v` (field `name`): json.Marshal of its decode written by the transcoder straight
 * from its bytes where `exact` allows (assembly/fast/transcode/: true only when that is proved); otherwise its
 * typed decode. Null with the decode's error.
 */
function podInput(v: Value, name: string, call: PodCall): PodIn | null {
  const r = new PodIn(name);
  r.v = v;
  const t = v.tape;
  if (shortcutOn(call.exact, EXACT_TRANSCODE) && t.kind(v.node) == K_OBJECT && !hasError()) {
    const n = t.rawEnd(v.node) - t.rawStart(v.node);
    if (transcodePod(r, t.src + <usize>t.rawStart(v.node), n, call.gates)) {
      r.noLongNumbers = !longNumber(t, v.node);
      return r;
    }
  }
  r.pod = kruiseTypedOf(v, name, podType(call.gates), "a Pod object", call.gates);
  return r.pod === null ? null : r;
}

/** The transcoder's Go JSON of the pod text [p, p+n) into `r.g`; false (no error left) when it does not answer. */
function transcodePod(r: PodIn, p: usize, n: i32, gates: KruiseOptions): bool {
  const g = new ByteSink(n + (n >> 3) + 256);
  const top = new TopFields();
  if (transcodeStored(podType(gates), p, n, gates.go(), g, MAX_DEPTH, top) && !hasError()) {
    r.g = g;
    r.top = top;
    return true;
  }
  clearError();
  return false;
}

/**
 * Pod `i` of a line read without a tape of its pods (`pods`, eval/lines/patchpods.ts): the transcoder on its
 * bytes (where `exact` allows), else its typed decode from a tape of its own bytes. Null with an error.
 */
function linePod(pods: PodRanges, i: i32, name: string, call: PodCall): PodIn | null {
  const s = pods.start(i);
  const r = new PodIn(name);
  r.p = pods.src + <usize>s;
  r.n = pods.end(i) - s;
  if (shortcutOn(call.exact, EXACT_TRANSCODE) && load<u8>(r.p) == 0x7b && !hasError() && transcodePod(r, r.p, r.n, call.gates)) {
    r.noLongNumbers = !pods.long(i);
    return r;
  }
  const v = r.value();
  if (v === null) return null;
  r.pod = kruiseTypedOf(v, name, podType(call.gates), "a Pod object", call.gates);
  return r.pod === null ? null : r;
}

/**
 * PatchSpecToPod on one pod; writes the members pod, state and resizePatch. Where `call.exact` allows, the
 * pod's Go JSON (the transcoder's, else the encoded typed pod) is patched as text (podsplice.ts) when that
 * provably gives the same answer; otherwise the typed pod is patched and encoded (the port, patchpod.ts).
 * `prep`: the spec's MetaDataPatch read once for many pods (kruise.patchPods).
 */
function patchPodInto(res: ResultWriter, in_: PodIn, spec: UpdateSpec, state: InPlaceState, now: KTime, call: PodCall, prep: SplicePrep | null): bool {
  const podT = podType(call.gates);
  const splice = shortcutOn(call.exact, EXACT_PODSPLICE);
  const why = new SpliceWhy();
  if (splice) {
    // the transcoder proves its Quantities' texts marshal back to themselves; the encoded pod's are checked
    let g = in_.g;
    if (g === null) {
      g = encodeTyped(in_.pod!.t, in_.pod!.v);
      if (g === null) clearError();
    }
    why.reason = "the pod does not encode";
    if (g !== null && splicePatchPod(res, g.ptr, g.len, podT, in_.top, in_.noLongNumbers, spec, state, now, call.gates, why, prep)) return true;
  }
  if (call.requireSplice) return fail(E_BAD_REQUEST, "requireFastPath: the text splice does not apply: " + (splice ? why.reason : "exactPath"), -1, "requireFastPath");
  let pod = in_.pod;
  if (pod === null) {
    const v = in_.value();
    if (v === null) return false;
    pod = kruiseTypedOf(v, in_.name, podT, "a Pod object", call.gates);
    if (pod === null) return false;
  }
  const r = defaultPatchUpdateSpecToPod(pod, spec, state, now, call.patch);
  if (r === null) return false;
  const out = encodeTyped(r.pod.t, r.pod.v);
  if (out === null) return false;
  res.strBytes("pod", out.ptr, out.len);
  const so = new ByteSink(256);
  state.write(so);
  res.strBytes("state", so.ptr, so.len);
  const rp = r.resizePatch;
  if (rp === null) res.key("resizePatch").ascii("null");
  else res.strBytes("resizePatch", rp.ptr, rp.len);
  return true;
}

/**
 * `kruise.patchPods`: `kruise.patchPod` on every pod of `pods` (an array) with one updateSpec, state and
 * time; `{results: [{pod, state, resizePatch}, ...]}`, each element what kruise.patchPod answers for that
 * pod. The updateSpec is read once; a pod that fails fails the op (path `pods[i]`). `pods` (the argument):
 * the pods' ranges in a line read by eval/lines/patchpods.ts.
 */
export function opKruisePatchPods(req: Request, res: ResultWriter, pods: PodRanges | null): bool {
  if (!onlyFields(req, ["pods", "podsText", "updateSpec", "updateSpecText", "state", "stateText", "now", "gates", "serverVersion", "kruise", "maxPods", "exactPath"])) return false;
  const gates = readKruiseOptions(req);
  if (gates === null) return false;
  const exact = readExact(req, "exactPath");
  if (exact < 0) return false;
  const server = serverMinor(req);
  if (server < 0) return false;
  const now = nowField(req, true);
  if (now === null) return false;
  if (req.field("pods") < 0 && req.field("podsText") < 0) return fail(E_BAD_REQUEST, "missing \"pods\"", -1, "pods");
  const pv = k8sValue(req, "pods");
  if (pv === null) return false;
  const pt = pv.tape;
  if (pt.kind(pv.node) != K_ARRAY) return fail(E_BAD_REQUEST, "\"pods\" must be an array of Pod objects", -1, "pods");
  const sv = structValue(req, "updateSpec", SPEC_REFUSED);
  if (sv === null) return false;
  const spec = readUpdateSpec(sv.tape, sv.node, gates.minor);
  if (spec === null) return failUnlessEngine(SPEC_REFUSED, "updateSpec");
  let st: Value | null = null;
  if (req.field("state") >= 0 || req.field("stateText") >= 0) {
    st = structValue(req, "state", STATE_REFUSED);
    if (st === null) return false;
    if (readState(st.tape, st.node, gates.minor) === null) return failUnlessEngine(STATE_REFUSED, "state");
  }
  const maxPods = req.int("maxPods", MAX_PODS_DEFAULT);
  if (hasError()) return false;
  if (pods !== null && (exact != 0 || pt.children(pv.node) != 0)) return fail(E_BAD_REQUEST, "kruise.patchPods: unexpected line mode");
  const n = pods !== null ? pods.count : pt.children(pv.node);
  if (<i64>n > maxPods) return fail(E_TOO_LARGE, "kruise.patchPods: " + n.toString() + " pods, more than maxPods (" + maxPods.toString() + ")", -1, "pods");
  const call = new PodCall(gates, server, <u32>exact, false);
  const o = res.key("results");
  // room for the answers up front (each pod's text escaped, plus its state): growing the output while
  // pods are released leaves the old copies behind
  const raw = <i64>(pods !== null ? pods.rawLen : pt.rawEnd(pv.node) - pt.rawStart(pv.node));
  const want = raw + (raw >> 1) + <i64>n * 1024;
  o.reserve(<i32>min<i64>(want, <i64>MAX_ANSWER));
  o.byte(0x5b);
  // the MetaDataPatch read once, before the per-pod marks (the splice's)
  const prep: SplicePrep | null = shortcutOn(call.exact, EXACT_PODSPLICE) ? prepareSplice(spec) : null;
  let e = pv.node + 1;
  for (let i = 0; i < n; i++) {
    // each pod's working memory is released once its answer is in `o` (bounded memory for any count)
    const mark = arenaMark();
    // (a line's errors are never shown: the tape path answers the line again)
    const name = pods !== null ? "pods" : "pods[" + i.toString() + "]";
    const pod = pods !== null ? linePod(pods, i, name, call) : podInput(new Value(pt, e, pt.rawStart(e)), name, call);
    if (pod === null) return false;
    // the answer goes straight into `o` (reserved above; should it grow, keepAndRelease moves it below the mark)
    if (i > 0) o.byte(0x2c);
    o.byte(0x7b);
    if (!patchPodInto(new ResultWriter(o), pod, spec, startState(st, spec, now, gates.minor), now, call, prep)) { setErrorPath(name); return false; } // only when the error has no path yet
    o.byte(0x7d);
    if (pods === null) e = pt.next(e);
    keepAndRelease(o, mark);
    if (o.len > MAX_ANSWER) return fail(E_TOO_LARGE, "kruise.patchPods: the answer exceeds " + MAX_ANSWER.toString() + " bytes", -1, "pods");
  }
  o.byte(0x5d);
  return true;
}

/** `kruise.completed`: DefaultCheckInPlaceUpdateCompleted. */
export function opKruiseCompleted(req: Request, res: ResultWriter): bool {
  if (!onlyFields(req, ["pod", "podText", "gates", "kruise"])) return false;
  const gates = readKruiseOptions(req);
  if (gates === null) return false;
  const pod = typedPod(req, gates);
  if (pod === null) return false;
  const m = checkInPlaceUpdateCompleted(pod, gates);
  if (hasError()) return false;
  res.bool("completed", m === null);
  if (m !== null) res.str("message", m);
  return true;
}

function strField(req: Request, name: string, def: string): string | null {
  if (req.field(name) < 0) return def;
  const b = k8sString(req, name);
  if (b === null) return null;
  return String.UTF8.decodeUnsafe(b.ptr, <usize>b.len);
}

/** `kruise.strategy`: webhook and controller outcome of a template change under an update policy. */
export function opKruiseStrategy(req: Request, res: ResultWriter): bool {
  if (!onlyFields(req, ["kind", "policy", "apiVersion", "oldTemplate", "oldTemplateText", "newTemplate", "newTemplateText", "gates", "gracePeriodSeconds", "podName", "kruise"])) return false;
  const gates = readKruiseOptions(req);
  if (gates === null) return false;
  const exact = readExact(req, null);
  if (exact < 0) return false;
  if (req.field("kind") < 0) return fail(E_BAD_REQUEST, "missing \"kind\"", -1, "kind");
  const kind = strField(req, "kind", "");
  if (kind === null) return false;
  if (kind != "CloneSet" && kind != "AdvancedStatefulSet") return fail(E_BAD_REQUEST, "kind must be \"CloneSet\" or \"AdvancedStatefulSet\"", -1, "kind");
  const policy = strField(req, "policy", "ReCreate");
  if (policy === null) return false;
  if (policy != "ReCreate" && policy != "InPlaceIfPossible" && policy != "InPlaceOnly") {
    return fail(E_BAD_REQUEST, "policy must be \"ReCreate\", \"InPlaceIfPossible\" or \"InPlaceOnly\"", -1, "policy");
  }
  const apiVersion = strField(req, "apiVersion", "v1beta1");
  if (apiVersion === null) return false;
  if (apiVersion != "v1alpha1" && apiVersion != "v1beta1") return fail(E_BAD_REQUEST, "apiVersion must be \"v1alpha1\" or \"v1beta1\"", -1, "apiVersion");
  const grace = int32Field(req, "gracePeriodSeconds", 0);
  if (grace == i64.MIN_VALUE) return false;
  const podName = strField(req, "podName", "<pod>");
  if (podName === null) return false;
  const tt = kruiseType(T_POD_TEMPLATE_SPEC, gates.k8sMinor());
  const ot = kruiseTyped(req, "oldTemplate", tt, "a PodTemplateSpec object", gates);
  if (ot === null) return false;
  const nt = kruiseTyped(req, "newTemplate", tt, "a PodTemplateSpec object", gates);
  if (nt === null) return false;
  const r = evaluateStrategy(kind, apiVersion, policy, ot, nt, podName, calculateOptions(gates, <i32>grace, <u32>exact));
  if (r === null || hasError()) { if (!hasError()) fail(E_BAD_REQUEST, "the templates cannot be compared"); return false; }
  res.str("policy", policy);
  res.bool("allowed", r.allowed);
  if (!r.allowed) res.str("message", r.message);
  const s = r.spec;
  res.bool("inPlace", s !== null && s.spec !== null);
  res.str("outcome", r.outcome);
  if (r.controllerError.length > 0) res.str("controllerError", r.controllerError);
  if (s !== null && s.spec !== null) {
    const b = new ByteSink(256);
    s.spec!.write(b);
    res.strBytes("updateSpec", b.ptr, b.len);
  } else res.key("updateSpec").ascii("null");
  const v = res.key("violations");
  v.byte(0x5b);
  for (let i = 0; i < r.violations.length; i++) { if (i > 0) v.byte(0x2c); writeJSONStr(v, r.violations[i]); }
  v.byte(0x5d);
  writeReasons(res, s !== null ? s.reasons : new Array<Reason>());
  return true;
}

/** `serverVersion` ("1.N", default Kruise's own minor, 1.32); -1 with an error. */
function serverMinor(req: Request): i32 {
  if (req.field("serverVersion") < 0) return KRUISE_MINOR;
  const b = k8sString(req, "serverVersion");
  if (b === null) return -1;
  const m = parseDotMinor(b);
  const text = String.UTF8.decodeUnsafe(b.ptr, <usize>b.len);
  if (m < 0 || minorIndex(m) < 0 || text != "1." + m.toString()) {
    fail(E_UNSUPPORTED_VERSION, "unsupported serverVersion \"" + text + "\"", -1, "serverVersion");
    return -1;
  }
  return m;
}

/** `now` (RFC 3339; `nanos`: keep its fraction); null with an error. */
function nowField(req: Request, nanos: bool): KTime | null {
  if (req.field("now") < 0) { fail(E_BAD_REQUEST, "missing \"now\"", -1, "now"); return null; }
  const nb = k8sString(req, "now");
  if (nb === null) return null;
  const pt = parseTimeRFC3339(nb.ptr, nb.len, K8S_NEWEST_GO);
  if (!pt.ok) { fail(E_BAD_REQUEST, "\"now\" must be an RFC 3339 time", -1, "now"); return null; }
  const now = new KTime();
  now.zero = pt.ext == 0 && pt.nsec == 0;
  now.ext = pt.ext;
  if (nanos) now.nsec = pt.nsec;
  return now;
}

/** Writes member `pod`: json.Marshal of the typed pod. */
function writePod(res: ResultWriter, pod: TV): bool {
  const out = encodeTyped(pod.t, pod.v);
  if (out === null) return false;
  res.strBytes("pod", out.ptr, out.len);
  return true;
}

/** `kruise.update`: Interface.Update on one pod (default revision adapter, no AdditionalFuncs). */
export function opKruiseUpdate(req: Request, res: ResultWriter): bool {
  if (!onlyFields(req, ["pod", "podText", "oldRevision", "oldRevisionText", "newRevision", "newRevisionText", "now", "gates", "gracePeriodSeconds", "serverVersion", "kruise"])) return false;
  const gates = readKruiseOptions(req);
  if (gates === null) return false;
  const exact = readExact(req, null);
  if (exact < 0) return false;
  const server = serverMinor(req);
  if (server < 0) return false;
  const now = nowField(req, true);
  if (now === null) return false;
  const grace = int32Field(req, "gracePeriodSeconds", 0);
  if (grace == i64.MIN_VALUE) return false;
  const pod = typedPod(req, gates);
  if (pod === null) return false;
  const ov = kruiseRevision(req, "oldRevision", gates, <u32>exact);
  if (ov === null) return false;
  const nv = kruiseRevision(req, "newRevision", gates, <u32>exact);
  if (nv === null) return false;
  const r = inPlaceUpdate(pod, ov, nv, calculateOptions(gates, <i32>grace, <u32>exact), now, patchOptions(gates, server, <u32>exact));
  if (r === null || hasError()) return false;
  res.bool("inPlace", r.inPlace);
  res.int("delaySeconds", r.delaySeconds);
  if (!writePod(res, r.pod)) return false;
  if (r.error !== null) res.str("error", r.error!);
  return true;
}

/** `kruise.refresh`: Interface.Refresh on one pod. */
export function opKruiseRefresh(req: Request, res: ResultWriter): bool {
  if (!onlyFields(req, ["pod", "podText", "now", "gates", "serverVersion", "kruise"])) return false;
  const gates = readKruiseOptions(req);
  if (gates === null) return false;
  const exact = readExact(req, null);
  if (exact < 0) return false;
  const server = serverMinor(req);
  if (server < 0) return false;
  const now = nowField(req, true);
  if (now === null) return false;
  const pod = typedPod(req, gates);
  if (pod === null) return false;
  const r = inPlaceRefresh(pod, now, patchOptions(gates, server, <u32>exact));
  if (r === null || hasError()) return false;
  res.int("delaySeconds", r.delaySeconds);
  if (!writePod(res, r.pod)) return false;
  if (r.error !== null) res.str("error", r.error!);
  return true;
}
