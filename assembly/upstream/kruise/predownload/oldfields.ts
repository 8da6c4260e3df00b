// The workload members an older OpenKruise release's types do not have: its decoder (sigs.k8s.io/json, keys matched
// exactly) skips them whatever their value, where the engine's tables (v1.9.0's types) would decode them and could
// refuse a value. Such members are renamed to a key no type has before the decode.
//   CloneSet (v1alpha1) before v1.9: spec.progressDeadlineSeconds, the in-place strategy's imagePreDownload* fields,
//     status.conditions[].lastUpdateTime.
//   Advanced StatefulSet (v1beta1) before v1.9: the in-place strategy's imagePreDownload* fields; before v1.8:
//     spec.volumeClaimUpdateStrategy, status.volumeClaims; before v1.7: spec.ordinals.

import { Tape, K_OBJECT, K_ARRAY } from "../../../json/tape";
import { readJSON, ReadOptions } from "../../../json/reader";
import { unquote } from "../../../json/strings";
import { ByteSink } from "../../../io/sink";
import { Value } from "../../../json/value";
import { KRUISE_GO } from "../../../base/pins";
import { PD_CLONESET, PD_ADVANCED_STATEFULSET } from "./model";

const IMAGE_FIELDS = ["imagePreDownloadParallelism", "imagePreDownloadTimeoutSeconds", "imagePreDownloadMinUpdatedReadyPods"];

/** The member paths (dot-separated; "*": every element of an array) release `release` of `kind` does not have. */
function missingPaths(kind: i32, release: i32): Array<string> {
  const out = new Array<string>();
  if (kind == PD_CLONESET && release <= 8) {
    out.push("spec.progressDeadlineSeconds");
    out.push("status.conditions.*.lastUpdateTime");
    for (let i = 0; i < IMAGE_FIELDS.length; i++) out.push("spec.updateStrategy.inPlaceUpdateStrategy." + IMAGE_FIELDS[i]);
  }
  if (kind == PD_ADVANCED_STATEFULSET) {
    if (release <= 8) for (let i = 0; i < IMAGE_FIELDS.length; i++) out.push("spec.updateStrategy.rollingUpdate.inPlaceUpdateStrategy." + IMAGE_FIELDS[i]);
    if (release <= 7) { out.push("spec.volumeClaimUpdateStrategy"); out.push("status.volumeClaims"); }
    if (release <= 6) out.push("spec.ordinals");
  }
  return out;
}

/** The text of key node `k` as the decoder compares it (escapes resolved). */
function keyText(t: Tape, k: i32): string {
  const b = new ByteSink(t.len(k) + 4);
  unquote(b, t.ptr(k), t.len(k), true);
  return String.UTF8.decodeUnsafe(b.ptr, <usize>b.len);
}

/** Collects the key nodes under `node` matching `path` from step `at` on (every occurrence: the decoder merges repeated keys). */
function collect(t: Tape, node: i32, path: Array<string>, at: i32, keys: Array<i32>): void {
  const step = path[at];
  const last = at == path.length - 1;
  if (step == "*") {
    if (t.kind(node) != K_ARRAY) return;
    let e = node + 1;
    for (let i = 0, n = t.children(node); i < n; i++) {
      collect(t, e, path, at + 1, keys);
      e = t.next(e);
    }
    return;
  }
  if (t.kind(node) != K_OBJECT) return;
  let k = node + 1;
  for (let m = 0, n = t.children(node); m < n; m++) {
    const v = t.next(k);
    if (keyText(t, k) == step) {
      if (last) keys.push(k);
      else collect(t, v, path, at + 1, keys);
    }
    k = t.next(v);
  }
}

/** Object `v` with the members release `release` of `kind` does not have renamed away (`v` itself when it has none). */
export function withoutNewerMembers(v: Value, kind: i32, release: i32): Value {
  const paths = missingPaths(kind, release);
  const t = v.tape;
  const keys = new Array<i32>();
  // (the paths are at most six steps deep: bounded, not input depth)
  for (let i = 0; i < paths.length; i++) collect(t, v.node, paths[i].split("."), 0, keys);
  if (keys.length == 0) return v;
  const from = t.rawStart(v.node);
  const n = t.rawEnd(v.node) - from;
  const buf = heap.alloc(<usize>n);
  memory.copy(buf, t.src + <usize>from, <usize>n);
  // same length, so every offset stays: "_" is no member of any type
  for (let i = 0; i < keys.length; i++) memory.fill(buf + <usize>(t.start(keys[i]) - from), 0x5f, <usize>t.len(keys[i]));
  const o = new ReadOptions();
  o.goMinor = KRUISE_GO;
  const copy = readJSON(buf, n, o);
  if (copy === null) return v;
  return new Value(copy, 0, v.base);
}
