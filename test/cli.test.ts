// `kinplace eval` (dist/cli/kinplace.mjs): JSON Lines from stdin or a file, read as bytes, one answer per
// request line in order, streaming. Each answer must equal what the engine gives for the very same bytes
// in-process (evaluateLine), so the CLI neither decodes, re-encodes, reorders nor drops anything.
// Needs `npm run build`.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { evaluateLine, initSync } from "../js/node.ts";
import { run } from "./support/run.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const cli = join(root, "dist/cli/kinplace.mjs");
initSync(readFileSync(join(root, "dist/kinplace.wasm")));

const tmp = mkdtempSync(join(tmpdir(), "kinplace-cli-"));
after(() => rmSync(tmp, { recursive: true, force: true }));

const bytes = (...parts: (string | number[] | Uint8Array)[]): Buffer =>
  Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "utf8") : Buffer.from(p))));

/** The answers the engine gives in-process for `lines`, each followed by "\n". */
function reference(lines: Uint8Array[]): Buffer {
  return Buffer.concat(lines.flatMap((l) => [Buffer.from(evaluateLine(l)), Buffer.from("\n")]));
}

/** Runs `kinplace eval` with args and stdin; asserts exit 0 and no stderr; returns stdout. */
async function evalCli(args: string[], input?: Uint8Array): Promise<Buffer> {
  const r = await run([cli, "eval", ...args], { input });
  assert.equal(r.stderr, "");
  assert.equal(r.status, 0);
  return r.stdout;
}

/** Parses answer lines. */
const answers = (out: Buffer): { id?: unknown; ok: boolean; result?: { [k: string]: unknown }; error?: { code: string; message: string } }[] =>
  out.toString().trimEnd().split("\n").map((l) => JSON.parse(l));

const REQUESTS = [
  '{"id":1,"op":"fnv","variant":"fnv32a","text":"hello"}',
  '{"id":2,"op":"json.go","valueText":"{\\"b\\":1,\\"a\\":[1.0,\\"<\\"]}"}',
  "this line is not JSON",
  '{"id":4,"op":"no.such.op"}',
  '{"id":5,"op":"json.jcs","value":{"b":[2e0],"a":null}}',
  '{"id":6,"op":"json.go","valueText":"[1,"}',
];

