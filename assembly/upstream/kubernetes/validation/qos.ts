// qos.ComputePodQOS (pkg/apis/core/helper/qos) over the typed view: containers and init containers,
// CPU and memory only, positive quantities summed per resource (Quantity.Add on deep copies, compared
// with Cmp).

import { Val, MapV, QuantityV, sortedEntries } from "../../../typed/value";
import { Quantity } from "../../../quantity/quantity";
import { fld, sliceLen, at, isSet, deref } from "./view";
import { quantityDeepCopy, quantityAdd, quantityCmpValues } from "../../../quantity/arith";
import { quantitySign } from "../../../quantity/scaled";

/** The sums per resource name (cpu, memory: a linear search is enough). */
class Sums {
  names: Array<string> = new Array<string>();
  vals: Array<Quantity> = new Array<Quantity>();
  /** False once a sum was beyond the engine's digit limit (E_TOO_LARGE recorded). */
  ok: bool = true;

  /** requests[name] = q.DeepCopy() + requests[name]. */
  add(name: string, q: Quantity): void {
    const delta = quantityDeepCopy(q);
    for (let i = 0; i < this.names.length; i++) {
      if (this.names[i] == name) {
        if (!quantityAdd(delta, this.vals[i])) this.ok = false;
        this.vals[i] = delta;
        return;
      }
    }
    this.names.push(name);
    this.vals.push(delta);
  }

  find(name: string): i32 {
    for (let i = 0; i < this.names.length; i++) if (this.names[i] == name) return i;
    return -1;
  }
}

/** Positive CPU/memory quantities of a ResourceList added into `s`; returns the names found. */
function collect(list: Val | null, s: Sums): Array<string> {
  const found = new Array<string>();
  if (list === null || !(list instanceof MapV)) return found;
  const m = changetype<MapV>(list);
  const idx = sortedEntries(m);
  for (let k = 0; k < idx.length; k++) {
    const j = idx[k];
    const name = String.UTF8.decodeUnsafe(m.keyP[j], <usize>m.keyN[j]);
    if (name != "cpu" && name != "memory") continue;
    const v = m.vals[j];
    const q = v === null ? new Quantity() : changetype<QuantityV>(v).q;
    if (quantitySign(q) <= 0) continue;
    s.add(name, q);
    found.push(name);
  }
  return found;
}

/** Whether a resource name counts for IsPodLevelResourcesSet: cpu, memory or a hugepages- size. */
function podLevelName(name: string): bool {
  return name == "cpu" || name == "memory" || name.startsWith("hugepages-");
}

/** IsPodLevelResourcesSet of a v1 PodSpec: spec.resources set with a supported name in requests or limits. */
function podLevelResourcesSet(spec: Val | null): bool {
  if (!isSet(fld(spec, "Resources"))) return false;
  const r = deref(fld(spec, "Resources"));
  for (let pass = 0; pass < 2; pass++) {
    const list = fld(r, pass == 0 ? "Requests" : "Limits");
    if (list === null || !(list instanceof MapV)) continue;
    const m = changetype<MapV>(list);
    for (let j = 0; j < m.vals.length; j++) {
      if (podLevelName(String.UTF8.decodeUnsafe(m.keyP[j], <usize>m.keyN[j]))) return true;
    }
  }
  return false;
}

/** Number of entries of a ResourceList (0 when unset). */
function listLen(list: Val | null): i32 {
  return list === null || !(list instanceof MapV) ? 0 : changetype<MapV>(list).vals.length;
}

/** ComputePodQOS of a v1 PodSpec: "Guaranteed", "Burstable" or "BestEffort"; null (E_TOO_LARGE recorded) when
 * a sum needs more digits than the engine's limit. With `podLevelGate` (PodLevelResources on) and spec.resources
 * set (with `fixKubeletQOS`, PodLevelResourcesFixKubeletQOSClass on: set with a supported name), the class comes
 * from the pod-level requests and limits. */
