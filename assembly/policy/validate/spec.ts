// The checks of the new pod's own validation (ValidateObjectMeta + ValidatePodSpec + the pod-only
// container checks) that pod update validation runs on every update (inside ValidatePodUpdate from
// 1.19, as ValidatePod before it in the 1.15-1.18 pod strategy). Covered: metadata name, namespace,
// generation, labels and annotation keys, the mirror-pod and AppArmor annotations, volume names and sources given,
// containers' and init containers' names (syntax, uniqueness), images, probes (handler count,
// numbers, successThreshold), terminationMessagePolicy,
// ports, env names and valueFrom source count, volumeMounts, imagePullPolicy, requests <= limits and
// host port conflicts, restartPolicy / dnsPolicy (and dnsPolicy None's dnsConfig), spec.nodeSelector,
// spec.schedulingGates, spec.activeDeadlineSeconds, spec.tolerations, the grace period (1.31+ / 1.37)
// and 1.37's serviceAccount alias check. The rest of ValidatePodSpec (volume source fields, probe handlers,
// resource names, security contexts, affinity terms, ...) is not implemented: see docs/policy.md "validate".

import { Val, MapV, QuantityV, StructV, sortedEntries } from "../../k8s/value";
import { ByteSink } from "../../io/sink";
import { Quantity } from "../../quantity/quantity";
import { writeQuantityString } from "../../quantity/canonical";
import { quantityCmp } from "./qty";
import { ErrList, quote } from "./errlist";
import { fld, str, strLen, int, isSet, sliceLen, at, strMap } from "./view";
import { isQualifiedName, isValidLabelValue, isDNS1123Subdomain, isDNS1123Label, maxLenError, regexError } from "./names";

/** ValidateLabels(labels, path) (keys in ascending order; Go ranges over the map). */
export function validateLabels(m: Val | null, path: string, errs: ErrList): void {
  const sm = strMap(m);
  for (let i = 0; i < sm.keys.length; i++) {
    const ke = isQualifiedName(sm.keys[i]);
    for (let j = 0; j < ke.length; j++) errs.invalidStr(path, sm.keys[i], ke[j]);
    const ve = isValidLabelValue(sm.vals[i]);
    for (let j = 0; j < ve.length; j++) errs.invalidStr(path, sm.vals[i], ve[j]);
  }
}

/** ValidateAnnotations, the keys: qualified names once lowercased, the key printed as given (ascending order;
 * Go ranges over the map). The total size limit is not checked. */
export function validateAnnotationKeys(m: Val | null, path: string, errs: ErrList): void {
  const sm = strMap(m);
  for (let i = 0; i < sm.keys.length; i++) {
    const ke = isQualifiedName(sm.keys[i].toLowerCase());
    for (let j = 0; j < ke.length; j++) errs.invalidStr(path, sm.keys[i], ke[j]);
  }
}

/** ValidateObjectMeta of the new pod (covered: name, namespace, generation, labels). */
export function validateNewMeta(meta: Val | null, minor: i32, errs: ErrList): void {
  const gen = str(fld(meta, "GenerateName"));
  if (gen.length > 0) {
    const ge = isDNS1123Subdomain(gen, minor); // NameIsDNSSubdomain(prefix=true) on a valid prefix is the same check
    for (let i = 0; i < ge.length; i++) errs.invalidStr("metadata.generateName", gen, ge[i]);
  }
  const name = str(fld(meta, "Name"));
  if (name.length == 0) errs.required("metadata.name", "name or generateName is required");
  else {
    const ne = isDNS1123Subdomain(name, minor);
    for (let i = 0; i < ne.length; i++) errs.invalidStr("metadata.name", name, ne[i]);
  }
  const ns = str(fld(meta, "Namespace"));
  if (ns.length == 0) errs.required("metadata.namespace");
  else {
    const ne = isDNS1123Label(ns, minor);
    for (let i = 0; i < ne.length; i++) errs.invalidStr("metadata.namespace", ns, ne[i]);
  }
  const g = int(fld(meta, "Generation"));
  if (g < 0) errs.invalidInt("metadata.generation", g, "must be greater than or equal to 0");
  validateLabels(fld(meta, "Labels"), "metadata.labels", errs);
  validateAnnotationKeys(fld(meta, "Annotations"), "metadata.annotations", errs);
}

