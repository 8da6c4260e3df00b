// Differential suite for the kubelet prediction ops: `kubelet.podActions` (the real
// computePodActions of each kubelet minor, pulled into the k8s oracle with //go:linkname) and
// `kubelet.readyCondition` (status.GeneratePodReadyCondition) must agree byte for byte with the engine.
// Pods are realistic (gen.ts containers, init containers and sidecars, probes, ephemeral containers,
// restart policies, hostNetwork, deletion); statuses carry the hash of the container the runtime runs
// (the same spec, or a real edit of it: image bump, env, command, resources, ports), states
// created/running/exited/unknown with exit codes and OOMKilled, probe results, several sandboxes.
// Needs Go on PATH. KINPLACE_KUBELET_MINORS narrows the minors (default: 1.29 1.30 1.37, whose kube builds the
// defaults and validate suites build in CI too);
// KINPLACE_KUBELET_CASES sets the pods per minor; KINPLACE_KUBELET_VECTORS=FILE also writes the lines
// and the oracle's answers as golden vectors (gzip JSON lines, read by test/kubelet.test.ts);
// KINPLACE_KUBELET_DUMP=DIR writes each minor's request lines to DIR/kubelet-<minor>.jsonl.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import fc from "fast-check";
import { engineAnswers, sameAnswers, withSeed } from "./k8s-drive.ts";
import { scopedMinors } from "./scope.ts";
import { buildAll, goAvailable, runOracle, stopOracle } from "./run.ts";
import { container as anyContainer } from "./k8s/gen.ts";

const SELECTED = (process.env.KINPLACE_KUBELET_MINORS ?? "").split(/\s+/).filter(Boolean);
const TARGET_MINORS = SELECTED.length > 0 ? SELECTED : scopedMinors(["1.29", "1.30", "1.37"], "kube");
const PER_MINOR = Number(process.env.KINPLACE_KUBELET_CASES ?? 300);
const SEED = Number(process.env.KINPLACE_K8S_SEED ?? Date.now() % 1_000_000_007);
const VECTORS = process.env.KINPLACE_KUBELET_VECTORS;
const DUMP = process.env.KINPLACE_KUBELET_DUMP; // a directory: each minor's request lines are also written there
const TIME_LIMIT = 1_800_000;

type Obj = Record<string, unknown>;

const minorOf = (k: string): number => Number(k.slice(2));

/** A uniform integer in [0, n): 0 is the rare case. */
const oneIn = (n: number): fc.Arbitrary<number> => fc.constantFrom(...Array.from({ length: n }, (_, i) => i));

const probe = fc.constantFrom({ exec: { command: ["cat", "/tmp/healthy"] }, periodSeconds: 5 }, { httpGet: { path: "/healthz", port: 8080 } }, { tcpSocket: { port: 5432 } });
const images = ["nginx:1.20", "nginx:1.21", "redis:7.2", "registry.k8s.io/pause:3.9", "busybox:1.36", "envoyproxy/envoy:v1.29.1"];

/** A realistic spec container named `name` (sidecar: an init container with restartPolicy Always): some of
 * gen.ts's fields (about a quarter, as real manifests set few), probes, restart policy and rules. */
