// Live suite: a real kube-apiserver and etcd (test/live/apiserver.ts, built by test/live/build.ts) answer
// `kubectl apply --dry-run=server -o json` on generated edits of Deployments, StatefulSets, DaemonSets,
// ReplicaSets and bare Pods (test/live/dryrun-cases.ts); each old object is created for real first. kubectl
// talks through a recording proxy (test/live/record-proxy.ts), so the stored object it read, the patch it sent
// and the server's raw answer and Warning headers are kept, and test/support/dryrun-check.ts holds the engine
// against them. Pods whose verdict goes to pods/resize also get the verdict's patch sent there
// (`kubectl patch --subresource resize --dry-run=server`), the change taken as a user asks it (resizeVerdict). Needs Go (the first build takes minutes) and kubectl.
// KINPLACE_LIVE_PER_KIND (default 30) sets the pairs per kind and generator, KINPLACE_LIVE_SEED the seed,
// KINPLACE_LIVE_RECORD=FILE writes the records (test/fixtures/apiserver/dryrun-1.37.jsonl.gz, its README).

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { kinplace } from "../support/engine.ts";
import { resizeVerdict, type DryRunRecord, type Evaluate, type ServerAnswer } from "../support/dryrun-check.ts";
import { defaultTolerationSeconds, explainDryRun } from "../support/dryrun-known.ts";
import { kubectl, startServer, type LiveServer } from "./apiserver.ts";
import { startRecordingProxy, type Exchange, type RecordingProxy } from "./record-proxy.ts";
import { dryRunCases, type DryRunCase, type Obj } from "./dryrun-cases.ts";
import { NEWEST } from "../oracle/k8s/versions.ts";

const PER_KIND = Number(process.env.KINPLACE_LIVE_PER_KIND ?? 30);
const SEED = Number(process.env.KINPLACE_LIVE_SEED ?? Date.now() % 1_000_000_007);
const RECORD = process.env.KINPLACE_LIVE_RECORD;
const CONCURRENCY = 3;
const NAMESPACES = ["default", "kube-system", "prod", "web-team"];
const NODES = ["node-1", "node-2"];
/** What a kubelet of the newest minor with its default gates declares (k8s.io/component-helpers nodedeclaredfeatures:
 *  a feature is declared when its gate is on); the pods/resize admission refuses a resize the pod's node does not declare. */
/** A large node: the pods/resize admission also refuses a resize the node's allocatable resources cannot hold. */
const NODE_SIZE = { cpu: "64", memory: "256Gi", pods: "110", "ephemeral-storage": "500Gi" };
const DECLARED_FEATURES = ["ExtendWebSocketsToKubelet", "InPlacePodLevelResourcesVerticalScaling", "InPlacePodVerticalScalingInitContainers", "RestartAllContainersOnContainerExits"];

let server: LiveServer;
let proxy: RecordingProxy;

before(async () => {
  server = await startServer({ log: (s) => console.error(s) });
  proxy = await startRecordingProxy(server);
  // what a controller-manager would have made: the namespaces the generators use and their `default` ServiceAccounts;
  // and the nodes the generated pods are bound to, as their kubelets would register them (the resize admission looks them up)
  const objects: Obj[] = [
    ...NAMESPACES.flatMap((ns) => [
      ...(ns === "default" || ns === "kube-system" ? [] : [{ apiVersion: "v1", kind: "Namespace", metadata: { name: ns } }]),
      { apiVersion: "v1", kind: "ServiceAccount", metadata: { name: "default", namespace: ns } },
    ]),
    ...NODES.map((name) => ({ apiVersion: "v1", kind: "Node", metadata: { name, labels: { "kubernetes.io/hostname": name, "kubernetes.io/os": "linux" } }, status: { declaredFeatures: DECLARED_FEATURES, capacity: NODE_SIZE, allocatable: NODE_SIZE } })),
  ];
  for (const o of objects) {
    const r = await kubectl(["create", "-f", "-"], JSON.stringify(o));
    assert.equal(r.status, 0, `creating ${o.kind} ${o.metadata.name}: ${r.stderr}`);
  }
});

