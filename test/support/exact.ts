// Asking the engine one request line with some of its shortcuts turned off (the engine-only request field
// `exact`, assembly/base/exact.ts), for the equivalence suites of test/equivalence/.

import { kinplace } from "./engine.ts";

const enc = new TextEncoder();
const dec = new TextDecoder();

/** The answer line of one request line. */
export function answer(line: string | Uint8Array): string {
  return dec.decode(kinplace.evaluateLine(typeof line === "string" ? enc.encode(line) : line));
}

/** The request line with `"exact": value` as its first member (the line must be an object). */
export function withExact(line: string | Uint8Array, value: unknown): Uint8Array {
  const b = typeof line === "string" ? enc.encode(line) : line;
  const head = enc.encode(`{"exact":${JSON.stringify(value)},`);
  const out = new Uint8Array(head.length + b.length - 1);
  out.set(head);
  out.set(b.subarray(1), head.length);
  return out;
}

/** The answers of a line with the shortcuts on, and with each `exact` value given; the first differing one fails. */
export function sameAnswers(line: string | Uint8Array, exacts: unknown[]): { plain: string; differs: string | null } {
  const plain = answer(line);
  for (const e of exacts) {
    const other = answer(withExact(line, e));
    if (other !== plain) return { plain, differs: `exact ${JSON.stringify(e)}:\n  shortcut: ${plain.slice(0, 600)}\n  port:     ${other.slice(0, 600)}` };
  }
  return { plain, differs: null };
}

/** The request line as text, cut short (for failure messages). */
export function shown(line: string | Uint8Array): string {
  return (typeof line === "string" ? line : dec.decode(line)).slice(0, 800);
}
