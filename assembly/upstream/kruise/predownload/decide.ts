// Whether the CloneSet, Advanced StatefulSet and Advanced DaemonSet controllers create ImagePullJobs for an
// update: their Reconcile glue (the gate, "the revisions differ", the min-updated-ready-pods threshold) in front of
// createImagePullJobsForInPlaceUpdate (create.ts). The OpenKruise release travels as `release` (its minor: 5 =
// v1.5.5, 6 = v1.6.0, 7 = v1.7.0, 8 = v1.8.3, 9 = v1.9.0); each difference between releases is a case on it.

import { fld, str, int, isSet, strMap } from "../../kubernetes/validation/view";
import { IntOrStr, scaledKubernetes } from "../../intstr/intorstr";
import { parseIOS } from "./intorstr";
import { PD_CLONESET, PD_ADVANCED_DAEMONSET, PreDownloadInput, Decision, gateName } from "./model";
import { createForCloneSet, createForStatefulSet, createForDaemonSet, DS_HASH_LABEL } from "./create";
import * as R from "./reasons";

const MIN_READY_KEY = "apps.kruise.io/image-predownload-min-updated-ready-pods";

/** Runs the controller's pre-download step for the input. */
export function preDownload(in_: PreDownloadInput): Decision {
  const d = new Decision();
  if (!in_.daemon) return d.says(R.PD_GATE_OFF, R.gateOffText(gateName(in_.kind), true));
  if (!in_.gate) return d.says(R.PD_GATE_OFF, R.gateOffText(gateName(in_.kind), false));
  const w = in_.workload;
  const spec = fld(w, "Spec"), status = fld(w, "Status");
  const upd = in_.update!;
  if (in_.kind == PD_ADVANCED_DAEMONSET) {
    const statusHash = str(fld(status, in_.release >= 9 ? "UpdateRevision" : "DaemonSetHash"));
    if (!(int(fld(status, "UpdatedNumberScheduled")) != int(fld(status, "DesiredNumberScheduled")) || upd.label(DS_HASH_LABEL) != statusHash)) {
      d.deletes = true;
      return d.says(R.PD_SAME_REVISION, R.sameRevisionText(true));
    }
    return createForDaemonSet(in_, d);
  }
  const cur = in_.current!;
  if (cur.name == upd.name) {
    d.deletes = true;
    return d.says(R.PD_SAME_REVISION, R.sameRevisionText(false));
  }
  const replicas = int(fld(spec, "Replicas"));
  const min = <i32>minUpdatedReadyPods(in_, replicas);
  let ready = <i32>int(fld(status, "UpdatedReadyReplicas"));
  if (upd.name != str(fld(status, "UpdateRevision"))) ready = 0;
  if (min > ready) return d.says(R.PD_WAITING, R.waitingText(min, ready));
  return in_.kind == PD_CLONESET ? createForCloneSet(in_, d, replicas) : createForStatefulSet(in_, d, replicas);
}

/** The min-updated-ready-pods threshold (v1.9.0 CloneSet: its spec field; otherwise the annotation), errors as 0. */
function minUpdatedReadyPods(in_: PreDownloadInput, replicas: i64): i64 {
  const w = in_.workload;
  if (in_.kind == PD_CLONESET && in_.release >= 9) {
    const ru = fld(fld(fld(w, "Spec"), "UpdateStrategy"), "RollingUpdate");
    const ip = fld(ru, "InPlaceUpdateStrategy");
    const f = fld(ip, "ImagePreDownloadMinUpdatedReadyPods");
    if (!isSet(ru) || !isSet(ip) || !isSet(f)) return 0;
    return scaledKubernetes(IntOrStr.ofInt(<i32>int(f)), replicas, true).value;
  }
  const ann = strMap(fld(fld(w, "ObjectMeta"), "Annotations"));
  const i = ann.find(MIN_READY_KEY);
  if (i < 0) return 0;
  return scaledKubernetes(parseIOS(ann.vals[i], in_.release), replicas, true).value;
}
