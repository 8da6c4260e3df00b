// The per-pod in-place verdict the planners ask (`canInPlace(pod)`: would upstream's CanUpdateInPlace
// say yes for that pod's revision change?), from the request object the planner reads:
//   1. `inPlace` — an explicit override: a boolean for every pod, or an object from pod name to boolean
//      (pods not named use `inPlaceDefault`, true unless given);
//   2. otherwise `revisions` (ControllerRevision objects: metadata.name, metadata.annotations, data) or
//      `templates` (an object from revision name to PodTemplateSpec, each becoming the revision data
//      `{"spec":{"template":…}}` the Kruise controllers build: the template decoded and json.Marshal'ed as
//      Kruise's Kubernetes 1.32 types do) — the policy engine decides per pod:
//      OpenKruise's CalculateInPlaceUpdateSpec (assembly/upstream/kruise/inplaceupdate/calculate.ts) from the revision its
//      `controller-revision-hash` label names to the update revision (`updateRevision`, or `hash` for an
//      Advanced DaemonSet), with the Kruise gates of `gates` (InPlaceUpdateEnvFromMetadata,
//      InPlaceWorkloadVerticalScaling, RecreatePodWhenChangeVCTInCloneSetGate; v1.9.0 defaults); a pod
//      whose revision is not among them is recreated (upstream: a nil revision gives a nil spec);
//   3. neither: every pod is in-place-able (the planners' former default).
// A label matches a revision by its name or by the name's `-<hash>` suffix.

import { K_TRUE, K_FALSE, K_OBJECT, K_NULL, K_ARRAY, K_STRING } from "../json/tape";
import { RawV } from "../typed/value";
import { Obj, StrMap, bad, strAt } from "./objects";
import { defaultCalculateInPlaceUpdateSpec, UpdateOptions } from "../upstream/kruise/inplaceupdate/calculate";
import { RevisionInput } from "../upstream/kruise/inplaceupdate/revision";
import { StrMap as KStrMap } from "../upstream/kruise/inplaceupdate/model";
import { KruiseOptions } from "../upstream/kruise/inplaceupdate/options";
import { calculateOptions } from "../verdict/inplace";
import { ByteSink } from "../io/sink";
import { hasError, setErrorPath } from "../base/errors";
import { requestType } from "../typed/types";
import { marshalInto } from "../upstream/kubernetes/hash";
import { decodeAt } from "../stored/stored";
import { KRUISE_MINOR } from "../base/pins";
import { KRUISE_GO } from "../base/pins";

/** Per-pod in-place verdicts. */
export class Verdicts {
  /** -1: per pod (see byName), 0: no pod, 1: every pod. */
  all: i32 = 1;
  byName: StrMap = new StrMap();
  fallback: bool = true;
  /** Revisions by name (policy-engine mode), with the update revision and each pod's revision label. */
  revisions: Array<RevisionInput> | null = null;
  update: string = "";
  podRevision: StrMap = new StrMap();
  /** Cache of decided pods' revisions: revision name → "true" | "false". */
  decided: StrMap = new StrMap();
  /** CalculateSpec's options (the `gates` of the request, the shortcuts its `exact` bits allow). */
  opts: UpdateOptions = new UpdateOptions();

  /** The verdict for pod `name`. */
  canInPlace(name: string): bool {
    if (this.revisions !== null) return this.fromRevisions(name);
    if (this.all >= 0) return this.all == 1;
    const v = this.byName.get(name);
    return v === null ? this.fallback : v == "true";
  }

  private fromRevisions(name: string): bool {
    const label = this.podRevision.get(name);
    if (label === null) return false;
    const c = this.decided.get(label);
    if (c !== null) return c == "true";
    const r = defaultCalculateInPlaceUpdateSpec(this.find(label), this.find(this.update), this.opts);
    const ok = r.spec !== null;
    this.decided.set(label, ok ? "true" : "false");
    return ok;
  }

  /** The revision named `label` (or whose name ends with "-" + label), or null. */
  find(label: string): RevisionInput | null {
    const rs = this.revisions!;
    for (let i = 0; i < rs.length; i++) if (rs[i].name == label) return rs[i];
    for (let i = 0; i < rs.length; i++) if (label.length > 0 && rs[i].name.endsWith("-" + label)) return rs[i];
    return null;
  }
}

/** Reads `inPlace` / `inPlaceDefault`, or `revisions` / `templates` with the pods' labels, off request object `o` (`exact`: the shortcuts turned off). */
export function readVerdicts(o: Obj, exact: u32 = 0): Verdicts {
  const v = new Verdicts();
  const i = o.member("inPlace");
  if (i < 0) {
    readRevisions(o, v, exact);
    return v;
  }
  const t = o.t;
  const k = t.kind(i);
  if (k == K_TRUE) { v.all = 1; return v; }
  if (k == K_FALSE) { v.all = 0; return v; }
  if (k != K_OBJECT) { bad("inPlace", "a boolean or an object of booleans"); return v; }
  v.all = -1;
  v.fallback = o.bool("inPlaceDefault", true);
  const n = t.children(i);
  let e = i + 1;
  for (let c = 0; c < n; c++) {
    const val = t.next(e);
    const vk = t.kind(val);
    if (vk != K_TRUE && vk != K_FALSE && vk != K_NULL) { bad("inPlace." + strAt(t, e), "a boolean"); return v; }
    if (vk != K_NULL) v.byName.set(strAt(t, e), vk == K_TRUE ? "true" : "false");
    e = t.next(val);
  }
  return v;
}

