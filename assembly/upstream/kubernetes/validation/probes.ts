// Containers' probes and lifecycle hooks as the new pod's validation checks them per Kubernetes minor
// (validateProbe / validateLivenessProbe / validateReadinessProbe / validateStartupProbe, validateHandler
// with its exec / httpGet / tcpSocket / grpc / sleep actions, validateLifecycle with stopSignal), the
// ≤1.24 init-container bans that print the whole internal Probe / Lifecycle with %#v.

import { Val } from "../../../typed/value";
import { ErrList, FieldError, T_TOO_LONG } from "./errlist";
import { fld, str, int, isSet, deref, sliceLen, at } from "./view";
import { regexError, portNameErrors } from "./names";
import { ContainerOpts, restartAlways } from "./containeropts";

/** ValidatePortNumOrName of an IntOrString port. */
export function portNumOrName(port: Val | null, path: string, minor: i32, errs: ErrList): void {
  if (int(fld(port, "Type")) == 1) {
    const s = str(fld(port, "StrVal"));
    const pe = portNameErrors(s, minor);
    for (let i = 0; i < pe.length; i++) errs.invalidStr(path, s, pe[i]);
  } else {
    portNum(int(fld(port, "IntVal")), path, errs);
  }
}

function portNum(v: i64, path: string, errs: ErrList): void {
  if (v < 1 || v > 65535) errs.invalidInt(path, v, "must be between 1 and 65535, inclusive");
}

/** validation.IsHTTPHeaderName. */
function isHTTPHeaderName(s: string): bool {
  if (s.length == 0) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 45)) return false;
  }
  return true;
}

function httpGet(h: Val | null, path: string, minor: i32, errs: ErrList): void {
  if (str(fld(h, "Path")).length == 0) errs.required(path + ".path");
  portNumOrName(fld(h, "Port"), path + ".port", minor, errs);
  const scheme = str(fld(h, "Scheme"));
  if (scheme != "HTTP" && scheme != "HTTPS") errs.notSupported(path + ".scheme", scheme, ["HTTP", "HTTPS"]);
  const hs = fld(h, "HTTPHeaders");
  for (let i = 0; i < sliceLen(hs); i++) {
    const name = str(fld(at(hs, i), "Name"));
    if (!isHTTPHeaderName(name)) {
      errs.invalidStr(path + ".httpHeaders", name, regexError("a valid HTTP header must consist of alphanumeric characters or '-'", "[-A-Za-z0-9]+", ["X-Header-Name"]));
    }
  }
  const proto = fld(h, "Protocol"); // 1.37+
  if (isSet(proto)) {
    const p = str(proto);
    if (p != "HTTP1" && p != "HTTP2") errs.notSupported(path + ".protocol", p, ["HTTP1", "HTTP2"]);
    else if (p == "HTTP2" && scheme != "HTTP") errs.invalidStr(path + ".protocol", p, "is only supported with HTTP (H2C)");
    else if (p == "HTTP2" && str(fld(h, "Host")).length > 0) errs.invalidStr(path + ".host", str(fld(h, "Host")), "must be empty when `protocol` is \"HTTP2\"");
  }
}

function sleepAction(s: Val | null, path: string, o: ContainerOpts, errs: ErrList): void {
  const secs = int(fld(s, "Seconds"));
  const m = o.minor;
  if (m <= 30) {
    // 1.29-1.30: a nil grace period reads as 0
    const g = o.graceSet ? o.grace : 0;
    if (secs <= 0 || secs > g) errs.invalidInt(path, secs, "must be greater than 0 and less than terminationGracePeriodSeconds (" + g.toString() + ")");
    return;
  }
  if (!o.graceSet) return; // (1.31 dereferences nil when seconds > 0: upstream panics there)
  const g = o.grace;
  if (m == 31 || !o.sleepZero) {
    if (secs <= 0 || secs > g) {
      const tail = m >= 32 ? ". Enable AllowPodLifecycleSleepActionZeroValue feature gate for zero sleep." : "";
      errs.invalidInt(path, secs, "must be greater than 0 and less than terminationGracePeriodSeconds (" + g.toString() + ")" + tail);
    }
  } else if (secs < 0 || secs > g) {
    errs.invalidInt(path, secs, "must be non-negative and less than terminationGracePeriodSeconds (" + g.toString() + ")");
  }
}

