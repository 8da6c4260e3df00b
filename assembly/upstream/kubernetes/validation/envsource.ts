// A container's env and envFrom as pod validation checks them per minor: ValidateEnv (names, and
// validateEnvVarValueFrom: each source's own fields — fieldRef paths, resourceFieldRef resources and
// divisors, configMapKeyRef / secretKeyRef names and keys, 1.34+ fileKeyRef — then the source count)
// and ValidateEnvFrom (prefix, configMapRef / secretRef names, the source count).

import { Val } from "../../../typed/value";
import { ErrList } from "./errlist";
import { fld, str, sliceLen, at } from "./view";
import { isDNS1123Subdomain, isDNS1123Label, maxLenError, regexError, byteLen } from "./names";
import { envVarNameErrors, relaxedEnvVarNameErrors } from "./envnames";
import { objectFieldSelector, downwardAPIHostIPs, resourceFieldSelector, envFieldPaths } from "./downward";
import { pathNoBacksteps } from "./localpath";
import { PodValidationOptions } from "./options";

/** The env name check of the update's options (relaxed or strict). */
function envNameErrors(s: string, opts: PodValidationOptions): Array<string> {
  return opts.relaxedEnv ? relaxedEnvVarNameErrors(s) : envVarNameErrors(s);
}

/** The Name of an embedded LocalObjectReference. */
export function refName(v: Val | null): string {
  return str(fld(fld(v, "LocalObjectReference"), "Name"));
}

/** ValidateEnv(vars, path, opts). */
export function validateEnv(list: Val | null, path: string, opts: PodValidationOptions, errs: ErrList): void {
  const n = sliceLen(list);
  for (let i = 0; i < n; i++) {
    const ev = at(list, i);
    const p = path + "[" + i.toString() + "]";
    const name = str(fld(ev, "Name"));
    if (name.length == 0) errs.required(p + ".name");
    else {
      const ne = envNameErrors(name, opts);
      for (let j = 0; j < ne.length; j++) errs.invalidStr(p + ".name", name, ne[j]);
    }
    envVarValueFrom(ev, p + ".valueFrom", opts, errs);
  }
}

/** validateEnvVarValueFrom: every source's own fields, then exactly one source and no `value`. */
function envVarValueFrom(ev: Val | null, path: string, opts: PodValidationOptions, errs: ErrList): void {
  const minor = opts.minor;
  const vf = fld(ev, "ValueFrom");
  if (vf === null) return;
  let sources = 0;
  const fr = fld(vf, "FieldRef");
  if (fr !== null) {
    sources++;
    objectFieldSelector(fr, envFieldPaths(minor), path + ".fieldRef", minor, errs);
    downwardAPIHostIPs(fr, path + ".fieldRef", opts, errs);
  }
  const rf = fld(vf, "ResourceFieldRef");
  if (rf !== null) {
    sources++;
    resourceFieldSelector(rf, path + ".resourceFieldRef", false, opts, errs);
  }
  const cm = fld(vf, "ConfigMapKeyRef");
  if (cm !== null) {
    sources++;
    keySelector(cm, path + ".configMapKeyRef", minor, errs);
  }
  const sk = fld(vf, "SecretKeyRef");
  if (sk !== null) {
    sources++;
    keySelector(sk, path + ".secretKeyRef", minor, errs);
  }
  const fk = fld(vf, "FileKeyRef"); // 1.34+
  if (fk !== null) {
    sources++;
    fileKeySelector(fk, path + ".fileKeyRef", minor, errs);
  }
  if (sources == 0) errs.invalid(path, "\"\"", opts.envFiles ? "must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef`, `secretKeyRef` or `fileKeyRef`" : "must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`");
  else if (str(fld(ev, "Value")).length != 0) errs.invalid(path, "\"\"", "may not be specified when `value` is not empty");
  else if (sources > 1) errs.invalid(path, "\"\"", "may not have more than one field specified at a time");
}

/** validateConfigMapKeySelector / validateSecretKeySelector: name a DNS subdomain (no Required), key a config key. */
function keySelector(s: Val | null, path: string, minor: i32, errs: ErrList): void {
  const name = refName(s);
  const ne = isDNS1123Subdomain(name, minor);
  for (let i = 0; i < ne.length; i++) errs.invalidStr(path + ".name", name, ne[i]);
  const key = str(fld(s, "Key"));
  if (key.length == 0) errs.required(path + ".key");
  else {
    const ke = configMapKeyErrors(key);
    for (let i = 0; i < ke.length; i++) errs.invalidStr(path + ".key", key, ke[i]);
  }
}

