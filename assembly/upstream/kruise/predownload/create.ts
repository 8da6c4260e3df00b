// createImagePullJobsForInPlaceUpdate of the three controllers: the revision labels, the update type, the
// replicas and one-batch checks, CanUpdateInPlace, diffImagesBetweenRevisions and the jobs' shared fields
// (imagejob/utilfunction's CreateJobForWorkload / CreateJobForWorkloadWithStrategy). `in_.release` picks the
// release's reads (v1alpha1 or v1beta1 fields, spec fields or annotations).

import { Val } from "../../../typed/value";
import { hasError } from "../../../base/errors";
import { kruiseGoOf } from "../../../base/pins";
import { fld, str, int, isSet, deref, sliceLen, at, strMap } from "../../kubernetes/validation/view";
import { IntOrStr, IOS_NIL, scaledKubernetes, scaledKubernetesDeprecated, orDefault } from "../../intstr/intorstr";
import { defaultCalculateInPlaceUpdateSpec } from "../inplaceupdate/calculate";
import { readIOS, parseInt, calculatePartitionReplicas } from "./intorstr";
import { diffImages, RevisionDataRef } from "./images";
import { JobTemplate } from "./job";
import { jobSelector } from "./selector";
import { GoMap, sortedKeys } from "./gomap";
import { PreDownloadInput, Revision, Decision } from "./model";
import * as R from "./reasons";

/** history.ControllerRevisionHashLabel: the revision's hash, copied into the jobs' labels and selector. */
const HASH_LABEL = "controller.kubernetes.io/hash";
/** apps.DefaultDaemonSetUniqueLabelKey: the hash the DaemonSet controller compares with its status. */
export const DS_HASH_LABEL = "controller-revision-hash";
const PARALLELISM_KEY = "apps.kruise.io/image-predownload-parallelism";
const TIMEOUT_KEY = "apps.kruise.io/image-predownload-timeout-seconds";
const MINIMUM_REPLICAS: i64 = 3;

/** The revision-label check every create path starts with; null when neither label is there. */
function alreadyDone(upd: Revision, d: Decision): Decision | null {
  if (upd.labels.find(R.CREATED_KEY) >= 0) return d.says(R.PD_ALREADY_CREATED, R.alreadyText(true));
  if (upd.labels.find(R.IGNORED_KEY) >= 0) return d.says(R.PD_ALREADY_IGNORED, R.alreadyText(false));
  return null;
}

/** The one-batch test: partition 0 and maxUnavailable at least the pods. */
function oneBatch(d: Decision, partition: i64, maxUnavailable: i64, pods: i64): Decision | null {
  if (partition == 0 && maxUnavailable >= pods) return d.ignored(R.PD_ONE_BATCH, R.oneBatchText(partition, maxUnavailable, pods));
  return null;
}

/** CanUpdateInPlace(current, update, opts). */
function canUpdateInPlace(in_: PreDownloadInput, grace: i32, ignoreVCT: bool): bool {
  const o = in_.calc;
  o.gracePeriodSeconds = grace;
  o.ignoreVolumeClaimTemplatesHashDiff = ignoreVCT;
  const r = defaultCalculateInPlaceUpdateSpec(in_.current!.input, in_.update!.input, o);
  return r.spec !== null;
}

/** The CloneSet controller's createImagePullJobsForInPlaceUpdate. */
export function createForCloneSet(in_: PreDownloadInput, d: Decision, replicas: i64): Decision {
  const upd = in_.update!;
  const done = alreadyDone(upd, d);
  if (done !== null) return done;
  const us = fld(fld(in_.workload, "Spec"), "UpdateStrategy");
  const v1beta1 = in_.release >= 9;
  const ru = fld(us, "RollingUpdate");
  // the update policy lives in rollingUpdate (v1beta1) or is the strategy's type (v1alpha1)
  const recreate = v1beta1 ? !isSet(ru) || str(fld(ru, "PodUpdatePolicy")) == "ReCreate" : str(fld(us, "Type")) == "ReCreate";
  if (recreate) return d.ignored(R.PD_RECREATE, R.RECREATE_TEXT);
  if (replicas <= MINIMUM_REPLICAS) return d.ignored(R.PD_FEW_REPLICAS, R.fewReplicasText(<i32>replicas));
  const holder = v1beta1 ? ru : us;
  const p = calculatePartitionReplicas(readIOS(fld(holder, "Partition")), replicas);
  if (!p.ok) return d.says(R.PD_PARTITION_ERROR, "the controller stops: " + p.err!);
  const mu = scaledKubernetesDeprecated(orDefault(readIOS(fld(holder, "MaxUnavailable")), IntOrStr.ofString("20%")), replicas, false);
  const batch = oneBatch(d, p.value, mu.ok ? mu.value : 0, replicas);
  if (batch !== null) return batch;
  const ip = fld(holder, "InPlaceUpdateStrategy");
  const policy = v1beta1 ? str(fld(ru, "PodUpdatePolicy")) : str(fld(us, "Type"));
  if (!canUpdateInPlace(in_, <i32>int(fld(ip, "GracePeriodSeconds")), policy == "InPlaceOnly")) return d.ignored(R.PD_NOT_IN_PLACE, R.NOT_IN_PLACE_TEXT);
  if (hasError()) return d;
  const t = jobTemplate(in_, v1beta1 ? "apps.kruise.io/v1beta1" : "apps.kruise.io/v1alpha1", "CloneSet");
  if (v1beta1) strategyJobFields(t, ip);
  else annotationJobFields(t, in_.workload, in_.release);
  return createJobs(in_, d, t, [in_.current!]);
}

