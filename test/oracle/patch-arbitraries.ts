// fast-check arbitraries for the patch ops: realistic pairs of pod templates and
// ControllerRevision payloads with the edits people make (image bumps, env add/remove/reorder,
// labels and annotations, resources, containers added/removed/reordered, init containers, probes,
// volumes, tolerations, finalizers), random JSON pairs built to walk every array path of the diff
// libraries (Levenshtein on scalar arrays, the first-map "simple array" quirk, index-wise arrays,
// nulls, type changes, tricky keys), raw random documents, and JSON Patch / merge patch documents
// (valid and broken) to apply. Every pair becomes request lines for the four patch ops.

import fc from "fast-check";
import { bytes, jsonDoc, brokenDoc, outerString } from "./arbitraries.ts";

type J = null | boolean | number | string | J[] | { [k: string]: J };

/** A tiny deterministic PRNG (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const clone = <T extends J>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

// ---------------------------------------------------------------------------------------------
// Realistic Kubernetes payloads

const IMAGES = ["nginx", "busybox", "registry.k8s.io/pause", "ghcr.io/acme/api", "quay.io/prometheus/node-exporter", "redis", "envoyproxy/envoy"];
const TAGS = ["1.25", "1.25.3", "1.26.0", "latest", "v2.4.1", "v2.5.0", "sha256:" + "ab".repeat(32), "3.9", "stable-alpine"];
const NAMES = ["app", "sidecar", "proxy", "web", "worker", "init-db", "migrate", "log-shipper", "metrics", "istio-proxy"];
const LABEL_KEYS = ["app", "tier", "version", "app.kubernetes.io/name", "app.kubernetes.io/version", "team", "env", "pod-template-hash",
  "controller-revision-hash", "example.com/owner~x"];
const ANN_KEYS = ["prometheus.io/scrape", "prometheus.io/port", "kubectl.kubernetes.io/restartedAt", "cfg", "sidecar.istio.io/inject",
  "apps.kruise.io/inplace-update-grace", "note<&>"];
const ENV_NAMES = ["LOG_LEVEL", "PORT", "POD_NAME", "POD_IP", "FEATURE_X", "JAVA_OPTS", "CFG_VERSION", "GOMAXPROCS"];
const QUANTITIES = ["100m", "250m", "500m", "1", "2", "0.5", "1500m", "64Mi", "128Mi", "256Mi", "1Gi", "2G", "1e3", "10Ki"];

function container(r: () => number, name: string, init: boolean): J {
  const c: { [k: string]: J } = { name, image: `${pick(r, IMAGES)}:${pick(r, TAGS)}` };
  if (r() < 0.4) c.command = ["/bin/sh", "-c", pick(r, ["run", "sleep 3600", "exec app --port=8080", "echo hi"])];
  if (r() < 0.4) c.args = Array.from({ length: 1 + Math.floor(r() * 4) }, () => pick(r, ["--v=2", "--port=8080", "--debug", "-x", "serve", "--metrics"]));
  if (!init && r() < 0.6) c.ports = [{ name: "http", containerPort: 8080, protocol: "TCP" }, ...(r() < 0.3 ? [{ containerPort: 9090, protocol: "TCP" }] : [])];
  if (r() < 0.7) c.env = envList(r);
  c.resources = resources(r);
  if (r() < 0.5) c.volumeMounts = [{ name: "data", mountPath: "/data" }, ...(r() < 0.4 ? [{ name: "cfg", mountPath: "/etc/cfg", readOnly: true }] : [])];
  if (!init && r() < 0.5) c.livenessProbe = probe(r);
  if (!init && r() < 0.4) c.readinessProbe = probe(r);
  c.terminationMessagePath = "/dev/termination-log";
  c.terminationMessagePolicy = "File";
  c.imagePullPolicy = pick(r, ["Always", "IfNotPresent"]);
  return c;
}

function envList(r: () => number): J[] {
  const n = 1 + Math.floor(r() * 4);
  const names = [...ENV_NAMES].sort(() => r() - 0.5).slice(0, n);
  return names.map((name): J => {
    if (name === "POD_NAME" || name === "POD_IP") return { name, valueFrom: { fieldRef: { apiVersion: "v1", fieldPath: name === "POD_IP" ? "status.podIP" : "metadata.name" } } };
    if (name === "CFG_VERSION") return { name, valueFrom: { fieldRef: { apiVersion: "v1", fieldPath: "metadata.annotations['cfg']" } } };
    return { name, value: pick(r, ["info", "debug", "8080", "true", "-Xmx512m", "", "4"]) };
  });
}

function resources(r: () => number): J {
  const res: { [k: string]: J } = {};
  if (r() < 0.5) res.limits = { cpu: pick(r, QUANTITIES), memory: pick(r, QUANTITIES) };
  if (r() < 0.6) res.requests = r() < 0.5 ? { cpu: pick(r, QUANTITIES) } : { cpu: pick(r, QUANTITIES), memory: pick(r, QUANTITIES) };
  return res;
}

function probe(r: () => number): J {
  const p: { [k: string]: J } = r() < 0.6
    ? { httpGet: { path: pick(r, ["/healthz", "/ready", "/"]), port: 8080, scheme: "HTTP" } }
    : { exec: { command: ["cat", "/tmp/healthy"] } };
  p.initialDelaySeconds = Math.floor(r() * 30);
  p.periodSeconds = pick(r, [5, 10, 15]);
  p.timeoutSeconds = 1;
  p.successThreshold = 1;
  p.failureThreshold = 3;
  return p;
}

/** A pod template as Go serializes it (creationTimestamp null, resources always present). */
export function podTemplate(r: () => number): { [k: string]: J } {
  const names = [...NAMES].sort(() => r() - 0.5);
  const nc = 1 + Math.floor(r() * 3);
  const containers = names.slice(0, nc).map((n) => container(r, n, false));
  const metadata: { [k: string]: J } = { creationTimestamp: null, labels: Object.fromEntries(LABEL_KEYS.slice(0, 1 + Math.floor(r() * 4)).map((k) => [k, pick(r, ["web", "v1", "v2", "backend", "a1b2c3"])])) };
  if (r() < 0.5) metadata.annotations = Object.fromEntries(ANN_KEYS.slice(0, 1 + Math.floor(r() * 3)).map((k) => [k, pick(r, ["true", "9090", "2024-01-01T00:00:00Z", "v1", "x"])]));
  if (r() < 0.2) metadata.finalizers = ["example.com/cleanup"];
  const spec: { [k: string]: J } = {};
  if (r() < 0.5) spec.volumes = [{ name: "data", emptyDir: {} }, ...(r() < 0.5 ? [{ name: "cfg", configMap: { name: "app-cfg", defaultMode: 420 } }] : [])];
  if (r() < 0.3) spec.initContainers = [container(r, names[nc]!, true)];
  spec.containers = containers;
  spec.restartPolicy = "Always";
  spec.terminationGracePeriodSeconds = 30;
  spec.dnsPolicy = "ClusterFirst";
  if (r() < 0.3) spec.nodeSelector = { "kubernetes.io/os": "linux" };
  spec.securityContext = {};
  spec.schedulerName = "default-scheduler";
  if (r() < 0.4) spec.tolerations = [{ key: "node.kubernetes.io/not-ready", operator: "Exists", effect: "NoExecute", tolerationSeconds: 300 }];
  return { metadata, spec };
}

