// What kube-apiserver (1.32-1.37) does with a PATCH / PUT of a Pod's `resize` subresource once both pods are decoded
// and defaulted: rest.BeforeUpdate (k8s.io/apiserver pkg/registry/rest/update.go) with pkg/registry/core/pod's
// ResizeStrategy. Its PrepareForUpdate keeps of the new pod only what a resize may change (1.32: the containers'
// resources and resizePolicy, matched by name, on a copy of the stored pod; 1.33+: when the container lists keep
// their lengths, the stored spec with the new containers' resources and resizePolicy by index, the pod-level
// resources with InPlacePodLevelResourcesVerticalScaling, the stored status and the stored labels, annotations,
// finalizers and owners; the generation bumped by a spec change). Its ValidateUpdate is ValidatePodResize of
// pkg/apis/core/validation: the metadata update, the new pod's own checks, then the resize rules per minor.
// The caller's objects are not changed: what the update writes goes to copies.

import { Val, StructV, SliceV, MapV, QuantityV, PtrV } from "../../../typed/value";
import { quantityCmpValues } from "../../../quantity/arith";
import { Quantity } from "../../../quantity/quantity";
import { ErrList, quote } from "../validation/errlist";
import { fld, str, int, isSet, deref, sliceLen, at, strMap } from "../validation/view";
import { semEqual } from "../validation/equal";
import { goSyntax } from "../validation/gosyntax";
import { PodValidationOptions } from "../validation/options";
import { Gates } from "../validation/gates";
import { levelOptions } from "../validation/levelopts";
import { podOptions } from "../validation/podopts";
import { validateNewMeta, validateNewPod, NAMES_PATH_SEGMENT } from "../validation/spec";
import { computeQOS } from "../validation/qos";
import { mungedListEqual } from "../validation/update";
import { fieldIndex, fieldType, fieldCount, fieldName, elem } from "../../../schema/schema";
import { setInt, setField } from "../defaults/tree";
import { copyRequirements, defaultPodLevelResources137 } from "../defaults/podlevel";
import { objectMetaUpdate, carryStoredMeta } from "./objectmeta";
import { UpdateResult, dropRepeatedErrors } from "./appsupdate";
import { copyOf, typeOf, mapLen } from "./structs";
import { startPodUpdate } from "./podupdate";

const MIRROR_KEY = "kubernetes.io/config.mirror";

/** What differs between minors (every condition of this file reads these). */
class ResizeFacts {
  constructor(public m: i32, public gates: Gates) {}
  // field.NewPath("") prints as "[]"
  /** 1.32: PrepareForUpdate matches containers by name on a copy of the stored pod; no ordering checks. */
  get byName(): bool { return this.m <= 32; }
  /** 1.33+: the pod's generation grows with a spec change. */
  get generation(): bool { return this.m >= 33; }
  /** 1.33 only: a memory limit may not shrink (nor be added) under a NotRequired memory resize policy. */
  get memoryLimitRule(): bool { return this.m == 33; }
  /** 1.35+: pod-level resources may be resized with InPlacePodLevelResourcesVerticalScaling (on from 1.36). */
  get podLevelGated(): bool { return this.m >= 35; }
  /** InPlacePodLevelResourcesVerticalScaling (1.35 alpha, on from 1.36). */
  get podLevelResize(): bool { return this.m >= 35 && this.gates.enabled("InPlacePodLevelResourcesVerticalScaling", this.m); }
  /** InPlacePodVerticalScalingInitContainers (1.36+): non-sidecar init containers may be resized. */
  get initContainers(): bool { return this.m >= 36 && this.gates.enabled("InPlacePodVerticalScalingInitContainers", this.m); }
  /** 1.36+: the init or sidecar wording, and the RestartContainer rule of non-sidecar init containers. */
  get initWording(): bool { return this.m >= 36; }
  /** 1.36 only: pods whose status holds node allocatable resource claims cannot be resized. */
  get allocatableClaims(): bool { return this.m == 36; }
  /** 1.37: InPlacePodVerticalScalingMemoryBackedVolumes (volumes checked, emptyDir sizeLimit carried over). */
  get volumes(): bool { return this.m >= 37 && this.gates.enabled("InPlacePodVerticalScalingMemoryBackedVolumes", this.m); }
}

