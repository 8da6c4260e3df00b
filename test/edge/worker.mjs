// A Cloudflare-style worker for workerd that answers kinplace requests with the edge entry
// (dist/edge.mjs, given the precompiled kinplace.wasm module by the runtime). Used by
// test/edge.test.ts; config.capnp wires it up.
//   POST /line      body: one raw eval request line    → the raw answer bytes (evaluateLine())
//   POST /eval      body: one eval request (JSON)      → the eval answer (evaluate())
//   POST /verdict   body: {old, new, ...options}       → verdict() (the typed wrapper) as {ok, result | error}
//   POST /hash      body: {container, kubelet}         → containerHash() (the typed wrapper)
//   GET  /bytes     tries to compile wasm from bytes (the runtime must refuse) → {refused, message}
//   GET  /inline    tries the inline-bytes entry's init() (it compiles from bytes) → {refused, message}
//   GET  /edge-bytes tries the edge entry's init() with bytes (it must refuse before compiling) → {refused, message}

import wasm from "./kinplace.wasm";
import { containerHash, evaluate, evaluateLine, init, verdict } from "./kinplace.mjs";
import * as inline from "./kinplace-inline.mjs";

const ready = init(wasm);

/** A JSON response. */
function json(value, status = 200) {
  return new Response(JSON.stringify(value), { status, headers: { "content-type": "application/json" } });
}

/** `{ok: true, result}` of fn(), or `{ok: false, error: {code, message, path?}}` of the KinplaceError it threw. */
function answer(fn) {
  try {
    return { ok: true, result: fn() };
  } catch (e) {
    return { ok: false, error: { code: e.code, message: e.message, ...(e.path === undefined ? {} : { path: e.path }) } };
  }
}

/** Runs `fn` and reports whether it threw or rejected. */
async function refusal(fn) {
  try {
    await fn();
    return { refused: false };
  } catch (e) {
    return { refused: true, name: e?.name, message: String(e?.message ?? e) };
  }
}

export default {
  async fetch(request) {
    await ready;
    const url = new URL(request.url);
    if (request.method === "GET" && url.pathname === "/bytes") {
      const bytes = new Uint8Array(await wasmBytes());
      return json(await refusal(() => WebAssembly.instantiate(bytes, {})));
    }
    if (request.method === "GET" && url.pathname === "/inline") return json(await refusal(() => inline.init()));
    if (request.method === "GET" && url.pathname === "/edge-bytes") return json(await refusal(() => init(new Uint8Array(8))));
    if (request.method !== "POST") return json({ error: "POST /line, /eval, /verdict or /hash" }, 405);
    if (url.pathname === "/line") {
      const answer = evaluateLine(new Uint8Array(await request.arrayBuffer()));
      return new Response(answer, { headers: { "content-type": "application/json" } });
    }
    let body;
    try {
      body = await request.json();
    } catch (e) {
      return json({ error: `bad JSON: ${e.message}` }, 400);
    }
    if (url.pathname === "/eval") return json(evaluate(body));
    if (url.pathname === "/verdict") {
      const { old, new: next, ...options } = body;
      return json(answer(() => verdict(old, next, options)));
    }
    if (url.pathname === "/hash") return json(answer(() => containerHash(body.container, { kubelet: body.kubelet })));
    return json({ error: "not found" }, 404);
  },
};

/** The smallest valid wasm module's bytes (magic + version): enough to show that compiling bytes is refused. */
async function wasmBytes() {
  return new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]).buffer;
}