function specContainer(name: string, kind: "regular" | "init" | "sidecar", k: number): fc.Arbitrary<Obj> {
  return fc
    .tuple(anyContainer.chain((c) => fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }).map((keep) => Object.fromEntries(Object.entries(c).filter((_, i) => keep[i % 40]! && keep[(i * 7 + 3) % 40]!)))), fc.constantFrom(...images), fc.option(probe, { nil: undefined }), fc.option(probe, { nil: undefined }), fc.option(probe, { nil: undefined }), oneIn(10),
      fc.constantFrom("Always", "OnFailure", "Never"), fc.array(fc.record({ action: fc.constantFrom("Restart", "RestartAllContainers", "Nope"), exitCodes: fc.record({ operator: fc.constantFrom("In", "NotIn"), values: fc.array(fc.constantFrom(0, 1, 2, 137, 143), { maxLength: 3 }) }) }), { maxLength: 2 }))
    .map(([base, image, live, startup, ready, r, rp, rules]) => {
      const c: Obj = { ...base, name, image };
      delete c.livenessProbe;
      delete c.startupProbe;
      delete c.readinessProbe;
      delete c.restartPolicy;
      delete c.restartPolicyRules;
      if (live) c.livenessProbe = live;
      if (startup) c.startupProbe = startup;
      if (ready) c.readinessProbe = ready;
      if (kind === "sidecar") c.restartPolicy = "Always";
      else if (kind === "regular" && k >= 34 && r === 0) {
        c.restartPolicy = rp;
        if (rules.length > 0) c.restartPolicyRules = rules;
      }
      return c;
    });
}

/** A real edit of a container (what the runtime may still run): image, env, command, resources or ports. */
const edit = (c: Obj): fc.Arbitrary<Obj> =>
  fc.constantFrom("image", "env", "command", "resources", "ports").map((what) => {
    const e: Obj = { ...c };
    if (what === "image") e.image = String(c.image) + "-old";
    if (what === "env") e.env = [...((c.env as unknown[]) ?? []), { name: "OLD_FLAG", value: "1" }];
    if (what === "command") e.command = ["/bin/old"];
    if (what === "resources") e.resources = { limits: { cpu: "250m", memory: "64Mi" } };
    if (what === "ports") e.ports = [{ containerPort: 9999 }];
    return e;
  });

/** A pod for kubelet minor k, with the containers the runtime runs for each spec container (same or edited). */
function podCase(k: number): fc.Arbitrary<{ pod: Obj; running: Map<string, Obj> }> {
  const names = fc.uniqueArray(fc.constantFrom("app", "web", "db", "cache", "proxy", "init-db", "setup", "migrate", "log-agent", "mesh", "debug", "shell", "metrics", "warm"), { minLength: 2, maxLength: 9 });
  return names.chain((all) => {
    const nRegular = Math.max(1, Math.ceil(all.length / 2));
    const regular = all.slice(0, nRegular);
    const rest = all.slice(nRegular);
    return fc.tuple(
      fc.tuple(...regular.map((n) => specContainer(n, "regular", k))),
      fc.tuple(...rest.map((n) => fc.boolean().chain((side) => specContainer(n, side && k >= 28 ? "sidecar" : "init", k)))),
      fc.nat(3),
      fc.constantFrom("Always", "Always", "OnFailure", "Never", undefined),
      oneIn(10),
      oneIn(10),
      fc.nat(3),
    ).chain(([cs, ics, nEphemeral, restartPolicy, hn, del, gen]) => {
      const inits = ics.slice(0, Math.max(0, ics.length - (nEphemeral > 1 ? 1 : 0)));
      const ephemeral = ics.slice(inits.length).map((c) => ({ name: c.name, image: "busybox:1.36", command: ["sh"] }));
      const spec: Obj = { containers: cs };
      if (inits.length > 0) spec.initContainers = inits;
      if (ephemeral.length > 0) spec.ephemeralContainers = ephemeral;
      if (restartPolicy) spec.restartPolicy = restartPolicy;
      if (hn === 0) spec.hostNetwork = true;
      const metadata: Obj = { name: "web-0", namespace: "default", uid: "8a7f6b2e-0d1c-4e5f-9a8b-7c6d5e4f3a2b", generation: gen + 1 };
      if (del === 0) metadata.deletionTimestamp = "2025-01-01T00:00:00Z";
      const pod: Obj = { metadata, spec };
      const all = [...cs, ...inits];
      return fc.tuple(...all.map((c) => fc.oneof({ weight: 3, arbitrary: fc.constant(c) }, { weight: 1, arbitrary: edit(c) }))).map((run) => {
        const running = new Map<string, Obj>();
        all.forEach((c, i) => running.set(String(c.name), run[i]!));
        for (const e of ephemeral) running.set(String(e.name), e as Obj);
        return { pod, running };
      });
    });
  });
}

