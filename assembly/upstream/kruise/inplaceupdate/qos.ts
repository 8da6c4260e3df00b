// The pod QoS class as k8s.io/kubernetes v1.32 pkg/apis/core/v1/helper/qos.ComputePodQOS computes it
// (PodLevelResources is alpha and off in 1.32, so only containers and init containers count): positive
// cpu/memory requests and limits summed over all containers; BestEffort when there are none;
// Guaranteed when every container has positive cpu and memory limits and the summed requests equal
// the summed limits resource by resource (and name the same resources); else Burstable. Sums are exact
// decimals (Quantity.Add / Cmp through the quantity ports, with their digit limit).

import { Quantity } from "../../../quantity/quantity";
import { parseQuantity } from "../../../quantity/parse";
import { quantityDeepCopy, quantityAdd, quantityCmpValues } from "../../../quantity/arith";
import { quantitySign } from "../../../quantity/scaled";
import { clearError } from "../../../base/errors";
import { TV, fieldOf, sliceLen, sliceAt, entriesOf, entryQuantity } from "./typed";

/** Sign of q (-1, 0, 1). */
function signOf(q: Quantity): i32 {
  return quantitySign(q);
}

/** Summed positive quantities per resource name (cpu, memory: a linear search is enough). */
class Sums {
  names: Array<string> = new Array<string>();
  vals: Array<Quantity> = new Array<Quantity>();

  /** sums[name] = q.DeepCopy() + sums[name] (Quantity.Add: E_TOO_LARGE recorded past the engine's digit limit). */
  add(name: string, q: Quantity): void {
    const delta = quantityDeepCopy(q);
    for (let i = 0; i < this.names.length; i++) {
      if (this.names[i] == name) { quantityAdd(delta, this.vals[i]); this.vals[i] = delta; return; }
    }
    this.names.push(name);
    this.vals.push(delta);
  }

  get(name: string): Quantity | null {
    for (let i = 0; i < this.names.length; i++) if (this.names[i] == name) return this.vals[i];
    return null;
  }
}

/** QoS class names. */
export const QOS_GUARANTEED = "Guaranteed";
export const QOS_BURSTABLE = "Burstable";
export const QOS_BESTEFFORT = "BestEffort";

/** ComputePodQOS of a pod whose spec is `spec` (a typed PodSpec); `status.qosClass` is empty for templates. */
export function computePodQOS(spec: TV): string {
  const requests = new Sums();
  const limits = new Sums();
  let guaranteed = true;
  const lists = ["containers", "initContainers"];
  for (let l = 0; l < 2; l++) {
    const cs = fieldOf(spec, lists[l]);
    for (let i = 0, n = sliceLen(cs); i < n; i++) {
      const c = sliceAt(cs, i);
      const res = fieldOf(c, "resources");
      const req = entriesOf(fieldOf(res, "requests"));
      for (let k = 0; k < req.keys.length; k++) {
        const name = req.keys[k];
        if (name != "cpu" && name != "memory") continue;
        const q = entryQuantity(req.vals[k]);
        if (q === null || signOf(q) <= 0) continue;
        requests.add(name, q);
      }
      const lim = entriesOf(fieldOf(res, "limits"));
      let found = 0;
      for (let k = 0; k < lim.keys.length; k++) {
        const name = lim.keys[k];
        if (name != "cpu" && name != "memory") continue;
        const q = entryQuantity(lim.vals[k]);
        if (q === null || signOf(q) <= 0) continue;
        found |= name == "cpu" ? 1 : 2;
        limits.add(name, q);
      }
      if (found != 3) guaranteed = false;
    }
  }
  if (requests.names.length == 0 && limits.names.length == 0) return QOS_BESTEFFORT;
  if (guaranteed) {
    for (let i = 0; i < requests.names.length; i++) {
      const l = limits.get(requests.names[i]);
      if (l === null || quantityCmpValues(l, requests.vals[i]) != 0) { guaranteed = false; break; }
    }
  }
  if (guaranteed && requests.names.length == limits.names.length) return QOS_GUARANTEED;
  return QOS_BURSTABLE;
}

/** Quantity.Cmp of two quantities (null: the zero Quantity). */
export function cmpQuantities(a: Quantity | null, b: Quantity | null): i32 {
  return quantityCmpValues(a === null ? new Quantity() : a, b === null ? new Quantity() : b);
}

/** Quantity.Equal-style comparison of a quantity given as text (null: absent, the zero Quantity) with `q`. */
export function cmpQuantity(cur: string | null, q: Quantity): i32 {
  if (cur === null) return cmpQuantities(null, q);
  const b = String.UTF8.encode(cur);
  const p = parseQuantity(changetype<usize>(b), b.byteLength);
  if (p === null) { clearError(); return 1; }
  return cmpQuantities(p, q);
}
