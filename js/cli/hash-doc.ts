// What `kinplace hash` prints for one document: its hashes rendered as text, a JSON line or a YAML document (or, with
// `--upgrade`, the containers that restart), or a note that it is skipped. The command's loop and the worker pool
// (js/cli/pool/) both call it, so one document comes out the same bytes either way.

import type { Engine } from "../core.js";
import { containersOf, identity, objectLabel, podTemplate, workloadKind, type WorkloadKind } from "../present/kinds.js";
import { where } from "../present/pairs.js";
import { hashSpans, spanLabel } from "../present/rows.js";
import { atDoc } from "./common.js";
import type { SourceDoc } from "./documents.js";
import { namespaceOf, type InputOptions } from "./inputs.js";
import { call } from "./request.js";
import { structured, type OutputFormat } from "./structured.js";
import { styleOf, type Style } from "./style.js";

/** How `hash` hashes and prints (plain data: it is sent to the pool's workers as is). */
export interface HashJob {
  format: OutputFormat;
  /** The kubelet minors hashed for (with `upgrade`: FROM and TO). */
  minors: string[];
  /** The controllers' Kubernetes minor (undefined with `upgrade`). */
  kubernetes: string | undefined;
  /** Objects are defaulted as the API server stores them (not --as-written). */
  stored: boolean;
  upgrade: [string, string] | undefined;
  /** Colors in the text output. */
  color: boolean;
  inputs: InputOptions;
}

/** One document's part of the output: skipped (with its note), or a workload with its text (none when `--upgrade`
 *  restarts nothing) and how many containers restart. Structured YAML text comes without the `---` before it. */
export type HashOutcome = { t: "skip"; label: string; at: string } | { t: "object"; text?: string; restarts: number };

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

const CACHE_SIZE = 50_000;

/** The text block of one object's hashes. */
function renderHashes(h: ObjectHashes, label: string, style: Style): string {
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

/** Hashes documents with one engine; dumps repeat containers (sidecars), so container answers are kept. */
export class HashDocs {
  readonly #engine: Engine;
  readonly #job: HashJob;
  readonly #style: Style;
  readonly #cache = new Map<string, MinorHash>();

  /** Hashes with `engine` as `job` says. */
  constructor(engine: Engine, job: HashJob) {
    this.#engine = engine;
    this.#job = job;
    this.#style = styleOf(job.color);
  }

  /** container.hash of a container's JSON text at a kubelet minor. */
  #containerHash(text: string, kubelet: string): MinorHash {
    const applyDefaults = this.#job.stored && kubelet !== "1.12";
    const key = `${kubelet}\n${applyDefaults ? "d" : "w"}\n${text}`;
    let h = this.#cache.get(key);
    if (h === undefined) {
      h = call(this.#engine, "container.hash", { kubelet, applyDefaults }, { container: text }) as unknown as MinorHash;
      if (this.#cache.size >= CACHE_SIZE) this.#cache.clear();
      this.#cache.set(key, h);
    }
    return h;
  }

  /** The hashes of one workload document. */
  #hashObject(doc: SourceDoc, kind: WorkloadKind): ObjectHashes {
    const { minors, stored } = this.#job;
    const kubernetes = this.#job.upgrade === undefined ? this.#job.kubernetes : undefined;
    const engine = this.#engine;
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
        for (const kubelet of minors) hashes[kubelet] = this.#containerHash(text, kubelet);
        out.containers.push({ name: c.name, list: c.list, hashes });
      }
    });
    return out;
  }

  /** What one document adds to the output; throws InputError or UsageError as the command reports them. */
  process(doc: SourceDoc): HashOutcome {
    const kind = workloadKind(doc.value);
    if (kind === undefined) return { t: "skip", label: objectLabel(doc.value), at: where(doc) };
    namespaceOf(doc, this.#job.inputs); // with -n, a workload in another namespace is an error, as everywhere
    const { format, upgrade } = this.#job;
    const style = this.#style;
    const h = this.#hashObject(doc, kind);
    if (upgrade === undefined) return { t: "object", text: format === "text" ? renderHashes(h, objectLabel(doc.value), style) : structured(format, h, true), restarts: 0 };
    const [from, to] = upgrade;
    const changed = h.containers.filter((c) => c.hashes[from]!.hash !== c.hashes[to]!.hash);
    if (changed.length === 0) return { t: "object", restarts: 0 };
    const rows = changed.map((c) => ({ name: c.name, list: c.list, from: c.hashes[from]!.hash, to: c.hashes[to]!.hash }));
    if (format !== "text") return { t: "object", text: structured(format, { object: h.object, source: h.source, restarts: rows }, true), restarts: changed.length };
    const lines = rows.map((r) => `  ${style.tone("bad", "restart")} ${style.bold(r.name)}  ${r.from} → ${r.to}`);
    return { t: "object", text: `${style.bold(objectLabel(doc.value))}  ${style.dim(h.source)}\n${lines.join("\n")}\n`, restarts: changed.length };
  }
}