after(async () => {
  await proxy?.stop();
  await server?.stop();
});

/** The REST path of a case's object. */
function objectPath(o: Obj): string {
  const ns = o.metadata.namespace ?? "default";
  if (o.kind === "Pod") return `/api/v1/namespaces/${ns}/pods/${o.metadata.name}`;
  return `/apis/apps/v1/namespaces/${ns}/${o.kind.toLowerCase()}s/${o.metadata.name}`;
}

/** A recorded exchange as the check reads it. */
function answerOf(x: Exchange): ServerAnswer {
  return { patch: x.requestBody, query: x.url.split("?")[1] ?? "", status: x.status, response: x.responseBody, warnings: x.warnings };
}

/** The warning lines kubectl printed (each once: kubectl deduplicates). */
function printedWarnings(stderr: string): string[] {
  return stderr.split("\n").filter((l) => l.startsWith("Warning: ")).map((l) => l.slice("Warning: ".length));
}

/** The index of the last element before `end` that satisfies `p`, or -1. */
function lastIndex<T>(xs: T[], p: (x: T) => boolean, end = xs.length): number {
  for (let i = end - 1; i >= 0; i--) if (p(xs[i]!)) return i;
  return -1;
}

/** Runs `f` over `items`, `n` at a time. */
async function pool<T, R>(items: T[], n: number, f: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: n }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await f(items[i]!);
    }
  }));
  return out;
}

/** What became of one case. */
type Outcome = { kind: "record"; record: DryRunRecord } | { kind: "skipped"; why: string };

/** Runs one case's dry-run apply (its old object already created) and, for a Pod resize verdict, the resize. */
async function runCase(c: DryRunCase): Promise<Outcome> {
  const path = objectPath(c.old);
  const r = await kubectl(["apply", "--dry-run=server", "-o", "json", "-f", "-"], JSON.stringify(c.new), proxy.kubeconfig);
  const xs = proxy.exchanges(path);
  const patchAt = lastIndex(xs, (x) => x.method === "PATCH" && x.url.includes("dryRun=All"));
  const getAt = lastIndex(xs, (x) => x.method === "GET", patchAt < 0 ? xs.length : patchAt);
  if (getAt < 0 || xs[getAt]!.status !== 200) {
    // (the create went to the collection: the refusal naming this object)
    const post = proxy.exchanges(path.slice(0, path.lastIndexOf("/"))).find((x) => x.method === "POST" && x.responseBody.includes(`"${c.old.metadata.name}"`));
    return { kind: "skipped", why: `the old object was not created: ${post ? JSON.parse(post.responseBody).message : "no create sent"}` };
  }
  if (patchAt < 0) return { kind: "skipped", why: r.status === 0 ? "kubectl found nothing to patch" : `kubectl sent no patch: ${r.stderr.slice(0, 300)}` };
  const apply = answerOf(xs[patchAt]!);
  // the recording is what kubectl saw: its Warning lines and its exit status
  assert.deepEqual(printedWarnings(r.stderr), [...new Set(apply.warnings)], `${c.id}: kubectl printed other warnings than the recorded headers`);
  assert.equal(r.status === 0, apply.status === 200, `${c.id}: kubectl exit ${r.status}, server ${apply.status}: ${r.stderr}`);
  const record: DryRunRecord = { id: c.id, kind: c.kind, source: c.source, ...(c.edits ? { edits: c.edits } : {}), live: xs[getAt]!.responseBody, apply };
  if (c.kind === "Pod") {
    // the change as a user asks the verdict about it; the server runs DefaultTolerationSeconds on it
    const patched = kinplace.evaluate({ op: "smp.apply", type: "Pod", kubernetes: NEWEST, originalText: record.live, patchText: apply.patch });
    const rv = patched.ok ? resizeVerdict(record.live, defaultTolerationSeconds((patched.result as any).document), NEWEST, kinplace.evaluate as unknown as Evaluate) : undefined;
    if (rv) {
      const ns = c.old.metadata.namespace ?? "default";
      await kubectl(["patch", "pod", c.old.metadata.name, "-n", ns, "--subresource", "resize", "--type", "strategic", "--dry-run=server", "-o", "json", "-p", rv.patch], undefined, proxy.kubeconfig);
      const rxs = proxy.exchanges(`${path}/resize`);
      const rx = lastIndex(rxs, (x) => x.method === "PATCH");
      assert.ok(rx >= 0, `${c.id}: kubectl sent no resize patch`);
      record.resize = answerOf(rxs[rx]!);
    }
  }
  return { kind: "record", record };
}

