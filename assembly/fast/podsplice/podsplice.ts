// A shortcut of PatchSpecToPod (upstream/kruise/inplaceupdate/patchpod.ts `defaultPatchUpdateSpecToPod`
// followed by json.Marshal of the pod and the state, which it must equal byte for byte; it gives up, and the
// caller runs the port, on anything it does not prove): PatchSpecToPod on the pod's Go JSON text instead
// of its typed tree. `g` is json.Marshal of the typed
// decode of the pod (what the exact path would encode if nothing changed); the patch changes only a few
// pieces of it: metadata.labels / metadata.annotations (the MetaDataPatch entries, env-from-metadata and
// the state annotation) and the image of the containers of this batch. So the answer is `g` with those
// pieces replaced, each written as encoding/json writes it (map keys sorted bytewise, omitempty).
//
// Preconditions proven on `g` before anything is decided (otherwise `splicePatchPod` returns false, the
// state untouched and nothing written, and the caller takes the exact typed path):
// - no resources are written (no InPlaceWorkloadVerticalScaling resources), the MetaDataPatch is absent
//   or a plain labels/annotations map patch (metamap.ts `metadataMapPatch`);
// - with a MetaDataPatch, what the exact path's json round trip checks (typedmeta.ts `roundTripSafe`):
//   no number of 16 digits or more (every 64-bit integer beyond 2^53 has one), every Quantity's text a
//   fixed point of ParseQuantity + MarshalJSON (the exact path re-parses each Quantity; equal text means
//   equal output), every RawExtension / FieldsV1 (managedFields) text a fixed point of json.Unmarshal into
//   interface{} + json.Marshal (what the exact path's round trip through a map does to it), no
//   metav1.Fields. The walk follows the schema types of v1.Pod to find them and skips generically the
//   values whose type cannot hold any;
//   When `g` comes from the transcoder (assembly/fast/transcode: Quantities proved to read back to the same
//   text, raw JSON accepted only as null, which leaves FieldsV1's pointer nil), only the numbers are left
//   to check, and the request tape answers that (the transcoder copies integers as they are written);
// - the pieces are where encoding/json puts them: a container's "image" right after its "name", the
//   metadata object before the containers.
// Speed: one walk over `g` records the pieces (frames on a flat i32 stack, struct members found from the
// field list in order, values of no interest skipped as text, a frame's tail skipped once its pieces are
// recorded — straight to the end of spec / status by the transcoder's top-level ranges), the plan is
// patchplan.ts's, and the answer is `g` copied with JSON-string escaping (8 bytes at a time) around the
// spliced pieces; the walk writes that escaped text past the metadata as it goes (what it skips it skips
// and escapes in one pass), the prefix and the new metadata go before it and the images are spliced in as
// it is copied into the answer. For kruise.patchPods the spec's MetaDataPatch is read once and the last
// pod's plan is kept (SplicePrep): a pod whose reads (container names, launch priorities, status names and
// imageIDs) are the same bytes gets the same plan. The pieces live in: podwalk.ts (the walk), goscan.ts
// (scanning Go JSON), podroundtrip.ts (the round-trip proofs), podmaps.ts (the new maps), quoteinto.ts
// (the answer string).

import { ByteSink } from "../../io/sink";
import { ResultWriter } from "../../json/resultwriter";
import { writeGoString } from "../../json/strings";
import { jsonFields } from "../../typed/fields";
import { UpdateSpec } from "../../upstream/kruise/inplaceupdate/model";
import { InPlaceState, KTime, STATE_KEY } from "../../upstream/kruise/inplaceupdate/state";
import { KruiseOptions } from "../../upstream/kruise/inplaceupdate/options";
import { PodReads, PatchPlan, planPatch } from "../../upstream/kruise/inplaceupdate/patchplan";
import { metadataMapPatch, MetaEntry } from "./metamap";
import { rawNames, RawNames, hasRawMember } from "./podroundtrip";
import { gStr, Scan } from "./goscan";
import { PodText, walk, lookup, envPriority, SpliceWhy } from "./podwalk";
import { Entry, mapEntriesOf, setEntry, setStr, writeMap } from "./podmaps";
import { quoteInto } from "./quoteinto";
import { TopFields } from "../transcode/state";

export { SpliceWhy } from "./podwalk";

/**
 * Field indexes of labels and annotations in the metadata of the last pod type (-1: none): a table that
 * depends only on the build, keyed by the pod type, its key written last.
 */
class MetaFields {
  static t: i32 = -1;
  static labels: i32 = -1;
  static annotations: i32 = -1;
}

