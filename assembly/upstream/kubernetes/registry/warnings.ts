// The warnings of an apps/v1 update (1.22+): WarningsOnUpdate of the registry strategies
// (pkg/registry/apps/{deployment,statefulset,daemonset,replicaset}/strategy.go), which rest.BeforeUpdate records
// once the update validated, and the 1.24 metadata.clusterName warning BeforeUpdate itself records before it
// validates.

import { Val } from "../../../typed/value";
import { fld, str, int, sliceLen, at, isSet } from "../validation/view";
import { Gates } from "../validation/gates";
import { podTemplateWarnings } from "../warnings/podtemplate";
import { pvcSpecWarnings } from "../warnings/pvcspec";
import { WarningRecorder } from "../warnings/recorder";

/** 1.24: BeforeUpdate warns that metadata.clusterName (ZZZ_DeprecatedClusterName) is dropped (1.25 removes the field). */
const CLUSTER_NAME_WARNING_MINOR: i32 = 24;
/** 1.26: a StatefulSet's claim templates get the PVC spec warnings on every update. */
const CLAIM_TEMPLATE_WARNINGS_FROM: i32 = 26;
/** 1.33: a StatefulSet's negative revisionHistoryLimit warns. */
const REVISION_LIMIT_WARNING_FROM: i32 = 33;

/** The warning BeforeUpdate adds for new metadata `nm` before validation at `minor` (null: none). */
export function clusterNameWarning(nm: Val | null, minor: i32): string | null {
  if (minor != CLUSTER_NAME_WARNING_MINOR || str(fld(nm, "ZZZ_DeprecatedClusterName")).length == 0) return null;
  return "metadata.clusterName was specified. This field is not preserved and will be removed from the schema in 1.25";
}

/** WarningsOnUpdate of `kind`'s strategy at `minor` on the prepared new object `n`, added to `out`; `templateChanged`:
 *  the strategy's condition for the template warnings (the generation bumped; a DaemonSet's templateGeneration). */
export function warningsOnUpdate(kind: string, n: Val | null, templateChanged: bool, minor: i32, gates: Gates, out: WarningRecorder): void {
  const spec = fld(n, "Spec");
  if (templateChanged) podTemplateWarnings("spec.template", fld(spec, "Template"), minor, gates, out);
  if (kind != "StatefulSet") return;
  if (minor >= CLAIM_TEMPLATE_WARNINGS_FROM) {
    const vcts = fld(spec, "VolumeClaimTemplates");
    for (let i = 0; i < sliceLen(vcts); i++) pvcSpecWarnings(fld(at(vcts, i), "Spec"), "spec.volumeClaimTemplates[" + i.toString() + "].Spec", out);
  }
  const rhl = fld(spec, "RevisionHistoryLimit");
  if (minor >= REVISION_LIMIT_WARNING_FROM && isSet(rhl) && int(rhl) < 0) {
    out.add("spec.revisionHistoryLimit: a negative value retains all historical revisions; a value >= 0 is recommended");
  }
}
