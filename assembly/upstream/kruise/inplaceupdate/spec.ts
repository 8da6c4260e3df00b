// defaultCalculateInPlaceUpdateSpec of openkruise/kruise v1.9.0 (pkg/util/inplaceupdate,
// inplace_update_defaults.go; identical in v1.8.x): diff the two ControllerRevisions' Data.Raw with
// appscode/jsonpatch v1.0.1, strip the first "/spec/template" of each path, and accept only
// - replace of /spec/containers/N/image (N a container of the old template),
// - with InPlaceWorkloadVerticalScaling: replace of /spec/containers/N/resources/{limits,requests}/{cpu,memory}
//   (a string that ParseQuantity accepts) when the pod QoS class stays the same,
// - anything under /metadata/ (a strategic merge patch of the template metadata; with
//   InPlaceUpdateEnvFromMetadata, added/replaced labels/annotations read by a container's env through a
//   fieldRef become ContainerRefMetadata instead);
// with RecreatePodWhenChangeVCTInCloneSetGate, different `kruise.io/cloneset-volumeclaimtemplate-hash`
// annotations refuse. Every operation is judged (Kruise stops at the first refusal), so `reasons` tells
// all of them; the decision is the same.

import { ByteSink } from "../../../io/sink";
import { Tape, K_NULL, K_OBJECT, K_STRING, F_ESCAPE, F_HIGH } from "../../../json/tape";
import { readJSON, ReadOptions } from "../../../json/reader";
import { unquote } from "../../../json/strings";
import { hasError, clearError, takeErrorMessage, fail, E_INTERNAL } from "../../../base/errors";
import { appscodeDiff, AppscodeOptions } from "../../jsonpatch/appscode";
import { createTwoWayMergePatch } from "../../strategicpatch/smp";
import { requestType } from "../../../typed/types";
import { Decoder, DecodeOptions } from "../../../typed/decode";
import { Encoder, EncodeOptions } from "../../../typed/encode";
import { Val, RawV, StructV, MapV } from "../../../typed/value";
import { jsonFields, foldEqual } from "../../../typed/fields";
import { Kind, kind } from "../../../schema/schema";
import { parseQuantity } from "../../../quantity/parse";
import { KruiseOptions, kruiseK8sMinor } from "./options";
import { TV, fieldOf, fieldNamed, path, deref, strOf, sliceLen, sliceAt, entriesOf, entryStr, deleteKey } from "./typed";
import { UpdateSpec, StrMap, ObjMeta, ResReq, QMap } from "./model";
import { computePodQOS } from "./qos";
import { TypedCheck } from "../../../fast/kruisespec/typedcheck";
import { lazyTemplate } from "../../../fast/kruisespec/lazytemplate";
import { metaPatch, metaPatchTape } from "../../../fast/kruisespec/metapatch";
import { ContainersView, typedContainers, tapeContainers, onlyMember, tapeString } from "../../../fast/kruisespec/containersview";
import { numbersFit, DocInput } from "../../../json/document";
import { KRUISE_GO } from "../../../base/pins";

/** Forces the full typed decode of both templates (the `exactDecode` request option; tests compare both paths). */
export class ExactDecode {
  static on: bool = false;
}

/** A decoder of the release's templates on tape `t` (sigs.k8s.io/json semantics, as templateOf decodes). */
function templateDecoder(t: Tape): Decoder {
  const o = new DecodeOptions();
  o.minor = kruiseK8sMinor();
  o.goMinor = KRUISE_GO;
  o.warnings = false;
  return new Decoder(t, o);
}

/** True when both templates' whole decodes are proven to succeed (the new one checked against the old where bytes are equal). */
function provenDecodes(ta: Tape, na: i32, da: Decoder, tb: Tape, nb: i32, db: Decoder): bool {
  Handles.load();
  // fold: a key that only matches a field case-insensitively is not proven (templateOf decides)
  if (!new TypedCheck(ta, da, null, true).ok(Handles.replicaSet, na, -1)) return false;
  return new TypedCheck(tb, db, ta, true).ok(Handles.replicaSet, nb, na);
}

/** The annotation CloneSet revisions carry with the volumeClaimTemplates hash. */
export const VCT_HASH_ANNOTATION = "kruise.io/cloneset-volumeclaimtemplate-hash";

