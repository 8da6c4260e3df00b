// The container parts of pkg/api/pod/warnings.go warningsForPodSpecAndMeta, each a pass of
// pods.VisitContainersWithPath (validation/visit.ts): the per-container warnings (seccomp and AppArmor annotations
// without the field, fractional memory and ephemeral-storage, redefined environment variables), the ports shared
// between containers (1.28+) and the port names used twice (1.33+).

import { Val } from "../../../typed/value";
import { fld, str, int, sliceLen, at, isSet, StrMap, deref } from "../validation/view";
import { quote } from "../validation/errlist";
import { containersWithPaths } from "../validation/visit";
import { fractionalBytes } from "./fractional";
import { WarningRecorder } from "./recorder";

/** 1.28: a redefined env var warns only when it hides the previous value. */
const ENV_HIDES_FROM: i32 = 28;
/** 1.28: the ports pass appears. */
const PORTS_FROM: i32 = 28;
/** 1.30: container AppArmor annotations without the field warn. */
const APPARMOR_FROM: i32 = 30;
/** 1.30: the env warning adds that apply may drop the hidden definition. */
const ENV_APPLY_TEXT_FROM: i32 = 30;
/** 1.34: the AppArmor warning ignores the pod's field unless it differs from the annotation. */
const APPARMOR_POD_COMPARED_FROM: i32 = 34;
/** 1.33: the port-names pass appears. */
const PORT_NAMES_FROM: i32 = 33;

/** The seccomp annotation text of `minor` (pod and container annotations alike). */
export function seccompText(minor: i32): string {
  if (minor >= 27) return "non-functional in v1.27+; use the \"seccompProfile\" field instead";
  if (minor >= 25) return "deprecated since v1.19, non-functional in a future release; use the \"seccompProfile\" field instead";
  if (minor >= 23) return "deprecated since v1.19, non-functional in v1.25+; use the \"seccompProfile\" field instead";
  return "deprecated since v1.19; use the \"seccompProfile\" field instead";
}

/** ApparmorFieldForAnnotation(annotation) compared with the pod's AppArmorProfile `p` by Semantic.DeepEqual. */
function apparmorMatches(p: Val | null, annotation: string): bool {
  let type = "", local: string | null = null;
  if (annotation == "unconfined") type = "Unconfined";
  else if (annotation == "runtime/default") type = "RuntimeDefault";
  else if (annotation.startsWith("localhost/") && annotation.length > 10) { type = "Localhost"; local = annotation.substring(10); }
  else return false; // nil profile: never equal to the pod's
  if (str(fld(p, "Type")) != type) return false;
  const lp = fld(p, "LocalhostProfile");
  if (local === null) return !isSet(lp);
  return isSet(lp) && str(lp) == local;
}

/** The per-container pass: annotations, fractional quantities and redefined env vars of every visited container. */
export function containerWarnings(spec: Val | null, base: string, ann: StrMap, minor: i32, out: WarningRecorder): void {
  const annPath = base + ".metadata.annotations";
  const podSC = fld(spec, "SecurityContext");
  const podAppArmor = fld(podSC, "AppArmorProfile");
  const list = containersWithPaths(spec, base + ".spec", minor);
  for (let k = 0; k < list.length; k++) {
    const c = list[k].c, p = list[k].path;
    const name = str(fld(c, "Name"));
    const sc = fld(c, "SecurityContext");
    if (!isSet(sc) || !isSet(fld(sc, "SeccompProfile"))) {
      const key = "container.seccomp.security.alpha.kubernetes.io/" + name;
      if (ann.find(key) >= 0) out.add(annPath + "[" + key + "]: " + seccompText(minor));
    }
    if (minor >= APPARMOR_FROM) {
      const field = isSet(sc) && isSet(fld(sc, "AppArmorProfile"));
      const podField = minor < APPARMOR_POD_COMPARED_FROM && isSet(podAppArmor);
      const key = "container.apparmor.security.beta.kubernetes.io/" + name;
      const found = ann.find(key);
      if (!field && !podField && found >= 0) {
        const hidden = minor >= APPARMOR_POD_COMPARED_FROM && isSet(podAppArmor) && apparmorMatches(deref(podAppArmor), ann.vals[found]);
        if (!hidden) out.add(annPath + "[" + key + "]: deprecated since v1.30; use the \"appArmorProfile\" field instead");
      }
    }
    const res = fld(c, "Resources");
    fractionalBytes(fld(res, "Limits"), "memory", p + ".resources.limits", out);
    fractionalBytes(fld(res, "Requests"), "memory", p + ".resources.requests", out);
    fractionalBytes(fld(res, "Limits"), "ephemeral-storage", p + ".resources.limits", out);
    fractionalBytes(fld(res, "Requests"), "ephemeral-storage", p + ".resources.requests", out);
    envWarnings(fld(c, "Env"), p, minor, out);
  }
}

