// CreateTwoWayMergePatch's core (diffMaps with SetElementOrder, as CreateTwoWayMergeMapPatch runs it):
// the patch that turns `original` into `modified` for a Go type. It is the same in every supported minor.
// Recursion follows the schema (a nested map or list is only entered after its field was found in a Go
// struct), so its depth is bounded by the depth of the Go types, not by the input.

import { ByteSink } from "../../io/sink";
import { errorCode, clearError, E_PATCH_PANIC } from "../../base/errors";
import {
  GMap, Slice, T_MAP, T_SLICE, T_STRING, strVal, mapVal, sliceVal, newMap, makeSlice, appendOne, appendAll, eqAscii,
} from "./value";
import { deepEqual, deepEqualSlices } from "./equal";
import { vText, VText } from "./fmt";
import { compareBytes } from "../../json/members";
import { lookupStruct, lookupSlice, extractStrategy } from "./meta";
import {
  elemType1, elemType2, normalizeSliceOrder, mergeKeyValueEqual, EQ_FAILED, EQ_FALSE, sortScalars,
  deduplicateAndSortScalars, sortMapsBasedOnField, deleteDirective, Pair,
} from "./lists";
import { Env } from "./env";
import { failed, smpError, errNoListOfLists, errBadArgType, errNoMergeKey, MAP_TYPE } from "./errors";

/** diffMaps(original, modified, schema, {SetElementOrder: true, BuildRetainKeysDirective: retainKeys}). */
export function diffMaps(env: Env, original: GMap, modified: GMap, schema: i32, retainKeys: bool): GMap | null {
  const patch = newMap();
  const go = env.go;
  let retainKeysList: Slice | null = retainKeys ? makeSlice(0, modified.count) : null;
  for (let i = 0; i < modified.slots; i++) {
    if (!modified.live(i)) continue;
    const kp = modified.keyPtr(i);
    const kn = modified.keyLen(i);
    const mv = modified.val(i);
    if (retainKeys && mv !== null) retainKeysList = appendOne(retainKeysList!, strVal(kp, kn), go);
    const oi = original.find(kp, kn);
    if (oi < 0) {
      patch.set(kp, kn, mv);
      continue;
    }
    const ov = original.val(oi);
    // handleDirectiveMarker
    if (eqAscii(kp, kn, "$patch")) {
      if (ov === null || ov.t != T_STRING || mv === null || mv.t != T_STRING) {
        return nullWith(smpError("invalid value for special key: $patch"));
      }
      if (ov.n != mv.n || compareBytes(ov.p, ov.n, mv.p, mv.n) != 0) patch.set(kp, kn, mv);
      continue;
    }
    const ot = ov === null ? 0 : ov.t;
    const mt = mv === null ? 0 : mv.t;
    if (ot != mt) {
      patch.set(kp, kn, mv);
      continue;
    }
    if (ot == T_MAP) {
      if (!handleMapDiff(env, kp, kn, ov!.m!, mv!.m!, patch, schema)) return null;
    } else if (ot == T_SLICE) {
      if (!handleSliceDiff(env, kp, kn, ov!.s!, mv!.s!, patch, schema)) return null;
    } else if (!deepEqual(ov, mv)) {
      patch.set(kp, kn, mv);
    }
  }
  // updatePatchIfMissing
  for (let i = 0; i < original.slots; i++) {
    if (!original.live(i)) continue;
    if (modified.find(original.keyPtr(i), original.keyLen(i)) < 0) patch.set(original.keyPtr(i), original.keyLen(i), null);
  }
  if (retainKeysList !== null && retainKeysList.len > 0 && (patch.count > 0 || hasAdditionalNewField(original, modified))) {
    patch.setAscii("$retainKeys", sliceVal(sortScalars(env, retainKeysList)));
  }
  return patch;
}

@inline function nullWith(_ok: bool): GMap | null {
  return null;
}

/** hasAdditionalNewField(original, modified): a non-nil member of original missing from modified. */
function hasAdditionalNewField(original: GMap, modified: GMap): bool {
  for (let i = 0; i < original.slots; i++) {
    if (!original.live(i) || original.val(i) === null) continue;
    if (modified.find(original.keyPtr(i), original.keyLen(i)) < 0) return true;
  }
  return false;
}

/** A lookup error that upstream ignores when both values are equal (never a panic). */
function lookupFailedButEqual(equal: bool): bool {
  if (errorCode() == E_PATCH_PANIC) return false;
  if (!equal) return false;
  clearError();
  return true;
}

