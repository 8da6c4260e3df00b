// StrategicMergePatch's core: mergeMap with MergeParallelList and IgnoreUnmatchedNulls (what
// StrategicMergeMapPatchUsingLookupPatchMeta runs), with the behaviour of each Kubernetes minor:
//   >= 1.23  `$deleteFromPrimitiveList/x` never copies itself into a document that lacks `x`
//   >= 1.24  null members are dropped from patch values copied into the document
//   >= 1.28  directives are stripped from copied values, and deletion lists apply to any list
// Recursion follows the schema (bounded by the depth of the Go types).

import { ByteSink } from "../../io/sink";
import {
  Val, GMap, Slice, T_MAP, T_SLICE, mapVal, sliceVal, newMap, makeSlice, appendOne, appendAll, reslice, nilSlice,
  isStr, hasPrefixAscii, eqAscii,
} from "./value";
import { hashable, hashableLookup } from "./equal";
import { formatSlice } from "./fmt";
import { PatchMeta, Strategy, lookupStruct, lookupSlice, extractStrategy, schemaName } from "./meta";
import {
  elemType2, normalizeElementOrder, extractToDeleteItems, partitionPrimitives, partitionMaps, Pair, mergeKeyValueEqual,
  EQ_FAILED, EQ_TRUE,
} from "./lists";
import { FIND_FAILED, Deleter } from "./lookups";
import { ValueSet } from "./valuehash";
import { removeDirectives, dropsWhole, discardNullValues } from "./directives";
import { Env } from "./env";
import {
  failed, smpError, smpErrorBytes, errBadArgType, errNoMergeKey, errBadPatchType, errBadPatchFormatForRetainKeys,
  errBadPatchFormatForPrimitiveList, errBadPatchFormatForSetElementOrderList, MAP_TYPE, SLICE_TYPE,
} from "./errors";

const DELETE_PREFIX = "$deleteFromPrimitiveList";
const ORDER_PREFIX = "$setElementOrder";

/** mergeMap(original, patch, schema, {MergeParallelList: true, IgnoreUnmatchedNulls: true}). */
export function mergeMap(env: Env, original: GMap | null, patch: GMap, schema: i32): GMap | null {
  const d = patch.findAscii("$patch");
  if (d >= 0) return handleDirectiveInMergeMap(patch.val(d), patch);
  if (original === null || original.isNil) original = newMap();
  if (!applyRetainKeysDirective(original, patch)) return null;
  if (!mergePatchIntoOriginal(env, original, patch, schema)) return null;
  const minor = env.minor;
  for (let s = 0; s < patch.slots; s++) {
    if (!patch.live(s)) continue;
    let kp = patch.keyPtr(s);
    let kn = patch.keyLen(s);
    const pv = patch.val(s);
    // preprocessDeletionListForMerging
    let isDeleteList = false;
    if (hasPrefixAscii(kp, kn, DELETE_PREFIX)) {
      const at = extractKey(kp, kn, DELETE_PREFIX);
      if (at < 0) return null;
      isDeleteList = true;
      if (at < kn) {
        kp += <usize>at;
        kn -= at;
      }
    }
    if (pv === null) {
      original.del(kp, kn);
      continue;
    }
    const oi = original.find(kp, kn);
    if (oi < 0) {
      if (!isDeleteList || minor < 23) copyPatchValue(env, original, kp, kn, pv);
      continue;
    }
    const ov = original.val(oi);
    if (ov === null || ov.t != pv.t) {
      if (!isDeleteList || minor < 23) copyPatchValue(env, original, kp, kn, pv);
      continue;
    }
    if (ov.t == T_MAP) {
      const meta = new PatchMeta();
      if (!lookupStruct(schema, kp, kn, meta, env.cache)) return null;
      const st = new Strategy();
      if (!extractStrategy(meta, st)) return null;
      // mergeMapHandler
      let r: GMap | null;
      if (!st.isReplace()) r = mergeMap(env, ov.m, pv.m!, meta.t);
      else r = pv.m;
      if (r === null) return null;
      original.set(kp, kn, mapVal(r));
    } else if (ov.t == T_SLICE) {
      const meta = new PatchMeta();
      if (!lookupSlice(schema, kp, kn, meta, env.cache)) return null;
      const st = new Strategy();
      if (!extractStrategy(meta, st)) return null;
      const r = mergeSliceHandler(env, ov.s!, pv.s!, meta, st, isDeleteList);
      if (r === null) return null;
      original.set(kp, kn, sliceVal(r));
    } else {
      // scalars: the patch value replaces (1.28+ through removeDirectives, a no-op on scalars)
      original.set(kp, kn, pv);
    }
  }
  return original;
}

