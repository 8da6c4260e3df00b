// Regenerates assembly/schema/generated/tables.ts from the real Go types: reflects k8s.io/api at every
// supported minor (one throw-away Go module per minor under build/schemagen/) and OpenKruise once, merges and
// deduplicates, and writes the AssemblyScript tables.
//
//   npm run gen:schemas                         all minors pinned in tools/schemagen/versions.json
//   npm run gen:schemas -- --reuse              reuse build/schemagen/out/*.json (re-encode only)
//   npm run gen:schemas -- --refresh            first pin newer k8s.io/api patches/minors from the module proxy
//   npm run gen:schemas -- --kruise-compile-check   also try compiling OpenKruise's apis against every minor
//
// Needs Go (modules come from the Go module proxy, OpenKruise too: the same github.com/openkruise/kruise@v1.9.0
// the Go oracle builds against). Resolved module graphs are pinned in
// tools/schemagen/deps.lock.json and tools/schemagen/deps.sum so that a rerun is reproducible.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { digestSource, minorDigest } from "./digest.js";
import { assemblyScriptTables, encode, totalSize } from "./encode.js";
import { compileCheck, goQuery, reflectModule, type RootRef } from "./gomodule.js";
import { buildModel, typesPerMinor } from "./merge.js";
import { type GoReflection, type GoType, isKruise, KRUISE_SLOT_BASE, refsOf, type Versions } from "./model.js";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, "../..");
const WORK = join(ROOT, "build/schemagen");
const OUT = join(WORK, "out");
const TABLES = join(ROOT, "assembly/schema/generated/tables.ts");
const DIGESTS = join(ROOT, "assembly/__tests__/generated/schema-digests.ts");
const VERSIONS = join(HERE, "versions.json");
const LOCK = join(HERE, "deps.lock.json");
const SUM = join(HERE, "deps.sum");

const CORE = "k8s.io/api/core/v1";
const APPS = "k8s.io/api/apps/v1";
/** Kubernetes roots reflected at every minor. */
const K8S_ROOTS: RootRef[] = [
  { pkg: CORE, name: "Pod" },
  { pkg: CORE, name: "PodTemplateSpec" },
  { pkg: CORE, name: "PodTemplate" },
  { pkg: APPS, name: "Deployment" },
  { pkg: APPS, name: "ReplicaSet" },
  { pkg: APPS, name: "StatefulSet" },
  { pkg: APPS, name: "DaemonSet" },
  { pkg: APPS, name: "ControllerRevision" },
  // what client code passes to strategicpatch for an object without Go type (a custom resource)
  { pkg: "k8s.io/apimachinery/pkg/apis/meta/v1/unstructured", name: "Unstructured" },
];
const KRUISE_APPS = "github.com/openkruise/kruise/apis/apps";
/** OpenKruise roots. The module proxy's v1.9.0 controllers read v1beta1 CloneSet, DaemonSet and StatefulSet; the
 *  v1alpha1 kinds are the served older versions (roots a version lacks are dropped and reported). */
const KRUISE_ROOTS: RootRef[] = [
  { pkg: `${KRUISE_APPS}/v1alpha1`, name: "CloneSet" },
  { pkg: `${KRUISE_APPS}/v1beta1`, name: "CloneSet" },
  { pkg: `${KRUISE_APPS}/v1alpha1`, name: "DaemonSet" },
  { pkg: `${KRUISE_APPS}/v1beta1`, name: "DaemonSet" },
  { pkg: `${KRUISE_APPS}/v1alpha1`, name: "StatefulSet" },
  { pkg: `${KRUISE_APPS}/v1beta1`, name: "StatefulSet" },
];

const argv = process.argv.slice(2);
const args = new Set(argv.filter((a) => !a.includes("=")));
const onlyMinors = argv.find((a) => a.startsWith("--minors="))?.slice(9).split(",").map(Number);
/** The checksum database does not answer for github.com/openkruise/kruise v1.9.0 (the oracle build does the same). */
const KRUISE_ENV = { GONOSUMDB: "github.com/openkruise/kruise" };

function readJSON<T>(path: string, fallback: T): T {
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as T) : fallback;
}

