// Issue 5 benchmark ("Speed"): the verdict on a realistic 3-container CloneSet revision pair (image bump
// on one container, a template label, InPlaceIfPossible), and 1,000 pods' worth of pod patches, against
//  - the same work in JavaScript: fast-json-patch `compare` of the two revisions plus the same rules
//    (CalculateInPlaceUpdateSpec's op classification, env-from-metadata lookup, the metadata patch) and,
//    per pod, the patched pod (images, labels, the in-place-update-state annotation) with `compare`;
//  - OpenKruise's own Go CalculateSpec and PatchSpecToPod run natively (the Kruise build of the k8s
//    oracle, op bench.kruiseVerdict: harness/kruise_verdict_bench.go), when that binary is built.
// Reports median microseconds per call (wall) and the ratios. Never asserted.
//
// Usage: node --import tsx bench/verdict.ts [repeats]

import { readFileSync, existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import fastJsonPatch from "fast-json-patch";
import * as k from "../js/node.ts";

const { compare } = fastJsonPatch;
k.initSync(readFileSync(process.env.KINPLACE_WASM ?? new URL("../build/kinplace.wasm", import.meta.url)));
const repeats = Number(process.argv[2] ?? 7);
const enc = new TextEncoder();
type Obj = Record<string, any>;

function container(name: string, image: string, extra: Obj = {}): Obj {
  return {
    name, image, imagePullPolicy: "Always",
    env: [{ name: "LOG_LEVEL", value: "info" }, { name: "POD_NAME", valueFrom: { fieldRef: { apiVersion: "v1", fieldPath: "metadata.name" } } }, { name: "TEAM", valueFrom: { fieldRef: { apiVersion: "v1", fieldPath: "metadata.labels['team']" } } }],
    ports: [{ name: "http", containerPort: 8080, protocol: "TCP" }],
    resources: { requests: { cpu: "250m", memory: "256Mi" }, limits: { cpu: "1", memory: "512Mi" } },
    readinessProbe: { httpGet: { path: "/ready", port: 8080, scheme: "HTTP" }, periodSeconds: 10, timeoutSeconds: 1, successThreshold: 1, failureThreshold: 3 },
    livenessProbe: { httpGet: { path: "/healthz", port: 8080, scheme: "HTTP" }, periodSeconds: 10, timeoutSeconds: 1, successThreshold: 1, failureThreshold: 3 },
    volumeMounts: [{ name: "config", mountPath: "/etc/config", readOnly: true }, { name: "data", mountPath: "/data" }],
    terminationMessagePath: "/dev/termination-log", terminationMessagePolicy: "File",
    ...extra,
  };
}

function template(image: string, version: string): Obj {
  return {
    metadata: { labels: { app: "web", team: "payments", version }, annotations: { "prometheus.io/scrape": "true" } },
    spec: {
      containers: [container("app", image), container("envoy", "envoyproxy/envoy:v1.31.2"), container("log-agent", "fluent/fluent-bit:3.1.9")],
      volumes: [{ name: "config", configMap: { name: "web-config", defaultMode: 420 } }, { name: "data", emptyDir: {} }],
      readinessGates: [{ conditionType: "InPlaceUpdateReady" }],
      restartPolicy: "Always", terminationGracePeriodSeconds: 30, dnsPolicy: "ClusterFirst", schedulerName: "default-scheduler", securityContext: {},
    },
  };
}

const cloneSet = (t: Obj): Obj => ({ apiVersion: "apps.kruise.io/v1alpha1", kind: "CloneSet", metadata: { name: "web", namespace: "prod" }, spec: { replicas: 1000, selector: { matchLabels: { app: "web" } }, updateStrategy: { type: "InPlaceIfPossible" }, template: t } });
const oldT = template("registry.example.com/web:1.41.0", "1.41.0");
const newT = template("registry.example.com/web:1.42.0", "1.42.0");
const NOW = "2026-11-21T10:00:00Z";

// ---- the engine ----
const verdictLine = enc.encode(JSON.stringify({ op: "verdict", old: cloneSet(oldT), new: cloneSet(newT), now: NOW }));
const first = JSON.parse(new TextDecoder().decode(k.evaluateLine(verdictLine)));
if (!first.ok || first.result.verdict !== "in-place") throw new Error(`unexpected verdict: ${JSON.stringify(first).slice(0, 300)}`);
const stored = (t: Obj) => JSON.parse((k.evaluate({ op: "k8s.json", type: "PodTemplateSpec", value: t, kubernetes: "1.32" } as never) as any).result.json);
const revision = (name: string, t: Obj) => ({ metadata: { name }, data: { spec: { template: { $patch: "replace", ...stored(t) } } } });
const oldRev = revision("web-7c9f6d8b5", oldT);
const newRev = revision("web-5d4b8b4f9c", newT);
const spec = (k.evaluate({ op: "kruise.inplaceSpec", oldRevision: oldRev, newRevision: newRev } as never) as any).result.updateSpec as string;
const pods = Array.from({ length: 1000 }, (_, i) => ({ apiVersion: "v1", kind: "Pod", metadata: { name: `web-${i}`, namespace: "prod", labels: { ...oldT.metadata.labels, "controller-revision-hash": "web-7c9f6d8b5" } }, spec: stored(oldT).spec, status: { containerStatuses: oldT.spec.containers.map((c: Obj) => ({ name: c.name, imageID: `sha256:${i}${c.name}`, image: c.image, ready: true })) } }));
const podLines = pods.map((p) => enc.encode(JSON.stringify({ op: "kruise.patchPod", pod: p, updateSpecText: spec, now: NOW })));

// ---- the same work in JavaScript ----
const imageRe = /^\/spec\/containers\/([0-9]+)\/image$/;
function jsCalculate(a: Obj, b: Obj): Obj | null {
  const ops = compare(a.data, b.data);
  const oldTemp = a.data.spec.template, newTemp = b.data.spec.template;
  const s: Obj = { revision: b.metadata.name, containerImages: {}, containerRefMetadata: {}, containerResources: {} };
  const meta: Obj[] = [];
  for (const op of ops) {
    const path = op.path.replace("/spec/template", "");
    if (!path.startsWith("/spec/")) { if (path.startsWith("/metadata/")) { meta.push({ ...op, path }); continue; } return null; }
    if (op.op !== "replace") return null;
    const m = imageRe.exec(path);
    if (!m || Number(m[1]) >= oldTemp.spec.containers.length) return null;
    s.containerImages[oldTemp.spec.containers[Number(m[1])].name] = (op as Obj).value;
  }
  if (meta.length > 0) {
    const labels: Obj = {}, annotations: Obj = {};
    for (const op of meta) {
      const [, , kind, key] = op.path.split("/", 4) as string[];
      const k2 = key?.replaceAll("~1", "/").replaceAll("~0", "~");
      if ((op.op === "replace" || op.op === "add") && k2 !== undefined && (kind === "labels" || kind === "annotations")) {
        const users = newTemp.spec.containers.filter((c: Obj) => (c.env ?? []).some((e: Obj) => e.valueFrom?.fieldRef?.fieldPath === `metadata.${kind}['${k2}']`));
        if (users.length > 0) { for (const c of users) (s.containerRefMetadata[c.name] ??= { labels: {} }).labels[k2] = op.value; s.updateEnvFromMetadata = true; continue; }
        (kind === "labels" ? labels : annotations)[k2] = op.value;
      } else if (op.op === "remove" && k2 !== undefined) (kind === "labels" ? labels : annotations)[k2] = null;
    }
    s.metaDataPatch = Buffer.from(JSON.stringify({ metadata: { ...(Object.keys(annotations).length ? { annotations } : {}), ...(Object.keys(labels).length ? { labels } : {}) } })).toString("base64");
  }
  return s;
}
function jsPatchPod(pod: Obj, s: Obj): Obj[] {
  const next = structuredClone(pod);
  if (s.metaDataPatch) {
    const p = JSON.parse(Buffer.from(s.metaDataPatch, "base64").toString());
    for (const [k2, v] of Object.entries(p.metadata.labels ?? {})) { if (v === null) delete next.metadata.labels[k2]; else next.metadata.labels[k2] = v; }
  }
  const last: Obj = {};
  for (const c of next.spec.containers) {
    const img = s.containerImages[c.name];
    if (img === undefined) continue;
    c.image = img;
    const st = pod.status.containerStatuses.find((x: Obj) => x.name === c.name);
    if (st) last[c.name] = { imageID: st.imageID };
  }
  const state = { revision: s.revision, updateTimestamp: NOW, lastContainerStatuses: last, updateImages: true, containerBatchesRecord: [{ timestamp: NOW, containers: Object.keys(s.containerImages).sort() }] };
  next.metadata.annotations = { ...(next.metadata.annotations ?? {}), "apps.kruise.io/inplace-update-state": JSON.stringify(state) };
  return compare(pod, next);
}
const jsSpec = jsCalculate(oldRev, newRev);
if (jsSpec === null || Object.keys(jsSpec.containerImages).length !== 1) throw new Error("the JS rules disagree with the engine on the pair");

/** Median microseconds per call of `fn` run `n` times per sample. */
function time(fn: () => unknown, n: number): number {
  for (let i = 0; i < Math.max(3, n / 10); i++) fn();
  const samples: number[] = [];
  for (let r = 0; r < repeats; r++) {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) fn();
    samples.push(((performance.now() - t0) * 1000) / n);
  }
  return samples.sort((a, b) => a - b)[samples.length >> 1]!;
}

