// Every entry of the package loads the engine and answers the same way: the Node ESM and CJS bundles
// (by path and through the package's own `exports`), the inline bundle with no I/O at all, the edge
// bundle with a precompiled module while compiling from bytes is forbidden, and the browser bundle with
// file reads restricted to the bundle itself; the core entries (`kinplace/core`) likewise on kinplace-core.wasm. Also: initSync, traps becoming KinplaceError with the
// engine still usable, and memory growth. The published declarations are checked by test/package-types.test.ts.
// Needs `npm run build` (dist/ and build/kinplace.wasm).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import asc from "assemblyscript/asc";
import { engineFromBytesSync } from "../js/instantiate.ts";
import { KinplaceError } from "../js/errors.ts";
import { permissionFlag, run } from "./support/run.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const at = (p: string): string => join(root, p);
const url = (p: string): string => pathToFileURL(at(p)).href;
const wasmPath = at("dist/kinplace.wasm");
const wasmBytes = readFileSync(wasmPath);
const coreWasmPath = at("dist/kinplace-core.wasm");

/** FNV reference (Go's hash/fnv) over bytes, for the expected values. */
function fnvReference(bits: 32 | 64, a: boolean, bytes: Uint8Array): string {
  const prime = bits === 32 ? 0x01000193n : 0x100000001b3n;
  let h = bits === 32 ? 0x811c9dc5n : 0xcbf29ce484222325n;
  for (const b of bytes) h = a ? BigInt.asUintN(bits, (h ^ BigInt(b)) * prime) : BigInt.asUintN(bits, h * prime) ^ BigInt(b);
  return h.toString(16);
}
const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

/** A probe run inside each environment against a loaded module `k`; prints its results as one JSON line. */
const PROBE = `function probe(k) {
  const out = [];
  out.push(k.fnv("fnv32a", "hello").hex);
  out.push(k.fnv("fnv64a", new TextEncoder().encode("h\\u00e9llo")).hex);
  out.push(k.goJSON({ b: "<&>", a: [1.5e3, null, "\\u2028"] }));
  out.push(k.goJSON({ s: "\\b\\f" }, { go: "1.21" }));
  out.push(k.jcsText('{"b":1,"a":2e0}'));
  try { k.goJSONText("{"); out.push("no error"); } catch (e) { out.push(e.name + " " + e.code); }
  try { k.goJSON(1, { go: "go1.22" }); out.push("no error"); } catch (e) { out.push(e.name + " " + e.code); }
  const a = k.evaluate({ op: "fnv", id: 7, variant: "fnv32", text: "hello" });
  out.push([a.id, a.ok, a.result.hex, a.result.value]);
  out.push(new TextDecoder().decode(k.evaluateLine(new TextEncoder().encode('{"op":"json.jcs","valueText":"[1e0]"}'))));
  return out;
}`;

const EXPECTED = [
  fnvReference(32, true, utf8("hello")),
  fnvReference(64, true, utf8("h\u00e9llo")),
  '{"a":[1500,null,"\\u2028"],"b":"\\u003c\\u0026\\u003e"}',
  '{"s":"\\u0008\\u000c"}',
  '{"a":2,"b":1}',
  "KinplaceError E_JSON_SYNTAX",
  "KinplaceError E_UNSUPPORTED_VERSION",
  [7, true, fnvReference(32, false, utf8("hello")), Number.parseInt(fnvReference(32, false, utf8("hello")), 16)],
  '{"ok":true,"result":{"json":"[1]"}}',
];

/** Runs `body` (ESM, top-level await allowed, with probe() defined) in a fresh node; returns its last stdout line as JSON. */
async function esm(body: string, flags: string[] = [], input?: Uint8Array): Promise<unknown> {
  const r = await run([...flags, "--input-type=module", "-e", `${PROBE}\n${body}`], { cwd: root, input });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout.toString().trim().split("\n").at(-1) ?? "null");
}

/** Same as esm() for CommonJS code. */
async function cjs(body: string): Promise<unknown> {
  const r = await run(["-e", `${PROBE}\n${body}`], { cwd: root });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout.toString().trim().split("\n").at(-1) ?? "null");
}

