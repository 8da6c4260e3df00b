// Resource defaults: SetDefaults_ResourceList (every Quantity rounded up to milli scale, as
// `Quantity.RoundUp(-3)` leaves it, cached string included) and SetDefaults_Pod's "requests default to
// limits" for containers and init containers.

import { StructV, MapV, QuantityV, Val } from "../../../typed/value";
import { Quantity } from "../../../quantity/quantity";
import { negativeScaleInt64, Amount } from "../../../quantity/amount";
import { ROUND_PANIC } from "../../../quantity/bigdec";
import { mapField, mapFind, setMap, structField, typeOfField } from "./tree";

/** Quantity.RoundUp(-3) on a copy of `q` (the map entry Go re-assigns). */
export function roundUpMilli(q: Quantity): Quantity {
  const r = new Quantity();
  r.value = q.value;
  r.scale = q.scale;
  r.format = q.format;
  r.sPtr = q.sPtr;
  r.sLen = q.sLen;
  const d = q.dec;
  if (d !== null) {
    r.sPtr = 0;
    r.sLen = 0;
    const c = d.copy();
    if (c.roundUp(3) == ROUND_PANIC) { r.dec = d; return r; } // unreachable: parsed scales are 9
    r.dec = c;
    return r;
  }
  if (q.scale >= -3) return r;
  r.sPtr = 0;
  r.sLen = 0;
  const a = new Amount();
  negativeScaleInt64(q.value, -3 - q.scale, a);
  r.value = a.v;
  r.scale = -3;
  return r;
}

/** SetDefaults_ResourceList on map field `name` of `s` (ResourceList). */
export function roundResourceList(s: StructV, name: string): void {
  const m = mapField(s, name);
  if (m === null) return;
  for (let k = 0; k < m.vals.length; k++) {
    const v = m.vals[k];
    if (v === null) continue; // the zero Quantity: scale 0 ≥ -3, untouched
    const qv = changetype<QuantityV>(v);
    m.vals[k] = new QuantityV(qv.t, roundUpMilli(qv.q));
  }
}

/** Limits and Requests of a ResourceRequirements-like struct field `name` of `s` (rounded). */
export function roundRequirements(s: StructV | null): void {
  if (s === null) return;
  roundResourceList(s, "Limits");
  roundResourceList(s, "Requests");
}

/** SetDefaults_Pod's loop body: requests default to limits for container `c` (each missing key copied). */
export function requestsFromLimits(c: StructV): void {
  const r = structField(c, "Resources");
  if (r === null) return;
  const lim = mapField(r, "Limits");
  if (lim === null) return;
  let req = mapField(r, "Requests");
  if (req === null) {
    req = new MapV(typeOfField(r, "Requests"));
    setMap(r, "Requests", req);
  }
  const rq = changetype<MapV>(req);
  for (let k = 0; k < lim.vals.length; k++) {
    if (mapFind(rq, lim.keyP[k], lim.keyN[k]) >= 0) continue;
    rq.keyP.push(lim.keyP[k]);
    rq.keyN.push(lim.keyN[k]);
    rq.vals.push(copyQuantity(lim.vals[k]));
  }
}

/** Quantity.DeepCopy of a map value (null stays the zero Quantity). */
function copyQuantity(v: Val | null): Val | null {
  if (v === null) return null;
  const qv = changetype<QuantityV>(v);
  const q = qv.q;
  const c = new Quantity();
  c.value = q.value;
  c.scale = q.scale;
  c.format = q.format;
  c.sPtr = q.sPtr;
  c.sLen = q.sLen;
  const d = q.dec;
  if (d !== null) c.dec = d.copy();
  return new QuantityV(qv.t, c);
}
