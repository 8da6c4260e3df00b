// Shrinks an offending request while a fresh engine still answers it the same bad way (same outcome kind,
// code and message with digits ignored): members and elements dropped, values replaced by small ones,
// strings shortened; lines that are not JSON are shrunk byte-wise. Duplicate keys and number texts are kept
// as written.
//
//   node --import tsx test/hostile/minimize.ts FILE.jsonl [N]   (record N, default 0, of a hostile-run JSONL)
//   node --import tsx test/hostile/minimize.ts --line FILE       (a request line in a file)

import { readFileSync } from "node:fs";
import { loadModule, freshEngine, run, type Outcome } from "./engine.ts";
import { recordLine, showLine, utf8 } from "./line.ts";

/** A parsed JSON value that keeps member order, duplicate keys and the text of scalars. */
type Node = { t: "obj"; m: [string, Node][] } | { t: "arr"; a: Node[] } | { t: "raw"; s: string };

/** Parses JSON text into Nodes (throws on anything else). */
export function parseNodes(text: string): Node {
  let i = 0;
  const ws = () => { while (i < text.length && " \t\r\n".includes(text[i]!)) i++; };
  const str = (): string => {
    const s = i;
    i++;
    while (text[i] !== '"') { if (i >= text.length) throw new Error("eof"); if (text[i] === "\\") i++; i++; }
    i++;
    return text.slice(s, i);
  };
  const value = (): Node => {
    ws();
    const c = text[i];
    if (c === "{") {
      i++;
      const m: [string, Node][] = [];
      ws();
      if (text[i] === "}") { i++; return { t: "obj", m }; }
      for (;;) {
        ws();
        const k = str();
        ws();
        if (text[i++] !== ":") throw new Error("colon");
        m.push([k, value()]);
        ws();
        if (text[i] === ",") { i++; continue; }
        if (text[i++] !== "}") throw new Error("object");
        return { t: "obj", m };
      }
    }
    if (c === "[") {
      i++;
      const a: Node[] = [];
      ws();
      if (text[i] === "]") { i++; return { t: "arr", a }; }
      for (;;) {
        a.push(value());
        ws();
        if (text[i] === ",") { i++; continue; }
        if (text[i++] !== "]") throw new Error("array");
        return { t: "arr", a };
      }
    }
    if (c === '"') return { t: "raw", s: str() };
    const s = i;
    while (i < text.length && !",]} \t\r\n".includes(text[i]!)) i++;
    if (i === s) throw new Error("value");
    return { t: "raw", s: text.slice(s, i) };
  };
  const v = value();
  ws();
  if (i !== text.length) throw new Error("trailing");
  return v;
}

/** The JSON text of a Node. */
export function nodeText(n: Node): string {
  if (n.t === "raw") return n.s;
  if (n.t === "arr") return `[${n.a.map(nodeText).join(",")}]`;
  return `{${n.m.map(([k, v]) => `${k}:${nodeText(v)}`).join(",")}}`;
}

/** The signature an outcome must keep while shrinking. */
function signature(o: Outcome): string {
  return `${o.kind} ${o.code ?? ""} ${(o.detail ?? "").replace(/[0-9]+/g, "N").slice(0, 120)}`;
}

/** A step into a node: a member (by key text) or an element (by index). */
type Step = { key: string } | { index: number };

/** An edit at a path: drop the member / element there, or replace its value. */
type Edit = { path: Step[]; drop: boolean; value?: Node };

/** The node at `path`, or undefined. */
function nodeAt(n: Node, path: Step[]): Node | undefined {
  let cur: Node | undefined = n;
  for (const s of path) {
    if (cur === undefined) return undefined;
    if ("key" in s) cur = cur.t === "obj" ? cur.m.find(([k]) => k === s.key)?.[1] : undefined;
    else cur = cur.t === "arr" ? cur.a[s.index] : undefined;
  }
  return cur;
}

/** The tree with `e` applied, or null when its path does not resolve. */
function applyEdit(n: Node, path: Step[], e: Edit): Node | null {
  if (path.length === 0) return e.value ?? null;
  const [s, ...rest] = path;
  if ("key" in s!) {
    if (n.t !== "obj") return null;
    const k = n.m.findIndex(([key]) => key === s.key);
    if (k < 0) return null;
    if (rest.length === 0 && e.drop) return { t: "obj", m: n.m.filter((_, j) => j !== k) };
    const inner = applyEdit(n.m[k]![1], rest, e);
    return inner && { t: "obj", m: n.m.map((x, j) => (j === k ? [x[0], inner] : x)) };
  }
  if (n.t !== "arr" || s!.index >= n.a.length) return null;
  if (rest.length === 0 && e.drop) return { t: "arr", a: n.a.filter((_, j) => j !== s!.index) };
  const inner = applyEdit(n.a[s!.index]!, rest, e);
  return inner && { t: "arr", a: n.a.map((x, j) => (j === s!.index ? inner : x)) };
}

