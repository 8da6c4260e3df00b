// One patch op call: the request line, the two documents passed to the engine as raw bytes (the `evaluateDocs`
// export), the answer's result member read back as text; and the JSON.stringify helpers of the API.

import type { EvalAnswer, EvalRequest, JsonText } from "./api.js";
import { KinplaceError } from "./errors.js";
import { engine } from "./state.js";

/** JSON.stringify of a JS value, with its failures as KinplaceError E_BAD_REQUEST. */
export function stringify(value: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (e) {
    throw new KinplaceError("E_BAD_REQUEST", `value cannot be serialized with JSON.stringify: ${(e as Error).message}`, { cause: e });
  }
  if (text === undefined) throw new KinplaceError("E_BAD_REQUEST", `a value of type ${typeof value} has no JSON form`);
  return text;
}

const answerDecoder = new TextDecoder();

/** The answer of a failed eval call as a KinplaceError. */
function answerError(text: string): KinplaceError {
  const answer = JSON.parse(text) as EvalAnswer;
  if (answer.ok) return new KinplaceError("E_INTERNAL", `unexpected answer ${text.slice(0, 200)}`);
  return new KinplaceError(answer.error.code, answer.error.message, { path: answer.error.path, offset: answer.error.offset });
}

/**
 * Runs patch op `request` (without its documents) with its two documents passed to the engine as raw
 * bytes (the `evaluateDocs` export: no JSON.stringify of the request, no escaping; `null` = absent, Go's
 * nil). Returns result member `field` as raw JSON text, or "" when the result has `${field}Text: ""`.
 */
export function patchTextOp(request: EvalRequest | string, a: JsonText | null, b: JsonText | null, field: string): string {
  const view = engine().evaluateDocsView(typeof request === "string" ? request : requestLine(request), a, b);
  // the usual answer: only the result member's text is decoded
  const head = answerHead(field);
  const n = head.length;
  if (view.length >= n + 2 && view[view.length - 1] === 0x7d && view[view.length - 2] === 0x7d && startsWith(view, head)) {
    return answerDecoder.decode(view.subarray(n, view.length - 2));
  }
  const text = answerDecoder.decode(view);
  if (text === `{"ok":true,"result":{"${field}Text":""}}`) return "";
  throw answerError(text);
}

const opLines = new Map<unknown, string>();

/** The request line of jsonPatchDiffText without options. */
export const DIFF_LINE = '{"op":"jsonpatch.diff"}';

/** The request line of a patch op: JSON.stringify, kept per op when no option is set (the usual call). */
function requestLine(request: EvalRequest): string {
  for (const k in request) if (k !== "op" && request[k] !== undefined) return stringify(request);
  let line = opLines.get(request.op);
  if (line === undefined) opLines.set(request.op, (line = stringify(request)));
  return line;
}

const answerHeads = new Map<string, Uint8Array>();

/** The bytes a successful answer starts with: `{"ok":true,"result":{"<field>":`. */
function answerHead(field: string): Uint8Array {
  let head = answerHeads.get(field);
  if (head === undefined) answerHeads.set(field, (head = new TextEncoder().encode(`{"ok":true,"result":{"${field}":`)));
  return head;
}

/** True when `bytes` start with `head`. */
function startsWith(bytes: Uint8Array, head: Uint8Array): boolean {
  for (let i = 0; i < head.length; i++) if (bytes[i] !== head[i]) return false;
  return true;
}

/** JSON.stringify of a document for patchTextOp: undefined (no JSON form) is an absent document, as in a request object. */
export function docText(value: unknown): string | null {
  if (value === undefined) return null;
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (e) {
    throw new KinplaceError("E_BAD_REQUEST", `value cannot be serialized with JSON.stringify: ${(e as Error).message}`, { cause: e });
  }
  return text === undefined ? null : text;
}

/** JSON.parse of a result text ("" stays undefined: an empty document the library returned as it was). */
export function parseResult(text: string): unknown {
  return text === "" ? undefined : JSON.parse(text);
}