const stateArb = fc.constantFrom("running", "running", "running", "exited", "exited", "created", "unknown");
const exitArb = fc.constantFrom(0, 0, 1, 2, 137, 143);
const reasonArb = fc.constantFrom(undefined, undefined, "Error", "Completed", "OOMKilled");
const probeResult = fc.constantFrom(undefined, undefined, "success", "failure");

/** The runtime's status for a pod: statuses (some missing, some duplicated) and sandboxes. */
function statusCase(pod: Obj, hashes: Map<string, string>): fc.Arbitrary<Obj> {
  const spec = pod.spec as Obj;
  const names = [...((spec.containers as Obj[]) ?? []), ...((spec.initContainers as Obj[]) ?? []), ...((spec.ephemeralContainers as Obj[]) ?? [])].map((c) => String(c.name));
  const one = (name: string, i: number) =>
    fc.record({ present: oneIn(6), state: stateArb, exitCode: exitArb, reason: reasonArb, liveness: probeResult, startup: probeResult, restartCount: fc.nat(5), hashKind: oneIn(16), old: oneIn(5) })
      .map((r) => {
        if (r.present === 0) return [] as Obj[];
        const s: Obj = { id: `c${i}-${name}`, name, state: r.state, restartCount: r.restartCount };
        if (r.state === "exited" || r.state === "unknown") s.exitCode = r.exitCode;
        if (r.reason) s.reason = r.reason;
        if (r.liveness) s.liveness = r.liveness;
        if (r.startup) s.startup = r.startup;
        s.hash = r.hashKind === 0 ? "deadbeef" : hashes.get(name)!;
        if (r.old === 0) s.sandbox = "sb-old";
        const out = [s];
        if (r.old === 1) out.push({ id: `c${i}-${name}-prev`, name, state: "exited", exitCode: 1, hash: hashes.get(name)!, sandbox: "sb-old" });
        return out;
      });
  const hostNetwork = spec.hostNetwork === true;
  const sandbox = (id: string) =>
    fc.record({ ready: oneIn(10), attempt: fc.nat(3), net: fc.constantFrom(...Array.from({ length: 31 }, (_, i) => i)), ip: oneIn(20) }).map((r) => {
      const s: Obj = { id, attempt: r.attempt, ready: id === "sb-old" ? r.ready < 2 : r.ready !== 0 };
      const mode = r.net === 0 ? "CONTAINER" : r.net === 1 ? (hostNetwork ? "POD" : "NODE") : hostNetwork ? "NODE" : "POD";
      if (mode !== "POD" || r.net > 15) s.network = mode;
      if (r.ip !== 0 && !hostNetwork) s.ip = `10.244.1.${r.ip + 10}`;
      return s;
    });
  return fc.tuple(fc.tuple(...names.map(one)), oneIn(12), sandbox("sb-new"), sandbox("sb-old"), fc.boolean()).map(([lists, nsb, s1, s2, shuffle]) => {
    let containers = lists.flat();
    if (shuffle) containers = [...containers].reverse();
    const sandboxes = nsb === 0 ? [] : nsb <= 8 ? [s1] : [s1, s2];
    const st: Obj = { sandboxes, containers };
    return st;
  });
}

