// Ops of OpenKruise in-place update (engine: assembly/upstream/kruise/inplaceupdate/):
//   kruise.inplaceSpec {oldRevision|oldRevisionText, newRevision|newRevisionText, gates?, gracePeriodSeconds?, kruise?}
//     → {inPlace, updateSpec (Kruise's json.Marshal of UpdateSpec as a string, null when not in place), reasons}
//   kruise.patchPod {pod|podText, updateSpec|updateSpecText, state?|stateText?, now, gates?, serverVersion?, kruise?, exactPath?}
//     → {pod, state, resizePatch} (exactPath: true skips the text splice fast path; same answer; otherwise the
//     last call's UpdateSpec and splice plan are reused when their inputs are the same bytes: specmemo.ts)
//   kruise.patchPods {pods|podsText, updateSpec|updateSpecText, state?|stateText?, now, gates?, serverVersion?, kruise?}
//     → {results: [{pod, state, resizePatch}, ...]} (kruise.patchPod per pod, the updateSpec read once; each
//     pod's working memory is released after its answer is written: memory does not grow with the count)
//   kruise.completed {pod|podText, gates?, kruise?} → {completed, message?}
// Fields are checked in the oracle's order (test/oracle/k8s/harness/kruise_inplace.go): unknown fields,
// kruise, gates, then the op's own fields.

import { ByteSink } from "../../io/sink";
import { arenaMark } from "../../io/arena";
import { Tape, K_NUMBER, K_OBJECT, K_ARRAY, F_INT } from "../../json/tape";
import { fail, hasError, clearError, setErrorPath, E_BAD_REQUEST, E_UNSUPPORTED_VERSION } from "../../base/errors";
import { splicePatchPod, SpliceWhy, SplicePrep, prepareSplice } from "../../fast/podsplice/podsplice";
import { transcodeStored, MAX_DEPTH } from "../../fast/transcode/transcode";
import { TopFields } from "../../fast/transcode/state";
import { Request } from "./request";
import { ResultWriter } from "../../json/resultwriter";
import { writeJSONStr, writeJSONString } from "../../json/strings";
import { requestType } from "../../typed/types";
import { Decoder, DecodeOptions } from "../../typed/decode";
import { FieldCache } from "../../typed/fields";
import { k8sValue, k8sString, parseDotMinor } from "./k8sfields";
import { minorIndex } from "../../schema/schema";
import { readJSON, ReadOptions } from "../../json/reader";
import { Encoder, EncodeOptions } from "../../typed/encode";
import { parseRFC3339, ParsedTime } from "../../typed/time";
import { readUpdateSpec, readState, InPlaceState, KTime } from "../../upstream/kruise/inplaceupdate/state";
import { patchSpecToTypedPod, encodeTyped } from "../../upstream/kruise/inplaceupdate/patchtyped";
import { UpdateSpec, plainQuoted, lit } from "../../upstream/kruise/inplaceupdate/model";
import { checkInPlaceUpdateCompleted } from "../../upstream/kruise/inplaceupdate/completed";
import { evaluateStrategy } from "../../upstream/kruise/inplaceupdate/strategy";
import { inPlaceUpdate, inPlaceRefresh } from "../../upstream/kruise/inplaceupdate/lifecycle";
import { KruiseOptions, kruiseK8sMinor } from "../../upstream/kruise/inplaceupdate/options";
import { TV } from "../../upstream/kruise/inplaceupdate/typed";
import { calculateInPlaceUpdateSpec, revisionInput, revisionFromTape, rawNode, Reason, RevisionInput, SpecResult, ExactDecode } from "../../upstream/kruise/inplaceupdate/spec";
import { boolField } from "./hash";
import { PodsLine } from "./podsline";
import { keepAndRelease } from "../../io/arena";
import { Limits } from "../../base/limits";
import { recallSpec, rememberSpec, recallPlan, rememberPlan, putInt, putBytes } from "../../fast/podsplice/specmemo";
import { K_STRING } from "../../json/tape";
import { Value } from "../../json/value";
import { readKruiseOptions } from "./kruisefields";