/** Whether init container `c` is a sidecar (restartPolicy Always). */
function restartable(c: Val | null): bool {
  const rp = fld(c, "RestartPolicy");
  return isSet(rp) && str(deref(rp)) == "Always";
}

/** The stored container `oc` with `nc`'s resources and resizePolicy (a copy). */
function withResize(oc: Val | null, nc: Val | null, ct: i32): StructV {
  const c = copyOf(oc, ct);
  setField(c, "Resources", fld(nc, "Resources"));
  setField(c, "ResizePolicy", fld(nc, "ResizePolicy"));
  return c;
}

/** dropNonResizeUpdatesForContainers (1.33+): the stored list with the new resources by index; the new list as it
 *  is when a name differs (validation refuses it). */
function mergeByIndex(nl: Val | null, ol: Val | null, lt: i32): Val | null {
  const n = sliceLen(nl);
  if (n == 0) return nl;
  const ct = elem(lt);
  const out = new SliceV(lt);
  for (let i = 0; i < n; i++) {
    if (str(fld(at(ol, i), "Name")) != str(fld(at(nl, i), "Name"))) return nl;
    out.items.push(withResize(at(ol, i), at(nl, i), ct));
  }
  out.len = n;
  return out;
}

/** 1.32's dropNonResizeUpdates: the stored containers, each with the resources of the new container of its name. */
function mergeByName(nl: Val | null, ol: Val | null, lt: i32): Val | null {
  const o = sliceLen(ol);
  if (o == 0) return ol;
  const ct = elem(lt);
  const out = new SliceV(lt);
  for (let i = 0; i < o; i++) out.items.push(at(ol, i));
  out.len = o;
  const n = sliceLen(nl);
  for (let j = 0; j < n; j++) {
    const name = str(fld(at(nl, j), "Name"));
    let idx = -1;
    for (let i = 0; i < o; i++) if (str(fld(at(ol, i), "Name")) == name) idx = i; // the last of a name (a Go map)
    if (idx >= 0) out.items[idx] = withResize(out.items[idx], at(nl, j), ct);
  }
  return out;
}

/** dropNonResizeUpdatesForVolumes (1.37): the stored volumes with the new emptyDir sizeLimits, by index and name. */
function mergeVolumes(nl: Val | null, ol: Val | null, lt: i32): Val | null {
  const n = sliceLen(nl);
  if (n != sliceLen(ol)) return nl;
  const vt = elem(lt);
  const out = new SliceV(lt);
  for (let i = 0; i < n; i++) {
    const nv = at(nl, i), ov = at(ol, i);
    if (str(fld(nv, "Name")) != str(fld(ov, "Name"))) return nl;
    out.items.push(nv);
  }
  out.len = n;
  if (vt < 0) return nl;
  return out;
}

