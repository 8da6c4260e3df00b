// The claim templates of a StatefulSet as the internal type holds them: the v1 → internal conversion does not
// copy a claim's apiVersion/kind (from 1.17 the reverse conversion sets them, so a stored StatefulSet read back
// carries them), and the update's immutability check compares the internal claims. The bad value of a changed
// spec.volumeClaimTemplates (1.37's "field is immutable"): encoding/json of the internal
// []core.PersistentVolumeClaim, whose types carry no json tags (fields by Go name, none omitted) while the metav1
// structs they embed keep theirs.

import { ByteSink } from "../../../io/sink";
import { Encoder, EncodeOptions } from "../../../typed/encode";
import { Val, SliceV, StructV } from "../../../typed/value";
import { elem, fieldIndex } from "../../../schema/schema";
import { K8S_NEWEST_GO } from "../../../base/pins";

/** json.Marshal of the internal claim templates `v` (a slice of type `t`). */
export function claimTemplatesValue(v: Val | null, t: i32): string {
  const out = new ByteSink(256);
  const o = new EncodeOptions();
  o.goMinor = K8S_NEWEST_GO;
  o.internal = true;
  if (!new Encoder(out, o).value(t, v)) return "null";
  return String.UTF8.decodeUnsafe(out.ptr, <usize>out.len);
}

/** The claim templates `v` (a slice of type `t`) as converted to the internal type: each claim's TypeMeta cleared. */
export function internalClaims(v: Val | null, t: i32): Val | null {
  if (v === null || !(v instanceof SliceV)) return v;
  const ti = fieldIndex(elem(t), "TypeMeta");
  if (ti < 0) return v;
  const s = changetype<SliceV>(v);
  const out = new SliceV(s.t);
  for (let i = 0; i < s.len; i++) {
    const c = s.items[i];
    if (c === null || !(c instanceof StructV)) {
      out.items.push(c);
      continue;
    }
    const sc = changetype<StructV>(c);
    const copy = new StructV(sc.t, sc.f.length);
    for (let j = 0; j < sc.f.length; j++) copy.f[j] = j == ti ? null : sc.f[j];
    out.items.push(copy);
  }
  out.len = s.len;
  return out;
}