function semverCmp(a: string, b: string): number {
  const pa = a.slice(1).split(".").map(Number), pb = b.slice(1).split(".").map(Number);
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return pa[i] - pb[i];
  return 0;
}

/** Pins the newest published patch of every minor >= 1.16 (keeps pins newer than what the proxy lists). */
function refresh(versions: Versions): void {
  const listed = goQuery(["list", "-m", "-versions", "k8s.io/api"], join(WORK, "query")).trim().split(/\s+/).slice(1);
  for (const v of listed) {
    const m = /^v0\.(\d+)\.\d+$/.exec(v);
    if (!m || Number(m[1]) < 16) continue;
    const key = `1.${m[1]}`;
    const cur = versions.minors[key];
    if (!cur || semverCmp(v, cur.api) > 0) {
      goQuery(["list", "-m", `k8s.io/apimachinery@${v}`], join(WORK, "query"));
      versions.minors[key] = { api: v, apimachinery: v };
      console.log(`pinned ${key}: ${v}`);
    }
  }
  const sorted: Versions["minors"] = {};
  for (const k of Object.keys(versions.minors).sort((a, b) => Number(a.slice(2)) - Number(b.slice(2)))) sorted[k] = versions.minors[k];
  versions.minors = sorted;
  writeFileSync(VERSIONS, JSON.stringify(versions, null, 2) + "\n");
}

/** Named non-OpenKruise types that OpenKruise's own types refer to (directly or through composites). */
function externalRoots(kruise: GoReflection): RootRef[] {
  const byName = new Map(kruise.types.map((t) => [t.name, t]));
  const out = new Map<string, RootRef>();
  const seen = new Set<string>();
  const stack: GoType[] = kruise.types.filter(isKruise);
  while (stack.length) {
    const t = stack.pop()!;
    if (seen.has(t.name)) continue;
    seen.add(t.name);
    for (const r of refsOf(t)) {
      const rt = byName.get(r)!;
      if (rt.goName && !isKruise(rt)) {
        if (rt.pkg) out.set(r, { pkg: rt.pkg, name: rt.goName });
      } else stack.push(rt);
    }
  }
  return [...out.values()].sort((a, b) => (a.pkg + a.name < b.pkg + b.name ? -1 : 1));
}