/** ResizeStrategy.PrepareForUpdate on the copies `n` (new) and `o` (stored). */
function prepareForUpdate(n: StructV, o: StructV, podT: i32, f: ResizeFacts): void {
  const specT = typeOf(podT, "Spec");
  const ns = fld(n, "Spec"), os = fld(o, "Spec");
  const ctT = typeOf(specT, "Containers"), ictT = typeOf(specT, "InitContainers");
  if (f.byName) {
    // dropPodUpdates: the stored pod with the new name, namespace, resourceVersion and uid
    const nm = fld(n, "ObjectMeta");
    const meta = copyOf(fld(o, "ObjectMeta"), typeOf(podT, "ObjectMeta"));
    setField(meta, "Name", fld(nm, "Name"));
    setField(meta, "Namespace", fld(nm, "Namespace"));
    setField(meta, "ResourceVersion", fld(nm, "ResourceVersion"));
    setField(meta, "UID", fld(nm, "UID"));
    const spec = copyOf(os, specT);
    setField(spec, "Containers", mergeByName(fld(ns, "Containers"), fld(os, "Containers"), ctT));
    for (let i = 0; i < n.f.length; i++) n.f[i] = o.f[i];
    setField(n, "ObjectMeta", meta);
    setField(n, "Spec", spec);
    return;
  }
  const fix = f.gates.enabled("PodLevelResourcesFixDefaulting", f.m);
  if (sliceLen(fld(ns, "Containers")) != sliceLen(fld(os, "Containers")) ||
      sliceLen(fld(ns, "InitContainers")) != sliceLen(fld(os, "InitContainers"))) {
    if (fix && ns instanceof StructV && !fixDefaulting(changetype<StructV>(ns), os, f)) return;
    return;
  }
  const spec = copyOf(os, specT);
  if (f.podLevelResize) setField(spec, "Resources", fld(ns, "Resources"));
  setField(spec, "Containers", mergeByIndex(fld(ns, "Containers"), fld(os, "Containers"), ctT));
  setField(spec, "InitContainers", mergeByIndex(fld(ns, "InitContainers"), fld(os, "InitContainers"), ictT));
  if (f.volumes) setField(spec, "Volumes", mergeVolumes(fld(ns, "Volumes"), fld(os, "Volumes"), typeOf(specT, "Volumes")));
  if (fix && !fixDefaulting(spec, os, f)) return;
  setField(n, "Spec", spec);
  setField(n, "Status", fld(o, "Status"));
  // ResetObjectMetaForStatus
  const nm = changetype<StructV>(fld(n, "ObjectMeta")), om = fld(o, "ObjectMeta");
  const names = ["DeletionTimestamp", "Generation", "SelfLink", "Labels", "Annotations", "Finalizers", "OwnerReferences"];
  for (let i = 0; i < names.length; i++) if (fieldIndex(nm.t, names[i]) >= 0) setField(nm, names[i], fld(om, names[i]));
  if (f.generation && !semEqual(specT, fld(n, "Spec"), os, "", null)) {
    setInt(nm, "Generation", int(fld(nm, "Generation")) + 1);
  }
}

/**
 * PodLevelResourcesFixDefaulting (1.37) in PrepareForUpdate: a new spec without `resources` keeps a copy of the stored
 * ones, then DefaultPodLevelResources (with PodLevelResources on) completes the new pod-level resources. False with an
 * error recorded (E_TOO_LARGE).
 */
function fixDefaulting(spec: StructV, os: Val | null, f: ResizeFacts): bool {
  const ri = fieldIndex(spec.t, "Resources");
  if (ri < 0) return true;
  if (!isSet(fld(spec, "Resources")) && isSet(fld(os, "Resources"))) {
    const op = changetype<PtrV>(fld(os, "Resources"));
    const p = new PtrV(op.t);
    p.to = op.to === null ? null : copyRequirements(changetype<StructV>(op.to));
    spec.f[ri] = p;
  } else if (isSet(fld(spec, "Resources"))) {
    // the defaulter writes into the maps: give the new spec its own
    const np = changetype<PtrV>(spec.f[ri]);
    if (np.to !== null) {
      const p = new PtrV(np.t);
      p.to = copyRequirements(changetype<StructV>(np.to));
      spec.f[ri] = p;
    }
  }
  if (!isSet(fld(spec, "Resources")) || !f.gates.enabled("PodLevelResources", f.m)) return true;
  return defaultPodLevelResources137(spec);
}

/** Whether the pod-level resources of `spec` are set (requests or limits). */
function podLevelSet(spec: Val | null): bool {
  const r = deref(fld(spec, "Resources"));
  if (!isSet(fld(spec, "Resources"))) return false;
  return mapLen(fld(r, "Requests")) + mapLen(fld(r, "Limits")) > 0;
}