/** original[k] = patch value for a key the document lacks or holds with another type. */
function copyPatchValue(env: Env, original: GMap, kp: usize, kn: i32, pv: Val): void {
  const minor = env.minor;
  if (minor >= 24) discardNullValues(pv);
  if (minor >= 28) {
    if (dropsWhole(pv)) original.del(kp, kn);
    else original.set(kp, kn, removeDirectives(pv, env.go));
    return;
  }
  original.set(kp, kn, pv);
}

/** handleDirectiveInMergeMap(directive, patch). */
function handleDirectiveInMergeMap(directive: Val | null, patch: GMap): GMap | null {
  if (isStr(directive, "replace")) {
    const i = patch.findAscii("$patch");
    if (i >= 0) patch.delSlot(i);
    return patch;
  }
  if (isStr(directive, "delete")) return newMap();
  errBadPatchType(directive, patch);
  return null;
}

/** extractKey(s, prefix): where the part after "prefix/" starts in [p, p+n), or -1 with the error recorded. */
function extractKey(p: usize, n: i32, prefix: string): i32 {
  let slash = -1;
  for (let i = 0; i < n; i++) {
    if (load<u8>(p + <usize>i) == 0x2f) { slash = i; break; }
  }
  if (slash < 0 || !eqAscii(p, slash, prefix)) {
    if (prefix == DELETE_PREFIX) errBadPatchFormatForPrimitiveList();
    else errBadPatchFormatForSetElementOrderList();
    return -1;
  }
  return slash + 1;
}

/** applyRetainKeysDirective(original, patch, {MergeParallelList: true}). */
function applyRetainKeysDirective(original: GMap, patch: GMap): bool {
  const ri = patch.findAscii("$retainKeys");
  if (ri < 0) return true;
  const rv = patch.val(ri);
  patch.delSlot(ri);
  if (rv === null || rv.t != T_SLICE) return errBadPatchFormatForRetainKeys();
  const list = rv.s!;
  const set = new ValueSet();
  for (let i = 0; i < list.len; i++) {
    const v = list.get(i);
    if (!hashable(v)) return false;
    set.add(v);
  }
  for (let i = 0; i < patch.slots; i++) {
    if (!patch.live(i)) continue;
    const kp = patch.keyPtr(i);
    const kn = patch.keyLen(i);
    if (patch.val(i) === null || hasPrefixAscii(kp, kn, DELETE_PREFIX) || hasPrefixAscii(kp, kn, ORDER_PREFIX)) continue;
    if (!set.hasString(kp, kn)) return errBadPatchFormatForRetainKeys();
  }
  for (let i = 0; i < original.slots; i++) {
    if (!original.live(i)) continue;
    if (!set.hasString(original.keyPtr(i), original.keyLen(i))) original.delSlot(i);
  }
  return true;
}