/** ValidatePodSpecificAnnotations (covered: the mirror-pod annotation needs spec.nodeName; AppArmor
 * annotations name a container of the pod and hold a valid profile format; keys in ascending order). */
export function podSpecificAnnotations(meta: Val | null, spec: Val | null, minor: i32, errs: ErrList): void {
  const a = strMap(fld(meta, "Annotations"));
  const k = a.find("kubernetes.io/config.mirror");
  if (k >= 0 && strLen(fld(spec, "NodeName")) == 0) {
    errs.invalidStr("metadata.annotations[kubernetes.io/config.mirror]", a.vals[k], "must set spec.nodeName if mirror pod annotation is set");
  }
  const prefix = "container.apparmor.security.beta.kubernetes.io/";
  for (let i = 0; i < a.keys.length; i++) {
    const key = a.keys[i];
    if (!key.startsWith(prefix)) continue;
    const name = key.substring(prefix.length);
    const p = "metadata.annotations[" + key + "]";
    if (!podHasContainer(spec, name, minor)) errs.invalidStr(p, name, "container not found");
    const prof = a.vals[i];
    if (prof.length > 0 && prof != "runtime/default" && prof != "unconfined" && !prof.startsWith("localhost/")) {
      errs.invalidStr(p, prof, "invalid AppArmor profile name: " + quote(prof));
    }
  }
}

/** podSpecHasContainer: init and regular containers, and ephemeral ones from 1.23 (their gate on by default). */
function podHasContainer(spec: Val | null, name: string, minor: i32): bool {
  const lists = ["InitContainers", "Containers"];
  for (let l = 0; l < lists.length; l++) {
    const list = fld(spec, lists[l]);
    const n = sliceLen(list);
    for (let i = 0; i < n; i++) if (str(fld(at(list, i), "Name")) == name) return true;
  }
  if (minor < 23) return false;
  const eph = fld(spec, "EphemeralContainers");
  const n = sliceLen(eph);
  for (let i = 0; i < n; i++) if (str(fld(fld(at(eph, i), "EphemeralContainerCommon"), "Name")) == name) return true;
  return false;
}

/** validateContainers (isInit false) / validateInitContainers (isInit true, `regular` the pod's containers):
 * names (required, DNS-1123 label, unique across regular and init containers), images, and requests not
 * above limits, in each minor's order (1.25+ run the common checks, then the name's uniqueness). */
function containerList(list: Val | null, regular: Val | null, isInit: bool, vols: Set<string>, path: string, minor: i32, errs: ErrList): void {
  const n = sliceLen(list);
  const names = new Set<string>();
  if (isInit) {
    const rn = sliceLen(regular);
    for (let i = 0; i < rn; i++) names.add(str(fld(at(regular, i), "Name")));
  }
  const own = new Set<string>(); // 1.15-1.24: validateContainers' own set over this list
  for (let i = 0; i < n; i++) {
    const c = at(list, i);
    const p = path + "[" + i.toString() + "]";
    const name = str(fld(c, "Name"));
    if (name.length == 0) errs.required(p + ".name");
    else {
      const ne = isDNS1123Label(name, minor);
      for (let j = 0; j < ne.length; j++) errs.invalidStr(p + ".name", name, ne[j]);
    }
    if (minor <= 24) {
      if (own.has(name)) errs.duplicate(p + ".name", name);
      else own.add(name);
    }
    if (strLen(fld(c, "Image")) == 0) errs.required(p + ".image");
    if (minor <= 24 && !isInit) {
      // 1.15-1.24: liveness and startup probes before terminationMessagePolicy, readiness after it;
      // 1.21-1.24 validate the startup probe twice (once where the readiness-only check went in)
      const lp = fld(c, "LivenessProbe"), sp = fld(c, "StartupProbe");
      if (minor >= 21) {
        probe(lp, p + ".livenessProbe", false, errs);
        probe(sp, p + ".startupProbe", false, errs);
        successOne(lp, p + ".livenessProbe", errs);
        probe(sp, p + ".startupProbe", true, errs);
      } else {
        probe(lp, p + ".livenessProbe", true, errs);
        probe(sp, p + ".startupProbe", true, errs);
      }
    }
    terminationMessagePolicy(str(fld(c, "TerminationMessagePolicy")), p + ".terminationMessagePolicy", minor, errs);
    if (minor <= 24 && !isInit) probe(fld(c, "ReadinessProbe"), p + ".readinessProbe", false, errs);
    containerPorts(fld(c, "Ports"), p + ".ports", minor, errs);
    validateEnv(fld(c, "Env"), p + ".env", minor, errs);
    volumeMounts(fld(c, "VolumeMounts"), vols, p + ".volumeMounts", errs);
    const pull = str(fld(c, "ImagePullPolicy"));
    if (pull.length == 0) errs.required(p + ".imagePullPolicy");
    else if (pull != "Always" && pull != "IfNotPresent" && pull != "Never") errs.notSupported(p + ".imagePullPolicy", pull, ["Always", "IfNotPresent", "Never"]);
    requestsWithinLimits(fld(c, "Resources"), p + ".resources", minor, errs);
    if (minor >= 25) {
      if (names.has(name)) errs.duplicate(p + ".name", name);
      else if (!isInit || name.length > 0) names.add(name);
      if (!isInit) {
        probe(fld(c, "LivenessProbe"), p + ".livenessProbe", true, errs);
        probe(fld(c, "ReadinessProbe"), p + ".readinessProbe", false, errs);
        probe(fld(c, "StartupProbe"), p + ".startupProbe", true, errs);
      }
      if (isInit) hostPortConflicts(list, i, i + 1, path, errs); // init containers run one by one
    }
  }
  if (!isInit) hostPortConflicts(list, 0, n, path, errs);
  else if (minor <= 24) for (let i = 0; i < n; i++) hostPortConflicts(list, i, i + 1, path, errs);
  if (minor <= 24 && isInit) {
    // validateInitContainers' own pass after validateContainers (a name repeated among init containers is reported twice)
    for (let i = 0; i < n; i++) {
      const name = str(fld(at(list, i), "Name"));
      if (names.has(name)) errs.duplicate(path + "[" + i.toString() + "].name", name);
      if (name.length > 0) names.add(name);
    }
  }
}

