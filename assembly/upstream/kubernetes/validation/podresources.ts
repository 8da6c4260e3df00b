// Pod-wide resource checks of pod validation per Kubernetes minor:
// - validatePodResources (1.32+ behind PodLevelResources): spec.resources (see the function);
// - validateOverhead (1.16+, the end of ValidatePodSpec): spec.overhead checked as the limits of a
//   container's resources (`spec.overhead.limits[<name>]`);
// - the single hugepage size rule: more than one `hugepages-*` name among the regular containers'
//   requests and limits is `Invalid` at `spec` ("must use a single hugepage size in a pod spec").
//   1.15-1.17 at the end of ValidatePod (the set printed by %#v); 1.18-1.21 unless HugePageStorageMediumSize
//   (off in 1.18, on from 1.19) or the old pod already used several sizes (1.18-1.19: the old pod fails
//   the rule; 1.20-1.21: its containers and init containers name several), both at the end of the new
//   pod's validation and again in ValidatePodUpdate after the annotation updates.

import { Val, MapV, QuantityV, StructV } from "../../../typed/value";
import { Quantity } from "../../../quantity/quantity";
import { quantityCmp, quantityDeepCopy } from "../../../quantity/arith";
import { List, aggregate } from "../defaults/podlevel";
import { ErrList, quote } from "./errlist";
import { fld, str, isSet, deref, sliceLen, at } from "./view";
import { validateResourceLists } from "./resources";
import { quantityStringOfCopy } from "./quantitytext";
import { validateResourceClaimNames } from "./claims";
import { Gates } from "./gates";
import { PodValidationOptions } from "./options";
import { ContainerOpts } from "./containeropts";
import { joinStrings } from "../../../golang/join";

/** validateOverhead: spec.overhead (when non-nil) as a container's resource limits. */
export function validateOverhead(spec: Val | null, opts: PodValidationOptions, errs: ErrList): void {
  const o = fld(spec, "Overhead");
  if (o === null || !(o instanceof MapV)) return;
  validateResourceLists(o, null, "spec.overhead", opts, errs);
}

/** The hugepage names (ascending) among the resources of the containers of `spec` (and init containers with `init`). */
function hugePageNames(spec: Val | null, init: bool): Array<string> {
  const names = new Array<string>();
  const seen = new Set<string>();
  const lists = init ? ["InitContainers", "Containers"] : ["Containers"];
  for (let l = 0; l < lists.length; l++) {
    const list = fld(spec, lists[l]);
    for (let i = 0; i < sliceLen(list); i++) {
      const res = fld(at(list, i), "Resources");
      addKeys(fld(res, "Requests"), names, seen);
      addKeys(fld(res, "Limits"), names, seen);
    }
  }
  names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return names;
}

function addKeys(v: Val | null, names: Array<string>, seen: Set<string>): void {
  if (v === null || !(v instanceof MapV)) return;
  const m = changetype<MapV>(v);
  for (let j = 0; j < m.vals.length; j++) {
    const k = String.UTF8.decodeUnsafe(m.keyP[j], <usize>m.keyN[j]);
    if (k.startsWith("hugepages-") && !seen.has(k)) { seen.add(k); names.push(k); }
  }
}

/** True when the minor's pod strategy runs the single hugepage size rule on this update. */
export function singleHugePageApplies(oldSpec: Val | null, minor: i32, gates: Gates): bool {
  if (minor <= 17) return true;
  if (minor > 21) return false;
  if (gates.enabled("HugePageStorageMediumSize", minor)) return false;
  return hugePageNames(oldSpec, minor >= 20).length <= 1;
}

/** ValidatePodSingleHugePageResources(pod, "spec") at `minor` (the caller checks `singleHugePageApplies`). */
export function singleHugePageSize(spec: Val | null, minor: i32, errs: ErrList): void {
  const names = hugePageNames(spec, false);
  if (names.length <= 1) return;
  const parts = new Array<string>(names.length);
  for (let i = 0; i < names.length; i++) parts[i] = minor <= 17 ? quote(names[i]) + ":sets.Empty{}" : quote(names[i]);
  errs.invalid("spec", (minor <= 17 ? "sets.String{" : "[]string{") + joinStrings(parts, ", ") + "}", "must use a single hugepage size in a pod spec");
}

/** The rule where the new pod's own validation ends (ValidatePod / validatePodMetadataAndSpec, 1.15-1.21). */
export function newPodHugePages(spec: Val | null, opts: PodValidationOptions, errs: ErrList): void {
  if (singleHugePageApplies(opts.oldSpec, opts.minor, opts.gates)) singleHugePageSize(spec, opts.minor, errs);
}

/**
 * validatePodResources (1.32+, with PodLevelResources: off 1.32-1.33, on from 1.34), right after the
 * ephemeral containers: spec.resources of a windows pod is Forbidden (1.34+); claims are Forbidden; the
 * requirements with validatePodResourceName; then validatePodResourceConsistency over the container
 * aggregates (component-helpers AggregateContainerRequests / Limits): pod requests not below the aggregate
 * requests (1.32-1.33: a missing pod request counts as 0), 1.34+ pod hugepage limits not below the aggregate
 * limits, each container's limits not above the pod's. Upstream ranges over the aggregate and limit maps;
 * the engine reports names in ascending order.
 */