/** mergePatchIntoOriginal(original, patch, schema, {MergeParallelList: true}): the `$setElementOrder` lists. */
function mergePatchIntoOriginal(env: Env, original: GMap, patch: GMap, schema: i32): bool {
  const minor = env.minor;
  for (let s = 0; s < patch.slots; s++) {
    if (!patch.live(s)) continue;
    const key = patch.keyPtr(s);
    const keyN = patch.keyLen(s);
    if (!hasPrefixAscii(key, keyN, ORDER_PREFIX)) continue;
    const orderV = patch.val(s);
    patch.delSlot(s);
    if (orderV === null || orderV.t != T_SLICE) return errBadArgType(SLICE_TYPE, orderV);
    const order = orderV.s!;
    const at = extractKey(key, keyN, ORDER_PREFIX);
    if (at < 0) return false;
    const okp = key + <usize>at;
    const okn = keyN - at;
    const oi = original.find(okp, okn);
    const pi = patch.find(okp, okn);
    const foundOriginal = oi >= 0;
    const foundPatch = pi >= 0;
    let ofv = nilSlice();
    let pfv = nilSlice();
    const originalList = foundOriginal ? original.val(oi) : null;
    const patchList = foundPatch ? patch.val(pi) : null;
    if (foundOriginal) {
      if (originalList === null || originalList.t != T_SLICE) return errBadArgType(SLICE_TYPE, originalList);
      ofv = originalList.s!;
    }
    if (foundPatch) {
      if (patchList === null || patchList.t != T_SLICE) return errBadArgType(SLICE_TYPE, patchList);
      pfv = patchList.s!;
    }
    const meta = new PatchMeta();
    if (!lookupSlice(schema, okp, okn, meta, env.cache)) return false;
    const st = new Strategy();
    if (!extractStrategy(meta, st)) return false;
    if (!validatePatchWithSetOrderList(env, pfv, order, meta.kp, meta.kn)) return false;
    let merged: Slice;
    if (foundOriginal && !foundPatch) merged = ofv;
    else if (!foundOriginal && foundPatch) {
      if (minor >= 28) {
        // removeDirectives of a list keeps it
        merged = removeDirectives(sliceVal(pfv), env.go)!.s!;
      } else merged = pfv;
    } else if (foundOriginal && foundPatch) {
      const r = mergeSliceHandler(env, ofv, pfv, meta, st, false);
      if (r === null) return false;
      merged = r;
    } else continue;
    const parts = meta.kn == 0 ? partitionPrimitives(env, merged, order) : partitionMaps(env, merged, order, meta.kp, meta.kn);
    if (parts === null) return false;
    const kind = elemType2(ofv, pfv);
    if (kind < 0) return false;
    const both = normalizeElementOrder(env, parts.a, parts.b, order, ofv, meta.kp, meta.kn, kind);
    if (both === null) return false;
    original.set(okp, okn, sliceVal(both));
    const pj = patch.find(okp, okn);
    if (pj >= 0) patch.delSlot(pj);
  }
  return true;
}

/** validatePatchWithSetOrderList(patchList, setOrderList, mergeKey). */
function validatePatchWithSetOrderList(env: Env, patchList: Slice, order: Slice, mp: usize, mn: i32): bool {
  if (order.len == 0 || patchList.len == 0) return true;
  let nonDelete = patchList;
  if (mn > 0) {
    const split = extractToDeleteItems(env, patchList);
    if (split === null) return false;
    nonDelete = split.a;
  }
  let pi = 0, si = 0;
  while (pi < nonDelete.len && si < order.len) {
    const item = nonDelete.get(pi);
    if (item !== null && item.t == T_MAP && item.m!.findAscii("$patch") >= 0) {
      pi++;
      continue;
    }
    const eq = mergeKeyValueEqual(item, order.get(si), mp, mn);
    if (eq == EQ_FAILED) return false;
    if (eq == EQ_TRUE) pi++;
    si++;
  }
  if (pi < nonDelete.len && si >= order.len) {
    const b = new ByteSink(128);
    b.ascii("The order in patch list:\n");
    formatSlice(b, patchList);
    b.ascii("\n doesn't match $setElementOrder list:\n");
    formatSlice(b, order);
    b.ascii("\n");
    return smpErrorBytes(b);
  }
  return true;
}

/** mergeSliceHandler(original, patch, schema, strategy, mergeKey, isDeleteList). */
function mergeSliceHandler(env: Env, original: Slice, patch: Slice, meta: PatchMeta, st: Strategy, isDeleteList: bool): Slice | null {
  if (st.isMerge() || (isDeleteList && env.minor >= 28)) return mergeSlice(env, original, patch, meta, isDeleteList);
  return patch;
}

