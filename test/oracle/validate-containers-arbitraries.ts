// Generators of the containers' own parts for the pod.validateUpdate differential suite and vectors
// (validate-containers.test.ts, make-validate-containers-vectors.ts): realistic stored pods (from
// validate-arbitraries.ts) that may already carry probes, hooks, sidecars, resize policies and security
// contexts, edited with valid and invalid probe handlers and numbers, lifecycle hooks (sleep, stopSignal),
// init-container bans and sidecar restart policies, resource names and quantities (extended,
// hugepages), resize policies and container / pod security contexts.
//
// Upstream ranges over Go maps for resources (random order): every generated ResourceList has at most
// one entry that can fail. Upstream prints some values with %#v, pointers as addresses: `normalizeC`
// masks them as the engine prints them, `(0x?)`.

import fc from "fast-check";
import { normalize, storedPod, type Obj } from "./validate-arbitraries.ts";

type Edit = (p: Obj) => void;

const probeBase = { timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3 };

/** Probe handlers, valid and invalid. */
const handler = fc.constantFrom<Obj>(
  { httpGet: { path: "/healthz", port: 8080, scheme: "HTTP" } },
  { httpGet: { path: "/ready", port: "http", scheme: "HTTPS", httpHeaders: [{ name: "X-Probe", value: "kubelet" }] } },
  { httpGet: { path: "", port: 8080, scheme: "HTTP" } },
  { httpGet: { path: "/", port: 0, scheme: "HTTP" } },
  { httpGet: { path: "/", port: 70000, scheme: "http" } },
  { httpGet: { path: "/", port: "HTTP-Port", scheme: "HTTP" } },
  { httpGet: { path: "/", port: "metrics--exporter-port", scheme: "" } },
  { httpGet: { path: "/", port: 8080, scheme: "FTP", host: "10.0.0.1" } },
  { httpGet: { path: "/", port: 8080, scheme: "HTTP", httpHeaders: [{ name: "Bad Header", value: "x" }] } },
  { httpGet: { path: "/", port: 8080, scheme: "HTTP", httpHeaders: [{ name: "", value: "x" }, { name: "X_Under", value: "y" }] } },
  { httpGet: { path: "/", port: "8080", scheme: "HTTP" } },
  { exec: { command: ["cat", "/tmp/healthy"] } },
  { exec: { command: [] } },
  { exec: {} },
  { tcpSocket: { port: 5432 } },
  { tcpSocket: { port: "postgres" } },
  { tcpSocket: { port: -1 } },
  { tcpSocket: { port: "-bad" } },
  { grpc: { port: 9090 } },
  { grpc: { port: 9090, service: "liveness" } },
  { grpc: { port: 0 } },
  { grpc: { port: 70000 } },
  { exec: { command: ["true"] }, httpGet: { path: "/", port: 80, scheme: "HTTP" } },
  { tcpSocket: { port: 80 }, grpc: { port: 80 } },
  { httpGet: { path: "/", port: 0, scheme: "HTTP" }, tcpSocket: { port: 0 } },
  {},
);

/** Probe numbers, valid and invalid. */
const numbers = fc.constantFrom<Obj>(
  probeBase, probeBase, probeBase,
  { ...probeBase, initialDelaySeconds: 15 },
  { ...probeBase, initialDelaySeconds: -1 },
  { ...probeBase, timeoutSeconds: -5, periodSeconds: -1 },
  { ...probeBase, successThreshold: 0 },
  { ...probeBase, successThreshold: 2 },
  { ...probeBase, successThreshold: -1, failureThreshold: -1 },
  { ...probeBase, terminationGracePeriodSeconds: 30 },
  { ...probeBase, terminationGracePeriodSeconds: 0 },
  { ...probeBase, terminationGracePeriodSeconds: -5 },
);

const probe = fc.tuple(handler, numbers).map(([h, n]) => ({ ...h, ...n }));
const probeKind = fc.constantFrom("livenessProbe", "readinessProbe", "startupProbe");