/** A RevisionInput whose Data.Raw is the bytes [p, p+n). */
function withData(name: string, p: usize, n: i32): RevisionInput {
  const r = new RevisionInput();
  r.name = name;
  const raw = new RawV(-1);
  raw.p = p;
  raw.n = n;
  raw.isNil = false;
  r.data = raw;
  return r;
}

/** Policy-engine mode: `revisions` or `templates`, the update revision and the pods' revision labels. */
function readRevisions(o: Obj, v: Verdicts, exact: u32): void {
  const t = o.t;
  const revs = o.member("revisions");
  const tmpls = o.member("templates");
  if (revs < 0 && tmpls < 0) return;
  if (revs >= 0 && tmpls >= 0) { bad("templates", "absent when \"revisions\" is given"); return; }
  const list = new Array<RevisionInput>();
  if (revs >= 0) {
    if (t.kind(revs) != K_ARRAY) { bad("revisions", "an array of ControllerRevision objects"); return; }
    let e = revs + 1;
    for (let i = 0; i < t.children(revs); i++) {
      const r = o.elem(e, "revisions", i);
      if (!r.present) { bad("revisions[" + i.toString() + "]", "a ControllerRevision object"); return; }
      const md = r.objAt(r.member("metadata"), "metadata");
      const name = md.present ? md.strNode(md.member("name"), "name") : "";
      const d = r.member("data");
      const ri = d >= 0 ? withData(name, t.src + <usize>t.rawStart(d), t.rawEnd(d) - t.rawStart(d)) : new RevisionInput();
      ri.name = name;
      const ann = md.present ? md.member("annotations") : -1;
      if (ann >= 0) {
        const m = md.mapAt(ann, "annotations");
        const km = new KStrMap();
        for (let j = 0; j < m.keys.length; j++) km.set(m.keys[j], m.vals[j]);
        ri.annotations = km;
      }
      list.push(ri);
      e = t.next(e);
    }
  } else {
    if (t.kind(tmpls) != K_OBJECT) { bad("templates", "an object from revision name to PodTemplateSpec"); return; }
    let e = tmpls + 1;
    for (let i = 0; i < t.children(tmpls); i++) {
      const val = t.next(e);
      const name = strAt(t, e);
      if (t.kind(val) != K_OBJECT) { bad("templates." + name, "a PodTemplateSpec object"); return; }
      // the revision data the Kruise controllers build: {"spec":{"template":json.Marshal(typed template)}}
      const ty = requestType("PodTemplateSpec", KRUISE_MINOR);
      const tv = decodeAt(t, val, ty, KRUISE_MINOR, KRUISE_GO);
      if (hasError()) { setErrorPath("templates." + name); return; }
      const body = new ByteSink(t.rawEnd(val) - t.rawStart(val) + 256);
      body.ascii("{\"spec\":{\"template\":");
      if (!marshalInto(body, ty, tv, KRUISE_GO)) { setErrorPath("templates." + name); return; }
      body.ascii("}}");
      list.push(withData(name, body.ptr, body.len));
      e = t.next(val);
    }
  }
  v.revisions = list;
  const ur = o.member("updateRevision");
  const h = o.member("hash");
  const un = ur >= 0 ? ur : h;
  if (un < 0 || t.kind(un) != K_STRING) { bad(ur >= 0 ? "updateRevision" : "updateRevision", "the update revision's name (a string) when revisions are given"); return; }
  v.update = strAt(t, un);
  // the pods' controller-revision-hash labels
  const pods = o.member("pods");
  if (pods >= 0 && t.kind(pods) == K_ARRAY) {
    let e = pods + 1;
    for (let i = 0; i < t.children(pods); i++) {
      const p = o.elem(e, "pods", i);
      const md = p.objAt(p.member("metadata"), "metadata");
      if (md.present) {
        const name = md.strNode(md.member("name"), "name");
        const labels = md.member("labels");
        if (labels >= 0) {
          const l = md.mapAt(labels, "labels").get("controller-revision-hash");
          if (l !== null) v.podRevision.set(name, l);
        }
      }
      e = t.next(e);
    }
  }
  // the Kruise gates CalculateSpec reads (v1.9.0 defaults otherwise)
  const gates = new KruiseOptions();
  const g = o.obj("gates");
  if (g.present) {
    gates.envFromMetadata = g.bool("InPlaceUpdateEnvFromMetadata", true);
    gates.verticalScaling = g.bool("InPlaceWorkloadVerticalScaling", false);
    gates.recreateOnVCTChange = g.bool("RecreatePodWhenChangeVCTInCloneSetGate", false);
  }
  v.opts = calculateOptions(gates, 0, exact);
}