type Obj = { [k: string]: J };
const containersOf = (t: Obj) => (t.spec as Obj).containers as Obj[];

/** One realistic edit of a pod template (in place). */
function edit(t: Obj, r: () => number): void {
  const spec = t.spec as Obj;
  const meta = t.metadata as Obj;
  const cs = containersOf(t);
  const c = pick(r, cs);
  switch (Math.floor(r() * 22)) {
    case 0: case 1: case 2: c.image = `${String(c.image).split(":")[0]}:${pick(r, TAGS)}`; break; // image bump
    case 3: { const env = (c.env as Obj[] | undefined) ?? (c.env = []) as Obj[]; env.splice(Math.floor(r() * (env.length + 1)), 0, { name: "NEW_" + Math.floor(r() * 100), value: "1" }); break; }
    case 4: { const env = c.env as Obj[] | undefined; if (env?.length) env.splice(Math.floor(r() * env.length), 1); break; }
    case 5: { const env = c.env as Obj[] | undefined; if (env && env.length > 1) env.reverse(); break; }
    case 6: { const env = c.env as Obj[] | undefined; const e = env?.find((x) => "value" in x); if (e) e.value = pick(r, ["warn", "9090", "false", "2"]); break; }
    case 7: (meta.labels as Obj)[pick(r, LABEL_KEYS)] = pick(r, ["v3", "canary", "web"]); break;
    case 8: { const ks = Object.keys(meta.labels as Obj); if (ks.length) delete (meta.labels as Obj)[pick(r, ks)]; break; }
    case 9: if (meta.annotations) { if (r() < 0.5) delete meta.annotations; else (meta.annotations as Obj)[pick(r, ANN_KEYS)] = "changed"; } else meta.annotations = { cfg: "v2" }; break;
    case 10: { const res = c.resources as Obj; const which = r() < 0.5 ? "requests" : "limits"; if (res[which]) (res[which] as Obj)[r() < 0.5 ? "cpu" : "memory"] = pick(r, QUANTITIES); else res[which] = { cpu: pick(r, QUANTITIES) }; break; }
    case 11: { const res = c.resources as Obj; delete res[r() < 0.5 ? "limits" : "requests"]; break; }
    case 12: cs.push(container(r, "extra-" + Math.floor(r() * 1000), false) as Obj); break; // container added
    case 13: if (cs.length > 1) cs.splice(Math.floor(r() * cs.length), 1); break; // removed
    case 14: if (cs.length > 1) { const i = Math.floor(r() * cs.length); const [x] = cs.splice(i, 1); cs.splice(Math.floor(r() * cs.length), 0, x!); } break; // reordered
    case 15: if (spec.initContainers) { const ic = (spec.initContainers as Obj[])[0]!; if (r() < 0.5) ic.image = `busybox:${pick(r, TAGS)}`; else delete spec.initContainers; } else spec.initContainers = [container(r, "init-x", true)]; break;
    case 16: if (c.livenessProbe) { if (r() < 0.5) delete c.livenessProbe; else (c.livenessProbe as Obj).periodSeconds = 20; } else c.livenessProbe = probe(r); break;
    case 17: { const vols = (spec.volumes as Obj[] | undefined) ?? (spec.volumes = []) as Obj[]; if (r() < 0.5 || !vols.length) vols.push({ name: "v" + Math.floor(r() * 100), secret: { secretName: "s" } }); else vols.splice(Math.floor(r() * vols.length), 1); break; }
    case 18: { const tol = (spec.tolerations as Obj[] | undefined) ?? (spec.tolerations = []) as Obj[]; if (r() < 0.6) tol.push({ key: "dedicated", operator: "Equal", value: pick(r, ["gpu", "infra"]), effect: "NoSchedule" }); else if (tol.length) tol.splice(0, 1); break; }
    case 19: { const fin = (meta.finalizers as string[] | undefined) ?? (meta.finalizers = []) as string[]; if (r() < 0.6) fin.push("kinplace.dev/f" + Math.floor(r() * 5)); else if (fin.length) fin.splice(Math.floor(r() * fin.length), 1); break; }
    case 20: c.args = Array.from({ length: Math.floor(r() * 5) }, () => pick(r, ["--v=2", "--v=4", "--port=8080", "--debug", "serve"])); break;
    default: { const vm = c.volumeMounts as Obj[] | undefined; if (vm?.length) vm.pop(); else c.volumeMounts = [{ name: "data", mountPath: "/data" }]; }
  }
}

