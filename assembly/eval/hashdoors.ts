// The direct doors of the Kubernetes hashes (ABI exports hashContainer and hashTemplate): the `container.hash` and
// `podTemplateHash` ops with the input bytes as the object's JSON text, without a request line to read or an answer
// line to write. Each answers what the op answers for the line
//   {"op":"container.hash","container":<bytes>,"kubelet":"1.N"[,"go":"1.G"],"applyDefaults":<bool>}
//   {"op":"podTemplateHash","template":<bytes>,"kubernetes":"1.N"[,"collisionCount":C],"applyDefaults":<bool>}
// or declines (false, nothing to read) whenever that line could answer anything else: an error, a limit the line
// would meet (its bytes, nesting and list lengths are judged as the line's), a version the op does not take. The
// caller then asks the op itself, which answers (errors included).
//
// Must equal: opContainerHash / opPodTemplateHash (eval/ops/hash.ts) on those lines; both run the same functions
// (containerHashRaw / containerHashOf, templateSpewHash). test/equivalence/hashdoors-vs-ops.test.ts.

import { ByteSink } from "../io/sink";
import { hasError, clearError } from "../base/errors";
import { Limits } from "../base/limits";
import { anyOver } from "../json/itemscan";
import { readJSON, ReadOptions } from "../json/reader";
import { Value } from "../json/value";
import { minorIndex, newestMinor } from "../schema/schema";
import { requestType } from "../typed/types";
import { containerEra, hasHashWithoutResources, collisionSum, safeEncodeString } from "../upstream/kubernetes/hash";
import { containerHashRaw, RawHash } from "../fast/transcode/containerhash";
import { containerType } from "./lines/containerhash";
import { containerHashOf, templateSpewHash, rawAllowed } from "./ops/hash";
import { defaultGoOf, minGoOf, K8S_GO_MIN, K8S_GO_MAX, GO_MIN } from "../base/pins";

/** Bytes the request line adds around the object (op, version members, flags), with room to spare. */
const LINE_EXTRA: i32 = 256;
/** Door flag: run the API server's defaulters (`applyDefaults: true`). */
export const DOOR_DEFAULTS: i32 = 1;
/** Door flag: a collision count is given (`collisionCount`). */
export const DOOR_COLLISION: i32 = 2;

/** True when the object's `len` bytes at `p` fit the limits the request line holding them would be judged by. */
function withinLine(p: usize, len: i32): bool {
  return !hasError() && len >= 0 && len <= Limits.maxBytes - LINE_EXTRA && !anyOver(p, len, Limits.maxItems);
}

/**
 * container.hash of the container text [p, p+len) for kubelet minor `minor` (0: the newest), Go minor `go` (0: the minor's default) and
 * DOOR_* `flags`, written to `out` as [hash u32][hashWithoutResources u32][has it u8][era u8]; false (nothing written)
 * when declined.
 */
export function containerHashDoor(p: usize, len: i32, minor: i32, go: i32, flags: i32, out: ByteSink): bool {
  if (minor == 0) minor = newestMinor();
  if (!withinLine(p, len) || minorIndex(minor) < 0 || (flags & ~DOOR_DEFAULTS) != 0) return false;
  let g = go;
  if (g == 0) g = defaultGoOf(minor);
  else if (g < K8S_GO_MIN || g > K8S_GO_MAX || g < minGoOf(minor)) return false;
  const ty = containerType(minor);
  if (ty < 0) return false;
  const defaults = (flags & DOOR_DEFAULTS) != 0;
  let r: RawHash | null = null;
  if (rawAllowed(minor, defaults, 0)) r = containerHashRaw(minor, ty, p, len, g, Limits.maxDepth - 1, false, defaults);
  if (hasError()) { clearError(); r = null; }
  if (r === null) {
    const v = readValue(p, len);
    if (v === null) return false;
    r = containerHashOf(v, minor, ty, g, defaults, 0);
    if (r === null || hasError()) { clearError(); return false; }
  }
  out.reserve(10);
  store<u32>(out.ptr + <usize>out.len, r.hash);
  store<u32>(out.ptr + <usize>out.len, r.withoutResources, 4);
  store<u8>(out.ptr + <usize>out.len, hasHashWithoutResources(minor) ? 1 : 0, 8);
  store<u8>(out.ptr + <usize>out.len, <u8>containerEra(minor), 9);
  out.len += 10;
  return true;
}

/**
 * podTemplateHash of the template text [p, p+len) at Kubernetes minor `minor` (0: the newest) with DOOR_* `flags` (collision count
 * `collision` when DOOR_COLLISION): the pod-template-hash's text into `out`; false (nothing written) when declined.
 */
export function templateHashDoor(p: usize, len: i32, minor: i32, flags: i32, collision: i32, out: ByteSink): bool {
  if (minor == 0) minor = newestMinor();
  if (!withinLine(p, len) || minorIndex(minor) < 0 || (flags & ~(DOOR_DEFAULTS | DOOR_COLLISION)) != 0) return false;
  const ty = templateType(minor);
  if (ty < 0) return false;
  const v = readValue(p, len);
  if (v === null) return false;
  const h = templateSpewHash(v, minor, ty, (flags & DOOR_DEFAULTS) != 0, 0);
  if (h < 0 || hasError()) { clearError(); return false; }
  out.ascii(safeEncodeString(collisionSum(<u32>h, (flags & DOOR_COLLISION) != 0, collision).toString()));
  return true;
}

/** PodTemplateSpec type handles per minor index (0: not looked up yet). */
const TEMPLATE_TYPES: usize = memory.data(64 * 4, 16);

/** The PodTemplateSpec handle at `minor` (cached per process; the minor is supported). */
function templateType(minor: i32): i32 {
  const mi = minorIndex(minor);
  if (mi < 0 || mi >= 64) return requestType("PodTemplateSpec", minor);
  const a = TEMPLATE_TYPES + (<usize>mi << 2);
  const t = load<i32>(a);
  if (t != 0) return t - 1;
  const r = requestType("PodTemplateSpec", minor);
  store<i32>(a, r + 1);
  return r;
}

/**
 * The text [p, p+len) read as the value of a request line's member, or null (declined): one nesting level down, read as
 * the dispatcher first reads a hash op's line (GO_MIN; deep values are left to the line, whose Go nesting limit counts
 * its own object).
 */
function readValue(p: usize, len: i32): Value | null {
  const o = new ReadOptions();
  o.maxDepth = Limits.maxDepth - 1;
  o.maxBytes = Limits.maxBytes;
  o.maxItems = Limits.maxItems;
  o.goMinor = GO_MIN;
  const t = readJSON(p, len, o);
  if (t === null || hasError()) { clearError(); return null; }
  if (o.depthSeen > 64) return null;
  return new Value(t, 0, t.rawStart(0));
}