/** mergeSlice(original, patch, schema, mergeKey, mergeOptions, isDeleteList). */
function mergeSlice(env: Env, original: Slice, patch: Slice, meta: PatchMeta, isDeleteList: bool): Slice | null {
  if (original.len == 0 && patch.len == 0) return original;
  const kind = elemType2(original, patch);
  if (kind < 0) return null;
  const mp = meta.kp, mn = meta.kn;
  let merged: Slice;
  if (kind != T_MAP) {
    if (isDeleteList) return deleteFromSlice(env, original, patch);
    const both = appendAll(original, patch, env.go);
    merged = env.lists.dedupe(both);
    if (failed()) return null;
  } else {
    if (mn == 0) return nullWith(smpError("cannot merge lists without merge key for " + schemaName(meta.t)));
    const special = mergeSliceWithSpecialElements(env, original, patch, mp, mn);
    if (special === null) return null;
    original = special.a;
    patch = special.b;
    const m = mergeSliceWithoutSpecialElements(env, original, patch, mp, mn, meta.t);
    if (m === null) return null;
    merged = m;
  }
  const parts = mn == 0 ? partitionPrimitives(env, merged, patch) : partitionMaps(env, merged, patch, mp, mn);
  if (parts === null) return null;
  return normalizeElementOrder(env, parts.a, parts.b, patch, original, mp, mn, kind);
}

@inline function nullWith(_ok: bool): Slice | null {
  return null;
}

/**
 * mergeSliceWithSpecialElements(original, patch, mergeKey): `$patch: delete | replace | merge` items. The
 * (original, patch) it leaves, or null with the error recorded.
 */
function mergeSliceWithSpecialElements(env: Env, original: Slice, patch: Slice, mp: usize, mn: i32): Pair | null {
  const go = env.go;
  let plain = makeSlice(0, 0);
  let replace = false;
  let deleter: Deleter | null = null; // made at the first `$patch: delete`
  for (let i = 0; i < patch.len; i++) {
    const v = patch.get(i)!;
    const m = v.m!;
    const d = m.findAscii("$patch");
    if (d < 0) {
      plain = appendOne(plain, v, go);
      continue;
    }
    const pt = m.val(d);
    if (isStr(pt, "delete")) {
      const k = m.find(mp, mn);
      if (k < 0) return nullPair(errNoMergeKey(m, mp, mn));
      // deleteMatchingEntries
      if (deleter === null) deleter = env.lists.deleter(original, mp, mn, go);
      if (!deleter.remove(m.val(k))) return null;
    } else if (isStr(pt, "replace")) {
      replace = true;
    } else if (isStr(pt, "merge")) {
      return nullPair(smpError("merging lists cannot yet be specified in the patch"));
    } else {
      return nullPair(errBadPatchType(pt, m));
    }
  }
  if (deleter !== null) original = deleter.result();
  if (replace) return new Pair(plain, nilSlice());
  return new Pair(original, plain);
}

@inline function nullPair(_recorded: bool): Pair | null {
  return null;
}

/** mergeSliceWithoutSpecialElements(original, patch, mergeKey, schema, mergeOptions). */
function mergeSliceWithoutSpecialElements(env: Env, original: Slice, patch: Slice, mp: usize, mn: i32, schema: i32): Slice | null {
  const go = env.go;
  const n = patch.len;
  const finder = env.lists.finder(original, mp, mn, true);
  for (let i = 0; i < n; i++) {
    const v = patch.get(i)!;
    const m = v.m!;
    const k = m.find(mp, mn);
    if (k < 0) {
      errNoMergeKey(m, mp, mn);
      return null;
    }
    const at = finder.find(m.val(k));
    if (at == FIND_FAILED) return null;
    if (at >= 0) {
      const r = mergeMap(env, original.get(at)!.m, m, schema);
      if (r === null) return null;
      original.put(at, mapVal(r));
      finder.changed(at);
    } else {
      original = appendOne(original, v, go);
      finder.appended(original);
    }
  }
  return original;
}

/** deleteFromSlice(current, toDelete) */
function deleteFromSlice(env: Env, current: Slice, toDelete: Slice): Slice | null {
  const go = env.go;
  const set = new ValueSet();
  for (let i = 0; i < toDelete.len; i++) {
    const v = toDelete.get(i);
    if (!hashable(v)) return null;
    set.add(v);
  }
  let out = makeSlice(0, current.len);
  for (let i = 0; i < current.len; i++) {
    const v = current.get(i);
    if (!hashableLookup(v, set.empty, go)) return null;
    if (!set.has(v)) out = appendOne(out, v, go);
  }
  return out;
}
