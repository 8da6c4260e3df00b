// Manifests typed into the editors: YAML or JSON through the `yaml` package, with syntax errors at a
// line and column, and JSON-pointer paths mapped back to text ranges (to highlight a reason's path).

import { isMap, isScalar, isSeq, parseAllDocuments, type Document } from "yaml";

/** A syntax (or shape) error at a 1-based line and column. */
export interface SyntaxProblem {
  message: string;
  line: number;
  column: number;
  /** Character offset of the error in the text. */
  offset: number;
}

/** The outcome of reading one editor: a value, nothing (empty editor), or an error. */
export type Parsed =
  | { kind: "value"; value: { [key: string]: unknown }; doc: Document }
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

/** Reads one manifest (YAML or JSON, exactly one document, a mapping at the top); text starting with "{" or "[" is JSON and, with `jsonCheck`, held to JSON's syntax (YAML would accept `"b": ,` as null). */
export function parseManifest(text: string, jsonCheck?: JsonSyntaxCheck): Parsed {
  if (text.trim() === "") return { kind: "empty" };
  if (jsonCheck !== undefined && /^\s*[{[]/.test(text)) {
    const e = jsonCheck(text);
    if (e !== undefined) {
      // Go's SyntaxError.Offset counts the bytes read, the offending one included (all of them at the end of input)
      const at = e.message.startsWith("unexpected end") ? e.byteOffset : e.byteOffset - 1;
      return problem(text, charOffset(text, at), `${e.message} (JSON)`);
    }
  }
  const docs = parseAllDocuments(text, { prettyErrors: false, uniqueKeys: true, strict: true });
  if (!Array.isArray(docs)) return problem(text, 0, "not a YAML stream");
  const real = docs.filter((d) => d.contents !== null || d.errors.length > 0);
  for (const d of real) {
    const e = d.errors[0];
    if (e !== undefined) return problem(text, e.pos[0], e.message.split("\n")[0]!);
  }
  if (real.length === 0) return { kind: "empty" };
  if (real.length > 1) return problem(text, real[1]!.range[0], "one manifest per editor: a second YAML document starts here");
  const doc = real[0]!;
  if (!isMap(doc.contents)) return problem(text, doc.contents?.range?.[0] ?? 0, "a manifest must be a mapping (apiVersion, kind, metadata, spec)");
  const value = doc.toJS({ maxAliasCount: 100 }) as { [key: string]: unknown };
  return { kind: "value", value, doc };
}

/** A SyntaxProblem at `offset` of `text`. */
function problem(text: string, offset: number, message: string): Parsed {
  const { line, column } = lineColumn(text, offset);
  return { kind: "error", error: { message, line, column, offset } };
}

/** The unescaped segments of an RFC 6901 JSON pointer ("/a/b~1c" → ["a", "b/c"]). */
export function pointerSegments(pointer: string): string[] {
  if (pointer === "" || pointer === "/") return [];
  return pointer.slice(1).split("/").map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** The text range [start, end) of the node a JSON pointer names (a mapping entry: key and value), or of its deepest existing ancestor; undefined when nothing matches. */
export function pointerRange(doc: Document, pointer: string): { start: number; end: number; exact: boolean } | undefined {
  let node: unknown = doc.contents;
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
    const r = (doc.contents as { range?: [number, number, number] } | null)?.range;
    return r ? { start: r[0], end: r[1], exact: true } : undefined;
  }
  return { ...span(range), exact: true };
}

/** A [start, end] pair as an object. */
function span(r: [number, number]): { start: number; end: number } {
  return { start: r[0], end: r[1] };
}