/** Kruise's Go version and Kubernetes minor (k8s.io/* v0.32.10). */

/** One judged change: the path as Kruise sees it (after stripping "/spec/template"), the op, and why. */
export class Reason {
  constructor(public path: string, public op: string, public inPlace: bool, public message: string) {}
}

/** The decision: `spec` null means "recreate" (CalculateSpec returned nil). */
export class SpecResult {
  spec: UpdateSpec | null = null;
  reasons: Array<Reason> = new Array<Reason>();
}

/** A ControllerRevision as the calculation reads it. */
export class RevisionInput {
  name: string = "";
  /** metadata.annotations (null: nil map). */
  annotations: StrMap | null = null;
  /** Data.Raw (null: nil). */
  data: RawV | null = null;
  /** The data already parsed (a node of a request tape whose raw bytes are `data`), or null: parsed here. */
  tape: Tape | null = null;
  node: i32 = 0;
  /** The pod template the data decodes to, when the caller already holds it (a typed value of the release's Kubernetes minor), else null: decoded here. */
  template: TV | null = null;
}

/** Reads a typed ControllerRevision (schema type `ty`) into a RevisionInput. */
export function revisionInput(ty: i32, v: TV): RevisionInput {
  const r = new RevisionInput();
  r.name = strOf(path(v, ["metadata", "name"]));
  const ann = fieldOf(fieldOf(v, "metadata"), "annotations");
  if (ann.v !== null) {
    const e = entriesOf(ann);
    const m = new StrMap();
    for (let i = 0; i < e.keys.length; i++) m.set(e.keys[i], entryStr(e.vals[i]));
    r.annotations = m;
  }
  const d = fieldOf(v, "data");
  if (d.v !== null && !(<RawV>d.v).isNil) r.data = <RawV>d.v;
  return r;
}

/**
 * The RevisionInput of ControllerRevision object `node` on `t` read straight from the tape once its whole
 * decode is proven (typedcheck.ts): metadata.name, metadata.annotations and data, each the only member with
 * its key on the way; null when the shortcut does not apply (the caller decodes, which also reports errors).
 */
export function revisionFromTape(t: Tape, node: i32): RevisionInput | null {
  if (t.kind(node) != K_OBJECT) return null;
  const m = kruiseK8sMinor();
  if (RevHandles.minor != m) {
    RevHandles.revision = requestType("ControllerRevision", m);
    const df = fieldNamed(RevHandles.revision, "data");
    RevHandles.data = df === null ? -1 : df.t;
    RevHandles.minor = m;
  }
  if (RevHandles.revision < 0 || RevHandles.data < 0) return null;
  if (!new TypedCheck(t, templateDecoder(t), null).ok(RevHandles.revision, node, -1)) return null;
  const r = new RevisionInput();
  const meta = onlyMember(t, node, "metadata");
  if (meta == -2) return null;
  if (meta >= 0) {
    const nm = onlyMember(t, meta, "name");
    if (nm == -2) return null;
    if (nm >= 0) r.name = tapeString(t, nm);
    const an = onlyMember(t, meta, "annotations");
    if (an == -2) return null;
    if (an >= 0) {
      const sm = new StrMap();
      let k = an + 1;
      for (let i = 0, n = t.children(an); i < n; i++) {
        const v = t.next(k);
        if ((t.flags(k) & (F_ESCAPE | F_HIGH)) != 0) return null;
        sm.set(String.UTF8.decodeUnsafe(t.ptr(k), <usize>t.len(k)), t.kind(v) == K_STRING ? tapeString(t, v) : "");
        k = t.next(v);
      }
      r.annotations = sm;
    }
  }
  const data = onlyMember(t, node, "data");
  if (data == -2) return null;
  if (data >= 0) {
    const raw = new RawV(RevHandles.data);
    raw.p = t.src + <usize>t.rawStart(data);
    raw.n = t.rawEnd(data) - t.rawStart(data);
    raw.isNil = false;
    r.data = raw;
    r.tape = t;
    r.node = data;
  }
  return r;
}

/** Schema handles revisionFromTape uses (static data: valid across calls). */
class RevHandles {
  static minor: i32 = -1;
  static revision: i32 = -1;
  static data: i32 = -1;
}

