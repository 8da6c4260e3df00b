// Kubernetes hashes of typed values: the kubelet's container hash in each era (struct ≤1.15, JSON
// 1.16–1.30 with HashContainerWithoutResources 1.27–1.30, name+image 1.31+) and the Deployment
// controller's pod-template-hash (controller.ComputeHash + rand.SafeEncodeString). Every one feeds
// hashutil.DeepHashObject's text (go-spew `%#v`) to FNV-32a: the text is hashed as it is written by
// fast/spew/spewfnv.ts where that shortcut answers (unless `exact` turns EXACT_SPEW off), else written out
// by the port (upstream/gospew) and hashed.

import { ByteSink } from "../../io/sink";
import { fnv1a_32, FNV32_PRIME } from "../../hash/fnv";
import { fnv1aSpewBytes } from "../../hash/fnvtable";
import { writeGoString } from "../../json/strings";
import { hasError, clearError } from "../../base/errors";
import { Val, StructV, StrV } from "../../typed/value";
import { Encoder, EncodeOptions } from "../../typed/encode";
import { Spewer } from "../gospew/spew";
import { spewFnv } from "../../fast/spew/spewfnv";
import { EXACT_SPEW, shortcutOn } from "../../base/exact";
import { fieldIndex, fieldCount } from "../../schema/schema";

/** Struct era (kubelet ≤1.15): FNV-32a over spew of the typed v1.Container. */
export const ERA_STRUCT: i32 = 0;
/** JSON era (1.16–1.30): FNV-32a over spew of json.Marshal(container). */
export const ERA_JSON: i32 = 1;
/** Name+image era (1.31+): FNV-32a over spew of json.Marshal({"image","name"}). */
export const ERA_NAME_IMAGE: i32 = 2;

/** The kubelet container-hash era of Kubernetes `minor` (ERA_*). */
export function containerEra(minor: i32): i32 {
  if (minor <= 15) return ERA_STRUCT;
  if (minor <= 30) return ERA_JSON;
  return ERA_NAME_IMAGE;
}

/** The era's name as the op answers it. */
export function eraName(era: i32): string {
  if (era == ERA_STRUCT) return "struct";
  if (era == ERA_JSON) return "json";
  return "name-image";
}

/** True when the kubelet of `minor` also computes HashContainerWithoutResources (1.27–1.30). */
export function hasHashWithoutResources(minor: i32): bool {
  return minor >= 27 && minor <= 30;
}

/** FNV-32a of go-spew `%#v` of a []byte: `([]uint8)[` + decimal bytes separated by spaces + `]` (one table step per byte). */
export function spewBytesFnv32a(p: usize, n: i32): u32 {
  return fnv1aSpewBytes(p, n);
}

/** FNV-32a of the spew text of value `v` of type `ty` (streamed when spewFnv covers it and `exact` allows it, else via
 * the text in `out`); -1 (as i64) with an error recorded. */
export function spewFnv32a(ty: i32, v: Val | null, out: ByteSink, exact: u32 = 0): i64 {
  if (shortcutOn(exact, EXACT_SPEW)) {
    const pending = hasError();
    const fast = spewFnv(ty, v);
    if (fast >= 0) return fast;
    if (!pending) clearError(); // the text spewer reports any error itself
  }
  if (!new Spewer(out).top(ty, v) || hasError()) return -1;
  return <i64>fnv1a_32(out.ptr, <usize>out.len);
}

/** json.Marshal of `v` (type `ty`) under Go minor `go` into `out`; false with an error recorded. */
export function marshalInto(out: ByteSink, ty: i32, v: Val | null, go: i32): bool {
  const eo = new EncodeOptions();
  eo.goMinor = go;
  return new Encoder(out, eo).value(ty, v) && !hasError();
}

/** JSON-era hash: FNV-32a over spew of json.Marshal(container); -1 with an error recorded. */
export function containerJSONHash(ty: i32, v: Val | null, go: i32): i64 {
  const out = new ByteSink(1024);
  if (!marshalInto(out, ty, v, go)) return -1;
  return <i64>spewBytesFnv32a(out.ptr, out.len);
}

/** A shallow copy of container `v` (type `ty`) with its Resources field zeroed (ResourceRequirements{}). */
export function withoutResources(ty: i32, v: Val | null): Val | null {
  if (v === null) return null;
  const s = changetype<StructV>(v);
  const n = fieldCount(ty);
  const c = new StructV(s.t, n);
  for (let i = 0; i < n; i++) c.f[i] = s.f[i];
  const r = fieldIndex(ty, "Resources");
  if (r >= 0) c.f[r] = null;
  return c;
}