/** Lifecycle handlers (sleep is known from 1.29; older minors drop it when decoding). */
const hook = fc.constantFrom<Obj>(
  { exec: { command: ["/bin/sh", "-c", "nginx -s quit; sleep 5"] } },
  { exec: { command: [] } },
  { httpGet: { path: "/shutdown", port: 8080, scheme: "HTTP" } },
  { httpGet: { path: "", port: "x", scheme: "HTTPS" } },
  { tcpSocket: { port: 8080 } },
  { sleep: { seconds: 5 } },
  { sleep: { seconds: 0 } },
  { sleep: { seconds: -1 } },
  { sleep: { seconds: 100000 } },
  { sleep: { seconds: 5 }, exec: { command: ["true"] } },
  {},
);

const lifecycle = fc.record({
  postStart: fc.option(hook, { nil: undefined }),
  preStop: fc.option(hook, { nil: undefined }),
  stopSignal: fc.option(fc.constantFrom("SIGTERM", "SIGUSR1", "SIGRTMIN+3", "SIGKILL", "SIGFOO"), { nil: undefined, freq: 4 }),
}, { requiredKeys: [] });

/** ResourceLists with at most one entry that can fail (Go's map order is random). */
const special = fc.constantFrom<[string, string, string]>(
  // [name, request, limit] ("" = leave out of that map)
  ["nvidia.com/gpu", "1", "1"],
  ["nvidia.com/gpu", "1", ""],
  ["nvidia.com/gpu", "2", "1"],
  ["nvidia.com/gpu", "", "500m"],
  ["example.com/foo", "1", "1"],
  ["example.com/bad_", "1", "1"],
  ["gpu", "1", ""],
  ["storage", "1Gi", ""],
  ["pods", "", "1"],
  ["bad name!", "1", ""],
  ["kubernetes.io/widget", "1", "1"],
  ["requests.example.com/x", "1", "1"],
  ["hugepages-2Mi", "4Mi", "4Mi"],
  ["hugepages-2Mi", "", "3Mi"],
  ["hugepages-2Mi", "2Mi", "4Mi"],
  ["hugepages-2Mi", "4Mi", ""],
  ["ephemeral-storage", "-1Gi", ""],
  ["cpu", "-100m", ""],
  ["memory", "", "-1"],
  ["cpu", "0.5", "250m"],
  ["memory", "1.5Gi", "1Gi"],
);

const resources = fc.tuple(special, fc.constantFrom("none", "requests", "both")).map(([[name, req, lim], base]) => {
  const r: Obj = {};
  const requests: Obj = {}, limits: Obj = {};
  if (base !== "none") { requests.cpu = "100m"; requests.memory = "128Mi"; }
  if (base === "both") { limits.cpu = "500m"; limits.memory = "512Mi"; }
  if (req) requests[name] = req;
  if (lim) limits[name] = lim;
  if (Object.keys(requests).length) r.requests = requests;
  if (Object.keys(limits).length) r.limits = limits;
  return r;
});

const restartRules = fc.constantFrom<Obj[]>(
  [{ action: "Restart", exitCodes: { operator: "In", values: [42] } }],
  [{ action: "RestartAllContainers", exitCodes: { operator: "NotIn", values: [0] } }],
  [{ action: "Explode", exitCodes: { operator: "Maybe", values: [1] } }],
  [{ action: "Restart" }, { action: "Restart", exitCodes: { operator: "In", values: [1, 2] } }],
);

const resizePolicy = fc.constantFrom<Obj[]>(
  [{ resourceName: "cpu", restartPolicy: "NotRequired" }],
  [{ resourceName: "cpu", restartPolicy: "NotRequired" }, { resourceName: "memory", restartPolicy: "RestartContainer" }],
  [{ resourceName: "memory", restartPolicy: "RestartContainer" }],
  [{ resourceName: "cpu", restartPolicy: "NotRequired" }, { resourceName: "cpu", restartPolicy: "NotRequired" }],
  [{ resourceName: "nvidia.com/gpu", restartPolicy: "NotRequired" }],
  [{ resourceName: "", restartPolicy: "" }],
  [{ resourceName: "memory", restartPolicy: "Sometimes" }],
);