/** Refuses request members other than op, id, limits and `allowed` (as the oracle's dispatch does). */
export function onlyFields(req: Request, allowed: Array<string>): bool {
  const t = req.tape;
  const n = t.children(0);
  let k = 1;
  for (let m = 0; m < n; m++) {
    const v = t.next(k);
    const name = String.UTF8.decodeUnsafe(t.ptr(k), <usize>t.len(k));
    if (name != "op" && name != "id" && name != "limits" && !allowed.includes(name)) {
      return fail(E_BAD_REQUEST, "unknown field \"" + name + "\"", -1, name);
    }
    k = t.next(v);
  }
  return true;
}

/** A typed value of Kubernetes 1.32 type `typeName` from field `name` (an object); null with an error. */
export function kruiseTyped(req: Request, name: string, typeName: string, what: string): TV | null {
  const v = k8sValue(req, name);
  if (v === null) return null;
  return kruiseTypedOf(v, name, typeName, what);
}

/** A typed value of Kubernetes 1.32 type `typeName` from request value `v` of field `name`; null with an error. */
function kruiseTypedOf(v: Value, name: string, typeName: string, what: string): TV | null {
  if (v.tape.kind(v.node) != K_OBJECT) {
    fail(E_BAD_REQUEST, "\"" + name + "\" must be " + what, -1, name);
    return null;
  }
  const ty = KruiseTypes.of(typeName);
  const o = new DecodeOptions();
  o.minor = kruiseK8sMinor();
  o.goMinor = 23;
  o.warnings = false;
  const d = new Decoder(v.tape, o);
  d.jit.dataStart = v.tape.rawStart(v.node);
  d.jit.dataEnd = v.tape.rawEnd(v.node);
  const val = d.decodeTop(ty, v.node);
  if (hasError()) { setErrorPath(name); return null; }
  return new TV(ty, val);
}

/** Schema handles of request type names at the release's Kubernetes minor, looked up once per process (static data). */
class KruiseTypes {
  static minor: i32 = -1;
  static pod: i32 = -1;
  static revision: i32 = -1;

  /** requestType(typeName, kruiseK8sMinor()), cached for Pod and ControllerRevision. */
  static of(typeName: string): i32 {
    const m = kruiseK8sMinor();
    if (KruiseTypes.minor != m) {
      KruiseTypes.pod = requestType("Pod", m);
      KruiseTypes.revision = requestType("ControllerRevision", m);
      KruiseTypes.minor = m;
    }
    if (typeName == "Pod") return KruiseTypes.pod;
    if (typeName == "ControllerRevision") return KruiseTypes.revision;
    return requestType(typeName, m);
  }
}

