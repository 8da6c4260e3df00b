// The kubelet's container hashes straight from the container's raw JSON bytes through the transcoder:
// JSON era (1.16–1.30) FNV-32a of spew of the stored bytes (which json.Marshal of the kubelet's decode
// writes again: transcodeStored proves the fixed point), HashContainerWithoutResources (1.27–1.30) the same
// with the `resources` value replaced by the zero ResourceRequirements, and the name+image era (1.31+)
// from the name and image values as written. Null when the transcoder cannot prove its bytes.
//
// Must equal, byte for byte: assembly/upstream/kubernetes/hash.ts hashContainer (and containerJSONHash of
// withoutResources) of the kubelet's decode of the stored container, the `exact: ["transcode"]` path of
// container.hash. Gives up (null) whenever the transcoder does (transcode.ts).

import { ByteSink } from "../../io/sink";
import { fnv1aSpewBytes, fnv1aSpewBytesReplaced, spewByteRun2Second } from "../../hash/fnvtable";
import { jsonFields } from "../../typed/fields";
import { containerEra, ERA_JSON, hasHashWithoutResources } from "../../upstream/kubernetes/hash";
import { transcodeValue } from "./transcode";
import { zeroText, planOf, planField } from "./plan";
import { TopFields } from "./state";
import { containerDefaults } from "./containerdefaults";

/** The hashes containerHashRaw proved, and where the container's value ended. */
export class RawHash {
  /** HashContainer (JSON era) or the name+image hash. */
  hash: u32 = 0;
  /** HashContainerWithoutResources (1.27–1.30). */
  withoutResources: u32 = 0;
  /** Offset after the container's value (from its first byte). */
  end: i32 = 0;
}

/** Per container type handle (direct-mapped): handle + 1, then the JSON field indexes of resources, image, name. */
const INDEXES: usize = memory.data(256 * 16, 16);

/** The JSON field indexes of `resources`, `image` and `name` of struct `ty` (cached per process); the entry address. */
function indexesOf(ty: i32): usize {
  const e = INDEXES + <usize>((<u32>ty * 0x9e3779b1) >> 24) * 16;
  if (load<i32>(e) == ty + 1) return e;
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

/** Writes the written value of top field `i` (ranges in `top`), or `""` when it was dropped (an empty string). */
function stringOrEmpty(out: ByteSink, src: ByteSink, top: TopFields, i: i32): bool {
  if (i < 0) return false;
  const s = top.start(i);
  if (s < 0) { out.ascii("\"\""); return true; }
  out.bytes(src.ptr + <usize>s, top.len(i));
  return true;
}

/**
 * The kubelet hashes of minor `minor` (JSON or name+image era) for container type `ty` from the `n` raw
 * bytes at `p` (with `more`: a value followed by other bytes, see transcodeValue), Go release `go`, nesting
 * cap `maxDepth`, of the container as stored with the API server's defaults when `defaults`
 * (containerdefaults.ts): the hash (and the one without resources for 1.27–1.30). Null when not proved (the
 * caller runs the exact path).
 */
export function containerHashRaw(minor: i32, ty: i32, p: usize, n: i32, go: i32, maxDepth: i32, more: bool = false, defaults: bool = false): RawHash | null {
  const era = containerEra(minor);
  let out = new ByteSink(n + 256);
  let top = new TopFields();
  const end = transcodeValue(ty, p, n, go, out, maxDepth, more, top);
  if (end < 0) return null;
  if (defaults) {
    const t2 = new TopFields();
    const o2 = containerDefaults(out.ptr, out.len, top, ty, minor, go >= 24, t2);
    if (o2 === null) return null;
    out = o2;
    top = t2;
  }
  const r = new RawHash();
  r.end = end;
  if (era == ERA_JSON) {
    if (!hasHashWithoutResources(minor)) r.hash = fnv1aSpewBytes(out.ptr, out.len);
    else {
      const ri = load<i32>(indexesOf(ty), 4);
      if (ri < 0) return null;
      const s = top.start(ri);
      if (s < 0) return null;
      const go24 = go >= 24;
      const plan = planOf(ty, go24);
      if (plan == 0) return null;
      const z = zeroText(load<i32>(planField(plan, ri), 16), go24);
      if (z == 0) return null;
      // both hashes in one pass: the text up to resources once, then the rest with two chains (fnvtable.ts)
      r.hash = fnv1aSpewBytesReplaced(out.ptr, out.len, s, top.len(ri), z + 4, load<i32>(z));
      r.withoutResources = spewByteRun2Second();
    }
    return r;
  }
  // name+image era: json.Marshal(map[string]string{"image": ..., "name": ...})
  const h = new ByteSink(64);
  h.ascii("{\"image\":");
  const ix = indexesOf(ty);
  if (!stringOrEmpty(h, out, top, load<i32>(ix, 8))) return null;
  h.ascii(",\"name\":");
  if (!stringOrEmpty(h, out, top, load<i32>(ix, 12))) return null;
  h.byte(0x7d);
  r.hash = fnv1aSpewBytes(h.ptr, h.len);
  return r;
}
