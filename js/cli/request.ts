// Builds eval requests for the CLI's commands: plain fields through JSON.stringify, documents as the
// input's own JSON bytes spliced in untouched, so the engine sees exactly what the file holds.

import type { Engine } from "../core.js";
import { KinplaceError } from "../errors.js";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A request field holding JSON text (bytes or a string) to splice in as the value. */
export type RawJson = Uint8Array | string;

/** The result object of an answer; a failed answer is thrown as a KinplaceError. */
export type Result = { [key: string]: unknown };

/** Evaluates `{op, ...fields, ...raw}` (raw values spliced in as JSON text); returns the result or throws. */
export function call(engine: Engine, op: string, fields: { [key: string]: unknown }, raw: { [key: string]: RawJson } = {}): Result {
  const answer = JSON.parse(evaluateRaw(engine, op, fields, raw)) as
    | { ok: true; result: Result }
    | { ok: false; error: { code: string; message: string; path?: string; offset?: number } };
  if (!answer.ok) throw new KinplaceError(answer.error.code, answer.error.message, { path: answer.error.path, offset: answer.error.offset });
  return answer.result;
}

/** The exact JSON text of the only member `member` of the result (the engine's bytes, no JSON.parse round trip); throws on error. */
export function callMember(engine: Engine, op: string, fields: { [key: string]: unknown }, raw: { [key: string]: RawJson }, member: string): string {
  const text = evaluateRaw(engine, op, fields, raw);
  const prefix = `{"ok":true,"result":{${JSON.stringify(member)}:`;
  if (text.startsWith(prefix) && text.endsWith("}}")) return text.slice(prefix.length, -2);
  const answer = JSON.parse(text) as { ok: boolean; result?: Result; error?: { code: string; message: string; path?: string; offset?: number } };
  if (!answer.ok) throw new KinplaceError(answer.error!.code, answer.error!.message, { path: answer.error!.path, offset: answer.error!.offset });
  return JSON.stringify(answer.result?.[member]);
}

/** The result of `{op, ...fields, ...raw}` parsed, and its exact JSON text as the engine wrote it; throws on error. */
export function callResult(engine: Engine, op: string, fields: { [key: string]: unknown }, raw: { [key: string]: RawJson } = {}): { result: Result; text: string } {
  const text = evaluateRaw(engine, op, fields, raw);
  const answer = JSON.parse(text) as { ok: boolean; result?: Result; error?: { code: string; message: string; path?: string; offset?: number } };
  if (!answer.ok) throw new KinplaceError(answer.error!.code, answer.error!.message, { path: answer.error!.path, offset: answer.error!.offset });
  const prefix = '{"ok":true,"result":';
  const exact = text.startsWith(prefix) && text.endsWith("}") ? text.slice(prefix.length, -1) : JSON.stringify(answer.result);
  return { result: answer.result!, text: exact };
}

/** The answer text of `{op, ...fields, ...raw}`. */
function evaluateRaw(engine: Engine, op: string, fields: { [key: string]: unknown }, raw: { [key: string]: RawJson }): string {
  const head = JSON.stringify({ op, ...fields });
  const parts: Uint8Array[] = [encoder.encode(head.slice(0, -1))];
  for (const [name, value] of Object.entries(raw)) {
    parts.push(encoder.encode(`,${JSON.stringify(name)}:`));
    parts.push(typeof value === "string" ? encoder.encode(value) : value);
  }
  parts.push(encoder.encode("}"));
  let n = 0;
  for (const p of parts) n += p.length;
  const line = new Uint8Array(n);
  let at = 0;
  for (const p of parts) {
    line.set(p, at);
    at += p.length;
  }
  return decoder.decode(engine.evaluateView(line));
}

/** Go's syntax error for JSON bytes (message and offset), or undefined when the engine accepts them. */
export function goSyntaxError(engine: Engine, bytes: Uint8Array): { message: string; offset: number } | undefined {
  try {
    engine.canonical(bytes, 0, 0);
    return undefined;
  } catch (e) {
    if (e instanceof KinplaceError) return { message: e.message, offset: e.offset ?? 0 };
    return undefined;
  }
}
