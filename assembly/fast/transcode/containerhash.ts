// The kubelet's container hashes straight from the container's raw JSON bytes through the transcoder:
// JSON era (1.16–1.30) FNV-32a of spew of the stored bytes (which json.Marshal of the kubelet's decode
// writes again: transcodeStored proves the fixed point), HashContainerWithoutResources (1.27–1.30) the same
// with the `resources` value replaced by the zero ResourceRequirements, and the name+image era (1.31+)
// from the name and image values as written. False when the transcoder cannot prove its bytes.

import { ByteSink } from "../../io/sink";
import { fnv1aSpewBytes } from "../../hash/fnvtable";
import { jsonFields, FieldCache } from "../../typed/fields";
import { containerEra, ERA_JSON, hasHashWithoutResources } from "../../upstream/kubernetes/hash";
import { transcodeStored, fieldStart, fieldLen } from "./transcode";
import { zeroText, planOf, planField } from "./plan";
import { TC } from "./state";

/** Results of the last `containerHashRaw`. */
export class RawHash {
  static hash: u32 = 0;
  static withoutResources: u32 = 0;
}

/** Per container type handle (direct-mapped): handle + 1, then the JSON field indexes of resources, image, name. */
const INDEXES: usize = memory.data(256 * 16, 16);

/** The JSON field indexes of `resources`, `image` and `name` of struct `ty` (cached per process); the entry address. */
function indexesOf(ty: i32): usize {
  const e = INDEXES + <usize>((<u32>ty * 0x9e3779b1) >> 24) * 16;
  if (load<i32>(e) == ty + 1) return e;
  FieldCache.reset();
  store<i32>(e, jsonIndex(ty, "resources"), 4);
  store<i32>(e, jsonIndex(ty, "image"), 8);
  store<i32>(e, jsonIndex(ty, "name"), 12);
  store<i32>(e, ty + 1);
  return e;
}

/** The JSON field index of `name` in struct `ty`, or -1. */
function jsonIndex(ty: i32, name: string): i32 {
  const l = jsonFields(ty).list;
  const b = String.UTF8.encode(name);
  const p = changetype<usize>(b);
  const n = b.byteLength;
  for (let i = 0; i < l.length; i++) {
    const f = unchecked(l[i]);
    if (f.nameN == n && memory.compare(f.nameP, p, <usize>n) == 0) return i;
  }
  return -1;
}

/** Writes the written value of top field `i`, or `""` when it was dropped (an empty string). */
function stringOrEmpty(out: ByteSink, src: ByteSink, i: i32): bool {
  if (i < 0) return false;
  const s = fieldStart(i);
  if (s < 0) { out.ascii("\"\""); return true; }
  out.bytes(src.ptr + <usize>s, fieldLen(i));
  return true;
}

/**
 * The kubelet hashes of minor `minor` (JSON or name+image era) for container type `ty` from the `n` raw
 * bytes at `p` (with `more`: a value followed by other bytes, see transcodeStored), Go release `go`, nesting
 * cap `maxDepth`: RawHash.hash (and RawHash.withoutResources for
 * 1.27–1.30). False when not proved (the caller runs the exact path).
 */
export function containerHashRaw(minor: i32, ty: i32, p: usize, n: i32, go: i32, maxDepth: i32, more: bool = false): bool {
  const era = containerEra(minor);
  const out = new ByteSink(n + 256);
  if (!transcodeStored(ty, p, n, go, out, maxDepth, more)) return false;
  if (era == ERA_JSON) {
    RawHash.hash = fnv1aSpewBytes(out.ptr, out.len);
    if (hasHashWithoutResources(minor)) {
      const ri = load<i32>(indexesOf(ty), 4);
      if (ri < 0) return false;
      const s = fieldStart(ri);
      if (s < 0) return false;
      const plan = planOf(ty, TC.go24);
      if (plan == 0) return false;
      const z = zeroText(load<i32>(planField(plan, ri), 16), TC.go24);
      if (z == 0) return false;
      const w = new ByteSink(out.len + 64);
      w.bytes(out.ptr, s);
      w.bytes(z + 4, load<i32>(z));
      const after = s + fieldLen(ri);
      w.bytes(out.ptr + <usize>after, out.len - after);
      RawHash.withoutResources = fnv1aSpewBytes(w.ptr, w.len);
    }
    return true;
  }
  // name+image era: json.Marshal(map[string]string{"image": ..., "name": ...})
  const h = new ByteSink(64);
  h.ascii("{\"image\":");
  const ix = indexesOf(ty);
  if (!stringOrEmpty(h, out, load<i32>(ix, 8))) return false;
  h.ascii(",\"name\":");
  if (!stringOrEmpty(h, out, load<i32>(ix, 12))) return false;
  h.byte(0x7d);
  RawHash.hash = fnv1aSpewBytes(h.ptr, h.len);
  return true;
}