/** The container's terminationMessagePolicy (1.15-1.24: Required / Invalid with a detail; 1.25+: Required / NotSupported). */
function terminationMessagePolicy(v: string, path: string, minor: i32, errs: ErrList): void {
  if (v == "File" || v == "FallbackToLogsOnError") return;
  const detail = "must be 'File' or 'FallbackToLogsOnError'";
  if (v.length == 0) errs.required(path, minor <= 24 ? detail : "");
  else if (minor <= 24) errs.invalidStr(path, v, detail);
  else errs.notSupported(path, v, ["File", "FallbackToLogsOnError"]);
}

/** validation.IsValidPortName (1.15-1.24 word the one-letter rule "letter or number (a-z, 0-9)"). */
function portNameErrors(s: string, minor: i32): Array<string> {
  const errs = new Array<string>();
  if (s.length > 15) errs.push(maxLenError(15));
  let charset = true, letter = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const lower = c >= 97 && c <= 122;
    if (lower) letter = true;
    if (!lower && !(c >= 48 && c <= 57) && c != 45) charset = false;
  }
  if (!charset) errs.push("must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)");
  if (!letter) errs.push(minor <= 24 ? "must contain at least one letter or number (a-z, 0-9)" : "must contain at least one letter (a-z)");
  if (s.includes("--")) errs.push("must not contain consecutive hyphens");
  if (s.length > 0 && (s.charCodeAt(0) == 45 || s.charCodeAt(s.length - 1) == 45)) errs.push("must not begin or end with a hyphen");
  return errs;
}

/** validateContainerPorts: names (syntax, unique), containerPort required and in range, hostPort in range, protocol. */
function containerPorts(list: Val | null, path: string, minor: i32, errs: ErrList): void {
  const n = sliceLen(list);
  const names = new Set<string>();
  for (let i = 0; i < n; i++) {
    const port = at(list, i);
    const p = path + "[" + i.toString() + "]";
    const name = str(fld(port, "Name"));
    if (name.length > 0) {
      const ne = portNameErrors(name, minor);
      if (ne.length > 0) for (let j = 0; j < ne.length; j++) errs.invalidStr(p + ".name", name, ne[j]);
      else if (names.has(name)) errs.duplicate(p + ".name", name);
      else names.add(name);
    }
    const cp = int(fld(port, "ContainerPort"));
    if (cp == 0) errs.required(p + ".containerPort");
    else if (cp < 1 || cp > 65535) errs.invalidInt(p + ".containerPort", cp, "must be between 1 and 65535, inclusive");
    const hp = int(fld(port, "HostPort"));
    if (hp != 0 && (hp < 1 || hp > 65535)) errs.invalidInt(p + ".hostPort", hp, "must be between 1 and 65535, inclusive");
    const proto = str(fld(port, "Protocol"));
    if (proto.length == 0) errs.required(p + ".protocol");
    else if (proto != "TCP" && proto != "UDP" && proto != "SCTP") errs.notSupported(p + ".protocol", proto, ["SCTP", "TCP", "UDP"]);
  }
}

