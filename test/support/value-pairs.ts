// Pairs of JS values for the diffs of JS values (js/objects/): Kubernetes-like documents of realistic sizes (a
// Deployment, a ConfigMap of config files, a List of workloads) and a copy with realistic and hostile edits, as
// JS values rather than JSON texts: undefined, functions and symbols, NaN, ±Infinity and -0, Dates, BigInt, toJSON,
// boxed primitives, Maps and typed arrays, cycles, large and fractional numbers, long strings, astral characters
// and lone surrogates (in values and keys), keys with `~`, `/`, `"`, `\`, control characters, "" and "__proto__",
// integer-like keys, objects over 32 members, type changes, array edits (simple arrays and the first-map quirk
// included), shared references, null-prototype objects and class instances, array holes. Deterministic per seed.

import { podTemplate, rng } from "../oracle/patch-arbitraries.ts";

type Obj = { [k: string]: unknown };

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Date);

/** A class whose instances JSON.stringify writes by their own members. */
class Model {
  kind = "Model";
  spec: unknown;
  constructor(spec: unknown) {
    this.spec = spec;
  }
}

const LINES = ["server.port=8080", "# a comment with \"quotes\" and \\backslashes\\", "key: \"value\"\ttab", "<tag a=\"1\">x &amp; y</tag>",
  "path = /var/lib/app", "emoji = \ud83d\ude00 é ü", "line\u2028sep", "ctrl \u0001\u001f", "json = {\"a\": [1, 2]}"];

/** A config file of about `n` characters. */
function configFile(r: () => number, n: number): string {
  let s = "";
  while (s.length < n) s += pick(r, LINES) + " " + Math.floor(r() * 1e6) + "\n";
  return s;
}

const NUMBERS = [0, 1, -1, 2, 3, 100, 1.5, 0.1, -0, 1e21, 1e-7, 2 ** 53 + 2, 9007199254740993, 5e-324, 1.7976931348623157e308, -123.456, 65535, 1e300];
const ODD_KEYS = ["", "a/b", "m~n", "~1", "/", "x//y", "0", "10", "9", "01", "-1", "__proto__", "<&>", "\u2028", "é", "\ud83d\ude00", "toJSON",
  "constructor", "hasOwnProperty", " "];
const BAD_KEYS = ["a\"b", "back\\slash", "tab\t", "nl\n"];
const LONE_KEYS = ["\ud800", "\udc00", "x\udfff", "\ufffd"];
const ODD_STRINGS = ["", "x", "\ud800", "\udc00", "a\ud800b", "\ufffd", "\ud83d\ude00", "\u2028", "<script>&", "\u0000", "\"\\", "1e21", "null"];

/** A scalar, mostly plain, sometimes one JSON.stringify treats specially. */
function scalar(r: () => number, hostile: boolean): unknown {
  const k = r();
  if (k < 0.35) return pick(r, ["web", "v1", "true", "8080", "nginx:1.25", "", "a b c"]);
  if (k < 0.6) return pick(r, NUMBERS);
  if (k < 0.7) return r() < 0.5;
  if (k < 0.75) return null;
  if (!hostile || k < 0.85) return pick(r, ODD_STRINGS);
  if (k < 0.97) return pick(r, [undefined, NaN, Infinity, -Infinity, () => 1, Symbol("s"), new Date(Date.UTC(2024, 1, 2, 3, 4, 5)), new Date(NaN), -0]);
  // what JSON.stringify refuses or rewrites: BigInt, toJSON, boxed primitives, Maps and typed arrays (their own members)
  return pick(r, [10n, { toJSON: () => ({ custom: [1] }) }, new Number(5), new String("boxed"), new Boolean(false), new Map([[1, 2]]), new Uint8Array([1, 2])]);
}