/** resourcesRemoved: a name of the old list is missing from the new one. */
function resourcesRemoved(nl: Val | null, ol: Val | null): bool {
  const o = strKeys(ol), n = strKeys(nl);
  if (o.length > n.length) return true;
  for (let i = 0; i < o.length; i++) if (!n.includes(o[i])) return true;
  return false;
}

function strKeys(m: Val | null): Array<string> {
  const r = new Array<string>();
  if (m === null) return r;
  const mv = changetype<MapV>(m);
  for (let i = 0; i < mv.vals.length; i++) {
    const k = String.UTF8.decodeUnsafe(mv.keyP[i], <usize>mv.keyN[i]);
    if (!r.includes(k)) r.push(k);
  }
  return r;
}

/** validateContainerResize: requests and limits may not be removed (1.33: the memory limit rule). */
function containerResize(nr: Val | null, or: Val | null, policies: Val | null, path: string, f: ResizeFacts, errs: ErrList): void {
  if (resourcesRemoved(fld(nr, "Requests"), fld(or, "Requests"))) errs.forbidden(path + ".requests", "resource requests cannot be removed");
  if (resourcesRemoved(fld(nr, "Limits"), fld(or, "Limits"))) errs.forbidden(path + ".limits", "resource limits cannot be removed");
  if (!f.memoryLimitRule) return;
  let mem = "";
  for (let i = 0; i < sliceLen(policies); i++) {
    const p = at(policies, i);
    if (str(fld(p, "ResourceName")) == "memory") { mem = str(fld(p, "RestartPolicy")); break; }
  }
  if (mem != "NotRequired" && mem != "") return;
  const nk = strKeys(fld(nr, "Limits")), ok = strKeys(fld(or, "Limits"));
  if (nk.includes("memory") && ok.includes("memory")) {
    if (quantityLess(fld(nr, "Limits"), fld(or, "Limits"), "memory")) errs.forbidden(path + ".limits[memory]", "memory limits cannot be decreased unless resizePolicy is RestartContainer");
  } else if (nk.includes("memory")) {
    errs.forbidden(path + ".limits[memory]", "memory limits cannot be added unless resizePolicy is RestartContainer");
  }
}

/** new[name] < old[name] for two resource lists holding name. */
function quantityLess(nl: Val | null, ol: Val | null, name: string): bool {
  return quantityCmpValues(quantityOf(nl, name), quantityOf(ol, name)) < 0;
}

function quantityOf(m: Val | null, name: string): Quantity {
  const mv = changetype<MapV>(m);
  let q = new Quantity();
  for (let i = 0; i < mv.vals.length; i++) {
    if (String.UTF8.decodeUnsafe(mv.keyP[i], <usize>mv.keyN[i]) != name) continue;
    const v = mv.vals[i];
    if (v !== null) q = changetype<QuantityV>(v).q; // the last of a name (a Go map)
  }
  return q;
}

/** Container `a` (new) equal to `b` (stored) once dropCPUMemoryResourcesFromContainer ran (`munge`) or as it is. */
function containerEqual(ct: i32, a: Val | null, b: Val | null, munge: bool, minor: i32): bool {
  const n = fieldCount(ct);
  for (let i = 0; i < n; i++) {
    const name = fieldName(ct, i);
    const fa = fld(a, name), fb = fld(b, name);
    if (munge && minor <= 32 && name == "ResizePolicy") continue; // 1.32's munge copies the stored resizePolicy
    if (munge && name == "Resources") {
      if (!mungedListEqual(fld(fa, "Limits"), fld(fb, "Limits"), minor < 35)) return false;
      if (!mungedListEqual(fld(fa, "Requests"), fld(fb, "Requests"), minor < 35)) return false;
      // the munged requirements keep the new claims from 1.35 (before: none)
      const rt = fieldType(ct, i);
      if (!semEqual(typeOf(rt, "Claims"), minor >= 35 ? fld(fa, "Claims") : null, fld(fb, "Claims"), "", null)) return false;
      continue;
    }
    if (!semEqual(fieldType(ct, i), fa, fb, "", null)) return false;
  }
  return true;
}