/** ValidateEnv (covered: names — strict syntax before 1.32, relaxed from 1.32 where the gate is on by
 * default — and valueFrom naming exactly one source unless `value` is set; the sources' own fields are not checked). */
function validateEnv(list: Val | null, path: string, minor: i32, errs: ErrList): void {
  const n = sliceLen(list);
  for (let i = 0; i < n; i++) {
    const ev = at(list, i);
    const p = path + "[" + i.toString() + "]";
    const name = str(fld(ev, "Name"));
    if (name.length == 0) errs.required(p + ".name");
    else {
      const ne = minor >= 32 ? relaxedEnvVarNameErrors(name) : envVarNameErrors(name);
      for (let j = 0; j < ne.length; j++) errs.invalidStr(p + ".name", name, ne[j]);
    }
    const vf = fld(ev, "ValueFrom");
    if (vf === null) continue;
    let sources = 0;
    const kinds = ["FieldRef", "ResourceFieldRef", "ConfigMapKeyRef", "SecretKeyRef", "FileKeyRef"];
    for (let k = 0; k < kinds.length; k++) if (fld(vf, kinds[k]) !== null) sources++;
    // 1.35+: the EnvFiles gate is on by default and the list names fileKeyRef
    if (sources == 0) errs.invalid(p + ".valueFrom", "\"\"", minor >= 35 ? "must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef`, `secretKeyRef` or `fileKeyRef`" : "must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`");
    else if (strLen(fld(ev, "Value")) != 0) errs.invalid(p + ".valueFrom", "\"\"", "may not be specified when `value` is not empty");
    else if (sources > 1) errs.invalid(p + ".valueFrom", "\"\"", "may not have more than one field specified at a time");
  }
}

/** validation.IsEnvVarName: [-._a-zA-Z][-._a-zA-Z0-9]* and no "." / ".." / "..x". */
function envVarNameErrors(s: string): Array<string> {
  const errs = new Array<string>();
  let ok = s.length > 0;
  for (let i = 0; i < s.length && ok; i++) {
    const c = s.charCodeAt(i);
    const alpha = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 45 || c == 46 || c == 95;
    if (!alpha && !(i > 0 && c >= 48 && c <= 57)) ok = false;
  }
  if (!ok) errs.push(regexError("a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit", "[-._a-zA-Z][-._a-zA-Z0-9]*", ["my.env-name", "MY_ENV.NAME", "MyEnvName1"]));
  if (s == ".") errs.push("must not be '.'");
  else if (s == "..") errs.push("must not be '..'");
  else if (s.startsWith("..")) errs.push("must not start with '..'");
  return errs;
}

/** validation.IsRelaxedEnvVarName: printable ASCII other than '='. */
function relaxedEnvVarNameErrors(s: string): Array<string> {
  const errs = new Array<string>();
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 32 || c > 126 || c == 61) {
      errs.push("a valid environment variable name must consist only of printable ASCII characters other than '='");
      break;
    }
  }
  return errs;
}

/** ValidateVolumes (covered: a volume source is given, names required / DNS-1123 label / unique; the
 * sources' own fields are not checked). Returns the names of the volumes without errors (upstream's map). */
function validateVolumes(list: Val | null, path: string, minor: i32, errs: ErrList): Set<string> {
  const names = new Set<string>();
  const n = sliceLen(list);
  for (let i = 0; i < n; i++) {
    const v = at(list, i);
    const p = path + "[" + i.toString() + "]";
    const el = new ErrList();
    const src = fld(v, "VolumeSource");
    let sources = 0;
    if (src !== null && src instanceof StructV) {
      const sv = changetype<StructV>(src);
      for (let k = 0; k < sv.f.length; k++) if (sv.f[k] !== null) sources++;
    }
    if (sources == 0) el.required(p, "must specify a volume type");
    const name = str(fld(v, "Name"));
    if (name.length == 0) el.required(p + ".name");
    else {
      const ne = isDNS1123Label(name, minor);
      for (let j = 0; j < ne.length; j++) el.invalidStr(p + ".name", name, ne[j]);
    }
    if (names.has(name)) el.duplicate(p + ".name", name);
    if (el.list.length == 0) names.add(name);
    else errs.addAll(el);
  }
  return names;
}