describe("kinplace eval", () => {
  test("stdin: one answer per line, in order; bad lines get error answers and the stream goes on", async () => {
    const input = bytes(REQUESTS.join("\n"), "\n");
    const out = await evalCli([], input);
    assert.deepEqual(out, reference(REQUESTS.map((l) => bytes(l))));
    const a = answers(out);
    assert.equal(a.length, REQUESTS.length);
    assert.deepEqual(a[0], { id: 1, ok: true, result: { hex: "4f9f2cab", value: 0x4f9f2cab } });
    assert.deepEqual(a[1], { id: 2, ok: true, result: { json: '{"a":[1,"\\u003c"],"b":1}' } });
    assert.equal(a[2]?.ok, false);
    assert.equal(a[2]?.error?.code, "E_JSON_SYNTAX");
    assert.deepEqual([a[3]?.id, a[3]?.ok, a[3]?.error?.code], [4, false, "E_UNKNOWN_OP"]);
    assert.deepEqual(a[4], { id: 5, ok: true, result: { json: '{"a":null,"b":[2]}' } });
    assert.deepEqual([a[5]?.id, a[5]?.ok, a[5]?.error?.code, a[5]?.error?.message], [6, false, "E_JSON_SYNTAX", "unexpected end of JSON input"]);
  });

  test("FILE and '-' give the same output as stdin", async () => {
    const input = bytes(REQUESTS.join("\n"), "\n");
    const file = join(tmp, "requests.jsonl");
    writeFileSync(file, input);
    const fromStdin = await evalCli([], input);
    assert.deepEqual(await evalCli([file]), fromStdin);
    assert.deepEqual(await evalCli(["-"], input), fromStdin);
  });

  test("CRLF, empty and whitespace-only lines, and a last line without newline", async () => {
    // An unterminated string shows whether the "\r" was dropped: a raw CR in a string is a different error.
    const cut = '{"id":9,"op":"fnv","variant":"fnv32a","text":"abc';
    const input = bytes(REQUESTS[0]!, "\r\n", "\n", "   \t \r\n", "\r\n", " ", REQUESTS[1]!, " \n\t\n", cut, "\r\n", REQUESTS[4]!);
    const out = await evalCli([], input);
    assert.deepEqual(out, reference([bytes(REQUESTS[0]!), bytes(" ", REQUESTS[1]!, " "), bytes(cut), bytes(REQUESTS[4]!)]));
    assert.notDeepEqual(reference([bytes(cut)]), reference([bytes(cut, "\r")]));
    assert.deepEqual(answers(out).map((a) => a.id), [1, 2, undefined, 5]);
    assert.deepEqual(await evalCli([], bytes("\n \n\r\n\t")), Buffer.alloc(0));
  });

  test("raw invalid UTF-8 and NUL bytes reach the engine untouched", async () => {
    const lines = [
      bytes([0xff]),
      bytes('{"id":1,"op":"json.go","valueText":"', [0xff], '"}'),
      bytes('{"id":2,"op":"json.go","valueText":"\\"', [0xc3, 0x28, 0xed, 0xa0, 0x80], '\\""}'),
      bytes('{"id":3,"op":"fnv","variant":"fnv64a","text":"', [0xfe], '"}'),
      bytes('{"id":4,"op":"json.go","valueText":"[1]', [0x00], '"}'),
    ];
    const out = await evalCli([], Buffer.concat(lines.flatMap((l) => [l, Buffer.from("\n")])));
    assert.deepEqual(out, reference(lines));
    // Decoding as UTF-8 on the way in would have changed what the engine saw, and therefore the answers.
    const mangled = lines.map((l) => bytes(new TextDecoder().decode(l)));
    assert.notDeepEqual(out, reference(mangled));
    const a = answers(out);
    // Go 1.27 (the default) quotes an invalid byte as '\xff'
    assert.match(a[0]?.error?.message ?? "", /invalid character '\\xff'/);
    assert.match(a[1]?.error?.message ?? "", /invalid character '\\xff'/);
  });

  test("a 3 MB line and 20,000 small lines: every answer, in order", async () => {
    const big = bytes('{"id":"big","op":"json.go","value":[', Array.from({ length: 300_000 }, (_, i) => `{"v${i % 5}":${i}}`).join(","), "]}");
    const small = Array.from({ length: 20_000 }, (_, i) => bytes(i % 10 === 9 ? `{"id":${i},"op":` : `{"id":${i},"op":"fnv","variant":"fnv32","text":"${i}"}`));
    const lines = [...small.slice(0, 10_000), big, ...small.slice(10_000)];
    const file = join(tmp, "big.jsonl");
    writeFileSync(file, Buffer.concat(lines.flatMap((l) => [l, Buffer.from("\n")])));
    const out = await evalCli([file]);
    assert.ok(out.equals(reference(lines)), "CLI output equals the in-process answers");
    const ids = answers(out).map((a) => a.id);
    assert.equal(ids.length, lines.length);
    assert.deepEqual(ids.slice(9_998, 10_003), [9_998, undefined, "big", 10_000, 10_001]);
  });

  test("answers stream: each is written before the next request arrives", async () => {
    const child = spawn(process.execPath, [cli, "eval"], { stdio: ["pipe", "pipe", "pipe"] });
    let buffered = "";
    const nextLine = (): Promise<string> =>
      new Promise((resolve, reject) => {
        const check = (): boolean => {
          const nl = buffered.indexOf("\n");
          if (nl < 0) return false;
          const line = buffered.slice(0, nl);
          buffered = buffered.slice(nl + 1);
          resolve(line);
          return true;
        };
        if (check()) return;
        const timer = setTimeout(() => reject(new Error("no answer within 10 s")), 10_000);
        const onData = (d: Buffer): void => {
          buffered += d.toString();
          if (check()) {
            clearTimeout(timer);
            child.stdout.off("data", onData);
          }
        };
        child.stdout.on("data", onData);
      });
    const closed = new Promise((resolve) => child.on("close", resolve));
    try {
      for (const id of [1, 2, 3]) {
        child.stdin.write(`{"id":${id},"op":"fnv","variant":"fnv32a","text":"x"}\n`);
        assert.deepEqual(JSON.parse(await nextLine()).id, id);
      }
      child.stdin.end();
      assert.equal(await closed, 0);
    } finally {
      child.kill();
    }
  });

  test("a reader that goes away (EPIPE) ends the CLI quietly", async () => {
    const file = join(tmp, "many.jsonl");
    writeFileSync(file, `${'{"op":"fnv","variant":"fnv32a","text":"abc"}\n'.repeat(300_000)}`);
    const child = spawn(process.execPath, [cli, "eval", file], { stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.stdout.once("data", () => child.stdout.destroy());
    const code = await new Promise((resolve) => child.on("close", resolve));
    assert.equal(stderr, "");
    assert.equal(code, 0);
  });
});

describe("kinplace", () => {
  test("--version prints the package version; --help lists eval", async () => {
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };
    for (const flag of ["--version", "-V"]) {
      const r = await run([cli, flag]);
      assert.deepEqual([r.status, r.stdout.toString()], [0, `${pkg.version}\n`]);
    }
    const help = await run([cli, "--help"]);
    assert.equal(help.status, 0);
    assert.match(help.stdout.toString(), /Usage: kinplace <command>/);
    assert.match(help.stdout.toString(), /\n {2}eval {2}/);
    const evalHelp = await run([cli, "eval", "--help"]);
    assert.equal(evalHelp.status, 0);
    assert.match(evalHelp.stdout.toString(), /Usage: kinplace eval \[FILE\]/);
  });

  test("usage errors exit 2, an unreadable FILE exits 1, each with a message on stderr", async () => {
    const none = await run([cli]);
    assert.equal(none.status, 2);
    assert.match(none.stderr, /Usage: kinplace/);
    const unknown = await run([cli, "frobnicate"]);
    assert.equal(unknown.status, 2);
    assert.match(unknown.stderr, /unknown command "frobnicate"/);
    const extra = await run([cli, "eval", "a", "b"]);
    assert.equal(extra.status, 2);
    assert.match(extra.stderr, /unexpected argument "b"/);
    const missing = await run([cli, "eval", join(tmp, "does-not-exist.jsonl")]);
    assert.equal(missing.status, 1);
    assert.match(missing.stderr, /cannot read .*does-not-exist\.jsonl: ENOENT/);
    assert.equal(missing.stdout.length, 0);
  });
});
