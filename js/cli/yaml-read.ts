// Reads YAML input (YAML 1.1 scalars, as Kubernetes' own reader) one document at a time through the `yaml`
// package's parser and composer; yaml-check.ts guards the package's recursive and quadratic steps.

import { Composer, CST, isMap, isNode, isScalar, isSeq, Lexer, LineCounter, Parser, type CollectionTag, type Document, type Tags } from "yaml";
import { asObject } from "../present/kinds.js";
import { tooDeepMessage, type InputLimits } from "./limits.js";
import { expand, InputError, type SourceDoc } from "./source.js";
import { checkTree, openTooDeep, tokenTooDeep, type Problem } from "./yaml-check.js";

type OnError = (message: string) => void;

/** `tags` with an `!!omap` whose duplicate check takes linear time (the package compares each key with all earlier ones). */
function linearOmap(tags: Tags): Tags {
  const find = (name: string): CollectionTag | undefined => tags.find((t): t is CollectionTag => typeof t === "object" && t.tag === name && "collection" in t);
  const omap = find("tag:yaml.org,2002:omap");
  const resolvePairs = find("tag:yaml.org,2002:pairs")?.resolve as ((seq: unknown, onError: OnError) => { items: { key?: unknown }[] }) | undefined;
  if (omap?.nodeClass === undefined || resolvePairs === undefined) return tags;
  const OMap = omap.nodeClass;
  const resolve = (seq: unknown, onError: OnError): unknown => {
    const pairs = resolvePairs(seq, onError);
    const seen = new Set<unknown>();
    for (const { key } of pairs.items) {
      if (!isScalar(key)) continue;
      if (seen.has(key.value)) onError(`Ordered maps must not include duplicate keys: ${String(key.value)}`);
      else seen.add(key.value);
    }
    return Object.assign(new OMap(), pairs);
  };
  return tags.map((t) => (t === omap ? { ...omap, resolve } : t));
}

/** Line and column of a source offset. */
type Lines = Pick<LineCounter, "linePos">;

/** `counter`'s positions `shift` lines further down. */
function shifted(counter: LineCounter, shift: number): Lines {
  if (shift === 0) return counter;
  return {
    linePos(offset: number) {
      const p = counter.linePos(offset);
      return { line: p.line + shift, col: p.col };
    },
  };
}

/** The SourceDocs of one composed and checked document: none when empty, its List items unless `keepLists`. */
function* fromDocument(doc: Document, file: string, keepLists: boolean, lines: Lines): Generator<SourceDoc> {
  if (doc.contents === null) return; // an empty document (only comments, or "---")
  const start = lines.linePos(doc.contents.range?.[0] ?? 0);
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 0 }); // checkTree replaced every alias: the package resolves none
  } catch (e) {
    throw new InputError(file, start.line, start.col, (e as Error).message);
  }
  if (value === null || value === undefined) return;
  const object = asObject(value);
  if (object === undefined) throw new InputError(file, start.line, start.col, "expected a mapping (a Kubernetes object)");
  const root = doc.contents;
  const locate = (path: readonly (string | number)[]): { line: number; column: number } | undefined => {
    let node: unknown = root;
    let at: number | undefined;
    for (const step of path) {
      if (isMap(node)) {
        let next: unknown;
        let hit: number | undefined;
        for (const pair of node.items) {
          if (isScalar(pair.key) && String(pair.key.value) === String(step)) {
            next = pair.value;
            hit = pair.key.range?.[0];
          }
        }
        if (hit === undefined) return undefined;
        at = hit;
        node = next;
      } else if (isSeq(node) && typeof step === "number") {
        const item = node.items[step];
        if (!isNode(item)) return undefined;
        at = item.range?.[0];
        node = item;
      } else return undefined;
    }
    if (at === undefined) return undefined;
    const p = lines.linePos(at);
    return { line: p.line, column: p.col };
  };
  const d: SourceDoc = { value: object, json: JSON.stringify(object), file, line: start.line, column: start.col, locate };
  if (keepLists) {
    yield d;
    return;
  }
  // a List's items each get their own position (from the YAML nodes)
  const seq = doc.get("items", true);
  const nodes = isSeq(seq) ? seq.items : [];
  let i = 0;
  for (const item of expand(d)) {
    const node = nodes[i++];
    const range = isNode(node) ? node.range : undefined;
    if (item === d || range === undefined || range === null) yield item;
    else {
      const p = lines.linePos(range[0]);
      yield { ...item, line: p.line, column: p.col, locate: (path) => locate(["items", i - 1, ...path]) };
    }
  }
}

