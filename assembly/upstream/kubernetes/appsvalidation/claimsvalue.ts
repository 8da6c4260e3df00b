// The bad value of a changed spec.volumeClaimTemplates (1.37's "field is immutable"): encoding/json of the
// internal []core.PersistentVolumeClaim, whose types carry no json tags (fields by Go name, none omitted) while
// the metav1 structs they embed keep theirs.

import { ByteSink } from "../../../io/sink";
import { Encoder, EncodeOptions } from "../../../typed/encode";
import { Val } from "../../../typed/value";
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
