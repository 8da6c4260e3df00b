// A ControllerRevision as CalculateSpec reads it (metadata.name, metadata.annotations, Data.Raw), the data as
// jsonpatch.CreatePatch and GetTemplateFromRevision read it (inplace_update.go), and
// volumeclaimtemplate.CanVCTemplateInplaceUpdate (pkg/util/volumeclaimtemplate).

import { ByteSink } from "../../../io/sink";
import { Tape, K_NULL, K_OBJECT, F_ESCAPE } from "../../../json/tape";
import { readJSON, ReadOptions } from "../../../json/reader";
import { unquote } from "../../../json/strings";
import { hasError, clearError } from "../../../base/errors";
import { numbersFit } from "../../../json/document";
import { Decoder, DecodeOptions } from "../../../typed/decode";
import { Val, RawV } from "../../../typed/value";
import { foldEqual } from "../../../typed/fields";
import { kruiseGoOfK8s } from "../../../base/pins";
import { TV, fieldOf, path, strOf, entriesOf, entryStr } from "./typed";
import { StrMap } from "./model";
import { kruiseType, T_TEMPLATE } from "./types";

/** The annotation CloneSet revisions carry with the volumeClaimTemplates hash (volumeclaimtemplate.HashAnnotation). */
export const VCT_HASH_ANNOTATION = "kruise.io/cloneset-volumeclaimtemplate-hash";

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
}

/** Reads a typed ControllerRevision `v` into a RevisionInput. */
export function revisionInput(v: TV): RevisionInput {
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

/** A revision's Data.Raw parsed: the object node `node` of `tape`. */
export class RevisionData {
  constructor(public tape: Tape, public node: i32) {}
}

/** Data.Raw as json.Unmarshal (Go minor `go`) into map[string]interface{} accepts it (what CreatePatch diffs), or null. */
export function revisionData(r: RevisionInput, go: i32): RevisionData | null {
  const d = r.data;
  if (d === null) return null;
  const pt = r.tape;
  if (pt !== null) {
    if (pt.kind(r.node) != K_OBJECT || !numbersFit(pt, r.node)) return null;
    return new RevisionData(pt, r.node);
  }
  const o = new ReadOptions();
  o.goMinor = go;
  const t = readJSON(d.p, d.n, o);
  if (t === null) { clearError(); return null; }
  if (t.kind(0) != K_OBJECT || !numbersFit(t, 0)) return null;
  return new RevisionData(t, 0);
}

/** volumeclaimtemplate.GetVCTemplatesHash: (hash, exists); a nil or empty annotation map has none. */
function vctHash(r: RevisionInput): string | null {
  const a = r.annotations;
  if (a === null || a.size == 0 || !a.has(VCT_HASH_ANNOTATION)) return null;
  return a.get(VCT_HASH_ANNOTATION);
}

/** volumeclaimtemplate.CanVCTemplateInplaceUpdate: null when it can, else the two differing hashes' text. */
export function vctHashChange(oldRevision: RevisionInput, newRevision: RevisionInput): string | null {
  const oh = vctHash(oldRevision), nh = vctHash(newRevision);
  if (oh === null || nh === null || oh == nh) return null;
  return oh + " to " + nh;
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

/**
 * GetTemplateFromRevision: spec.template of the data decoded into a typed v1.PodTemplateSpec of Kubernetes
 * `minor`, or null when json.Unmarshal fails. Kruise unmarshals the data with plain encoding/json into
 * struct{Spec struct{Template v1.PodTemplateSpec}}: keys match case-insensitively too, everything but
 * spec.template is ignored, repeated members merge.
 */
export function getTemplateFromRevision(data: RevisionData, minor: i32): TV | null {
  const t = data.tape, node = data.node;
  const ty = kruiseType(T_TEMPLATE, minor);
  const o = new DecodeOptions();
  o.minor = minor;
  o.goMinor = kruiseGoOfK8s(minor);
  o.warnings = false;
  o.foldKeys = true;
  const d = new Decoder(t, o);
  const nk = t.kind(node);
  if (nk == K_NULL) return new TV(ty, null);
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
          if (keyFolds(t, k2, TEMPLATE, 8)) tmpl = d.value(ty, v2, tmpl);
          if (d.aborted || hasError()) { clearError(); return null; }
          k2 = t.next(v2);
        }
      } else if (vk != K_NULL) return null; // a type error: the Unmarshal fails
    }
    k = t.next(v);
  }
  if (d.aborted || d.saved !== null || hasError()) { clearError(); return null; }
  return new TV(ty, tmpl);
}