/** The duplicate containers[*].env check: a name defined again (1.28+: only when the new definition hides the old value). */
function envWarnings(env: Val | null, p: string, minor: i32, out: WarningRecorder): void {
  const n = sliceLen(env);
  if (n <= 1) return;
  const seen = new Set<string>();
  for (let i = 0; i < n; i++) {
    const e = at(env, i);
    const name = str(fld(e, "Name"));
    if (!seen.has(name)) { seen.add(name); continue; }
    if (minor < ENV_HIDES_FROM) {
      out.add(p + ".env[" + i.toString() + "].name: duplicate name " + quote(name));
      continue;
    }
    const ref = "$(" + name + ")";
    const value = str(fld(e, "Value"));
    const bad = isSet(fld(e, "ValueFrom")) || value == ref || !value.includes(ref);
    if (!bad) continue;
    const tail = minor >= ENV_APPLY_TEXT_FROM ? ", which may be dropped when using apply" : "";
    out.add(p + ".env[" + i.toString() + "]: hides previous definition of " + quote(name) + tail);
  }
}

/** A port seen by the ports pass, with where it is. */
class PortBlock {
  constructor(public path: string, public hostIP: string, public hostPort: i64) {}
}

/** %+v of a core.ContainerPort. */
function portText(port: Val | null): string {
  return "{Name:" + str(fld(port, "Name")) + " HostPort:" + int(fld(port, "HostPort")).toString() + " ContainerPort:" +
    int(fld(port, "ContainerPort")).toString() + " Protocol:" + str(fld(port, "Protocol")) + " HostIP:" + str(fld(port, "HostIP")) + "}";
}

/** The ports pass (1.28+): a hostIP without a hostPort, and a containerPort/protocol already used by a port that
 *  duplicates, overlaps or ambiguously shares its host side. */
export function portWarnings(spec: Val | null, base: string, minor: i32, out: WarningRecorder): void {
  if (minor < PORTS_FROM) return;
  const byKey = new Map<string, Array<PortBlock>>();
  const list = containersWithPaths(spec, base + ".spec", minor);
  for (let k = 0; k < list.length; k++) {
    const ports = fld(list[k].c, "Ports");
    for (let i = 0; i < sliceLen(ports); i++) {
      if (out.full()) return; // the pass is quadratic: nothing more would be kept
      const port = at(ports, i);
      const path = list[k].path + ".ports[" + i.toString() + "]";
      const hostIP = str(fld(port, "HostIP"));
      const hostPort = int(fld(port, "HostPort"));
      if (hostIP.length > 0 && hostPort == 0) out.add(path + ": hostIP set without hostPort: " + portText(port));
      const key = int(fld(port, "ContainerPort")).toString() + "/" + str(fld(port, "Protocol"));
      if (!byKey.has(key)) { byKey.set(key, [new PortBlock(path, hostIP, hostPort)]); continue; }
      const others = byKey.get(key);
      for (let j = 0; j < others.length && !out.full(); j++) {
        const o = others[j];
        if (hostIP == o.hostIP && hostPort == o.hostPort) out.add(path + ": duplicate port definition with " + o.path);
        else if (hostPort == 0 || o.hostPort == 0) out.add(path + ": overlapping port definition with " + o.path);
        else if (hostPort == o.hostPort && (hostIP.length == 0) != (o.hostIP.length == 0)) out.add(path + ": dangerously ambiguous port definition with " + o.path);
      }
      others.push(new PortBlock(path, hostIP, hostPort));
    }
  }
}

/** The port-names pass (1.33+): a port name already used by an earlier port of any container. */
export function portNameWarnings(spec: Val | null, base: string, minor: i32, out: WarningRecorder): void {
  if (minor < PORT_NAMES_FROM) return;
  const first = new Map<string, string>();
  const list = containersWithPaths(spec, base + ".spec", minor);
  for (let k = 0; k < list.length; k++) {
    const ports = fld(list[k].c, "Ports");
    for (let i = 0; i < sliceLen(ports); i++) {
      const name = str(fld(at(ports, i), "Name"));
      if (name.length == 0) continue;
      const path = list[k].path + ".ports[" + i.toString() + "]";
      if (!first.has(name)) { first.set(name, path); continue; }
      const other = first.get(name);
      out.add(path + ": duplicate port name " + quote(name) + " with " + other + ", services and probes that select ports by name will use " + other);
    }
  }
}
