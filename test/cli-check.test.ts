// `kinplace check OLD NEW` (dist/cli/kinplace.mjs): the verdict per workload equals the engine's `verdict`
// op in-process, exit codes (0 none / in place, 1 recreate or policy denial, 2 bad usage or input),
// --output json|yaml with `verdict` first, pairing of multi-document inputs, stdin, the policy file,
// colors on a terminal only. Needs `npm run build`.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { parse as parseYaml, parseAllDocuments } from "yaml";
import { evaluate, initSync } from "../js/node.ts";
import { deployment, jsonLines, kinplace, kinplaceTTY, root, tempDir } from "./cli-helpers.ts";

initSync(readFileSync(join(root, "dist/kinplace.wasm")));
const tmp = tempDir();
after(() => tmp.cleanup());

const ex = (name: string): string => join(root, "examples/cli", name);
const toYaml = (...docs: unknown[]): string => docs.map((d) => JSON.stringify(d)).join("\n---\n");

/** The engine's verdict result for two objects (in-process). */
function engineVerdict(old: unknown, next: unknown, extra: { [key: string]: unknown } = {}): { [key: string]: unknown } {
  const a = evaluate({ op: "verdict", old, new: next, ...extra });
  assert.equal(a.ok, true, JSON.stringify(a));
  return (a as { result: { [key: string]: unknown } }).result;
}

const webOld = deployment("web", ["nginx:1.25", "envoy:1"], { namespace: "prod" });
const webImage = deployment("web", ["nginx:1.26", "envoy:1"], { namespace: "prod" });
const webScaled = deployment("web", ["nginx:1.25", "envoy:1"], { namespace: "prod", replicas: 7 });

