// How strategic merge patch fails, with upstream's texts: k8s.io/apimachinery/pkg/util/mergepatch's
// errors (identical in every supported minor), strategicpatch's own fmt.Errorf texts, and the Go runtime
// panics the library can hit on odd input. Messages that print values use fmt.ts.

import { ByteSink } from "../../io/sink";
import { fail, hasError, E_PATCH_INVALID, E_PATCH_PANIC, E_PATCH_STRATEGIC } from "../../base/errors";
import { Val, GMap } from "./value";
import { typeName, formatValue, formatMap } from "./fmt";

/** True once the call has failed (an error or a panic is recorded; the first one wins). */
@inline export function failed(): bool {
  return hasError();
}

/** Records an error returned by strategicpatch (E_PATCH_STRATEGIC; ErrBadJSONDoc is E_PATCH_INVALID); returns false. */
export function smpError(msg: string): bool {
  return fail(E_PATCH_STRATEGIC, msg);
}

/** Records an error whose text is in `b`; returns false. */
export function smpErrorBytes(b: ByteSink): bool {
  return fail(E_PATCH_STRATEGIC, String.UTF8.decodeUnsafe(b.ptr, <usize>b.len));
}

/** Records a Go runtime panic (message as the runtime's error prints it); returns false. */
export function goPanic(msg: string): bool {
  return fail(E_PATCH_PANIC, msg);
}

/** mergepatch.ErrBadJSONDoc */
export function errBadJSONDoc(): bool {
  return fail(E_PATCH_INVALID, "invalid JSON document");
}

/** mergepatch.ErrNoListOfLists */
export function errNoListOfLists(): bool {
  return smpError("lists of lists are not supported");
}

/** mergepatch.ErrBadPatchFormatForPrimitiveList */
export function errBadPatchFormatForPrimitiveList(): bool {
  return smpError("invalid patch format of primitive list");
}

/** mergepatch.ErrBadPatchFormatForRetainKeys */
export function errBadPatchFormatForRetainKeys(): bool {
  return smpError("invalid patch format of retainKeys");
}

/** mergepatch.ErrBadPatchFormatForSetElementOrderList */
export function errBadPatchFormatForSetElementOrderList(): bool {
  return smpError("invalid patch format of setElementOrder list");
}

/** mergepatch.ErrBadArgType(expected, actual): `expected a <type>, but received a <type>`. */
export function errBadArgType(expected: string, actual: Val | null): bool {
  const b = new ByteSink(64);
  b.ascii("expected a ");
  b.ascii(expected);
  b.ascii(", but received a ");
  if (actual === null) b.ascii("%!s(<nil>)"); else b.ascii(typeName(actual));
  return smpErrorBytes(b);
}

/** Go type names used with ErrBadArgType. */
export const MAP_TYPE = "map[string]interface {}";
export const SLICE_TYPE = "[]interface {}";

/** mergepatch.ErrNoMergeKey(m, k): `map: <m %v> does not contain declared merge key: <k>`. */
export function errNoMergeKey(m: GMap | null, kp: usize, kn: i32): bool {
  const b = new ByteSink(64);
  b.ascii("map: ");
  formatMap(b, m);
  b.ascii(" does not contain declared merge key: ");
  b.bytes(kp, kn);
  return smpErrorBytes(b);
}

/** mergepatch.ErrBadPatchType(t, m): `unknown patch type: <t %s> in map: <m %v>`. */
export function errBadPatchType(t: Val | null, m: GMap): bool {
  const b = new ByteSink(64);
  b.ascii("unknown patch type: ");
  formatValue(b, t, 0x73);
  b.ascii(" in map: ");
  formatMap(b, m);
  return smpErrorBytes(b);
}

/** findMapInSliceBasedOnKeyValue's error for element k of a list that is not a map. */
export function errNotAMap(k: i32): bool {
  return smpError("value for key " + k.toString() + " is not a map");
}

/** runtime error of `==` on two interface{} values holding the same uncomparable type. */
export function panicUncomparable(v: Val): bool {
  return goPanic("runtime error: comparing uncomparable type " + typeName(v));
}

/** runtime error of using an uncomparable value as a map[interface{}] key. */
export function panicUnhashable(v: Val): bool {
  return goPanic("runtime error: hash of unhashable type " + typeName(v));
}

/** runtime error of calling a method on a nil reflect.Type (reflect.TypeOf(nil).Kind()). */
export function panicNilPointer(): bool {
  return goPanic("runtime error: invalid memory address or nil pointer dereference");
}
