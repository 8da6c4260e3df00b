// Generators of kubelet.resizeAdmission requests (the kubelet's admission of an in-place resize on its node;
// contract: test/oracle/k8s/harness/admit.go): realistic nodes (cloud instance sizes, allocatable written as the
// kubelet reports it or only a capacity, a small pod limit now and then, a GPU or hugepages, labels, a NoSchedule
// taint), 0-8 other pods bound there (Running, Pending, now and then Succeeded or Failed, BestEffort ones, a
// mirror pod, a repeated uid, sidecars, the resources the kubelet reports for their containers, now and then a
// pending resize of their own: Infeasible or Deferred), and the resized pod whose desired requests land near what is left on the node
// (exactly on it, a milli-core or a byte either side, a bit more or less, beyond the allocatable), in the
// spellings the API accepts ("1500m", "1.5", 2, "1Gi", "1073741824", "1e9", "512M"), with limits (Guaranteed or
// Burstable), a non-restartable init container and sidecars (1.29+), pod-level resources (1.34+, or with the gate
// on 1.32-1.33), pod overhead, the kubelet-reported status of its containers (allocatedResources; 1.33+ also
// resources), the static CPU / memory manager policies and InPlacePodVerticalScalingExclusiveCPUs. At most one
// scalar resource is short at a time (Go's map order picks which one is reported first).

import fc from "fast-check";
import { rng } from "../support/arbitraries.ts";

/** A JSON object. */
export type Obj = Record<string, any>;

/** The kubelet minors with in-place resize. */
export const ADMIT_MINORS = ["1.27", "1.28", "1.29", "1.30", "1.31", "1.32", "1.33", "1.34", "1.35", "1.36", "1.37"];


const GI = 1024 ** 3, MI = 1024 ** 2, KI = 1024;

/** One request's generator state. */
class Gen {
  constructor(readonly r: () => number, readonly k: number) {}
  /** An integer in [lo, hi]. */
  int(lo: number, hi: number): number { return lo + Math.floor(this.r() * (hi - lo + 1)); }
  /** True with probability p. */
  p(p: number): boolean { return this.r() < p; }
  /** One of xs. */
  pick<T>(xs: readonly T[]): T { return xs[Math.floor(this.r() * xs.length)]!; }

  /** Millicores in one of their spellings. */
  cpu(m: number): string | number {
    const forms: (string | number)[] = [`${m}m`];
    if (m % 1000 === 0) forms.push(`${m / 1000}`, m / 1000);
    else forms.push(`${m / 1000}`);
    if (m % 100 === 0 && m < 1000) forms.push(`${m / 1000}`);
    return this.pick(forms);
  }
  /** Bytes in one of their spellings. */
  mem(b: number): string | number {
    const forms: (string | number)[] = [`${b}`];
    if (b % GI === 0) forms.push(`${b / GI}Gi`, `${b / GI}Gi`);
    if (b % MI === 0) forms.push(`${b / MI}Mi`, `${b / MI}Mi`);
    if (b % KI === 0) forms.push(`${b / KI}Ki`);
    if (b % 1e9 === 0) forms.push(`${b / 1e9}G`, `${b / 1e9}e9`);
    if (b % 1e6 === 0) forms.push(`${b / 1e6}M`);
    if (b < 2 ** 31 && this.p(0.1)) forms.push(b);
    return this.pick(forms);
  }
}

/** Millicores of a spelling written by Gen.cpu. */
const cpuOf = (q: unknown): number => (typeof q === "number" ? q * 1000 : String(q).endsWith("m") ? Number(String(q).slice(0, -1)) : Number(q) * 1000);
/** Bytes of a spelling written by Gen.mem. */
function memOf(q: unknown): number {
  const s = String(q);
  const m = /^([0-9.]+)(Gi|Mi|Ki|G|M|e9)?$/.exec(s);
  if (!m) return 0;
  const f: Record<string, number> = { Gi: GI, Mi: MI, Ki: KI, G: 1e9, M: 1e6, e9: 1e9 };
  return Math.round(Number(m[1]) * (m[2] ? f[m[2]]! : 1));
}

