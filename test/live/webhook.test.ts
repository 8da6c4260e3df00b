// Live suite: the hook an admission webhook plugs into (test/live/apiserver.ts `applyValidatingWebhook`). A
// webhook served here on 127.0.0.1 (the server's own certificate, its CA as caBundle) is registered for
// Deployment updates; kubectl apply --dry-run=server then gets its denial as the server's refusal text and its
// warnings as Warning lines, and the webhook sees the AdmissionReview kube-apiserver sends (dryRun, the stored
// object as oldObject, the patched one as object). Needs Go and kubectl, as the dry-run suite.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { createServer, type Server } from "node:https";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { applyValidatingWebhook, kubectl, startServer, type LiveServer } from "./apiserver.ts";

let server: LiveServer;
let webhook: Server;
const reviews: any[] = [];

before(async () => {
  server = await startServer({ log: (s) => console.error(s) });
  webhook = createServer({ cert: readFileSync(join(server.dir, "server.crt")), key: readFileSync(join(server.dir, "server.key")) }, (req, res) => {
    const body: Buffer[] = [];
    req.on("data", (c: Buffer) => body.push(c));
    req.on("end", () => {
      const review = JSON.parse(Buffer.concat(body).toString());
      reviews.push(review);
      const image: string = review.request.object.spec.template.spec.containers[0].image;
      const deny = image.endsWith(":latest");
      const response = deny
        ? { uid: review.request.uid, allowed: false, status: { code: 403, message: "images need a pinned tag" } }
        : { uid: review.request.uid, allowed: true, warnings: [`image ${image} checked`] };
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ apiVersion: "admission.k8s.io/v1", kind: "AdmissionReview", response }));
    });
  });
  await new Promise<void>((r) => webhook.listen(0, "127.0.0.1", r));
  const port = (webhook.address() as { port: number }).port;
  await applyValidatingWebhook({
    metadata: { name: "kinplace-live" },
    webhooks: [{
      name: "images.kinplace.test",
      clientConfig: { url: `https://127.0.0.1:${port}/validate`, caBundle: readFileSync(server.caFile).toString("base64") },
      rules: [{ apiGroups: ["apps"], apiVersions: ["v1"], operations: ["UPDATE"], resources: ["deployments"] }],
      sideEffects: "None",
      admissionReviewVersions: ["v1"],
      failurePolicy: "Fail",
      timeoutSeconds: 5,
    }],
  });
});

after(async () => {
  webhook?.closeAllConnections();
  await new Promise<void>((r) => (webhook ? webhook.close(() => r()) : r()));
  await server?.stop();
});

const deployment = (image: string) => JSON.stringify({
  apiVersion: "apps/v1", kind: "Deployment", metadata: { name: "web", namespace: "default" },
  spec: { replicas: 2, selector: { matchLabels: { app: "web" } }, template: { metadata: { labels: { app: "web" } }, spec: { containers: [{ name: "app", image }] } } },
});

/** kubectl apply --dry-run=server, retried while the webhook configuration is not yet in force (its informer). */
async function dryRun(image: string) {
  for (let i = 0; ; i++) {
    const r = await kubectl(["apply", "--dry-run=server", "-o", "json", "-f", "-"], deployment(image));
    if (reviews.some((x) => x.request.object.spec.template.spec.containers[0].image === image) || i >= 20) return r;
    await new Promise((res) => setTimeout(res, 500));
  }
}

test("a validating webhook registered through the hook refuses and warns on kubectl apply --dry-run=server", { timeout: 300_000 }, async () => {
  const created = await kubectl(["apply", "-f", "-"], deployment("nginx:1.27.0"));
  assert.equal(created.status, 0, created.stderr);
  const denied = await dryRun("nginx:latest");
  assert.notEqual(denied.status, 0);
  assert.match(denied.stderr, /admission webhook "images\.kinplace\.test" denied the request: images need a pinned tag/);
  const warned = await dryRun("nginx:1.28.0");
  assert.equal(warned.status, 0, warned.stderr);
  assert.match(warned.stderr, /^Warning: image nginx:1\.28\.0 checked$/m);
  const review = reviews.find((x) => x.request.object.spec.template.spec.containers[0].image === "nginx:1.28.0");
  assert.equal(review.request.dryRun, true);
  assert.equal(review.request.operation, "UPDATE");
  assert.equal(review.request.oldObject.spec.template.spec.containers[0].image, "nginx:1.27.0");
  // the object the webhook judges is the patched and defaulted one
  assert.equal(review.request.object.spec.template.spec.containers[0].imagePullPolicy, "IfNotPresent");
});