/** validateHandler of a probe (isProbe: exec, httpGet, tcpSocket, grpc) or a lifecycle hook (exec, httpGet, tcpSocket, sleep). */
function handler(h: Val | null, path: string, isProbe: bool, o: ContainerOpts, errs: ErrList): void {
  let n = 0;
  const ex = fld(h, "Exec");
  if (isSet(ex)) {
    n++;
    if (sliceLen(fld(ex, "Command")) == 0) errs.required(path + ".exec.command");
  }
  const hg = fld(h, "HTTPGet");
  if (isSet(hg)) {
    if (n > 0) errs.forbidden(path + ".httpGet", "may not specify more than 1 handler type");
    else { n++; httpGet(hg, path + ".httpGet", o.minor, errs); }
  }
  const tcp = fld(h, "TCPSocket");
  if (isSet(tcp)) {
    if (n > 0) errs.forbidden(path + ".tcpSocket", "may not specify more than 1 handler type");
    else { n++; portNumOrName(fld(tcp, "Port"), path + ".tcpSocket.port", o.minor, errs); }
  }
  const grpc: Val | null = isProbe ? fld(h, "GRPC") : null;
  if (isSet(grpc)) {
    if (n > 0) errs.forbidden(path + ".grpc", "may not specify more than 1 handler type");
    else {
      n++;
      portNum(int(fld(grpc, "Port")), path + ".grpc.port", errs);
      const mode = fld(grpc, "Mode"); // 1.37+
      if (isSet(mode) && str(mode) != "Plaintext" && str(mode) != "TLS") errs.notSupported(path + ".grpc.mode", str(mode), ["Plaintext", "TLS"]);
    }
  }
  const sl: Val | null = isProbe ? null : fld(h, "Sleep");
  if (isSet(sl)) {
    if (n > 0) errs.forbidden(path + ".sleep", "may not specify more than 1 handler type");
    else { n++; sleepAction(sl, path + ".sleep", o, errs); }
  }
  if (n == 0) errs.required(path, "must specify a handler type");
}

/** The probe's handler struct (ProbeHandler from 1.23, the embedded Handler before). */
function probeHandler(pr: Val | null): Val | null {
  const h = fld(pr, "ProbeHandler");
  return h !== null ? h : fld(pr, "Handler");
}

/** validateProbe(probe, path) (nil probe: nothing). */
export function probe(pr: Val | null, path: string, o: ContainerOpts, errs: ErrList): void {
  if (pr === null) return;
  handler(probeHandler(pr), path, true, o, errs);
  const nums = ["InitialDelaySeconds", "TimeoutSeconds", "PeriodSeconds", "SuccessThreshold", "FailureThreshold"];
  const paths = ["initialDelaySeconds", "timeoutSeconds", "periodSeconds", "successThreshold", "failureThreshold"];
  for (let k = 0; k < nums.length; k++) {
    const v = int(fld(pr, nums[k]));
    if (v < 0) errs.invalidInt(path + "." + paths[k], v, "must be greater than or equal to 0");
  }
  const tg = fld(pr, "TerminationGracePeriodSeconds");
  if (o.minor >= 22 && isSet(tg) && int(tg) <= 0) errs.invalidInt(path + ".terminationGracePeriodSeconds", int(tg), "must be greater than 0");
}

/** The liveness / startup rule: successThreshold must be 1. */
export function successOne(pr: Val | null, path: string, errs: ErrList): void {
  if (pr === null) return;
  const st = int(fld(pr, "SuccessThreshold"));
  if (st != 1) errs.invalidInt(path + ".successThreshold", st, "must be 1");
}

/** The readiness rule (1.21+): no terminationGracePeriodSeconds. */
export function readinessNoGrace(pr: Val | null, path: string, errs: ErrList): void {
  const tg = fld(pr, "TerminationGracePeriodSeconds");
  if (pr !== null && isSet(tg)) errs.invalidInt(path + ".terminationGracePeriodSeconds", int(tg), "must not be set for readinessProbes");
}