/** A node size: millicores, bytes of memory. */
const SIZES: [number, number][] = [[2000, 8 * GI], [4000, 16 * GI], [8000, 32 * GI], [16000, 64 * GI], [2000, 4 * GI], [32000, 128 * GI]];

/** Node allocatable as the kubelet computes it from a size (reserved cpu and memory taken off). */
function nodeOf(g: Gen): { node: Obj; cpu: number; mem: number; pods: number; scalar: string | null; scalarN: number } {
  const [c, m] = g.pick(SIZES);
  const cpu = c - g.pick([0, 80, 90, 100, 250]);
  const mem = m - g.pick([0, 100 * MI, 512 * MI, 1 * GI, 1234567]);
  const pods = g.p(0.1) ? g.int(2, 6) : 110;
  const scalar = g.p(0.15) ? g.pick(["nvidia.com/gpu", "hugepages-2Mi", "example.com/dongle"]) : null;
  const scalarN = scalar === "hugepages-2Mi" ? g.int(1, 4) * 512 * MI : g.int(1, 4);
  const list: Obj = { cpu: g.cpu(cpu), memory: g.mem(mem), pods: `${pods}` };
  if (g.p(0.5)) list["ephemeral-storage"] = g.mem(g.pick([50, 100, 200]) * GI - g.pick([0, 5 * GI]));
  if (scalar) list[scalar] = scalar.startsWith("hugepages") ? g.mem(scalarN) : `${scalarN}`;
  const name = g.pick(["ip-10-0-1-23.ec2.internal", "gke-pool-1-abcd", "worker-2", "aks-nodepool1-12345678-vmss000000"]);
  const labels: Obj = { "kubernetes.io/hostname": name, "kubernetes.io/os": "linux", "kubernetes.io/arch": "amd64" };
  if (g.p(0.5)) labels["node.kubernetes.io/instance-type"] = g.pick(["m5.xlarge", "e2-standard-4", "Standard_D4s_v5"]);
  if (g.p(0.3)) labels["disktype"] = "ssd";
  const status: Obj = g.p(0.1) ? { capacity: list } : { capacity: { ...list }, allocatable: list };
  const node: Obj = { apiVersion: "v1", kind: "Node", metadata: { name, labels }, status };
  if (g.p(0.1)) node.spec = { taints: [{ key: "dedicated", value: "batch", effect: g.pick(["NoSchedule", "PreferNoSchedule"]) }] };
  return { node, cpu, mem, pods, scalar, scalarN };
}

/** A container of an other pod with roughly `cpu` millicores and `mem` bytes requested (0: none of that). */
function otherContainer(g: Gen, name: string, cpu: number, mem: number): Obj {
  const requests: Obj = {}, limits: Obj = {};
  if (cpu > 0) requests.cpu = g.cpu(cpu);
  if (mem > 0) requests.memory = g.mem(mem);
  if (g.p(0.4) && cpu > 0) limits.cpu = g.cpu(cpu * g.pick([1, 2]));
  if (g.p(0.5) && mem > 0) limits.memory = g.mem(mem * g.pick([1, 2]));
  const c: Obj = { name, image: g.pick(["nginx:1.25.3", "redis:7.2", "ghcr.io/acme/api:v2.4.1", "busybox:1.36"]) };
  const res: Obj = {};
  if (Object.keys(requests).length) res.requests = requests;
  if (Object.keys(limits).length) res.limits = limits;
  if (Object.keys(res).length || g.p(0.5)) c.resources = res;
  return c;
}

/** Rounds millicores and bytes to what people write. */
const roundCpu = (g: Gen, m: number) => Math.max(10, g.p(0.7) ? Math.round(m / 50) * 50 : Math.round(m));
const roundMem = (g: Gen, b: number) => Math.max(MI, g.p(0.7) ? Math.round(b / (64 * MI)) * 64 * MI : Math.round(b));