/** The Advanced StatefulSet controller's createImagePullJobsForInPlaceUpdate. */
export function createForStatefulSet(in_: PreDownloadInput, d: Decision, replicas: i64): Decision {
  const upd = in_.update!;
  const done = alreadyDone(upd, d);
  if (done !== null) return done;
  const us = fld(fld(in_.workload, "Spec"), "UpdateStrategy");
  const ru = fld(us, "RollingUpdate");
  if (str(fld(us, "Type")) == "OnDelete" || !isSet(ru) || str(fld(ru, "PodUpdatePolicy")) == "ReCreate") return d.ignored(R.PD_RECREATE, R.RECREATE_TEXT);
  if (replicas <= MINIMUM_REPLICAS) return d.ignored(R.PD_FEW_REPLICAS, R.fewReplicasText(<i32>replicas));
  const pf = fld(ru, "Partition");
  const partition: i64 = isSet(pf) ? int(pf) : 0;
  const mu = scaledKubernetesDeprecated(orDefault(readIOS(fld(ru, "MaxUnavailable")), IntOrStr.ofString("1")), replicas, false);
  const batch = oneBatch(d, partition, mu.ok ? mu.value : 0, replicas);
  if (batch !== null) return batch;
  if (!canUpdateInPlace(in_, <i32>int(fld(fld(ru, "InPlaceUpdateStrategy"), "GracePeriodSeconds")), false)) return d.ignored(R.PD_NOT_IN_PLACE, R.NOT_IN_PLACE_TEXT);
  if (hasError()) return d;
  const t = jobTemplate(in_, in_.release >= 9 ? "apps.kruise.io/v1beta1" : "apps.kruise.io/v1alpha1", "StatefulSet");
  t.ownerApiVersion = "apps.kruise.io/v1beta1";
  annotationJobFields(t, in_.workload, in_.release);
  return createJobs(in_, d, t, [in_.current!]);
}

/** The Advanced DaemonSet controller's createImagePullJobsForInPlaceUpdate. */
export function createForDaemonSet(in_: PreDownloadInput, d: Decision): Decision {
  const upd = in_.update!;
  const done = alreadyDone(upd, d);
  if (done !== null) return done;
  const status = fld(in_.workload, "Status");
  const ru = fld(fld(fld(in_.workload, "Spec"), "UpdateStrategy"), "RollingUpdate");
  const pods = int(fld(status, "DesiredNumberScheduled"));
  const pv = readIOS(fld(ru, "Partition"));
  let partition: i64 = 0;
  let mu: i64 = 0;
  if (in_.release >= 9) {
    if (pv.kind != IOS_NIL) {
      const p = scaledKubernetes(pv, pods, false);
      if (!p.ok) return d.says(R.PD_PARTITION_ERROR, "the controller stops: failed to get partition value: " + p.err!);
      partition = p.value;
    }
    const m = scaledKubernetes(orDefault(readIOS(fld(ru, "MaxUnavailable")), IntOrStr.ofInt(1)), pods, true);
    mu = m.ok ? m.value : 0;
  } else {
    if (pv.kind != IOS_NIL) partition = pv.intVal;
    const m = scaledKubernetesDeprecated(orDefault(readIOS(fld(ru, "MaxUnavailable")), IntOrStr.ofInt(1)), pods, false);
    mu = m.ok ? m.value : 0;
  }
  const batch = oneBatch(d, partition, mu, pods);
  if (batch !== null) return batch;
  const v = in_.release >= 9 ? "apps.kruise.io/v1beta1" : "apps.kruise.io/v1alpha1";
  const t = jobTemplate(in_, v, "DaemonSet");
  annotationJobFields(t, in_.workload, in_.release);
  return createJobs(in_, d, t, in_.olds);
}