/** 1.25+: validateLivenessProbe, validateReadinessProbe, validateStartupProbe of container `c` at `p`. */
export function probes(c: Val | null, p: string, o: ContainerOpts, errs: ErrList): void {
  const lp = fld(c, "LivenessProbe"), rp = fld(c, "ReadinessProbe"), sp = fld(c, "StartupProbe");
  probe(lp, p + ".livenessProbe", o, errs);
  successOne(lp, p + ".livenessProbe", errs);
  probe(rp, p + ".readinessProbe", o, errs);
  readinessNoGrace(rp, p + ".readinessProbe", errs);
  probe(sp, p + ".startupProbe", o, errs);
  successOne(sp, p + ".startupProbe", errs);
}

const LINUX_SIGNALS = ["SIGABRT", "SIGALRM", "SIGBUS", "SIGCHLD", "SIGCLD", "SIGCONT", "SIGFPE", "SIGHUP", "SIGILL", "SIGINT", "SIGIO", "SIGIOT",
  "SIGKILL", "SIGPIPE", "SIGPOLL", "SIGPROF", "SIGPWR", "SIGQUIT", "SIGSEGV", "SIGSTKFLT", "SIGSTOP", "SIGSYS", "SIGTERM", "SIGTRAP",
  "SIGTSTP", "SIGTTIN", "SIGTTOU", "SIGURG", "SIGUSR1", "SIGUSR2", "SIGVTALRM", "SIGWINCH", "SIGXCPU", "SIGXFSZ", "SIGRTMIN",
  "SIGRTMIN+1", "SIGRTMIN+2", "SIGRTMIN+3", "SIGRTMIN+4", "SIGRTMIN+5", "SIGRTMIN+6", "SIGRTMIN+7", "SIGRTMIN+8", "SIGRTMIN+9",
  "SIGRTMIN+10", "SIGRTMIN+11", "SIGRTMIN+12", "SIGRTMIN+13", "SIGRTMIN+14", "SIGRTMIN+15", "SIGRTMAX-14", "SIGRTMAX-13",
  "SIGRTMAX-12", "SIGRTMAX-11", "SIGRTMAX-10", "SIGRTMAX-9", "SIGRTMAX-8", "SIGRTMAX-7", "SIGRTMAX-6", "SIGRTMAX-5", "SIGRTMAX-4",
  "SIGRTMAX-3", "SIGRTMAX-2", "SIGRTMAX-1", "SIGRTMAX"];

/** Byte-wise ascending copy (sets.List order). */
function sorted(a: Array<string>): Array<string> {
  const r = a.slice(0);
  r.sort((x: string, y: string): i32 => (x < y ? -1 : x > y ? 1 : 0));
  return r;
}

/** validateLifecycle(lifecycle, path) of a non-nil lifecycle: the hooks' handlers, then (1.33+) stopSignal. */
export function lifecycle(lc: Val | null, path: string, o: ContainerOpts, errs: ErrList): void {
  const ps = fld(lc, "PostStart"), pr = fld(lc, "PreStop");
  if (isSet(ps)) handler(deref(ps), path + ".postStart", false, o, errs);
  if (isSet(pr)) handler(deref(pr), path + ".preStop", false, o, errs);
  const sig = fld(lc, "StopSignal");
  if (!isSet(sig)) return;
  const p = path + ".stopSignal", s = str(sig);
  if (!o.osSet) errs.forbidden(p, "may not be set for containers with empty `spec.os.name`");
  else if (o.osName == "windows") {
    if (s != "SIGKILL" && s != "SIGTERM") errs.notSupported(p, s, ["SIGKILL", "SIGTERM"]);
  } else if (o.osName == "linux") {
    if (!LINUX_SIGNALS.includes(s)) errs.notSupported(p, s, sorted(LINUX_SIGNALS));
  }
}

/** 1.15-1.24 validateContainers' lifecycle and probe checks of container `c` (regular or init) at `p`,
 * before terminationMessagePolicy; the readiness probe itself is checked after it (readinessAfter). */
export function legacyProbesBefore(c: Val | null, p: string, o: ContainerOpts, errs: ErrList): void {
  const lc = fld(c, "Lifecycle");
  if (isSet(lc)) lifecycle(lc, p + ".lifecycle", o, errs);
  const lp = fld(c, "LivenessProbe"), rp = fld(c, "ReadinessProbe"), sp = fld(c, "StartupProbe");
  probe(lp, p + ".livenessProbe", o, errs);
  if (o.minor >= 21) {
    readinessNoGrace(rp, p + ".readinessProbe", errs);
    probe(sp, p + ".startupProbe", o, errs); // 1.21-1.24 check the startup probe twice
  }
  successOne(lp, p + ".livenessProbe", errs);
  if (o.minor >= 16) {
    probe(sp, p + ".startupProbe", o, errs);
    successOne(sp, p + ".startupProbe", errs);
  }
}