/** Request members that hold the two sides of a comparison: an edit of one is tried on both at once first. */
const MIRRORS: [string, string][] = [["old", "new"], ["oldTemplate", "newTemplate"], ["oldRevision", "newRevision"], ["from", "to"], ["original", "modified"], ["document", "patch"]];

/** The path of the same place on the other side of a mirrored pair, or null. */
function mirrored(path: Step[]): Step[] | null {
  const s = path[0];
  if (!s || !("key" in s)) return null;
  for (const [a, b] of MIRRORS) {
    if (s.key === `"${a}"`) return [{ key: `"${b}"` }, ...path.slice(1)];
    if (s.key === `"${b}"`) return [{ key: `"${a}"` }, ...path.slice(1)];
  }
  return null;
}

/** Every edit of the tree, biggest cuts first (breadth first: shallow places before deep ones). */
function* edits(root: Node): Generator<Edit> {
  const queue: { n: Node; path: Step[] }[] = [{ n: root, path: [] }];
  while (queue.length) {
    const { n, path } = queue.shift()!;
    if (n.t === "obj") {
      for (const [k] of n.m) yield { path: [...path, { key: k }], drop: true };
      for (const [k, v] of n.m) queue.push({ n: v, path: [...path, { key: k }] });
    } else if (n.t === "arr") {
      for (let k = n.a.length - 1; k >= 0; k--) yield { path: [...path, { index: k }], drop: true };
      n.a.forEach((v, k) => queue.push({ n: v, path: [...path, { index: k }] }));
    }
    if (path.length > 0) {
      for (const s of ["{}", "[]", "0", '""', "null"]) if (n.t !== "raw" || n.s !== s) yield { path, drop: false, value: { t: "raw", s } };
      if (n.t === "raw" && n.s.startsWith('"') && n.s.length > 12) {
        const body = n.s.slice(1, -1);
        yield { path, drop: false, value: { t: "raw", s: `"${body.slice(0, body.length >> 1).replace(/\\+$/, "")}"` } };
      }
    }
  }
}

/** Every one-step-smaller tree: each edit on both sides of a mirrored pair, then alone. */
function* smaller(root: Node): Generator<Node> {
  for (const e of edits(root)) {
    const m = mirrored(e.path);
    if (m && nodeAt(root, m) !== undefined) {
      const one = applyEdit(root, e.path, e);
      const both = one && applyEdit(one, m, { ...e, path: m });
      if (both) yield both;
    }
    const alone = applyEdit(root, e.path, e);
    if (alone) yield alone;
  }
}

/** Shrinks `line` while `keep` holds of the outcome on a fresh engine; returns the smallest line found. */
export function minimize(module: WebAssembly.Module, line: Uint8Array, keep: (o: Outcome) => boolean, budget = 4000): Uint8Array {
  let best = line;
  let tries = 0;
  const ok = (l: Uint8Array) => { tries++; return keep(run(freshEngine(module), l)); };
  let tree: Node | null = null;
  try { tree = parseNodes(new TextDecoder("utf-8", { fatal: true }).decode(line)); } catch { tree = null; }
  if (tree) {
    let progress = true;
    while (progress && tries < budget) {
      progress = false;
      for (const cand of smaller(tree)) {
        if (tries >= budget) break;
        const l = utf8(nodeText(cand));
        if (l.length < best.length && ok(l)) { tree = cand; best = l; progress = true; break; }
      }
    }
    return best;
  }
  // not JSON: drop byte chunks, halving their size
  for (let size = best.length >> 1; size >= 1 && tries < budget; size >>= 1) {
    for (let s = 0; s + size <= best.length && tries < budget;) {
      const cand = new Uint8Array([...best.subarray(0, s), ...best.subarray(s + size)]);
      if (ok(cand)) best = cand; else s += size;
    }
  }
  return best;
}

/** CLI: minimizes a recorded offending request and prints it. */
function main(): void {
  const args = process.argv.slice(2);
  let line: Uint8Array;
  if (args[0] === "--line") line = new Uint8Array(readFileSync(args[1]!));
  else {
    const rec = JSON.parse(readFileSync(args[0]!, "utf8").split("\n").filter(Boolean)[Number(args[1] ?? 0)]!);
    line = recordLine(rec.request);
  }
  const module = loadModule();
  const first = run(freshEngine(module), line);
  const sig = signature(first);
  console.log(`outcome: ${sig} (${first.ms.toFixed(0)} ms, ${line.length} bytes)`);
  const small = minimize(module, line, (o) => signature(o) === sig);
  const o = run(freshEngine(module), small);
  console.log(`smallest (${small.length} bytes): ${showLine(small, 4000)}\n  answers: ${o.text.slice(0, 300)}`);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop()!)) main();
