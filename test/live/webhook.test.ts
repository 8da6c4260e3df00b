// Live suite: `kinplace webhook` and `kinplace kubectl-diff` against a real kube-apiserver (test/live/apiserver.ts).
// kubectl diff runs with KUBECTL_EXTERNAL_DIFF="kinplace kubectl-diff" (a `kinplace` on the PATH, as a user installs
// it) and must print each object's verdict line with kubectl diff's exit codes; then the CLI's webhook process is
// registered (HTTPS on 127.0.0.1 with the server's certificate, its CA as caBundle, a policy) and real updates
// sent with kubectl must come back with its warnings as `Warning:` lines and its denials as the server's refusal.
// KINPLACE_LIVE_WEBHOOK_RECORD=FILE writes what was seen (the AdmissionReviews kube-apiserver sent with the answers,
// kubectl's LIVE and MERGED directories and kinplace's output) as the fixture test/apiserver-webhook.test.ts replays.
// Needs Go and kubectl, as the dry-run suite.

import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { after, before, test } from "node:test";
import { applyValidatingWebhook, kubectl, startServer, type LiveServer } from "./apiserver.ts";
import { cli } from "../cli-helpers.ts";

/** The policy the webhook runs with: image changes must not recreate pods. */
export const LIVE_POLICY = `rules:
  - name: images-in-place
    match: /spec/template/spec/containers/*/image
    verdict: restart-container
    message: image bumps must not recreate pods
default: allow
`;

let server: LiveServer;
let webhook: ChildProcess | undefined;
let dir: string;
const fixture: { policy: string; reviews: unknown[]; diffs: unknown[]; kubectl: { args: string[]; status: number | null; stderr: string }[] } = { policy: LIVE_POLICY, reviews: [], diffs: [], kubectl: [] };

const deployment = (image: string, mode: string, replicas = 2) => ({
  apiVersion: "apps/v1",
  kind: "Deployment",
  metadata: { name: "web", namespace: "default" },
  spec: { replicas, selector: { matchLabels: { app: "web" } }, template: { metadata: { labels: { app: "web" } }, spec: { containers: [{ name: "app", image, env: [{ name: "MODE", value: mode }] }] } } },
});
const configMap = (name: string, value: string) => ({ apiVersion: "v1", kind: "ConfigMap", metadata: { name, namespace: "default" }, data: { value } });
const pod = (image: string) => ({ apiVersion: "v1", kind: "Pod", metadata: { name: "p", namespace: "default" }, spec: { containers: [{ name: "app", image }] } });
const list = (...items: unknown[]) => JSON.stringify({ apiVersion: "v1", kind: "List", items });

before(async () => {
  server = await startServer({ log: (s) => console.error(s) });
  dir = mkdtempSync(join(tmpdir(), "kinplace-live-webhook-"));
  // the ServiceAccount admission plugin wants the namespace's `default` ServiceAccount (no controller makes it here)
  await kubectl(["create", "serviceaccount", "default", "-n", "default"]);
  const created = await kubectl(["apply", "-f", "-"], list(deployment("nginx:1.27.0", "a"), configMap("cfg", "1"), pod("nginx:1.27.0")));
  assert.equal(created.status, 0, created.stderr);
});

