// The checks ValidatePodTemplateSpec runs after ValidatePodSpec that a template's deprecated profile annotations
// agree with its fields: validateSeccompAnnotationsAndFields (1.19+: the pod annotation with the pod's
// seccompProfile, each container's annotation with the container's) and validateAppArmorAnnotationsAndFieldsMatchOnCreate
// (1.30+, the AppArmorFields gate on by default and then GA: each container's annotation with the container's
// appArmorProfile, else the pod's; Windows pods skipped).

import { Val } from "../../../typed/value";
import { ErrList } from "./errlist";
import { fld, str, isSet, strMap, StrMap } from "./view";
import { containersWithPaths } from "./visit";

/** 1.19: ValidatePodTemplateSpec checks seccomp annotations against the fields. */
const SECCOMP_MATCH_FROM: i32 = 19;
/** 1.30: ValidatePodTemplateSpec checks AppArmor annotations against the fields. */
const APPARMOR_MATCH_FROM: i32 = 30;

/** validateSeccompAnnotationsAndFieldsMatch(annotation, profile, path). */
function seccompMatch(annotation: string, profile: Val | null, path: string, errs: ErrList): void {
  const t = str(fld(profile, "Type"));
  if (t == "Unconfined") {
    if (annotation != "unconfined") errs.forbidden(path + ".type", "seccomp type in annotation and field must match");
  } else if (t == "RuntimeDefault") {
    if (annotation != "runtime/default" && annotation != "docker/default") errs.forbidden(path + ".type", "seccomp type in annotation and field must match");
  } else if (t == "Localhost") {
    const lp = fld(profile, "LocalhostProfile");
    if (!annotation.startsWith("localhost/")) errs.forbidden(path + ".type", "seccomp type in annotation and field must match");
    else if (!isSet(lp) || annotation.substring(10) != str(lp)) errs.forbidden(path + ".localhostProfile", "seccomp profile in annotation and field must match");
  }
}

/** The AppArmor counterpart: the annotation against the profile's type and localhost profile. */
function apparmorMatch(annotation: string, profile: Val | null, path: string, errs: ErrList): void {
  const t = str(fld(profile, "Type"));
  if (t == "Unconfined") {
    if (annotation != "unconfined") errs.forbidden(path + ".type", "apparmor type in annotation and field must match");
  } else if (t == "RuntimeDefault") {
    if (annotation != "runtime/default") errs.forbidden(path + ".type", "apparmor type in annotation and field must match");
  } else if (t == "Localhost") {
    const lp = fld(profile, "LocalhostProfile");
    if (!annotation.startsWith("localhost/")) errs.forbidden(path + ".type", "apparmor type in annotation and field must match");
    else if (!isSet(lp) || annotation.substring(10) != str(lp)) errs.forbidden(path + ".localhostProfile", "apparmor profile in annotation and field must match");
  }
}

/** validateSeccompAnnotationsAndFields(meta, spec, specPath) at `minor`. */
function seccompAnnotationsAndFields(ann: StrMap, spec: Val | null, specPath: string, minor: i32, errs: ErrList): void {
  const podProfile = fld(fld(spec, "SecurityContext"), "SeccompProfile");
  if (isSet(podProfile)) {
    const i = ann.find("seccomp.security.alpha.kubernetes.io/pod");
    if (i >= 0) seccompMatch(ann.vals[i], podProfile, specPath + ".securityContext.seccompProfile", errs);
  }
  const list = containersWithPaths(spec, specPath, minor);
  for (let k = 0; k < list.length; k++) {
    const profile = fld(fld(list[k].c, "SecurityContext"), "SeccompProfile");
    if (!isSet(profile)) continue;
    const i = ann.find("container.seccomp.security.alpha.kubernetes.io/" + str(fld(list[k].c, "Name")));
    if (i >= 0) seccompMatch(ann.vals[i], profile, list[k].path + ".securityContext.seccompProfile", errs);
  }
}

/** validateAppArmorAnnotationsAndFieldsMatchOnCreate(meta, spec, specPath) at `minor`. */
function apparmorAnnotationsAndFields(ann: StrMap, spec: Val | null, specPath: string, minor: i32, errs: ErrList): void {
  const os = fld(spec, "OS");
  if (isSet(os) && str(fld(os, "Name")) == "windows") return;
  const podProfile = fld(fld(spec, "SecurityContext"), "AppArmorProfile");
  const list = containersWithPaths(spec, specPath, minor);
  for (let k = 0; k < list.length; k++) {
    const own = fld(fld(list[k].c, "SecurityContext"), "AppArmorProfile");
    const profile = isSet(own) ? own : podProfile;
    if (!isSet(profile)) continue;
    const i = ann.find("container.apparmor.security.beta.kubernetes.io/" + str(fld(list[k].c, "Name")));
    if (i >= 0) apparmorMatch(ann.vals[i], profile, list[k].path + ".securityContext.appArmorProfile", errs);
  }
}

/** The profile annotation checks of ValidatePodTemplateSpec on template metadata `meta` and spec `spec` at `minor`. */
export function templateProfileAnnotations(meta: Val | null, spec: Val | null, specPath: string, minor: i32, errs: ErrList): void {
  const ann = strMap(fld(meta, "Annotations"));
  if (minor >= SECCOMP_MATCH_FROM) seccompAnnotationsAndFields(ann, spec, specPath, minor, errs);
  if (minor >= APPARMOR_MATCH_FROM) apparmorAnnotationsAndFields(ann, spec, specPath, minor, errs);
}