/** isPodResizeRequestSupported: the first running container status must report resources. */
function resizeSupported(pod: Val | null): bool {
  const list = fld(fld(pod, "Status"), "ContainerStatuses");
  for (let i = 0; i < sliceLen(list); i++) {
    const c = at(list, i);
    if (isSet(fld(fld(c, "State"), "Running"))) return isSet(fld(c, "Resources"));
  }
  return true;
}

/** qos.ComputePodQOS of a pod spec under the request's gates (pod-level resources when PodLevelResources is on). */
function podQOS(spec: Val | null, f: ResizeFacts): string | null {
  return computeQOS(spec, f.gates.enabled("PodLevelResources", f.m), f.gates.enabled("PodLevelResourcesFixKubeletQOSClass", f.m), f.m >= 37);
}

/** qos.GetPodQOS of the stored pod: its status' class, else computed. */
function storedQOS(pod: Val | null, f: ResizeFacts): string | null {
  const q = str(fld(fld(pod, "Status"), "QOSClass"));
  return q.length > 0 ? q : podQOS(fld(pod, "Spec"), f);
}

/** Whether structs `a` and `b` of type `t` are semantically equal in every field but `skip`. */
function equalExcept(t: i32, a: Val | null, b: Val | null, skip: string): bool {
  const n = fieldCount(t);
  for (let i = 0; i < n; i++) {
    const name = fieldName(t, i);
    if (name == skip) continue;
    if (!semEqual(fieldType(t, i), fld(a, name), fld(b, name), "", null)) return false;
  }
  return true;
}

/** The sizeLimit quantity of emptyDir `ed`, or null when unset. */
function sizeLimitOf(ed: Val | null): Quantity | null {
  const q = deref(fld(ed, "SizeLimit"));
  return q === null ? null : changetype<QuantityV>(q).q;
}

/** ValidatePodResize's volume rules (1.37 with InPlacePodVerticalScalingMemoryBackedVolumes): only the sizeLimit of a memory-backed emptyDir may change. */
function volumesResize(nl: Val | null, ol: Val | null, vt: i32, errs: ErrList): void {
  if (sliceLen(nl) != sliceLen(ol)) { errs.forbidden("spec.volumes", "volumes may not be added or removed on resize"); return; }
  const vsT = typeOf(vt, "VolumeSource");
  const edPT = typeOf(vsT, "EmptyDir");
  for (let i = 0; i < sliceLen(nl); i++) {
    const nv = at(nl, i), ov = at(ol, i);
    const path = "spec.volumes[" + i.toString() + "]";
    if (str(fld(nv, "Name")) != str(fld(ov, "Name"))) { errs.forbidden(path + ".name", "volumes may not be renamed or reordered on resize"); continue; }
    const ne = fld(fld(nv, "VolumeSource"), "EmptyDir"), oe = fld(fld(ov, "VolumeSource"), "EmptyDir");
    const both = isSet(ne) && isSet(oe);
    let same = equalExcept(vt, nv, ov, "VolumeSource") && equalExcept(vsT, fld(nv, "VolumeSource"), fld(ov, "VolumeSource"), "EmptyDir");
    if (same) same = both ? equalExcept(elem(edPT), deref(ne), deref(oe), "SizeLimit") : semEqual(edPT, ne, oe, "", null);
    if (!same) { errs.forbidden(path, "only sizeLimit of memory-backed emptyDir volumes is mutable on resize"); continue; }
    if (!both) continue;
    const oq = sizeLimitOf(deref(oe)), nq = sizeLimitOf(deref(ne));
    const hasOld = oq !== null && !oq.isZero(), hasNew = nq !== null && !nq.isZero();
    if (hasOld != hasNew) errs.forbidden(path + ".emptyDir.sizeLimit", "adding or removing sizeLimit on an existing volume is not allowed");
    else if (oq !== null && nq !== null && quantityCmpValues(oq, nq) != 0 && str(fld(deref(ne), "Medium")) != "Memory") {
      errs.forbidden(path + ".emptyDir.sizeLimit", "sizeLimit is only mutable for memory-backed emptyDir volumes");
    }
  }
}

