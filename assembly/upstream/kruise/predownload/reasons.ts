// Why the controllers did or did not create ImagePullJobs for an in-place update: one code per branch of
// OpenKruise's createImagePullJobsForInPlaceUpdate and of the Reconcile code around it, with its text.

/** The jobs were created (one per container whose image the update revision changes). */
export const PD_CREATED = "created";
/** The create path ran, but no container image differs: the revision is marked created, no job. */
export const PD_NO_IMAGE_CHANGE = "no-image-change";
/** The feature gate (or KruiseDaemon, which turns it off at start-up) is off. */
export const PD_GATE_OFF = "gate-off";
/** The revisions agree: nothing to pre-download; the controller deletes the workload's ImagePullJobs. */
export const PD_SAME_REVISION = "same-revision";
/** Fewer updated ready pods than the min-updated-ready-pods threshold asks. */
export const PD_WAITING = "waiting-updated-ready";
/** The update revision already carries the created label. */
export const PD_ALREADY_CREATED = "already-created";
/** The update revision already carries the ignored label. */
export const PD_ALREADY_IGNORED = "already-ignored";
/** The workload does not update its pods in place (ReCreate, OnDelete, no rollingUpdate). */
export const PD_RECREATE = "recreate-update";
/** At most 3 replicas. */
export const PD_FEW_REPLICAS = "few-replicas";
/** Partition 0 and maxUnavailable covers every pod: all update in one batch. */
export const PD_ONE_BATCH = "one-batch";
/** CanUpdateInPlace says the update revision cannot be applied in place. */
export const PD_NOT_IN_PLACE = "not-in-place";
/** The partition cannot be computed: the controller returns the error (nothing is marked). */
export const PD_PARTITION_ERROR = "partition-error";

/** The revision label the created path writes. */
export const CREATED_KEY = "apps.kruise.io/pre-predownload-created";
/** The revision label the skip paths write. */
export const IGNORED_KEY = "apps.kruise.io/image-predownload-ignored";

/** The text of a gate-off decision (`daemon`: KruiseDaemon is the gate that is off). */
export function gateOffText(gate: string, daemon: bool): string {
  return daemon ? "the KruiseDaemon feature gate is off (it turns " + gate + " off): no ImagePullJob" : "the " + gate + " feature gate is off: no ImagePullJob";
}

/** The text of a same-revision decision (`daemonSet`: the Advanced DaemonSet's wording). */
export function sameRevisionText(daemonSet: bool): string {
  return daemonSet
    ? "every pod is at the update revision: nothing to pre-download; the controller deletes the DaemonSet's ImagePullJobs"
    : "the current and update revisions are the same: nothing to pre-download; the controller deletes the workload's ImagePullJobs";
}

/** The text of a waiting decision. */
export function waitingText(min: i32, now: i32): string {
  return "waiting for " + min.toString() + " updated ready pods before pre-downloading (" + now.toString() + " now)";
}

/** The text of an already-labeled decision. */
export function alreadyText(created: bool): string {
  return created
    ? "the update revision is labeled " + CREATED_KEY + ": the jobs were created before"
    : "the update revision is labeled " + IGNORED_KEY + ": pre-download was ruled out before";
}

/** The text of a recreate-update decision. */
export const RECREATE_TEXT = "the workload does not update pods in place: no pre-download";
/** The text of a not-in-place decision. */
export const NOT_IN_PLACE_TEXT = "the update revision cannot be applied in place: no pre-download";
/** The text of a no-image-change decision. */
export const NO_IMAGE_TEXT = "no container image differs from the old revisions: no ImagePullJob";

/** The text of a few-replicas decision. */
export function fewReplicasText(replicas: i32): string {
  return replicas.toString() + " replicas: the controller pre-downloads only for more than 3";
}

/** The text of a one-batch decision. */
export function oneBatchText(partition: i64, maxUnavailable: i64, pods: i64): string {
  return "every pod updates in one batch (partition " + partition.toString() + ", maxUnavailable " + maxUnavailable.toString() + " of " + pods.toString() + " pods): no pre-download";
}

/** The text of a created decision. */
export function createdText(jobs: i32): string {
  return jobs.toString() + " ImagePullJob(s) pre-pull the new images on the nodes of the pods not at the update revision";
}
