// The containers of the new pod's validation (validateContainers, validateInitContainers and
// validateContainerCommon of pkg/apis/core/validation; validateContainersOnlyForPod): names (syntax,
// uniqueness across regular and init containers), images, terminationMessagePolicy, ports, imagePullPolicy
// and host port conflicts, in each minor's order; probes, lifecycle hooks and sidecar rules live in
// probes.ts, resources and resize policies in resources.ts, security contexts in security.ts, env and
// envFrom in envsource.ts, volume mounts and devices in mounts.ts.

import { Val } from "../../../typed/value";
import { ErrList } from "./errlist";
import { fld, str, strLen, int, sliceLen, at } from "./view";
import { isDNS1123Label, portNameErrors } from "./names";
import { ContainerOpts } from "./containeropts";
import { legacyProbesBefore, legacyReadinessAfter, legacyInitBans, initProbeRules, initRestartPolicy, regularProbeRules } from "./probes";
import { validateResources, validateResizePolicy, initResizeRules } from "./resources";
import { containerSecurityContext } from "./security";
import { validateEnv, validateEnvFrom } from "./envsource";
import { Vols } from "./volumes";
import { validateVolumeMounts, validateVolumeDevices } from "./mounts";

/** validateContainers (isInit false) / validateInitContainers (isInit true, `regular` the pod's containers):
 * names (required, DNS-1123 label, unique across regular and init containers), images, and requests not
 * above limits, in each minor's order (1.25+ run the common checks, then the name's uniqueness). */
export function containerList(list: Val | null, regular: Val | null, isInit: bool, vols: Vols, path: string, o: ContainerOpts, errs: ErrList): void {
  const minor = o.minor;
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
    containerCommon(c, vols, p, o, own, errs);
    if (minor >= 25) {
      if (isInit) initRestartPolicy(c, p, o, errs);
      if (names.has(name)) errs.duplicate(p + ".name", name);
      else if (!isInit || name.length > 0) names.add(name);
      if (!isInit) regularProbeRules(c, p, o, errs);
      if (isInit) {
        hostPortConflicts(list, i, i + 1, path, errs); // init containers run one by one
        initProbeRules(c, p, o, errs);
        initResizeRules(c, p, o, errs);
      }
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
      legacyInitBans(at(list, i), path + "[" + i.toString() + "]", o, errs);
    }
  }
}

/** The checks of one container that every container kind shares, in each minor's order: 1.25+
 * validateContainerCommon; 1.15-1.24 validateContainers' per-container part (`own`: the names seen in
 * that list, for its Duplicate check; probes and lifecycle included). */
export function containerCommon(c: Val | null, vols: Vols, p: string, o: ContainerOpts, own: Set<string>, errs: ErrList): void {
  const minor = o.minor;
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
  // 1.15-1.24 (regular and init containers): lifecycle, liveness and startup probes before terminationMessagePolicy, readiness after it
  if (minor <= 24) legacyProbesBefore(c, p, o, errs);
  terminationMessagePolicy(str(fld(c, "TerminationMessagePolicy")), p + ".terminationMessagePolicy", minor, errs);
  if (minor <= 24) legacyReadinessAfter(c, p, o, errs);
  containerPorts(fld(c, "Ports"), p + ".ports", minor, errs);
  validateEnv(fld(c, "Env"), p + ".env", o.opts, errs);
  validateEnvFrom(fld(c, "EnvFrom"), p + ".envFrom", o.opts, errs);
  validateVolumeMounts(c, vols, p + ".volumeMounts", minor, errs);
  validateVolumeDevices(c, vols, p + ".volumeDevices", minor, errs);
  const pull = str(fld(c, "ImagePullPolicy"));
  if (pull.length == 0) errs.required(p + ".imagePullPolicy");
  else if (pull != "Always" && pull != "IfNotPresent" && pull != "Never") errs.notSupported(p + ".imagePullPolicy", pull, ["Always", "IfNotPresent", "Never"]);
  validateResources(fld(c, "Resources"), p + ".resources", o, errs);
  validateResizePolicy(fld(c, "ResizePolicy"), p + ".resizePolicy", o, errs);
  containerSecurityContext(c, p, o.hostUsers, o.opts, errs);
}

/** The container's terminationMessagePolicy (1.15-1.24: Required / Invalid with a detail; 1.25+: Required / NotSupported). */
function terminationMessagePolicy(v: string, path: string, minor: i32, errs: ErrList): void {
  if (v == "File" || v == "FallbackToLogsOnError") return;
  const detail = "must be 'File' or 'FallbackToLogsOnError'";
  if (v.length == 0) errs.required(path, minor <= 24 ? detail : "");
  else if (minor <= 24) errs.invalidStr(path, v, detail);
  else errs.notSupported(path, v, ["File", "FallbackToLogsOnError"]);
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

/** validateContainersOnlyForPod: no leading or trailing whitespace in images. */
export function containersOnlyForPod(list: Val | null, path: string, errs: ErrList): void {
  const n = sliceLen(list);
  for (let i = 0; i < n; i++) {
    const img = str(fld(at(list, i), "Image"));
    if (img != img.trim()) errs.invalidStr(path + "[" + i.toString() + "].image", img, "must not have leading or trailing whitespace");
  }
}