/** ValidateVolumeMounts (covered: name required and naming a valid volume, mountPath required and unique). */
function volumeMounts(list: Val | null, vols: Set<string>, path: string, errs: ErrList): void {
  const n = sliceLen(list);
  const paths = new Set<string>();
  for (let i = 0; i < n; i++) {
    const m = at(list, i);
    const p = path + "[" + i.toString() + "]";
    const name = str(fld(m, "Name"));
    if (name.length == 0) errs.required(p + ".name");
    if (!vols.has(name)) errs.notFound(p + ".name", name);
    const mp = str(fld(m, "MountPath"));
    if (mp.length == 0) errs.required(p + ".mountPath");
    if (paths.has(mp)) errs.invalidStr(p + ".mountPath", mp, "must be unique");
    paths.add(mp);
  }
}

/** validateProbe of a regular container's probe (covered: exactly one handler — the handlers' own fields
 * are not checked —, delays / timeouts / thresholds not negative; liveness and startup: successThreshold 1). */
function probe(pr: Val | null, path: string, mustBeOne: bool, errs: ErrList): void {
  if (pr === null) return;
  let h = fld(pr, "ProbeHandler"); // 1.23+; before: the embedded Handler
  if (h === null) h = fld(pr, "Handler");
  const kinds = ["Exec", "HTTPGet", "TCPSocket", "GRPC", "Sleep"];
  const names = ["exec", "httpGet", "tcpSocket", "grpc", "sleep"];
  let handlers = 0;
  for (let k = 0; k < kinds.length; k++) {
    if (fld(h, kinds[k]) === null) continue;
    if (handlers > 0) errs.forbidden(path + "." + names[k], "may not specify more than 1 handler type");
    else handlers++;
  }
  if (handlers == 0) errs.required(path, "must specify a handler type");
  const nums = ["InitialDelaySeconds", "TimeoutSeconds", "PeriodSeconds", "SuccessThreshold", "FailureThreshold"];
  const paths = ["initialDelaySeconds", "timeoutSeconds", "periodSeconds", "successThreshold", "failureThreshold"];
  for (let k = 0; k < nums.length; k++) {
    const v = int(fld(pr, nums[k]));
    if (v < 0) errs.invalidInt(path + "." + paths[k], v, "must be greater than or equal to 0");
  }
  if (mustBeOne) successOne(pr, path, errs);
}

/** The liveness / startup probe's successThreshold must be 1. */
function successOne(pr: Val | null, path: string, errs: ErrList): void {
  if (pr === null) return;
  const st = int(fld(pr, "SuccessThreshold"));
  if (st != 1) errs.invalidInt(path + ".successThreshold", st, "must be 1");
}

/** checkHostPortConflicts over containers [from, to) of `list`: a hostPort repeated (same protocol and hostIP) is Duplicate. */
function hostPortConflicts(list: Val | null, from: i32, to: i32, path: string, errs: ErrList): void {
  const seen = new Set<string>();
  for (let ci = from; ci < to; ci++) {
    const ports = fld(at(list, ci), "Ports");
    const n = sliceLen(ports);
    for (let pi = 0; pi < n; pi++) {
      const port = at(ports, pi);
      const hp = int(fld(port, "HostPort"));
      if (hp == 0) continue;
      const key = str(fld(port, "Protocol")) + "/" + str(fld(port, "HostIP")) + "/" + hp.toString();
      if (seen.has(key)) errs.duplicate(path + "[" + ci.toString() + "].ports[" + pi.toString() + "].hostPort", key);
      else seen.add(key);
    }
  }
}