/** 1.15-1.24: the readiness probe, checked after terminationMessagePolicy. */
export function legacyReadinessAfter(c: Val | null, p: string, o: ContainerOpts, errs: ErrList): void {
  probe(fld(c, "ReadinessProbe"), p + ".readinessProbe", o, errs);
}

/** 1.15-1.24 validateInitContainers' second pass bans (after the name check): lifecycle and probes
 * Invalid with the internal value printed by %#v (pointer addresses print as `0x?`). */
export function legacyInitBans(c: Val | null, p: string, o: ContainerOpts, errs: ErrList): void {
  const lc = fld(c, "Lifecycle");
  if (isSet(lc)) errs.invalid(p + ".lifecycle", renderLifecycle(lc, o.minor), "must not be set for init containers");
  const names = ["LivenessProbe", "ReadinessProbe", "StartupProbe"];
  const paths = ["livenessProbe", "readinessProbe", "startupProbe"];
  for (let k = 0; k < 3; k++) {
    if (k == 2 && o.minor < 16) break;
    const pr = fld(c, names[k]);
    if (pr !== null) errs.invalid(p + "." + paths[k], renderProbe(pr, o.minor), "must not be set for init containers");
  }
}

function ptr(t: string, v: Val | null): string {
  return "(*" + t + ")(" + (isSet(v) ? "0x?" : "nil") + ")";
}

/** %#v of the internal core.Probe (1.15-1.24). */
function renderProbe(pr: Val | null, minor: i32): string {
  const h = probeHandler(pr);
  const hn = minor >= 23 ? "ProbeHandler" : "Handler";
  let s = "core.Probe{" + hn + ":core." + hn + "{Exec:" + ptr("core.ExecAction", fld(h, "Exec")) + ", HTTPGet:" + ptr("core.HTTPGetAction", fld(h, "HTTPGet")) +
    ", TCPSocket:" + ptr("core.TCPSocketAction", fld(h, "TCPSocket"));
  if (minor >= 23) s += ", GRPC:" + ptr("core.GRPCAction", fld(h, "GRPC"));
  s += "}";
  const nums = ["InitialDelaySeconds", "TimeoutSeconds", "PeriodSeconds", "SuccessThreshold", "FailureThreshold"];
  for (let k = 0; k < nums.length; k++) s += ", " + nums[k] + ":" + int(fld(pr, nums[k])).toString();
  if (minor >= 21) s += ", TerminationGracePeriodSeconds:" + ptr("int64", fld(pr, "TerminationGracePeriodSeconds"));
  return s + "}";
}

/** %#v of the internal core.Lifecycle (1.15-1.24). */
function renderLifecycle(lc: Val | null, minor: i32): string {
  const t = minor >= 23 ? "core.LifecycleHandler" : "core.Handler";
  return "core.Lifecycle{PostStart:" + ptr(t, fld(lc, "PostStart")) + ", PreStop:" + ptr(t, fld(lc, "PreStop")) + "}";
}

/** 1.25+ validateInitContainers' bans and sidecar rules of init container `c` at `p`, after the
 * uniqueness and host-port checks: a sidecar (restartPolicy Always, 1.28+) gets its lifecycle and
 * probes validated, any other init container may not set them. */
export function initProbeRules(c: Val | null, p: string, o: ContainerOpts, errs: ErrList): void {
  if (o.minor >= 28 && restartAlways(c)) {
    const lc = fld(c, "Lifecycle");
    if (isSet(lc)) lifecycle(lc, p + ".lifecycle", o, errs);
    probes(c, p, o, errs);
    return;
  }
  const detail = o.minor >= 28 ? "may not be set for init containers without restartPolicy=Always" : "may not be set for init containers";
  if (isSet(fld(c, "Lifecycle"))) errs.forbidden(p + ".lifecycle", detail);
  if (fld(c, "LivenessProbe") !== null) errs.forbidden(p + ".livenessProbe", detail);
  if (fld(c, "ReadinessProbe") !== null) errs.forbidden(p + ".readinessProbe", detail);
  if (fld(c, "StartupProbe") !== null) errs.forbidden(p + ".startupProbe", detail);
}