/** A random value of depth up to `depth`. */
function value(r: () => number, depth: number, hostile: boolean): unknown {
  const k = r();
  if (depth <= 0 || k < 0.4) return scalar(r, hostile);
  if (k < 0.7) {
    const n = Math.floor(r() * 5);
    if (r() < 0.3) return Array.from({ length: n }, () => ({ name: pick(r, ["a", "b", "c"]), value: scalar(r, hostile) }));
    if (r() < 0.3) return [{ k: scalar(r, false) }, ...Array.from({ length: n }, () => value(r, depth - 1, hostile))]; // the first-map quirk
    return Array.from({ length: n }, () => value(r, depth - 1, hostile));
  }
  const o: Obj = hostile && r() < 0.05 ? Object.create(null) : {};
  const n = Math.floor(r() * 5);
  for (let i = 0; i < n; i++) setKey(o, key(r, hostile), value(r, depth - 1, hostile));
  return hostile && r() < 0.05 ? new Model(o) : o;
}

/** A member key: usually a plain name. */
function key(r: () => number, hostile: boolean): string {
  const k = r();
  if (!hostile || k < 0.7) return pick(r, ["app", "name", "image", "env", "labels", "x", "y", "spec", "data", "tier"]);
  if (k < 0.9) return pick(r, ODD_KEYS);
  if (k < 0.96) return pick(r, LONE_KEYS);
  return pick(r, BAD_KEYS);
}

/** Sets a member as JSON.parse would ("__proto__" as an own member). */
function setKey(o: Obj, k: string, v: unknown): void {
  if (k === "__proto__") Object.defineProperty(o, k, { value: v, writable: true, enumerable: true, configurable: true });
  else o[k] = v;
}

/** A Deployment around a pod template. */
function deployment(r: () => number, name: string): Obj {
  const t = podTemplate(r);
  return {
    apiVersion: "apps/v1", kind: "Deployment",
    metadata: { name, namespace: "default", uid: `0b3e4f1a-${Math.floor(r() * 1e8)}`, resourceVersion: String(Math.floor(r() * 1e6)), generation: 3,
      labels: { app: name, tier: "web" }, annotations: { "deployment.kubernetes.io/revision": "4" } },
    spec: { replicas: 3, selector: { matchLabels: { app: name } }, strategy: { type: "RollingUpdate", rollingUpdate: { maxSurge: "25%", maxUnavailable: 0 } }, template: t },
    status: { observedGeneration: 3, replicas: 3, readyReplicas: 3, conditions: [{ type: "Available", status: "True", reason: "MinimumReplicasAvailable" }] },
  };
}

/** A ConfigMap of `files` config files of about `size` characters each. */
function configMap(r: () => number, files: number, size: number): Obj {
  const data: Obj = {};
  for (let i = 0; i < files; i++) data[`file-${i}.conf`] = configFile(r, size);
  return { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "cfg", namespace: "default", labels: { app: "x" } }, data };
}

/** A document: mostly a Deployment, sometimes a ConfigMap or a List (up to a few hundred KB). */
function document(r: () => number): Obj {
  const k = r();
  if (k < 0.55) return deployment(r, pick(r, ["web", "api", "worker"]));
  if (k < 0.8) return configMap(r, 1 + Math.floor(r() * (r() < 0.2 ? 40 : 8)), pick(r, [100, 1000, 10000]));
  const n = 2 + Math.floor(r() * (r() < 0.2 ? 60 : 8));
  return { apiVersion: "v1", kind: "List", items: Array.from({ length: n }, (_, i) => deployment(r, `w${i}`)) };
}

/** Every container of a value with the path to it, depth first (arrays and objects). */
function containers(v: unknown, out: unknown[] = [], seen = new Set<unknown>()): unknown[] {
  if (typeof v !== "object" || v === null || seen.has(v)) return out;
  const proto = Object.getPrototypeOf(v);
  if (!Array.isArray(v) && proto !== Object.prototype && proto !== null && !(v instanceof Model)) return out;
  seen.add(v);
  out.push(v);
  for (const x of Object.values(v)) containers(x, out, seen);
  return out;
}

