// The "fractional byte value" warning pkg/api/pod/warnings.go and pkg/api/persistentvolumeclaim give for a
// memory, ephemeral-storage or storage quantity whose MilliValue() is not a whole number of bytes.

import { Val, MapV, QuantityV } from "../../../typed/value";
import { Quantity } from "../../../quantity/quantity";
import { quantityMilliValue } from "../../../quantity/scaled";
import { quantityStringOfCopy } from "../validation/quantitytext";
import { quote } from "../validation/errlist";
import { WarningRecorder } from "./recorder";

/** The quantity of resource `name` in ResourceList `list` (the last of duplicate keys, as Go's decode keeps), or null. */
function entry(list: Val | null, name: string): Quantity | null {
  if (list === null || !(list instanceof MapV)) return null;
  const m = changetype<MapV>(list);
  let q: Quantity | null = null;
  for (let i = 0; i < m.vals.length; i++) {
    if (String.UTF8.decodeUnsafe(m.keyP[i], <usize>m.keyN[i]) != name) continue;
    const v = m.vals[i];
    q = v === null ? new Quantity() : changetype<QuantityV>(v).q;
  }
  return q;
}

/** Appends `<path>[<name>]: fractional byte value "<q>" is invalid, must be an integer` to `out` when `list[name]` is
 *  present with MilliValue()%1000 != 0 (q printed by String() on the map value's copy). */
export function fractionalBytes(list: Val | null, name: string, path: string, out: WarningRecorder): void {
  const q = entry(list, name);
  if (q === null || quantityMilliValue(q) % 1000 == 0) return;
  out.add(path + "[" + name + "]: fractional byte value " + quote(quantityStringOfCopy(q)) + " is invalid, must be an integer");
}
