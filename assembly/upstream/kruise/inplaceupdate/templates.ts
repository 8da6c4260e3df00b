// What CalculateSpec reads of the two revisions' pod templates, behind one interface so that how they are
// read is injected (as Kruise's UpdateOptions injects CalculateSpec itself): `TemplateReads` gets the pair,
// `TemplatePair` answers the reads. The port's own reads are here: GetTemplateFromRevision of both revisions
// (full typed decodes), the containers of the typed templates, qos.GetPodQOS of their specs, and the metadata
// patch exactly as Kruise computes it (json.Marshal(v1.Pod{ObjectMeta: …}) of both, with the keys env reads
// deleted, then strategicpatch.CreateTwoWayMergePatch). Shortcuts that answer the same reads without the
// full decodes live in fast/kruisespec/.

import { ByteSink } from "../../../io/sink";
import { ReadOptions } from "../../../json/reader";
import { clearError, takeErrorMessage } from "../../../base/errors";
import { DocInput } from "../../../json/document";
import { createTwoWayMergePatch } from "../../strategicpatch/smp";
import { Encoder, EncodeOptions } from "../../../typed/encode";
import { StructV, MapV } from "../../../typed/value";
import { jsonFields } from "../../../typed/fields";
import { Kind, kind, minorOf } from "../../../schema/schema";
import { kruiseGoOfK8s } from "../../../base/pins";
import { TV, fieldOf, deleteKey } from "./typed";
import { RevisionData, getTemplateFromRevision } from "./revision";
import { ContainersView, typedContainers } from "./containermeta";
import { computePodQOS } from "./qos";
import { KruiseOptions } from "./options";
import { kruiseType, T_POD } from "./types";

/** The old template (oldTemp). */
export const OLD: i32 = 0;
/** The new template (newTemp). */
export const NEW: i32 = 1;

/** The reads of the two templates. */
export abstract class TemplatePair {
  /** "" when both templates were read; "old" / "new" when GetTemplateFromRevision of that revision fails. */
  failed: string = "";

  /** The containers of template `which` (OLD / NEW); the new one's env references when the pair was read with `refs`. */
  abstract containers(which: i32): ContainersView;

  /** qos.GetPodQOS(&v1.Pod{Spec: template.Spec}) of template `which`; null with an error recorded when it cannot be read. */
  abstract podQOS(which: i32): string | null;

  /**
   * CreateTwoWayMergePatch(json.Marshal(v1.Pod{ObjectMeta: oldTemp.ObjectMeta}), … newTemp …, &v1.Pod{}) into
   * `out`, the keys in `delLabels` / `delAnnotations` deleted from both metadata first; null when done, else
   * why CalculateSpec returns nil (a reason's message).
   */
  abstract metadataPatch(delLabels: Array<string>, delAnnotations: Array<string>, out: ByteSink): string | null;
}

/** How CalculateSpec gets the pair: GetTemplateFromRevision of both revisions' data (parsed), under `gates`; `refs`: read the new template's env references. */
export abstract class TemplateReads {
  abstract read(oldData: RevisionData, newData: RevisionData, refs: bool, gates: KruiseOptions): TemplatePair;
}

/** A pair whose read failed (`failed` names the revision). */
export class FailedPair extends TemplatePair {
  constructor(which: string) {
    super();
    this.failed = which;
  }
  containers(which: i32): ContainersView { return new ContainersView(); }
  podQOS(which: i32): string | null { return null; }
  metadataPatch(delLabels: Array<string>, delAnnotations: Array<string>, out: ByteSink): string | null { return "no templates"; }
}

/** The two templates fully decoded (typed v1.PodTemplateSpec values of the release's Kubernetes minor). */
export class DecodedPair extends TemplatePair {
  private views: Array<ContainersView | null> = [null, null];

  constructor(public oldTemp: TV, public newTemp: TV, private refs: bool, private gates: KruiseOptions) {
    super();
  }

  /** Template `which`. */
  template(which: i32): TV {
    return which == OLD ? this.oldTemp : this.newTemp;
  }

  containers(which: i32): ContainersView {
    let v = this.views[which];
    if (v === null) {
      v = typedContainers(fieldOf(fieldOf(this.template(which), "spec"), "containers"), which == NEW && this.refs);
      this.views[which] = v;
    }
    return v;
  }

  podQOS(which: i32): string | null {
    return computePodQOS(fieldOf(this.template(which), "spec"));
  }

  metadataPatch(delLabels: Array<string>, delAnnotations: Array<string>, out: ByteSink): string | null {
    return templateMetadataPatch(fieldOf(this.oldTemp, "metadata"), fieldOf(this.newTemp, "metadata"), delLabels, delAnnotations, this.gates.k8sMinor(), out);
  }
}

/** The port's reads: GetTemplateFromRevision of both revisions. */
export class DecodeTemplates extends TemplateReads {
  read(oldData: RevisionData, newData: RevisionData, refs: bool, gates: KruiseOptions): TemplatePair {
    const m = gates.k8sMinor();
    const oldTemp = getTemplateFromRevision(oldData, m);
    if (oldTemp === null) return new FailedPair("old");
    const newTemp = getTemplateFromRevision(newData, m);
    if (newTemp === null) return new FailedPair("new");
    return new DecodedPair(oldTemp, newTemp, refs, gates);
  }
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
    const buf = String.UTF8.encode(w == 0 ? "labels" : "annotations");
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

/** json.Marshal(v1.Pod{ObjectMeta: meta}): only metadata is set, so `{"metadata":…}`; null with an error. */
function podMetaDoc(meta: TV): DocInput | null {
  const out = new ByteSink(256);
  out.ascii("{\"metadata\":");
  const eo = new EncodeOptions();
  eo.goMinor = kruiseGoOfK8s(minorOf(meta.t));
  if (!new Encoder(out, eo).value(meta.t, meta.v)) return null;
  out.byte(0x7d);
  const d = new DocInput();
  d.present = true;
  d.ptr = out.ptr;
  d.len = out.len;
  return d;
}

/**
 * Kruise's metadata patch of two template ObjectMeta values (Kubernetes `minor`) into `out`: copies with the
 * keys env reads deleted, json.Marshal of a pod of each, CreateTwoWayMergePatch; null when done, else why not.
 */
export function templateMetadataPatch(oldMeta: TV, newMeta: TV, delLabels: Array<string>, delAnnotations: Array<string>, minor: i32, out: ByteSink): string | null {
  const om = metaCopy(oldMeta), nm = metaCopy(newMeta);
  for (let k = 0; k < delLabels.length; k++) { deleteKey(fieldOf(om, "labels"), delLabels[k]); deleteKey(fieldOf(nm, "labels"), delLabels[k]); }
  for (let k = 0; k < delAnnotations.length; k++) { deleteKey(fieldOf(om, "annotations"), delAnnotations[k]); deleteKey(fieldOf(nm, "annotations"), delAnnotations[k]); }
  const a = podMetaDoc(om);
  const b = podMetaDoc(nm);
  if (a === null || b === null) { clearError(); return "recreate: the template metadata cannot be encoded"; }
  if (!createTwoWayMergePatch(a, b, kruiseType(T_POD, minor), minor, kruiseGoOfK8s(minor), new ReadOptions(), out)) {
    return "recreate: the metadata patch fails: " + takeErrorMessage();
  }
  return null;
}