/** The fields every job of the workload shares: owner, labels, annotations, selector, pull secrets. */
function jobTemplate(in_: PreDownloadInput, version: string, ownerKind: string): JobTemplate {
  const t = new JobTemplate();
  const w = in_.workload;
  const meta = fld(w, "ObjectMeta");
  const spec = fld(w, "Spec");
  const tmpl = fld(spec, "Template");
  const upd = in_.update!;
  t.apiVersion = version;
  t.go22 = kruiseGoOf(in_.release) >= 22;
  t.ownerApiVersion = version;
  t.ownerKind = ownerKind;
  t.ownerName = str(fld(meta, "Name"));
  t.ownerUID = str(fld(meta, "UID"));
  t.namespace = str(fld(meta, "Namespace"));
  const tmeta = fld(tmpl, "ObjectMeta");
  t.labels.copyFrom(strMap(fld(tmeta, "Labels")));
  t.labels.set(HASH_LABEL, upd.label(HASH_LABEL));
  t.annotations.copyFrom(strMap(fld(tmeta, "Annotations")));
  const secrets = fld(fld(tmpl, "Spec"), "ImagePullSecrets");
  for (let i = 0, n = sliceLen(secrets); i < n; i++) t.pullSecrets.push(str(fld(at(secrets, i), "Name")));
  t.selector = jobSelector(deref(fld(spec, "Selector")), upd.name, upd.label(HASH_LABEL));
  return t;
}

/** CreateJobForWorkloadWithStrategy's parallelism and timeout: the in-place update strategy's fields. */
function strategyJobFields(t: JobTemplate, ip: Val | null): void {
  if (!isSet(ip)) return;
  const s = deref(ip);
  const to = fld(s, "ImagePreDownloadTimeoutSeconds");
  if (isSet(to)) t.timeoutSeconds = <i32>int(to);
  const par = fld(s, "ImagePreDownloadParallelism");
  if (isSet(par)) t.parallelism = readIOS(par);
}

/** CreateJobForWorkload's parallelism and timeout: the owner's annotations (values that do not parse keep the defaults;
 *  before v1.7 the timeout is strconv.Atoi's int converted to int32, from v1.7 on strconv.ParseInt(s, 10, 32)'s). */
function annotationJobFields(t: JobTemplate, w: Val | null, release: i32): void {
  const ann = strMap(fld(fld(w, "ObjectMeta"), "Annotations"));
  const ti = ann.find(TIMEOUT_KEY);
  if (ti >= 0) {
    const v = parseInt(ann.vals[ti], release <= 6 ? 64 : 32);
    if (v.ok) t.timeoutSeconds = <i32>v.value;
  }
  const pi = ann.find(PARALLELISM_KEY);
  if (pi >= 0) {
    const v = parseInt(ann.vals[pi], 64);
    if (v.ok) t.parallelism = IntOrStr.ofInt(<i32>v.value);
  }
}

/** diffImagesBetweenRevisions and one job per changed container (named revision-container), sorted by name. */
function createJobs(in_: PreDownloadInput, d: Decision, t: JobTemplate, olds: Array<Revision>): Decision {
  const refs = new Array<RevisionDataRef>();
  for (let i = 0; i < olds.length; i++) refs.push(new RevisionDataRef(olds[i].input.data));
  const images: GoMap | null = diffImages(refs, in_.update!.input.data, in_.minor);
  d.job = t;
  d.mark = R.CREATED_KEY;
  if (images === null || images.size == 0) return d.says(R.PD_NO_IMAGE_CHANGE, R.NO_IMAGE_TEXT);
  const prefix = in_.update!.name + "-";
  for (let i = 0; i < images.size; i++) {
    d.names.push(prefix + images.keys[i]);
    d.images.push(images.vals[i]);
  }
  sortJobs(d);
  return d.says(R.PD_CREATED, R.createdText(d.names.length));
}

/** Sorts the jobs by name in Go's byte order. */
function sortJobs(d: Decision): void {
  const order = sortedKeys(d.names);
  const names = new Array<string>(order.length), images = new Array<string>(order.length);
  for (let i = 0; i < order.length; i++) { names[i] = d.names[order[i]]; images[i] = d.images[order[i]]; }
  d.names = names;
  d.images = images;
}
