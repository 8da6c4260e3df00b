// The two library entry points over raw document bytes, as k8s.io/apimachinery/pkg/util/strategicpatch
// exposes them for a Go struct type:
//   CreateTwoWayMergePatch(original, modified, dataStruct): an empty document (no bytes) is an empty map;
//     both are decoded (any failure: ErrBadJSONDoc), diffed, and the patch map is json.Marshal'ed.
//   StrategicMergePatch(original, patch, dataStruct): no bytes at all (Go nil) means `{}`, zero bytes
//     that were given are not JSON; the patch is merged into the document, which is json.Marshal'ed.
// `schema` is the struct type handle (assembly/schema); `minor`/`go` the Kubernetes and Go releases.

import { ByteSink } from "../../io/sink";
import { ReadOptions } from "../../json/reader";
import { GMap, newMap } from "./value";
import { decodeDoc, DEC_OK, DEC_BAD } from "./decode";
import { marshalMap } from "./encode";
import { diffMaps } from "./diff";
import { mergeMap } from "./merge";
import { Env } from "./env";
import { errBadJSONDoc, failed } from "./errors";
import { DocInput } from "../../json/document";

/** Decodes a document, or records why not; null on failure. */
function decode(env: Env, d: DocInput, emptyIsEmptyMap: bool, opts: ReadOptions): GMap | null {
  if (!d.present || (emptyIsEmptyMap && !d.direct && d.len == 0)) return newMap();
  const r = decodeDoc(d, env.minor, env.go, opts);
  if (r.code == DEC_OK) return r.map;
  if (r.code == DEC_BAD) errBadJSONDoc();
  return null;
}

/** A call's Env (the typed field lists of an earlier call point into a reset arena: dropped). */
function begin(minor: i32, go: i32, exact: u32): Env {
  return new Env(minor, go, exact);
}

/** CreateTwoWayMergePatch: writes the patch JSON to `out`; false with the error recorded (`exact`: shortcuts off, base/exact.ts). */
export function createTwoWayMergePatch(original: DocInput, modified: DocInput, schema: i32, minor: i32, go: i32,
  opts: ReadOptions, out: ByteSink, exact: u32 = 0): bool {
  const patch = createTwoWayMergePatchMap(original, modified, schema, minor, go, opts, exact);
  if (patch === null) return false;
  marshalMap(patch, out, go);
  return true;
}

/** CreateTwoWayMergePatch up to the patch map (marshal it with encode.ts); null with the error recorded. */
export function createTwoWayMergePatchMap(original: DocInput, modified: DocInput, schema: i32, minor: i32, go: i32,
  opts: ReadOptions, exact: u32 = 0): GMap | null {
  const env = begin(minor, go, exact);
  const a = decode(env, original, true, opts);
  if (a === null) return null;
  const b = decode(env, modified, true, opts);
  if (b === null) return null;
  const patch = diffMaps(env, a, b, schema, false);
  if (patch === null || failed()) return null;
  return patch;
}

/** StrategicMergePatch: writes the patched document JSON to `out`; false with the error recorded. */
export function strategicMergePatch(original: DocInput, patch: DocInput, schema: i32, minor: i32, go: i32,
  opts: ReadOptions, out: ByteSink, exact: u32 = 0): bool {
  const r = strategicMergePatchMap(original, patch, schema, minor, go, opts, exact);
  if (r === null) return false;
  marshalMap(r, out, go);
  return true;
}

/** StrategicMergePatch up to the patched map (marshal it with encode.ts); null with the error recorded. */
export function strategicMergePatchMap(original: DocInput, patch: DocInput, schema: i32, minor: i32, go: i32,
  opts: ReadOptions, exact: u32 = 0): GMap | null {
  const env = begin(minor, go, exact);
  const a = decode(env, original, false, opts);
  if (a === null) return null;
  const p = decode(env, patch, false, opts);
  if (p === null) return null;
  const r = mergeMap(env, a, p, schema);
  if (r === null || failed()) return null;
  return r;
}
