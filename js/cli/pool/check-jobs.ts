// `check` in the pool: OLD's documents become what the pairing remembers of them (key, JSON text, position), sent to
// the main thread; NEW's documents are read and keyed in the worker, which asks the main thread for the OLD objects
// their keys pair with (the main thread answers chunk by chunk in input order, so pairs are what the single-threaded
// pairing makes), then judges and renders each pair. A NEW workload without a pair is kept while the whole input
// may hold no other (the pairing then pairs it with OLD's one workload whatever the names).

import type { Engine } from "../../core.js";
import { objectKey, objectLabel, workloadKind } from "../../present/kinds.js";
import { where } from "../../present/pairs.js";
import { judgePair, type CheckJob, type PairOutcome } from "../check-pair.js";
import { jsonLocator, rereadLocator, type SourceDoc } from "../documents.js";
import { inNamespace, namespacedJson, namespaceOf } from "../inputs.js";
import type { Stored } from "../pairs.js";
import type { RawJson } from "../request.js";
import type { Entry, LookupRequest } from "./protocol.js";
import type { DocJob } from "./run-chunk.js";
import { toWire } from "./wire-error.js";

/** What the pairing remembers of an OLD workload, as plain data. */
export interface StoredWire {
  json: RawJson;
  file: string;
  line: number;
  column: number;
  kind: string;
  label: string;
  /** Where its fields are: in its JSON bytes (`source` when `json` had the namespace spliced in), or in its file read again. */
  locator: "json" | "reread";
  source?: Uint8Array;
}

/** An OLD document: skipped (with its note), or a workload remembered by its key. */
export type OldOutcome = { t: "skip"; label: string; at: string } | { t: "stored"; key: string; stored: StoredWire };

/** A NEW document: skipped, a workload without an OLD one (kept under `index` while it may still be paired), or a pair. */
export type NewOutcome =
  | { t: "skip"; label: string; at: string }
  | { t: "unmatched"; label: string; at: string; index: number; kind: string }
  | { t: "pair"; key: string; pair: PairOutcome };

/** A NEW workload read but not yet paired (it never leaves the thread that read it). */
interface Keyed {
  t: "keyed";
  key: string;
  doc: SourceDoc;
  index: number;
}

/** The asked OLD objects, one per key asked (null: none), or null when the chunk is to be dropped. */
export type Lookup = (request: LookupRequest) => Promise<(StoredWire | null)[] | null>;

/** A document as the pairing reads it: in the namespace kubectl sends it in, its JSON text with that namespace. */
function namespaced(doc: SourceDoc, job: CheckJob): { doc: SourceDoc; key: string; jsonInput: boolean } {
  const namespace = namespaceOf(doc, job.inputs);
  const json = namespacedJson(doc, namespace);
  return { doc: { ...doc, json }, key: objectKey(inNamespace(doc.value, namespace)), jsonInput: typeof doc.json !== "string" };
}

/** The job of an OLD chunk. */
export function oldJob(job: CheckJob): DocJob<OldOutcome> {
  return {
    process(raw) {
      const { doc, key, jsonInput } = namespaced(raw, job);
      const kind = workloadKind(doc.value);
      if (kind === undefined) return { t: "skip", label: objectLabel(doc.value), at: where(doc) };
      const stored: StoredWire = { json: doc.json, file: doc.file, line: doc.line, column: doc.column, kind, label: objectLabel(doc.value), locator: jsonInput ? "json" : "reread" };
      if (jsonInput && doc.json !== raw.json) stored.source = raw.json as Uint8Array;
      return { t: "stored", key, stored };
    },
  };
}

/** The Stored object a StoredWire stands for (its locator rebuilt). */
export function storedOf(w: StoredWire, job: CheckJob): Stored {
  const bytes = w.source ?? w.json;
  const locate = w.locator === "json" && typeof bytes !== "string" ? jsonLocator(bytes, w) : rereadLocator(w, job.inputs.limits);
  return { json: w.json, file: w.file, line: w.line, column: w.column, kind: w.kind, label: w.label, locate };
}

/** The job of a NEW chunk: `lookup` asks for the OLD objects, `keep` receives the workloads left without one. */
export function newJob(engine: Engine, job: CheckJob, lookup: Lookup, keep: ((index: number, doc: SourceDoc) => void) | undefined): DocJob<NewOutcome | Keyed> {
  return {
    process(raw, index) {
      const { doc, key } = namespaced(raw, job);
      if (workloadKind(doc.value) === undefined) return { t: "skip", label: objectLabel(doc.value), at: where(doc) };
      return { t: "keyed", key, doc, index };
    },
    async finish(entries, read) {
      const keyed = entries.flatMap((e) => ("o" in e && e.o.t === "keyed" ? [e.o] : []));
      const olds = await lookup({ keys: keyed.map((k) => k.key), read });
      if (olds === null) return [];
      const out: Entry<NewOutcome | Keyed>[] = [];
      let k = 0;
      let stopped = false;
      for (const e of entries) {
        if (!("o" in e) || e.o.t !== "keyed") {
          if (!stopped || !("o" in e)) out.push(e);
          continue;
        }
        const { key, doc, index } = e.o;
        const old = olds[k++] ?? null;
        if (stopped) continue;
        if (old === null) {
          keep?.(index, doc);
          out.push({ g: e.g, o: { t: "unmatched", label: objectLabel(doc.value), at: where(doc), index, kind: workloadKind(doc.value)! } });
          continue;
        }
        try {
          out.push({ g: e.g, o: { t: "pair", key, pair: judgePair(engine, job, storedOf(old, job), doc) } });
        } catch (err) {
          out.push({ g: e.g, e: toWire(err), read: false });
          stopped = true;
        }
      }
      return out;
    },
  };
}