/** The other pods bound to the node: their spec's requests (counted as the kubelet counts them) in `used`. */
function otherPods(g: Gen, n: { cpu: number; mem: number; pods: number; scalar: string | null; scalarN: number }, selfUid: string): { pods: Obj[]; usedCpu: number; usedMem: number; usedScalar: number } {
  const count = g.pick([0, 1, 2, 3, 3, 4, 5, 6, 8]);
  const pods: Obj[] = [];
  let usedCpu = 0, usedMem = 0, usedScalar = 0;
  const share = g.pick([0.2, 0.5, 0.7, 0.9]);
  for (let i = 0; i < count; i++) {
    const cpu = g.p(0.15) ? 0 : roundCpu(g, (n.cpu * share) / Math.max(1, count) * (0.5 + g.r()));
    const mem = g.p(0.15) ? 0 : roundMem(g, (n.mem * share) / Math.max(1, count) * (0.5 + g.r()));
    const containers = [otherContainer(g, "main", cpu, mem)];
    if (g.p(0.3)) containers.push(otherContainer(g, "sidecar-proxy", g.pick([0, 10, 50, 100]), g.pick([0, 64 * MI, 128 * MI])));
    const phase = g.p(0.12) ? g.pick(["Succeeded", "Failed"]) : g.p(0.1) ? "Pending" : "Running";
    const uid = g.p(0.05) && i > 0 ? `00000000-0000-0000-0000-00000000000${i - 1}` : `00000000-0000-0000-0000-00000000000${i}`;
    const meta: Obj = { name: `app-${i}-${g.int(1000, 9999)}`, namespace: g.pick(["default", "prod", "kube-system"]), uid: g.p(0.1) ? undefined : uid };
    if (g.p(0.03)) meta.annotations = { "kubernetes.io/config.mirror": "0123456789abcdef", "kubernetes.io/config.source": "file" };
    if (g.p(0.02)) meta.uid = selfUid;
    const spec: Obj = { nodeName: "ignored-by-the-kubelet", containers };
    if (n.scalar && g.p(0.3)) {
      const q = n.scalar.startsWith("hugepages") ? 512 * MI : 1;
      containers[0]!.resources = { ...(containers[0]!.resources ?? {}), limits: { ...(containers[0]!.resources?.limits ?? {}), [n.scalar]: n.scalar.startsWith("hugepages") ? g.mem(q) : `${q}` } };
      if (n.scalar.startsWith("hugepages")) containers[0]!.resources.requests = { ...(containers[0]!.resources.requests ?? {}), [n.scalar]: g.mem(q) };
      if (phase !== "Succeeded" && phase !== "Failed") usedScalar += q;
    }
    if (g.p(0.2)) spec.initContainers = [otherContainer(g, "init-db", g.pick([0, 100, 200]), g.pick([0, 64 * MI]))];
    if (g.k >= 29 && g.p(0.15)) spec.initContainers = [...(spec.initContainers ?? []), { ...otherContainer(g, "log-shipper", g.pick([50, 100]), 64 * MI), restartPolicy: "Always" }];
    const status: Obj = { phase };
    if (phase === "Running" && g.p(0.7)) {
      // what the kubelet reports: the allocated and the running resources, equal to the spec unless a resize of
      // that pod is pending (then they are the older values, below or above the spec)
      const pending = g.p(0.3);
      const report = (c: Obj): Obj => {
        const st: Obj = { name: c.name, image: c.image, imageID: "", ready: true, restartCount: 0, started: true };
        const req: Obj = {};
        for (const [rn, q] of Object.entries(c.resources?.requests ?? c.resources?.limits ?? {})) {
          req[rn] = !pending ? q : rn === "cpu" ? g.cpu(Math.max(10, Math.round(cpuOf(q) * g.pick([0.5, 2])))) : rn === "memory" ? g.mem(Math.max(MI, Math.round(memOf(q) * g.pick([0.5, 2]) / MI) * MI)) : q;
        }
        if (Object.keys(req).length && g.p(0.9)) st.allocatedResources = req;
        if (Object.keys(req).length && g.p(0.8)) st.resources = { requests: g.p(0.8) ? req : { ...req, cpu: g.cpu(g.pick([100, 900])) }, ...(c.resources?.limits ? { limits: c.resources.limits } : {}) };
        else if (g.p(0.1)) st.resources = {};
        return st;
      };
      status.containerStatuses = containers.map(report);
      const sidecars = (spec.initContainers ?? []).filter((c: Obj) => c.restartPolicy === "Always");
      if (g.p(0.8)) status.initContainerStatuses = (spec.initContainers ?? []).map((c: Obj) => c.restartPolicy === "Always" ? report(c) : { name: c.name, image: c.image, imageID: "", ready: false, restartCount: 0, state: { terminated: { exitCode: 0, reason: "Completed" } } });
      if (sidecars.length && g.p(0.1)) status.containerStatuses.push(report(sidecars[0]));
      if (pending || g.p(0.05)) {
        const r = g.pick(["Infeasible", "Deferred", "InProgress"]);
        if (g.k <= 32 || g.p(0.2)) status.resize = r;
        if (g.k >= 33 && r !== "InProgress") status.conditions = [{ type: "PodResizePending", status: "True", reason: r, message: "earlier", lastTransitionTime: "2026-11-28T10:00:00Z" }];
        if (g.k >= 33 && r === "InProgress") status.conditions = [{ type: "PodResizeInProgress", status: "True", lastTransitionTime: "2026-11-28T10:00:00Z" }];
      }
    } else if (phase === "Running" && g.p(0.5)) status.containerStatuses = containers.map((c) => ({ name: c.name, image: c.image, imageID: "", ready: true, restartCount: 0, started: true }));
    pods.push({ apiVersion: "v1", kind: "Pod", metadata: meta, spec, status });
    if (phase !== "Succeeded" && phase !== "Failed") { usedCpu += cpu; usedMem += mem; }
  }
  return { pods, usedCpu, usedMem, usedScalar };
}