/** ValidateResourceRequirements, the request <= limit check of the native overcommitable resources. */
function requestsWithinLimits(res: Val | null, path: string, minor: i32, errs: ErrList): void {
  const lim = fld(res, "Limits"), req = fld(res, "Requests");
  if (lim === null || req === null || !(req instanceof MapV) || !(lim instanceof MapV)) return;
  const rm = changetype<MapV>(req), lm = changetype<MapV>(lim);
  const re = sortedEntries(rm), le = sortedEntries(lm);
  for (let k = 0; k < re.length; k++) {
    const j = re[k];
    const name = String.UTF8.decodeUnsafe(rm.keyP[j], <usize>rm.keyN[j]);
    if (name != "cpu" && name != "memory" && name != "ephemeral-storage") continue;
    for (let m = 0; m < le.length; m++) {
      const x = le[m];
      if (String.UTF8.decodeUnsafe(lm.keyP[x], <usize>lm.keyN[x]) != name) continue;
      const rq = quantityOf(rm.vals[j]), lq = quantityOf(lm.vals[x]);
      if (quantityCmp(rq, lq) > 0) {
        const detail = "must be less than or equal to " + name + " limit" + (minor >= 27 ? " of " + quantityText(lq) : "");
        errs.invalid(path + ".requests", quote(quantityText(rq)), detail);
      }
    }
  }
}

function quantityOf(v: Val | null): Quantity {
  return v === null ? new Quantity() : changetype<QuantityV>(v).q;
}

/** Quantity.String(). */
function quantityText(q: Quantity): string {
  const out = new ByteSink(32);
  writeQuantityString(out, q);
  return String.UTF8.decodeUnsafe(out.ptr, <usize>out.len);
}

/** validateContainersOnlyForPod: no leading or trailing whitespace in images. */
export function containersOnlyForPod(list: Val | null, path: string, errs: ErrList): void {
  const n = sliceLen(list);
  for (let i = 0; i < n; i++) {
    const img = str(fld(at(list, i), "Image"));
    if (img != img.trim()) errs.invalidStr(path + "[" + i.toString() + "].image", img, "must not have leading or trailing whitespace");
  }
}

/** ValidateTolerations(tolerations, path). */
export function validateTolerations(list: Val | null, path: string, minor: i32, errs: ErrList): void {
  const n = sliceLen(list);
  for (let i = 0; i < n; i++) {
    const t = at(list, i);
    const p = path + "[" + i.toString() + "]";
    const key = str(fld(t, "Key"));
    const op = str(fld(t, "Operator"));
    const value = str(fld(t, "Value"));
    const effect = str(fld(t, "Effect"));
    if (key.length > 0) {
      const ke = isQualifiedName(key);
      for (let j = 0; j < ke.length; j++) errs.invalidStr(p + ".key", key, ke[j]);
    }
    if (key.length == 0 && op != "Exists") {
      errs.invalid(p + ".operator", quote(op), "operator must be Exists when `key` is empty, which means \"match all values and all keys\"");
    }
    if (isSet(fld(t, "TolerationSeconds")) && effect != "NoExecute") {
      errs.invalid(p + ".effect", quote(effect), "effect must be 'NoExecute' when `tolerationSeconds` is set");
    }
    if (op == "Equal" || op == "") {
      const ve = isValidLabelValue(value);
      if (ve.length > 0) errs.invalidStr(p + ".operator", value, ve.join(";"));
    } else if (op == "Exists") {
      if (value.length > 0) {
        // 1.32+ print the value; before, the whole internal Toleration with %#v (a set
        // tolerationSeconds prints as a pointer address, which no one can reproduce)
        const rendered = minor >= 32 ? quote(value) : "core.Toleration{Key:" + quote(key) + ", Operator:" + quote(op) + ", Value:" + quote(value) +
          ", Effect:" + quote(effect) + ", TolerationSeconds:" + (isSet(fld(t, "TolerationSeconds")) ? "(*int64)(0x?)" : "(*int64)(nil)") + "}";
        errs.invalid(p + ".operator", rendered, "value must be empty when `operator` is 'Exists'");
      }
    } else {
      errs.notSupported(p + ".operator", op, ["Equal", "Exists"]);
    }
    if (effect.length > 0 && effect != "NoSchedule" && effect != "PreferNoSchedule" && effect != "NoExecute") {
      errs.notSupported(p + ".effect", effect, ["NoSchedule", "PreferNoSchedule", "NoExecute"]);
    }
  }
}

/** validateSchedulingGates: 1.26 names not empty, 1.27+ qualified names; no duplicates. */
function validateSchedulingGates(list: Val | null, path: string, minor: i32, errs: ErrList): void {
  const n = sliceLen(list);
  const seen = new Set<string>();
  for (let i = 0; i < n; i++) {
    const name = str(fld(at(list, i), "Name"));
    const p = path + "[" + i.toString() + "]";
    if (minor == 26) {
      if (name.length == 0) errs.required(p, "must not be empty");
    } else {
      const ne = isQualifiedName(name);
      for (let j = 0; j < ne.length; j++) errs.invalidStr(p, name, ne[j]);
    }
    if (seen.has(name)) errs.duplicate(p, name);
    seen.add(name);
  }
}

