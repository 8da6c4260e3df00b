// Generators of the pod.validateUpdate suite for ephemeral containers and pod-wide resources: realistic
// stored pods (validate-arbitraries.ts) with debug containers (kubectl debug's shape: name, image, target,
// stdin / tty) — valid ones and ones carrying what upstream refuses there (ports, resources, probes,
// lifecycle, resizePolicy, restartPolicy, volumeDevices, securityContext, subPath mounts, repeated or
// missing names, unknown targets, whitespace images) —, spec.overhead, 1.34+ restartPolicyRules beyond
// 20 rules / 255 exit codes, several hugepage sizes (the 1.15-1.21 single-size rule), and 1.26+ resource
// claims (spec.resourceClaims in each minor's shape, containers' resources.claims), 1.32+ pod-level resources. Edits go on the
// new pod only (an update that adds them) or on both pods (an already-invalid pod updated harmlessly, or
// edited further).

import fc from "fast-check";
import { storedPod, type Obj } from "./validate-arbitraries.ts";

type Edit = (p: Obj) => void;

const probe: Obj = { exec: { command: ["cat", "/tmp/ready"] }, periodSeconds: 10, timeoutSeconds: 1, successThreshold: 1, failureThreshold: 3 };

/** Fields upstream forbids (or, before 1.23, allows only partly) on an ephemeral container. */
const extra = fc.constantFrom<Obj>(
  {},
  {},
  { ports: [{ containerPort: 8080, protocol: "TCP" }] },
  { ports: [] },
  { resources: { limits: { cpu: "100m", memory: "64Mi" }, requests: { cpu: "100m", memory: "64Mi" } } },
  { resources: {} },
  { resources: { requests: {} } },
  { resources: { claims: [{ name: "gpu" }, { name: "" }] } },
  { resources: { limits: { memory: "64Mi", "hugepages-2Mi": "3Mi" }, requests: { memory: "64Mi", "hugepages-2Mi": "3Mi" } } },
  { livenessProbe: probe },
  { readinessProbe: probe, startupProbe: probe },
  { lifecycle: { preStop: { exec: { command: ["sleep", "5"] } } } },
  { securityContext: { capabilities: { add: ["SYS_PTRACE"] } } },
  { securityContext: { runAsUser: -1 } },
  { resizePolicy: [{ resourceName: "cpu", restartPolicy: "NotRequired" }] },
  { restartPolicy: "Always" },
  { volumeDevices: [{ name: "data", devicePath: "/dev/xvda" }] },
  { volumeMounts: [{ name: "data", mountPath: "/data", subPath: "logs" }] },
  { volumeMounts: [{ name: "config", mountPath: "/etc/app", readOnly: true, subPathExpr: "$(POD_NAME)" }, { name: "data", mountPath: "/data" }] },
  { volumeMounts: [{ name: "missing", mountPath: "/m" }] },
  { env: [{ name: "DEBUG", value: "1" }, { name: "1BAD", value: "x" }] },
  { workingDir: "/tmp", command: ["sh"], args: ["-c", "sleep 3600"] },
  { terminationMessagePolicy: "Sometimes" },
);

/** One debug container; `i` keeps generated names distinct unless a repeat is drawn. */
const debugContainer = (i: number): fc.Arbitrary<Obj> => fc.record({
  name: fc.constantFrom(`debugger-${"abcde"[i]}x7k`, `debugger-${"abcde"[i]}x7k`, "debugger", "app", "init-db", "", "Debug_1"),
  image: fc.constantFrom("busybox:1.36", "registry.k8s.io/e2e-test-images/agnhost:2.45", "nicolaka/netshoot:v0.13", " busybox:1.36", ""),
  target: fc.constantFrom<string | undefined>(undefined, "app", "app", "init-db", "sidecar", "missing", "debugger"),
  tty: fc.boolean(),
  pull: fc.constantFrom("IfNotPresent", "IfNotPresent", "Always", ""),
  extra,
}).map((r) => {
  const c: Obj = { name: r.name, image: r.image, terminationMessagePath: "/dev/termination-log", terminationMessagePolicy: "File", imagePullPolicy: r.pull, ...r.extra };
  if (r.tty) { c.stdin = true; c.tty = true; }
  if (r.target !== undefined) c.targetContainerName = r.target;
  if (c.imagePullPolicy === "") delete c.imagePullPolicy;
  return c;
});

/** 1-3 ephemeral containers. */
const ephemeral: fc.Arbitrary<Obj[]> = fc.integer({ min: 1, max: 3 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => debugContainer(i))));