describe("node entry", () => {
  test("ESM bundle: functions throw E_NOT_INITIALIZED before init, then await init() loads the package's kinplace.wasm", async () => {
    const got = await esm(`
      const k = await import(${JSON.stringify(url("dist/node.mjs"))});
      let before;
      try { k.fnv32a("x"); before = "no error"; } catch (e) { before = [e instanceof k.KinplaceError, e.code]; }
      await k.init(); await k.init();
      console.log(JSON.stringify([before, probe(k)]));`);
    assert.deepEqual(got, [[true, "E_NOT_INITIALIZED"], EXPECTED]);
  });

  test("ESM bundle: initSync() with no argument", async () => {
    assert.deepEqual(await esm(`const k = await import(${JSON.stringify(url("dist/node.mjs"))}); k.initSync(); console.log(JSON.stringify(probe(k)));`), EXPECTED);
  });

  test("ESM bundle: init() from a path, a file: URL, bytes and a module", async () => {
    for (const source of [
      JSON.stringify(wasmPath),
      `new URL(${JSON.stringify(pathToFileURL(wasmPath).href)})`,
      `(await import("node:fs")).readFileSync(${JSON.stringify(wasmPath)})`,
      `new WebAssembly.Module((await import("node:fs")).readFileSync(${JSON.stringify(wasmPath)}))`,
    ]) {
      const got = await esm(`const k = await import(${JSON.stringify(url("dist/node.mjs"))}); await k.init(${source}); console.log(JSON.stringify(probe(k)));`);
      assert.deepEqual(got, EXPECTED, source);
    }
  });

  test("CJS bundle: require() then initSync(), and require() then await init()", async () => {
    assert.deepEqual(await cjs(`const k = require(${JSON.stringify(at("dist/node.cjs"))}); k.initSync(); console.log(JSON.stringify(probe(k)));`), EXPECTED);
    assert.deepEqual(
      await cjs(`const k = require(${JSON.stringify(at("dist/node.cjs"))}); k.init().then(() => console.log(JSON.stringify(probe(k))));`),
      EXPECTED,
    );
  });

  test("the package's exports map: import 'kinplace' and require('kinplace') resolve to the node bundles", async () => {
    assert.deepEqual(await esm(`const k = await import("kinplace"); await k.init(); console.log(JSON.stringify(probe(k)));`), EXPECTED);
    assert.deepEqual(await cjs(`const k = require("kinplace"); k.initSync(); console.log(JSON.stringify(probe(k)));`), EXPECTED);
    const paths = await esm(`console.log(JSON.stringify([import.meta.resolve("kinplace"), import.meta.resolve("kinplace/inline"), import.meta.resolve("kinplace/edge"), import.meta.resolve("kinplace/kinplace.wasm")]));`);
    assert.deepEqual(paths, [url("dist/node.mjs"), url("dist/inline.mjs"), url("dist/edge.mjs"), url("dist/kinplace.wasm")]);
  });
});

describe("inline entry", () => {
  for (const call of ["await k.init()", "k.initSync()"]) {
    test(`${call} works with file reads limited to the bundle and fetch removed (no I/O)`, async () => {
      const got = await esm(
        `
        const fs = await import("node:fs");
        let denied;
        try { fs.readFileSync(${JSON.stringify(wasmPath)}); denied = "readable"; } catch (e) { denied = e.code; }
        globalThis.fetch = () => { throw new Error("fetch called"); };
        const k = await import(${JSON.stringify(url("dist/inline.mjs"))});
        ${call};
        console.log(JSON.stringify([denied, probe(k)]));`,
        [permissionFlag, `--allow-fs-read=${at("dist/inline.mjs")}`],
      );
      assert.deepEqual(got, ["ERR_ACCESS_DENIED", EXPECTED]);
    });
  }
});

describe("edge entry", () => {
  /** Precompiles the module like a platform would, then forbids every way of compiling wasm from bytes. */
  const lockdown = `
    const fs = await import("node:fs");
    const module = new WebAssembly.Module(fs.readFileSync(${JSON.stringify(wasmPath)}));
    const bytes = fs.readFileSync(${JSON.stringify(wasmPath)});
    const W = WebAssembly, OrigModule = W.Module, origInstantiate = W.instantiate, calls = [];
    const deny = (name) => () => { calls.push(name); throw new Error("Wasm code generation disallowed by embedder: " + name); };
    W.compile = deny("compile"); W.compileStreaming = deny("compileStreaming"); W.instantiateStreaming = deny("instantiateStreaming");
    W.instantiate = (src, imports) => src instanceof OrigModule ? origInstantiate(src, imports) : deny("instantiate(bytes)")();
    W.Module = new Proxy(OrigModule, { construct: () => deny("new Module")() });
    const k = await import(${JSON.stringify(url("dist/edge.mjs"))});`;

  test("init(module) works while compiling from bytes is forbidden; init(bytes) is refused without compiling", async () => {
    const got = await esm(`${lockdown}
      let refused;
      try { await k.init(bytes); refused = "accepted"; } catch (e) { refused = e.constructor.name; }
      try { k.initSync(bytes); } catch (e) { refused += " " + e.constructor.name; }
      await k.init(module);
      console.log(JSON.stringify([refused, calls, probe(k)]));`);
    assert.deepEqual(got, ["TypeError TypeError", [], EXPECTED]);
  });

  test("initSync(module) works while compiling from bytes is forbidden", async () => {
    assert.deepEqual(await esm(`${lockdown} k.initSync(module); console.log(JSON.stringify([calls, probe(k)]));`), [[], EXPECTED]);
  });

  test("the lockdown itself is effective (the node entry cannot load under it)", async () => {
    const got = await esm(`${lockdown}
      const n = await import(${JSON.stringify(url("dist/node.mjs"))});
      let r; try { n.initSync(bytes); r = "loaded"; } catch (e) { r = "refused"; }
      console.log(JSON.stringify([r, calls]));`);
    assert.deepEqual(got, ["refused", ["new Module"]]);
  });
});