/** handleMapDiff */
function handleMapDiff(env: Env, kp: usize, kn: i32, ov: GMap, mv: GMap, patch: GMap, schema: i32): bool {
  const meta = env.meta; // read before any recursion
  if (!lookupStruct(schema, kp, kn, meta, env.cache)) {
    return lookupFailedButEqual(deepEqual(mapVal(ov), mapVal(mv)));
  }
  const st = env.strategy;
  if (!extractStrategy(meta, st)) return false;
  if (st.isReplace()) {
    patch.set(kp, kn, mapVal(mv));
    return true;
  }
  const pv = diffMaps(env, ov, mv, meta.t, st.retainKeys);
  if (pv === null) return false;
  if (pv.count > 0) patch.set(kp, kn, mapVal(pv));
  return true;
}

/** handleSliceDiff */
function handleSliceDiff(env: Env, kp: usize, kn: i32, ov: Slice, mv: Slice, patch: GMap, schema: i32): bool {
  const meta = env.meta; // read before any recursion
  if (!lookupSlice(schema, kp, kn, meta, env.cache)) {
    return lookupFailedButEqual(deepEqualSlices(ov, mv));
  }
  const st = env.strategy;
  if (!extractStrategy(meta, st)) return false;
  if (!st.isMerge()) {
    if (!deepEqualSlices(ov, mv)) patch.set(kp, kn, sliceVal(mv));
    return true;
  }
  const lists = diffLists(env, ov, mv, meta.t, meta.kp, meta.kn, st.retainKeys);
  if (lists === null) return false;
  const add = lists.add;
  if (add !== null && add.len > 0) patch.set(kp, kn, sliceVal(add));
  const del = lists.del;
  if (del !== null && del.len > 0) {
    const k = prefixed("$deleteFromPrimitiveList/", kp, kn);
    patch.set(k.ptr, k.len, sliceVal(del));
  }
  const order = lists.order;
  if (order !== null && order.len > 0) {
    const k = prefixed("$setElementOrder/", kp, kn);
    patch.set(k.ptr, k.len, sliceVal(order));
  }
  return true;
}

/** prefix + key, as bytes. */
export function prefixed(prefix: string, kp: usize, kn: i32): ByteSink {
  const b = new ByteSink(prefix.length + kn + 1);
  b.ascii(prefix);
  b.bytes(kp, kn);
  return b;
}

/** The three lists diffLists returns (each may be nil). */
class ListDiff {
  add: Slice | null = null;
  del: Slice | null = null;
  order: Slice | null = null;
}

/** diffLists(original, modified, schema, mergeKey, diffOptions); null with the error recorded. */
function diffLists(env: Env, original: Slice, modified: Slice, schema: i32, mp: usize, mn: i32, retainKeys: bool): ListDiff | null {
  const r = new ListDiff();
  if (original.len == 0) {
    if (modified.len > 0) r.add = modified;
    return r;
  }
  const kind = elemType2(original, modified);
  if (kind < 0) return null;
  if (kind == T_MAP) {
    const ofMaps = diffListsOfMaps(env, original, modified, schema, mp, mn, retainKeys);
    if (ofMaps === null) return null;
    const normalized = normalizeSliceOrder(env, ofMaps.a, modified, mp, mn, kind);
    if (normalized === null) return null;
    let patchList = normalized;
    // isOrderSame
    let orderSame = true;
    if (original.len != modified.len) orderSame = false;
    else {
      for (let i = 0; i < modified.len; i++) {
        const eq = mergeKeyValueEqual(original.get(i), modified.get(i), mp, mn);
        if (eq == EQ_FAILED) return null;
        if (eq == EQ_FALSE) { orderSame = false; break; }
      }
    }
    patchList = appendAll(patchList, ofMaps.b, env.go);
    if (patchList.len > 0 || !orderSame) {
      const order = makeSlice(modified.len, modified.len);
      for (let i = 0; i < modified.len; i++) {
        const v = modified.get(i)!;
        const m = v.m!;
        const j = m.find(mp, mn);
        const e = newMap();
        e.set(mp, mn, j < 0 ? null : m.val(j));
        order.put(i, mapVal(e));
      }
      r.order = order;
    }
    r.add = patchList;
    return r;
  }
  if (kind == T_SLICE) return nullDiff(errNoListOfLists());
  // scalars
  const ofScalars = diffListsOfScalars(env, original, modified);
  if (ofScalars === null) return null;
  const add = normalizeSliceOrder(env, ofScalars.a, modified, mp, mn, kind);
  if (add === null) return null;
  if (ofScalars.b.len > 0 || !deepEqualSlices(original, modified)) r.order = modified;
  r.add = add;
  r.del = ofScalars.b;
  return r;
}

@inline function nullDiff(_recorded: bool): ListDiff | null {
  return null;
}