/** Fills MetaFields for pod type `podT`. */
function metaFields(podT: i32): void {
  MetaFields.t = -1;
  let labels = -1, annotations = -1;
  const fl = jsonFields(podT);
  const metaF = lookup(fl, 0, changetype<usize>(String.UTF8.encode("metadata")), 8);
  if (metaF >= 0) {
    const mfl = jsonFields(fl.list[metaF].t);
    labels = lookup(mfl, 0, changetype<usize>(String.UTF8.encode("labels")), 6);
    annotations = lookup(mfl, 0, changetype<usize>(String.UTF8.encode("annotations")), 11);
  }
  MetaFields.labels = labels;
  MetaFields.annotations = annotations;
  MetaFields.t = podT;
}

const MEMO_MAX = 64;

/**
 * What the splice keeps across the pods of one kruise.patchPods request (allocated before their arena marks
 * and never grown, so it survives each pod's release): the UpdateSpec's MetaDataPatch (entries, null when not
 * a plain map patch) and the last plan with the bytes of the reads it was made from. The plan's strings
 * are the UpdateSpec's own; its state text is copied here.
 */
export class SplicePrep {
  valid: bool = false;
  key: ByteSink = new ByteSink(4096);
  state: ByteSink = new ByteSink(16384);
  images: Array<string | null> = new Array<string | null>(MEMO_MAX);
  labelKeys: Array<string | null> = new Array<string | null>(MEMO_MAX);
  labelVals: Array<string | null> = new Array<string | null>(MEMO_MAX);
  annotationKeys: Array<string | null> = new Array<string | null>(MEMO_MAX);
  annotationVals: Array<string | null> = new Array<string | null>(MEMO_MAX);
  nLabels: i32 = 0;
  nAnnotations: i32 = 0;
  constructor(public entries: Array<MetaEntry> | null) {}
}

/** Appends the i32 `v` to `b`. */
@inline function keyInt(b: ByteSink, v: i32): void {
  b.reserve(4);
  store<i32>(b.ptr + <usize>b.len, v);
  b.len += 4;
}

/** Appends the text [s, e) of g (its length first; -1 for an absent piece). */
function keySpan(b: ByteSink, g: usize, s: i32, e: i32): void {
  if (s < 0 || e < s) { keyInt(b, -1); return; }
  keyInt(b, e - s);
  b.bytes(g + <usize>s, e - s);
}

/** The bytes of everything planPatch reads from the pod: container names and launch priorities, status names and imageIDs. */
function readsKey(g: usize, pt: PodText, prios: Array<i32>): ByteSink {
  const b = new ByteSink(512);
  const nc = pt.cStart.length;
  keyInt(b, nc);
  for (let k = 0; k < nc; k++) { keySpan(b, g, pt.cNameS[k], pt.cNameE[k]); keyInt(b, prios[k]); }
  const ns = pt.sNameS.length;
  keyInt(b, ns);
  for (let k = 0; k < ns; k++) { keySpan(b, g, pt.sNameS[k], pt.sNameE[k]); keySpan(b, g, pt.sIDS[k], pt.sIDE[k]); }
  return b;
}

/** Keeps `plan` (made from reads `key`) in `prep` when it fits; otherwise forgets the last one. */
function remember(prep: SplicePrep, key: ByteSink, plan: PatchPlan, nc: i32): void {
  prep.valid = false;
  const nl = plan.labelKeys.length;
  const na = plan.annotationKeys.length;
  if (key.len > prep.key.cap || plan.state.len > prep.state.cap || nc > MEMO_MAX || nl > MEMO_MAX || na > MEMO_MAX) return;
  memory.copy(prep.key.ptr, key.ptr, <usize>key.len);
  prep.key.len = key.len;
  memory.copy(prep.state.ptr, plan.state.ptr, <usize>plan.state.len);
  prep.state.len = plan.state.len;
  for (let k = 0; k < nc; k++) prep.images[k] = plan.images[k];
  for (let k = 0; k < nl; k++) { prep.labelKeys[k] = plan.labelKeys[k]; prep.labelVals[k] = plan.labelVals[k]; }
  for (let k = 0; k < na; k++) { prep.annotationKeys[k] = plan.annotationKeys[k]; prep.annotationVals[k] = plan.annotationVals[k]; }
  prep.nLabels = nl;
  prep.nAnnotations = na;
  prep.valid = true;
}

/** The kept plan for a pod of `nc` containers (what splicePatchPod reads of it; the state is not updated). */
function recalled(prep: SplicePrep, nc: i32): PatchPlan {
  const plan = new PatchPlan();
  for (let k = 0; k < nc; k++) plan.images.push(prep.images[k]);
  for (let k = 0; k < prep.nLabels; k++) { plan.labelKeys.push(prep.labelKeys[k]!); plan.labelVals.push(prep.labelVals[k]!); }
  for (let k = 0; k < prep.nAnnotations; k++) { plan.annotationKeys.push(prep.annotationKeys[k]!); plan.annotationVals.push(prep.annotationVals[k]!); }
  plan.state = prep.state;
  return plan;
}