/** A realistic (from, to) pair: a pod template or ControllerRevision payload and its edited copy. */
export const realisticPair: fc.Arbitrary<[J, J]> = fc.tuple(fc.nat(), fc.integer({ min: 1, max: 4 }), fc.boolean()).map(([seed, edits, revision]) => {
  const r = rng(seed);
  const from = podTemplate(r);
  const to = clone(from);
  for (let i = 0; i < edits; i++) edit(to, r);
  if (!revision) return [from, to];
  const wrap = (t: Obj): J => ({ spec: { template: { ...t, $patch: "replace" } } });
  return [wrap(from), wrap(to)];
});

// ---------------------------------------------------------------------------------------------
// Random JSON pairs that walk every array path

/** Keys that make pointers interesting (escaping, the empty key, JSON-breaking characters). */
const GOOD_KEYS = ["a", "b", "c", "name", "x/y", "m~n", "~1", "", " ", "é", "<&>", "\u2028", "\ud83d\ude00", "0", "1", "-", "spec"];
/** Keys whose raw bytes break appscode's unescaped "path" (json.Marshal then fails). */
const BAD_KEYS = ["a\"b", "back\\slash", "tab\t"];
const KEYS = [...GOOD_KEYS, ...BAD_KEYS];
const STRS = ["", "a", "b", "x", "hello", "<tag>", "line\nbreak", "\u00e9", "\ud83d\ude00", "\b\f", "1", "true", "null"];

/** A key: now and then one that breaks appscode's paths. */
const key = (r: () => number) => (r() < 0.04 ? pick(r, BAD_KEYS) : pick(r, GOOD_KEYS));

function scalarJ(r: () => number): J {
  const k = r();
  if (k < 0.35) return pick(r, STRS);
  if (k < 0.7) return pick(r, [0, 1, 2, -1, 1.5, 3, 100, 1e21, 1e-7, 0.1, 9007199254740993, -0]);
  if (k < 0.85) return r() < 0.5;
  return null;
}

/** A random value; arrays come in the shapes the diff treats differently. */
function randomJ(r: () => number, depth: number): J {
  const k = r();
  if (depth <= 0 || k < 0.35) return scalarJ(r);
  if (k < 0.7) return randomArray(r, depth);
  const o: Obj = {};
  const n = Math.floor(r() * 5);
  for (let i = 0; i < n; i++) o[key(r)] = randomJ(r, depth - 1);
  return o;
}