/** GetVCTemplatesHash: (hash, exists); a nil or empty annotation map has none. */
function vctHash(r: RevisionInput): string | null {
  const a = r.annotations;
  if (a === null || a.size == 0 || !a.has(VCT_HASH_ANNOTATION)) return null;
  return a.get(VCT_HASH_ANNOTATION);
}

/** The data bytes parsed as json.Unmarshal into map[string]interface{} accepts them, or null (node in `DataNode.node`). */
function parseData(r: RevisionInput): Tape | null {
  const d = r.data;
  DataNode.node = 0;
  if (d === null) return null;
  const pt = r.tape;
  if (pt !== null) {
    if (pt.kind(r.node) != K_OBJECT || !numbersFit(pt, r.node)) return null;
    DataNode.node = r.node;
    return pt;
  }
  const o = new ReadOptions();
  o.goMinor = KRUISE_GO;
  const t = readJSON(d.p, d.n, o);
  if (t === null) { clearError(); return null; }
  if (t.kind(0) != K_OBJECT || !numbersFit(t, 0)) return null;
  return t;
}

/** The root node of the tape `parseData` returned last. */
class DataNode {
  static node: i32 = 0;
}

/** The member value of object `obj` on tape `t` whose raw bytes are exactly `raw` (the typed decode kept them), or -1. */
export function rawNode(t: Tape, obj: i32, raw: RawV | null): i32 {
  if (raw === null || raw.isNil || t.kind(obj) != K_OBJECT) return -1;
  const n = t.children(obj);
  let k = obj + 1;
  for (let i = 0; i < n; i++) {
    const v = t.next(k);
    if (t.src + <usize>t.rawStart(v) == raw.p && t.rawEnd(v) - t.rawStart(v) == raw.n) return v;
    k = t.next(v);
  }
  return -1;
}

/**
 * GetTemplateFromRevision: spec.template of the data (node `node`) decoded into a typed PodTemplateSpec, or null.
 * Kruise unmarshals the data with plain encoding/json into struct{Spec struct{Template v1.PodTemplateSpec}}: keys
 * match case-insensitively too, everything but spec.template is ignored, repeated members merge.
 */
function templateOf(t: Tape, node: i32): TV | null {
  Handles.load();
  const o = new DecodeOptions();
  o.minor = kruiseK8sMinor();
  o.goMinor = KRUISE_GO;
  o.warnings = false;
  o.foldKeys = true;
  const d = new Decoder(t, o);
  const nk = t.kind(node);
  if (nk == K_NULL) return new TV(Handles.template, null);
  if (nk != K_OBJECT) return null;
  let tmpl: Val | null = null;
  let k = node + 1;
  for (let i = 0, n = t.children(node); i < n; i++) {
    const v = t.next(k);
    if (keyFolds(t, k, SPEC, 4)) {
      const vk = t.kind(v);
      if (vk == K_OBJECT) {
        let k2 = v + 1;
        for (let j = 0, m = t.children(v); j < m; j++) {
          const v2 = t.next(k2);
          if (keyFolds(t, k2, TEMPLATE, 8)) tmpl = d.value(Handles.template, v2, tmpl);
          if (d.aborted || hasError()) { clearError(); return null; }
          k2 = t.next(v2);
        }
      } else if (vk != K_NULL) return null; // a type error: the Unmarshal fails
    }
    k = t.next(v);
  }
  if (d.aborted || d.saved !== null || hasError()) { clearError(); return null; }
  return new TV(Handles.template, tmpl);
}

const SPEC = memory.data<u8>([0x73, 0x70, 0x65, 0x63]);
const TEMPLATE = memory.data<u8>([0x74, 0x65, 0x6d, 0x70, 0x6c, 0x61, 0x74, 0x65]);

/** True when key node `k` matches the ASCII field name [name, name+n) as encoding/json matches keys (exactly or folded). */
function keyFolds(t: Tape, k: i32, name: usize, n: i32): bool {
  if ((t.flags(k) & F_ESCAPE) == 0) return foldEqual(name, n, t.ptr(k), t.len(k));
  const b = new ByteSink(t.len(k) + 4);
  unquote(b, t.ptr(k), t.len(k), true);
  return foldEqual(name, n, b.ptr, b.len);
}

