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
import { hashable, hashableLookup, keyEq } from "./equal";
import { formatSlice } from "./fmt";
import { PatchMeta, Strategy, lookupStruct, lookupSlice, extractStrategy, schemaName } from "./meta";
import {
  ElemType, elemType2, normalizeElementOrder, extractToDeleteItems, Split, partitionPrimitives, partitionMaps,
  Parts, findMapInSlice, Found, mergeKeyValueEqual, Eq, deduplicateScalars,
} from "./lists";
import { removeDirectives, discardNullValues, Keep } from "./directives";
import { Env } from "./env";
import {
  failed, smpError, smpErrorBytes, errBadArgType, errNoMergeKey, errBadPatchType, errBadPatchFormatForRetainKeys,
  errBadPatchFormatForPrimitiveList, errBadPatchFormatForSetElementOrderList, MAP_TYPE, SLICE_TYPE,
} from "./errors";

const DELETE_PREFIX = "$deleteFromPrimitiveList";
const ORDER_PREFIX = "$setElementOrder";

/** mergeMap(original, patch, schema, {MergeParallelList: true, IgnoreUnmatchedNulls: true}). */
export function mergeMap(original: GMap | null, patch: GMap, schema: i32): GMap | null {
  const d = patch.findAscii("$patch");
  if (d >= 0) return handleDirectiveInMergeMap(patch.val(d), patch);
  if (original === null || original.isNil) original = newMap();
  if (!applyRetainKeysDirective(original, patch)) return null;
  if (!mergePatchIntoOriginal(original, patch, schema)) return null;
  const minor = Env.minor;
  for (let s = 0; s < patch.slots; s++) {
    if (!patch.live(s)) continue;
    let kp = patch.keyPtr(s);
    let kn = patch.keyLen(s);
    const pv = patch.val(s);
    // preprocessDeletionListForMerging
    let isDeleteList = false;
    if (hasPrefixAscii(kp, kn, DELETE_PREFIX)) {
      if (!extractKey(kp, kn, DELETE_PREFIX)) return null;
      isDeleteList = true;
      if (Key.n > 0) {
        kp = Key.p;
        kn = Key.n;
      }
    }
    if (pv === null) {
      original.del(kp, kn);
      continue;
    }
    const oi = original.find(kp, kn);
    if (oi < 0) {
      if (!isDeleteList || minor < 23) copyPatchValue(original, kp, kn, pv);
      continue;
    }
    const ov = original.val(oi);
    if (ov === null || ov.t != pv.t) {
      if (!isDeleteList || minor < 23) copyPatchValue(original, kp, kn, pv);
      continue;
    }
    if (ov.t == T_MAP) {
      const meta = new PatchMeta();
      if (!lookupStruct(schema, kp, kn, meta, Env.cache!, Env.go)) return null;
      const st = new Strategy();
      if (!extractStrategy(meta, st)) return null;
      // mergeMapHandler
      let r: GMap | null;
      if (!st.isReplace()) r = mergeMap(ov.m, pv.m!, meta.t);
      else r = pv.m;
      if (r === null) return null;
      original.set(kp, kn, mapVal(r));
    } else if (ov.t == T_SLICE) {
      const meta = new PatchMeta();
      if (!lookupSlice(schema, kp, kn, meta, Env.cache!, Env.go)) return null;
      const st = new Strategy();
      if (!extractStrategy(meta, st)) return null;
      const r = mergeSliceHandler(ov.s!, pv.s!, meta, st, isDeleteList);
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
function copyPatchValue(original: GMap, kp: usize, kn: i32, pv: Val): void {
  const minor = Env.minor;
  if (minor >= 24) discardNullValues(pv);
  if (minor >= 28) {
    const v = removeDirectives(pv);
    if (!Keep.v) original.del(kp, kn);
    else original.set(kp, kn, v);
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

/** extractKey(s, prefix): the part after "prefix/" into Key. */
class Key {
  static p: usize = 0;
  static n: i32 = 0;
}

function extractKey(p: usize, n: i32, prefix: string): bool {
  let slash = -1;
  for (let i = 0; i < n; i++) {
    if (load<u8>(p + <usize>i) == 0x2f) { slash = i; break; }
  }
  if (slash < 0 || !eqAscii(p, slash, prefix)) {
    if (prefix == DELETE_PREFIX) return errBadPatchFormatForPrimitiveList();
    return errBadPatchFormatForSetElementOrderList();
  }
  Key.p = p + <usize>(slash + 1);
  Key.n = n - slash - 1;
  return true;
}

/** applyRetainKeysDirective(original, patch, {MergeParallelList: true}). */
function applyRetainKeysDirective(original: GMap, patch: GMap): bool {
  const ri = patch.findAscii("$retainKeys");
  if (ri < 0) return true;
  const rv = patch.val(ri);
  patch.delSlot(ri);
  if (rv === null || rv.t != T_SLICE) return errBadPatchFormatForRetainKeys();
  const list = rv.s!;
  const set = new Array<Val | null>();
  for (let i = 0; i < list.len; i++) {
    const v = list.get(i);
    if (!hashable(v)) return false;
    set.push(v);
  }
  for (let i = 0; i < patch.slots; i++) {
    if (!patch.live(i)) continue;
    const kp = patch.keyPtr(i);
    const kn = patch.keyLen(i);
    if (patch.val(i) === null || hasPrefixAscii(kp, kn, DELETE_PREFIX) || hasPrefixAscii(kp, kn, ORDER_PREFIX)) continue;
    if (!inSet(set, kp, kn)) return errBadPatchFormatForRetainKeys();
  }
  for (let i = 0; i < original.slots; i++) {
    if (!original.live(i)) continue;
    if (!inSet(set, original.keyPtr(i), original.keyLen(i))) original.delSlot(i);
  }
  return true;
}

/** Whether the string key is in a set of retainKeys values (only string members can match). */
function inSet(set: Array<Val | null>, kp: usize, kn: i32): bool {
  for (let i = 0; i < set.length; i++) {
    const v = set[i];
    if (v !== null && v.t == 4 && v.n == kn && memory.compare(v.p, kp, <usize>kn) == 0) return true;
  }
  return false;
}

/** mergePatchIntoOriginal(original, patch, schema, {MergeParallelList: true}): the `$setElementOrder` lists. */
function mergePatchIntoOriginal(original: GMap, patch: GMap, schema: i32): bool {
  const minor = Env.minor;
  for (let s = 0; s < patch.slots; s++) {
    if (!patch.live(s)) continue;
    const key = patch.keyPtr(s);
    const keyN = patch.keyLen(s);
    if (!hasPrefixAscii(key, keyN, ORDER_PREFIX)) continue;
    const orderV = patch.val(s);
    patch.delSlot(s);
    if (orderV === null || orderV.t != T_SLICE) return errBadArgType(SLICE_TYPE, orderV);
    const order = orderV.s!;
    if (!extractKey(key, keyN, ORDER_PREFIX)) return false;
    const okp = Key.p;
    const okn = Key.n;
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
    if (!lookupSlice(schema, okp, okn, meta, Env.cache!, Env.go)) return false;
    const st = new Strategy();
    if (!extractStrategy(meta, st)) return false;
    if (!validatePatchWithSetOrderList(pfv, order, meta.kp, meta.kn)) return false;
    let merged: Slice;
    if (foundOriginal && !foundPatch) merged = ofv;
    else if (!foundOriginal && foundPatch) {
      if (minor >= 28) {
        const v = removeDirectives(sliceVal(pfv));
        if (!Keep.v) continue;
        merged = v!.s!;
      } else merged = pfv;
    } else if (foundOriginal && foundPatch) {
      const r = mergeSliceHandler(ofv, pfv, meta, st, false);
      if (r === null) return false;
      merged = r;
    } else continue;
    if (meta.kn == 0) {
      if (!partitionPrimitives(merged, order)) return false;
    } else if (!partitionMaps(merged, order, meta.kp, meta.kn)) return false;
    const patchItems = Parts.patch!;
    const serverOnly = Parts.server!;
    if (!elemType2(ofv, pfv)) return false;
    const both = normalizeElementOrder(patchItems, serverOnly, order, ofv, meta.kp, meta.kn, ElemType.t);
    if (both === null) return false;
    original.set(okp, okn, sliceVal(both));
    const pj = patch.find(okp, okn);
    if (pj >= 0) patch.delSlot(pj);
  }
  return true;
}

/** validatePatchWithSetOrderList(patchList, setOrderList, mergeKey). */
function validatePatchWithSetOrderList(patchList: Slice, order: Slice, mp: usize, mn: i32): bool {
  if (order.len == 0 || patchList.len == 0) return true;
  let nonDelete = patchList;
  if (mn > 0) {
    if (!extractToDeleteItems(patchList)) return false;
    nonDelete = Split.keep!;
  }
  let pi = 0, si = 0;
  while (pi < nonDelete.len && si < order.len) {
    const item = nonDelete.get(pi);
    if (item !== null && item.t == T_MAP && item.m!.findAscii("$patch") >= 0) {
      pi++;
      continue;
    }
    if (!mergeKeyValueEqual(item, order.get(si), mp, mn)) return false;
    if (Eq.v) pi++;
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
function mergeSliceHandler(original: Slice, patch: Slice, meta: PatchMeta, st: Strategy, isDeleteList: bool): Slice | null {
  if (st.isMerge() || (isDeleteList && Env.minor >= 28)) return mergeSlice(original, patch, meta, isDeleteList);
  return patch;
}

/** mergeSlice(original, patch, schema, mergeKey, mergeOptions, isDeleteList). */
function mergeSlice(original: Slice, patch: Slice, meta: PatchMeta, isDeleteList: bool): Slice | null {
  if (original.len == 0 && patch.len == 0) return original;
  if (!elemType2(original, patch)) return null;
  const kind = ElemType.t;
  const mp = meta.kp, mn = meta.kn;
  let merged: Slice;
  if (kind != T_MAP) {
    if (isDeleteList) return deleteFromSlice(original, patch);
    const both = appendAll(original, patch, Env.go);
    merged = deduplicateScalars(both);
    if (failed()) return null;
  } else {
    if (mn == 0) return nullWith(smpError("cannot merge lists without merge key for " + schemaName(meta.t)));
    if (!mergeSliceWithSpecialElements(original, patch, mp, mn)) return null;
    original = Special.original!;
    patch = Special.patch!;
    const m = mergeSliceWithoutSpecialElements(original, patch, mp, mn, meta.t);
    if (m === null) return null;
    merged = m;
  }
  if (mn == 0) {
    if (!partitionPrimitives(merged, patch)) return null;
  } else if (!partitionMaps(merged, patch, mp, mn)) return null;
  return normalizeElementOrder(Parts.patch!, Parts.server!, patch, original, mp, mn, kind);
}

@inline function nullWith(_ok: bool): Slice | null {
  return null;
}

/** Results of mergeSliceWithSpecialElements. */
class Special {
  static original: Slice | null = null;
  static patch: Slice | null = null;
}

/** mergeSliceWithSpecialElements(original, patch, mergeKey): `$patch: delete | replace | merge` items. */
function mergeSliceWithSpecialElements(original: Slice, patch: Slice, mp: usize, mn: i32): bool {
  const go = Env.go;
  let plain = makeSlice(0, 0);
  let replace = false;
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
      if (k < 0) return errNoMergeKey(m, mp, mn);
      const value = m.val(k);
      // deleteMatchingEntries
      while (true) {
        if (!findMapInSlice(original, mp, mn, value)) return false;
        if (!Found.found) break;
        const at = Found.at;
        original = appendAll(reslice(original, 0, at), reslice(original, at + 1, original.len), go);
      }
    } else if (isStr(pt, "replace")) {
      replace = true;
    } else if (isStr(pt, "merge")) {
      return smpError("merging lists cannot yet be specified in the patch");
    } else {
      return errBadPatchType(pt, m);
    }
  }
  if (replace) {
    Special.original = plain;
    Special.patch = nilSlice();
  } else {
    Special.original = original;
    Special.patch = plain;
  }
  return true;
}

/** mergeSliceWithoutSpecialElements(original, patch, mergeKey, schema, mergeOptions). */
function mergeSliceWithoutSpecialElements(original: Slice, patch: Slice, mp: usize, mn: i32, schema: i32): Slice | null {
  const go = Env.go;
  const n = patch.len;
  for (let i = 0; i < n; i++) {
    const v = patch.get(i)!;
    const m = v.m!;
    const k = m.find(mp, mn);
    if (k < 0) {
      errNoMergeKey(m, mp, mn);
      return null;
    }
    if (!findMapInSlice(original, mp, mn, m.val(k))) return null;
    if (Found.found) {
      const at = Found.at;
      const r = mergeMap(Found.map, m, schema);
      if (r === null) return null;
      original.put(at, mapVal(r));
    } else {
      original = appendOne(original, v, go);
    }
  }
  return original;
}

/** deleteFromSlice(current, toDelete) */
function deleteFromSlice(current: Slice, toDelete: Slice): Slice | null {
  const go = Env.go;
  const set = new Array<Val | null>();
  for (let i = 0; i < toDelete.len; i++) {
    const v = toDelete.get(i);
    if (!hashable(v)) return null;
    set.push(v);
  }
  let out = makeSlice(0, current.len);
  for (let i = 0; i < current.len; i++) {
    const v = current.get(i);
    if (!hashableLookup(v, set.length == 0)) return null;
    let found = false;
    for (let k = 0; k < set.length; k++) if (keyEq(set[k], v)) { found = true; break; }
    if (!found) out = appendOne(out, v, go);
  }
  return out;
}