/** 1.34-1.35 field.TooLong(path, list, max) ("bytes": apimachinery's text), 1.36+ field.TooMany(path, n, max). */
function tooManyItems(path: string, n: i32, max: i32, minor: i32, errs: ErrList): void {
  if (minor >= 36) errs.add(new FieldError(path, "Too many", "Too many: " + n.toString() + ": must have at most " + max.toString() + " items"));
  else errs.add(new FieldError(path, T_TOO_LONG, T_TOO_LONG + ": may not be more than " + max.toString() + " bytes"));
}

/** validateContainerRestartPolicy (1.34+): the container's restartPolicy and restartPolicyRules (at most
 * 20 rules and 255 exit codes per rule). */
function containerRestartPolicy(c: Val | null, p: string, o: ContainerOpts, errs: ErrList): void {
  const rp = fld(c, "RestartPolicy"), rules = fld(c, "RestartPolicyRules");
  const n = sliceLen(rules);
  if (!isSet(rp)) {
    if (n == 0) return;
    errs.required(p + ".restartPolicy", "must specify restartPolicy when restart rules are used");
  } else {
    const v = str(rp);
    if (v != "Always" && v != "Never" && v != "OnFailure") errs.notSupported(p + ".restartPolicy", v, ["Always", "Never", "OnFailure"]);
  }
  if (n > 20) tooManyItems(p + ".restartPolicyRules", n, 20, o.minor, errs);
  for (let i = 0; i < n; i++) {
    const r = at(rules, i);
    const rpth = p + ".restartPolicyRules[" + i.toString() + "]";
    const action = str(fld(r, "Action"));
    if (!(action == "Restart" || (o.restartAll && action == "RestartAllContainers"))) {
      errs.notSupported(rpth + ".action", action, o.restartAll && o.minor >= 36 ? ["Restart", "RestartAllContainers"] : ["Restart"]);
    }
    const ec = fld(r, "ExitCodes");
    if (!isSet(ec)) errs.required(rpth + ".exitCodes", "must be specified");
    else {
      const op = str(fld(ec, "Operator"));
      if (op != "In" && op != "NotIn") errs.notSupported(rpth + ".exitCodes.operator", op, ["In", "NotIn"]);
      const nv = sliceLen(fld(ec, "Values"));
      if (nv > 255) tooManyItems(rpth + ".exitCodes.values", nv, 255, o.minor, errs);
    }
  }
}

/** 1.28+ the init container's own restartPolicy (validateInitContainerRestartPolicy, with the
 * restart rules from 1.34). */
export function initRestartPolicy(c: Val | null, p: string, o: ContainerOpts, errs: ErrList): void {
  const rp = fld(c, "RestartPolicy");
  if (o.minor < 28) return;
  if (!isSet(rp)) {
    // 1.35+ also look at a nil policy: rules need one
    if (o.minor >= 35 && sliceLen(fld(c, "RestartPolicyRules")) > 0) errs.required(p + ".restartPolicy", "must specify restartPolicy when restart rules are used");
    return;
  }
  const v = str(rp);
  if (!o.restartRules) {
    if (v != "Always") errs.notSupported(p + ".restartPolicy", v, ["Always"]);
    return;
  }
  if (v == "Always") {
    if (o.minor >= 35 && o.restartAll) containerRestartPolicy(c, p, o, errs);
    else if (sliceLen(fld(c, "RestartPolicyRules")) > 0) errs.forbidden(p + ".restartPolicyRules", "restartPolicyRules are not allowed for init containers with restart policy Always");
  } else containerRestartPolicy(c, p, o, errs);
}

/** 1.25+ validateContainers' checks after the uniqueness check: lifecycle, probes, and (1.28+) the
 * container restartPolicy only init containers may set (1.35+: any supported value). */
export function regularProbeRules(c: Val | null, p: string, o: ContainerOpts, errs: ErrList): void {
  const lc = fld(c, "Lifecycle");
  if (isSet(lc)) lifecycle(lc, p + ".lifecycle", o, errs);
  probes(c, p, o, errs);
  if (o.minor < 28) return;
  const rp = fld(c, "RestartPolicy");
  if (o.restartRules) containerRestartPolicy(c, p, o, errs);
  else if (isSet(rp)) errs.forbidden(p + ".restartPolicy", "may not be set for non-init containers");
}
