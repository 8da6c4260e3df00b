// The typed v1.Pod as PatchSpecToPod, Update and Refresh change it (upstream writes into the decoded pod, then
// json.Marshal's it): struct fields by JSON name (direct fields only; the Pod types read here embed nothing
// on these paths), maps created when nil (Go's `if pod.Labels == nil { make }`), Go's map assignment and
// delete, and the json.Marshal / json.Unmarshal of Kruise's Go release.

import { ByteSink } from "../../../io/sink";
import { hasError } from "../../../base/errors";
import { ReadOptions, readJSON } from "../../../json/reader";
import { Decoder, DecodeOptions } from "../../../typed/decode";
import { Encoder, EncodeOptions } from "../../../typed/encode";
import { Val, StrV, PtrV, MapV, StructV } from "../../../typed/value";
import { Kind, kind, elem, fieldCount, fieldType, minorOf } from "../../../schema/schema";
import { kruiseGoOfK8s } from "../../../base/pins";
import { TV, fieldNamed } from "./typed";

/** Go field index of JSON field `name` of struct type `st`, or -1 (absent or promoted from an embedded struct). */
export function slotOf(st: i32, name: string): i32 {
  const f = fieldNamed(st, name);
  if (f === null || f.path.length != 1) return -1;
  return f.path[0];
}

/** The struct behind value `v` of type `t` (through pointers); null for nil / zero. */
export function structOf(t: i32, v: Val | null): StructV | null {
  while (v !== null && kind(t) == Kind.Pointer) { v = changetype<PtrV>(v).to; t = elem(t); }
  return v === null || kind(t) != Kind.Struct ? null : changetype<StructV>(v);
}

/** Field `name` of struct `s` (type `st`), null when zero. */
export function get(s: StructV | null, st: i32, name: string): Val | null {
  if (s === null) return null;
  const i = slotOf(st, name);
  return i < 0 ? null : s.f[i];
}

/** Type of field `name` of struct type `st` (-1 when absent). */
export function typeOfField(st: i32, name: string): i32 {
  const i = slotOf(st, name);
  return i < 0 ? -1 : fieldType(st, i);
}

/** The bytes of a string value as an AssemblyScript string ("" for zero). */
export function str(v: Val | null): string {
  if (v === null) return "";
  const s = changetype<StrV>(v);
  return String.UTF8.decodeUnsafe(s.p, <usize>s.n);
}

/** A string value of type `t` holding `s`. */
export function strV(t: i32, s: string): StrV {
  const b = String.UTF8.encode(s);
  const n = b.byteLength;
  const p = heap.alloc(n > 0 ? <usize>n : 1);
  memory.copy(p, changetype<usize>(b), <usize>n);
  const v = new StrV(t);
  v.p = p;
  v.n = n;
  return v;
}

/** Struct field `name` of `s` (type `st`) as a struct, created when zero. */
export function ensureStruct(s: StructV, st: i32, name: string): StructV {
  const i = slotOf(st, name);
  const ft = fieldType(st, i);
  const cur = s.f[i];
  if (cur !== null) return changetype<StructV>(cur);
  const n = new StructV(ft, fieldCount(ft));
  s.f[i] = n;
  return n;
}

/** Map field `name` of `s` (type `st`), created when nil (Go: `if pod.Labels == nil { make }`). */
export function ensureMap(s: StructV, st: i32, name: string): MapV {
  const i = slotOf(st, name);
  const cur = s.f[i];
  if (cur !== null) return changetype<MapV>(cur);
  const m = new MapV(fieldType(st, i));
  s.f[i] = m;
  return m;
}

/** Go's delete(m, key) over the entries (duplicates included). */
export function mapDelete(m: MapV, p: usize, n: i32): void {
  for (let i = m.vals.length - 1; i >= 0; i--) {
    if (m.keyN[i] == n && memory.compare(m.keyP[i], p, <usize>n) == 0) {
      m.keyP.splice(i, 1);
      m.keyN.splice(i, 1);
      m.vals.splice(i, 1);
    }
  }
}

/**
 * For each i in order: delete(m, key i), then m[key i] = vals[i] unless vals[i] is null; in one pass over m (a
 * delete per key would rescan the map for every key). Keys are compared as bytes.
 */
export function mapApplyAll(m: MapV, keyP: Array<usize>, keyN: Array<i32>, vals: Array<Val | null>): void {
  // the last change of each key decides it: earlier ones are deleted by it
  const last = new Map<string, i32>();
  for (let i = 0; i < keyP.length; i++) last.set(String.UTF8.decodeUnsafe(keyP[i], <usize>keyN[i]), i);
  const kp = new Array<usize>(), kn = new Array<i32>(), vs = new Array<Val | null>();
  for (let j = 0; j < m.vals.length; j++) {
    const k = String.UTF8.decodeUnsafe(m.keyP[j], <usize>m.keyN[j]);
    if (last.has(k)) {
      const i = last.get(k);
      if (keyN[i] == m.keyN[j] && memory.compare(keyP[i], m.keyP[j], <usize>keyN[i]) == 0) continue; // deleted
    }
    kp.push(m.keyP[j]); kn.push(m.keyN[j]); vs.push(m.vals[j]);
  }
  for (let i = 0; i < keyP.length; i++) {
    const v = vals[i];
    if (v === null || last.get(String.UTF8.decodeUnsafe(keyP[i], <usize>keyN[i])) != i) continue;
    kp.push(keyP[i]); kn.push(keyN[i]); vs.push(v);
  }
  m.keyP = kp; m.keyN = kn; m.vals = vs;
}

/** m[key] = value (key bytes [p, p+n)); the new entry is the last one, so it wins over older duplicates. */
export function mapSetBytes(m: MapV, p: usize, n: i32, v: Val): void {
  m.keyP.push(p);
  m.keyN.push(n);
  m.vals.push(v);
}

/** m[k] = s for a map[string]string. */
export function mapSet(m: MapV, k: string, s: string): void {
  const kv = strV(0, k);
  mapSetBytes(m, kv.p, kv.n, strV(elem(m.t), s));
}

/** m[k] = s for a map[string]string, older entries of `k` deleted first. */
export function mapPut(m: MapV, k: string, s: string): void {
  const kv = strV(0, k);
  mapDelete(m, kv.p, kv.n);
  mapSetBytes(m, kv.p, kv.n, strV(elem(m.t), s));
}

/** json.Marshal of a typed value as Kruise's Go writes it; null with an error. */
export function encodeTyped(t: i32, v: Val | null): ByteSink | null {
  const out = new ByteSink(4096);
  const eo = new EncodeOptions();
  eo.goMinor = kruiseGoOfK8s(minorOf(t)); // the Go of the release whose libraries pin the handle's minor
  if (!new Encoder(out, eo).value(t, v)) return null;
  return out;
}

/** json.Unmarshal of `b` into a fresh value of type `t` (Kruise's encoding/json, Kubernetes `minor`); null with an error. */
export function decodeTyped(t: i32, b: ByteSink, minor: i32): TV | null {
  const pt = readJSON(b.ptr, b.len, new ReadOptions());
  if (pt === null) return null;
  const o = new DecodeOptions();
  o.minor = minor;
  o.goMinor = kruiseGoOfK8s(minor);
  o.warnings = false;
  const v = new Decoder(pt, o).decodeTop(t, 0);
  if (hasError()) return null;
  return new TV(t, v);
}