/** Schema handles looked up once per process (they never change): ReplicaSet and its template type per Kubernetes minor. */
class Handles {
  static minor: i32 = -1;
  static replicaSet: i32 = -1;
  static template: i32 = -1;
  static pod: i32 = -1;

  /** Fills the handles for the release's minor. */
  static load(): void {
    const m = kruiseK8sMinor();
    if (Handles.minor == m) return;
    Handles.replicaSet = requestType("ReplicaSet", m);
    Handles.template = path(new TV(Handles.replicaSet, null), ["spec", "template"]).t;
    Handles.pod = requestType("Pod", m);
    Handles.minor = m;
  }
}

/** The type of spec.template in a ReplicaSet of the release's Kubernetes minor (v1.PodTemplateSpec; what templateOf decodes). */
function templateType(): i32 {
  Handles.load();
  return Handles.template;
}

/** A copy of an ObjectMeta value whose labels and annotations maps are copies too (so keys can be deleted from it alone). */
function metaCopy(m: TV): TV {
  if (m.v === null || m.t < 0 || kind(m.t) != Kind.Struct) return m;
  const src = changetype<StructV>(m.v);
  const n = src.f.length;
  const c = new StructV(m.t, n);
  for (let i = 0; i < n; i++) c.f[i] = src.f[i];
  const fs = jsonFields(m.t);
  for (let w = 0; w < 2; w++) {
    const name = w == 0 ? "labels" : "annotations";
    const buf = String.UTF8.encode(name);
    const f = fs.byName(changetype<usize>(buf), buf.byteLength);
    if (f === null || f.path.length != 1) continue;
    const mv = c.f[f.path[0]];
    if (mv === null) continue;
    const om = changetype<MapV>(mv);
    const nm = new MapV(om.t);
    nm.keyP = om.keyP.slice(0);
    nm.keyN = om.keyN.slice(0);
    nm.vals = om.vals.slice(0);
    c.f[f.path[0]] = nm;
  }
  return new TV(m.t, c);
}

/** JSON text of a string node. */
function textOf(t: Tape, i: i32): string {
  if ((t.flags(i) & F_ESCAPE) == 0) return String.UTF8.decodeUnsafe(t.ptr(i), <usize>t.len(i)); // nothing to unquote
  const b = new ByteSink(t.len(i) + 4);
  unquote(b, t.ptr(i), t.len(i), true);
  return String.UTF8.decodeUnsafe(b.ptr, <usize>b.len);
}

/** strings.Replace(p, "/spec/template", "", 1). */
function stripTemplate(p: string): string {
  const i = p.indexOf("/spec/template");
  return i < 0 ? p : p.substring(0, i) + p.substring(i + 14);
}

/** ^/spec/containers/([0-9]+)/image$ → the index text, or null. */
function imageIndex(p: string): string | null {
  if (!p.startsWith("/spec/containers/") || !p.endsWith("/image")) return null;
  const mid = p.substring(17, p.length - 6);
  if (mid.length == 0) return null;
  for (let i = 0; i < mid.length; i++) { const c = mid.charCodeAt(i); if (c < 0x30 || c > 0x39) return null; }
  return mid;
}

/** ^/spec/containers/([0-9]+)/resources/.*$ */
function isResourcesPath(p: string): bool {
  if (!p.startsWith("/spec/containers/")) return false;
  let i = 17;
  const s = i;
  while (i < p.length && p.charCodeAt(i) >= 0x30 && p.charCodeAt(i) <= 0x39) i++;
  if (i == s) return false;
  if (p.substr(i, 11) != "/resources/") return false;
  // `.` does not match a newline
  for (let j = i + 11; j < p.length; j++) if (p.charCodeAt(j) == 0x0a) return false;
  return true;
}

/** strconv.Atoi of a digit string (big values: -1, which never indexes a container). */
function atoi(s: string): i32 {
  if (s.length > 9) return -1;
  return I32.parseInt(s);
}

/** rfc6901Decoder: "~1" → "/", "~0" → "~" (one left-to-right pass, as strings.Replacer does). */
function rfc6901Decode(s: string): string {
  if (s.indexOf("~") < 0) return s;
  let out = "";
  let i = 0;
  while (i < s.length) {
    if (s.charCodeAt(i) == 0x7e && i + 1 < s.length) {
      const c = s.charCodeAt(i + 1);
      if (c == 0x31) { out += "/"; i += 2; continue; }
      if (c == 0x30) { out += "~"; i += 2; continue; }
    }
    out += s.charAt(i);
    i++;
  }
  return out;
}

