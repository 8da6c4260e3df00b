// `kinplace webhook`: reading AdmissionReviews (raw object bytes, malformed bodies), deciding (which updates are
// judged, warnings, policy denials, engine errors), and the server (limits, slow clients, health, metrics,
// graceful shutdown, TLS with certificate rotation, the CLI process and its signals). Needs `npm run build`
// for the CLI process tests; the in-process tests load build/kinplace.wasm.

import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { connect } from "node:net";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { after, before, describe, test } from "node:test";
import { parseAllDocuments } from "yaml";
import { loadEngine } from "../js/cli/engine.ts";
import { callResult } from "../js/cli/request.ts";
import { kindOptions } from "../js/present/options.ts";
import { decide, DEFAULT_DECIDE, judgedKind, warningText, type Judge } from "../js/webhook/decide.ts";
import { Logger } from "../js/webhook/log.ts";
import { Metrics } from "../js/webhook/metrics.ts";
import { readReview, reviewResponse, ReviewError } from "../js/webhook/review.ts";
import { DEFAULT_SERVER, startWebhook, type ServerOptions, type WebhookServer } from "../js/webhook/server.ts";
import { memberSpans } from "../js/webhook/spans.ts";
import { cli, kinplace, root, tempDir } from "./cli-helpers.ts";

const engine = loadEngine();
const POLICY = readFileSync(join(root, "deploy/webhook/policy.yaml"), "utf8");

/** The policy file as JSON text (the engine takes JSON; the CLI converts YAML the same way). */
const policyJson = JSON.stringify(parseAllDocuments(POLICY)[0]!.toJSON());

/** A judge over the real engine, with an optional policy. */
function judgeWith(policy?: string): Judge {
  return (kind, old, next) => callResult(engine, "verdict", { ...kindOptions(kind, {}) }, policy === undefined ? { old, new: next } : { old, new: next, policy }).result;
}

/** A Deployment with `image` and `replicas`. */
function deployment(image: string, replicas = 3, env?: string): { [key: string]: unknown } {
  const container: { [key: string]: unknown } = { name: "app", image };
  if (env !== undefined) container["env"] = [{ name: "MODE", value: env }];
  return {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: { name: "web", namespace: "shop" },
    spec: { replicas, selector: { matchLabels: { app: "web" } }, template: { metadata: { labels: { app: "web" } }, spec: { containers: [container] } } },
  };
}

/** An AdmissionReview body for an update (members overridable). */
function review(old: unknown, obj: unknown, request: { [key: string]: unknown } = {}): string {
  return JSON.stringify({
    apiVersion: "admission.k8s.io/v1",
    kind: "AdmissionReview",
    request: {
      uid: "uid-1",
      kind: { group: "apps", version: "v1", kind: "Deployment" },
      resource: { group: "apps", version: "v1", resource: "deployments" },
      operation: "UPDATE",
      namespace: "shop",
      name: "web",
      userInfo: { username: "alice" },
      object: obj,
      oldObject: old,
      ...request,
    },
  });
}

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);