/** The quantity of `name` in ResourceList `m`, or null when absent. */
function listGet(m: Val | null, name: string): Quantity | null {
  if (m === null || !(m instanceof MapV)) return null;
  const mv = changetype<MapV>(m);
  for (let i = 0; i < mv.vals.length; i++) {
    if (String.UTF8.decodeUnsafe(mv.keyP[i], <usize>mv.keyN[i]) != name) continue;
    const v = mv.vals[i];
    return v === null ? new Quantity() : changetype<QuantityV>(v).q;
  }
  return null;
}

/** Whether ResourceLists `a` and `b` hold the same names and quantities apart from cpu and memory. */
function othersEqual(a: Val | null, b: Val | null): bool {
  const ka = strKeys(a), kb = strKeys(b);
  let na = 0, nb = 0;
  for (let i = 0; i < kb.length; i++) if (kb[i] != "cpu" && kb[i] != "memory") nb++;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i];
    if (k == "cpu" || k == "memory") continue;
    na++;
    const qa = listGet(a, k), qb = listGet(b, k);
    if (qa === null || qb === null || quantityCmpValues(qa, qb) != 0) return false;
  }
  return na == nb;
}

/** validatePodLevelResourcesResize (1.35+): pod-level resources may not be removed and only their cpu and memory may change. */
function podLevelResize(ns: Val | null, os: Val | null, specT: i32, errs: ErrList): void {
  const oldSet = isSet(fld(os, "Resources")), newSet = isSet(fld(ns, "Resources"));
  if (oldSet && !newSet) { errs.forbidden("spec.resources", "pod-level resources cannot be removed"); return; }
  const nr = deref(fld(ns, "Resources")), or = oldSet ? deref(fld(os, "Resources")) : null;
  if (oldSet) {
    if (resourcesRemoved(fld(nr, "Requests"), fld(or, "Requests"))) errs.forbidden("spec.resources.requests", "pod-level resource requests cannot be removed");
    if (resourcesRemoved(fld(nr, "Limits"), fld(or, "Limits"))) errs.forbidden("spec.resources.limits", "pod-level resource limits cannot be removed");
  }
  if (!newSet) return;
  // the new requirements with the stored cpu and memory put back must equal the stored ones (unset when the
  // store had none and nothing but cpu and memory was given)
  const rrT = elem(typeOf(specT, "Resources"));
  const same = othersEqual(fld(nr, "Requests"), fld(or, "Requests")) && othersEqual(fld(nr, "Limits"), fld(or, "Limits")) &&
    semEqual(typeOf(rrT, "Claims"), fld(nr, "Claims"), fld(or, "Claims"), "", null);
  if (!same) errs.forbidden("spec", "only cpu and memory resources are mutable at pod-level");
}