describe("kinplace check", () => {
  test("two live snapshots whose managedFields differ: judged without them (the engine's appscode diff refuses their keys)", async () => {
    const managed = (time: string, fields: string[]) => [{ manager: "kubectl-client-side-apply", operation: "Update", apiVersion: "apps/v1", time,
      fieldsType: "FieldsV1", fieldsV1: { "f:spec": { "f:template": { "f:spec": { "f:containers": { 'k:{"name":"app"}': Object.fromEntries([".", ...fields].map((f) => [f, {}])) } } } } } }];
    const live = (image: string, time: string, fields: string[]) => ({ ...deployment("web", [image, "envoy:1"], { namespace: "prod" }), metadata: { name: "web", namespace: "prod", managedFields: managed(time, fields) } });
    const before = live("nginx:1.25", "2026-01-01T00:00:00Z", ["f:image"]), after = live("nginx:1.26", "2026-01-02T00:00:00Z", ["f:image", "f:env"]);
    // with them, the verdict's diff is a patch Go cannot marshal
    const raw = evaluate({ op: "verdict", old: before, new: after });
    assert.equal(raw.ok, false);
    assert.equal((raw as { error: { code: string } }).error.code, "E_PATCH_MARSHAL");
    for (const [o, n] of [[toYaml(before), toYaml(after)], [JSON.stringify(before, null, 2), `  ${JSON.stringify(after)}`]] as const) {
      const ext = o.startsWith("{") ? "json" : "yaml";
      const r = await kinplace(["check", tmp.file(`mf-old.${ext}`, o), tmp.file(`mf-new.${ext}`, n), "-o", "json"]);
      assert.equal(r.status, 1, r.stderr.toString());
      const line = JSON.parse(r.stdout.toString());
      assert.equal(line.verdict, "recreate");
      assert.ok(!JSON.stringify(line.reasons).includes("managedFields"), JSON.stringify(line.reasons));
    }
  });

  test("a CloneSet's memory resize (v1.9, InPlaceWorkloadVerticalScaling): --kubernetes is the server Kruise resizes each pod on; the Deployment beside it keeps --kubernetes", async () => {
    const cs = (limit: string) => ({ apiVersion: "apps.kruise.io/v1alpha1", kind: "CloneSet", metadata: { name: "web", namespace: "shop" },
      spec: { replicas: 3, selector: { matchLabels: { app: "web" } }, updateStrategy: { type: "InPlaceIfPossible" },
        template: { metadata: { labels: { app: "web" } }, spec: { containers: [{ name: "app", image: "nginx:1.27", resizePolicy: [{ resourceName: "memory", restartPolicy: "NotRequired" }], resources: { requests: { cpu: "250m", memory: "256Mi" }, limits: { cpu: "1", memory: limit } } }] } } } });
    const o = tmp.file("cs-old.yaml", toYaml(cs("1Gi"), webOld));
    const down = tmp.file("cs-down.yaml", toYaml(cs("768Mi"), webImage));
    const gates = ["--gate", "InPlaceWorkloadVerticalScaling=true,MaxUnavailableStatefulSet=true"];
    const r133 = await kinplace(["check", o, down, "--kubernetes", "1.33", ...gates]);
    assert.equal(r133.status, 1, r133.stderr.toString());
    const out133 = r133.stdout.toString();
    assert.match(out133, /^CloneSet shop\/web: rejected\n/);
    assert.match(out133, /OpenKruise resizes each pod through its resize subresource/);
    assert.match(out133, /the API server answers: Pod "pod-0" is invalid: spec\.containers\[0\]\.resources\.limits\[memory\]: Forbidden: memory limits cannot be decreased unless resizePolicy is RestartContainer/);
    assert.match(out133, /resize patch Kruise sends to each pod: \{"spec":\{"containers":\[\{"name":"app","resources":\{"limits":\{"memory":"768Mi"\}\}\}\]\}\}/);
    assert.match(out133, /Deployment prod\/web: recreate/);
    const r134 = await kinplace(["check", o, down, "--kubernetes", "1.34", ...gates]);
    assert.match(r134.stdout.toString(), /^CloneSet shop\/web: in place\n/);
    // the same verdict as the engine's with the server fields
    const a = engineVerdict(cs("1Gi"), cs("768Mi"), { serverVersion: "1.33", gates: { InPlaceWorkloadVerticalScaling: true } });
    assert.equal(a["verdict"], "rejected");
  });

  test("a Pod's memory resize: refused by the resize subresource at 1.33 (exit 1), in place through it at 1.34 (exit 0)", async () => {
    const pod = (limit: string) => ({ apiVersion: "v1", kind: "Pod", metadata: { name: "web-0", namespace: "default" },
      spec: { containers: [{ name: "app", image: "nginx:1.27", resources: { requests: { cpu: "250m", memory: "512Mi" }, limits: { memory: limit } } }] } });
    const o = tmp.file("pod-old.yaml", toYaml(pod("1Gi")));
    const down = tmp.file("pod-down.yaml", toYaml(pod("768Mi")));
    const r133 = await kinplace(["check", o, down, "--kubernetes", "1.33"]);
    assert.equal(r133.status, 1);
    assert.match(r133.stdout.toString(), /sent to the pod's resize subresource/);
    assert.match(r133.stdout.toString(), /the API server answers: Pod "web-0" is invalid: spec\.containers\[0\]\.resources\.limits\[memory\]: Forbidden: memory limits cannot be decreased unless resizePolicy is RestartContainer/);
    const r134 = await kinplace(["check", o, down, "--kubernetes", "1.34"]);
    assert.equal(r134.status, 0);
    assert.match(r134.stdout.toString(), /^Pod default\/web-0: in place\n/);
    assert.match(r134.stdout.toString(), /sent to the pod's resize subresource/);
    // the same change before the subresource: the pod update refuses it
    const r131 = await kinplace(["check", o, down, "--kubernetes", "1.31"]);
    assert.equal(r131.status, 1);
    assert.doesNotMatch(r131.stdout.toString(), /resize subresource/);
  });

  test("--node (with --pods): one line on the kubelet's admission of a Pod resize, from the pods bound to that node", async () => {
    const pod = (cpu: string) => ({ apiVersion: "v1", kind: "Pod", metadata: { name: "web-0", namespace: "default", uid: "u1" },
      spec: { nodeName: "n1", containers: [{ name: "app", image: "nginx:1.27", resources: { requests: { cpu, memory: "512Mi" } } }] }, status: { phase: "Running" } });
    const bound = (name: string, nodeName: string) => ({ apiVersion: "v1", kind: "Pod", metadata: { name, namespace: "default", uid: name },
      spec: { nodeName, containers: [{ name: "c", image: "x", resources: { requests: { cpu: "3" } } }] }, status: { phase: "Running" } });
    const node = { apiVersion: "v1", kind: "Node", metadata: { name: "n1" }, status: { allocatable: { cpu: "4", memory: "8Gi", pods: "110" } } };
    const o = tmp.file("rs-old.yaml", toYaml(pod("500m")));
    const n = tmp.file("rs-new.yaml", toYaml(pod("1500m")));
    const nf = tmp.file("rs-node.yaml", toYaml(node));
    const pf = tmp.file("rs-pods.json", JSON.stringify({ apiVersion: "v1", kind: "List", items: [bound("a", "n1"), bound("b", "n2")] }));
    const deferred = await kinplace(["check", o, n, "--node", nf, "--pods", pf]);
    assert.equal(deferred.status, 0);
    assert.match(deferred.stdout.toString(), /\n  the kubelet defers the resize: Node didn't have enough resource: cpu, requested: 1500, used: 3000, capacity: 4000\n/);
    const admitted = await kinplace(["check", o, n, "--node", nf]);
    assert.match(admitted.stdout.toString(), /\n  the kubelet admits the resize on its node\n/);
    // the JSON output carries the verdict op's member, equal to the engine's with the pods bound to n1
    const [out] = jsonLines((await kinplace(["check", o, n, "--node", nf, "--pods", pf, "-o", "json"])).stdout);
    assert.deepEqual(out!["resizeAdmission"], engineVerdict(pod("500m"), pod("1500m"), { node, pods: [bound("a", "n1")] })["resizeAdmission"]);
    // without --node nothing changes; a --node that is not a Node is bad usage
    assert.doesNotMatch((await kinplace(["check", o, n])).stdout.toString(), /the kubelet (admits|defers|finds)/);
    assert.equal((await kinplace(["check", o, n, "--node", o])).status, 2);
  });

  test("a Deployment image bump recreates its pods: exit 1; the JSON output is the verdict op's result, verdict first", async () => {
    const o = tmp.file("web-old.json", JSON.stringify(webOld));
    const n = tmp.file("web-new.yaml", toYaml(webImage));
    const r = await kinplace(["check", o, n, "--output", "json"]);
    assert.equal(r.stderr, "");
    assert.equal(r.status, 1);
    const [out] = jsonLines(r.stdout);
    assert.equal(Object.keys(out!)[0], "verdict");
    const { object, sources, ...result } = out!;
    assert.deepEqual(result, engineVerdict(webOld, webImage));
    assert.equal(result["verdict"], "recreate");
    assert.deepEqual(object, { apiVersion: "apps/v1", kind: "Deployment", namespace: "prod", name: "web" });
    assert.deepEqual(sources, { old: `${o}:1:1`, new: `${n}:1:1` });
  });

  test("a change outside the template changes nothing: exit 0; text output names the verdict, containers, reasons", async () => {
    const o = tmp.file("s-old.yaml", toYaml(webOld));
    const n = tmp.file("s-new.yaml", toYaml(webScaled));
    const r = await kinplace(["check", o, n]);
    assert.equal(r.status, 0, r.stderr);
    const text = r.stdout.toString();
    const expected = engineVerdict(webOld, webScaled);
    assert.equal(expected["verdict"], "none");
    assert.match(text, /^Deployment prod\/web: no change$/m);
    assert.match(text, /^ {2}c0 +kept$/m);
    assert.match(text, /^ {4}\/spec\/replicas {2}none: outside the pod template/m);
    assert.doesNotMatch(text, /\x1b\[/, "no colors when stdout is not a terminal");
  });

  test("--output yaml holds the same fields as --output json", async () => {
    const o = tmp.file("y-old.yaml", toYaml(webOld));
    const n = tmp.file("y-new.yaml", toYaml(webImage));
    const j = jsonLines((await kinplace(["check", o, n, "-o", "json"])).stdout)[0];
    const y = await kinplace(["check", o, n, "-o", "yaml"]);
    assert.equal(y.status, 1);
    const doc = parseYaml(y.stdout.toString()) as { [key: string]: unknown };
    assert.equal(Object.keys(doc)[0], "verdict");
    assert.deepEqual(doc, j);
  });

  test("multi-document inputs pair workloads by kind, namespace and name; other kinds are skipped; exit is the worst", async () => {
    const cm = { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "cfg" }, data: { a: "1" } };
    const apiOld = deployment("api", ["api:1"]);
    const apiNew = deployment("api", ["api:1"], { replicas: 9 });
    const gone = deployment("gone", ["x:1"]);
    const added = deployment("added", ["y:1"]);
    const o = tmp.file("m-old.yaml", toYaml(cm, webOld, apiOld, gone));
    const n = tmp.file("m-new.yaml", toYaml(apiNew, added, cm, webImage));
    const r = await kinplace(["check", o, n, "-o", "json"]);
    assert.equal(r.status, 1);
    const outs = jsonLines(r.stdout);
    assert.deepEqual(outs.map((x) => [(x["object"] as { name: string }).name, x["verdict"]]), [["api", "none"], ["web", "recreate"]]);
    assert.match(r.stderr, /only in OLD: Deployment gone .*m-old\.yaml:\d+:1/);
    assert.match(r.stderr, /only in NEW: Deployment added .*m-new\.yaml:\d+:1/);
    // the skipped objects, each at its file:line:column
    assert.match(r.stderr, /^skipped in OLD: ConfigMap cfg \(.*m-old\.yaml:1:1\): not a workload kind$/m);
    assert.match(r.stderr, /^skipped in NEW: ConfigMap cfg \(.*m-new\.yaml:\d+:1\): not a workload kind$/m);
    // only the non-disruptive pair: exit 0
    const o2 = tmp.file("m2-old.yaml", toYaml(cm, apiOld));
    const n2 = tmp.file("m2-new.yaml", toYaml(apiNew, cm));
    assert.equal((await kinplace(["check", o2, n2])).status, 0);
  });

  test("OpenKruise's webhooks: a CloneSet selector change is rejected with the webhook's denial; an image change is in place", async () => {
    const cs = (app: string, image: string) => ({
      apiVersion: "apps.kruise.io/v1alpha1", kind: "CloneSet", metadata: { name: "sample" },
      spec: { replicas: 5, selector: { matchLabels: { app } }, template: { metadata: { labels: { app } }, spec: { containers: [{ name: "nginx", image }] } }, updateStrategy: { type: "InPlaceIfPossible" } },
    });
    const o = tmp.file("k-old.yaml", toYaml(cs("sample", "nginx:alpine")));
    const sel = await kinplace(["check", o, tmp.file("k-sel.yaml", toYaml(cs("sample2", "nginx:alpine"))), "-o", "json"]);
    assert.equal(sel.status, 1);
    const r = jsonLines(sel.stdout)[0]!;
    assert.equal(r["verdict"], "rejected");
    assert.match(String(r["rejection"]), /^admission webhook "vcloneset\.kb\.io" denied the request: spec: Forbidden: updates to cloneset spec for fields other than 'replicas', 'template', /);
    const img = await kinplace(["check", o, tmp.file("k-img.yaml", toYaml(cs("sample", "nginx:1.27"))), "-o", "json"]);
    assert.equal(img.status, 0);
    assert.equal(jsonLines(img.stdout)[0]!["verdict"], "in-place");
  });

  test("a workload the engine cannot judge is reported with its position; the others are still checked; exit 2", async () => {
    const bad = { ...webScaled, metadata: { name: "api" }, spec: { ...webScaled.spec, replicas: "three" } };
    const o = tmp.file("e-old.yaml", toYaml({ ...webOld, metadata: { name: "api" } }, webOld));
    const n = tmp.file("e-new.yaml", toYaml(bad, webScaled));
    const r = await kinplace(["check", o, n]);
    assert.equal(r.status, 2);
    // at the field Go names (the document is one line of JSON: its column)
    const column = JSON.stringify(bad).indexOf('"replicas":"three"') + 1;
    assert.match(r.stderr, new RegExp(`^kinplace check: .*e-new\\.yaml:1:${column}: E_JSON_TYPE: json: cannot unmarshal string into Go struct field DeploymentSpec\\.spec\\.replicas of type int32`, "m"));
    assert.match(r.stdout.toString(), /^Deployment prod\/web: no change$/m);
    assert.match(r.stdout.toString(), /^2 workloads: 1 none, 1 cannot judge$/m);
  });

  test("one workload on each side is paired even when renamed; '-' reads NEW (or OLD) from stdin", async () => {
    const o = tmp.file("r-old.yaml", toYaml(deployment("blue", ["a:1"])));
    const renamed = deployment("green", ["a:2"]);
    const r = await kinplace(["check", o, "-", "-o", "json"], { input: toYaml(renamed) });
    assert.equal(r.status, 1, r.stderr);
    const [out] = jsonLines(r.stdout);
    assert.equal((out!["sources"] as { new: string }).new, "<stdin>:1:1");
    const r2 = await kinplace(["check", "-", o, "-o", "json"], { input: JSON.stringify(renamed) });
    assert.equal(r2.status, 1, r2.stderr);
    assert.equal((jsonLines(r2.stdout)[0]!["sources"] as { old: string }).old, "<stdin>:1:1");
  });

  test("a policy file: a denial exits 1 even when the verdict alone would pass; the judgement is the op's `policy` member", async () => {
    const policyText = readFileSync(ex("policy.yaml"), "utf8");
    const policy = parseYaml(policyText) as unknown;
    const o = tmp.file("p-old.yaml", toYaml(webOld));
    const n = tmp.file("p-new.yaml", toYaml(webImage));
    const r = await kinplace(["check", o, n, "--policy", ex("policy.yaml"), "-o", "json"]);
    assert.equal(r.status, 1, r.stderr);
    const [out] = jsonLines(r.stdout);
    const expected = engineVerdict(webOld, webImage, { policy });
    assert.deepEqual(out!["policy"], expected["policy"]);
    assert.equal((out!["policy"] as { decision: string }).decision, "deny");
    const text = (await kinplace(["check", o, n, "--policy", ex("policy.yaml")])).stdout.toString();
    assert.match(text, /policy: denied/);
    assert.match(text, /rule images-roll-in-place: at most restart-container/);
    // an allow-everything policy keeps exit 0 for a non-disruptive change
    const allow = tmp.file("allow.json", JSON.stringify({ rules: [], default: "allow" }));
    const s = tmp.file("p-scaled.yaml", toYaml(webScaled));
    const ok = await kinplace(["check", o, s, "--policy", allow]);
    assert.equal(ok.status, 0, ok.stderr);
    assert.match(ok.stdout.toString(), /policy: allowed/);
    // a policy that forbids any change of replicas denies the scale: exit 1
    const deny = tmp.file("deny.yaml", "rules:\n  - {name: frozen, match: /spec/replicas, verdict: deny, message: replicas are managed by the HPA}\n");
    const denied = await kinplace(["check", o, s, "--policy", deny]);
    assert.equal(denied.status, 1, denied.stderr);
    assert.match(denied.stdout.toString(), /replicas are managed by the HPA/);
  });

  test("the shipped policies (examples/policies) are read from YAML and JSON: each judges the change, exit 0 or 1", async () => {
    const { readdirSync } = await import("node:fs");
    const dir = join(root, "examples/policies");
    const o = tmp.file("sp-old.yaml", toYaml(webOld));
    const files = readdirSync(dir);
    assert.ok(files.length > 0);
    for (const [f, next] of files.flatMap((f) => [[f, webImage], [f, webScaled]] as const)) {
      const n = tmp.file("sp-new.yaml", toYaml(next));
      const r = await kinplace(["check", o, n, "--policy", join(dir, f), "-o", "json"]);
      assert.ok(r.status === 0 || r.status === 1, `${f}: ${r.stderr}`);
      const [out] = jsonLines(r.stdout);
      const text = readFileSync(join(dir, f), "utf8");
      const policy = f.endsWith(".json") ? (JSON.parse(text) as unknown) : parseYaml(text, { version: "1.1" });
      assert.deepEqual(out!["policy"], engineVerdict(webOld, next, { policy })["policy"], f);
      const disruptive = out!["verdict"] === "recreate" || out!["verdict"] === "rejected";
      assert.equal(r.status, (out!["policy"] as { decision: string }).decision === "deny" || disruptive ? 1 : 0, f);
    }
    const bad = tmp.file("bad-policy.yaml", "rules:\n  - {match: \"/spec/x~2\", verdict: sometimes}\n");
    const r = await kinplace(["check", o, o, "--policy", bad]);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /E_POLICY: .*\(at policy\.rules\[0\]\./);
  });

  test("bad usage and bad input exit 2 with the message (and file:line:column)", async () => {
    const o = tmp.file("b-old.yaml", toYaml(webOld));
    const cases: [string[], RegExp, string?][] = [
      [["check", o], /check needs OLD and NEW/],
      [["check", o, o, "--bogus"], /unknown option --bogus/],
      [["check", o, o, "--kubernetes", "latest"], /--kubernetes: "latest" is not a version like 1\.30/],
      [["check", o, o, "--gate", "Foo"], /--gate: "Foo" is not NAME=true or NAME=false/],
      [["check", o, o, "-o", "xml"], /--output: "xml" is not one of text, json, yaml/],
      [["check", o, join(tmp.dir, "missing.yaml")], /missing\.yaml: cannot read: ENOENT/],
      [["check", "-", "-"], /only one of OLD, NEW and --policy can be stdin/],
      [["check", "-", o, "--policy", "-"], /only one of OLD, NEW and --policy can be stdin/],
      [["check", o, o, "--kubernetes", "1.99"], /^kinplace check: option --kubernetes: unsupported kubernetes version "1\.99"$/m],
    ];
    for (const [args, message] of cases) {
      const r = await kinplace(args);
      assert.equal(r.status, 2, `${args.join(" ")}: ${r.stderr}`);
      assert.match(r.stderr, message);
      assert.equal(r.stdout.length, 0);
    }
    const cm = tmp.file("cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n");
    const none = await kinplace(["check", cm, o]);
    assert.equal(none.status, 2);
    assert.match(none.stderr, /cm\.yaml: no workload/);
    const badYaml = tmp.file("bad.yaml", "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n   labels: x\n");
    const y = await kinplace(["check", o, badYaml]);
    assert.equal(y.status, 2);
    assert.match(y.stderr, /^kinplace check: .*bad\.yaml:4:9: Nested mappings are not allowed in compact mappings$/m);
    const badJson = tmp.file("bad.json", '{"apiVersion": "apps/v1",\n "kind": "Deployment",\n "metadata": {"name": "web",}}\n');
    const j = await kinplace(["check", o, badJson]);
    assert.equal(j.status, 2);
    assert.match(j.stderr, /bad\.json:3:29: invalid character '}' looking for beginning of object key string/);
  });

  test("colors on a terminal; NO_COLOR turns them off; FORCE_COLOR turns them on when piped", async () => {
    const o = tmp.file("c-old.yaml", toYaml(webOld));
    const n = tmp.file("c-new.yaml", toYaml(webImage));
    const tty = await kinplaceTTY(["check", o, n]);
    assert.equal(tty.status, 1, tty.stdout.toString());
    assert.match(tty.stdout.toString(), /\x1b\[31mrecreate\x1b\[0m/);
    const noColor = await kinplaceTTY(["check", o, n], { NO_COLOR: "1" });
    assert.doesNotMatch(noColor.stdout.toString(), /\x1b\[/);
    assert.match(noColor.stdout.toString(), /Deployment prod\/web: recreate/);
    const forced = await kinplace(["check", o, n], { env: { FORCE_COLOR: "1" } });
    assert.match(forced.stdout.toString(), /\x1b\[1m/);
    const yamlDocs = parseAllDocuments(toYaml(webOld, webImage));
    assert.equal(yamlDocs.length, 2);
  });
});