describe("reading AdmissionReviews", () => {
  test("member spans: the raw bytes of each value, strings with brackets and escapes, a repeated key keeps the last", () => {
    const text = ' { "a" : {"s":"}]\\"{[","n":[1,[2,{}]]} , "b":-1.5e3,"a":"x\\u0022y" , "c":null}';
    const spans = memberSpans(bytes(text), 0);
    const at = (k: string): string => text.slice(spans.get(k)![0], spans.get(k)![1]);
    assert.equal(at("a"), '"x\\u0022y"');
    assert.equal(at("b"), "-1.5e3");
    assert.equal(at("c"), "null");
    const first = memberSpans(bytes(text.replace(',"a":"x\\u0022y"', "")), 0);
    assert.equal(text.replace(',"a":"x\\u0022y"', "").slice(first.get("a")![0], first.get("a")![1]), '{"s":"}]\\"{[","n":[1,[2,{}]]}');
  });

  test("the objects are judged without metadata.managedFields (first, middle or last member; keys with escaped quotes)", () => {
    const cases: [string, string][] = [
      ['{"metadata":{"name":"a","managedFields":[{"f:spec":{"k:{\\"name\\":\\"x\\"}":{}}}]},"b":2}', '{"metadata":{"name":"a"},"b":2}'],
      ['{"metadata":{"managedFields":[], "name":"a"}}', '{"metadata":{ "name":"a"}}'],
      ['{"metadata":{ "managedFields" : [] }}', '{"metadata":{ }}'],
      ['{"metadata":{"name":"a"}}', '{"metadata":{"name":"a"}}'],
    ];
    for (const [input, want] of cases) {
      const body = `{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{"uid":"u","object":${input},"oldObject":${input}}}`;
      const r = readReview(bytes(body));
      assert.equal(new TextDecoder().decode(r.object), want);
      assert.equal(new TextDecoder().decode(r.oldObject), want);
    }
  });

  test("the objects reach the engine as the API server wrote them (large integers and number spellings untouched)", () => {
    const body = '{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{"uid":"u","kind":{"group":"","version":"v1","kind":"Pod"},"operation":"UPDATE","object":{"a":12345678901234567890,"b":1.0},"oldObject":null}}';
    const r = readReview(bytes(body));
    assert.equal(new TextDecoder().decode(r.object), '{"a":12345678901234567890,"b":1.0}');
    assert.equal(r.oldObject, undefined);
    assert.deepEqual(r.kind, { group: "", version: "v1", kind: "Pod" });
  });

  const bad: [string, string | Uint8Array, string, RegExp][] = [
    ["not JSON", '{"apiVersion":', "malformed", /not JSON/],
    ["not UTF-8", new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]), "malformed", /not JSON/],
    ["an array", "[]", "malformed", /not a JSON object/],
    ["v1beta1", '{"apiVersion":"admission.k8s.io/v1beta1","kind":"AdmissionReview","request":{"uid":"u"}}', "version", /admissionReviewVersions/],
    ["no request", '{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview"}', "malformed", /request: missing/],
    ["no uid", '{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{}}', "malformed", /request.uid: missing/],
    ["a number for a string", '{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{"uid":"u","operation":7}}', "malformed", /request\.operation: want a string, got number/],
    ["kind of the wrong shape", '{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{"uid":"u","kind":{"kind":["Pod"]}}}', "malformed", /request\.kind\.kind: want a string, got an array/],
  ];
  for (const [name, body, code, message] of bad) {
    test(`a body that is ${name} is a 400 with code ${code}`, () => {
      assert.throws(() => readReview(typeof body === "string" ? bytes(body) : body), (e: unknown) => e instanceof ReviewError && e.status === 400 && e.code === code && message.test(e.message));
    });
  }

  test("the response echoes the uid and apiVersion; warnings and status only when present", () => {
    assert.equal(reviewResponse({ apiVersion: "admission.k8s.io/v1", uid: "x" }, { allowed: true, warnings: [] }), '{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","response":{"uid":"x","allowed":true}}');
    const denied = JSON.parse(reviewResponse({ apiVersion: "admission.k8s.io/v1", uid: "x" }, { allowed: false, warnings: ["w"], status: { code: 403, message: "m" } })) as { response: unknown };
    assert.deepEqual(denied.response, { uid: "x", allowed: false, status: { code: 403, message: "m" }, warnings: ["w"] });
  });
});