/** A ControllerRevision field as the calculation reads it; its data node reused from the request tape. Null with an error. */
export function kruiseRevision(req: Request, name: string): RevisionInput | null {
  const v = k8sValue(req, name);
  if (v === null) return null;
  // proven to decode: the three fields read from the tape (spec.ts revisionFromTape); else the decode, which reports errors
  if (!ExactDecode.on) {
    const fast = revisionFromTape(v.tape, v.node);
    if (fast !== null) return fast;
  }
  const tv = kruiseTypedOf(v, name, "ControllerRevision", "a ControllerRevision object");
  if (tv === null) return null;
  const r = revisionInput(tv.t, tv);
  const d = r.data;
  const node = rawNode(v.tape, v.node, d);
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

/** CalculateSpec on the request's two revisions; null with an error. */
function inplaceSpecOf(req: Request, grace: i32): SpecResult | null {
  const ov = kruiseRevision(req, "oldRevision");
  if (ov === null) return null;
  const nv = kruiseRevision(req, "newRevision");
  if (nv === null) return null;
  return calculateInPlaceUpdateSpec(ov, nv, grace);
}

/** `kruise.inplaceSpec`: defaultCalculateInPlaceUpdateSpec on two ControllerRevisions, with reasons. */
export function opKruiseInplaceSpec(req: Request, res: ResultWriter): bool {
  FieldCache.reset();
  if (!onlyFields(req, ["oldRevision", "oldRevisionText", "newRevision", "newRevisionText", "gates", "gracePeriodSeconds", "kruise", "exactDecode"])) return false;
  if (!readKruiseOptions(req)) return false;
  const grace = int32Field(req, "gracePeriodSeconds", 0);
  if (grace == i64.MIN_VALUE) return false;
  // exactDecode (engine-only test option): the exact path everywhere (whole decodes, whole diff, strategic merge patch)
  const exact = boolField(req, "exactDecode");
  if (exact < 0) return false;
  ExactDecode.on = exact == 1;
  const r = inplaceSpecOf(req, <i32>grace);
  ExactDecode.on = false;
  if (r === null || hasError()) return false;
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


/** `kruise.patchPod`: defaultPatchUpdateSpecToPod on a pod, with time `now`. */
export function opKruisePatchPod(req: Request, res: ResultWriter): bool {
  FieldCache.reset();
  if (!onlyFields(req, ["pod", "podText", "updateSpec", "updateSpecText", "state", "stateText", "now", "gates", "serverVersion", "kruise", "exactPath", "requireFastPath"])) return false;
  if (!readKruiseOptions(req)) return false;
  const exact = boolField(req, "exactPath");
  if (exact < 0) return false;
  // requireFastPath (engine-only test option): fail instead of taking the exact path, so tests see the splice's reach
  const require = boolField(req, "requireFastPath");
  if (require < 0) return false;
  const t = req.tape;
  let server = 32;
  const sv = req.field("serverVersion");
  if (sv >= 0) {
    const b = k8sString(req, "serverVersion");
    if (b === null) return false;
    const m = parseDotMinor(b);
    if (m < 0 || minorIndex(m) < 0 || String.UTF8.decodeUnsafe(b.ptr, <usize>b.len) != "1." + m.toString()) {
      return fail(E_UNSUPPORTED_VERSION, "unsupported serverVersion \"" + String.UTF8.decodeUnsafe(b.ptr, <usize>b.len) + "\"", -1, "serverVersion");
    }
    server = m;
  }
  if (req.field("now") < 0) return fail(E_BAD_REQUEST, "missing \"now\"", -1, "now");
  const nb = k8sString(req, "now");
  if (nb === null) return false;
  if (!parseRFC3339(nb.ptr, nb.len, 26)) return fail(E_BAD_REQUEST, "\"now\" must be an RFC 3339 time", -1, "now");
  const now = new KTime();
  now.zero = ParsedTime.ext == 0 && ParsedTime.nsec == 0;
  now.ext = ParsedTime.ext;
  const pv = k8sValue(req, "pod");
  if (pv === null) return false;
  // a line read without a tape of its pod (podsline.ts): the pod from its byte range
  const line = PodsLine.active;
  if (line && (exact == 1 || require == 1 || pv.tape.children(pv.node) != 0)) return fail(E_BAD_REQUEST, "kruise.patchPod: unexpected line mode");
  const pod = line ? linePod(0, "pod") : podInput(pv, "pod", exact == 1);
  if (pod === null) return false;
  // the UpdateSpec of the last call whose spec bytes and read limits were the same (specmemo.ts), else read
  const key: ByteSink | null = exact == 1 ? null : specKey(req);
  const spec = podSpec(req, key);
  if (spec === null) return false;
  let state: InPlaceState | null = null;
  if (req.field("state") >= 0 || req.field("stateText") >= 0) {
    const st = k8sValue(req, "state");
    if (st === null) return false;
    state = readState(st.tape, st.node);
    if (state === null) return fail(E_BAD_REQUEST, "\"state\" must be an InPlaceUpdateState object", -1, "state");
  } else {
    state = new InPlaceState();
    state.revision = spec.revision;
    state.updateTimestamp = now;
    state.updateEnvFromMetadata = spec.updateEnvFromMetadata;
    state.updateImages = spec.containerImages.size > 0;
    state.updateResources = spec.containerResources.size > 0;
  }
  // the last call's plan, kept with everything it depends on besides the pod's reads (podsplice.ts checks those)
  let prep: SplicePrep | null = null;
  let pkey: ByteSink | null = null;
  if (key !== null) {
    pkey = planKey(req, key!, server);
    prep = prepareSplice(spec);
    recallPlan(pkey!, prep!);
  }
  SpliceOnly.on = require == 1;
  const ok = patchPodInto(res, pod, spec, state!, now, server, exact == 1, prep);
  SpliceOnly.on = false;
  if (ok && !hasError() && prep !== null) rememberPlan(pkey!, prep);
  return ok;
}

/** The request's UpdateSpec: the memo's copy when `key` matches its key (specmemo.ts), else read (and kept); null with an error. */
function podSpec(req: Request, key: ByteSink | null): UpdateSpec | null {
  if (key !== null) {
    const m = recallSpec(key);
    if (m !== null) return m;
  }
  const v = k8sValue(req, "updateSpec");
  if (v === null) return null;
  const spec = readUpdateSpec(v.tape, v.node);
  if (spec === null) { fail(E_BAD_REQUEST, "\"updateSpec\" must be an UpdateSpec object", -1, "updateSpec"); return null; }
  if (key !== null) rememberSpec(key, spec);
  return spec;
}

/**
 * The memo key of the request's UpdateSpec (specmemo.ts): which field holds it, its exact bytes and the
 * request's read limits; null (no memo) unless exactly one of updateSpec / updateSpecText is there (a text
 * a string), so every error is the reading's own.
 */
function specKey(req: Request): ByteSink | null {
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
function planKey(req: Request, specK: ByteSink, server: i32): ByteSink {
  const b = new ByteSink(specK.len + 256);
  putBytes(b, specK.ptr, specK.len);
  putField(b, req, "now");
  putField(b, req, "state");
  putField(b, req, "stateText");
  putInt(b, KruiseOptions.minor);
  putInt(b, (KruiseOptions.envFromMetadata ? 1 : 0) | (KruiseOptions.verticalScaling ? 2 : 0) | (KruiseOptions.recreateOnVCTChange ? 4 : 0) | (KruiseOptions.kruiseDaemon ? 8 : 0) | (req.opts.goMinor < 15 ? 16 : 0));
  putInt(b, server);
  return b;
}

/** requireFastPath of the current kruise.patchPod. */
class SpliceOnly {
  static on: bool = false;
}

/** A pod to patch: its Go JSON from the transcoder (`g`, typed decode deferred) or its typed decode (`pod`). */
class PodIn {
  g: ByteSink | null = null;
  /** The transcoder's top-level value ranges of `g` (null when `g` is not the transcoder's). */
  top: TopFields | null = null;
  /** No number token of 16 or more characters in the pod's text (its integers are copied as they are). */
  noLongNumbers: bool = false;
  pod: TV | null = null;
  /** The pod's request value; null for a pod of a kruise.patchPods line (PodsLine) until `value()` reads its bytes. */
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
 * The pod of request value `v` (field `name`): unless `exact`, json.Marshal of its decode written by the
 * transcoder straight from its bytes (assembly/fast/transcode/: true only when that is proved); otherwise its
 * typed decode. Null with the decode's error.
 */
function podInput(v: Value, name: string, exact: bool): PodIn | null {
  const r = new PodIn(name);
  r.v = v;
  const t = v.tape;
  if (!exact && t.kind(v.node) == K_OBJECT && !hasError()) {
    const n = t.rawEnd(v.node) - t.rawStart(v.node);
    if (transcodePod(r, t.src + <usize>t.rawStart(v.node), n)) {
      r.noLongNumbers = !longNumber(t, v.node);
      return r;
    }
  }
  r.pod = kruiseTypedOf(v, name, "Pod", "a Pod object");
  return r.pod === null ? null : r;
}

/** The transcoder's Go JSON of the pod text [p, p+n) into `r.g`; false (no error left) when it does not answer. */
function transcodePod(r: PodIn, p: usize, n: i32): bool {
  const g = new ByteSink(n + (n >> 3) + 256);
  const top = new TopFields();
  if (transcodeStored(KruiseTypes.of("Pod"), p, n, 23, g, MAX_DEPTH, top) && !hasError()) {
    r.g = g;
    r.top = top;
    return true;
  }
  clearError();
  return false;
}

/**
 * Pod `i` of a kruise.patchPods line read without a tape of its pods (podsline.ts): the transcoder on its
 * bytes, else its typed decode from a tape of its own bytes. Null with an error.
 */
function linePod(i: i32, name: string): PodIn | null {
  const q = PodsLine.ranges + <usize>i * 12;
  const s = load<i32>(q);
  const r = new PodIn(name);
  r.p = PodsLine.src + <usize>s;
  r.n = load<i32>(q, 4) - s;
  if (load<u8>(r.p) == 0x7b && !hasError() && transcodePod(r, r.p, r.n)) {
    r.noLongNumbers = load<i32>(q, 8) == 0;
    return r;
  }
  const v = r.value();
  if (v === null) return null;
  r.pod = kruiseTypedOf(v, name, "Pod", "a Pod object");
  return r.pod === null ? null : r;
}

/**
 * PatchSpecToPod on one pod; writes the members pod, state and resizePatch. Unless `exact`, the pod's Go
 * JSON (the transcoder's, else the encoded typed pod) is patched as text (podsplice.ts) when that provably
 * gives the same answer; otherwise (or when `exact`) the typed pod is patched and encoded (patchtyped.ts).
 * `prep`: the spec's MetaDataPatch read once for many pods (kruise.patchPods).
 */
function patchPodInto(res: ResultWriter, in_: PodIn, spec: UpdateSpec, state: InPlaceState, now: KTime, server: i32, exact: bool, prep: SplicePrep | null = null): bool {
  const resize = KruiseOptions.minor >= 9 && server >= 32;
  const podT = KruiseTypes.of("Pod");
  if (!exact) {
    // the transcoder proves its Quantities' texts marshal back to themselves; the encoded pod's are checked
    let g = in_.g;
    if (g === null) {
      g = encodeTyped(in_.pod!.t, in_.pod!.v);
      if (g === null) clearError();
    }
    SpliceWhy.reason = "the pod does not encode";
    if (g !== null && splicePatchPod(res, g.ptr, g.len, podT, in_.top, in_.noLongNumbers, spec, state, now, prep)) return true;
  }
  if (SpliceOnly.on) return fail(E_BAD_REQUEST, "requireFastPath: the text splice does not apply: " + (exact ? "exactPath" : SpliceWhy.reason), -1, "requireFastPath");
  let pod = in_.pod;
  if (pod === null) {
    const v = in_.value();
    if (v === null) return false;
    pod = kruiseTypedOf(v, in_.name, "Pod", "a Pod object");
    if (pod === null) return false;
  }
  const r = patchSpecToTypedPod(pod, spec, state, now, resize);
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
 * pod. The updateSpec is read once; a pod that fails fails the op (path `pods[i]`).
 */
export function opKruisePatchPods(req: Request, res: ResultWriter): bool {
  FieldCache.reset();
  if (!onlyFields(req, ["pods", "podsText", "updateSpec", "updateSpecText", "state", "stateText", "now", "gates", "serverVersion", "kruise", "exactPath"])) return false;
  if (!readKruiseOptions(req)) return false;
  const exact = boolField(req, "exactPath");
  if (exact < 0) return false;
  SpliceOnly.on = false; // (a kruise.patchPod that trapped may have left it set)
  const server = serverMinor(req);
  if (server < 0) return false;
  const now = nowField(req);
  if (now === null) return false;
  if (req.field("pods") < 0 && req.field("podsText") < 0) return fail(E_BAD_REQUEST, "missing \"pods\"", -1, "pods");
  const pv = k8sValue(req, "pods");
  if (pv === null) return false;
  const pt = pv.tape;
  if (pt.kind(pv.node) != K_ARRAY) return fail(E_BAD_REQUEST, "\"pods\" must be an array of Pod objects", -1, "pods");
  const sv = k8sValue(req, "updateSpec");
  if (sv === null) return false;
  const spec = readUpdateSpec(sv.tape, sv.node);
  if (spec === null) return fail(E_BAD_REQUEST, "\"updateSpec\" must be an UpdateSpec object", -1, "updateSpec");
  let st: Value | null = null;
  if (req.field("state") >= 0 || req.field("stateText") >= 0) {
    st = k8sValue(req, "state");
    if (st === null) return false;
    if (readState(st.tape, st.node) === null) return fail(E_BAD_REQUEST, "\"state\" must be an InPlaceUpdateState object", -1, "state");
  }
  const o = res.key("results");
  // room for the answers up front (each pod's text escaped, plus its state): growing the output while
  // pods are released leaves the old copies behind
  // a line read without a tape of its pods (podsline.ts): the pods from their byte ranges
  const line = PodsLine.active;
  if (line && (exact == 1 || pt.children(pv.node) != 0)) return fail(E_BAD_REQUEST, "kruise.patchPods: unexpected line mode");
  const raw = <i64>(line ? PodsLine.rawLen : pt.rawEnd(pv.node) - pt.rawStart(pv.node));
  const n = line ? PodsLine.count : pt.children(pv.node);
  const want = raw + (raw >> 1) + <i64>n * 1024;
  if (want < 0x40000000) o.reserve(<i32>want);
  o.byte(0x5b);
  const prep: SplicePrep | null = exact == 1 ? null : prepareSplice(spec); // the MetaDataPatch read once, before the per-pod marks
  let e = pv.node + 1;
  for (let i = 0; i < n; i++) {
    // each pod's working memory is released once its answer is in `o` (bounded memory for any count)
    const mark = arenaMark();
    // (a line mode's errors are never shown: the tape path answers the line again)
    const name = line ? "pods" : "pods[" + i.toString() + "]";
    const pod = line ? linePod(i, name) : podInput(new Value(pt, e, pt.rawStart(e)), name, exact == 1);
    if (pod === null) return false;
    // the state PatchSpecToPod changes: read again for every pod, or Update's fresh one
    let state: InPlaceState;
    if (st !== null) state = readState(st.tape, st.node)!;
    else {
      state = new InPlaceState();
      state.revision = spec.revision;
      state.updateTimestamp = now;
      state.updateEnvFromMetadata = spec.updateEnvFromMetadata;
      state.updateImages = spec.containerImages.size > 0;
      state.updateResources = spec.containerResources.size > 0;
    }
    // the answer goes straight into `o` (reserved above; should it grow, keepAndRelease moves it below the mark)
    if (i > 0) o.byte(0x2c);
    o.byte(0x7b);
    if (!patchPodInto(new ResultWriter(o), pod, spec, state, now, server, exact == 1, prep)) { setErrorPath(name); return false; } // only when the error has no path yet
    o.byte(0x7d);
    if (!line) e = pt.next(e);
    keepAndRelease(o, mark);
    FieldCache.reset(); // lists computed for this pod were in the released region
  }
  o.byte(0x5d);
  return true;
}

/** `kruise.completed`: DefaultCheckInPlaceUpdateCompleted. */
export function opKruiseCompleted(req: Request, res: ResultWriter): bool {
  FieldCache.reset();
  if (!onlyFields(req, ["pod", "podText", "gates", "kruise"])) return false;
  if (!readKruiseOptions(req)) return false;
  const pod = kruiseTyped(req, "pod", "Pod", "a Pod object");
  if (pod === null) return false;
  const m = checkInPlaceUpdateCompleted(pod);
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
  FieldCache.reset();
  if (!onlyFields(req, ["kind", "policy", "apiVersion", "oldTemplate", "oldTemplateText", "newTemplate", "newTemplateText", "gates", "gracePeriodSeconds", "podName", "kruise"])) return false;
  if (!readKruiseOptions(req)) return false;
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
  const ot = kruiseTyped(req, "oldTemplate", "PodTemplateSpec", "a PodTemplateSpec object");
  if (ot === null) return false;
  const nt = kruiseTyped(req, "newTemplate", "PodTemplateSpec", "a PodTemplateSpec object");
  if (nt === null) return false;
  const r = evaluateStrategy(kind, apiVersion, policy, ot, nt, <i32>grace, podName);
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

/** `serverVersion` ("1.N", default 32); -1 with an error. */
function serverMinor(req: Request): i32 {
  if (req.field("serverVersion") < 0) return 32;
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

/** `now` (RFC 3339); null with an error. */
function nowField(req: Request): KTime | null {
  if (req.field("now") < 0) { fail(E_BAD_REQUEST, "missing \"now\"", -1, "now"); return null; }
  const nb = k8sString(req, "now");
  if (nb === null) return null;
  if (!parseRFC3339(nb.ptr, nb.len, 26)) { fail(E_BAD_REQUEST, "\"now\" must be an RFC 3339 time", -1, "now"); return null; }
  const now = new KTime();
  now.zero = ParsedTime.ext == 0 && ParsedTime.nsec == 0;
  now.ext = ParsedTime.ext;
  now.nsec = ParsedTime.nsec;
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
  FieldCache.reset();
  if (!onlyFields(req, ["pod", "podText", "oldRevision", "oldRevisionText", "newRevision", "newRevisionText", "now", "gates", "gracePeriodSeconds", "serverVersion", "kruise"])) return false;
  if (!readKruiseOptions(req)) return false;
  const server = serverMinor(req);
  if (server < 0) return false;
  const now = nowField(req);
  if (now === null) return false;
  const grace = int32Field(req, "gracePeriodSeconds", 0);
  if (grace == i64.MIN_VALUE) return false;
  const pod = kruiseTyped(req, "pod", "Pod", "a Pod object");
  if (pod === null) return false;
  const ov = kruiseRevision(req, "oldRevision");
  if (ov === null) return false;
  const nv = kruiseRevision(req, "newRevision");
  if (nv === null) return false;
  const r = inPlaceUpdate(pod, ov, nv, <i32>grace, now, KruiseOptions.minor >= 9 && server >= 32);
  if (r === null || hasError()) return false;
  res.bool("inPlace", r.inPlace);
  res.int("delaySeconds", r.delaySeconds);
  if (!writePod(res, r.pod)) return false;
  if (r.error !== null) res.str("error", r.error!);
  return true;
}

/** `kruise.refresh`: Interface.Refresh on one pod. */
export function opKruiseRefresh(req: Request, res: ResultWriter): bool {
  FieldCache.reset();
  if (!onlyFields(req, ["pod", "podText", "now", "gates", "serverVersion", "kruise"])) return false;
  if (!readKruiseOptions(req)) return false;
  const server = serverMinor(req);
  if (server < 0) return false;
  const now = nowField(req);
  if (now === null) return false;
  const pod = kruiseTyped(req, "pod", "Pod", "a Pod object");
  if (pod === null) return false;
  const r = inPlaceRefresh(pod, now, KruiseOptions.minor >= 9 && server >= 32);
  if (r === null || hasError()) return false;
  res.int("delaySeconds", r.delaySeconds);
  if (!writePod(res, r.pod)) return false;
  if (r.error !== null) res.str("error", r.error!);
  return true;
}