/** One edit of a container inside `doc` (in place). */
function edit(doc: Obj, r: () => number, hostile: boolean, from: Obj): void {
  const cs = containers(doc);
  const c = pick(r, cs) as Obj | unknown[];
  if (Array.isArray(c)) {
    const k = r();
    if (k < 0.25 || c.length === 0) c.splice(Math.floor(r() * (c.length + 1)), 0, c.length && r() < 0.5 ? cloneValue(pick(r, c)) : value(r, 2, hostile));
    else if (k < 0.45) c.splice(Math.floor(r() * c.length), 1);
    else if (k < 0.6) c[Math.floor(r() * c.length)] = value(r, 2, hostile);
    else if (k < 0.7) { const [x] = c.splice(Math.floor(r() * c.length), 1); c.splice(Math.floor(r() * (c.length + 1)), 0, x); }
    else if (k < 0.75) c.reverse();
    else if (k < 0.8 && hostile) { const i = c.length + Math.floor(r() * 3); c[i + 1] = 1; } // holes
    else { const i = Math.floor(r() * c.length); if (typeof c[i] === "string") c[i] = (c[i] as string) + "!"; else c[i] = scalar(r, hostile); }
    return;
  }
  const keys = Object.keys(c);
  const k = r();
  if (k < 0.3 && keys.length) {
    // a scalar member changes (a long string grows by a line)
    const name = pick(r, keys);
    const v = c[name];
    c[name] = typeof v === "string" && v.length > 50 ? v + pick(r, LINES) + "\n" : scalar(r, hostile);
  } else if (k < 0.45 && keys.length) delete c[pick(r, keys)];
  else if (k < 0.6) setKey(c, key(r, hostile), value(r, 2, hostile));
  else if (k < 0.7 && keys.length) c[pick(r, keys)] = value(r, 1, hostile); // often a type change
  else if (k < 0.75 && keys.length && hostile) c[pick(r, keys)] = pick(r, [undefined, () => 0, Symbol("x"), c]); // (c: a cycle)
  else if (k < 0.8) { for (let i = 0; i < 40; i++) c[`label-${i}`] = `v${i % 7}`; } // over 32 members
  else if (k < 0.85 && hostile) {
    // a subtree shared with `from` (the same object on both sides)
    const shared = pick(r, containers(from)) as Obj;
    if (shared !== from) setKey(c, pick(r, ["shared", ...keys]), shared);
  } else if (keys.length) {
    const name = pick(r, keys);
    const v = c[name];
    if (isObj(v)) setKey(v, key(r, hostile), value(r, 1, hostile));
    else c[name] = { nested: value(r, 2, hostile) };
  }
}

/** A (from, to) pair: a document and an edited copy (`hostile`: with values JSON.stringify treats specially). */
export function valuePair(seed: number, edits: number, hostile: boolean): [Obj, Obj] {
  const r = rng(seed);
  const from = document(r);
  if (hostile) for (let i = 0; i < 1 + Math.floor(r() * 3); i++) edit(from, r, true, from);
  // structuredClone keeps undefined, Dates, holes and -0 (a JSON round trip would not); functions and symbols cannot be cloned
  const to = cloneValue(from) as Obj;
  for (let i = 0; i < edits; i++) edit(to, r, hostile, from);
  return [from, to];
}

/** A deep copy keeping what structuredClone keeps, plus functions, symbols, null prototypes and class instances as they are. */
function cloneValue(v: unknown, seen = new Map<unknown, unknown>()): unknown {
  if (typeof v !== "object" || v === null) return v;
  if (v instanceof Date) return new Date(v.getTime());
  if (seen.has(v)) return seen.get(v);
  const proto = Object.getPrototypeOf(v);
  // boxed primitives, Maps, typed arrays: shared
  if (!Array.isArray(v) && proto !== Object.prototype && proto !== null && !(v instanceof Model)) return v;
  if (Array.isArray(v)) {
    const out = new Array(v.length);
    seen.set(v, out);
    for (let i = 0; i < v.length; i++) if (i in v) out[i] = cloneValue(v[i], seen);
    return out;
  }
  const out: Obj = v instanceof Model ? new Model(undefined) : Object.create(proto);
  seen.set(v, out);
  for (const k of Object.keys(v)) setKey(out, k, cloneValue((v as Obj)[k], seen));
  return out;
}
