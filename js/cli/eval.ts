// `kinplace eval [FILE]`: JSON Lines in (FILE or stdin, read as bytes and never decoded), one answer
// line out per request line, in order, streaming. Every request is handled inside wasm (`evaluate`).

import { createReadStream } from "node:fs";
import type { Writable } from "node:stream";
import type { Engine } from "../core.js";
import { KinplaceError } from "../errors.js";
import { EXIT_USAGE, type Command } from "./command.js";
import { loadEngine } from "./engine.js";
import { LineSplitter } from "./lines.js";
import { BufferedOutput } from "./output.js";
import { usageHint } from "./run.js";

const LF = 0x0a;
const encoder = new TextEncoder();

/** The engine's op names, read from its sources when the CLI is built (scripts/op-names.mjs); absent when unbuilt. */
declare const __KINPLACE_OPS__: readonly string[] | undefined;

/** The op names, comma-separated and wrapped to lines of at most 100 characters after a two-space indent. */
function opList(ops: readonly string[] | undefined): string {
  if (ops === undefined) return "  (the op list is read from the engine's sources when the CLI is built: npm run build:js)";
  const lines: string[] = [];
  let line = "";
  for (const [i, op] of ops.entries()) {
    const word = i < ops.length - 1 ? `${op},` : op;
    if (line !== "" && 2 + line.length + 1 + word.length > 100) {
      lines.push(`  ${line}`);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  lines.push(`  ${line}`);
  return lines.join("\n");
}

const OPS = typeof __KINPLACE_OPS__ === "undefined" ? undefined : __KINPLACE_OPS__;

const usage = `Usage: kinplace eval [FILE]

Reads eval requests as JSON Lines from FILE (or stdin when FILE is absent or "-") and writes one JSON
answer line per request line, in the same order:
  request  {"op": ..., "id"?: ..., ...fields}
  answer   {"id"?, "ok": true, "result": {...}}  or  {"id"?, "ok": false, "error": {"code", "message", ...}}
Lines are split on "\\n" (a trailing "\\r" is dropped); empty and whitespace-only lines are skipped.
A line that is not a valid request gets an error answer and the stream goes on.

Ops${OPS === undefined ? "" : ` (${OPS.length})`}, as the engine registers them (docs/architecture.md, "The eval protocol"):
${opList(OPS)}
`;

/** The answer bytes for one line; an engine trap becomes an E_INTERNAL answer so the stream goes on. */
function answer(engine: Engine, line: Uint8Array): Uint8Array {
  try {
    return engine.evaluateView(line);
  } catch (e) {
    const err = e instanceof KinplaceError ? e : new KinplaceError("E_INTERNAL", String(e));
    return encoder.encode(JSON.stringify({ ok: false, error: { code: err.code, message: err.message } }));
  }
}

/** Evaluates every line of `input` and writes the answers to `output`, flushing after each input chunk. */
export async function evalStream(engine: Engine, input: AsyncIterable<Uint8Array>, output: Writable): Promise<void> {
  const out = new BufferedOutput(output);
  const lines = new LineSplitter();
  const onLine = (line: Uint8Array): void => out.write(answer(engine, line), LF);
  for await (const chunk of input) {
    lines.push(chunk, onLine);
    await out.flush();
  }
  lines.end(onLine);
  await out.flush();
}

/** The `eval` command. */
export const evalCommand: Command = {
  name: "eval",
  summary: "evaluate JSON Lines requests from FILE or stdin, one answer line per request",
  usage,
  async run(args, io) {
    if (args.includes("-h") || args.includes("--help")) {
      io.stdout.write(usage);
      return 0;
    }
    const options = args.filter((a) => a.startsWith("-") && a !== "-");
    if (options.length > 0 || args.length > 1) {
      io.stderr.write(`kinplace eval: unexpected argument ${JSON.stringify(options[0] ?? args[1])}\n${usageHint("eval")}\n`);
      return EXIT_USAGE;
    }
    const file = args[0] === undefined || args[0] === "-" ? undefined : args[0];
    const input = file === undefined ? io.stdin : createReadStream(file, { highWaterMark: 1 << 20 });
    const engine = loadEngine();
    try {
      await evalStream(engine, input, io.stdout);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === "EPIPE") return 0; // the reader went away (e.g. `| head`)
      if (file !== undefined && typeof code === "string" && (e as NodeJS.ErrnoException).path === file) {
        io.stderr.write(`kinplace eval: cannot read ${file}: ${(e as Error).message}\n`);
        return 1;
      }
      throw e;
    }
    return 0;
  },
};