/** Gates a request may set in minor k (the model covers these). */
function gatesArb(k: number): fc.Arbitrary<Obj | undefined> {
  const opts: fc.Arbitrary<Obj>[] = [];
  if (k >= 16 && k <= 24) opts.push(fc.boolean().map((b) => ({ EphemeralContainers: b })));
  if (k >= 28 && k <= 32) opts.push(fc.boolean().map((b) => ({ SidecarContainers: b })));
  if (k === 33) opts.push(fc.boolean().map((b) => ({ LegacySidecarContainers: b })));
  // 1.36+: turning ContainerRestartRules off is refused (RestartAllContainersOnContainerExits needs it), and
  // a refused gate leaves the oracle's feature gate state behind (featuregate keeps the raw value)
  if (k >= 34) opts.push(fc.boolean().map((b) => ({ ContainerRestartRules: b || k >= 36 })));
  if (opts.length === 0) return fc.constant(undefined);
  return fc.option(fc.oneof(...opts), { nil: undefined, freq: 3 });
}

/** podActions request lines for minor `minor` (hashes of the running containers from the engine's container.hash). */
function podActionLines(minor: string, n: number, seed: number): string[] {
  const k = minorOf(minor);
  const cases = fc.sample(fc.tuple(podCase(k), gatesArb(k)), { numRuns: n, seed });
  const hashReqs: string[] = [];
  for (const [c] of cases) for (const [, run] of c.running) hashReqs.push(JSON.stringify({ op: "container.hash", container: run, kubelet: minor }));
  const hashAnswers = engineAnswers(hashReqs).map((a) => (JSON.parse(a) as { result: { hash: string } }).result.hash);
  let h = 0;
  const lines: string[] = [];
  cases.forEach(([c, gates], i) => {
    const hashes = new Map<string, string>();
    for (const [name] of c.running) hashes.set(name, hashAnswers[h++]!);
    const [status] = fc.sample(statusCase(c.pod, hashes), { numRuns: 1, seed: seed + i });
    lines.push(JSON.stringify({ op: "kubelet.podActions", kubelet: minor, pod: c.pod, podStatus: status, gates }));
  });
  return lines;
}

/** readyCondition request lines for minor `minor`. */
function readyLines(minor: string, n: number, seed: number): string[] {
  const k = minorOf(minor);
  const condTypes = ["example.com/feature-a", "www.example.com/gate", "PodScheduled", "Initialized", "target-health.elbv2.k8s.aws/tg"];
  const pod = fc
    .tuple(
      fc.uniqueArray(fc.constantFrom("app", "web", "db", "cache"), { minLength: 1, maxLength: 4 }),
      fc.array(fc.tuple(fc.constantFrom("init-a", "sidecar-b", "mesh", "setup"), fc.boolean()), { maxLength: 3 }),
      fc.uniqueArray(fc.constantFrom(...condTypes), { maxLength: 3 }),
      fc.constantFrom("Pending", "Running", "Running", "Succeeded", "Failed", "Unknown", undefined),
      fc.array(fc.record({ type: fc.constantFrom(...condTypes, "Ready", "ContainersReady"), status: fc.constantFrom("True", "True", "False", "Unknown", "maybe"), observedGeneration: fc.nat(3) }), { maxLength: 4 }),
      oneIn(10),
      fc.array(fc.tuple(oneIn(12), oneIn(8)), { minLength: 8, maxLength: 8 }),
      fc.nat(5),
      fc.option(fc.array(fc.record({ type: fc.constantFrom("Ready", "ContainersReady"), status: fc.constantFrom("True", "False"), observedGeneration: fc.nat(2) }), { maxLength: 2 }), { nil: undefined }),
      gatesArb(k),
      fc.constantFrom(undefined, { PodObservedGenerationTracking: true }, { PodObservedGenerationTracking: false }),
    )
    .map(([cs, ics, gates, phase, conds, statusMode, sts, gen, old, g1, g2]) => {
      const seen = new Set<string>();
      const inits = ics.filter(([nme]) => !seen.has(nme) && seen.add(nme)).map(([nme, side]) => ({ name: nme, image: "busybox", ...(side ? { restartPolicy: "Always" } : {}) }));
      const spec: Obj = { containers: cs.map((nme) => ({ name: nme, image: "nginx" })) };
      if (inits.length > 0) spec.initContainers = inits;
      if (gates.length > 0) spec.readinessGates = gates.map((t) => ({ conditionType: t }));
      const status: Obj = {};
      if (phase) status.phase = phase;
      if (conds.length > 0) status.conditions = conds.map((c) => (k >= 33 ? c : { type: c.type, status: c.status }));
      if (statusMode === 1) status.containerStatuses = [];
      else if (statusMode === 2) status.containerStatuses = null;
      else if (statusMode > 2) {
        // a status for most containers and sidecars (mostly ready), sometimes one of a removed container
        const named = [...inits.filter((c) => c.restartPolicy === "Always").map((c) => c.name), ...cs, "gone"];
        status.containerStatuses = named.flatMap((nme, j) => {
          const [present, ready] = sts[j % sts.length]!;
          if (present === 0 || (nme === "gone" && present > 2)) return [];
          return [{ name: nme, ready: ready !== 0, restartCount: 0, image: "nginx", imageID: "" }];
        });
      }
      const req: Obj = { op: "kubelet.readyCondition", kubelet: minor, pod: { metadata: { name: "p", generation: gen + 1 }, spec, status } };
      if (old !== undefined) req.oldStatus = { conditions: old };
      const gatesObj = k === 33 || k === 34 ? g2 : g1;
      if (gatesObj !== undefined) req.gates = gatesObj;
      return JSON.stringify(req);
    });
  return fc.sample(pod, { numRuns: n, seed });
}