const engineVerdict = time(() => k.evaluateLine(verdictLine), 300);
const specLine = enc.encode(JSON.stringify({ op: "kruise.inplaceSpec", oldRevision: oldRev, newRevision: newRev }));
const engineSpec = time(() => k.evaluateLine(specLine), 300);
const jsVerdict = time(() => jsCalculate(oldRev, newRev), 300);
const enginePods = time(() => { for (const l of podLines) k.evaluateLine(l); }, 3);
const jsPods = time(() => { for (const p of pods) jsPatchPod(p, jsSpec); }, 3);

// ---- OpenKruise natively ----
let goCalc = NaN, goPods = NaN;
const bin = new URL("../test/oracle/bin/k8s/kruise-v1.9.0-go126/k8s-oracle", import.meta.url);
if (existsSync(bin)) {
  const out = spawnSync(bin.pathname, { input: JSON.stringify({ op: "bench.kruiseVerdict", oldRevision: oldRev, newRevision: newRev, pod: pods[0], iterations: 3000 }) + "\n" });
  const a = JSON.parse(out.stdout.toString().split("\n")[0]!);
  if (a.ok) { goCalc = a.result.calculateNsPerOp / 1000; goPods = (a.result.patchNsPerOp * 1000) / 1000; }
}

const f = (x: number) => (Number.isNaN(x) ? "—" : x >= 100 ? x.toFixed(0) : x.toFixed(1));
const ratio = (a: number, b: number) => (Number.isNaN(a) || Number.isNaN(b) ? "—" : (a / b).toFixed(1) + "×");
console.log("| work | kinplace (µs) | JS: fast-json-patch + rules (µs) | Kruise Go natively (µs) | vs JS | vs Go |");
console.log("|---|---:|---:|---:|---:|---:|");
console.log(`| verdict, 3-container CloneSet pair | ${f(engineVerdict)} | ${f(jsVerdict)} | ${f(goCalc)} | ${ratio(jsVerdict, engineVerdict)} | ${ratio(goCalc, engineVerdict)} |`);
console.log(`| in-place spec only (kruise.inplaceSpec) | ${f(engineSpec)} | ${f(jsVerdict)} | ${f(goCalc)} | ${ratio(jsVerdict, engineSpec)} | ${ratio(goCalc, engineSpec)} |`);
console.log(`| 1,000 pods' pod patches | ${f(enginePods)} | ${f(jsPods)} | ${f(goPods)} | ${ratio(jsPods, enginePods)} | ${ratio(goPods, enginePods)} |`);
console.log("\nkinplace's verdict also decodes and stores both CloneSets, diffs the whole objects, and writes the reasons, the JSON/merge/strategic patches and the pod patch; the JS and Go columns compute only the in-place spec.");
