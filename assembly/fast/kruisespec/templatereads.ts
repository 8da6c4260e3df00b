// Shortcuts of CalculateSpec's template reads (upstream/kruise/inplaceupdate/templates.ts `DecodeTemplates`,
// which they must equal byte for byte in every answer and error): once typedcheck.ts proves that the whole
// typed decode of both revisions' data would succeed (the new revision checked only where its bytes differ
// from the old one's), the reads come from the JSON: container names and env references straight from the
// tape (containersview.ts), else the few typed parts decoded alone (lazytemplate.ts); the metadata patch from
// the two label / annotation maps (metapatch.ts) instead of an encode and a strategic merge patch. The QoS
// class reads the whole pod spec: the full decode then runs (proven to succeed). Anything not proven gives up
// to the port's full decode, with only the metadata patch taken from the maps where metapatch.ts proves it.
// `HeldTemplateReads` reads templates a caller already holds as decoded values (the verdict's stored
// templates, which the revision data is json.Marshal of) instead of decoding the data again.

import { ByteSink } from "../../io/sink";
import { Tape, K_OBJECT } from "../../json/tape";
import { fail, E_INTERNAL } from "../../base/errors";
import { Decoder, DecodeOptions } from "../../typed/decode";
import { kruiseGoOfK8s } from "../../base/pins";
import { TV, fieldOf } from "../../upstream/kruise/inplaceupdate/typed";
import { KruiseOptions } from "../../upstream/kruise/inplaceupdate/options";
import { RevisionData, getTemplateFromRevision } from "../../upstream/kruise/inplaceupdate/revision";
import { ContainersView, typedContainers } from "../../upstream/kruise/inplaceupdate/containermeta";
import { computePodQOS } from "../../upstream/kruise/inplaceupdate/qos";
import { kruiseType, T_REPLICASET, T_TEMPLATE } from "../../upstream/kruise/inplaceupdate/types";
import {
  TemplatePair, TemplateReads, FailedPair, DecodedPair, OLD, templateMetadataPatch,
} from "../../upstream/kruise/inplaceupdate/templates";
import { TypedCheck } from "./typedcheck";
import { lazyTemplate } from "./lazytemplate";
import { metaPatch, metaPatchTape } from "./metapatch";
import { tapeContainers, onlyMember } from "./containersview";

/** A decoder of the release's templates on tape `t` (sigs.k8s.io/json semantics, as GetTemplateFromRevision decodes). */
function templateDecoder(t: Tape, minor: i32): Decoder {
  const o = new DecodeOptions();
  o.minor = minor;
  o.goMinor = kruiseGoOfK8s(minor);
  o.warnings = false;
  return new Decoder(t, o);
}

/** The metadata patch from the two templates' label / annotation maps (metapatch.ts), else the port's. */
function mapsFirst(oldTemp: TV, newTemp: TV, delLabels: Array<string>, delAnnotations: Array<string>, minor: i32, out: ByteSink): string | null {
  const om = fieldOf(oldTemp, "metadata"), nm = fieldOf(newTemp, "metadata");
  if (metaPatch(om, nm, delLabels, delAnnotations, out)) return null;
  return templateMetadataPatch(om, nm, delLabels, delAnnotations, minor, out);
}

/** Fully decoded templates whose metadata patch is taken from the maps where metapatch.ts proves it. */
class MapsFirstPair extends DecodedPair {
  constructor(oldTemp: TV, newTemp: TV, refs: bool, private kg: KruiseOptions) {
    super(oldTemp, newTemp, refs, kg);
  }

  metadataPatch(delLabels: Array<string>, delAnnotations: Array<string>, out: ByteSink): string | null {
    return mapsFirst(this.oldTemp, this.newTemp, delLabels, delAnnotations, this.kg.k8sMinor(), out);
  }
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

/** Templates whose whole decodes are proven: read from the tape (`views`) or decoded in part (`lazy`), fully decoded only when the QoS class is asked. */
class ProvenPair extends TemplatePair {
  /** The views read from the tape (null: `lazyOld` / `lazyNew` hold the partly decoded templates). */
  views: Array<ContainersView> | null = null;
  lazyOld: TV | null = null;
  lazyNew: TV | null = null;
  /** The full decodes, once made. */
  full: DecodedPair | null = null;

  constructor(private a: RevisionData, private b: RevisionData, private da: Decoder, private db: Decoder, private refs: bool, private gates: KruiseOptions) {
    super();
  }

  containers(which: i32): ContainersView {
    if (this.views !== null) return this.views![which];
    return typedContainers(fieldOf(fieldOf(which == OLD ? this.lazyOld! : this.lazyNew!, "spec"), "containers"), which != OLD && this.refs);
  }