describe("deciding", () => {
  const judge = judgeWith();

  test("an image change of a Deployment: allowed, with the verdict as a warning naming the pods", () => {
    const out = decide(readReview(bytes(review(deployment("nginx:1.25", 30), deployment("nginx:1.26", 30)))), judge);
    assert.deepEqual(out.decision, { allowed: true, warnings: ["recreates 30 pods of Deployment shop/web: image of container app changed"] });
    assert.equal(out.verdict, "recreate");
    assert.equal(out.kind, "Deployment");
  });

  test("a change that leaves the pods alone (replicas) gets no warning", () => {
    const out = decide(readReview(bytes(review(deployment("nginx:1.25", 3), deployment("nginx:1.25", 5)))), judge);
    assert.deepEqual(out.decision, { allowed: true, warnings: [] });
    assert.equal(out.verdict, "none");
  });

  test("warnAt recreate keeps quiet about in-place updates but not about recreations", () => {
    const pod = (image: string): { [key: string]: unknown } => ({ apiVersion: "v1", kind: "Pod", metadata: { name: "p", namespace: "shop" }, spec: { containers: [{ name: "app", image }] } });
    const r = readReview(bytes(review(pod("nginx:1.25"), pod("nginx:1.26"), { kind: { group: "", version: "v1", kind: "Pod" } })));
    const loud = decide(r, judge);
    assert.deepEqual(loud.decision.warnings, ["updates Pod shop/p in place (restarts container app): image of container app changed"]);
    assert.deepEqual(decide(r, judge, { ...DEFAULT_DECIDE, warnAt: "recreate" }).decision.warnings, []);
    const labelled = pod("nginx:1.25");
    (labelled["metadata"] as { [k: string]: unknown })["labels"] = { tier: "web" };
    const quiet = decide(readReview(bytes(review(pod("nginx:1.25"), labelled, { kind: { group: "", version: "v1", kind: "Pod" } }))), judge);
    assert.equal(quiet.verdict, "in-place");
    assert.deepEqual(quiet.decision.warnings, [], "a Pod updated in place without a restart gets no warning");
    const d = readReview(bytes(review(deployment("nginx:1.25"), deployment("nginx:1.26"))));
    assert.equal(decide(d, judge, { ...DEFAULT_DECIDE, warnAt: "recreate" }).decision.warnings.length, 1);
  });

  test("what is not judged: CREATE, other kinds, the status and scale subresources; a Pod's resize is", () => {
    const base = { old: deployment("a"), obj: deployment("b") };
    const skipped = (request: { [key: string]: unknown }) => decide(readReview(bytes(review(base.old, base.obj, request))), judge);
    for (const request of [{ operation: "CREATE" }, { operation: "DELETE" }, { subResource: "status" }, { subResource: "scale" }, { kind: { group: "", version: "v1", kind: "ConfigMap" } }, { kind: { group: "batch", version: "v1", kind: "Job" } }]) {
      const out = skipped(request);
      assert.equal(out.verdict, "skipped", JSON.stringify(request));
      assert.deepEqual(out.decision, { allowed: true, warnings: [] });
    }
    const resize = readReview(bytes(review({}, {}, { kind: { group: "", version: "v1", kind: "Pod" }, subResource: "resize" })));
    assert.equal(judgedKind(resize), "Pod");
    for (const [group, kind, want] of [["apps.kruise.io", "StatefulSet", "AdvancedStatefulSet"], ["apps.kruise.io", "DaemonSet", "AdvancedDaemonSet"], ["apps.kruise.io", "CloneSet", "CloneSet"], ["apps", "ReplicaSet", "ReplicaSet"]] as const) {
      assert.equal(judgedKind(readReview(bytes(review({}, {}, { kind: { group, version: "v1beta1", kind } })))), want);
    }
  });

  test("a policy's denial: allowed false, code 403, the policy's rule and message", () => {
    const out = decide(readReview(bytes(review(deployment("nginx:1.25"), deployment("nginx:1.26")))), judgeWith(policyJson));
    assert.equal(out.decision.allowed, false);
    assert.equal(out.denied, true);
    assert.equal(out.decision.status?.code, 403);
    assert.match(out.decision.status!.message, /^kinplace policy denies this update: recreates 3 pods of Deployment shop\/web: image of container app changed; \/spec\/template\/spec\/containers\/0\/image: recreate \(rule template-in-place: at most restart-container\): this change recreates pods/);
  });

  test("an update the engine cannot judge: allowed with a warning naming the code and path, or denied with --on-error deny", () => {
    const bad = deployment("nginx:1.26");
    (bad["spec"] as { [k: string]: unknown })["replicas"] = "three";
    const r = readReview(bytes(review(deployment("nginx:1.25"), bad)));
    const open = decide(r, judge);
    assert.equal(open.verdict, "error");
    assert.equal(open.errorCode, "E_JSON_TYPE");
    assert.deepEqual(open.decision.allowed, true);
    assert.match(open.decision.warnings[0]!, /^kinplace cannot judge this update of Deployment shop\/web: E_JSON_TYPE at new: json: cannot unmarshal string/);
    const closed = decide(r, judge, { ...DEFAULT_DECIDE, onError: "deny" });
    assert.equal(closed.decision.allowed, false);
    assert.equal(closed.decision.status?.code, 400);
  });

  test("warnings are one printable line, cut at the limit", () => {
    assert.equal(warningText("a\nb\u0000c", 256), "a b c");
    assert.equal(warningText("x".repeat(300), 256).length, 256);
    assert.ok(warningText("x".repeat(300), 256).endsWith("..."));
  });
});

