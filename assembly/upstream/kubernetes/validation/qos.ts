// qos.ComputePodQOS (pkg/apis/core/helper/qos) over the typed view: containers and init containers,
// CPU and memory only, positive quantities summed per resource (Quantity.Add on deep copies, compared
// with Cmp).

import { Val, MapV, QuantityV, sortedEntries } from "../../../typed/value";
import { Quantity } from "../../../quantity/quantity";
import { fld, sliceLen, at } from "./view";
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

/** ComputePodQOS of a v1 PodSpec: "Guaranteed", "Burstable" or "BestEffort"; null (E_TOO_LARGE recorded) when
 * a sum needs more digits than the engine's limit. */
export function computeQOS(spec: Val | null): string | null {
  const req = new Sums();
  const lim = new Sums();
  let guaranteed = true;
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