/** ValidatePodResize's own rules (after the metadata and the new pod's checks). */
function podResize(n: Val | null, o: Val | null, podT: i32, f: ResizeFacts, errs: ErrList): void {
  const minor = f.m;
  const ns = fld(n, "Spec"), os = fld(o, "Spec");
  const specT = typeOf(podT, "Spec");
  const anyPodLevel = podLevelSet(os) || podLevelSet(ns);
  if (!f.podLevelGated && anyPodLevel && minor <= 34) {
    errs.list = [];
    errs.forbidden("[]", "pods with pod-level resources cannot be resized");
    return;
  }
  if (strMap(fld(fld(o, "ObjectMeta"), "Annotations")).find(MIRROR_KEY) >= 0) {
    errs.list = [];
    errs.forbidden("[]", "static pods cannot be resized");
    return;
  }
  const os_ = deref(fld(os, "OS"));
  if (isSet(fld(os, "OS")) && str(fld(os_, "Name")) == "windows") {
    errs.list = [];
    errs.forbidden("[]", "windows pods cannot be resized");
    return;
  }
  const oq = storedQOS(o, f), nq = podQOS(ns, f);
  if (oq !== null && nq !== null && oq != nq) errs.invalid("spec", quote(str(fld(fld(n, "Status"), "QOSClass"))), "Pod QOS Class may not change as a result of resizing");
  if (!resizeSupported(o)) errs.forbidden("spec", "Pod running on node without support for resize");
  if (anyPodLevel && f.podLevelGated && !f.podLevelResize) {
    errs.forbidden("[]", "resize of pods with pod-level resources is forbidden when InPlacePodLevelResourcesVerticalScalingEnabled feature gate is disabled");
    return;
  }
  if (anyPodLevel && f.podLevelResize) podLevelResize(ns, os, specT, errs);
  if (minor == 36 && sliceLen(fld(fld(o, "Status"), "NodeAllocatableResourceClaimStatuses")) > 0) {
    errs.forbidden("spec", "pods with node allocatable resource claims cannot be resized");
  }
  const nc = fld(ns, "Containers"), oc = fld(os, "Containers");
  const nic = fld(ns, "InitContainers"), oic = fld(os, "InitContainers");
  if (!f.byName) {
    const before = errs.length;
    if (sliceLen(nc) != sliceLen(oc)) errs.forbidden("spec.containers", "containers may not be added or removed on resize");
    else for (let i = 0; i < sliceLen(oc); i++) if (str(fld(at(nc, i), "Name")) != str(fld(at(oc, i), "Name"))) errs.forbidden("spec.containers[" + i.toString() + "].name", "containers may not be renamed or reordered on resize");
    if (sliceLen(nic) != sliceLen(oic)) errs.forbidden("spec.initContainers", "initContainers may not be added or removed on resize");
    else for (let i = 0; i < sliceLen(oic); i++) if (str(fld(at(nic, i), "Name")) != str(fld(at(oic, i), "Name"))) errs.forbidden("spec.initContainers[" + i.toString() + "].name", "initContainers may not be renamed or reordered on resize");
    if (errs.length > before) return;
    for (let i = 0; i < sliceLen(oic); i++) {
      if (!f.initContainers && !restartable(at(oic, i))) continue;
      containerResize(fld(at(nic, i), "Resources"), fld(at(oic, i), "Resources"), fld(at(nic, i), "ResizePolicy"), "spec.initContainers[" + i.toString() + "].resources", f, errs);
    }
  }
  for (let i = 0; i < sliceLen(oc); i++) {
    containerResize(fld(at(nc, i), "Resources"), fld(at(oc, i), "Resources"), fld(at(nc, i), "ResizePolicy"), "spec.containers[" + i.toString() + "].resources", f, errs);
  }
  const ct = elem(typeOf(specT, "Containers"));
  let mutable = true;
  for (let i = 0; i < sliceLen(nc); i++) {
    if (!containerEqual(ct, at(nc, i), at(oc, i), true, minor)) {
      if (!f.byName) errs.forbidden("spec", "only cpu and memory resources are mutable");
      mutable = false;
    }
  }
  if (!f.byName) {
    for (let i = 0; i < sliceLen(nic); i++) {
      const c = at(nic, i), old = at(oic, i);
      const side = restartable(c);
      const modified = !containerEqual(ct, c, old, false, minor);
      if (side || f.initContainers) {
        if (!containerEqual(ct, c, old, true, minor)) {
          // 1.36+ name the init container; before, the spec
          errs.forbidden(f.initWording ? "spec.initContainers[" + i.toString() + "]" : "spec", f.initWording ? "only cpu and memory resources for init or sidecar containers are mutable" : "only cpu and memory resources for sidecar containers are mutable");
        }
        if (modified && !side && f.initWording) {
          const rp = fld(c, "ResizePolicy");
          for (let k = 0; k < sliceLen(rp); k++) {
            if (str(fld(at(rp, k), "RestartPolicy")) == "RestartContainer") errs.forbidden("spec.initContainers[" + i.toString() + "]", "non-sidecar init containers with a resize policy of RestartContainer cannot be resized");
          }
        }
      } else if (modified) {
        errs.forbidden("spec", "resources for non-sidecar init containers are immutable");
      }
    }
    if (f.volumes) volumesResize(fld(ns, "Volumes"), fld(os, "Volumes"), elem(typeOf(specT, "Volumes")), errs);
    if (errs.length > 0) return;
    // the rest of the spec (PrepareForUpdate kept the stored one unless a list changed length or order)
    const n2 = fieldCount(specT);
    for (let i = 0; i < n2; i++) {
      const name = fieldName(specT, i);
      if (name == "Containers" || name == "InitContainers") continue;
      if (name == "Resources" && f.podLevelResize && anyPodLevel) continue;
      if (name == "Volumes" && f.volumes) continue;
      if (!semEqual(fieldType(specT, i), fld(ns, name), fld(os, name), "", null)) {
        errs.forbidden("spec", "only cpu and memory resources are mutable");
        return;
      }
    }
    return;
  }
  // 1.32: everything but the containers' cpu and memory is compared at once, with a go-cmp diff after the text
  if (errs.length > 0 && mutable) return;
  if (!mutable) errs.forbidden("spec", "only cpu and memory resources are mutable\n  kinplace: the containers' resources other than cpu and memory changed");
}