/** A spec.overhead with at most one bad entry (upstream ranges over the map in random order). */
const overhead = fc.constantFrom<Obj>(
  { cpu: "250m", memory: "120Mi" },
  { cpu: "100m" },
  {},
  { cpu: "-1", memory: "120Mi" },
  { memory: "120Mi", "example.com/foo": "1.5" },
  { cpu: "250m", pods: "1" },
  { "hugepages-2Mi": "2Mi" },
  { cpu: "250m", "hugepages-2Mi": "3Mi" },
  { cpu: "250m", "bad name!": "1" },
);

const rule = (codes: number) => ({ action: "Restart", exitCodes: { operator: "In", values: Array.from({ length: codes }, (_, i) => i + 1) } });
/** restartPolicyRules of a regular container (1.34+: at most 20 rules, 255 exit codes each). */
const restartRules = fc.tuple(fc.constantFrom(1, 3, 20, 21, 24), fc.constantFrom(1, 2, 255, 256, 300)).map(([n, codes]) =>
  Array.from({ length: n }, (_, i) => (i === 0 ? rule(codes) : rule(2))));

/** Hugepages of two sizes in one or two containers (limits = requests, with cpu and memory). */
const hugepages = fc.constantFrom<[string, string][]>(
  [["hugepages-2Mi", "100Mi"]],
  [["hugepages-2Mi", "100Mi"], ["hugepages-1Gi", "1Gi"]],
  [["hugepages-1Gi", "2Gi"], ["hugepages-2Mi", "4Mi"]],
  [["hugepages-2Mi", "3Mi"]],
);

/** A spec.resourceClaims entry in the minor's shape (1.26-1.30 under `source`, flat from 1.31). Both names
 * set only from 1.34, where ErrorBody prints JSON (before, %#v prints the pointers' addresses). */
const podClaim = (n: number): fc.Arbitrary<Obj> => fc.tuple(
  fc.constantFrom("gpu", "gpu", "nic", "", "Bad_Claim", "x".repeat(64)),
  fc.constantFrom<Obj>({ resourceClaimTemplateName: "gpu-template" }, { resourceClaimName: "shared-gpu" }, {}, { resourceClaimName: "Bad_Name" }, { resourceClaimTemplateName: "tpl." }, { resourceClaimName: "a", resourceClaimTemplateName: "b" }),
).map(([name, src]) => {
  const s = n < 34 && src.resourceClaimName && src.resourceClaimTemplateName ? { resourceClaimTemplateName: "gpu-template" } : src;
  return n <= 30 ? { name, source: s } : { name, ...s };
});

/** A container's resources.claims (names of the pod's claims; 1.31+ requests). */
const containerClaims = (n: number): fc.Arbitrary<Obj[]> => fc.constantFrom<Obj[]>(
  [{ name: "gpu" }], [{ name: "gpu" }, { name: "nic" }], [{ name: "gpu" }, { name: "gpu" }], [{ name: "" }], [{ name: "missing" }],
  ...(n >= 31 ? [[{ name: "gpu", request: "a" }, { name: "gpu" }], [{ name: "gpu", request: "Bad_Req" }], [{ name: "gpu", request: "a" }, { name: "gpu", request: "a" }], [{ name: "gpu", request: "a" }, { name: "gpu", request: "b" }, { name: "gpu" }]] : []),
);

/** Claim edits at minor `n`: the pod's claims, containers referring to them, a long pod name (the generated claim name). */
const claimEdits = (n: number): fc.Arbitrary<Edit> => fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 2 }).chain((k) => fc.array(podClaim(n), { minLength: k, maxLength: k })).map((cl) => (p: Obj) => { p.spec.resourceClaims = cl; }) },
  { weight: 3, arbitrary: fc.tuple(fc.nat(2), containerClaims(n)).map(([i, cl]) => (p: Obj) => { const c = p.spec.containers[i % p.spec.containers.length]; c.resources = { ...c.resources, claims: cl }; }) },
  { weight: 1, arbitrary: fc.constant((p: Obj) => { p.metadata.name = "batch-" + "w".repeat(245); }) },
);

/** Pod-level resources (1.32+): every container and init container gets the same requirements, so the
 * aggregates are known and at most one resource breaks each rule (upstream ranges over the maps). */