/** A target near `left` (what is left of `total`): on it, a unit either side, a bit off, beyond the total. */
function nearBoundary(g: Gen, left: number, total: number, unit: number, round: (x: number) => number): number {
  const x = g.pick(["on", "above", "below", "lower", "higher", "beyond", "small", "small"]);
  switch (x) {
    case "on": return left;
    case "above": return left + unit;
    case "below": return left - unit;
    case "lower": return round(left * (0.6 + 0.3 * g.r()));
    case "higher": return round(left * (1.05 + 0.3 * g.r()));
    case "beyond": return total + g.pick([unit, round(total * 0.25)]);
    default: return round(total * 0.05 * (0.2 + g.r()));
  }
}

/** One request line of kubelet `minor`. */
export function admissionRequest(minor: string, seed: number): string {
  const k = Number(minor.slice(2));
  const g = new Gen(rng(seed), k);
  const n = nodeOf(g);
  const selfUid = g.p(0.1) ? undefined : "5b8a2b0e-3f1d-4c7e-9f4b-2a6c1d0e8f11";
  const others = otherPods(g, n, selfUid ?? "resized-pod");
  const leftCpu = n.cpu - others.usedCpu, leftMem = n.mem - others.usedMem;
  // the resized pod: a target for cpu and one for memory (near one boundary, the other resource comfortable)
  const tightCpu = g.p(0.6), tightMem = !tightCpu || g.p(0.3);
  let cpu = tightCpu ? nearBoundary(g, leftCpu, n.cpu, 1, (x) => roundCpu(g, x)) : roundCpu(g, Math.max(leftCpu, 200) * 0.3 * g.r());
  let mem = tightMem ? nearBoundary(g, leftMem, n.mem, 1, (x) => roundMem(g, x)) : roundMem(g, Math.max(leftMem, 256 * MI) * 0.3 * g.r());
  if (g.p(0.05)) cpu = 0;
  if (g.p(0.05)) mem = 0;
  cpu = Math.max(cpu, 0); mem = Math.max(mem, 0);
  const qos = g.pick(["Guaranteed", "Burstable", "Burstable", "BestEffort"]);
  const containers: Obj[] = [];
  const sidecars: Obj[] = [];
  const useSidecar = k >= 29 && g.p(0.25);
  const sideCpu = useSidecar ? g.pick([10, 50, 100]) : 0, sideMem = useSidecar ? g.pick([32, 64, 128]) * MI : 0;
  const split = g.p(0.3) ? 2 : 1;
  const appCpu = Math.max(cpu - sideCpu, 0), appMem = Math.max(mem - sideMem, 0);
  for (let i = 0; i < split; i++) {
    const c = split === 1 ? appCpu : i === 0 ? Math.floor(appCpu / 2) : appCpu - Math.floor(appCpu / 2);
    const m = split === 1 ? appMem : i === 0 ? Math.floor(appMem / 2) : appMem - Math.floor(appMem / 2);
    containers.push(resizedContainer(g, i === 0 ? "app" : "worker", qos, c, m));
  }
  if (useSidecar) sidecars.push({ ...resizedContainer(g, "istio-proxy", qos, sideCpu, sideMem), restartPolicy: "Always" });
  const spec: Obj = { containers, restartPolicy: "Always", terminationGracePeriodSeconds: 30 };
  if (g.p(0.2) || sidecars.length) {
    const inits: Obj[] = [];
    if (g.p(0.6)) inits.push(resizedContainer(g, "migrate", qos, g.p(0.1) ? cpu + g.pick([1, 100]) : g.pick([50, 100]), g.pick([64, 128]) * MI));
    spec.initContainers = [...inits, ...sidecars];
    if (spec.initContainers.length === 0) delete spec.initContainers;
  }
  // the scalar resource (at most one short at a time)
  if (n.scalar && g.p(0.5)) {
    const left = n.scalarN - others.usedScalar;
    const huge = n.scalar.startsWith("hugepages");
    const unit = huge ? 512 * MI : 1;
    const want = Math.max(unit, g.pick([left, left + unit, left - unit, unit]));
    const r = containers[0]!.resources ?? (containers[0]!.resources = {});
    r.limits = { ...(r.limits ?? {}), [n.scalar]: huge ? g.mem(want) : `${want}` };
    if (huge || g.p(0.5)) r.requests = { ...(r.requests ?? {}), [n.scalar]: huge ? g.mem(want) : `${want}` };
  }
  if (g.p(0.1)) {
    const r = containers[0]!.resources ?? (containers[0]!.resources = {});
    r.requests = { ...(r.requests ?? {}), "ephemeral-storage": g.mem(g.pick([1, 10, 60, 250]) * GI) };
  }
  const gates: Obj = {};
  const podLevel = (k >= 34 || (k >= 32 && g.p(0.5))) && g.p(0.12);
  if (podLevel) {
    if (k < 34) gates.PodLevelResources = true;
    spec.resources = { requests: { cpu: g.cpu(Math.max(cpu, 10)), memory: g.mem(Math.max(mem, 64 * MI)) } };
    if (g.p(0.5)) spec.resources.limits = { cpu: g.cpu(Math.max(cpu, 10) * 2), memory: g.mem(Math.max(mem, 64 * MI) * 2) };
  }
  if (g.p(0.08)) spec.overhead = { cpu: g.cpu(g.pick([10, 250])), memory: g.mem(g.pick([32, 120]) * MI) };
  if (g.p(0.06)) spec.nodeSelector = { disktype: "ssd" };
  if (g.p(0.03)) spec.nodeName = "another-node";
  else spec.nodeName = n.node.metadata.name;
  if (g.p(0.05)) spec.os = { name: g.pick(["linux", "linux", "windows"]) };
  if (g.p(0.05)) spec.tolerations = [{ key: "dedicated", operator: "Equal", value: "batch", effect: "NoSchedule" }];
  const status: Obj = { phase: "Running", qosClass: undefined };
  delete status.qosClass;
  if (g.p(0.6)) {
    status.containerStatuses = containers.map((c) => {
      const s: Obj = { name: c.name, image: c.image, imageID: "", ready: true, restartCount: 0, started: true, state: { running: { startedAt: "2026-11-28T10:00:00Z" } } };
      const old: Obj = {};
      const bigger = g.p(0.3); // a downsize: the running values are above the desired ones
      for (const [rn, q] of Object.entries(c.resources?.requests ?? c.resources?.limits ?? {})) {
        old[rn] = rn === "cpu" ? g.cpu(bigger ? 2 * cpuOf(q) + 100 : g.pick([100, 250, 500])) : rn === "memory" ? g.mem(bigger ? 2 * memOf(q) + 64 * MI : g.pick([128, 256]) * MI) : q;
      }
      if (k <= 31 && g.p(0.02)) return s; // no allocatedResources: 1.27-1.31 panic when they admit
      if (Object.keys(old).length) s.allocatedResources = old;
      if (k >= 33 && g.p(0.5) && Object.keys(old).length) s.resources = { requests: old };
      return s;
    });
  }
  const pod: Obj = { apiVersion: "v1", kind: "Pod", metadata: { name: "web-7d4b9c8f5-x2x9q", namespace: "default", uid: selfUid, labels: { app: "web" } }, spec, status };
  if (g.p(0.06)) pod.metadata.annotations = { "kubernetes.io/config.source": "api" };
  const req: Obj = { op: "kubelet.resizeAdmission", kubelet: minor, pod, node: n.node };
  if (others.pods.length || g.p(0.5)) req.pods = others.pods;
  if (g.p(0.2)) req.cpuManagerPolicy = g.pick(["none", "static"]);
  if (g.p(0.15)) req.memoryManagerPolicy = g.pick(["None", "Static", "static"]);
  if (k >= 32 && g.p(0.08)) gates.InPlacePodVerticalScalingExclusiveCPUs = true;
  if (Object.keys(gates).length) req.gates = gates;
  return JSON.stringify(req);
}