const seccomp = fc.constantFrom<Obj>(
  { type: "RuntimeDefault" }, { type: "Unconfined" }, { type: "Localhost", localhostProfile: "profiles/audit.json" },
  { type: "Localhost" }, { type: "Localhost", localhostProfile: "/etc/seccomp/x.json" }, { type: "Localhost", localhostProfile: "../escape.json" },
  { type: "RuntimeDefault", localhostProfile: "profiles/x.json" }, { type: "" }, { type: "Bogus" },
);
const apparmor = fc.constantFrom<Obj>(
  { type: "RuntimeDefault" }, { type: "Localhost", localhostProfile: "k8s-nginx" }, { type: "Localhost" },
  { type: "Localhost", localhostProfile: " padded " }, { type: "Localhost", localhostProfile: "" }, { type: "Unconfined", localhostProfile: "x" },
  { type: "" }, { type: "Enforce" },
);

const windowsOptions = fc.constantFrom<Obj>(
  { gmsaCredentialSpecName: "webapp1-credspec" }, { gmsaCredentialSpecName: "Bad_Name" }, { gmsaCredentialSpec: "" }, { gmsaCredentialSpec: "{\"CmsPlugins\":[\"ActiveDirectory\"]}" },
  { runAsUserName: "ContainerUser" }, { runAsUserName: "NT AUTHORITY\\NETWORK SERVICE" }, { runAsUserName: "" }, { runAsUserName: "a\\b\\c" },
  { runAsUserName: "bad<domain>\\user" }, { runAsUserName: "corp.example.com\\svc" }, { runAsUserName: "DOMAIN\\" }, { runAsUserName: ". ." },
  { runAsUserName: "user@host" }, { runAsUserName: "tab\there" }, { runAsUserName: "u".repeat(105) }, { runAsUserName: "d".repeat(256) + "\\user" },
  { runAsUserName: "-bad-.example\\x" },
);

const containerSC = fc.record({
  runAsUser: fc.constantFrom(1000, 0, -1, 2147483648),
  runAsGroup: fc.constantFrom(3000, -5),
  runAsNonRoot: fc.boolean(),
  readOnlyRootFilesystem: fc.boolean(),
  allowPrivilegeEscalation: fc.boolean(),
  privileged: fc.boolean(),
  capabilities: fc.constantFrom<Obj>({ drop: ["ALL"] }, { add: ["NET_ADMIN"], drop: ["ALL"] }, { add: ["CAP_SYS_ADMIN"] }, { add: ["CAP_SYS_ADMIN", "CAP_SYS_ADMIN"] }, { add: [] }),
  procMount: fc.constantFrom("Default", "Unmasked", "Masked"),
  seccompProfile: seccomp,
  appArmorProfile: apparmor,
  windowsOptions,
}, { requiredKeys: [] });

const podSC = fc.record({
  runAsUser: fc.constantFrom(1000, -1),
  runAsGroup: fc.constantFrom(3000, 2147483648),
  fsGroup: fc.constantFrom(2000, -1),
  supplementalGroups: fc.constantFrom([1000], [1000, -1], [4294967296]),
  fsGroupChangePolicy: fc.constantFrom("OnRootMismatch", "Always", "Sometimes"),
  seccompProfile: seccomp,
  appArmorProfile: apparmor,
  supplementalGroupsPolicy: fc.constantFrom("Merge", "Strict", "Loose"),
  sysctls: fc.constantFrom<Obj[]>(
    [{ name: "net.core.somaxconn", value: "1024" }], [{ name: "kernel.shm_rmid_forced", value: "1" }], [{ name: "net/ipv4/ip_forward", value: "1" }],
    [{ name: "net.ipv4.conf.eno2/100.rp_filter", value: "1" }], [{ name: "Kernel.Msgmax", value: "1" }], [{ name: "", value: "1" }],
    [{ name: "fs.mqueue.msg_max", value: "10" }, { name: "fs.mqueue.msg_max", value: "11" }], [{ name: "kernel.sem", value: "250 32000 100 128" }, { name: "net..bad", value: "1" }],
  ),
  runAsNonRoot: fc.boolean(),
  windowsOptions,
}, { requiredKeys: [] });

