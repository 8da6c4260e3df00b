// Pairs the objects of two inputs (OLD and NEW) by API group, kind, namespace and name, for the CLI's `check`
// and `diff` (js/cli/pairs.ts reads files into it) and the web page's editors. NEW is walked in order and each
// pair is handed out as soon as NEW reaches it. When each input holds exactly one object of a paired kind (the
// same kind in both), they are paired whatever their names. Objects of no paired kind are skipped with a note.

import { objectKey, objectLabel } from "./kinds.js";

type Obj = { [key: string]: unknown };

/** A document of an input and where it starts. */
export interface PairSource {
  value: Obj;
  file: string;
  line: number;
  column: number;
}

/** `file:line:column` of a document. */
export function where(d: { file: string; line: number; column: number }): string {
  return `${d.file}:${d.line}:${d.column}`;
}

/** What a note is about: an OLD object NEW lacks, a NEW object OLD lacks, an object of no paired kind, or a count of more such. */
export type PairNoteKind = "removed" | "added" | "skipped" | "more-skipped";

/** A note on an object that was not paired. */
export interface PairNote {
  kind: PairNoteKind;
  /** The input: OLD or NEW, or "input" for the one input of a command that reads one (`kinplace hash`, `plan`). */
  side: "OLD" | "NEW" | "input";
  /** "CloneSet shop/web" style label (empty for more-skipped). */
  label: string;
  /** The note as the CLI prints it. */
  text: string;
}

/** Options of pairDocuments. */
export interface PairDocumentsOptions<O extends PairSource, S> {
  /** The kind an object is paired as, or undefined to skip it. */
  kindOf(value: Obj): string | undefined;
  /** What is kept of an OLD document until NEW reaches its pair. */
  remember(doc: O, kind: string): S;
  /** Called when an input holds no object of a paired kind (OLD before NEW is read); may throw. */
  empty?(side: "OLD" | "NEW"): void;
  /** The key a document is paired by (default objectKey of its value: group, kind, namespace and name). */
  keyOf?(doc: PairSource): string;
}

/** The most skipped objects listed by name per input (the rest are counted). */
const SKIPPED_LISTED = 20;

/** Notes on the objects of one input that are not of a paired kind: each at its file:line:column (`skipped in OLD:
 *  Service web (a.yaml:1:1): not a workload kind`, `skipped: ...` for the one input of a command), the first 20, then a
 *  count. */
export class Skipped {
  private notes: PairNote[] = [];
  private count = 0;
  private readonly prefix: string;
  /** Notes on the input `side`. */
  constructor(private readonly side: PairNote["side"]) {
    this.prefix = side === "input" ? "skipped" : `skipped in ${side}`;
  }

  /** Records document `doc`. */
  add(doc: PairSource): void {
    this.addNote(objectLabel(doc.value), where(doc));
  }

  /** Records a document by its label and `file:line:column`. */
  addNote(label: string, at: string): void {
    this.count++;
    if (this.count <= SKIPPED_LISTED) this.notes.push({ kind: "skipped", side: this.side, label, text: `${this.prefix}: ${label} (${at}): not a workload kind` });
  }

  /** The notes. */
  list(): PairNote[] {
    const more = this.count - this.notes.length;
    return more > 0 ? [...this.notes, { kind: "more-skipped", side: this.side, label: "", text: `${this.prefix}: ${more} more objects that are not workloads` }] : this.notes;
  }
}

/** Pairs OLD and NEW documents, calling `onPair` for each pair in NEW's order; returns notes on unpaired and skipped objects. */
export async function pairDocuments<O extends PairSource, N extends PairSource, S extends { kind: string; label: string; file: string; line: number; column: number }>(
  olds: AsyncIterable<O> | Iterable<O>, news: AsyncIterable<N> | Iterable<N>, options: PairDocumentsOptions<O, S>, onPair: (old: S, doc: N) => Promise<void> | void,
): Promise<PairNote[]> {
  const keyOf = options.keyOf ?? ((doc: PairSource): string => objectKey(doc.value));
  const stored = new Map<string, S>();
  const skippedOld = new Skipped("OLD"), skippedNew = new Skipped("NEW");
  let oldCount = 0;
  for await (const doc of olds) {
    const kind = options.kindOf(doc.value);
    if (kind === undefined) {
      skippedOld.add(doc);
      continue;
    }
    oldCount++;
    stored.set(keyOf(doc), options.remember(doc, kind));
  }
  if (stored.size === 0) options.empty?.("OLD");
  const unmatched: N[] = [];
  let newCount = 0;
  for await (const doc of news) {
    if (options.kindOf(doc.value) === undefined) {
      skippedNew.add(doc);
      continue;
    }
    newCount++;
    const key = keyOf(doc);
    const old = stored.get(key);
    if (old === undefined) {
      unmatched.push(doc);
      continue;
    }
    stored.delete(key);
    await onPair(old, doc);
  }
  if (newCount === 0) options.empty?.("NEW");
  const rest = [...stored.values()];
  if (oldCount === 1 && newCount === 1 && rest.length === 1 && unmatched.length === 1 && rest[0]!.kind === options.kindOf(unmatched[0]!.value)) {
    await onPair(rest[0]!, unmatched.pop()!);
    stored.clear();
  }
  return pairNotes([...stored.values()], unmatched.map((d) => ({ label: objectLabel(d.value), at: where(d) })), skippedOld, skippedNew);
}

/** The notes after pairing: OLD objects NEW lacks (`removed`), NEW objects OLD lacks (`added`, by label and
 *  `file:line:column`), then the skipped objects of OLD and of NEW. */
export function pairNotes(removed: readonly { label: string; file: string; line: number; column: number }[], added: readonly { label: string; at: string }[], skippedOld: Skipped, skippedNew: Skipped): PairNote[] {
  return [
    ...removed.map((o): PairNote => ({ kind: "removed", side: "OLD", label: o.label, text: `only in OLD: ${o.label} (${where(o)}): removed, not compared` })),
    ...added.map((d): PairNote => ({ kind: "added", side: "NEW", label: d.label, text: `only in NEW: ${d.label} (${d.at}): added, not compared` })),
    ...skippedOld.list(),
    ...skippedNew.list(),
  ];
}