/** diffListsOfScalars(original, modified): (add, delete); sorts `original` in place, as upstream does. */
function diffListsOfScalars(env: Env, original: Slice, modified: Slice): Pair | null {
  const go = env.go;
  const copy = makeSlice(modified.len, modified.len);
  for (let i = 0; i < modified.len; i++) copy.put(i, modified.get(i));
  const os = sortScalars(env, original);
  const ms = sortScalars(env, copy);
  let oi = 0, mi = 0;
  let add = makeSlice(0, 0);
  let del = makeSlice(0, 0);
  const ot = new VText();
  const mt = new VText();
  while (true) {
    const oIn = oi < os.len;
    const mIn = mi < ms.len;
    if (!oIn && !mIn) break;
    if (oIn) vText(os.get(oi), ot);
    if (mIn) vText(ms.get(mi), mt);
    let c = 0;
    if (oIn && mIn) c = compareBytes(ot.p, ot.n, mt.p, mt.n);
    if (oIn && mIn && c == 0) {
      oi++;
      mi++;
    } else if (!oIn || (oIn && mIn && c > 0)) {
      add = appendOne(add, ms.get(mi), go);
      mi++;
    } else {
      del = appendOne(del, os.get(oi), go);
      oi++;
    }
  }
  del = env.lists.dedupe(del);
  if (failed()) return null;
  return new Pair(add, del);
}

/** sortMergeListsByNameArray(s, schema, mergeKey, false) for a list whose first element is a map. */
function sortMergeListsByName(env: Env, s: Slice, mp: usize, mn: i32): Slice | null {
  if (s.len == 0) return s;
  const kind = elemType1(s);
  if (kind < 0) return null;
  if (kind != T_MAP) return deduplicateAndSortScalars(env, s);
  // upstream sorts a copy made by appends; the sorted list is only read here, and with strictly increasing
  // keys every correct sort leaves the order as it is, so the list itself serves
  if (keysIncreasing(s, mp, mn)) return s;
  return sortMapsBasedOnField(env, s, mp, mn);
}

/** Whether the `%v` texts of the merge-key values of the maps in s are strictly increasing. */
function keysIncreasing(s: Slice, mp: usize, mn: i32): bool {
  let pp: usize = 0, pn = 0;
  const text = new VText();
  for (let i = 0; i < s.len; i++) {
    const v = s.get(i);
    if (v === null || v.t != T_MAP) return false;
    const m = v.m!;
    const j = m.find(mp, mn);
    if (j < 0) return false;
    vText(m.val(j), text);
    if (i > 0 && compareBytes(pp, pn, text.p, text.n) >= 0) return false;
    pp = text.p;
    pn = text.n;
  }
  return true;
}

/** getMapAndMergeKeyValueByIndex: the element's map and the `%v` text of its merge-key value into `text`; null (recorded) when it has none. */
function elemAt(list: Slice, i: i32, mp: usize, mn: i32, text: VText): GMap | null {
  const v = list.get(i);
  if (v === null || v.t != T_MAP) return nullMap(errBadArgType(MAP_TYPE, v));
  const m = v.m!;
  const j = m.find(mp, mn);
  if (j < 0) return nullMap(errNoMergeKey(m, mp, mn));
  vText(m.val(j), text);
  return m;
}

@inline function nullMap(_recorded: bool): GMap | null {
  return null;
}

/** diffListsOfMaps(original, modified, schema, mergeKey, diffOptions): (patch, delete); null with the error recorded. */
function diffListsOfMaps(env: Env, original: Slice, modified: Slice, schema: i32, mp: usize, mn: i32, retainKeys: bool): Pair | null {
  const go = env.go;
  let patch = makeSlice(0, modified.len);
  let del = makeSlice(0, original.len);
  const os = sortMergeListsByName(env, original, mp, mn);
  if (os === null) return null;
  const ms = sortMergeListsByName(env, modified, mp, mn);
  if (ms === null) return null;
  let oi = 0, mi = 0;
  const ot = new VText();
  const mt = new VText();
  while (true) {
    const oIn = oi < os.len;
    const mIn = mi < ms.len;
    if (!oIn && !mIn) break;
    let oe: GMap | null = null, me: GMap | null = null;
    if (oIn) {
      oe = elemAt(os, oi, mp, mn, ot);
      if (oe === null) return null;
    }
    if (mIn) {
      me = elemAt(ms, mi, mp, mn, mt);
      if (me === null) return null;
    }
    let c = 0;
    if (oIn && mIn) c = compareBytes(ot.p, ot.n, mt.p, mt.n);
    if (oIn && mIn && c == 0) {
      const mk = me!.val(me!.find(mp, mn));
      const pv = diffMaps(env, oe!, me!, schema, retainKeys);
      if (pv === null) return null;
      if (pv.count > 0) {
        pv.set(mp, mn, mk);
        patch = appendOne(patch, mapVal(pv), go);
      }
      oi++;
      mi++;
    } else if (!oIn || c > 0) {
      patch = appendOne(patch, mapVal(me!), go);
      mi++;
    } else {
      del = appendOne(del, deleteDirective(mp, mn, oe!.val(oe!.find(mp, mn))), go);
      oi++;
    }
  }
  return new Pair(patch, del);
}