function randomArray(r: () => number, depth: number): J[] {
  const n = Math.floor(r() * 7);
  switch (Math.floor(r() * 5)) {
    case 0: return Array.from({ length: n }, () => { const v = scalarJ(r); return v === null ? 1 : v; }); // scalars: Levenshtein
    case 1: { // first map with scalar values: "simple" whatever follows (the quirk)
      const first: Obj = { [key(r)]: scalarJ(r), [key(r)]: scalarJ(r) };
      return [...Array.from({ length: Math.floor(r() * 2) }, () => pick(r, STRS) as J), first, ...Array.from({ length: n }, () => randomJ(r, depth - 1))];
    }
    case 2: return Array.from({ length: n }, () => ({ name: pick(r, ["a", "b", "c", "d"]), v: scalarJ(r) } as J)); // objects of scalars
    case 3: return Array.from({ length: n }, () => randomJ(r, depth - 1)); // anything: index-wise
    default: return Array.from({ length: n }, () => ({ name: pick(r, NAMES), nested: { list: [1, 2] }, v: scalarJ(r) } as J)); // not simple
  }
}

/** Edits a random value: array inserts, deletes, replacements, moves, type changes, nested edits. */
function mutate(v: J, r: () => number, depth: number): J {
  if (Array.isArray(v)) {
    const a = [...v];
    const edits = 1 + Math.floor(r() * 3);
    for (let e = 0; e < edits; e++) {
      const k = r();
      if (k < 0.25) a.splice(Math.floor(r() * (a.length + 1)), 0, a.length && r() < 0.5 ? clone(pick(r, a)) : scalarJ(r));
      else if (k < 0.45 && a.length) a.splice(Math.floor(r() * a.length), 1);
      else if (k < 0.6 && a.length) a[Math.floor(r() * a.length)] = scalarJ(r);
      else if (k < 0.7 && a.length > 1) { const [x] = a.splice(Math.floor(r() * a.length), 1); a.splice(Math.floor(r() * a.length), 0, x!); }
      else if (k < 0.9 && a.length) { const i = Math.floor(r() * a.length); a[i] = mutate(a[i]!, r, depth + 1); }
      else if (k < 0.95) a.reverse();
    }
    return a;
  }
  if (v !== null && typeof v === "object") {
    const o: Obj = { ...v };
    const keys = Object.keys(o);
    const edits = 1 + Math.floor(r() * 3);
    for (let e = 0; e < edits; e++) {
      const k = r();
      if (k < 0.25 || !keys.length) o[key(r)] = randomJ(r, 2);
      else if (k < 0.45) delete o[pick(r, keys)];
      else if (k < 0.9 && depth < 6) { const key = pick(r, keys); if (key in o) o[key] = mutate(o[key]!, r, depth + 1); }
      else o[pick(r, keys)] = randomJ(r, 1);
    }
    return o;
  }
  return r() < 0.5 ? scalarJ(r) : randomJ(r, 2);
}

/** A random (from, to) pair of objects, `to` an edited copy of `from` (sometimes unrelated). */
export const randomPair: fc.Arbitrary<[J, J]> = fc.tuple(fc.nat(), fc.integer({ min: 1, max: 4 })).map(([seed, depth]) => {
  const r = rng(seed);
  const from: Obj = {};
  const n = 1 + Math.floor(r() * 4);
  for (let i = 0; i < n; i++) from[key(r)] = randomJ(r, depth);
  const to = r() < 0.1 ? (randomJ(r, depth) as J) : mutate(from, r, 0);
  const top = to !== null && typeof to === "object" && !Array.isArray(to) ? to : r() < 0.5 ? { k: to } : to;
  return [from, top];
});

// ---------------------------------------------------------------------------------------------
// Patches to apply

/** Every JSON pointer of a value (RFC 6901), containers and leaves. */
function pointers(v: J, base = ""): string[] {
  const out = [base];
  if (Array.isArray(v)) v.forEach((x, i) => out.push(...pointers(x, `${base}/${i}`)));
  else if (v !== null && typeof v === "object") for (const [k, x] of Object.entries(v)) out.push(...pointers(x, `${base}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`));
  return out;
}