const edits: fc.Arbitrary<Edit> = fc.oneof(
  // probes of regular containers
  fc.tuple(fc.nat(2), probeKind, probe).map(([i, k, pr]): Edit => (p) => { const c = p.spec.containers; c[i % c.length][k] = pr; }),
  fc.tuple(fc.nat(2), probeKind).map(([i, k]): Edit => (p) => { const c = p.spec.containers; delete c[i % c.length][k]; }),
  // lifecycle hooks and stop signals (with or without spec.os)
  fc.tuple(fc.nat(2), lifecycle).map(([i, lc]): Edit => (p) => { const c = p.spec.containers; c[i % c.length].lifecycle = lc; }),
  fc.constantFrom<Obj | undefined>({ name: "linux" }, { name: "windows" }, { name: "" }, { name: "darwin" }, undefined).map((os): Edit => (p) => { if (os) p.spec.os = os; else delete p.spec.os; }),
  fc.tuple(fc.nat(2), fc.constantFrom("SIGTERM", "SIGRTMAX-2", "SIGFOO", "SIGKILL"), fc.constantFrom("linux", "windows")).map(([i, sig, os]): Edit => (p) => {
    const c = p.spec.containers[i % p.spec.containers.length];
    c.lifecycle = { preStop: { exec: { command: ["/bin/sh", "-c", "sleep 2"] } }, stopSignal: sig };
    p.spec.os = { name: os };
  }),
  // init containers: probes and hooks (banned unless a sidecar), restartPolicy (sidecars), resize policies
  fc.tuple(probeKind, probe).map(([k, pr]): Edit => (p) => { if (p.spec.initContainers) p.spec.initContainers[0][k] = pr; }),
  lifecycle.map((lc): Edit => (p) => { if (p.spec.initContainers) p.spec.initContainers[0].lifecycle = lc; }),
  fc.constantFrom("Always", "Always", "OnFailure", "Never", "Sometimes", undefined).map((rp): Edit => (p) => {
    const ic = p.spec.initContainers?.[0];
    if (ic) { if (rp === undefined) delete ic.restartPolicy; else ic.restartPolicy = rp; }
  }),
  fc.tuple(fc.nat(2), fc.constantFrom("Always", "Never", "Bad")).map(([i, rp]): Edit => (p) => { const c = p.spec.containers; c[i % c.length].restartPolicy = rp; }),
  // container restart rules (1.34+)
  fc.tuple(fc.nat(3), fc.constantFrom<string | undefined>("Never", "OnFailure", "Always", undefined), restartRules).map(([i, rp, rules]): Edit => (p) => {
    const c = i === 3 ? p.spec.initContainers?.[0] : p.spec.containers[i % p.spec.containers.length];
    if (!c) return;
    if (rp === undefined) delete c.restartPolicy; else c.restartPolicy = rp;
    c.restartPolicyRules = rules;
  }),
  // resources and resize policies
  fc.tuple(fc.nat(2), resources).map(([i, r]): Edit => (p) => { const c = p.spec.containers; c[i % c.length].resources = r; }),
  resources.map((r): Edit => (p) => { if (p.spec.initContainers) p.spec.initContainers[0].resources = r; }),
  fc.tuple(fc.nat(2), resizePolicy).map(([i, rp]): Edit => (p) => { const c = p.spec.containers; c[i % c.length].resizePolicy = rp; }),
  resizePolicy.map((rp): Edit => (p) => { if (p.spec.initContainers) p.spec.initContainers[0].resizePolicy = rp; }),
  fc.constant<Edit>((p) => { p.spec.restartPolicy = "Never"; }),
  // security contexts
  fc.tuple(fc.nat(2), containerSC).map(([i, sc]): Edit => (p) => { const c = p.spec.containers; c[i % c.length].securityContext = sc; }),
  containerSC.map((sc): Edit => (p) => { if (p.spec.initContainers) p.spec.initContainers[0].securityContext = sc; }),
  podSC.map((sc): Edit => (p) => { p.spec.securityContext = sc; }),
  fc.tuple(fc.boolean(), fc.boolean()).map(([spn, pid]): Edit => (p) => { p.spec.shareProcessNamespace = spn; if (pid) p.spec.hostPID = true; else delete p.spec.hostPID; }),
  fc.constantFrom("hostIPC", "hostIPC", "hostNetwork").map((k): Edit => (p) => { p.spec[k] = true; }),
  fc.tuple(fc.boolean(), fc.boolean(), fc.constantFrom(undefined, "hostPID", "hostNetwork")).map(([userns, hostVol, host]): Edit => (p) => {
    p.spec.hostUsers = !userns;
    if (hostVol) p.spec.volumes = [...(p.spec.volumes ?? []), { name: "host-logs", hostPath: { path: "/var/log", type: "Directory" } }];
    if (host) p.spec[host] = true;
  }),
);

