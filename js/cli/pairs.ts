// Pairs the objects of two inputs for `check` and `diff`: by API group, kind, namespace and name; OLD is
// remembered as JSON text only, NEW is streamed and each pair is handed out as soon as NEW reaches it.
// When each input holds exactly one object (of the same kind), they are paired whatever their names.

import { objectKey, objectLabel } from "../present/kinds.js";
import type { CliIO } from "./command.js";
import { documents } from "./common.js";
import { displayName, InputError, type SourceDoc } from "./documents.js";
import { inNamespace, namespacedJson, namespaceOf, type InputOptions } from "./inputs.js";
import type { RawJson } from "./request.js";

/** An object remembered from OLD. */
export interface Stored {
  json: RawJson;
  file: string;
  line: number;
  column: number;
  kind: string;
  label: string;
  /** Where a field is written: kept for JSON input only (it reads the bytes kept anyway; YAML's would keep its tree). */
  locate?: SourceDoc["locate"];
}

/** `file:line:column` of a document. */
export function where(d: { file: string; line: number; column: number }): string {
  return `${d.file}:${d.line}:${d.column}`;
}

/** Options of pairObjects. */
export interface PairOptions {
  /** The kind an object is paired as, or undefined to skip it. */
  kindOf(value: { [key: string]: unknown }): string | undefined;
  /** What the inputs must hold at least one of (for the error when there is none). */
  what: string;
  /** How both inputs are read (limits, -R, -n). */
  inputs: InputOptions;
}

/** The most skipped objects listed by name per input (the rest are counted). */
const SKIPPED_LISTED = 20;

/** Notes on the objects of one input that are not workloads, as every reading command prints them on stderr: each
 *  at its file:line:column (`skipped in OLD: Service web (a.yaml:1:1): not a workload kind`; `skipped: ...` for a
 *  command with one input), the first 20 by name, then a count. */
export class Skipped {
  private notes: string[] = [];
  private count = 0;
  private readonly prefix: string;
  /** Notes for the input called `side` (OLD, NEW), or for a command's only input when undefined. */
  constructor(side?: string) {
    this.prefix = side === undefined ? "skipped" : `skipped in ${side}`;
  }

  /** Records document `doc`. */
  add(doc: SourceDoc): void {
    this.count++;
    if (this.count <= SKIPPED_LISTED) this.notes.push(`${this.prefix}: ${objectLabel(doc.value)} (${where(doc)}): not a workload kind`);
  }

  /** The notes. */
  lines(): string[] {
    const more = this.count - this.notes.length;
    return more > 0 ? [...this.notes, `${this.prefix}: ${more} more objects that are not workloads`] : this.notes;
  }
}

/** Pairs OLD and NEW, calling `onPair` for each pair in NEW's order; returns notes on unpaired and skipped objects. */
export async function pairObjects(oldPath: string, newPath: string, io: CliIO, options: PairOptions, onPair: (old: Stored, doc: SourceDoc) => Promise<void>): Promise<string[]> {
  const olds = new Map<string, Stored>();
  const skippedOld = new Skipped("OLD"), skippedNew = new Skipped("NEW");
  let oldCount = 0;
  const { inputs } = options;
  // paired by the namespace kubectl would send them in, and sent to the engine with it
  const keyOf = (doc: SourceDoc, ns: string): string => objectKey(inNamespace(doc.value, ns));
  for await (const doc of documents(oldPath, io, inputs.limits, inputs.recursive)) {
    const kind = options.kindOf(doc.value);
    if (kind === undefined) {
      skippedOld.add(doc);
      continue;
    }
    oldCount++;
    const ns = namespaceOf(doc, inputs);
    olds.set(keyOf(doc, ns), { json: namespacedJson(doc, ns), file: doc.file, line: doc.line, column: doc.column, kind, label: objectLabel(doc.value), locate: typeof doc.json === "string" ? undefined : doc.locate });
  }
  if (olds.size === 0) throw new InputError(displayName(oldPath), 0, 0, `no ${options.what} found`);
  const unmatched: SourceDoc[] = [];
  let newCount = 0;
  for await (const doc of documents(newPath, io, inputs.limits, inputs.recursive)) {
    if (options.kindOf(doc.value) === undefined) {
      skippedNew.add(doc);
      continue;
    }
    newCount++;
    const ns = namespaceOf(doc, inputs);
    const key = keyOf(doc, ns);
    const old = olds.get(key);
    if (old === undefined) {
      unmatched.push({ ...doc, json: namespacedJson(doc, ns) });
      continue;
    }
    olds.delete(key);
    await onPair(old, { ...doc, json: namespacedJson(doc, ns) });
  }
  if (newCount === 0) throw new InputError(displayName(newPath), 0, 0, `no ${options.what} found`);
  const rest = [...olds.values()];
  if (oldCount === 1 && newCount === 1 && rest.length === 1 && unmatched.length === 1 && rest[0]!.kind === options.kindOf(unmatched[0]!.value)) {
    await onPair(rest[0]!, unmatched.pop()!);
    olds.clear();
  }
  return [
    ...[...olds.values()].map((o) => `only in OLD: ${o.label} (${where(o)}): removed, not compared`),
    ...unmatched.map((d) => `only in NEW: ${objectLabel(d.value)} (${where(d)}): added, not compared`),
    ...skippedOld.lines(),
    ...skippedNew.lines(),
  ];
}