export function computeQOS(spec: Val | null, podLevelGate: bool = false, fixKubeletQOS: bool = false, perRequirements: bool = false): string | null {
  if (perRequirements) return qosByRequirements(spec, podLevelGate, fixKubeletQOS);
  const req = new Sums();
  const lim = new Sums();
  let guaranteed = true;
  if (podLevelGate && isSet(fld(spec, "Resources")) && (!fixKubeletQOS || podLevelResourcesSet(spec))) {
    const r = deref(fld(spec, "Resources"));
    collect(fld(r, "Requests"), req);
    const limits = fld(r, "Limits");
    if (listLen(limits) > 0) {
      const f = collect(limits, lim);
      if (!f.includes("cpu") || !f.includes("memory")) guaranteed = false;
    }
    return classOf(req, lim, guaranteed);
  }
  for (let pass = 0; pass < 2; pass++) {
    const list = fld(spec, pass == 0 ? "Containers" : "InitContainers");
    const n = sliceLen(list);
    for (let i = 0; i < n; i++) {
      const res = fld(at(list, i), "Resources");
      collect(fld(res, "Requests"), req);
      const f = collect(fld(res, "Limits"), lim);
      let cpu = false, mem = false;
      for (let k = 0; k < f.length; k++) { if (f[k] == "cpu") cpu = true; if (f[k] == "memory") mem = true; }
      if (!cpu || !mem) guaranteed = false;
    }
  }
  return classOf(req, lim, guaranteed);
}

/** The quantity of `name` in ResourceList `list` (zero when absent). */
function quantityOf(list: Val | null, name: string): Quantity {
  if (list === null || !(list instanceof MapV)) return new Quantity();
  const m = changetype<MapV>(list);
  for (let j = 0; j < m.vals.length; j++) {
    if (String.UTF8.decodeUnsafe(m.keyP[j], <usize>m.keyN[j]) != name) continue;
    const v = m.vals[j];
    return v === null ? new Quantity() : changetype<QuantityV>(v).q;
  }
  return new Quantity();
}

/** The class of one set of ResourceRequirements (1.37's requirementsQOS): per cpu and memory, request equal to
 * limit and non-zero is Guaranteed, both zero BestEffort, else Burstable; mixed shapes are Burstable. */
function requirementsClass(res: Val | null): string {
  const reqs = fld(res, "Requests"), lims = fld(res, "Limits");
  if (listLen(reqs) == 0 && listLen(lims) == 0) return "BestEffort";
  let cls = "";
  for (let k = 0; k < 2; k++) {
    const name = k == 0 ? "cpu" : "memory";
    const r = quantityOf(reqs, name), l = quantityOf(lims, name);
    let c = "Guaranteed";
    if (quantityCmpValues(r, l) != 0) c = "Burstable";
    else if (quantitySign(r) == 0) c = "BestEffort";
    if (c == "Burstable") return c;
    if (cls.length == 0) cls = c;
    else if (cls != c) return "Burstable";
  }
  return cls;
}

/** 1.37's ComputePodQOS: the pod-level requirements when they decide, else init then regular containers each classed
 * on its own (any Burstable, or a mix, is Burstable; no containers: BestEffort). */
function qosByRequirements(spec: Val | null, podLevelGate: bool, fixKubeletQOS: bool): string {
  if (podLevelGate && isSet(fld(spec, "Resources")) && (!fixKubeletQOS || podLevelResourcesSet(spec))) {
    return requirementsClass(deref(fld(spec, "Resources")));
  }
  let cls = "";
  for (let pass = 0; pass < 2; pass++) {
    const list = fld(spec, pass == 0 ? "InitContainers" : "Containers");
    const n = sliceLen(list);
    for (let i = 0; i < n; i++) {
      const c = requirementsClass(fld(at(list, i), "Resources"));
      if (c == "Burstable") return c;
      if (cls.length == 0) cls = c;
      else if (cls != c) return "Burstable";
    }
  }
  return cls.length == 0 ? "BestEffort" : cls;
}

/** The class of summed requests `req` and limits `lim` (null when a sum overflowed the engine's limit). */
function classOf(req: Sums, lim: Sums, guaranteedSoFar: bool): string | null {
  let guaranteed = guaranteedSoFar;
  if (!req.ok || !lim.ok) return null;
  if (req.names.length == 0 && lim.names.length == 0) return "BestEffort";
  if (guaranteed) {
    for (let i = 0; i < req.names.length; i++) {
      const j = lim.find(req.names[i]);
      if (j < 0 || quantityCmpValues(lim.vals[j], req.vals[i]) != 0) { guaranteed = false; break; }
    }
  }
  if (guaranteed && req.names.length == lim.names.length) return "Guaranteed";
  return "Burstable";
}
