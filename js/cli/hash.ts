// `kinplace hash FILE`: per workload, the kubelet container hashes per kubelet minor, the Deployment's
// pod-template-hash and the StatefulSet / DaemonSet ControllerRevision name; `--upgrade FROM TO` lists
// the containers a kubelet upgrade from FROM to TO would restart (their hash changes).

import { containersOf, identity, objectLabel, podTemplate, workloadKind, type WorkloadKind } from "../present/kinds.js";
import { hashSpans, spanLabel } from "../present/rows.js";
import { compareMinor, KUBERNETES_MINORS } from "../present/versions.js";
import { minorOption, parseArgs, UsageError } from "./args.js";
import { atDoc, cliEngine, documents } from "./common.js";
import type { SourceDoc } from "./documents.js";
import { INPUT_SPECS, inputOptions, inputsUsage, namespaceOf } from "./inputs.js";
import { Skipped } from "../present/pairs.js";
import { call } from "./request.js";
import { defineCommand, write } from "./run.js";
import { OUTPUT_FORMATS, structured, type OutputFormat } from "./structured.js";
import { styleFor } from "./style.js";

const usage = `Usage: kinplace hash FILE [options]

For every workload in FILE (YAML or JSON, multi-document, Lists expanded, "-" for stdin; a whole
\`kubectl get -A -o json\` dump works): the kubelet's container hash of each container per kubelet
minor (the value of the io.kubernetes.container.hash annotation), the pod-template-hash of a
Deployment and the ControllerRevision name of a StatefulSet, DaemonSet, CloneSet, Advanced StatefulSet
or Advanced DaemonSet. Other kinds are skipped with a note on stderr. FILE may be a directory.

Options:
  --kubelet LIST         kubelet minors to hash for, comma-separated (default: all, 1.12 and 1.15–1.37)
  --kubernetes MINOR     Kubernetes minor of the controllers (pod-template-hash, revision; default newest)
  --upgrade FROM TO      list only the containers a kubelet upgrade from FROM to TO restarts
                         (their hash differs); exit code 1 when there is any
  --as-written           hash the objects as written; by default they are first defaulted as the API
                         server stores them (what the kubelet and the controllers hash; pods of every
                         kind are defaulted), except at 1.12 (no defaulters there) and the OpenKruise
                         objects' own revisions, which are taken as written
  -o, --output FORMAT    text (default), json (one JSON line per object) or yaml
${inputsUsage(25)}

Exit codes: 0 done (with --upgrade: nothing restarts), 1 with --upgrade: some container restarts,
2 bad usage or bad input.
`;

const SPECS = {
  kubelet: { type: "value" },
  kubernetes: { type: "value", complete: KUBERNETES_MINORS },
  upgrade: { type: "value" },
  "as-written": { type: "flag" },
  output: { type: "value", short: "o", choices: OUTPUT_FORMATS },
  ...INPUT_SPECS,
} as const;

/** One container's hash at one kubelet minor. */
interface MinorHash {
  hash: string;
  hashWithoutResources?: string;
  era: string;
}

/** What `hash` reports for one object. */
interface ObjectHashes {
  object: ReturnType<typeof identity>;
  source: string;
  podTemplateHash?: string;
  revision?: { name: string; hash: string };
  containers: { name: string; list: string; hashes: { [minor: string]: MinorHash } }[];
}

/** The kubelet minors of --kubelet ("all" or a comma list). */
function kubeletMinors(value: string | undefined): string[] {
  if (value === undefined || value === "all") return [...KUBERNETES_MINORS];
  const minors = value.split(",").map((v) => minorOption("kubelet", v.trim())!);
  return [...new Set(minors)].sort(compareMinor);
}

const cache = new Map<string, MinorHash>();
const CACHE_SIZE = 50_000;

/** container.hash of a container's JSON text at a kubelet minor; dumps repeat containers (sidecars), so answers are kept. */
function containerHashCached(text: string, kubelet: string, stored: boolean): MinorHash {
  const applyDefaults = stored && kubelet !== "1.12";
  const key = `${kubelet}\n${applyDefaults ? "d" : "w"}\n${text}`;
  let h = cache.get(key);
  if (h === undefined) {
    h = call(cliEngine(), "container.hash", { kubelet, applyDefaults }, { container: text }) as unknown as MinorHash;
    if (cache.size >= CACHE_SIZE) cache.clear();
    cache.set(key, h);
  }
  return h;
}

/** The hashes of one workload document. */
function hashObject(doc: SourceDoc, kind: WorkloadKind, minors: readonly string[], kubernetes: string | undefined, stored: boolean): ObjectHashes {
  const engine = cliEngine();
  const out: ObjectHashes = { object: identity(doc.value), source: `${doc.file}:${doc.line}:${doc.column}`, containers: [] };
  atDoc(doc, () => {
    if (kind === "Deployment") {
      const template = podTemplate(doc.value);
      const status = doc.value["status"] as { collisionCount?: unknown } | undefined;
      const collisionCount = typeof status?.collisionCount === "number" ? status.collisionCount : undefined;
      out.podTemplateHash = call(engine, "podTemplateHash", { kubernetes, collisionCount, applyDefaults: stored && kubernetes !== "1.12" }, { template: JSON.stringify(template ?? {}) }).hash as string;
    }
    if (kind !== "Pod" && kind !== "Deployment" && kind !== "ReplicaSet") {
      // the OpenKruise kinds are answered at their controllers' Kubernetes minor only (the op's default)
      const native = kind === "StatefulSet" || kind === "DaemonSet";
      const r = call(engine, "revision", { kind, kubernetes: native ? kubernetes : undefined, applyDefaults: stored && native && kubernetes !== "1.12" }, { object: doc.json });
      out.revision = { name: r.name as string, hash: r.hash as string };
    }
    for (const c of containersOf(doc.value)) {
      const text = JSON.stringify(c.container);
      const hashes: { [minor: string]: MinorHash } = {};
      for (const kubelet of minors) hashes[kubelet] = containerHashCached(text, kubelet, stored);
      out.containers.push({ name: c.name, list: c.list, hashes });
    }
  });
  return out;
}