/** An HTTP request to the server: status, headers and body text; `body` may be a function writing to the request. */
function send(url: string, options: { method?: string; path?: string; headers?: { [k: string]: string }; body?: string | Uint8Array; ca?: Buffer }): Promise<{ status: number; headers: { [k: string]: unknown }; body: string; cert?: string }> {
  return new Promise((resolve, reject) => {
    const u = new URL(options.path ?? "/validate", url);
    const fn = u.protocol === "https:" ? httpsRequest : httpRequest;
    const req = fn(u, { method: options.method ?? "POST", headers: options.headers ?? { "content-type": "application/json" }, ca: options.ca, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const peer = (res.socket as { getPeerCertificate?: () => { fingerprint256?: string } }).getPeerCertificate?.();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString(), cert: peer?.fingerprint256 });
      });
    });
    req.on("error", reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

/** A server on a free loopback port with a quiet logger (lines kept). */
async function server(overrides: Partial<ServerOptions> = {}, judge: Judge = judgeWith()): Promise<{ s: WebhookServer; metrics: Metrics; logs: string[] }> {
  const out = new PassThrough();
  const logs: string[] = [];
  out.on("data", (c: Buffer) => logs.push(...c.toString().split("\n").filter((l) => l !== "")));
  const metrics = new Metrics();
  const s = await startWebhook({ ...DEFAULT_SERVER, address: "127.0.0.1", port: 0, ...overrides }, { judge, decide: DEFAULT_DECIDE, log: new Logger(out, "debug"), metrics });
  return { s, metrics, logs };
}

describe("the server", () => {
  let s: WebhookServer;
  let metrics: Metrics;
  let logs: string[];
  before(async () => {
    ({ s, metrics, logs } = await server({ maxRequestBytes: 64 << 10, requestTimeoutMs: 600, headersTimeoutMs: 600 }));
  });
  after(() => s.close());

  test("answers a review with the verdict; health and readiness endpoints", async () => {
    const r = await send(s.url, { body: review(deployment("nginx:1.25"), deployment("nginx:1.26")) });
    assert.equal(r.status, 200);
    assert.equal(r.headers["content-type"], "application/json");
    assert.deepEqual(JSON.parse(r.body), { apiVersion: "admission.k8s.io/v1", kind: "AdmissionReview", response: { uid: "uid-1", allowed: true, warnings: ["recreates 3 pods of Deployment shop/web: image of container app changed"] } });
    for (const path of ["/healthz", "/livez", "/readyz"]) assert.equal((await send(s.url, { method: "GET", path })).status, 200, path);
    const line = logs.map((l) => JSON.parse(l) as { [k: string]: unknown }).find((l) => l["msg"] === "review");
    assert.equal(line?.["verdict"], "recreate");
    assert.equal(line?.["user"], "alice");
  });

  test("bad requests get typed error answers and the server keeps serving", async () => {
    const cases: [Parameters<typeof send>[1], number, string][] = [
      [{ body: "{nope" }, 400, "malformed"],
      [{ body: '{"apiVersion":"admission.k8s.io/v1beta1","kind":"AdmissionReview","request":{"uid":"u"}}' }, 400, "version"],
      [{ headers: { "content-type": "text/plain" }, body: "x" }, 415, "media-type"],
      [{ method: "GET" }, 405, "method"],
      [{ path: "/mutate", body: "{}" }, 404, "not-found"],
      [{ body: "x".repeat(70 << 10) }, 413, "too-large"],
      [{ headers: { "content-type": "application/json", "content-length": String(1 << 30) }, body: "" }, 413, "too-large"],
    ];
    for (const [options, status, code] of cases) {
      const r = await send(s.url, options).catch((e: unknown) => ({ status: -1, body: String(e), headers: {} }));
      if (options.headers?.["content-length"] !== undefined && r.status === -1) continue; // the server may close before the client reads: a refusal either way
      assert.equal(r.status, status, JSON.stringify(options).slice(0, 80));
      assert.equal((JSON.parse(r.body) as { code: string }).code, code);
    }
    const ok = await send(s.url, { body: review(deployment("a"), deployment("b")) });
    assert.equal(ok.status, 200);
  });

  test("a body sent in chunks past the limit without a content-length is refused (413)", async () => {
    const r = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(new URL("/validate", s.url), { method: "POST", headers: { "content-type": "application/json", "transfer-encoding": "chunked" }, agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      for (let i = 0; i < 40; i++) req.write("x".repeat(4096));
      req.end();
    }).catch(() => 413);
    assert.equal(r, 413);
  });

  test("a slow client (headers never finished) is cut off; others are served meanwhile", async () => {
    const socket = connect(Number(new URL(s.url).port), "127.0.0.1");
    const closed = new Promise<string>((resolve) => {
      let text = "";
      socket.on("data", (c: Buffer) => (text += c.toString()));
      socket.on("close", () => resolve(text));
      socket.on("error", () => resolve(text));
    });
    socket.write("POST /validate HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n");
    const ok = await send(s.url, { body: review(deployment("a"), deployment("b")) });
    assert.equal(ok.status, 200);
    const text = await closed;
    assert.ok(text === "" || /^HTTP\/1\.1 408/.test(text), text);
  });

  test("a client that goes away mid-body is logged as a bad request, not an internal error", async () => {
    const socket = connect(Number(new URL(s.url).port), "127.0.0.1");
    await new Promise<void>((r) => socket.once("connect", () => r()));
    socket.write("POST /validate HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{\"apiVersion\":");
    await new Promise((r) => setTimeout(r, 100));
    socket.destroy();
    for (let i = 0; i < 50 && !logs.some((l) => l.includes('"code":"aborted"')); i++) await new Promise((r) => setTimeout(r, 20));
    assert.ok(logs.some((l) => l.includes('"msg":"bad request"') && l.includes('"code":"aborted"')), logs.slice(-3).join("\n"));
    assert.ok(!logs.some((l) => l.includes('"msg":"internal error"')));
    assert.equal((await send(s.url, { body: review(deployment("a"), deployment("b")) })).status, 200);
  });

  test("metrics count requests by code, reviews by verdict, latency", async () => {
    const m = (await send(s.url, { method: "GET", path: "/metrics" })).body;
    assert.match(m, /^kinplace_webhook_reviews_total\{allowed="true",kind="Deployment",verdict="recreate"\} [1-9]/m);
    assert.match(m, /^kinplace_webhook_http_requests_total\{code="400",path="\/validate"\} [1-9]/m);
    assert.match(m, /^kinplace_webhook_http_requests_total\{code="413",path="\/validate"\} [1-9]/m);
    assert.match(m, /^kinplace_webhook_review_duration_seconds_count [1-9]/m);
    assert.match(m, /^kinplace_webhook_in_flight_requests 0$/m); // reviews only: the /metrics request is not one
    assert.equal(metrics.inFlight, 0);
  });
});

describe("shutdown", () => {
  test("close(): readiness turns 503 at once, the request in flight is answered, then the server stops", async () => {
    const { s } = await server();
    const body = review(deployment("nginx:1.25"), deployment("nginx:1.26"));
    const inFlight = new Promise<number>((resolve, reject) => {
      const req = httpRequest(new URL("/validate", s.url), { method: "POST", headers: { "content-type": "application/json", "content-length": String(body.length) }, agent: false }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      });
      req.on("error", reject);
      req.write(body.slice(0, 100));
      setTimeout(() => req.end(body.slice(100)), 300);
    });
    await new Promise((r) => setTimeout(r, 100));
    const closing = s.close();
    assert.equal(s.ready, false);
    assert.equal(await inFlight, 200);
    await closing;
    await assert.rejects(send(s.url, { method: "GET", path: "/healthz" }));
  });
});