const podResources = (n: number): fc.Arbitrary<Edit> => fc.tuple(
  fc.constantFrom<Obj>(
    { requests: { cpu: "4", memory: "2Gi" }, limits: { cpu: "8", memory: "4Gi" } },
    { requests: { cpu: "1", memory: "2Gi" } },
    { requests: { cpu: "4" } },
    { requests: { cpu: "2", memory: "1Gi" }, limits: { cpu: "500m" } },
    { requests: { cpu: "4", memory: "2Gi" }, limits: { cpu: "2", memory: "4Gi" } },
    { requests: { cpu: "4", memory: "2Gi", "ephemeral-storage": "1Gi" } },
    { requests: { cpu: "4", memory: "2Gi" }, limits: { "example.com/gpu": "1" } },
    { requests: { cpu: "4", memory: "2Gi" }, claims: [{ name: "gpu" }] },
    { requests: { cpu: "4", memory: "2Gi", "hugepages-2Mi": "2Mi" }, limits: { cpu: "4", memory: "2Gi", "hugepages-2Mi": "2Mi" } },
    { requests: { cpu: "-1", memory: "2Gi" } },
    {},
  ),
  fc.constantFrom<Obj>(
    { requests: { cpu: "500m", memory: "128Mi" }, limits: { cpu: "1", memory: "256Mi" } },
    { requests: { cpu: "250m", memory: "64Mi" } },
    { requests: { cpu: "500m", memory: "128Mi", "hugepages-2Mi": "4Mi" }, limits: { cpu: "1", memory: "256Mi", "hugepages-2Mi": "4Mi" } },
  ),
  fc.boolean(), fc.integer({ min: 0, max: 7 }).map((k) => k === 0),
).map(([pod, ctr, sidecar, windows]) => (p: Obj) => {
  p.spec.resources = pod;
  for (const c of [...p.spec.containers, ...(p.spec.initContainers ?? [])]) c.resources = structuredClone(ctr);
  if (sidecar && n >= 29 && p.spec.initContainers) p.spec.initContainers[0].restartPolicy = "Always";
  if (windows && n >= 34) p.spec.os = { name: "windows" };
});

/** The edits of this suite. */
const edits = (n: number): fc.Arbitrary<Edit> => fc.oneof(
  { weight: n >= 26 ? 5 : 0, arbitrary: claimEdits(n) },
  { weight: n >= 32 ? 7 : 0, arbitrary: podResources(n) },
  { weight: 6, arbitrary: ephemeral.map((e) => (p: Obj) => { p.spec.ephemeralContainers = e; }) },
  { weight: 2, arbitrary: debugContainer(3).map((c) => (p: Obj) => { p.spec.ephemeralContainers = [...(p.spec.ephemeralContainers ?? []), c]; }) },
  { weight: 2, arbitrary: overhead.map((o) => (p: Obj) => { p.spec.overhead = o; }) },
  { weight: 2, arbitrary: fc.tuple(restartRules, fc.constantFrom("OnFailure", "Never", "Always")).map(([rules, rp]) => (p: Obj) => {
    p.spec.containers[0].restartPolicy = rp;
    p.spec.containers[0].restartPolicyRules = rules;
  }) },
  { weight: 2, arbitrary: fc.tuple(hugepages, fc.boolean()).map(([hp, spread]) => (p: Obj) => {
    hp.forEach(([name, q], k) => {
      const c = p.spec.containers[spread ? k % p.spec.containers.length : 0];
      const lim = { cpu: "1", memory: "1Gi", ...(c.resources.limits ?? {}), [name]: q };
      c.resources = { limits: lim, requests: { ...lim } };
    });
  }) },
);

/** Harmless edits of the new pod (so an already-invalid old pod gets updated). */
const benign: fc.Arbitrary<Edit> = fc.constantFrom<Edit>(
  (p) => { p.metadata.labels = { ...(p.metadata.labels ?? {}), version: "v2" }; },
  (p) => { p.spec.containers[0].image = "nginx:1.26.0"; },
  (p) => { p.metadata.annotations = { ...(p.metadata.annotations ?? {}), "kubectl.kubernetes.io/restartedAt": "2024-06-01T00:00:00Z" }; },
);

/** Gate settings of this suite (HugePageStorageMediumSize and PodLevelResources where they can be set). */
function gatesFor(minor: string): fc.Arbitrary<Obj | undefined> {
  const n = Number(minor.slice(2));
  const opts: (Obj | undefined)[] = [undefined, undefined];
  if (n >= 18 && n <= 21) opts.push({ HugePageStorageMediumSize: false }, { HugePageStorageMediumSize: true });
  // (from 1.36 turning PodLevelResources off is refused by gates depending on it; 1.37 lists them in random order)
  if (n >= 32 && n <= 35) opts.push({ PodLevelResources: n <= 33 }, { PodLevelResources: n <= 33 });
  return fc.constantFrom(...opts);
}