/** The string field `name` of struct `v` (type `ty`), null when zero. */
function strField(ty: i32, v: Val | null, name: string): StrV | null {
  if (v === null) return null;
  const i = fieldIndex(ty, name);
  if (i < 0) return null;
  const f = changetype<StructV>(v).f[i];
  return f === null ? null : changetype<StrV>(f);
}

/** Name+image-era hash: FNV-32a over spew of json.Marshal(map[string]string{"image":…, "name":…}). */
export function containerNameImageHash(ty: i32, v: Val | null, go: i32): u32 {
  const name = strField(ty, v, "Name");
  const image = strField(ty, v, "Image");
  const out = new ByteSink(64);
  out.ascii("{\"image\":");
  if (image === null) out.ascii("\"\""); else writeGoString(out, image.p, image.n, go >= 22, false);
  out.ascii(",\"name\":");
  if (name === null) out.ascii("\"\""); else writeGoString(out, name.p, name.n, go >= 22, false);
  out.byte(0x7d);
  return spewBytesFnv32a(out.ptr, out.len);
}

/** The kubelet's HashContainer of `minor` for container `v` (type `ty`) as the kubelet decoded it (shortcuts not in
 * `exact` allowed); -1 with an error recorded. */
export function hashContainer(minor: i32, ty: i32, v: Val | null, go: i32, exact: u32 = 0): i64 {
  const era = containerEra(minor);
  if (era == ERA_STRUCT) return spewFnv32a(ty, v, new ByteSink(4096), exact);
  if (era == ERA_JSON) return containerJSONHash(ty, v, go);
  return <i64>containerNameImageHash(ty, v, go);
}

/** Lowercase hex without padding (strconv.FormatUint(h, 16)). */
export function hex32(h: u32): string {
  if (h == 0) return "0";
  const digits = "0123456789abcdef";
  let s = "";
  while (h != 0) {
    s = digits.charAt(<i32>(h & 15)) + s;
    h >>= 4;
  }
  return s;
}

/** rand.SafeEncodeString of ASCII text `s`: each byte mapped to "bcdfghjklmnpqrstvwxz2456789"[b % 27]. */
export function safeEncodeString(s: string): string {
  const alphanums = "bcdfghjklmnpqrstvwxz2456789";
  let r = "";
  for (let i = 0; i < s.length; i++) r += alphanums.charAt(s.charCodeAt(i) % 27);
  return r;
}

/**
 * controller.ComputeHash of template `v` (type `ty`): FNV-32a of its spew text, then (when
 * `hasCollision`) the 8 bytes Go appends (uint32 little-endian + four zero bytes), then
 * SafeEncodeString of the decimal Sum32 (shortcuts not in `exact` allowed); null with an error recorded.
 */
export function computeHash(ty: i32, v: Val | null, hasCollision: bool, collisionCount: i32, exact: u32 = 0): string | null {
  const h = templateFnv(ty, v, exact);
  if (h < 0) return null;
  return collisionHash(<u32>h, hasCollision, collisionCount);
}

/** controller.ComputeHash's spew hash of template `v` (type `ty`) before the collision count; -1 with an error recorded. */
export function templateFnv(ty: i32, v: Val | null, exact: u32 = 0): i64 {
  return spewFnv32a(ty, v, new ByteSink(8192), exact);
}

/** controller.ComputeHash's tail: the spew hash `h`, then (when `hasCollision`) the collision count's 8 bytes, as SafeEncodeString of the decimal Sum32. */
export function collisionHash(h: u32, hasCollision: bool, collisionCount: i32): string {
  return safeEncodeString(collisionSum(h, hasCollision, collisionCount).toString());
}

/** The Sum32 of controller.ComputeHash: the spew hash `h`, then (when `hasCollision`) the collision count's 8 bytes (uint32 little-endian, four zero bytes). */
export function collisionSum(h: u32, hasCollision: bool, collisionCount: i32): u32 {
  let x = h;
  if (hasCollision) {
    const c = <u32>collisionCount;
    for (let i = 0; i < 8; i++) {
      const b: u32 = i < 4 ? (c >> (<u32>(i * 8))) & 0xff : 0;
      x = (x ^ b) * FNV32_PRIME;
    }
  }
  return x;
}
