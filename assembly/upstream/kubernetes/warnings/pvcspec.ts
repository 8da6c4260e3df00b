// pkg/api/persistentvolumeclaim GetWarningsForPersistentVolumeClaimSpec (1.26+): a storage request or limit that
// is not a whole number of bytes.

import { Val } from "../../../typed/value";
import { fld } from "../validation/view";
import { fractionalBytes } from "./fractional";
import { WarningRecorder } from "./recorder";

/** GetWarningsForPersistentVolumeClaimSpec(path, spec), appended to `out`. */
export function pvcSpecWarnings(spec: Val | null, path: string, out: WarningRecorder): void {
  const res = fld(spec, "Resources");
  fractionalBytes(fld(res, "Requests"), "storage", path + ".resources.requests", out);
  fractionalBytes(fld(res, "Limits"), "storage", path + ".resources.limits", out);
}
