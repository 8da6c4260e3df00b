// The pod template checks of the apps/v1 workloads: ValidatePodTemplateSpec (pkg/apis/core/validation: the
// template's labels and annotations, its pod-specific annotations, ValidatePodSpec with no pod metadata, the
// seccomp (1.19+) and AppArmor (1.30+) annotations against their fields, and from 1.20 no ephemeral containers) and ValidatePodTemplateSpecForReplicaSet / ...ForStatefulSet
// (pkg/apis/apps/validation: the selector must match the template's labels, restartPolicy Always, no
// activeDeadlineSeconds). The pod checks are the Pod port's (assembly/upstream/kubernetes/validation/spec.ts)
// reporting under the template's path (ErrList.template); what that port does not cover it does not cover
// here either (docs/policy.md "validate").

import { Val } from "../../../typed/value";
import { ErrList } from "../validation/errlist";
import { fld, str, int, strMap, sliceLen, isSet, at } from "../validation/view";
import { validateLabels, validateAnnotationKeys } from "../validation/labels";
import { podSpecificAnnotations, validateNewSpec } from "../validation/spec";
import { PodValidationOptions } from "../validation/options";
import { templateProfileAnnotations } from "../validation/profilematch";
import { selectorMatches, SEL_EVERYTHING } from "./selector";
import { mapValue } from "./values";

/** ValidatePodTemplateSpec(template, base, opts) at opts.minor. */
export function podTemplateSpec(tpl: Val | null, base: string, opts: PodValidationOptions, errs: ErrList): void {
  const meta = fld(tpl, "ObjectMeta");
  const spec = fld(tpl, "Spec");
  const was = errs.template;
  errs.template = base;
  validateLabels(fld(meta, "Labels"), "metadata.labels", opts.minor, errs);
  validateAnnotationKeys(fld(meta, "Annotations"), "metadata.annotations", opts.minor, errs);
  podSpecificAnnotations(meta, spec, opts, errs);
  validateNewSpec(spec, null, opts, errs);
  errs.template = was;
  templateProfileAnnotations(meta, spec, base + ".spec", opts.minor, errs);
  if (opts.minor >= 20) {
    const eph = fld(spec, "EphemeralContainers");
    if (sliceLen(eph) > 0) errs.forbidden(base + ".spec.ephemeralContainers", "ephemeral containers not allowed in pod template");
  }
}

/** The template-labels rule: a selector that is not Empty must match the template's labels. */
export function selectorMatchesTemplate(sel: Val | null, kind: i32, tpl: Val | null, base: string, json: bool, errs: ErrList): void {
  if (kind == SEL_EVERYTHING) return;
  const labels = fld(fld(tpl, "ObjectMeta"), "Labels");
  if (!selectorMatches(sel, kind, strMap(labels))) errs.invalid(base + ".metadata.labels", mapValue(labels, json), "`selector` does not match template `labels`");
}

/** restartPolicy Always and no activeDeadlineSeconds in a workload's template (`what`: "ReplicaSet", "StatefulSet", "DaemonSet"). */
export function alwaysRestart(tpl: Val | null, base: string, what: string, errs: ErrList): void {
  const spec = fld(tpl, "Spec");
  const rp = str(fld(spec, "RestartPolicy"));
  if (rp != "Always") errs.notSupported(base + ".spec.restartPolicy", rp, ["Always"]);
  if (isSet(fld(spec, "ActiveDeadlineSeconds"))) errs.forbidden(base + ".spec.activeDeadlineSeconds", "activeDeadlineSeconds in " + what + " is not Supported");
}

/** ValidateReadOnlyPersistentDisks (1.15-1.30): a GCE persistent disk of a replicated pod must be read-only. */
export function readOnlyPersistentDisks(vols: Val | null, path: string, errs: ErrList): void {
  for (let i = 0; i < sliceLen(vols); i++) {
    const pd = fld(fld(at(vols, i), "VolumeSource"), "GCEPersistentDisk");
    if (isSet(pd) && int(fld(pd, "ReadOnly")) == 0) {
      errs.invalid(path + "[" + i.toString() + "].gcePersistentDisk.readOnly", "false", "must be true for replicated pods > 1; GCE PD can only be mounted on multiple machines if it is read-only");
    }
  }
}

/** ValidatePodTemplateSpecForReplicaSet(template, selector, replicas, base, opts) (a Deployment's and a ReplicaSet's). */
export function templateForReplicaSet(tpl: Val | null, sel: Val | null, kind: i32, replicas: i64, base: string, opts: PodValidationOptions, errs: ErrList): void {
  selectorMatchesTemplate(sel, kind, tpl, base, opts.minor >= 34, errs);
  podTemplateSpec(tpl, base, opts, errs);
  if (opts.minor <= 30 && replicas > 1) readOnlyPersistentDisks(fld(fld(tpl, "Spec"), "Volumes"), base + ".spec.volumes", errs);
  alwaysRestart(tpl, base, "ReplicaSet", errs);
}