/** The problem with the document the parser is reading, if it is already too deep or too long. */
function openProblem(parser: Parser, limits: InputLimits): Problem | undefined {
  const deep = openTooDeep(parser.stack, limits.maxDepth);
  if (deep >= 0) return { offset: deep, message: tooDeepMessage(limits.maxDepth) };
  const doc = parser.stack[0];
  if (doc?.type !== "document" || parser.offset - doc.offset <= limits.maxYamlSize) return undefined;
  return { offset: doc.offset, message: `YAML document longer than ${limits.maxYamlSize} characters (--max-yaml-size); JSON input is streamed` };
}

/** The parser's tokens of `text`; a problem found while reading ends them. */
function* tokens(text: string, parser: Parser, limits: InputLimits): Generator<CST.Token | Problem> {
  for (const lexeme of new Lexer().lex(text)) {
    for (const token of parser.next(lexeme)) {
      // the composer recurses once per level: too deep a document never reaches it
      const deep = token.type === "document" ? tokenTooDeep(token, limits.maxDepth) : -1;
      if (deep >= 0) return yield { offset: deep, message: tooDeepMessage(limits.maxDepth) };
      yield token;
    }
    // the parser's open tokens (its stack) and the document it builds stop growing at the limits
    const problem = openProblem(parser, limits);
    if (problem !== undefined) return yield problem;
  }
  yield* parser.end();
}

/** Where `yamlDocuments` reads from: the line `text` starts at in its file (default 1), and a counter of the nodes the
 *  aliases of its documents add (for a caller that reads one document in parts). */
export interface YamlPlace {
  firstLine?: number;
  aliases?: { nodes: number };
}

/** The YAML documents of `text` (a List expanded into its items unless `keepLists`), one at a time; throws InputError. */
export function* yamlDocuments(text: string, file: string, keepLists: boolean, limits: InputLimits, place: YamlPlace = {}): Generator<SourceDoc> {
  const counter = new LineCounter();
  const lines = shifted(counter, (place.firstLine ?? 1) - 1);
  const fail = (p: Problem): InputError => {
    const pos = lines.linePos(p.offset);
    return new InputError(file, pos.line, pos.col, p.message);
  };
  /** Checks a composed document (the first of its errors by position is thrown) and converts it. */
  const take = (doc: Document): Generator<SourceDoc> => {
    const check = checkTree(doc, limits);
    const err = doc.errors[0];
    const dup = check.duplicate;
    if (err !== undefined && (dup === undefined || err.pos[0] < dup.order)) throw fail({ offset: err.pos[0], message: err.message.split("\n")[0]! });
    if (dup !== undefined) throw fail(dup);
    if (check.problem !== undefined) throw fail(check.problem);
    if (place.aliases !== undefined) place.aliases.nodes += check.aliasNodes ?? 0;
    return fromDocument(doc, file, keepLists, lines);
  };
  const composer = new Composer({ version: "1.1", uniqueKeys: false, customTags: linearOmap });
  const parser = new Parser(counter.addNewLine);
  counter.addNewLine(0);
  for (const token of tokens(text, parser, limits)) {
    if (!("type" in token)) {
      for (const doc of composer.end(false, token.offset)) yield* take(doc); // the documents before it come out first
      throw fail(token);
    }
    for (const doc of composer.next(token)) yield* take(doc);
  }
  for (const doc of composer.end(false, text.length)) yield* take(doc);
}