/** A JSON Patch (as JSON text) against `doc`: mostly applicable operations, some broken ones. */
export function jsonPatchFor(doc: J, other: J, r: () => number): string {
  const ptrs = pointers(doc);
  const otherVals = pointers(other);
  const target = () => {
    const k = r();
    if (k < 0.7) return pick(r, ptrs);
    if (k < 0.8) return pick(r, ptrs) + "/-";
    if (k < 0.85) return pick(r, ptrs) + "/" + pick(r, ["0", "1", "-1", "01", "99", "x", "", "+1", "99999999999999999999", "\u00a0"]);
    if (k < 0.9) return pick(r, ["", "/", "nope", "a/b", "/missing/x", "//", "/~2", "/~"]);
    return pick(r, ptrs) + "/" + pick(r, KEYS).replace(/~/g, "~0").replace(/\//g, "~1");
  };
  const value = (): J => (r() < 0.5 ? randomJ(r, 2) : valueAt(other, pick(r, otherVals)));
  const n = Math.floor(r() * 5);
  const ops: unknown[] = [];
  let touched = false;
  for (let i = 0; i < n; i++) {
    const kind = pick(r, ["add", "add", "remove", "replace", "replace", "move", "copy", "test", "test"]);
    const path = target();
    const op: { [k: string]: unknown } = { op: kind, path };
    if (kind === "add" || kind === "replace") op.value = value();
    // evanphx compares object members in Go's map order and stops at the first difference, so a
    // container that differs somewhere and holds a null inside an array elsewhere may fail or panic
    // from run to run: containers are only tested while the document is untouched (equal values are
    // compared all the way), later tests compare with scalars
    if (kind === "test") op.value = !touched && r() < 0.6 ? valueAt(doc, path) ?? null : scalarJ(r);
    if (kind !== "test") touched = true;
    if (kind === "move" || kind === "copy") op.from = target();
    // malformed operations, now and then
    const m = r();
    if (m < 0.03) delete op.path;
    else if (m < 0.05) op.path = 5;
    else if (m < 0.07) op.op = pick(r, ["Add", "delete", 1, null]);
    else if (m < 0.09) delete op.value;
    else if (m < 0.1) op.value = null;
    else if (m < 0.11 && "from" in op) delete op.from;
    ops.push(r() < 0.02 ? pick(r, [null, 1, "x", []]) : op);
  }
  return JSON.stringify(ops);
}

/** The value at an RFC 6901 pointer, or undefined. */
function valueAt(doc: J, ptr: string): J {
  if (ptr === "") return doc;
  let cur: J | undefined = doc;
  for (const raw of ptr.slice(1).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (Array.isArray(cur)) cur = cur[Number(key)];
    else if (cur !== null && typeof cur === "object") cur = Object.hasOwn(cur, key) ? cur[key] : undefined;
    else return null;
    if (cur === undefined) return null;
  }
  return cur ?? null;
}

/** A merge patch (JSON text) that turns `a` into `b` (RFC 7396 generate), sprinkled with nulls, arrays and scalars. */
export function mergePatchFor(a: J, b: J, r: () => number): string {
  const gen = (x: J, y: J): J => {
    if (x === null || y === null || typeof x !== "object" || typeof y !== "object" || Array.isArray(x) || Array.isArray(y)) return y;
    const out: Obj = {};
    for (const k of Object.keys(x)) if (!(k in y)) out[k] = null;
    for (const [k, v] of Object.entries(y)) {
      if (!(k in x)) out[k] = v;
      else if (JSON.stringify(x[k]) !== JSON.stringify(v)) out[k] = gen(x[k]!, v);
    }
    if (r() < 0.2) out[key(r)] = r() < 0.5 ? null : { [key(r)]: null, z: [null, { q: null }] };
    return out;
  };
  const k = r();
  if (k < 0.05) return JSON.stringify([{ a: null }, null, 1]);
  if (k < 0.08) return pick(r, ["null", "1", '"s"', "[]", "{}"]);
  return JSON.stringify(gen(a, b));
}

// ---------------------------------------------------------------------------------------------
// Request lines

/** How one document is put into a request: as a value, or as text (compact, indented or spaced). */
function field(name: string, text: string, r: () => number): Uint8Array {
  const k = r();
  if (k < 0.45 && !text.includes("\n") && text.length > 0) return bytes(`"${name}":`, text);
  let t = text;
  if (k < 0.6) { try { t = JSON.stringify(JSON.parse(text), null, 2); } catch { /* keep */ } }
  else if (k < 0.65) t = ` ${text}\n`;
  return bytes(`"${name}Text":`, outerString(bytes(t)));
}

/** The request lines for one (from, to) pair: both diffs, and an apply of each patch kind. */
export function pairRequests(from: J, to: J, seed: number, go: string): Uint8Array[] {
  const r = rng(seed);
  const f = JSON.stringify(from);
  const t = JSON.stringify(to);
  const line = (op: string, ...fields: Uint8Array[]) => bytes(`{"op":"${op}",`, ...fields.flatMap((x, i) => (i ? [",", x] : [x])), go, "}");
  return [
    line("jsonpatch.diff", field("from", f, r), field("to", t, r)),
    line("mergepatch.diff", field("original", f, r), field("modified", t, r)),
    line("jsonpatch.apply", field("document", f, r), field("patch", jsonPatchFor(from, to, r), r)),
    line("mergepatch.apply", field("original", f, r), field("patch", mergePatchFor(from, to, r), r)),
  ];
}

/** Patches for raw documents: they touch `k` and `k2` (see rawRequests) and leave the rest raw. */
const RAW_PATCHES = ["[]", '[{"op":"add","path":"/k2/-","value":1}]', '[{"op":"copy","from":"/k","path":"/c"}]', '[{"op":"move","from":"/k","path":"/m"}]',
  '[{"op":"replace","path":"/k","value":{"n":1}}]', '[{"op":"remove","path":"/k2/0"}]', '[{"op":"add","path":"/new","value":"<&>"}]',
  '[{"op":"test","path":"/k","value":{}}]', '[{"op":"add","path":"/k/x","value":1}]', '[{"op":"copy","from":"/k2","path":"/k2/0"}]'];

/** Raw random documents (tricky bytes, duplicate keys, number spellings) wrapped so that most are
 * objects, and broken ones: every op gets one as each of its inputs. */
export const rawRequests: fc.Arbitrary<Uint8Array[]> = fc.tuple(
  fc.oneof({ weight: 6, arbitrary: jsonDoc.map((d) => bytes('{"k":', d, ',"k2":[', d, "]}")) }, { weight: 3, arbitrary: jsonDoc }, { weight: 1, arbitrary: brokenDoc }),
  fc.oneof({ weight: 6, arbitrary: jsonDoc.map((d) => bytes('{"k":', d, "}")) }, { weight: 3, arbitrary: jsonDoc }, { weight: 1, arbitrary: brokenDoc }),
  fc.constantFrom("", ',"go":"1.14"', ',"go":"1.21"', ',"go":"1.26"', ',"go":"1.27"'),
  fc.constantFrom(...RAW_PATCHES),
).map(([a, b, go, patch]) => {
  const t = (name: string, d: Uint8Array) => bytes(`"${name}Text":`, outerString(d));
  return [
    bytes('{"op":"jsonpatch.diff",', t("from", a), ",", t("to", b), go, "}"),
    bytes('{"op":"mergepatch.diff",', t("original", a), ",", t("modified", b), go, "}"),
    bytes('{"op":"mergepatch.apply",', t("original", a), ",", t("patch", b), go, "}"),
    bytes('{"op":"jsonpatch.apply",', t("document", a), ',"patch":', patch, go, "}"),
  ];
});

/** Hand-picked requests: quirks of both libraries, hostile pointers, absent and empty inputs. */
export const PATCH_EDGE: string[] = [
  // appscode: the first-map quirk, Levenshtein with a non-scalar first element, nulls, empty keys
  '{"op":"jsonpatch.diff","from":{"a":[{"x":1},[1,2],null,3]},"to":{"a":[{"x":1},[1,3],{"y":2},4]}}',
  '{"op":"jsonpatch.diff","from":{"a":[{"x":1},null]},"to":{"a":[{"x":1},{"z":1}]}}',
  '{"op":"jsonpatch.diff","from":{"a":["s",{"x":1}]},"to":{"a":["t",{"x":2}]}}',
  '{"op":"jsonpatch.diff","from":{"":{"x":1}},"to":{"":{"x":2,"y":[]}}}',
  '{"op":"jsonpatch.diff","from":{"a":{"":{"b":1}}},"to":{"a":{"":{"b":2}}}}',
  '{"op":"jsonpatch.diff","from":{"a":null},"to":{"a":{"b":1}}}',
  '{"op":"jsonpatch.diff","from":{"a":1},"to":{"a":null}}',
  '{"op":"jsonpatch.diff","from":{"a":1.0,"b":-0,"c":"\\u0061"},"to":{"a":1,"b":0,"c":"a"}}',
  '{"op":"jsonpatch.diff","from":{"a":[1,2,3,4,5,6,7,8]},"to":{"a":[8,7,6,5,4,3,2,1]}}',
  '{"op":"jsonpatch.diff","from":null,"to":null}',
  '{"op":"jsonpatch.diff","from":{},"toText":""}',
  '{"op":"jsonpatch.diff","fromText":"{\\"a\\":1e999}","to":{}}',
  '{"op":"jsonpatch.diff","from":{"a<b":1,"\\u2028":2},"to":{}}',
  '{"op":"jsonpatch.diff","from":{"a\\"b":1,"c\\"d":2,"e\\\\":3},"to":{"a\\"b":2}}',
  '{"op":"jsonpatch.diff","from":{"a\\u0001":1},"to":{}}',
  '{"op":"jsonpatch.diff","from":{"k":"\\b\\f"},"to":{"k":"\\f\\b"},"go":"1.21"}',
  '{"op":"jsonpatch.diff","from":{"k":"\\b\\f"},"to":{"k":"\\f\\b"},"go":"1.22"}',
  '{"op":"jsonpatch.diff","flavor":"appscode","from":{"a":1},"to":{"a":2}}',
  '{"op":"jsonpatch.diff","flavor":"fast","from":{"a":1},"to":{"a":2}}',
  '{"op":"jsonpatch.diff","flavor":1,"from":{"a":1},"to":{"a":2}}',
  '{"op":"jsonpatch.diff","from":{"a":1},"fromText":"{}","to":{"a":2}}',
  '{"op":"jsonpatch.diff","fromText":1,"to":{"a":2}}',
  // apply: every operation, hostile pointers, quirks of evanphx/json-patch v4
  '{"op":"jsonpatch.apply","document":{"a":1},"patch":[{"op":"add","path":"/__proto__/x","value":1},{"op":"add","path":"/constructor","value":{}},{"op":"add","path":"/constructor/prototype","value":{"y":2}}]}',
  '{"op":"jsonpatch.apply","document":{"__proto__":{"polluted":1}},"patch":[{"op":"copy","from":"/__proto__","path":"/constructor"},{"op":"move","from":"/__proto__/polluted","path":"/x"}]}',
  '{"op":"jsonpatch.apply","document":{"a":[1,2,3]},"patch":[{"op":"add","path":"/a/-","value":4},{"op":"add","path":"/a/-1","value":5},{"op":"remove","path":"/a/-2"},{"op":"replace","path":"/a/0","value":0},{"op":"move","from":"/a/0","path":"/a/3"},{"op":"copy","from":"/a/1","path":"/b"},{"op":"test","path":"/a","value":[2,4,5,0]}]}',
  '{"op":"jsonpatch.apply","document":{"a":[1]},"patch":[{"op":"add","path":"/a/2","value":1}]}',
  '{"op":"jsonpatch.apply","document":{"a":[1]},"patch":[{"op":"remove","path":"/a/01"}]}',
  '{"op":"jsonpatch.apply","document":{"a":[1]},"patch":[{"op":"remove","path":"/a/\u007f\u00a0\u0378\u2028\ud83e\udedd"}]}',
  '{"op":"jsonpatch.apply","document":{"a":[1]},"patch":[{"op":"remove","path":"/a/-5"}]}',
  '{"op":"jsonpatch.apply","document":{"a":[1]},"patch":[{"op":"test","path":"/a/+0","value":1},{"op":"test","path":"/a/x","value":1}]}',
  '{"op":"jsonpatch.apply","document":{"a":{}},"patch":[{"op":"replace","path":"/a/missing","value":1},{"op":"copy","from":"/a/nothing","path":"/b"}]}',
  '{"op":"jsonpatch.apply","document":{"a":{}},"patch":[{"op":"remove","path":"/a/missing"}]}',
  '{"op":"jsonpatch.apply","document":{"a":{}},"patch":[{"op":"move","from":"/a/missing","path":"/b"}]}',
  '{"op":"jsonpatch.apply","document":{"a":1},"patch":[{"op":"add","path":"a/b","value":1},{"op":"add","path":"","value":1}]}',
  '{"op":"jsonpatch.apply","document":{"a":1},"patch":[{"op":"replace","path":"","value":[1,{"b":2}]},{"op":"add","path":"/1/c","value":3}]}',
  '{"op":"jsonpatch.apply","document":{"a":1},"patch":[{"op":"replace","path":"","value":null}]}',
  '{"op":"jsonpatch.apply","document":{"a":1},"patch":[{"op":"replace","path":""}]}',
  '{"op":"jsonpatch.apply","document":{"a":1},"patch":[{"op":"test","path":""}]}',
  '{"op":"jsonpatch.apply","document":{"a":1},"patch":[{"op":"test","path":"","value":{"a":1}},{"op":"test","path":"/a"}]}',
  '{"op":"jsonpatch.apply","document":{"a":{}},"patch":[{"op":"test","path":"/a","value":null},{"op":"test","path":"/a","value":[]}]}',
  '{"op":"jsonpatch.apply","document":{"a":[]},"patch":[{"op":"test","path":"/a","value":null}]}',
  '{"op":"jsonpatch.apply","document":{"a":[null]},"patch":[{"op":"test","path":"/a","value":[null]}]}',
  '{"op":"jsonpatch.apply","document":{"a":null},"patch":[{"op":"test","path":"/a","value":null},{"op":"test","path":"/a"},{"op":"test","path":"/b"}]}',
  '{"op":"jsonpatch.apply","document":{"a":"<x>","b":"\\u003cx\\u003e"},"patch":[{"op":"test","path":"/a","value":"\\u003cx>"},{"op":"test","path":"/b","value":"<x>"}]}',
  '{"op":"jsonpatch.apply","document":{"a":1.0},"patch":[{"op":"test","path":"/a","value":1}]}',
  '{"op":"jsonpatch.apply","document":{"a":null},"patch":[{"op":"add","path":"/b","value":null},{"op":"copy","from":"/b","path":"/c"},{"op":"add","path":"/c/x","value":1}]}',
  '{"op":"jsonpatch.apply","document":{"a":null},"patch":[{"op":"add","path":"/b","value":null},{"op":"add","path":"/b/x","value":1}]}',
  '{"op":"jsonpatch.apply","documentText":"null","patch":[{"op":"add","path":"/a","value":1}]}',
  '{"op":"jsonpatch.apply","documentText":"null","patch":[]}',
  '{"op":"jsonpatch.apply","documentText":"","patch":[{"op":"bogus"}]}',
  '{"op":"jsonpatch.apply","patch":[]}',
  '{"op":"jsonpatch.apply","document":{"a":1}}',
  '{"op":"jsonpatch.apply","document":{"a":1},"patch":null}',
  '{"op":"jsonpatch.apply","document":{"a":1},"patch":[null]}',
  '{"op":"jsonpatch.apply","document":{"a":1},"patch":[{"op":"move","path":"/b"},{"op":"copy","from":"/a"}]}',
  '{"op":"jsonpatch.apply","document":{"a":1},"patch":[{"op":"move","from":1,"path":"/b"}]}',
  '{"op":"jsonpatch.apply","document":{"z":{"b":1,"a":[2,1]},"y":{"d":1,"c":2}},"patch":[{"op":"add","path":"/z/c","value":{"q":1,"p":2}},{"op":"add","path":"/z/a/-","value":0}]}',
  '{"op":"jsonpatch.apply","documentText":"{\\"b\\" : 1 , \\"a\\":[ 1.50, 2e3 ],\\"a\\":{\\"y\\":1,\\"x\\":2}}","patch":[{"op":"add","path":"/c","value":"<&>"}]}',
  '{"op":"jsonpatch.apply","documentText":"[1, 2, {\\"b\\":1,\\"a\\":2}]","patch":[{"op":"add","path":"/-","value":3},{"op":"add","path":"/2/c","value":3}]}',
  '{"op":"jsonpatch.apply","documentText":" [1]","patch":[]}',
  '{"op":"jsonpatch.apply","documentText":"{\\"a\\":1","patch":[]}',
  '{"op":"jsonpatch.apply","document":{"a":1},"patchText":"[{\\"op\\":\\"add\\",\\"path\\":\\"/b\\",\\"value\\":1},"}',
  '{"op":"jsonpatch.apply","document":{"a":1},"patch":[1]}',
  '{"op":"jsonpatch.apply","document":{"a":1},"patch":{"op":"add"}}',
  '{"op":"jsonpatch.apply","document":{"a":{"b":1}},"patch":[{"op":"move","from":"/a","path":"/a/c"}]}',
  '{"op":"jsonpatch.apply","document":{"a\\u0000b":1,"~":2,"/":3},"patch":[{"op":"move","from":"/a\\u0000b","path":"/~0~1"},{"op":"remove","path":"/~1"},{"op":"remove","path":"/~0"}]}',
  // merge patches
  '{"op":"mergepatch.diff","original":{"a":1,"b":{"c":1,"d":[1,2]},"e":null},"modified":{"a":1.0,"b":{"c":1,"d":[1,2]},"f":null,"e":1}}',
  '{"op":"mergepatch.diff","original":[{"a":1},{"b":1}],"modified":[{"a":2},{"b":1}]}',
  '{"op":"mergepatch.diff","original":[{"a":1}],"modified":[{"a":2},{}]}',
  '{"op":"mergepatch.diff","original":[1],"modified":[2]}',
  '{"op":"mergepatch.diff","original":{"a":1},"modified":[1]}',
  '{"op":"mergepatch.diff","original":null,"modified":{"a":1}}',
  '{"op":"mergepatch.diff","originalText":" [{}] ","modifiedText":"[{\\"a\\":1}]\\n"}',
  '{"op":"mergepatch.diff","original":{"a":1}}',
  '{"op":"mergepatch.apply","original":{"a":{"b":1,"c":{"d":2}},"x":[1,{"y":null}]},"patch":{"a":{"c":{"d":null,"e":{"f":null,"g":1}},"h":[null,{"i":null}]},"x":null}}',
  '{"op":"mergepatch.apply","original":{"a":[1]},"patch":{"a":{"b":null,"c":1}}}',
  '{"op":"mergepatch.apply","original":{"a":{"b":1}},"patch":{"a":[{"c":null}]}}',
  '{"op":"mergepatch.apply","original":[1,2],"patch":{"a":{"b":null},"c":1}}',
  '{"op":"mergepatch.apply","original":{"a":1},"patch":[{"b":null},null,[{"c":null}]]}',
  '{"op":"mergepatch.apply","original":{"a":1},"patch":"x"}',
  '{"op":"mergepatch.apply","original":null,"patch":{"a":1}}',
  '{"op":"mergepatch.apply","original":{"a":1},"patch":null}',
  '{"op":"mergepatch.apply","originalText":"{","patch":{}}',
  '{"op":"mergepatch.apply","original":{"a":1},"patchText":"{"}',
  '{"op":"mergepatch.apply","patch":{"a":1}}',
  '{"op":"mergepatch.apply","originalText":"{\\"z\\":1,\\"a\\":{\\"y\\":1,\\"x\\":2.50}}","patch":{"b":1}}',
];