before(() => {
  assert.ok(goAvailable(), "the differential suite needs Go on PATH");
  buildAll();
});
after(() => stopOracle());

const vectorLines: { request: string; answer: object }[] = [];

TARGET_MINORS.forEach((minor, i) => {
  test(`kubelet.podActions and kubelet.readyCondition agree with kubelet ${minor} (${PER_MINOR} pods)`, { timeout: TIME_LIMIT }, async () => {
    const lines = [...podActionLines(minor, PER_MINOR, SEED + i * 7919), ...readyLines(minor, Math.ceil(PER_MINOR / 3), SEED + i * 7919 + 1)];
    if (DUMP) writeFileSync(`${DUMP}/kubelet-${minor}.jsonl`, lines.join("\n") + "\n");
    await withSeed(SEED, () => sameAnswers(lines));
    if (VECTORS) {
      const answers = await runOracle(lines);
      lines.forEach((l, j) => vectorLines.push({ request: l, answer: JSON.parse(answers[j]!) as object }));
    }
  });
});

test("kubelet ops: known answers and request errors agree", { timeout: TIME_LIMIT }, async () => {
  const minor = TARGET_MINORS[TARGET_MINORS.length - 1]!;
  const pod = { metadata: { name: "p" }, spec: { containers: [{ name: "app", image: "nginx:1.20" }] } };
  const sb = [{ id: "s1", ready: true, ip: "10.0.0.1" }];
  const lines = [
    // no sandbox yet: create one and start every container
    { op: "kubelet.podActions", kubelet: minor, pod, podStatus: {} },
    // the sandbox lost its IP
    { op: "kubelet.podActions", kubelet: minor, pod, podStatus: { sandboxes: [{ id: "s1", ready: true, attempt: 2 }] } },
    // two ready sandboxes
    { op: "kubelet.podActions", kubelet: minor, pod, podStatus: { sandboxes: [...sb, { id: "s0", ready: true, ip: "10.0.0.2" }] } },
    // liveness failure of a running container whose hash is unknown (definition changed wins)
    { op: "kubelet.podActions", kubelet: minor, pod, podStatus: { sandboxes: sb, containers: [{ id: "c1", name: "app", state: "running", hash: "1", liveness: "failure" }] } },
    // unknown state: killed before the restart
    { op: "kubelet.podActions", kubelet: minor, pod, podStatus: { sandboxes: sb, containers: [{ id: "c1", name: "app", state: "unknown", hash: "1" }] } },
    // ready condition: readiness gates
    { op: "kubelet.readyCondition", kubelet: minor, pod: { spec: { containers: [{ name: "a" }, { name: "b" }], readinessGates: [{ conditionType: "x.io/one" }, { conditionType: "x.io/two" }] }, status: { containerStatuses: [{ name: "a", ready: true }, { name: "b", ready: true }], conditions: [{ type: "x.io/two", status: "False" }] } } },
    { op: "kubelet.readyCondition", kubelet: minor, pod: { spec: { containers: [{ name: "a" }, { name: "b" }, { name: "c" }] }, status: { phase: "Running", containerStatuses: [{ name: "a", ready: false }] } } },
    { op: "kubelet.readyCondition", kubelet: minor, pod: { spec: { containers: [{ name: "a" }] }, status: { phase: "Succeeded", containerStatuses: [{ name: "a" }] } } },
  ].map((r) => JSON.stringify(r));
  await sameAnswers(lines);
  // request errors the engine refuses itself (typed, naming the field), and the engine keeps working
  const bad = [
    { op: "kubelet.podActions", kubelet: "1.12", pod, podStatus: {} },
    { op: "kubelet.podActions", kubelet: "1.99", pod, podStatus: {} },
    { op: "kubelet.podActions", pod },
    { op: "kubelet.podActions", pod, podStatus: { containers: [{ name: "app", state: "sleeping" }] } },
    { op: "kubelet.podActions", pod, podStatus: { containers: [{ name: "app", state: "running", hash: "xyz" }] } },
    { op: "kubelet.podActions", pod, podStatus: { containers: [{ state: "running" }] } },
    { op: "kubelet.podActions", pod, podStatus: { sandboxes: [{ id: "s", network: "HOST" }] } },
    { op: "kubelet.podActions", pod, podStatus: { extra: 1 } },
    { op: "kubelet.podActions", pod, podStatus: [], gates: { Nope: true } },
    { op: "kubelet.podActions", pod, podStatus: {}, gates: { InPlacePodVerticalScaling: false } },
    { op: "kubelet.podActions", kubelet: "1.37", pod, podStatus: {}, gates: { ContainerRestartRules: false } },
    { op: "kubelet.readyCondition", pod: { spec: { containers: 1 } } },
  ].map((r) => JSON.stringify(r));
  const answers = engineAnswers([...bad, lines[0]!]);
  const expected = [["E_UNSUPPORTED_VERSION", "kubelet"], ["E_UNSUPPORTED_VERSION", "kubelet"], ["E_BAD_REQUEST", "podStatus"], ["E_BAD_REQUEST", "podStatus.containers[0].state"],
    ["E_BAD_REQUEST", "podStatus.containers[0].hash"], ["E_BAD_REQUEST", "podStatus.containers[0].name"], ["E_BAD_REQUEST", "podStatus.sandboxes[0].network"],
    ["E_BAD_REQUEST", "podStatus.extra"], ["E_BAD_REQUEST", "gates"], ["E_BAD_REQUEST", "gates"], ["E_BAD_REQUEST", "gates"], ["E_JSON_TYPE", undefined]];
  expected.forEach(([code, path], j) => {
    const a = JSON.parse(answers[j]!) as { ok: boolean; error?: { code: string; path?: string } };
    assert.equal(a.ok, false, bad[j]);
    assert.equal(a.error!.code, code, `${bad[j]} → ${answers[j]}`);
    if (path !== undefined) assert.equal(a.error!.path, path, `${bad[j]} → ${answers[j]}`);
  });
  assert.equal(answers[bad.length], engineAnswers([lines[0]!])[0]);
  if (VECTORS) {
    const oracle = await runOracle(lines);
    lines.forEach((l, j) => vectorLines.push({ request: l, answer: JSON.parse(oracle[j]!) as object }));
    writeFileSync(VECTORS, gzipSync(vectorLines.map((v) => JSON.stringify(v)).join("\n") + "\n", { level: 9 }));
  }
});