/**
 * rest.BeforeUpdate of the pods/resize subresource at `minor` (32-37) for the decoded, defaulted v1 pods `nv` (the
 * request's) and `ov` (stored), with the request's `gates`; `podT` is the v1 Pod type of the minor. The result's
 * errors are ValidatePodResize's (empty: accepted), its message the StatusError text, its badRequest the namespace
 * refusal; the resize strategy records no warnings.
 */
export function resizeBeforeUpdate(nv: Val | null, ov: Val | null, podT: i32, minor: i32, gates: Gates, maxErrorBytes: i64): UpdateResult {
  const metaT = typeOf(podT, "ObjectMeta");
  const u = startPodUpdate(nv, ov, podT, maxErrorBytes);
  const res = u.res, errs = res.errs, n = u.n, o = u.o, om = u.om;
  if (res.badRequest.length > 0) return res;
  const f = new ResizeFacts(minor, gates);
  prepareForUpdate(n, o, podT, f);
  const m2 = changetype<StructV>(fld(n, "ObjectMeta"));
  carryStoredMeta(m2, om);
  validateNewMeta(m2, minor, errs, NAMES_PATH_SEGMENT, false);
  // validateCommonFields: the generic metadata update checks, before the strategy's own
  objectMetaUpdate(m2, om, minor, false, errs);
  // the strategy's ValidateUpdate: ValidatePodResize
  const opts = new PodValidationOptions(minor, gates);
  opts.oldSpec = fld(o, "Spec");
  levelOptions(opts, o, n);
  podOptions(opts, fld(o, "Spec"), fld(n, "Spec"));
  const own = new ErrList(maxErrorBytes);
  // 1.33+: ValidateObjectMetaUpdate again; 1.32: ValidateImmutableField on the whole metadata (its %#v text)
  if (minor >= 33) objectMetaUpdate(m2, om, minor, true, own);
  else if (!semEqual(metaT, m2, om, "", null)) own.invalid("metadata", goSyntax(metaT, m2), "field is immutable");
  validateNewPod(n, opts, own);
  podResize(n, o, podT, f, own);
  errs.addAll(own);
  if (minor >= 37) dropRepeatedErrors(errs);
  if (errs.length > 0) {
    const agg = errs.aggregate();
    res.message = "Pod " + quote(str(fld(m2, "Name"))) + " is invalid" + (agg.length > 0 ? ": " + agg : "");
  }
  return res;
}