/** Containers of a template. */
function containers(tmpl: TV): TV {
  return fieldOf(fieldOf(tmpl, "spec"), "containers");
}

/** One parsed diff operation. */
class Op {
  op: string = "";
  path: string = "";
  /** value node on `t` (-1 for remove). */
  value: i32 = -1;
}

/** json.Marshal(v1.Pod{ObjectMeta: meta}) — only metadata differs between the two, so `{"metadata":…}`. */
function podMetaDoc(meta: TV): ByteSink | null {
  const out = new ByteSink(256);
  out.ascii("{\"metadata\":");
  const eo = new EncodeOptions();
  eo.goMinor = KRUISE_GO;
  if (!new Encoder(out, eo).value(meta.t, meta.v)) return null;
  out.byte(0x7d);
  return out;
}

function docOf(b: ByteSink): DocInput {
  const d = new DocInput();
  d.present = true;
  d.ptr = b.ptr;
  d.len = b.len;
  return d;
}

/** CalculateSpec(old, new, {GracePeriodSeconds: grace}) with the reasons for each changed path. */
export function calculateInPlaceUpdateSpec(oldRev: RevisionInput | null, newRev: RevisionInput | null, grace: i32): SpecResult {
  const res = new SpecResult();
  const reasons = res.reasons;
  if (oldRev === null || newRev === null) {
    reasons.push(new Reason("", "", false, "recreate: the pod's revision is not among the workload's revisions"));
    return res;
  }
  const ta = parseData(oldRev);
  const na = DataNode.node;
  const tb = parseData(newRev);
  const nb = DataNode.node;
  if (ta === null || tb === null) {
    reasons.push(new Reason("", "", false, "recreate: the " + (ta === null ? "old" : "new") + " revision's data is not a JSON object"));
    return res;
  }
  const patchOut = new ByteSink(1024);
  const ao = new AppscodeOptions();
  ao.goMinor = KRUISE_GO;
  ao.go27 = false;
  // (the lockstep diff of the texts, assembly/fast/lockstep/lockstep.ts, measured slower here: both data are parsed already)
  if (!appscodeDiff(ta, na, tb, nb, ao, patchOut)) {
    const m = takeErrorMessage();
    reasons.push(new Reason("", "", false, "recreate: the revisions cannot be diffed: " + m));
    return res;
  }
  let ok = true;
  if (KruiseOptions.recreateOnVCTChange) {
    const oh = vctHash(oldRev), nh = vctHash(newRev);
    if (oh !== null && nh !== null && oh != nh) {
      reasons.push(new Reason("", "", false, "recreate: the volumeClaimTemplates hash changed (" + oh + " to " + nh +
        ") and RecreatePodWhenChangeVCTInCloneSetGate is on"));
      ok = false;
    }
  }
  // the diff operations
  const ro = new ReadOptions();
  const pt = readJSON(patchOut.ptr, patchOut.len, ro)!;
  const ops = new Array<Op>();
  let anyMeta = false;
  {
    const n = pt.children(0);
    let e = 1;
    for (let i = 0; i < n; i++) {
      const o = new Op();
      o.op = textOf(pt, pt.member(e, "op"));
      o.path = stripTemplate(textOf(pt, pt.member(e, "path")));
      o.value = pt.member(e, "value");
      if (o.path.startsWith("/metadata/")) anyMeta = true;
      ops.push(o);
      e = pt.next(e);
    }
  }
  // the templates: decoded, or (their whole decodes proven to succeed, typedcheck.ts) only what the rules
  // read: container names and env references from the tape (containersview.ts), else decoded alone (lazytemplate.ts)
  let oldTemp: TV | null = null;
  let newTemp: TV | null = null;
  let oldV: ContainersView | null = null;
  let newV: ContainersView | null = null;
  let proven = false;
  let da: Decoder | null = null, db: Decoder | null = null;
  if (oldRev.template === null && newRev.template === null && !ExactDecode.on) {
    da = templateDecoder(ta);
    db = tb == ta ? da : templateDecoder(tb);
    if (provenDecodes(ta, na, da!, tb, nb, db!)) {
      proven = true;
      oldV = tapeContainers(ta, na, false);
      newV = oldV === null ? null : tapeContainers(tb, nb, anyMeta);
      if (oldV === null || newV === null) {
        oldTemp = lazyTemplate(ta, na, Handles.replicaSet, Handles.template, da!, anyMeta, false);
        newTemp = oldTemp === null ? null : lazyTemplate(tb, nb, Handles.replicaSet, Handles.template, db!, anyMeta, anyMeta);
        proven = oldTemp !== null && newTemp !== null;
        if (proven) {
          oldV = typedContainers(containers(oldTemp!), false);
          newV = typedContainers(containers(newTemp!), anyMeta);
        }
      }
    }
  }
  if (!proven) {
    oldTemp = oldRev.template !== null && oldRev.template!.t == templateType() ? oldRev.template : templateOf(ta, na);
    newTemp = newRev.template !== null && newRev.template!.t == templateType() ? newRev.template : templateOf(tb, nb);
    if (oldTemp === null || newTemp === null) {
      reasons.push(new Reason("", "", false, "recreate: the " + (oldTemp === null ? "old" : "new") + " revision's data does not decode as a pod template"));
      return res;
    }
    oldV = typedContainers(containers(oldTemp!), false);
    newV = typedContainers(containers(newTemp!), anyMeta);
  }
  const oldCs = oldV!;
  const newCs = newV!;
  const spec = new UpdateSpec();
  spec.revision = newRev.name;
  spec.graceSeconds = grace;
  const metaOps = new Array<Op>();
  for (let i = 0; i < ops.length; i++) {
    const o = ops[i];
    const p = o.path;
    if (!p.startsWith("/spec/")) {
      if (p.startsWith("/metadata/")) { metaOps.push(o); continue; }
      reasons.push(new Reason(p, o.op, false, "recreate: only template metadata and fields under spec are compared; this changes the template as a whole"));
      ok = false;
      continue;
    }
    if (o.op != "replace") {
      reasons.push(new Reason(p, o.op, false, "recreate: " + o.op + " under the pod spec cannot be done in place (only replace)"));
      ok = false;
      continue;
    }
    const idxText = imageIndex(p);
    if (idxText !== null) {
      const idx = atoi(idxText);
      if (idx < 0 || idx >= oldCs.count) {
        reasons.push(new Reason(p, o.op, false, "recreate: container index " + idxText + " is not in the old template"));
        ok = false;
        continue;
      }
      const name = oldCs.names[idx];
      if (o.value < 0 || pt.kind(o.value) != K_STRING) {
        reasons.push(new Reason(p, o.op, false, "recreate: the new image is not a string"));
        ok = false;
        continue;
      }
      const img = textOf(pt, o.value);
      spec.containerImages.set(name, img);
      reasons.push(new Reason(p, o.op, true, "in-place: image of container \"" + name + "\" becomes \"" + img + "\""));
      continue;
    }
    if (isResourcesPath(p)) {
      if (!KruiseOptions.verticalScaling) {
        reasons.push(new Reason(p, o.op, false, "recreate: resources change in place only with the InPlaceWorkloadVerticalScaling gate"));
        ok = false;
        continue;
      }
      const why = verticalUpdate(o, pt, oldCs, spec);
      if (why !== null) {
        reasons.push(new Reason(p, o.op, false, "recreate: " + why));
        ok = false;
        continue;
      }
      const w = p.split("/");
      reasons.push(new Reason(p, o.op, true, "in-place: " + w[6] + " " + w[5] + " of container \"" +
        oldCs.names[atoi(w[3])] + "\" resized (InPlaceWorkloadVerticalScaling)"));
      continue;
    }
    reasons.push(new Reason(p, o.op, false, "recreate: only containers[*].image" +
      (KruiseOptions.verticalScaling ? " and cpu/memory quantities" : "") + " of the pod spec change in place"));
    ok = false;
  }
  if (KruiseOptions.verticalScaling && spec.containerResources.size != 0) {
    if (proven) {
      // the QoS class reads the whole pod spec: decode everything (proven to succeed)
      oldTemp = templateOf(ta, na);
      newTemp = templateOf(tb, nb);
      if (oldTemp === null || newTemp === null) { fail(E_INTERNAL, "a proven template decode failed"); return res; }
      proven = false;
    }
    const oq = computePodQOS(fieldOf(oldTemp!, "spec"));
    const nq = computePodQOS(fieldOf(newTemp!, "spec"));
    if (oq != nq) {
      reasons.push(new Reason("/spec/containers", "", false, "recreate: the pod QoS class changes from " + oq + " to " + nq));
      ok = false;
    }
  }
  if (metaOps.length > 0) {
    // the keys env reads: dropped from (copies of) both metadata before the patch
    const delLabels = new Array<string>();
    const delAnnotations = new Array<string>();
    for (let i = 0; i < metaOps.length; i++) {
      const o = metaOps[i];
      const words = splitN4(o.path);
      const mapName = words !== null ? words[2] : "";
      const eligible = (o.op == "replace" || o.op == "add") && words !== null && (mapName == "labels" || mapName == "annotations");
      let users = new Array<string>();
      if (eligible && KruiseOptions.envFromMetadata) {
        const key = rfc6901Decode(words![3]);
        for (let c = 0, n = newCs.count; c < n; c++) {
          if (!newCs.refersTo(c, "metadata." + mapName, key)) continue;
          const cname = newCs.names[c];
          if (o.value < 0 || pt.kind(o.value) != K_STRING) continue;
          const v = textOf(pt, o.value);
          let om: ObjMeta;
          if (spec.containerRefMetadata.has(cname)) om = spec.containerRefMetadata.get(cname);
          else om = new ObjMeta();
          if (mapName == "labels") {
            if (om.labels === null) om.labels = new StrMap();
            om.labels!.set(key, v);
          } else {
            if (om.annotations === null) om.annotations = new StrMap();
            om.annotations!.set(key, v);
          }
          if (mapName == "labels") delLabels.push(key); else delAnnotations.push(key);
          spec.containerRefMetadata.set(cname, om);
          spec.updateEnvFromMetadata = true;
          users.push(cname);
        }
      }
      if (users.length > 0) {
        reasons.push(new Reason(o.path, o.op, true, "in-place: " + mapName.substring(0, mapName.length - 1) + " read by the env of container" +
          (users.length > 1 ? "s " : " ") + users.join(", ") + "; kruise-daemon restarts " + (users.length > 1 ? "them" : "it")));
      } else {
        let m = "in-place: template metadata, patched onto the pod (no container restarts)";
        if (eligible && !KruiseOptions.envFromMetadata && anyReference(newCs, mapName, rfc6901Decode(words![3]))) {
          m += "; env reading it is not refreshed (InPlaceUpdateEnvFromMetadata is off)";
        }
        reasons.push(new Reason(o.path, o.op, true, m));
      }
    }
    const out = new ByteSink(256);
    // labels and annotations only (the usual template metadata): the patch straight from the maps (metapatch.ts),
    // read from the tape when the templates were not decoded
    let done = false;
    if (proven && oldTemp === null) {
      const om = metadataNode(ta, na), nm = metadataNode(tb, nb);
      done = om != -2 && nm != -2 && metaPatchTape(ta, om, tb, nm, delLabels, delAnnotations, out);
      if (!done) {
        oldTemp = lazyTemplate(ta, na, Handles.replicaSet, Handles.template, da!, true, false);
        newTemp = oldTemp === null ? null : lazyTemplate(tb, nb, Handles.replicaSet, Handles.template, db!, true, false);
        if (oldTemp === null || newTemp === null) {
          oldTemp = templateOf(ta, na);
          newTemp = templateOf(tb, nb);
          if (oldTemp === null || newTemp === null) { fail(E_INTERNAL, "a proven template decode failed"); return res; }
        }
      }
    }
    if (!done && (ExactDecode.on || !metaPatch(fieldOf(oldTemp!, "metadata"), fieldOf(newTemp!, "metadata"), delLabels, delAnnotations, out))) {
      // copies: the keys env reads are dropped from them, the templates stay as they are
      const oldMeta = metaCopy(fieldOf(oldTemp!, "metadata"));
      const newMeta = metaCopy(fieldOf(newTemp!, "metadata"));
      for (let k = 0; k < delLabels.length; k++) { deleteKey(fieldOf(oldMeta, "labels"), delLabels[k]); deleteKey(fieldOf(newMeta, "labels"), delLabels[k]); }
      for (let k = 0; k < delAnnotations.length; k++) { deleteKey(fieldOf(oldMeta, "annotations"), delAnnotations[k]); deleteKey(fieldOf(newMeta, "annotations"), delAnnotations[k]); }
      if (!exactMetaPatch(oldMeta, newMeta, out, reasons)) return res;
    }
    spec.hasPatch = true;
    spec.patch = out;
  }
  if (ok) res.spec = spec;
  return res;
}

