// The pod QoS class as k8s.io/kubernetes v1.32 pkg/apis/core/v1/helper/qos.ComputePodQOS computes it
// (PodLevelResources is alpha and off in 1.32, so only containers and init containers count): positive
// cpu/memory requests and limits summed over all containers; BestEffort when there are none;
// Guaranteed when every container has positive cpu and memory limits and the summed requests equal
// the summed limits resource by resource (and name the same resources); else Burstable. Sums are exact
// decimals (Quantity.Add / Cmp).

import { Quantity } from "../../../quantity/quantity";
import { parseQuantity } from "../../../quantity/parse";
import { clearError } from "../../../base/errors";
import { TV, fieldOf, sliceLen, sliceAt, entriesOf, entryQuantity } from "./typed";

/** A non-negative exact decimal: little-endian digits × 10^exp. */
class Dec {
  digits: Array<i32> = new Array<i32>();
  exp: i32 = 0;

  /** The digit at decimal position `pos` (power of ten). */
  at(pos: i32): i32 {
    const i = pos - this.exp;
    return i >= 0 && i < this.digits.length ? this.digits[i] : 0;
  }

  /** Highest position with a non-zero digit, or i32.MIN_VALUE for zero. */
  top(): i32 {
    for (let i = this.digits.length - 1; i >= 0; i--) if (this.digits[i] != 0) return i + this.exp;
    return i32.MIN_VALUE;
  }
}

/** |q| as a Dec, and its sign. */
function decOf(q: Quantity): Dec {
  const d = new Dec();
  const b = q.dec;
  if (b !== null) {
    for (let i = 0; i < b.n; i++) d.digits.push(b.digit(i));
    d.exp = <i32>b.zeros - b.scale;
    return d;
  }
  let v = q.value;
  let u: u64 = v < 0 ? <u64>(0 - v) : <u64>v;
  while (u > 0) { d.digits.push(<i32>(u % 10)); u /= 10; }
  d.exp = q.scale;
  return d;
}

/** Sign of q (-1, 0, 1). */
function signOf(q: Quantity): i32 {
  const b = q.dec;
  if (b !== null) return b.sign();
  return q.value == 0 ? 0 : (q.value < 0 ? -1 : 1);
}

function addDec(a: Dec, b: Dec): Dec {
  const lo = min(a.exp, b.exp);
  const hi = max(a.exp + a.digits.length, b.exp + b.digits.length) + 1;
  const r = new Dec();
  r.exp = lo;
  let carry = 0;
  for (let p = lo; p < hi; p++) {
    const s = a.at(p) + b.at(p) + carry;
    r.digits.push(s % 10);
    carry = s / 10;
  }
  return r;
}

function cmpDec(a: Dec, b: Dec): i32 {
  const ta = a.top(), tb = b.top();
  if (ta != tb) return ta > tb ? 1 : -1;
  if (ta == i32.MIN_VALUE) return 0;
  const lo = min(a.exp, b.exp);
  for (let p = ta; p >= lo; p--) {
    const x = a.at(p), y = b.at(p);
    if (x != y) return x > y ? 1 : -1;
  }
  return 0;
}

/** Summed positive quantities per resource name (cpu, memory). */
class Sums {
  names: Array<string> = new Array<string>();
  vals: Array<Dec> = new Array<Dec>();

  add(name: string, d: Dec): void {
    for (let i = 0; i < this.names.length; i++) {
      if (this.names[i] == name) { this.vals[i] = addDec(this.vals[i], d); return; }
    }
    this.names.push(name);
    this.vals.push(d);
  }

  get(name: string): Dec | null {
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
        requests.add(name, decOf(q));
      }
      const lim = entriesOf(fieldOf(res, "limits"));
      let found = 0;
      for (let k = 0; k < lim.keys.length; k++) {
        const name = lim.keys[k];
        if (name != "cpu" && name != "memory") continue;
        const q = entryQuantity(lim.vals[k]);
        if (q === null || signOf(q) <= 0) continue;
        found |= name == "cpu" ? 1 : 2;
        limits.add(name, decOf(q));
      }
      if (found != 3) guaranteed = false;
    }
  }
  if (requests.names.length == 0 && limits.names.length == 0) return QOS_BESTEFFORT;
  if (guaranteed) {
    for (let i = 0; i < requests.names.length; i++) {
      const l = limits.get(requests.names[i]);
      if (l === null || cmpDec(l, requests.vals[i]) != 0) { guaranteed = false; break; }
    }
  }
  if (guaranteed && requests.names.length == limits.names.length) return QOS_GUARANTEED;
  return QOS_BURSTABLE;
}

/** Quantity.Cmp of two quantities (null: the zero Quantity). */
export function cmpQuantities(a: Quantity | null, b: Quantity | null): i32 {
  const sa = a === null ? 0 : signOf(a);
  const sb = b === null ? 0 : signOf(b);
  if (sa != sb) return sa < sb ? -1 : 1;
  if (sa == 0) return 0;
  const c = cmpDec(decOf(a!), decOf(b!));
  return sa < 0 ? -c : c;
}

/** Quantity.Equal-style comparison of a quantity given as text (null: absent, the zero Quantity) with `q`. */
export function cmpQuantity(cur: string | null, q: Quantity): i32 {
  if (cur === null) return cmpQuantities(null, q);
  const b = String.UTF8.encode(cur);
  const p = parseQuantity(changetype<usize>(b), b.byteLength);
  if (p === null) { clearError(); return 1; }
  return cmpQuantities(p, q);
}