after(async () => {
  if (webhook !== undefined && webhook.exitCode === null) {
    const exited = new Promise((r) => webhook!.once("exit", r));
    webhook.kill("SIGTERM");
    await exited;
  }
  await server?.stop();
  const out = process.env["KINPLACE_LIVE_WEBHOOK_RECORD"];
  if (out !== undefined && fixture.reviews.length > 0) writeFileSync(out, gzipSync(JSON.stringify({ kubernetes: server?.binaries.kubernetes, ...fixture })));
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

/** The files of a directory by name. */
function files(d: string): { [name: string]: string } {
  return Object.fromEntries(readdirSync(d).sort().map((f) => [f, readFileSync(join(d, f), "utf8")]));
}

/** kubectl diff of `manifest` with kinplace as the external diff (extra words after "kubectl-diff"); records the directories. */
async function kubectlDiff(manifest: string, extra: string[] = []): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const bin = join(dir, "bin");
  const rec = join(dir, `diff-${fixture.diffs.length}`);
  mkdirSync(bin, { recursive: true });
  // a `kinplace` on the PATH as an installed package gives; it keeps kubectl's two directories for the fixture
  writeFileSync(join(bin, "kinplace"), `#!/bin/sh\nmkdir -p '${rec}' && cp -R "$1" '${rec}/LIVE' && cp -R "$2" '${rec}/MERGED'\nexec '${process.execPath}' '${cli}' "$@"\n`);
  chmodSync(join(bin, "kinplace"), 0o755);
  const r = await kubectl(["diff", "-f", "-"], manifest, join(server.dir, "kubeconfig"), { ...process.env, PATH: `${bin}:${process.env["PATH"]}`, KUBECTL_EXTERNAL_DIFF: ["kinplace", "kubectl-diff", ...extra].join(" ") });
  let live: { [name: string]: string } = {};
  let merged: { [name: string]: string } = {};
  try {
    live = files(join(rec, "LIVE"));
    merged = files(join(rec, "MERGED"));
  } catch {
    // kubectl found nothing to diff: no directories were handed over
  }
  fixture.diffs.push({ extra, live, merged, stdout: r.stdout, status: r.status });
  return r;
}

test("kubectl diff with KUBECTL_EXTERNAL_DIFF=\"kinplace kubectl-diff\": a line per changed object, kubectl diff's exit codes", { timeout: 300_000 }, async () => {
  const edited = list(deployment("nginx:1.28.0", "a"), configMap("cfg", "2"), configMap("cfg-new", "1"));
  const r = await kubectlDiff(edited);
  assert.equal(r.status, 1, r.stderr);
  assert.equal(r.stdout, [
    "apps/v1 Deployment default/web: recreates 2 pods: image of container app changed",
    "v1 ConfigMap default/cfg: changed (not a workload: no pods judged)",
    "v1 ConfigMap default/cfg-new: created",
    "3 objects differ: 1 recreate, 1 changed, 1 created",
    "",
  ].join("\n"));
  const withDiff = await kubectlDiff(edited, ["--diff"]);
  assert.equal(withDiff.status, 1, withDiff.stderr);
  assert.match(withDiff.stdout, /^-        image: nginx:1\.27\.0\n\+        image: nginx:1\.28\.0$/m);
  const scaled = await kubectlDiff(list(deployment("nginx:1.27.0", "a", 4)));
  assert.equal(scaled.status, 1, scaled.stderr);
  assert.equal(scaled.stdout, "apps/v1 Deployment default/web: no pod changes\n");
  const same = await kubectlDiff(list(deployment("nginx:1.27.0", "a"), configMap("cfg", "1")));
  assert.equal(same.status, 0, same.stderr);
  assert.equal(same.stdout, "");
});

/** kubectl with `args` and `input`, recorded for the fixture. */
async function run(args: string[], input?: string) {
  const r = await kubectl(args, input);
  fixture.kubectl.push({ args, status: r.status, stderr: r.stderr });
  return r;
}

test("kinplace webhook registered with the API server: warnings and denials in kubectl's output", { timeout: 300_000 }, async () => {
  const policy = join(dir, "policy.yaml");
  writeFileSync(policy, LIVE_POLICY);
  const record = join(dir, "reviews.jsonl");
  webhook = spawn(process.execPath, [cli, "webhook", "--tls-cert", join(server.dir, "server.crt"), "--tls-key", join(server.dir, "server.key"), "--address", "127.0.0.1", "--port", "0", "--policy", policy, "--record", record], { stdio: ["ignore", "pipe", "inherit"] });
  let log = "";
  const url = await new Promise<string>((resolve, reject) => {
    webhook!.stdout!.on("data", (c: Buffer) => {
      log += c.toString();
      const m = /"msg":"listening","url":"([^"]+)"/.exec(log);
      if (m !== null) resolve(m[1]!);
    });
    webhook!.once("exit", () => reject(new Error(`kinplace webhook exited: ${log}`)));
  });
  await applyValidatingWebhook({
    metadata: { name: "kinplace-webhook" },
    webhooks: [{
      name: "verdict.kinplace.dev",
      clientConfig: { url: `${url}/validate`, caBundle: readFileSync(server.caFile).toString("base64") },
      rules: [
        { apiGroups: [""], apiVersions: ["v1"], operations: ["UPDATE"], resources: ["pods", "pods/resize"] },
        { apiGroups: ["apps"], apiVersions: ["v1"], operations: ["UPDATE"], resources: ["deployments", "replicasets", "statefulsets", "daemonsets"] },
      ],
      sideEffects: "None",
      admissionReviewVersions: ["v1"],
      failurePolicy: "Fail",
      timeoutSeconds: 10,
    }],
  });
  // the admission chain picks the configuration up through an informer: wait until the webhook has answered a review
  let env: Awaited<ReturnType<typeof kubectl>> | undefined;
  let mode = "";
  for (let i = 0; i < 60; i++) {
    mode = `b${i}`;
    env = await run(["apply", "-f", "-"], JSON.stringify(deployment("nginx:1.27.0", mode)));
    if (/^Warning: /m.test(env.stderr)) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  assert.equal(env?.status, 0, env?.stderr);
  assert.match(env!.stderr, /^Warning: recreates 2 pods of Deployment default\/web: env of container app changed$/m);

  const image = await run(["apply", "-f", "-"], JSON.stringify(deployment("nginx:1.28.0", mode)));
  assert.notEqual(image.status, 0);
  assert.match(image.stderr, /^Warning: recreates 2 pods of Deployment default\/web: image of container app changed$/m);
  assert.match(image.stderr, /admission webhook "verdict\.kinplace\.dev" denied the request: kinplace policy denies this update: recreates 2 pods of Deployment default\/web: image of container app changed; \/spec\/template\/spec\/containers\/0\/image: recreate \(rule images-in-place: at most restart-container\): image bumps must not recreate pods/);

  const scale = await run(["scale", "deployment/web", "--replicas=3"]);
  assert.equal(scale.status, 0, scale.stderr);
  assert.doesNotMatch(scale.stderr, /Warning:/);

  const podImage = await run(["set", "image", "pod/p", "app=nginx:1.28.0"]);
  assert.equal(podImage.status, 0, podImage.stderr);
  assert.match(podImage.stderr, /^Warning: updates Pod default\/p in place \(restarts container app\): image of container app changed$/m);

  const label = await run(["label", "pod/p", "tier=web"]);
  assert.equal(label.status, 0, label.stderr);
  assert.doesNotMatch(label.stderr, /Warning:/);

  const exited = new Promise<number | null>((r) => webhook!.once("exit", (c) => r(c)));
  webhook.kill("SIGTERM");
  assert.equal(await exited, 0);
  const lines = readFileSync(record, "utf8").trim().split("\n").map((l) => JSON.parse(l) as { review: { request: { uid: string } }; answer: { response: { uid: string } } });
  assert.ok(lines.length >= 4, `${lines.length} reviews recorded`); // env, image, set image, label (the scale subresource is not in the rules)
  for (const l of lines) assert.equal(l.answer.response.uid, l.review.request.uid);
  fixture.reviews.push(...readFileSync(record, "utf8").trim().split("\n"));
});