/** CreateTwoWayMergePatch of json.Marshal(v1.Pod{ObjectMeta: …}) of both metadata into `out`; false (with the reason pushed) when it fails. */
function exactMetaPatch(oldMeta: TV, newMeta: TV, out: ByteSink, reasons: Array<Reason>): bool {
  {
    const a = podMetaDoc(oldMeta);
    const b = podMetaDoc(newMeta);
    if (a === null || b === null) { clearError(); reasons.push(new Reason("/metadata", "", false, "recreate: the template metadata cannot be encoded")); return false; }
    Handles.load();
    if (!createTwoWayMergePatch(docOf(a), docOf(b), Handles.pod, kruiseK8sMinor(), KRUISE_GO, new ReadOptions(), out)) {
      const m = takeErrorMessage();
      reasons.push(new Reason("/metadata", "", false, "recreate: the metadata patch fails: " + m));
      return false;
    }
  }
  return true;
}

/** True when some container's env reads metadata.<mapName>['key']. */
function anyReference(cs: ContainersView, mapName: string, key: string): bool {
  for (let c = 0, n = cs.count; c < n; c++) if (cs.refersTo(c, "metadata." + mapName, key)) return true;
  return false;
}

/** The template metadata node of ReplicaSet-shaped data `root` (spec.template.metadata): -1 none or null, -2 ambiguous. */
function metadataNode(t: Tape, root: i32): i32 {
  let n = root;
  const path: StaticArray<string> = ["spec", "template", "metadata"];
  for (let i = 0; i < 3; i++) {
    if (t.kind(n) != K_OBJECT) return -2;
    n = onlyMember(t, n, path[i]);
    if (n < 0) return n;
  }
  return n;
}

