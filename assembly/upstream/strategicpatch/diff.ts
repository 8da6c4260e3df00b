// CreateTwoWayMergePatch's core (diffMaps with SetElementOrder, as CreateTwoWayMergeMapPatch runs it):
// the patch that turns `original` into `modified` for a Go type. It is the same in every supported minor.
// Recursion follows the schema (a nested map or list is only entered after its field was found in a Go
// struct), so its depth is bounded by the depth of the Go types, not by the input.

import { ByteSink } from "../../io/sink";
import { errorCode, clearError, E_PATCH_PANIC } from "../../base/errors";
import {
  Val, GMap, Slice, T_MAP, T_SLICE, T_STRING, strVal, mapVal, sliceVal, newMap, makeSlice, appendOne, eqAscii,
} from "./value";
import { deepEqual, deepEqualSlices } from "./equal";
import { vText, VText } from "./fmt";
import { compareBytes } from "../../json/members";
import { lookupStruct, lookupSlice, extractStrategy } from "./meta";
import {
  ElemType, elemType1, elemType2, normalizeSliceOrder, appendAllSlices, mergeKeyValueEqual, Eq, sortScalars,
  deduplicateScalars, deduplicateAndSortScalars, sortMapsBasedOnField, deleteDirective,
} from "./lists";
import { Env } from "./env";
import { failed, smpError, errNoListOfLists, errBadArgType, errNoMergeKey, MAP_TYPE } from "./errors";