/** A container of the resized pod of class qos with `cpu` millicores and `mem` bytes requested. */
function resizedContainer(g: Gen, name: string, qos: string, cpu: number, mem: number): Obj {
  const c: Obj = { name, image: g.pick(["nginx:1.25.3", "ghcr.io/acme/web:v3.1.0", "envoyproxy/envoy:v1.29.1"]) };
  if (qos === "BestEffort") return c;
  const requests: Obj = {}, limits: Obj = {};
  if (cpu > 0) requests.cpu = g.cpu(cpu);
  if (mem > 0) requests.memory = g.mem(mem);
  if (qos === "Guaranteed") {
    if (cpu > 0) limits.cpu = g.p(0.5) ? requests.cpu : g.cpu(cpu);
    if (mem > 0) limits.memory = g.p(0.5) ? requests.memory : g.mem(mem);
    if (g.p(0.3)) { c.resources = { limits }; return c; } // requests defaulted from limits
  } else {
    if (g.p(0.4) && cpu > 0) limits.cpu = g.cpu(cpu * 2);
    if (g.p(0.4) && mem > 0) limits.memory = g.mem(mem * 2);
  }
  c.resources = {};
  if (Object.keys(requests).length) c.resources.requests = requests;
  if (Object.keys(limits).length) c.resources.limits = limits;
  if (g.p(0.3)) c.resizePolicy = [{ resourceName: "cpu", restartPolicy: "NotRequired" }, { resourceName: "memory", restartPolicy: g.pick(["NotRequired", "RestartContainer"]) }];
  return c;
}

/** `count` requests of kubelet `minor` from `seed`. */
export function admissionRequests(minor: string, count: number, seed: number): string[] {
  return Array.from({ length: count }, (_, i) => admissionRequest(minor, seed * 7919 + i));
}

/** The arbitrary form (a seed each). */
export const admissionArbitrary = (minor: string): fc.Arbitrary<string> => fc.noBias(fc.integer({ min: 0, max: 2 ** 31 - 1 })).map((s) => admissionRequest(minor, s));