export function validatePodResources(spec: Val | null, o: ContainerOpts, errs: ErrList): void {
  const minor = o.minor;
  if (minor < 32) return;
  if (!o.opts.gates.enabled("PodLevelResources", minor)) return;
  const rp = fld(spec, "Resources");
  if (!isSet(rp)) return;
  const res = deref(rp);
  const path = "spec.resources";
  const os = fld(spec, "OS");
  if (minor >= 34 && isSet(os) && str(fld(os, "Name")) == "windows") {
    errs.forbidden(path, "may not be set for a windows pod");
    return;
  }
  const claims = fld(res, "Claims");
  if (claims !== null) errs.forbidden(path + ".claims", minor >= 34 ? "claims may not be set for Resources at pod-level" : "claims cannot be set for Resources at pod-level");
  validateResourceLists(fld(res, "Limits"), fld(res, "Requests"), path, o.opts, errs, true);
  validateResourceClaimNames(claims, path + ".claims", minor, o.claims, errs);
  consistency(spec, res, path, minor, errs);
}

/** One entry of a working ResourceList: its name and index. */
class Named {
  constructor(public name: string, public i: i32) {}
}

/** The indexes of a working ResourceList's entries in ascending name order. */
function sortedList(l: List): Array<i32> {
  const e = new Array<Named>(l.qs.length);
  for (let i = 0; i < l.qs.length; i++) e[i] = new Named(String.UTF8.decodeUnsafe(l.keyP[i], <usize>l.keyN[i]), i);
  e.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.i - b.i));
  const idx = new Array<i32>(e.length);
  for (let k = 0; k < e.length; k++) idx[k] = e[k].i;
  return idx;
}

/** ResourceList value `v` by name (the last duplicate wins), or null when `v` is not a map (nil: every name absent). */
function byName(v: Val | null): Map<string, Quantity> | null {
  if (v === null || !(v instanceof MapV)) return null;
  const m = changetype<MapV>(v);
  const r = new Map<string, Quantity>();
  for (let j = 0; j < m.vals.length; j++) {
    const q = m.vals[j];
    r.set(String.UTF8.decodeUnsafe(m.keyP[j], <usize>m.keyN[j]), q === null ? new Quantity() : changetype<QuantityV>(q).q);
  }
  return r;
}

/** The Quantity of `name` in map `m` (from byName), or null when absent. */
function lookup(m: Map<string, Quantity> | null, name: string): Quantity | null {
  return m !== null && m.has(name) ? m.get(name) : null;
}

/** validatePodResourceConsistency at `minor`. */
function consistency(spec: Val | null, res: Val | null, path: string, minor: i32, errs: ErrList): void {
  if (spec === null || !(spec instanceof StructV)) return;
  const s = changetype<StructV>(spec);
  const podReqs = byName(fld(res, "Requests")), podLims = byName(fld(res, "Limits"));
  const reqs = aggregate(s, "Requests");
  if (reqs !== null) {
    const idx = sortedList(reqs);
    for (let k = 0; k < idx.length; k++) {
      const j = idx[k];
      const name = String.UTF8.decodeUnsafe(reqs.keyP[j], <usize>reqs.keyN[j]);
      let pq = lookup(podReqs, name);
      if (pq === null) {
        if (minor >= 34) continue;
        pq = new Quantity(); // 1.32-1.33 read a missing pod request as the zero Quantity
      }
      if (quantityCmp(quantityDeepCopy(reqs.qs[j]), quantityDeepCopy(pq)) > 0) {
        errs.invalidStr(path + ".requests[" + name + "]", quantityStringOfCopy(pq), "must be greater than or equal to aggregate container requests of " + quantityStringOfCopy(reqs.qs[j]));
      }
    }
  }
  if (minor >= 34) {
    const lims = aggregate(s, "Limits");
    if (lims !== null) {
      const idx = sortedList(lims);
      for (let k = 0; k < idx.length; k++) {
        const j = idx[k];
        const name = String.UTF8.decodeUnsafe(lims.keyP[j], <usize>lims.keyN[j]);
        if (!name.startsWith("hugepages-")) continue;
        const pq = lookup(podLims, name);
        if (pq === null) continue;
        if (quantityCmp(quantityDeepCopy(lims.qs[j]), quantityDeepCopy(pq)) > 0) {
          errs.invalidStr(path + ".limits[" + name + "]", quantityStringOfCopy(pq), "must be greater than or equal to aggregate container limits of " + quantityStringOfCopy(lims.qs[j]));
        }
      }
    }
  }
  const cs = fld(spec, "Containers");
  for (let i = 0; i < sliceLen(cs); i++) {
    const cl = fld(fld(at(cs, i), "Resources"), "Limits");
    const names = strKeys(cl);
    const cls = byName(cl);
    for (let k = 0; k < names.length; k++) {
      const pq = lookup(podLims, names[k]);
      if (pq === null) continue;
      const cq = lookup(cls, names[k])!;
      if (quantityCmp(quantityDeepCopy(cq), quantityDeepCopy(pq)) > 0) {
        errs.invalidStr(path + ".containers[" + i.toString() + "][" + names[k] + "].limits", quantityStringOfCopy(cq), "must be less than or equal to pod limits of " + quantityStringOfCopy(pq));
      }
    }
  }
}

/** The keys of a map value in ascending order, without repeats. */
function strKeys(v: Val | null): Array<string> {
  const r = new Array<string>();
  if (v === null || !(v instanceof MapV)) return r;
  const m = changetype<MapV>(v);
  const seen = new Set<string>();
  for (let j = 0; j < m.vals.length; j++) {
    const k = String.UTF8.decodeUnsafe(m.keyP[j], <usize>m.keyN[j]);
    if (!seen.has(k)) { seen.add(k); r.push(k); }
  }
  r.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return r;
}