/** The text block of one object's hashes. */
function renderHashes(h: ObjectHashes, label: string, style: ReturnType<typeof styleFor>): string {
  const lines = [`${style.bold(label)}  ${style.dim(h.source)}`];
  if (h.podTemplateHash !== undefined) lines.push(`  pod-template-hash  ${h.podTemplateHash}`);
  if (h.revision !== undefined) lines.push(`  revision           ${h.revision.name}`);
  for (const c of h.containers) {
    lines.push(`  ${c.list === "initContainers" ? "init container" : "container"} ${style.bold(c.name)}`);
    const keyed = Object.entries(c.hashes).map(([m, x]) => [m, `${x.hash}${x.hashWithoutResources !== undefined ? `  (without resources ${x.hashWithoutResources})` : ""}`] as const);
    for (const span of hashSpans(keyed)) lines.push(`    kubelet ${spanLabel(span).padEnd(11)} ${span.hash}`);
  }
  return `${lines.join("\n")}\n`;
}

/** The `hash` command. */
export const hashCommand = defineCommand("hash", "container hashes per kubelet minor, pod-template-hash, revision names", usage, async (args, io) => {
  const a = parseArgs(args, SPECS);
  if (a.positionals.length !== 1 && !(a.values.has("upgrade") && a.positionals.length === 2)) {
    throw new UsageError(a.positionals.length === 0 ? "missing FILE" : `unexpected argument ${JSON.stringify(a.positionals[1])}`);
  }
  let upgrade: [string, string] | undefined;
  let file = a.positionals[0]!;
  if (a.values.has("upgrade")) {
    // `--upgrade FROM TO` takes two values: TO is the positional that reads as a version, FILE the other
    const from = minorOption("upgrade", a.values.get("upgrade"))!;
    if (a.positionals.length !== 2) throw new UsageError("--upgrade takes two versions: kinplace hash FILE --upgrade FROM TO");
    const looksLikeVersion = (s: string): boolean => /^v?1\.[0-9]+(\.[0-9]+)?$/.test(s);
    const toIndex = looksLikeVersion(a.positionals[1]!) ? 1 : 0;
    const to = minorOption("upgrade", a.positionals[toIndex])!;
    file = a.positionals[1 - toIndex]!;
    upgrade = [from, to];
  }
  const format = (a.values.get("output") ?? "text") as OutputFormat;
  const minors = upgrade ?? kubeletMinors(a.values.get("kubelet"));
  const kubernetes = minorOption("kubernetes", a.values.get("kubernetes"));
  const inputs = inputOptions(a);
  const skipped = new Skipped("input");
  const style = styleFor(io.stdout);
  let first = true;
  let objects = 0;
  let restarts = 0;
  for await (const doc of documents(file, io, inputs.limits, inputs.recursive)) {
    const kind = workloadKind(doc.value);
    if (kind === undefined) {
      skipped.add(doc);
      continue;
    }
    namespaceOf(doc, inputs); // with -n, a workload in another namespace is an error, as everywhere
    objects++;
    const h = hashObject(doc, kind, minors, upgrade === undefined ? kubernetes : undefined, !a.flags.has("as-written"));
    if (upgrade !== undefined) {
      const [from, to] = upgrade;
      const changed = h.containers.filter((c) => c.hashes[from]!.hash !== c.hashes[to]!.hash);
      if (changed.length === 0) continue;
      restarts += changed.length;
      const rows = changed.map((c) => ({ name: c.name, list: c.list, from: c.hashes[from]!.hash, to: c.hashes[to]!.hash }));
      if (format !== "text") await write(io.stdout, structured(format, { object: h.object, source: h.source, restarts: rows }, first));
      else {
        const lines = rows.map((r) => `  ${style.tone("bad", "restart")} ${style.bold(r.name)}  ${r.from} → ${r.to}`);
        await write(io.stdout, `${style.bold(objectLabel(doc.value))}  ${style.dim(h.source)}\n${lines.join("\n")}\n`);
      }
      first = false;
      continue;
    }
    await write(io.stdout, format === "text" ? renderHashes(h, objectLabel(doc.value), style) : structured(format, h, first));
    first = false;
  }
  const notes = skipped.list().map((n) => n.text);
  if (notes.length > 0) io.stderr.write(`${notes.join("\n")}\n`);
  if (upgrade !== undefined) {
    if (format === "text") {
      const summary = restarts === 0
        ? `kubelet ${upgrade[0]} → ${upgrade[1]}: no container restarts (${objects} workloads)\n`
        : `kubelet ${upgrade[0]} → ${upgrade[1]}: ${restarts} container(s) restart (${objects} workloads)\n`;
      await write(io.stdout, style.tone(restarts === 0 ? "good" : "bad", summary));
    }
    return restarts === 0 ? 0 : 1;
  }
  if (objects === 0 && format === "text") io.stderr.write(`kinplace hash: no workloads in ${file === "-" ? "<stdin>" : file}\n`);
  return 0;
}, SPECS);
