// How an engine answer is held against the oracle's (or a golden vector's): both lines are parsed and
// must agree on `id`, `ok`, the whole `result`, and the error's code, message, path and offset.

import assert from "node:assert/strict";

type Answer = { id?: unknown; ok?: unknown; result?: unknown; error?: { code?: unknown; message?: unknown; path?: unknown; offset?: unknown } };

/** The parts of an answer (its line, or the line already parsed) that must match. */
export function answerView(answer: string | object): unknown {
  let a: Answer;
  try {
    a = typeof answer === "string" ? JSON.parse(answer) : answer;
  } catch (e) {
    throw new Error(`answer is not JSON: ${(answer as string).slice(0, 300)}`, { cause: e });
  }
  const view: Record<string, unknown> = { ok: a.ok };
  if ("id" in a) view.id = a.id;
  if (a.ok === true) view.result = a.result;
  else view.error = { code: a.error?.code, message: a.error?.message, path: a.error?.path, offset: a.error?.offset };
  return view;
}

const fatal = new TextDecoder("utf-8", { fatal: true });

/** A request line for a failure report: its text, or its bytes in base64 when it is not UTF-8. */
function show(b: string | Uint8Array): string {
  if (typeof b === "string") return b.slice(0, 600);
  try {
    return fatal.decode(b).slice(0, 600);
  } catch {
    return `(not UTF-8; base64) ${Buffer.from(b).toString("base64").slice(0, 800)}`;
  }
}

/** Asserts that the engine answered `request` (answer line `actual`) as the oracle did (`expected`). */
export function assertSameAnswer(request: string | Uint8Array, expected: string | object, actual: string): void {
  const exp = typeof expected === "string" ? expected : JSON.stringify(expected);
  assert.deepStrictEqual(answerView(actual), answerView(expected),
    `request:  ${show(request)}\nexpected: ${exp.slice(0, 600)}\nactual:   ${actual.slice(0, 600)}`);
}