/** Reads `spec`'s MetaDataPatch for splicePatchPod; call it before a loop's arena marks (the entries must outlive them). */
export function prepareSplice(spec: UpdateSpec): SplicePrep {
  return new SplicePrep(spec.hasPatch ? metadataMapPatch(spec.patch.ptr, spec.patch.len) : null);
}

/**
 * PatchSpecToPod on the pod text `g` (json.Marshal of the decoded pod, type `podT`; `top`, when g was written
 * by assembly/fast/transcode, which proves each Quantity text marshals back to itself after ParseQuantity
 * and accepts raw JSON only as null: its top-level value ranges;
 * `noLongNumbers`: the pod's text has no number of 16 or more characters, so neither has g; `prep`: the
 * spec's MetaDataPatch read before, else read here, and the memo of the last plan): writes the answer's
 * members `pod`, `state` and `resizePatch` (null) and returns true, with `state` updated (not when the
 * plan is `prep`'s kept one: kruise.patchPods does not read it again); false when a
 * precondition fails (then `state` and `res` are untouched).
 */
export function splicePatchPod(res: ResultWriter, g: usize, n: i32, podT: i32, top: TopFields | null, noLongNumbers: bool, spec: UpdateSpec, state: InPlaceState,
  now: KTime, gates: KruiseOptions, why: SpliceWhy, prep: SplicePrep | null = null): bool {
  const fromTranscoder = top !== null;
  if (gates.verticalScaling && spec.containerResources.size > 0) return why.no("resources are written");
  // the round-trip checks below assume Go 1.22+ JSON (the short \b \f escapes): OpenKruise v1.5 - v1.7 wrote with Go 1.19 / 1.20
  if (gates.go() < 22) return why.no("the release's Go writes JSON older than the splice's checks");
  let entries: Array<MetaEntry> | null = null;
  if (spec.hasPatch) {
    entries = prep !== null ? prep.entries : metadataMapPatch(spec.patch.ptr, spec.patch.len);
    if (entries === null) return why.no("the MetaDataPatch is not a plain labels/annotations patch");
  }
  const pt = new PodText();
  // From the transcoder (Quantities proved to marshal back to themselves, raw JSON only as null), the
  // round-trip check is: no long number (the walk's skips flag those), and no raw value — none when every
  // raw field is a pointer (null leaves it nil), else no member of such a name at all. Otherwise the walk
  // follows the types to every Quantity and raw value.
  const strict = entries !== null && (!fromTranscoder || !rawNames(podT));
  if (entries !== null && !strict && !RawNames.ptrOnly && hasRawMember(g, n)) return why.no("a RawExtension/FieldsV1 member");
  // the transcoder's top-level ranges let the walk skip the spec's and status's tails, unless it must
  // see every number
  const jump = fromTranscoder && (entries === null || noLongNumbers);
  why.reason = "unexpected pod text";
  // the quoted text past the metadata, written by the walk (one pass: what it skips it also quotes)
  const tail = new ByteSink(2 * n + 256); // room for quoteValue's reserve: no growth
  if (!walk(g, n, podT, strict, !fromTranscoder, jump ? top : null, pt, tail, why)) return false;
  if (entries !== null && !noLongNumbers && Scan.big) return why.no("an integer of 16+ digits");
  if (pt.metaStart < 0 || pt.metaEnd < 0) return why.no("no metadata");
  // metadata maps
  let li = -1;
  let ai = -1;
  if (MetaFields.t != podT) metaFields(podT);
  const labelsF = MetaFields.labels;
  const annotationsF = MetaFields.annotations;
  if (labelsF < 0 || annotationsF < 0 || labelsF > annotationsF) return false;
  for (let k = 0; k < pt.mField.length; k++) {
    if (pt.mField[k] == labelsF) li = k;
    else if (pt.mField[k] == annotationsF) ai = k;
  }
  const labels = li < 0 ? new Array<Entry>() : mapEntriesOf(g, pt.mKey[li] + 9, pt.mEnd[li]);
  const annotations = ai < 0 ? new Array<Entry>() : mapEntriesOf(g, pt.mKey[ai] + 14, pt.mEnd[ai]);
  if (labels === null || annotations === null) return why.no("unexpected labels/annotations text");
  // containers: image right after name, after the metadata
  const nc = pt.cStart.length;
  for (let k = 0; k < nc; k++) {
    if (pt.cNameS[k] < 0 || pt.cStart[k] < pt.metaEnd) return why.no("container text out of place");
    if (pt.cImageK[k] >= 0 && pt.cImageK[k] != pt.cNameE[k] + 1) return why.no("container text out of place");
    if (pt.oNameE[k] < 0 || (pt.cImageK[k] >= 0 && pt.oImageE[k] < pt.oNameE[k])) return why.no("container text out of place");
  }
  // the reads, then the plan (state changes from here on); with a memo, the last pod's plan when the reads
  // are the same bytes (the plan is a function of the reads within one kruise.patchPods request)
  const prios = new Array<i32>(nc);
  for (let k = 0; k < nc; k++) prios[k] = envPriority(g, pt.cEnvS[k], pt.cEnvE[k]);
  const key = prep !== null ? readsKey(g, pt, prios) : null;
  let plan: PatchPlan;
  if (key !== null && prep!.valid && key.len == prep!.key.len && memory.compare(key.ptr, prep!.key.ptr, <usize>key.len) == 0) {
    plan = recalled(prep!, nc);
  } else {
    const reads = new PodReads();
    for (let k = 0; k < nc; k++) {
      reads.names.push(gStr(g, pt.cNameS[k], pt.cNameE[k]));
      reads.prios.push(prios[k]);
    }
    for (let k = 0; k < pt.sNameS.length; k++) {
      reads.statusNames.push(gStr(g, pt.sNameS[k], pt.sNameE[k]));
      reads.statusImageIDs.push(gStr(g, pt.sIDS[k], pt.sIDE[k]));
    }
    plan = planPatch(reads, spec, state, now, gates);
    if (key !== null) remember(prep!, key, plan, nc);
  }

  // the metadata object
  if (entries !== null) {
    for (let k = 0; k < entries.length; k++) {
      const e = entries[k];
      setEntry(e.kind == 0 ? labels : annotations, e.kp, e.kn, e.vp, e.vn);
    }
  }
  for (let k = 0; k < plan.labelKeys.length; k++) setStr(labels, plan.labelKeys[k], plan.labelVals[k]);
  for (let k = 0; k < plan.annotationKeys.length; k++) setStr(annotations, plan.annotationKeys[k], plan.annotationVals[k]);
  const sk = String.UTF8.encode(STATE_KEY);
  setEntry(annotations, changetype<usize>(sk), sk.byteLength, plan.state.ptr, plan.state.len);
  const meta = new ByteSink(pt.metaEnd - pt.metaStart + 2 * plan.state.len + 1024);
  meta.byte(0x7b);
  let firstMember = true;
  let doneL = false;
  let doneA = false;
  for (let k = 0; k <= pt.mField.length; k++) {
    const f = k < pt.mField.length ? pt.mField[k] : 0x7fffffff;
    if (!doneL && f >= labelsF) {
      doneL = true;
      if (labels.length > 0) {
        if (!firstMember) meta.byte(0x2c);
        firstMember = false;
        meta.ascii("\"labels\":");
        writeMap(meta, labels);
      }
    }
    if (!doneA && f >= annotationsF) {
      doneA = true;
      if (annotations.length > 0) {
        if (!firstMember) meta.byte(0x2c);
        firstMember = false;
        meta.ascii("\"annotations\":");
        writeMap(meta, annotations);
      }
    }
    if (k == pt.mField.length || f == labelsF || f == annotationsF) continue;
    if (!firstMember) meta.byte(0x2c);
    firstMember = false;
    meta.bytes(g + <usize>pt.mKey[k], pt.mEnd[k] - pt.mKey[k]);
  }
  meta.byte(0x7d);
  // the answer: g's text before the metadata, the new metadata, the tail with the batch's images, quoted
  const out = res.key("pod");
  out.reserve(pt.metaStart * 2 + meta.len * 2 + tail.len + 256);
  out.byte(0x22);
  quoteInto(out, g, pt.metaStart);
  quoteInto(out, meta.ptr, meta.len);
  let at = 0;
  for (let k = 0; k < nc; k++) {
    const img = plan.images[k];
    if (img === null) continue;
    const s = pt.oNameE[k];
    out.bytes(tail.ptr + <usize>at, s - at);
    if (img.length > 0) {
      const b = new ByteSink(img.length * 3 + 16);
      b.ascii(",\"image\":");
      const ib = String.UTF8.encode(img);
      writeGoString(b, changetype<usize>(ib), ib.byteLength, true, false);
      quoteInto(out, b.ptr, b.len);
    }
    at = pt.cImageK[k] >= 0 ? pt.oImageE[k] : s;
  }
  out.bytes(tail.ptr + <usize>at, tail.len - at);
  out.byte(0x22);
  // the state (quoteInto writes what the answer writer writes)
  const so = res.key("state");
  so.byte(0x22);
  quoteInto(so, plan.state.ptr, plan.state.len);
  so.byte(0x22);
  res.key("resizePatch").ascii("null");
  return true;
}