/** A stored pod that may already carry the containers' parts (realistic, valid values). */
const richPod: fc.Arbitrary<Obj> = fc.tuple(storedPod, fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean()).map(([pod, probes, hooks, sidecar, sc, resize]) => {
  const c0 = pod.spec.containers[0];
  if (probes) {
    c0.livenessProbe = { httpGet: { path: "/healthz", port: 8080, scheme: "HTTP" }, initialDelaySeconds: 10, ...probeBase };
    c0.readinessProbe = { tcpSocket: { port: 8080 }, ...probeBase };
  }
  if (hooks) c0.lifecycle = { preStop: { exec: { command: ["/bin/sh", "-c", "sleep 5"] } } };
  if (sidecar && pod.spec.initContainers) {
    const ic = pod.spec.initContainers[0];
    ic.restartPolicy = "Always";
    ic.startupProbe = { exec: { command: ["true"] }, ...probeBase };
  }
  if (sc) {
    c0.securityContext = { runAsNonRoot: true, runAsUser: 1000, allowPrivilegeEscalation: false, capabilities: { drop: ["ALL"] }, seccompProfile: { type: "RuntimeDefault" } };
    pod.spec.securityContext = { fsGroup: 2000, runAsGroup: 3000 };
  }
  if (resize) c0.resizePolicy = [{ resourceName: "cpu", restartPolicy: "NotRequired" }, { resourceName: "memory", restartPolicy: "RestartContainer" }];
  return pod;
});

/** Gate settings a request may carry at a minor (only gates that exist there and are not locked). */
function gatesFor(minor: string): fc.Arbitrary<Obj | undefined> {
  const n = Number(minor.slice(2));
  const opts: (Obj | undefined)[] = [undefined];
  if (n >= 27 && n <= 34) opts.push({ InPlacePodVerticalScaling: true }, { InPlacePodVerticalScaling: false });
  return fc.constantFrom(...opts);
}

/** One request: a stored pod, an edited copy (1 to 3 edits of the containers' parts), a minor, gates and allowPrivileged (absent = true). */
export const requestC = (minor: string): fc.Arbitrary<string> =>
  fc.tuple(richPod, fc.array(edits, { minLength: 1, maxLength: 3 }), gatesFor(minor), fc.constantFrom<boolean | undefined>(undefined, true, false)).map(([old, es, gates, ap]) => {
    const nu = structuredClone(old);
    for (const e of es) e(nu);
    const req: Obj = { op: "pod.validateUpdate", kubernetes: minor, old, new: nu };
    if (gates) req.gates = gates;
    if (ap !== undefined) req.allowPrivileged = ap;
    return JSON.stringify(req);
  });

/** normalize() of validate-arbitraries.ts, with Go pointer addresses in %#v values masked as `(0x?)`. */
export function normalizeC(answer: string): unknown {
  return JSON.parse(JSON.stringify(normalize(answer)).replace(/\(0x[0-9a-f]+\)/g, "(0x?)"));
}