function main(): void {
  const t0 = Date.now();
  mkdirSync(OUT, { recursive: true });
  const versions = readJSON<Versions>(VERSIONS, { kruise: { path: "", version: "", commit: "", repo: "" }, minors: {} });
  if (args.has("--refresh")) refresh(versions);
  const lock = readJSON<Record<string, Record<string, string>>>(LOCK, {});
  let sum = existsSync(SUM) ? readFileSync(SUM, "utf8").split("\n").filter((l) => l !== "") : [];
  const reuse = args.has("--reuse");
  const timings: string[] = [];
  const kruiseReleaseLines: string[] = [];

  const runModule = (key: string, file: string, requires: Record<string, string>, roots: RootRef[],
    env: Record<string, string> = {}, replaces: Record<string, string> = {}): GoReflection => {
    if (reuse && existsSync(file)) {
      const old = JSON.parse(readFileSync(file, "utf8")) as GoReflection;
      // a reused reflection must hold every root asked for now (OpenKruise's external roots may have changed)
      const have = new Set(old.types.map((t) => t.name));
      if (roots.every((r) => have.has(`${r.pkg.split("/").pop()}.${r.name}`))) return old;
      console.log(`${key}: reflection lacks roots asked for now; reflecting again`);
    }
    const s = Date.now();
    const res = reflectModule({
      dir: join(WORK, key), reflectorDir: HERE, requires, lock: lock[key] ?? {}, sum, roots, env, replaces,
    });
    lock[key] = Object.fromEntries(Object.entries(res.lock).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    sum = [...new Set([...sum, ...res.sum])].sort();
    writeFileSync(file, res.json);
    const secs = ((Date.now() - s) / 1000).toFixed(1);
    timings.push(`${key} ${secs}s`);
    console.log(`${key}: ${secs}s${res.dropped.length ? ", not in this version: " + res.dropped.map((r) => `${r.pkg.split("/").pop()}.${r.name}`).join(", ") : ""}`);
    return JSON.parse(res.json) as GoReflection;
  };

  const kv = versions.kruise;
  const kruiseFile = join(OUT, "kruise.json");
  const kruise = runModule("kruise", kruiseFile, { [kv.path]: kv.version }, KRUISE_ROOTS, KRUISE_ENV);
  const ext = externalRoots(kruise);

  const k8s = new Map<number, GoReflection>();
  for (const [key, v] of Object.entries(versions.minors)) {
    const minor = Number(key.split(".")[1]);
    if (onlyMinors && !onlyMinors.includes(minor)) continue;
    const requires = { "k8s.io/api": v.api, "k8s.io/apimachinery": v.apimachinery };
    k8s.set(minor, runModule(key, join(OUT, `k8s-${key}.json`), requires, [...K8S_ROOTS, ...ext]));
  }

  const { perMinor, kruiseMissing } = typesPerMinor(k8s, kruise);
  // each older OpenKruise release: a slot of its own holding the pinned minor's types overlaid with everything its
  // reflection reaches (its own apis and the exact k8s.io/api patch its go.mod pins)
  const slots: { kruise: number; minor: number }[] = [];
  for (const [key, r] of Object.entries(versions.kruiseReleases ?? {})) {
    const km = Number(key.split(".")[1]), minor = Number(r.minor.split(".")[1]);
    const own = k8s.get(minor); // that minor's Kubernetes types only (not v1.9.0's OpenKruise types)
    if (!own) { if (!onlyMinors) throw new Error(`kruise ${key}: minor ${r.minor} not reflected`); continue; }
    const base = new Map(own.types.map((t) => [t.name, t] as [string, GoType]));
    const replaces = { "k8s.io/api": `k8s.io/api ${r.api}`, "k8s.io/apimachinery": `k8s.io/apimachinery ${r.api}` };
    const refl = runModule(`kruise-${r.version}`, join(OUT, `kruise-${r.version}.json`), { [kv.path]: r.version }, KRUISE_ROOTS, KRUISE_ENV, replaces);
    const m = new Map(base);
    for (const t of refl.types) m.set(t.name, t);
    perMinor.set(KRUISE_SLOT_BASE + km, m);
    slots.push({ kruise: km, minor });
    kruiseReleaseLines.push(`  ${key}: ${kv.path} ${r.version} (${refl.roots.join(", ")}) at 1.${minor}, k8s.io/api ${refl.modules["k8s.io/api"] ?? "?"}, k8s.io/apimachinery ${refl.modules["k8s.io/apimachinery"] ?? "?"}`);
  }
  writeFileSync(LOCK, JSON.stringify(lock, null, 2) + "\n");
  writeFileSync(SUM, sum.join("\n") + "\n");
  const model = buildModel(perMinor, kruiseMissing);
  const enc = encode(model, slots);
  const goRelease = [...k8s.values()][0]?.go ?? "";
  const header = [
    "Generated by tools/schemagen/generate.ts from the real Go types. DO NOT EDIT.",
    "Regenerate with: npm run gen:schemas   (needs Go and the Go module proxy; versions pinned in",
    "tools/schemagen/versions.json, module graphs in tools/schemagen/deps.lock.json and deps.sum)",
    "",
    `Reflected with ${goRelease}: standard-library types (time.Time, time.Location, big.Int) are as that Go`,
    "release declares them.",
    `Roots: ${K8S_ROOTS.map((r) => `${r.pkg.split("/").slice(-2).join("/")}.${r.name}`).join(", ")};`,
    `OpenKruise ${kv.path} ${kv.version} as the Go module proxy serves it (commit ${kv.commit.slice(0, 12)}; its go.mod ` +
      "requires no kruise-api, the types are its own apis/ packages): " +
      `${kruise.roots.join(", ")}.`,
    "OpenKruise's own types are reflected once and refer to Kubernetes types by name, resolved per minor.",
    "",
    "OpenKruise releases with a table slot of their own (after the minors: each release's reflection of the same roots,",
    "its own apis and the k8s.io/api patch its go.mod pins, over the types of that Kubernetes minor; schema.ts kruiseTypeId):",
    ...kruiseReleaseLines,
    "",
    "Kubernetes minors (k8s.io/api version):",
    ...Object.entries(versions.minors)
      .filter(([k]) => k8s.has(Number(k.split(".")[1])))
      .map(([k, v]) => `  ${k}: ${v.api}${v.note ? " (" + v.note + ")" : ""}`),
    "",
    ...(kruiseMissing.size
      ? ["OpenKruise types not resolvable at:", ...[...kruiseMissing].map(([m, l]) => `  1.${m}: ${l.join(", ")}`), ""]
      : ["Every OpenKruise type resolves at every minor.", ""]),
    `Size: ${totalSize(enc)} bytes (strings ${enc.strings.length}, packages ${enc.pkgs.length}, fields ${enc.fields.length}, records ` +
      `${enc.records.length}, names ${enc.names.length}, runs ${enc.runs.length}, minors ${enc.minors.length}, kruise slots ${enc.slots.length}).`,
    `${enc.nameCount} type names, ${enc.recordCount} distinct records, ${enc.fieldCount} distinct fields, ` +
      `${enc.runCount} runs. Layout: tools/schemagen/encode.ts; reader: assembly/schema/schema.ts.`,
  ];
  mkdirSync(dirname(TABLES), { recursive: true });
  writeFileSync(TABLES, assemblyScriptTables(enc, header));
  mkdirSync(dirname(DIGESTS), { recursive: true });
  writeFileSync(DIGESTS, digestSource([...perMinor].filter(([m]) => m < KRUISE_SLOT_BASE).map(([m, t]) => [m, minorDigest(t), t.size])));
  const perMinorCount = [...perMinor].map(([m, t]) => (m < KRUISE_SLOT_BASE ? `1.${m}` : `kruise1.${m - KRUISE_SLOT_BASE}`) + `:${t.size}`).join(" ");
  writeFileSync(join(WORK, "summary.json"), JSON.stringify({
    size: totalSize(enc), names: enc.nameCount, records: enc.recordCount, fields: enc.fieldCount, runs: enc.runCount,
    typesPerMinor: perMinorCount, kruiseMissing: Object.fromEntries(kruiseMissing), timings,
    seconds: (Date.now() - t0) / 1000,
  }, null, 2));
  console.log(`types per minor: ${perMinorCount}`);
  console.log(`wrote ${TABLES}: ${totalSize(enc)} bytes of tables, ${enc.nameCount} names, ${enc.recordCount} records, ` +
    `${enc.fieldCount} fields, ${enc.runCount} runs (${((Date.now() - t0) / 1000).toFixed(1)}s)`);

  if (args.has("--kruise-compile-check")) kruiseCompileCheck(versions, sum, k8s);
}

/** Tries to compile OpenKruise's apis packages against each minor's k8s.io/api and apimachinery. */
function kruiseCompileCheck(versions: Versions, sum: string[], k8s: Map<number, GoReflection>): void {
  const results: Record<string, string> = {};
  for (const [key, v] of Object.entries(versions.minors)) {
    if (!k8s.has(Number(key.split(".")[1]))) continue;
    const s = Date.now();
    const r = compileCheck(join(WORK, `check-${key}`), { [versions.kruise.path]: versions.kruise.version },
      { "k8s.io/api": `k8s.io/api ${v.api}`, "k8s.io/apimachinery": `k8s.io/apimachinery ${v.apimachinery}` },
      sum, [`${KRUISE_APPS}/pub`, `${KRUISE_APPS}/v1alpha1`, `${KRUISE_APPS}/v1beta1`], KRUISE_ENV);
    const first = r.err.split("\n").filter((l) => /\.go:\d+/.test(l) || /^go: /.test(l)).slice(0, 3).join(" | ");
    results[key] = r.ok ? "ok" : `fails: ${first}`;
    console.log(`kruise apis @ ${key}: ${results[key]} (${((Date.now() - s) / 1000).toFixed(1)}s)`);
  }
  writeFileSync(join(WORK, "kruise-compile.json"), JSON.stringify(results, null, 2));
}

main();