describe("TLS", () => {
  test("serves HTTPS and picks up a rotated certificate without a restart", async (t) => {
    const dir = tempDir();
    t.after(() => dir.cleanup());
    const mk = (name: string): void => {
      execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", join(dir.dir, `${name}.key`), "-out", join(dir.dir, `${name}.crt`)], { stdio: "ignore" });
    };
    mk("a");
    mk("b");
    dir.file("tls.crt", readFileSync(join(dir.dir, "a.crt")));
    dir.file("tls.key", readFileSync(join(dir.dir, "a.key")));
    const { s, logs } = await server({ tls: { certFile: join(dir.dir, "tls.crt"), keyFile: join(dir.dir, "tls.key") }, certReloadMs: 50 });
    t.after(() => s.close());
    assert.match(s.url, /^https:/);
    const first = await send(s.url, { body: review(deployment("a"), deployment("b")), ca: readFileSync(join(dir.dir, "a.crt")) });
    assert.equal(first.status, 200);
    dir.file("tls.key", readFileSync(join(dir.dir, "b.key")));
    dir.file("tls.crt", readFileSync(join(dir.dir, "b.crt")));
    let second: Awaited<ReturnType<typeof send>> | undefined;
    for (let i = 0; i < 100 && second === undefined; i++) {
      await new Promise((r) => setTimeout(r, 50));
      second = await send(s.url, { method: "GET", path: "/healthz", ca: readFileSync(join(dir.dir, "b.crt")) }).catch(() => undefined);
    }
    assert.equal(second?.status, 200, "the new certificate is served");
    assert.notEqual(second?.cert, first.cert);
    assert.ok(logs.some((l) => l.includes('"certificate reloaded"')));
  });
});