/** Storage for the volumeDevices case: one claim-backed volume next to the generated ones. */
function withClaim(p: Obj): void {
  if (p.spec.volumes && !p.spec.volumes.some((v: Obj) => v.name === "block")) p.spec.volumes.push({ name: "block", persistentVolumeClaim: { claimName: "block-pvc" } });
}

/** A quantity of this suite's forms (m, k, Ki..Ti, plain) as a number. */
function qty(v: string): number {
  const m = /^(-?[0-9.]+)(m|k|M|G|Ki|Mi|Gi|Ti)?$/.exec(v);
  if (!m) return NaN;
  const f: Record<string, number> = { "": 1, m: 1e-3, k: 1e3, M: 1e6, G: 1e9, Ki: 1024, Mi: 1024 ** 2, Gi: 1024 ** 3, Ti: 1024 ** 4 };
  return Number(m[1]) * f[m[2] ?? ""]!;
}

/** AggregateContainerRequests as numbers (regular containers summed, sidecars added, init running totals max-ed in). */
function aggregateRequests(spec: Obj): Map<string, number> {
  const add = (a: Map<string, number>, r: Obj | undefined) => { for (const [k, v] of Object.entries(r ?? {})) a.set(k, (a.get(k) ?? 0) + qty(v as string)); };
  const total = new Map<string, number>(), sidecars = new Map<string, number>(), inits = new Map<string, number>();
  for (const c of spec.containers) add(total, c.resources?.requests);
  for (const c of spec.initContainers ?? []) {
    let cur: Map<string, number>;
    if (c.restartPolicy === "Always") { add(total, c.resources?.requests); add(sidecars, c.resources?.requests); cur = sidecars; }
    else { cur = new Map(); add(cur, c.resources?.requests); for (const [k, v] of sidecars) cur.set(k, (cur.get(k) ?? 0) + v); }
    for (const [k, v] of cur) if (!inits.has(k) || v > inits.get(k)!) inits.set(k, v);
  }
  for (const [k, v] of inits) if (!total.has(k) || v > total.get(k)!) total.set(k, v);
  return total;
}

/**
 * validatePodResourceConsistency ranges over the aggregate requests (a Go map, random order), and 1.32-1.33
 * read a missing pod request as 0: leave at most one resource whose pod request is below the aggregate.
 */
function oneFailingPodRequest(p: Obj, n: number): void {
  const r = p.spec.resources;
  if (!r) return;
  const agg = aggregateRequests(p.spec);
  const failing = [...agg.keys()].filter((k) => {
    const pr = r.requests?.[k];
    if (pr === undefined) return n <= 33 && agg.get(k)! > 0;
    return agg.get(k)! > qty(pr);
  }).sort();
  if (failing.length <= 1) return;
  // 1.32 refuses hugepages at pod level (another error in the same map walk): keep a hugepage one failing
  const fixed = (k: string) => n === 32 && k.startsWith("hugepages-");
  if (failing.filter(fixed).length > 1) { delete p.spec.resources; return; }
  failing.sort((a, b) => Number(fixed(b)) - Number(fixed(a)));
  r.requests = { ...(r.requests ?? {}) };
  for (const k of failing.slice(1)) {
    r.requests[k] = k === "cpu" ? "64" : "64Gi";
    // a hugepage request needs an equal limit (else another error in the same random-order map walk)
    if (k.startsWith("hugepages-")) r.limits = { ...(r.limits ?? {}), [k]: "64Gi" };
  }
}

/** One request: a stored pod, this suite's edits on the new pod (or on both, then a harmless edit), a minor and gates. */
export const ephemeralRequest = (minor: string): fc.Arbitrary<string> =>
  fc.tuple(storedPod, fc.array(edits(Number(minor.slice(2))), { minLength: 1, maxLength: 3 }), fc.array(edits(Number(minor.slice(2))), { maxLength: 2 }), benign, gatesFor(minor), fc.boolean())
    .map(([base, mine, both, b, gates, more]) => {
      const old = structuredClone(base);
      withClaim(old);
      for (const e of both) e(old);
      const nu = structuredClone(old);
      // an already-invalid pod gets a harmless edit, or sometimes this suite's edits on top (e.g. one more debug container)
      if (both.length > 0 && !more) b(nu); else for (const e of mine) e(nu);
      oneFailingPodRequest(nu, Number(minor.slice(2)));
      const req: Obj = { op: "pod.validateUpdate", kubernetes: minor, old, new: nu };
      if (gates) req.gates = gates;
      return JSON.stringify(req);
    });
