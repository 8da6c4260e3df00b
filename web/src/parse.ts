// Manifests typed into the editors: YAML or JSON through the `yaml` package, any number of objects per editor,
// with syntax errors at a line and column, and JSON-pointer paths mapped back to text ranges (to highlight a
// reason's path).

import { isMap, isScalar, isSeq, parseAllDocuments, type YAMLMap } from "yaml";

/** A syntax error, or a shape problem (`syntax` false: readable text that is not a manifest), at a 1-based line and column. */
export interface SyntaxProblem {
  message: string;
  line: number;
  column: number;
  /** Character offset of the error in the text. */
  offset: number;
  /** True for a syntax error, false for a shape problem. */
  syntax: boolean;
}

/** One object of an editor: its value, its mapping node (for paths), where it starts and its text range. */
export interface ParsedDoc {
  value: { [key: string]: unknown };
  node: YAMLMap;
  /** The editor's name (pairing notes say `file:line:column`). */
  file: string;
  line: number;
  column: number;
  start: number;
  end: number;
}

/** The outcome of reading one editor: its objects, nothing (empty editor), or an error. */
export type Parsed =
  | { kind: "docs"; docs: ParsedDoc[] }
  | { kind: "empty" }
  | { kind: "error"; error: SyntaxProblem };

/** 1-based line and column (in UTF-16 code units) of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const end = Math.max(0, Math.min(offset, text.length));
  let line = 1;
  let start = 0;
  for (let i = text.indexOf("\n"); i >= 0 && i < end; i = text.indexOf("\n", i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: end - start + 1 };
}

/** A strict JSON syntax check (the page uses the engine's Go reader): the error's message and byte offset as Go reports it, or undefined when the text is JSON. */
export type JsonSyntaxCheck = (text: string) => { message: string; byteOffset: number } | undefined;

/** The character (UTF-16) offset of a UTF-8 byte offset into `text`. */
export function charOffset(text: string, byteOffset: number): number {
  return new TextDecoder().decode(new TextEncoder().encode(text).subarray(0, Math.max(0, byteOffset))).length;
}

/** The most objects one editor holds (documents, array or List items): a limit, so the page stays quick. */
export const MAX_OBJECTS = 200;

/** Reads an editor: YAML or JSON, any number of documents, each a mapping, a JSON array of mappings or a List (their
 * items, as the CLI reads them); text starting with "{" or "[" is JSON and, with `jsonCheck`, held to JSON's syntax
 * (YAML would accept `"b": ,` as null). `file` names the editor in pairing notes. */
export function parseManifests(text: string, jsonCheck?: JsonSyntaxCheck, file = "editor"): Parsed {
  if (text.trim() === "") return { kind: "empty" };
  if (jsonCheck !== undefined && /^\s*[{[]/.test(text)) {
    const e = jsonCheck(text);
    if (e !== undefined) {
      // Go's SyntaxError.Offset counts the bytes read, the offending one included (all of them at the end of input)
      const at = e.message.startsWith("unexpected end") ? e.byteOffset : e.byteOffset - 1;
      return problem(text, charOffset(text, at), `${e.message} (JSON)`, true);
    }
  }
  const docs = parseAllDocuments(text, { prettyErrors: false, uniqueKeys: true, strict: true });
  if (!Array.isArray(docs)) return problem(text, 0, "not a YAML stream", true);
  const real = docs.filter((d) => d.contents !== null || d.errors.length > 0);
  for (const d of real) {
    const e = d.errors[0];
    if (e !== undefined) return problem(text, e.pos[0], e.message.split("\n")[0]!, true);
  }
  if (real.length === 0) return { kind: "empty" };
  const out: ParsedDoc[] = [];
  for (const doc of real) {
    const contents = doc.contents;
    const items = isSeq(contents) ? contents.items : [contents];
    for (const item of items) {
      if (!isMap(item)) {
        const at = (item as { range?: [number, number, number] } | null)?.range?.[0] ?? contents?.range?.[0] ?? 0;
        return problem(text, at, isSeq(contents) ? "an array item is not a mapping: each object needs apiVersion, kind, metadata, spec" : "this document is not a mapping: a manifest has apiVersion, kind, metadata, spec", false);
      }
      const value = item.toJS(doc, { maxAliasCount: 100 }) as { [key: string]: unknown };
      const listItems = value["items"];
      const kind = value["kind"];
      const list = item.get("items", true);
      if (Array.isArray(listItems) && (typeof kind !== "string" || kind.endsWith("List")) && isSeq(list)) {
        for (const [i, node] of list.items.entries()) {
          if (!isMap(node)) return problem(text, (node as { range?: [number, number, number] } | null)?.range?.[0] ?? 0, `items[${i}] is not an object`, false);
          out.push(docOf(text, node, node.toJS(doc, { maxAliasCount: 100 }) as { [key: string]: unknown }, file));
        }
      } else {
        out.push(docOf(text, item, value, file));
      }
      if (out.length > MAX_OBJECTS) return problem(text, out[MAX_OBJECTS]!.start, `more than ${MAX_OBJECTS} objects in one editor (the page's limit; the CLI takes any number)`, false);
    }
  }
  return { kind: "docs", docs: out };
}

/** A ParsedDoc for a mapping node. */
function docOf(text: string, node: YAMLMap, value: { [key: string]: unknown }, file: string): ParsedDoc {
  const [start, end] = node.range ?? [0, text.length];
  const { line, column } = lineColumn(text, start);
  return { value, node, file, line, column, start, end };
}

/** A problem at `offset` of `text`. */
function problem(text: string, offset: number, message: string, syntax: boolean): Parsed {
  const { line, column } = lineColumn(text, offset);
  return { kind: "error", error: { message, line, column, offset, syntax } };
}

/** The unescaped segments of an RFC 6901 JSON pointer ("/a/b~1c" → ["a", "b/c"]). */
export function pointerSegments(pointer: string): string[] {
  if (pointer === "" || pointer === "/") return [];
  return pointer.slice(1).split("/").map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** The text range [start, end) of the node a JSON pointer names (a mapping entry: key and value), or of its deepest existing ancestor; undefined when nothing matches. */
export function pointerRange(root: YAMLMap, pointer: string): { start: number; end: number; exact: boolean } | undefined {
  let node: unknown = root;
  let range: [number, number] | undefined;
  const segs = pointerSegments(pointer);
  for (let i = 0; i < segs.length; i++) {
    const seg = segs[i]!;
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === seg);
      if (pair === undefined) return range === undefined ? undefined : { ...span(range), exact: false };
      const k = isScalar(pair.key) ? pair.key.range : undefined;
      const v = (pair.value as { range?: [number, number, number] } | null)?.range;
      if (k) range = [k[0], v ? v[1] : k[1]];
      node = pair.value;
    } else if (isSeq(node) && /^(0|[1-9][0-9]*)$/.test(seg) && Number(seg) < node.items.length) {
      node = node.items[Number(seg)];
      const r = (node as { range?: [number, number, number] } | null)?.range;
      if (r) range = [r[0], r[1]];
    } else {
      return range === undefined ? undefined : { ...span(range), exact: false };
    }
  }
  if (range === undefined) {
    const r = root.range;
    return r ? { start: r[0], end: r[1], exact: true } : undefined;
  }
  return { ...span(range), exact: true };
}

/** A [start, end] pair as an object. */
function span(r: [number, number]): { start: number; end: number } {
  return { start: r[0], end: r[1] };
}