test(`kubectl apply --dry-run=server on a real kube-apiserver agrees with the engine (seed ${SEED}, ${PER_KIND} per kind and generator)`, { timeout: 3_600_000 }, async () => {
  const cases = dryRunCases(PER_KIND, SEED, NEWEST);
  // every old object, created for real in one kubectl run (it goes on past a refused one)
  await kubectl(["apply", "-f", "-", "-o", "name"], JSON.stringify({ apiVersion: "v1", kind: "List", items: cases.map((c) => c.old) }), proxy.kubeconfig);
  const outcomes = await pool(cases, CONCURRENCY, runCase);
  const records = outcomes.flatMap((o) => (o.kind === "record" ? [o.record] : []));
  const skipped: Record<string, number> = {};
  for (const o of outcomes) if (o.kind === "skipped") skipped[o.why.slice(0, 160)] = (skipped[o.why.slice(0, 160)] ?? 0) + 1;
  if (RECORD) {
    const head = { versions: { kubernetes: server.binaries.kubernetes, etcd: server.binaries.etcd, kubectl: (await kubectl(["version", "--client", "-o", "json"])).stdout.match(/"gitVersion":\s*"([^"]+)"/)?.[1] }, seed: SEED, perKind: PER_KIND };
    writeFileSync(RECORD, gzipSync(JSON.stringify(head) + "\n" + records.map((r) => JSON.stringify(r)).join("\n") + "\n", { level: 9 }));
  }
  const unexplained: string[] = [];
  const known: Record<string, number> = {};
  const tally: Record<string, number> = {};
  for (const rec of records) {
    const refused = rec.apply.status !== 200;
    const key = `${rec.kind} ${refused ? "refused" : rec.apply.warnings.length ? "warned" : "accepted"}${rec.resize ? " +resize" : ""}`;
    tally[key] = (tally[key] ?? 0) + 1;
    const ex = explainDryRun(rec, NEWEST, kinplace.evaluate as any);
    for (const k of ex.known) known[k] = (known[k] ?? 0) + 1;
    for (const m of ex.unexplained) {
      unexplained.push(`${rec.id} (${rec.kind}, ${rec.source}${rec.edits ? ": " + rec.edits.join(", ") : ""}) ${m.aspect}:\n  server: ${JSON.stringify(m.server).slice(0, 1500)}\n  engine: ${JSON.stringify(m.engine).slice(0, 1500)}\n  patch: ${rec.apply.patch.slice(0, 800)}`);
    }
  }
  console.error(`live dry-run: ${cases.length} cases, ${records.length} compared ${JSON.stringify(tally)}; skipped ${JSON.stringify(skipped)}; known mismatches ${JSON.stringify(known)}; unexplained ${unexplained.length}`);
  // (a case whose new manifest kubectl finds nothing to patch in is no question for the server: the generators' no-op edits)
  assert.ok(records.length >= cases.length * 0.6, `only ${records.length} of ${cases.length} cases reached the server: ${JSON.stringify(skipped)}`);
  assert.equal(unexplained.length, 0, `${unexplained.length} disagreements with kube-apiserver ${server.binaries.kubernetes}; the first ones:\n\n${unexplained.slice(0, 8).join("\n\n")}`);
});