/** strings.SplitN(p, "/", 4) when it gives exactly 4 parts, else null. */
function splitN4(p: string): Array<string> | null {
  const out = new Array<string>();
  let start = 0;
  for (let i = 0; i < 3; i++) {
    const j = p.indexOf("/", start);
    if (j < 0) break;
    out.push(p.substring(start, j));
    start = j + 1;
  }
  out.push(p.substring(start));
  return out.length == 4 ? out : null;
}

/** NativeVerticalUpdate.UpdateInplaceUpdateMetadata: null when recorded, else the refusal (upstream's error text). */
function verticalUpdate(o: Op, pt: Tape, oldCs: ContainersView, spec: UpdateSpec): string | null {
  const words = o.path.split("/");
  if (words.length != 7) return "invalid resource path: " + o.path;
  const idx = atoi(words[3]);
  if (idx < 0 || idx >= oldCs.count) return "invalid container index: " + o.path;
  if (o.op == "remove" || o.op == "add") return "can not add or remove resources";
  if (o.value < 0 || pt.kind(o.value) == 0) return "json patch value is nil";
  if (pt.kind(o.value) != K_STRING) return "the value is not a string";
  const b = new ByteSink(pt.len(o.value) + 4);
  unquote(b, pt.ptr(o.value), pt.len(o.value), true);
  const q = parseQuantity(b.ptr, b.len);
  if (q === null) {
    const m = takeErrorMessage();
    return "parse quantity error: " + m;
  }
  const rn = words[6];
  if (rn != "cpu" && rn != "memory") return "disallowed inplace update resource: " + rn;
  const cname = oldCs.names[idx];
  if (!spec.containerResources.has(cname)) {
    const r = new ResReq();
    r.limits = new QMap();
    r.requests = new QMap();
    spec.containerResources.set(cname, r);
  }
  const r = spec.containerResources.get(cname);
  if (words[5] == "limits") r.limits!.set(rn, q);
  else if (words[5] == "requests") r.requests!.set(rn, q);
  return null;
}