/** diffMaps(original, modified, schema, {SetElementOrder: true, BuildRetainKeysDirective: retainKeys}). */
export function diffMaps(original: GMap, modified: GMap, schema: i32, retainKeys: bool): GMap | null {
  const patch = newMap();
  const go = Env.go;
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
      if (!handleMapDiff(kp, kn, ov!.m!, mv!.m!, patch, schema, retainKeys)) return null;
    } else if (ot == T_SLICE) {
      if (!handleSliceDiff(kp, kn, ov!.s!, mv!.s!, patch, schema, retainKeys)) return null;
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
    patch.setAscii("$retainKeys", sliceVal(sortScalars(retainKeysList!)));
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
function handleMapDiff(kp: usize, kn: i32, ov: GMap, mv: GMap, patch: GMap, schema: i32, _retain: bool): bool {
  const meta = Env.meta!; // read before any recursion
  if (!lookupStruct(schema, kp, kn, meta, Env.cache!, Env.go)) {
    return lookupFailedButEqual(deepEqual(mapVal(ov), mapVal(mv)));
  }
  const st = Env.strategy!;
  if (!extractStrategy(meta, st)) return false;
  if (st.isReplace()) {
    patch.set(kp, kn, mapVal(mv));
    return true;
  }
  const pv = diffMaps(ov, mv, meta.t, st.retainKeys);
  if (pv === null) return false;
  if (pv.count > 0) patch.set(kp, kn, mapVal(pv));
  return true;
}

/** handleSliceDiff */
function handleSliceDiff(kp: usize, kn: i32, ov: Slice, mv: Slice, patch: GMap, schema: i32, _retain: bool): bool {
  const meta = Env.meta!; // read before any recursion
  if (!lookupSlice(schema, kp, kn, meta, Env.cache!, Env.go)) {
    return lookupFailedButEqual(deepEqualSlices(ov, mv));
  }
  const st = Env.strategy!;
  if (!extractStrategy(meta, st)) return false;
  if (!st.isMerge()) {
    if (!deepEqualSlices(ov, mv)) patch.set(kp, kn, sliceVal(mv));
    return true;
  }
  if (!diffLists(ov, mv, meta.t, meta.kp, meta.kn, st.retainKeys)) return false;
  if (Lists.add !== null && Lists.add!.len > 0) patch.set(kp, kn, sliceVal(Lists.add!));
  if (Lists.del !== null && Lists.del!.len > 0) {
    const k = prefixed("$deleteFromPrimitiveList/", kp, kn);
    patch.set(k.ptr, k.len, sliceVal(Lists.del!));
  }
  if (Lists.order !== null && Lists.order!.len > 0) {
    const k = prefixed("$setElementOrder/", kp, kn);
    patch.set(k.ptr, k.len, sliceVal(Lists.order!));
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

/** Results of diffLists. */
class Lists {
  static add: Slice | null = null;
  static del: Slice | null = null;
  static order: Slice | null = null;
}

/** diffLists(original, modified, schema, mergeKey, diffOptions) into Lists. */
function diffLists(original: Slice, modified: Slice, schema: i32, mp: usize, mn: i32, retainKeys: bool): bool {
  Lists.add = null;
  Lists.del = null;
  Lists.order = null;
  if (original.len == 0) {
    if (modified.len == 0) return true;
    Lists.add = modified;
    return true;
  }
  if (!elemType2(original, modified)) return false;
  const kind = ElemType.t;
  if (kind == T_MAP) {
    if (!diffListsOfMaps(original, modified, schema, mp, mn, retainKeys)) return false;
    let patchList = OfMaps.patch!;
    const deleteList = OfMaps.del!;
    const normalized = normalizeSliceOrder(patchList, modified, mp, mn, kind);
    if (normalized === null) return false;
    patchList = normalized;
    // isOrderSame
    let orderSame = true;
    if (original.len != modified.len) orderSame = false;
    else {
      for (let i = 0; i < modified.len; i++) {
        if (!mergeKeyValueEqual(original.get(i), modified.get(i), mp, mn)) return false;
        if (!Eq.v) { orderSame = false; break; }
      }
    }
    patchList = appendAllSlices(patchList, deleteList);
    let order: Slice | null = null;
    if (patchList.len > 0 || !orderSame) {
      order = makeSlice(modified.len, modified.len);
      for (let i = 0; i < modified.len; i++) {
        const v = modified.get(i)!;
        const m = v.m!;
        const j = m.find(mp, mn);
        const e = newMap();
        e.set(mp, mn, j < 0 ? null : m.val(j));
        order.put(i, mapVal(e));
      }
    }
    Lists.add = patchList;
    Lists.order = order;
    return true;
  }
  if (kind == T_SLICE) return errNoListOfLists();
  // scalars
  diffListsOfScalars(original, modified);
  if (failed()) return false;
  const add = normalizeSliceOrder(OfScalars.add!, modified, mp, mn, kind);
  if (add === null) return false;
  let order: Slice | null = null;
  if (OfScalars.del!.len > 0 || !deepEqualSlices(original, modified)) order = modified;
  Lists.add = add;
  Lists.del = OfScalars.del;
  Lists.order = order;
  return true;
}

/** Results of diffListsOfScalars. */
class OfScalars {
  static add: Slice | null = null;
  static del: Slice | null = null;
}

/** diffListsOfScalars(original, modified): sorts `original` in place, as upstream does. */
function diffListsOfScalars(original: Slice, modified: Slice): void {
  const go = Env.go;
  const copy = makeSlice(modified.len, modified.len);
  for (let i = 0; i < modified.len; i++) copy.put(i, modified.get(i));
  const os = sortScalars(original);
  const ms = sortScalars(copy);
  let oi = 0, mi = 0;
  let add = makeSlice(0, 0);
  let del = makeSlice(0, 0);
  while (true) {
    const oIn = oi < os.len;
    const mIn = mi < ms.len;
    if (!oIn && !mIn) break;
    let op: usize = 0, on = 0, mp: usize = 0, mn = 0;
    if (oIn) { vText(os.get(oi)); op = VText.p; on = VText.n; }
    if (mIn) { vText(ms.get(mi)); mp = VText.p; mn = VText.n; }
    let c = 0;
    if (oIn && mIn) c = compareBytes(op, on, mp, mn);
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
  OfScalars.add = add;
  OfScalars.del = deduplicateScalars(del);
}

/** Results of diffListsOfMaps. */
class OfMaps {
  static patch: Slice | null = null;
  static del: Slice | null = null;
}

/** sortMergeListsByNameArray(s, schema, mergeKey, false) for a list whose first element is a map. */
function sortMergeListsByName(s: Slice, mp: usize, mn: i32): Slice | null {
  if (s.len == 0) return s;
  if (!elemType1(s)) return null;
  if (ElemType.t != T_MAP) return deduplicateAndSortScalars(s);
  // upstream sorts a copy made by appends; the sorted list is only read here, and with strictly increasing
  // keys every correct sort leaves the order as it is, so the list itself serves
  if (keysIncreasing(s, mp, mn)) return s;
  return sortMapsBasedOnField(s, mp, mn);
}

/** Whether the `%v` texts of the merge-key values of the maps in s are strictly increasing. */
function keysIncreasing(s: Slice, mp: usize, mn: i32): bool {
  let pp: usize = 0, pn = 0;
  for (let i = 0; i < s.len; i++) {
    const v = s.get(i);
    if (v === null || v.t != T_MAP) return false;
    const m = v.m!;
    const j = m.find(mp, mn);
    if (j < 0) return false;
    vText(m.val(j));
    if (i > 0 && compareBytes(pp, pn, VText.p, VText.n) >= 0) return false;
    pp = VText.p;
    pn = VText.n;
  }
  return true;
}

/** getMapAndMergeKeyValueByIndex: the element's map and merge-key value into Elem. */
class Elem {
  static m: GMap | null = null;
  static key: Val | null = null;
}

function elemAt(list: Slice, i: i32, mp: usize, mn: i32): bool {
  const v = list.get(i);
  if (v === null || v.t != T_MAP) return errBadArgType(MAP_TYPE, v);
  const m = v.m!;
  const j = m.find(mp, mn);
  if (j < 0) return errNoMergeKey(m, mp, mn);
  Elem.m = m;
  Elem.key = m.val(j);
  return true;
}

/** diffListsOfMaps(original, modified, schema, mergeKey, diffOptions) into OfMaps. */
function diffListsOfMaps(original: Slice, modified: Slice, schema: i32, mp: usize, mn: i32, retainKeys: bool): bool {
  const go = Env.go;
  let patch = makeSlice(0, modified.len);
  let del = makeSlice(0, original.len);
  const os = sortMergeListsByName(original, mp, mn);
  if (os === null) return false;
  const ms = sortMergeListsByName(modified, mp, mn);
  if (ms === null) return false;
  let oi = 0, mi = 0;
  while (true) {
    const oIn = oi < os.len;
    const mIn = mi < ms.len;
    if (!oIn && !mIn) break;
    let oe: GMap | null = null, me: GMap | null = null;
    let ok: Val | null = null, mk: Val | null = null;
    let osp: usize = 0, osn = 0, msp: usize = 0, msn = 0;
    if (oIn) {
      if (!elemAt(os, oi, mp, mn)) return false;
      oe = Elem.m;
      ok = Elem.key;
      vText(ok);
      osp = VText.p;
      osn = VText.n;
    }
    if (mIn) {
      if (!elemAt(ms, mi, mp, mn)) return false;
      me = Elem.m;
      mk = Elem.key;
      vText(mk);
      msp = VText.p;
      msn = VText.n;
    }
    let c = 0;
    if (oIn && mIn) c = compareBytes(osp, osn, msp, msn);
    if (oIn && mIn && c == 0) {
      const pv = diffMaps(oe!, me!, schema, retainKeys);
      if (pv === null) return false;
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
      del = appendOne(del, deleteDirective(mp, mn, ok), go);
      oi++;
    }
  }
  OfMaps.patch = patch;
  OfMaps.del = del;
  return true;
}
