// The JSON types of the OpenKruise releases before v1.9 where the v1.9.0 schema tables decode differently: an
// Advanced DaemonSet's partition (*int32 in v1alpha1 up to v1.8.3; v1.9.0's is an IntOrString) and an Advanced
// StatefulSet's reserveOrdinals ([]int in v1beta1 up to v1.7.0; ints or ranges from v1.8). A value there that the
// older type refuses is encoding/json's type error, as those releases' decoders report it.

import { fail, E_JSON_TYPE } from "../../../base/errors";
import { Tape, K_STRING, K_OBJECT, K_ARRAY, K_TRUE, K_FALSE } from "../../../json/tape";

/** False (a type error recorded at `name`) when object `node` of `kind` holds a value the types of OpenKruise minor
 *  `kruise` refuse where v1.9.0's accept it (`v1beta1`: the object is read as v1beta1). */
export function olderTypesAccept(t: Tape, node: i32, kind: string, kruise: i32, v1beta1: bool, name: string | null): bool {
  if (kruise <= 8 && kind == "AdvancedDaemonSet" && !v1beta1 && !partitionIsInt(t, node, name)) return false;
  // (the v1alpha1 StatefulSet has no reserveOrdinals: the member is ignored there)
  if (kruise <= 7 && kind == "AdvancedStatefulSet" && v1beta1 && !reserveOrdinalsAreInts(t, node, name)) return false;
  return true;
}

/** v1.8.3's Advanced DaemonSet partition is an *int32: a JSON string there is encoding/json's type error. */
function partitionIsInt(t: Tape, node: i32, name: string | null): bool {
  if (t.kind(node) != K_OBJECT) return true;
  let p = node;
  const path = ["spec", "updateStrategy", "rollingUpdate", "partition"];
  for (let i = 0; i < path.length; i++) {
    p = t.member(p, path[i]);
    if (p < 0) return true;
    if (i < 3 && t.kind(p) != K_OBJECT) return true;
  }
  if (t.kind(p) != K_STRING) return true;
  fail(E_JSON_TYPE, "json: cannot unmarshal string into Go struct field RollingUpdateDaemonSet.spec.updateStrategy.rollingUpdate.partition of type int32", -1, name);
  return false;
}

/** Before v1.8 an Advanced StatefulSet's reserveOrdinals is a []int: an element that is not a JSON integer is encoding/json's
 *  type error (strings, the usual case: a range; the first one, as the decoder saves the first type error). */
function reserveOrdinalsAreInts(t: Tape, node: i32, name: string | null): bool {
  if (t.kind(node) != K_OBJECT) return true;
  const spec = t.member(node, "spec");
  if (spec < 0 || t.kind(spec) != K_OBJECT) return true;
  const list = t.member(spec, "reserveOrdinals");
  if (list < 0 || t.kind(list) != K_ARRAY) return true;
  let e = list + 1;
  for (let i = 0, n = t.children(list); i < n; i++) {
    const k = t.kind(e);
    const what = k == K_STRING ? "string" : k == K_OBJECT ? "object" : k == K_ARRAY ? "array" : k == K_TRUE || k == K_FALSE ? "bool" : "";
    if (what.length > 0) {
      fail(E_JSON_TYPE, "json: cannot unmarshal " + what + " into Go struct field StatefulSetSpec.spec.reserveOrdinals of type int", -1, name);
      return false;
    }
    e = t.next(e);
  }
  return true;
}
