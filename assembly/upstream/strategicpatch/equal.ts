// Equality of decoded values as strategicpatch uses it: reflect.DeepEqual (int64 and float64 differ,
// nil and empty slices differ), Go's `==` on interface{} values (panics on two maps or two slices), and
// hashing into a map[interface{}] (panics on maps and slices; the text depends on the Go release and on
// whether the map is empty). Iterative.

import { Val, GMap, Slice, T_BOOL, T_INT, T_FLOAT, T_MAP, T_SLICE } from "./value";
import { panicUncomparable, panicUnhashable, goPanic } from "./errors";
import { typeName } from "./fmt";

/** Scalar equality of two values of the same scalar type. */
@inline function scalarEq(a: Val, b: Val): bool {
  switch (a.t) {
    case T_BOOL: return a.b == b.b;
    case T_INT: return a.i == b.i;
    case T_FLOAT: return a.f == b.f;
    default: return a.n == b.n && memory.compare(a.p, b.p, <usize>a.n) == 0;
  }
}

/** reflect.DeepEqual(a, b) for interface{} values. */
export function deepEqual(a: Val | null, b: Val | null): bool {
  if (a === null || b === null) return a === b;
  if (a.t != b.t) return false;
  if (a.t != T_MAP && a.t != T_SLICE) return scalarEq(a, b);
  if (a.t == T_MAP && a.m === b.m) return true;
  const sa = new Array<Val | null>();
  const sb = new Array<Val | null>();
  sa.push(a);
  sb.push(b);
  while (sa.length > 0) {
    const x = sa.pop();
    const y = sb.pop();
    if (x === null || y === null) {
      if (x !== y) return false;
      continue;
    }
    if (x.t != y.t) return false;
    if (x.t == T_MAP) {
      if (x.m === y.m) continue;
      if (!pushMaps(x.m!, y.m!, sa, sb)) return false;
    } else if (x.t == T_SLICE) {
      if (!pushSlices(x.s!, y.s!, sa, sb)) return false;
    } else if (!scalarEq(x, y)) return false;
  }
  return true;
}

/** reflect.DeepEqual of two slices given as headers. */
export function deepEqualSlices(a: Slice, b: Slice): bool {
  const sa = new Array<Val | null>();
  const sb = new Array<Val | null>();
  if (!pushSlices(a, b, sa, sb)) return false;
  for (let i = 0; i < sa.length; i++) if (!deepEqual(sa[i], sb[i])) return false;
  return true;
}

function pushMaps(x: GMap, y: GMap, sa: Array<Val | null>, sb: Array<Val | null>): bool {
  if (x.count != y.count) return false;
  for (let i = 0; i < x.slots; i++) {
    if (!x.live(i)) continue;
    const j = y.find(x.keyPtr(i), x.keyLen(i));
    if (j < 0) return false;
    sa.push(x.val(i));
    sb.push(y.val(j));
  }
  return true;
}

function pushSlices(x: Slice, y: Slice, sa: Array<Val | null>, sb: Array<Val | null>): bool {
  if (x.isNil != y.isNil) return false;
  if (x.len != y.len) return false;
  if (x.arr === y.arr && x.off == y.off) return true;
  for (let i = 0; i < x.len; i++) {
    sa.push(x.get(i));
    sb.push(y.get(i));
  }
  return true;
}

/** Go's `a == b` on interface{} values; records a runtime panic for two maps or two slices. */
export function ifaceEq(a: Val | null, b: Val | null): bool {
  if (a === null || b === null) return a === b;
  if (a.t != b.t) return false;
  if (a.t == T_MAP || a.t == T_SLICE) {
    panicUncomparable(a);
    return false;
  }
  return scalarEq(a, b);
}

/** Hashing v as a map[interface{}] key: records a runtime panic for maps and slices; false then. */
export function hashable(v: Val | null): bool {
  if (v !== null && (v.t == T_MAP || v.t == T_SLICE)) {
    panicUnhashable(v);
    return false;
  }
  return true;
}

/**
 * Looking v up in a map[interface{}] (built by Go minor `go`): like `hashable`, except that from Go 1.25 a lookup in an EMPTY map
 * fails earlier, with another text (internal/runtime/maps' unhashableTypeError: `hash of unhashable
 * type: T`, no "runtime error: " prefix).
 */
export function hashableLookup(v: Val | null, mapEmpty: bool, go: i32): bool {
  if (v !== null && (v.t == T_MAP || v.t == T_SLICE)) {
    if (mapEmpty && go >= 25) goPanic("hash of unhashable type: " + typeName(v));
    else panicUnhashable(v);
    return false;
  }
  return true;
}

/** Whether a and b are the same key of a map[interface{}] (both hashable). */
@inline export function keyEq(a: Val | null, b: Val | null): bool {
  if (a === null || b === null) return a === b;
  return a.t == b.t && scalarEq(a, b);
}