describe("the CLI", () => {
  test("refuses to serve plain HTTP unless asked, and a policy the engine refuses", async () => {
    const r = await kinplace(["webhook"]);
    assert.equal(r.status, 2);
    assert.match(r.stderr.toString(), /give --tls-cert and --tls-key/);
    const dir = tempDir();
    try {
      const bad = dir.file("p.yaml", "rules:\n  - match: /spec/**\n    verdict: sometimes\n");
      const p = await kinplace(["webhook", "--insecure-http", "--policy", bad]);
      assert.equal(p.status, 2);
      assert.match(p.stderr.toString(), /E_POLICY/);
      const review = dir.file("r.json", '{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{}}');
      const q = await kinplace(["webhook", "--review", review]);
      assert.equal(q.status, 2);
      assert.match(q.stderr.toString(), /HTTP 400 \(malformed\): request.uid: missing/);
    } finally {
      dir.cleanup();
    }
  });

  test("serves, logs JSON lines, and exits 0 on SIGTERM after a clean shutdown", async () => {
    const child = spawn(process.execPath, [cli, "webhook", "--insecure-http", "--address", "127.0.0.1", "--port", "0"], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on("data", (c: Buffer) => {
        out += c.toString();
        const m = /"msg":"listening","url":"([^"]+)"/.exec(out);
        if (m !== null) resolve(m[1]!);
      });
      child.on("exit", () => reject(new Error(`exited early: ${out}`)));
    });
    const r = await send(url, { body: review(deployment("nginx:1.25", 30), deployment("nginx:1.26", 30)) });
    assert.deepEqual((JSON.parse(r.body) as { response: { warnings: string[] } }).response.warnings, ["recreates 30 pods of Deployment shop/web: image of container app changed"]);
    const code = new Promise<number | null>((resolve) => child.on("exit", (c) => resolve(c)));
    child.kill("SIGTERM");
    assert.equal(await code, 0);
    const lines = out.trim().split("\n").map((l) => JSON.parse(l) as { msg: string });
    assert.deepEqual(lines.map((l) => l.msg), ["listening", "review", "signal", "shutting down", "stopped"]);
  });
});