/** validation.IsConfigMapKey. */
export function configMapKeyErrors(s: string): Array<string> {
  const errs = new Array<string>();
  if (byteLen(s) > 253) errs.push(maxLenError(253));
  let ok = s.length > 0;
  for (let i = 0; i < s.length && ok; i++) {
    const c = s.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 45 || c == 46 || c == 95)) ok = false;
  }
  if (!ok) errs.push(regexError("a valid config key must consist of alphanumeric characters, '-', '_' or '.'", "[-._a-zA-Z0-9]+", ["key.name", "KEY_NAME", "key-name"]));
  if (s == ".") errs.push("must not be '.'");
  else if (s == "..") errs.push("must not be '..'");
  else if (s.startsWith("..")) errs.push("must not start with '..'");
  return errs;
}

/** validateFileKeySelector (1.34+): key (relaxed env name), volumeName (DNS-1123 label), path (no backsteps). */
function fileKeySelector(s: Val | null, path: string, minor: i32, errs: ErrList): void {
  const key = str(fld(s, "Key"));
  if (key.length == 0) errs.required(path + ".key");
  else {
    const ke = relaxedEnvVarNameErrors(key);
    for (let i = 0; i < ke.length; i++) errs.invalidStr(path + ".key", key, ke[i]);
  }
  const vol = str(fld(s, "VolumeName"));
  if (vol.length == 0) errs.required(path + ".volumeName");
  else {
    const ve = isDNS1123Label(vol, minor);
    for (let i = 0; i < ve.length; i++) errs.invalidStr(path + ".volumeName", vol, ve[i]);
  }
  const p = str(fld(s, "Path"));
  if (p.length == 0) errs.required(path + ".path");
  else pathNoBacksteps(p, path + ".path", errs);
}

/** NameIsDNSSubdomain(name, prefix=true): a trailing '-' is masked (upstream drops two characters and appends 'a'). */
function prefixNameErrors(name: string, minor: i32): Array<string> {
  let n = name;
  if (byteLen(n) > 1 && n.endsWith("-")) n = n.substring(0, n.length - 2) + "a";
  return isDNS1123Subdomain(n, minor);
}

/** ValidateEnvFrom(vars, path, opts). */
export function validateEnvFrom(list: Val | null, path: string, opts: PodValidationOptions, errs: ErrList): void {
  const minor = opts.minor;
  const n = sliceLen(list);
  for (let i = 0; i < n; i++) {
    const ef = at(list, i);
    const p = path + "[" + i.toString() + "]";
    const prefix = str(fld(ef, "Prefix"));
    if (prefix.length > 0) {
      const pe = envNameErrors(prefix, opts);
      for (let j = 0; j < pe.length; j++) errs.invalidStr(p + ".prefix", prefix, pe[j]);
    }
    let sources = 0;
    const kinds = ["ConfigMapRef", "SecretRef"];
    const names = [".configMapRef", ".secretRef"];
    for (let k = 0; k < 2; k++) {
      const ref = fld(ef, kinds[k]);
      if (ref === null) continue;
      sources++;
      const name = refName(ref);
      if (name.length == 0) errs.required(p + names[k] + ".name");
      else {
        const ne = prefixNameErrors(name, minor);
        for (let j = 0; j < ne.length; j++) errs.invalidStr(p + names[k] + ".name", name, ne[j]);
      }
    }
    if (sources == 0) errs.invalid(path, "\"\"", "must specify one of: `configMapRef` or `secretRef`");
    else if (sources > 1) errs.invalid(path, "\"\"", "may not have more than one field specified at a time");
  }
}

/** validateFileKeyRefVolumes (1.34+, the end of ValidatePodSpec): every fileKeyRef names an emptyDir volume of the pod
 * (init, regular, then ephemeral containers; the last volume of a name wins, as upstream's map). */
export function fileKeyRefVolumes(spec: Val | null, errs: ErrList): void {
  const vols = fld(spec, "Volumes");
  let byName: Map<string, i32> | null = null; // volume name -> its last index
  const lists = ["InitContainers", "Containers", "EphemeralContainers"];
  const paths = ["spec.initContainers", "spec.containers", "spec.ephemeralContainers"];
  for (let l = 0; l < 3; l++) {
    const list = fld(spec, lists[l]);
    for (let i = 0; i < sliceLen(list); i++) {
      const c = l < 2 ? at(list, i) : fld(at(list, i), "EphemeralContainerCommon");
      const env = fld(c, "Env");
      for (let j = 0; j < sliceLen(env); j++) {
        const fk = fld(fld(at(env, j), "ValueFrom"), "FileKeyRef");
        if (fk === null) continue;
        const name = str(fld(fk, "VolumeName"));
        const p = paths[l] + "[" + i.toString() + "].env[" + j.toString() + "].valueFrom.fileKeyRef.volumeName";
        if (byName === null) {
          byName = new Map<string, i32>();
          for (let k = 0; k < sliceLen(vols); k++) byName.set(str(fld(at(vols, k), "Name")), k);
        }
        const found = byName.has(name) ? byName.get(name) : -1;
        if (found < 0) errs.notFound(p, name);
        else if (fld(fld(at(vols, found), "VolumeSource"), "EmptyDir") === null) errs.invalidStr(p, name, "referenced volume must be of type emptyDir");
      }
    }
  }
}
