// Cuts YAML input for the pool without parsing it: at the document markers (`---` at the start of a line, where the
// `yaml` package's lexer ends a document whatever it was reading), and a large List document (`kubectl get -o yaml`)
// at the entries of its `items` sequence. Input with directives (`%`), `...` markers or a byte order mark past its
// start is not cut at all. A List is cut only when its other keys read as a List without items; each part is read as
// `items:` followed by its lines, so it nests as deep as in the whole document, and the main thread reads the whole
// document again when a part fails or its aliases add more than the limit allows.

import type { InputLimits } from "../limits.js";
import { yamlDocuments } from "../yaml-read.js";
import type { ListPart } from "./pieces.js";
import type { YamlChunk } from "./protocol.js";

/** A chunk of YAML, with the List it is part of. */
export interface YamlPiece {
  chunk: YamlChunk;
  list?: ListPart;
}

/** True for what the lexer takes as the end of a marker (`---` then this). */
function markerEnd(ch: string | undefined): boolean {
  return ch === undefined || ch === " " || ch === "\n" || ch === "\r" || ch === "\t";
}

/** True when the text may be cut at its `---` markers: no directive, no `...` marker, no byte order mark past its start. */
function cuttable(text: string): boolean {
  if (text.indexOf("\uFEFF", 1) >= 0 || text.startsWith("%") || text.includes("\n%")) return false;
  if (text.startsWith("...") && markerEnd(text[3])) return false;
  for (let at = text.indexOf("\n..."); at >= 0; at = text.indexOf("\n...", at + 1)) if (markerEnd(text[at + 4])) return false;
  return true;
}

/** The offset of the first line of text[start, end) that is the key `items:` alone (a comment may follow), or -1. */
function itemsKey(text: string, start: number, end: number): number {
  const alone = /^items:[ \t]*(#[^\n]*)?\r?$/;
  const next = (from: number): number => {
    const i = text.indexOf("\nitems:", from);
    return i < 0 ? -1 : i + 1;
  };
  for (let at = text.startsWith("items:", start) ? start : next(start); at >= 0 && at < end; at = next(at)) {
    const eol = text.indexOf("\n", at);
    if (alone.test(text.slice(at, eol < 0 || eol > end ? end : eol))) return at;
  }
  return -1;
}

/** Offsets where documents start: 0 and every `---` marker at the start of a line. */
function documentStarts(text: string): number[] {
  const out = [0];
  for (let at = text.indexOf("\n---"); at >= 0; at = text.indexOf("\n---", at + 1)) {
    if (markerEnd(text[at + 4])) out.push(at + 1);
  }
  return out;
}

/** Counts "\n" in text[from, to). */
function newlines(text: string, from: number, to: number): number {
  let n = 0;
  for (let at = text.indexOf("\n", from); at >= 0 && at < to; at = text.indexOf("\n", at + 1)) n++;
  return n;
}

/** The indentation of the line at `at` (spaces), -1 when a tab is in it, and whether the line is blank or a comment. */
function lineShape(text: string, at: number, end: number): { indent: number; neutral: boolean } {
  let i = at;
  while (i < end && text[i] === " ") i++;
  if (text[i] === "\t") return { indent: -1, neutral: false };
  const c = text[i];
  return { indent: i - at, neutral: i >= end || c === "\n" || c === "\r" || c === "#" };
}

/** The parts of the List document text[start, end) (on lines from `firstLine`), or undefined when it is not cut. */
function listParts(text: string, start: number, end: number, firstLine: number, file: string, limits: InputLimits, target: number, id: number): YamlPiece[] | undefined {
  if (end - start > limits.maxYamlSize) return undefined;
  const key = itemsKey(text, start, end);
  if (key < 0) return undefined;
  // its first entry, then every line up to the first one the sequence does not hold
  let line = text.indexOf("\n", key) + 1;
  let indent = -1;
  const cuts: number[] = [];
  let regionEnd = end;
  for (; line > 0 && line < end; line = text.indexOf("\n", line) + 1) {
    const shape = lineShape(text, line, end);
    if (shape.indent < 0) return undefined;
    if (shape.neutral) continue;
    const entry = text[line + shape.indent] === "-" && markerEnd(text[line + shape.indent + 1]);
    if (indent < 0) {
      if (!entry) return undefined;
      indent = shape.indent;
    }
    if (shape.indent > indent) continue;
    if (shape.indent === indent && entry) {
      cuts.push(line);
      continue;
    }
    regionEnd = line;
    break;
  }
  if (cuts.length < 2) return undefined;
  // the document without its items must read as a List (or an object of no kind) whose items are null
  try {
    const rest = [...yamlDocuments(text.slice(start, cuts[0]) + text.slice(regionEnd, end), file, true, limits)];
    const value = rest.length === 1 ? rest[0]!.value : undefined;
    const kind = value?.["kind"];
    if (value === undefined || value["items"] !== null || !(typeof kind !== "string" || kind === "List" || kind.endsWith("List"))) return undefined;
  } catch {
    return undefined;
  }
  const bounds = [cuts[0]!];
  for (const c of cuts) if (c - bounds[bounds.length - 1]! >= target) bounds.push(c);
  if (bounds.length < 2) return undefined;
  bounds.push(regionEnd);
  const whole: YamlChunk = { type: "yaml", file, text: text.slice(start, end), firstLine, items: false };
  const pieces: YamlPiece[] = [];
  let lineAt = firstLine + newlines(text, start, bounds[0]!);
  for (let k = 0; k + 1 < bounds.length; k++) {
    const chunk: YamlChunk = { type: "yaml", file, text: text.slice(bounds[k], bounds[k + 1]), firstLine: lineAt, items: true };
    pieces.push({ chunk, list: { id, whole, index: k, count: bounds.length - 1 } });
    lineAt += newlines(text, bounds[k]!, bounds[k + 1]!);
  }
  return pieces;
}

/** The chunks of a YAML input of about `target` characters each; `nextList` numbers the Lists cut in parts. */
export function yamlPieces(text: string, file: string, limits: InputLimits, target: number, nextList: () => number): YamlPiece[] {
  const whole = (): YamlPiece[] => [{ chunk: { type: "yaml", file, text, firstLine: 1, items: false } }];
  if (!cuttable(text)) return whole();
  const starts = [...documentStarts(text), text.length];
  const out: YamlPiece[] = [];
  let from = 0;
  let fromLine = 1;
  let line = 1;
  const flush = (to: number): void => {
    if (to > from) out.push({ chunk: { type: "yaml", file, text: text.slice(from, to), firstLine: fromLine, items: false } });
  };
  for (let k = 0; k + 1 < starts.length; k++) {
    const start = starts[k]!;
    const end = starts[k + 1]!;
    const parts = end - start >= 2 * target ? listParts(text, start, end, line, file, limits, target, nextList()) : undefined;
    if (parts !== undefined) {
      flush(start);
      out.push(...parts);
      from = end;
    }
    line += newlines(text, start, end);
    if (parts !== undefined) fromLine = line;
    else if (end - from >= target || k + 2 === starts.length) {
      flush(end);
      from = end;
      fromLine = line;
    }
  }
  return out.length === 0 ? whole() : out;
}