describe("the manifest and image recipe (deploy/webhook/)", () => {
  const docs = parseAllDocuments(readFileSync(join(root, "deploy/webhook/webhook.yaml"), "utf8")).map((d) => d.toJSON() as { [k: string]: any });
  const byKind = (kind: string) => docs.find((d) => d["kind"] === kind)!;

  test("the webhook configuration: v1 reviews, no side effects, a failure policy, the server's path, exactly the judged resources", () => {
    const hook = byKind("ValidatingWebhookConfiguration")["webhooks"][0];
    assert.deepEqual(hook.admissionReviewVersions, ["v1"]);
    assert.equal(hook.sideEffects, "None");
    assert.ok(["Ignore", "Fail"].includes(hook.failurePolicy));
    assert.ok(hook.timeoutSeconds >= 1 && hook.timeoutSeconds <= 30);
    assert.equal(hook.clientConfig.service.path, DEFAULT_SERVER.path);
    const kinds: { [resource: string]: string } = { pods: "Pod", deployments: "Deployment", replicasets: "ReplicaSet", statefulsets: "StatefulSet", daemonsets: "DaemonSet", clonesets: "CloneSet" };
    const judged = new Set<string>();
    for (const rule of hook.rules) {
      assert.deepEqual(rule.operations, ["UPDATE"]);
      for (const resource of rule.resources as string[]) {
        const [plural, sub] = resource.split("/");
        const r = readReview(bytes(review({}, {}, { kind: { group: rule.apiGroups[0], version: "v1", kind: kinds[plural!] }, subResource: sub ?? "" })));
        const k = judgedKind(r);
        assert.ok(k !== undefined, `${rule.apiGroups[0]}/${resource} is not judged by the webhook`);
        judged.add(k);
      }
    }
    assert.deepEqual([...judged].sort(), ["AdvancedDaemonSet", "AdvancedStatefulSet", "CloneSet", "DaemonSet", "Deployment", "Pod", "ReplicaSet", "StatefulSet"]);
  });

  test("the Deployment runs the CLI with options it knows, probes its health paths, and mounts the policy of deploy/webhook/policy.yaml", () => {
    const pod = byKind("Deployment")["spec"]["template"]["spec"];
    const c = pod.containers[0];
    const usage = readFileSync(join(root, "docs/webhook.md"), "utf8");
    for (const arg of c.args as string[]) assert.ok(usage.includes(`  ${arg.slice(0, arg.indexOf("="))} `), `${arg} is not a documented option`);
    assert.equal(c.readinessProbe.httpGet.path, "/readyz");
    assert.equal(c.livenessProbe.httpGet.path, "/livez");
    assert.equal(byKind("ConfigMap")["data"]["policy.yaml"], POLICY);
    const dockerfile = readFileSync(join(root, "deploy/webhook/Dockerfile"), "utf8");
    assert.match(dockerfile, /ENTRYPOINT \["node", "dist\/cli\/kinplace\.mjs", "webhook"\]/);
    assert.ok((c.args as string[]).some((a) => a.startsWith("--tls-cert=/tls/")));
  });
});