describe("browser entry (in node, file reads limited to the bundle)", () => {
  let server: Server;
  let base = "";
  const hits: string[] = [];
  before(async () => {
    server = createServer((req, res) => {
      hits.push(req.url ?? "");
      if (req.url === "/kinplace.wasm") res.writeHead(200, { "content-type": "application/wasm" }).end(wasmBytes);
      else if (req.url === "/octet/kinplace.wasm") res.writeHead(200, { "content-type": "application/octet-stream" }).end(wasmBytes);
      else res.writeHead(404).end("not found");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => server.close());

  const flags = (): string[] => [permissionFlag, `--allow-fs-read=${at("dist/browser.mjs")}`];
  /** Imports the browser bundle after wrapping instantiateStreaming to count its uses. */
  const load = `
    const fs = await import("node:fs");
    let denied;
    try { fs.readFileSync(${JSON.stringify(wasmPath)}); denied = "readable"; } catch (e) { denied = e.code; }
    let streamed = 0;
    const origStreaming = WebAssembly.instantiateStreaming;
    WebAssembly.instantiateStreaming = (...a) => { streamed++; return origStreaming(...a); };
    const k = await import(${JSON.stringify(url("dist/browser.mjs"))});`;

  test("init(bytes) with the wasm passed through stdin", async () => {
    const got = await esm(
      `${load}
      const chunks = []; for await (const c of process.stdin) chunks.push(c);
      await k.init(new Uint8Array(Buffer.concat(chunks)));
      console.log(JSON.stringify([denied, streamed, probe(k)]));`,
      flags(),
      wasmBytes,
    );
    assert.deepEqual(got, ["ERR_ACCESS_DENIED", 0, EXPECTED]);
  });

  test("init(URL) served as application/wasm compiles by streaming", async () => {
    hits.length = 0;
    const got = await esm(`${load} await k.init(new URL(${JSON.stringify(`${base}/kinplace.wasm`)})); console.log(JSON.stringify([denied, streamed, probe(k)]));`, flags());
    assert.deepEqual(got, ["ERR_ACCESS_DENIED", 1, EXPECTED]);
    assert.deepEqual(hits, ["/kinplace.wasm"]);
  });

  test("init(url string) with a wrong MIME type falls back to bytes; a failed init (404) can be retried", async () => {
    const got = await esm(
      `${load}
      let failed; try { await k.init(${JSON.stringify(`${base}/missing.wasm`)}); failed = "loaded"; } catch (e) { failed = /HTTP 404/.test(e.message); }
      await k.init(${JSON.stringify(`${base}/octet/kinplace.wasm`)});
      console.log(JSON.stringify([denied, failed, streamed, probe(k)]));`,
      flags(),
    );
    assert.deepEqual(got, ["ERR_ACCESS_DENIED", true, 0, EXPECTED]);
  });

  test("init(fetch(...)) takes a promised Response; initSync() without bytes is a TypeError", async () => {
    const got = await esm(
      `${load}
      let sync; try { k.initSync(); sync = "loaded"; } catch (e) { sync = e.constructor.name; }
      await k.init(fetch(${JSON.stringify(`${base}/kinplace.wasm`)}));
      console.log(JSON.stringify([sync, probe(k)]));`,
      flags(),
    );
    assert.deepEqual(got, ["TypeError", EXPECTED]);
  });
});

describe("core entry (kinplace/core: JSON, FNV and patches on kinplace-core.wasm)", () => {
  const patchProbe = `[k.jsonPatchDiffText('{"a":1,"b":[1,2]}', '{"a":2,"b":[2]}'), JSON.stringify(k.mergePatchDiff({ a: 1, b: 2 }, { a: 1 })), k.evaluate({ op: "verdict" }).error.code, typeof k.verdict]`;
  const PATCH_EXPECTED = ['[{"op":"replace","path":"/a","value":2},{"op":"remove","path":"/b/0"}]', '{"b":null}', "E_UNKNOWN_OP", "undefined"];

  test("Node ESM and CJS bundles: init() and initSync() load the package's kinplace-core.wasm", async () => {
    assert.deepEqual(
      await esm(`const k = await import(${JSON.stringify(url("dist/core.mjs"))}); await k.init(); console.log(JSON.stringify([probe(k), ${patchProbe}]));`),
      [EXPECTED, PATCH_EXPECTED],
    );
    assert.deepEqual(await esm(`const k = await import(${JSON.stringify(url("dist/core.mjs"))}); k.initSync(); console.log(JSON.stringify(probe(k)));`), EXPECTED);
    assert.deepEqual(await cjs(`const k = require(${JSON.stringify(at("dist/core.cjs"))}); k.initSync(); console.log(JSON.stringify([probe(k), ${patchProbe}]));`), [EXPECTED, PATCH_EXPECTED]);
  });

  test("the package's exports map: kinplace/core and kinplace/kinplace-core.wasm", async () => {
    assert.deepEqual(await esm(`const k = await import("kinplace/core"); await k.init(); console.log(JSON.stringify(probe(k)));`), EXPECTED);
    assert.deepEqual(await cjs(`const k = require("kinplace/core"); k.initSync(); console.log(JSON.stringify(probe(k)));`), EXPECTED);
    const paths = await esm(`console.log(JSON.stringify([import.meta.resolve("kinplace/core"), import.meta.resolve("kinplace/kinplace-core.wasm")]));`);
    assert.deepEqual(paths, [url("dist/core.mjs"), url("dist/kinplace-core.wasm")]);
  });

  test("edge bundle: init(module) while compiling from bytes is forbidden; bytes are refused", async () => {
    const got = await esm(`
      const fs = await import("node:fs");
      const module = new WebAssembly.Module(fs.readFileSync(${JSON.stringify(coreWasmPath)}));
      const W = WebAssembly, OrigModule = W.Module, origInstantiate = W.instantiate;
      W.instantiate = (src, imports) => src instanceof OrigModule ? origInstantiate(src, imports) : Promise.reject(new Error("compiling bytes"));
      W.Module = new Proxy(OrigModule, { construct: () => { throw new Error("compiling bytes"); } });
      const k = await import(${JSON.stringify(url("dist/core-edge.mjs"))});
      let refused; try { await k.init(fs.readFileSync(${JSON.stringify(coreWasmPath)})); refused = "accepted"; } catch (e) { refused = e.constructor.name + " " + /kinplace-core\.wasm/.test(e.message); }
      await k.init(module);
      console.log(JSON.stringify([refused, probe(k)]));`);
    assert.deepEqual(got, ["TypeError true", EXPECTED]);
  });

  test("browser bundle (in node, file reads limited to the bundle): init(URL) fetches kinplace-core.wasm", async () => {
    const coreBytes = readFileSync(coreWasmPath);
    const hits: string[] = [];
    const server = createServer((req, res) => {
      hits.push(req.url ?? "");
      if (req.url === "/kinplace-core.wasm") res.writeHead(200, { "content-type": "application/wasm" }).end(coreBytes);
      else res.writeHead(404).end("not found");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const got = await esm(
        `const k = await import(${JSON.stringify(url("dist/core-browser.mjs"))});
        await k.init(new URL(${JSON.stringify(`${base}/kinplace-core.wasm`)}));
        console.log(JSON.stringify(probe(k)));`,
        [permissionFlag, `--allow-fs-read=${at("dist/core-browser.mjs")}`],
      );
      assert.deepEqual(got, EXPECTED);
      assert.deepEqual(hits, ["/kinplace-core.wasm"]);
    } finally {
      server.close();
    }
  });
});

describe("traps", () => {
  /** An engine implementing the ABI whose calls trap (`unreachable`) on input "trap" and abort on "abort"; otherwise echo. */
  const FIXTURE = `
    let inPtr: usize = 0; let outPtr: usize = 0;
    export function input(len: i32): usize { heap.reset(); outPtr = 0; inPtr = heap.alloc(<usize>(len > 0 ? len : 1)); return inPtr; }
    export function output(): usize { return outPtr; }
    export function status(): i32 { return 0; }
    export function setLimits(maxDepth: i32, maxBytes: i32): void {}
    function misbehave(len: i32): void {
      if (len == 4 && load<u32>(inPtr) == 0x70617274) unreachable();
      if (len == 5 && load<u32>(inPtr) == 0x726f6261) abort("fixture abort");
    }
    function echo(len: i32): i32 { outPtr = heap.alloc(<usize>(len > 0 ? len : 1)); memory.copy(outPtr, inPtr, <usize>len); return len; }
    export function evaluate(len: i32): i32 { misbehave(len); return echo(len); }
    export function canonical(len: i32, mode: i32, go: i32): i32 { misbehave(len); return echo(len); }
    export function fnv32(len: i32, variant: i32): u32 { misbehave(len); return 0xffffffff; }
    export function fnv64(len: i32, variant: i32): u64 { misbehave(len); return 0xffffffffffffffff; }`;

  test("a trap and an abort in the public API become KinplaceError E_INTERNAL and the next call works", async () => {
    const r = await asc.compileString(FIXTURE, { runtime: "stub", optimizeLevel: 1 });
    assert.equal(r.error, null, r.stderr.toString());
    assert.ok(r.binary);
    const k = (await import(url("dist/node.mjs"))) as typeof import("../js/index.ts");
    k.initSync(r.binary);
    for (const [input, what] of [["trap", /trap: unreachable/], ["abort", /abort: fixture abort/]] as const) {
      for (const call of [() => k.goJSONText(input), () => k.jcsText(utf8(input)), () => k.fnv32a(input), () => k.fnv("fnv64", input), () => k.evaluate(input)]) {
        assert.throws(call, (e: unknown) => e instanceof k.KinplaceError && e.code === "E_INTERNAL" && what.test(e.message));
        assert.equal(k.goJSONText("[1, 2]"), "[1, 2]");
      }
    }
    assert.equal(k.fnv32a("x"), 0xffffffff);
    assert.deepEqual(k.fnv("fnv64a", "x"), { hex: "ffffffffffffffff" });
  });

  test("a trap inside the real engine becomes E_INTERNAL and the engine answers correctly afterwards", () => {
    const engine = engineFromBytesSync(wasmBytes);
    for (let i = 0; i < 3; i++) {
      // fnv32 over more bytes than linear memory holds reads out of bounds: a real wasm trap
      assert.throws(
        () => engine.guard((x) => x.fnv32(0x7fffffff, 1)),
        (e: unknown) => e instanceof KinplaceError && e.code === "E_INTERNAL" && e.cause instanceof WebAssembly.RuntimeError,
      );
      assert.equal(engine.canonical('{"b":[1,2.50],"a":"<"}', 0, 0), '{"a":"\\u003c","b":[1,2.5]}');
      assert.equal(engine.fnv32("hello", 1).toString(16), fnvReference(32, true, utf8("hello")));
    }
  });
});

describe("engine I/O", () => {
  test("inputs that grow linear memory are read and answered through a fresh view", () => {
    const engine = engineFromBytesSync(wasmBytes);
    const before = engine.exports.memory.buffer.byteLength;
    const items = Array.from({ length: 150_000 }, (_, i) => `{"k${i % 7}":"\u00e9${i}"}`);
    const text = `[${items.join(", ")}]`;
    const expected = `[${items.join(",")}]`;
    assert.equal(engine.canonical(text, 0, 0), expected);
    assert.ok(engine.exports.memory.buffer.byteLength > before, "memory grew");
    const bytes = new Uint8Array(4 << 20).map((_, i) => (i * 7919) & 0xff);
    let h = 0x811c9dc5;
    for (const b of bytes) h = Math.imul(h ^ b, 0x01000193);
    assert.equal(engine.fnv32(bytes, 1), h >>> 0);
    const some = bytes.subarray(0, 40_000);
    assert.equal(engine.fnv64(some, 2).toString(16), fnvReference(64, false, some));
  });

  test("strings use the 3-bytes-per-unit bound and only the written bytes: astral, lone surrogates, NUL", () => {
    const engine = engineFromBytesSync(wasmBytes);
    for (const s of ["", "\u0000", "a\u{1F600}b", "\ud800x", "x\udc00", "\u00e9\u20ac\u{10FFFF}".repeat(1000)]) {
      const bytes = new TextEncoder().encode(s);
      assert.equal(engine.fnv64(s, 3).toString(16), fnvReference(64, true, bytes), JSON.stringify(s));
      assert.equal(engine.fnv64(bytes, 3).toString(16), fnvReference(64, true, bytes), JSON.stringify(s));
    }
  });
});