/** The covered part of ValidatePodSpec(spec, "spec") at `minor`, in upstream's order. */
export function validateNewSpec(spec: Val | null, minor: i32, errs: ErrList): void {
  // 1.31+: the grace period is required (defaulting always sets it)
  if (minor >= 31 && !isSet(fld(spec, "TerminationGracePeriodSeconds"))) errs.required("spec.terminationGracePeriodSeconds");
  const vols = validateVolumes(fld(spec, "Volumes"), "spec.volumes", minor, errs);
  if (sliceLen(fld(spec, "Containers")) == 0) errs.required("spec.containers");
  containerList(fld(spec, "Containers"), null, false, vols, "spec.containers", minor, errs);
  containerList(fld(spec, "InitContainers"), fld(spec, "Containers"), true, vols, "spec.initContainers", minor, errs);
  const rp = str(fld(spec, "RestartPolicy"));
  if (rp.length == 0) errs.required("spec.restartPolicy");
  else if (rp != "Always" && rp != "OnFailure" && rp != "Never") errs.notSupported("spec.restartPolicy", rp, ["Always", "OnFailure", "Never"]);
  const dp = str(fld(spec, "DNSPolicy"));
  if (dp.length == 0) errs.required("spec.dnsPolicy");
  else if (dp != "ClusterFirstWithHostNet" && dp != "ClusterFirst" && dp != "Default" && dp != "None") {
    errs.notSupported("spec.dnsPolicy", dp, ["ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"]);
  }
  validateLabels(fld(spec, "NodeSelector"), "spec.nodeSelector", errs);
  // validatePodDNSConfig (covered: dnsPolicy None needs a dnsConfig with nameservers)
  if (dp == "None") {
    const dc = fld(spec, "DNSConfig");
    if (dc === null) errs.required("spec.dnsConfig", "must provide `dnsConfig` when `dnsPolicy` is None");
    else if (sliceLen(fld(dc, "Nameservers")) == 0) errs.required("spec.dnsConfig.nameservers", "must provide at least one DNS nameserver when `dnsPolicy` is None");
  }
  if (minor >= 26) validateSchedulingGates(fld(spec, "SchedulingGates"), "spec.schedulingGates", minor, errs);
  if (minor >= 37) {
    // 1.37 keeps the deprecated alias in the internal spec and requires it in sync
    const dsa = str(fld(spec, "DeprecatedServiceAccount")), san = str(fld(spec, "ServiceAccountName"));
    if (dsa != san) errs.invalidStr("spec.deprecatedServiceAccount", dsa, "must be the same as serviceAccountName: " + quote(san));
  }
  const ads = fld(spec, "ActiveDeadlineSeconds");
  if (isSet(ads)) {
    const v = int(ads);
    if (v < 1 || v > 2147483647) errs.invalidInt("spec.activeDeadlineSeconds", v, "must be between 1 and 2147483647, inclusive");
  }
  if (sliceLen(fld(spec, "Tolerations")) > 0) validateTolerations(fld(spec, "Tolerations"), "spec.tolerations", minor, errs);
}

/** validatePodMetadataAndSpec (1.19+) / ValidatePod (1.15-1.18): the covered checks of the new pod. */
export function validateNewPod(pod: Val | null, minor: i32, errs: ErrList): void {
  validateNewMeta(fld(pod, "ObjectMeta"), minor, errs);
  const spec = fld(pod, "Spec");
  podSpecificAnnotations(fld(pod, "ObjectMeta"), spec, minor, errs);
  validateNewSpec(spec, minor, errs);
  // 1.37: a pod's grace period must not be negative (earlier conversion turned it into 1)
  const tgps = fld(spec, "TerminationGracePeriodSeconds");
  if (minor >= 37 && isSet(tgps) && int(tgps) < 0) {
    errs.invalidInt("spec.terminationGracePeriodSeconds", int(tgps), "must be greater than or equal to 0");
  }
  containersOnlyForPod(fld(spec, "Containers"), "spec.containers", errs);
  containersOnlyForPod(fld(spec, "InitContainers"), "spec.initContainers", errs);
}