  /** The full decodes (proven to succeed: a failure is a bug, E_INTERNAL). */
  private decoded(): DecodedPair | null {
    if (this.full !== null) return this.full;
    const m = this.gates.k8sMinor();
    const o = getTemplateFromRevision(this.a, m);
    const n = getTemplateFromRevision(this.b, m);
    if (o === null || n === null) { fail(E_INTERNAL, "a proven template decode failed"); return null; }
    this.full = new DecodedPair(o, n, this.refs, this.gates);
    return this.full;
  }

  podQOS(which: i32): string | null {
    const d = this.decoded();
    return d === null ? null : computePodQOS(fieldOf(d.template(which), "spec"));
  }

  metadataPatch(delLabels: Array<string>, delAnnotations: Array<string>, out: ByteSink): string | null {
    const m = this.gates.k8sMinor();
    const full = this.full;
    if (full !== null) return mapsFirst(full.oldTemp, full.newTemp, delLabels, delAnnotations, m, out);
    let o = this.lazyOld, n = this.lazyNew;
    if (o === null) {
      const ta = this.a.tape, tb = this.b.tape;
      const om = metadataNode(ta, this.a.node), nm = metadataNode(tb, this.b.node);
      if (om != -2 && nm != -2 && metaPatchTape(ta, om, tb, nm, delLabels, delAnnotations, out)) return null;
      const rs = kruiseType(T_REPLICASET, m), tt = kruiseType(T_TEMPLATE, m);
      o = lazyTemplate(ta, this.a.node, rs, tt, this.da, true, false);
      n = o === null ? null : lazyTemplate(tb, this.b.node, rs, tt, this.db, true, false);
      if (o === null || n === null) {
        const d = this.decoded();
        if (d === null) return "a proven template decode failed";
        o = d.oldTemp;
        n = d.newTemp;
      }
    }
    return mapsFirst(o, n!, delLabels, delAnnotations, m, out);
  }
}

/** CalculateSpec's reads proven from the JSON where typedcheck.ts proves the decodes, else the full decode (metadata patch from the maps where proven). */
export class KruiseSpecReads extends TemplateReads {
  read(oldData: RevisionData, newData: RevisionData, refs: bool, gates: KruiseOptions): TemplatePair {
    const m = gates.k8sMinor();
    const ta = oldData.tape, na = oldData.node, tb = newData.tape, nb = newData.node;
    const da = templateDecoder(ta, m);
    const db = tb == ta ? da : templateDecoder(tb, m);
    const rs = kruiseType(T_REPLICASET, m), tt = kruiseType(T_TEMPLATE, m);
    // fold: a key that only matches a field case-insensitively is not proven (GetTemplateFromRevision decides)
    if (new TypedCheck(ta, da, null, true).ok(rs, na, -1) && new TypedCheck(tb, db, ta, true).ok(rs, nb, na)) {
      const p = new ProvenPair(oldData, newData, da, db, refs, gates);
      const ov = tapeContainers(ta, na, false);
      const nv: ContainersView | null = ov === null ? null : tapeContainers(tb, nb, refs);
      if (ov !== null && nv !== null) {
        p.views = [ov, nv];
        return p;
      }
      const o = lazyTemplate(ta, na, rs, tt, da, refs, false);
      const n: TV | null = o === null ? null : lazyTemplate(tb, nb, rs, tt, db, refs, refs);
      if (o !== null && n !== null) {
        p.lazyOld = o;
        p.lazyNew = n;
        return p;
      }
    }
    const oldTemp = getTemplateFromRevision(oldData, m);
    if (oldTemp === null) return new FailedPair("old");
    const newTemp = getTemplateFromRevision(newData, m);
    if (newTemp === null) return new FailedPair("new");
    return new MapsFirstPair(oldTemp, newTemp, refs, gates);
  }
}

/**
 * The templates a caller holds already decoded (`oldTemp`, `newTemp`: what json.Unmarshal of the revision data
 * gives, as the verdict's stored templates are), each used when it is of the release's template type, else
 * the data decoded; the metadata patch from the maps where proven.
 */
export class HeldTemplateReads extends TemplateReads {
  constructor(private oldTemp: TV, private newTemp: TV) {
    super();
  }

  read(oldData: RevisionData, newData: RevisionData, refs: bool, gates: KruiseOptions): TemplatePair {
    const m = gates.k8sMinor();
    const tt = kruiseType(T_TEMPLATE, m);
    const oldTemp = this.oldTemp.t == tt ? this.oldTemp : getTemplateFromRevision(oldData, m);
    const newTemp = this.newTemp.t == tt ? this.newTemp : getTemplateFromRevision(newData, m);
    if (oldTemp === null || newTemp === null) return new FailedPair(oldTemp === null ? "old" : "new");
    return new MapsFirstPair(oldTemp, newTemp, refs, gates);
  }
}
