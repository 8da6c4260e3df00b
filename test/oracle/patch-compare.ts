// How patch answers are held against the oracle's: byte for byte on the raw result text (number
// spellings, member order and duplicate keys all count), except for jsonpatch.diff with the appscode
// flavor, whose operation order follows Go's map iteration: there the operations must be the same
// multiset of exact texts, and the operations on each array must come in the same order.

import assert from "node:assert/strict";
import { assertSameAnswer } from "./compare.ts";

const decoder = new TextDecoder();

/** The raw text of an answer line's result object, or null for an error answer. */
export function rawResult(answer: string): string | null {
  const i = answer.indexOf('"ok":true,"result":');
  if (i < 0) return null;
  return answer.slice(i + '"ok":true,"result":'.length, -1);
}

/** The raw texts of the object elements of a JSON array text (valid JSON assumed). */
export function splitArray(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      for (i++; text[i] !== '"'; i++) if (text[i] === "\\") i++;
    } else if (c === "[" || c === "{") {
      if (depth === 1) start = i;
      depth++;
    } else if (c === "]" || c === "}") {
      depth--;
      if (depth === 1) out.push(text.slice(start, i + 1));
    }
  }
  return out;
}

type J = null | boolean | number | string | J[] | { [k: string]: J };

/**
 * The value at an appscode-style pointer (segments split on "/", ~1 and ~0 decoded), or undefined. makePath lets
 * the next segment reuse the "/" an empty key leaves, so below an object with an empty key the pointer has more
 * than one reading: undefined then (the order of such operations is not checked, only the multiset).
 */
function resolve(doc: J, ptr: string): J | undefined {
  const ambiguous = (v: J | undefined) => v !== null && typeof v === "object" && !Array.isArray(v) && Object.hasOwn(v, "");
  if (ptr === "") return doc;
  let cur: J | undefined = doc;
  for (const raw of ptr.slice(1).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (ambiguous(cur)) return undefined;
    if (Array.isArray(cur)) cur = /^[0-9]+$/.test(key) ? cur[Number(key)] : undefined;
    else if (cur !== null && typeof cur === "object") cur = Object.hasOwn(cur, key) ? cur[key] : undefined;
    else return undefined;
    if (cur === undefined) return undefined;
  }
  return cur;
}

/** The document a jsonpatch.diff request diffs from (null when it cannot be read in JS). */
function fromDoc(request: Uint8Array | string): J | undefined {
  try {
    const req = JSON.parse(typeof request === "string" ? request : decoder.decode(request));
    if ("from" in req) return req.from;
    return JSON.parse(req.fromText);
  } catch {
    return undefined;
  }
}

/** Asserts two appscode patches are the same operations, in the same order on every array. */
function assertSameOps(request: Uint8Array | string, expected: string, actual: string, show: () => string): void {
  const exp = splitArray(rawPatch(expected));
  const act = splitArray(rawPatch(actual));
  assert.deepStrictEqual([...act].sort(), [...exp].sort(), `the operations differ\n${show()}`);
  const from = fromDoc(request);
  if (from === undefined) return;
  const byParent = (ops: string[]) => {
    const m = new Map<string, string[]>();
    for (const op of ops) {
      let path: string;
      try { path = (JSON.parse(op) as { path: string }).path; } catch { continue; }
      const parent = path.slice(0, path.lastIndexOf("/"));
      if (!Array.isArray(resolve(from, parent))) continue;
      m.set(parent, [...(m.get(parent) ?? []), op]);
    }
    return m;
  };
  const e = byParent(exp);
  const a = byParent(act);
  for (const [parent, ops] of e) assert.deepStrictEqual(a.get(parent), ops, `operations on array ${parent} come in another order\n${show()}`);
}

/** The raw patch array of a jsonpatch.diff result text. */
function rawPatch(result: string): string {
  return result.slice('{"patch":'.length, -1);
}

/** Asserts the engine's answer to a patch request equals the oracle's (see the file comment). */
export function assertSamePatchAnswer(request: Uint8Array | string, expected: string, actual: string): void {
  const re = rawResult(expected);
  const ra = rawResult(actual);
  const text = typeof request === "string" ? request : decoder.decode(request);
  const show = () => `request:  ${text.slice(0, 800)}\nexpected: ${expected.slice(0, 800)}\nactual:   ${actual.slice(0, 800)}`;
  if (re === null || ra === null) {
    assertSameAnswer(request, expected, actual);
    return;
  }
  const op = /"op":"([a-z.]+)"/.exec(text)?.[1];
  const minimal = /"flavor":"minimal"/.test(text);
  if (op === "jsonpatch.diff" && !minimal && re.startsWith('{"patch":[') && ra.startsWith('{"patch":[')) {
    assertSameOps(request, re, ra, show);
    return;
  }
  assert.equal(ra, re, `the results differ\n${show()}`);
}
