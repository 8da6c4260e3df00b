// kruise.patchPods keeps wasm memory bounded: each pod's working memory is released once its answer is
// written (assembly/io/arena.ts), so 1,000 pods need about their input and output bytes more than 10 pods,
// not ~160 KB per pod; the answers stay those of kruise.patchPod.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { Engine, Host } from "../js/core.ts";

const wasm = readFileSync(process.env.KINPLACE_WASM ?? new URL("../build/kinplace.wasm", import.meta.url));

/** A fresh engine (linear memory never shrinks, so every measurement needs its own instance). */
function freshEngine(): Engine {
  const host = new Host();
  return new Engine(new WebAssembly.Instance(new WebAssembly.Module(wasm), host.imports), host);
}

type Answer = { ok: boolean; result?: Record<string, unknown>; error?: Record<string, unknown> };

/** The golden kruise.patchPod requests with a metadata patch (the heaviest path: the strategic merge round trip). */
function patchRequests(): Record<string, unknown>[] {
  const lines = gunzipSync(readFileSync(new URL("./vectors/kruise-inplace.jsonl.gz", import.meta.url))).toString("utf8").split("\n").filter(Boolean);
  const out: Record<string, unknown>[] = [];
  for (const l of lines) {
    const v = JSON.parse(l) as { request: string; answer: Answer };
    const req = JSON.parse(v.request) as Record<string, unknown>;
    if (req.op !== "kruise.patchPod" || !v.answer.ok || /90071992547409|9223372036854775807/.test(v.request) || typeof req.updateSpecText !== "string" || !req.updateSpecText.includes("metaDataPatch") || req.pod === undefined) continue;
    out.push(req);
  }
  return out;
}

const MB = 1 << 20;
const PAGE = 65536;

/**
 * The memory `line` needs, to 1 MB: the smallest size a fresh engine pre-grown to it keeps through the call
 * (the runtime grows memory by doubling, so the size after a call alone says little).
 */
function highWater(line: Uint8Array): number {
  const init = freshEngine().exports.memory.buffer.byteLength;
  const e = freshEngine();
  e.evaluateText(line);
  let hi = e.exports.memory.buffer.byteLength;
  if (hi === init) return init; // fits in the initial memory
  let lo = init;
  while (hi - lo > MB) {
    const mid = Math.floor((lo + hi) / 2 / PAGE) * PAGE;
    const f = freshEngine();
    const mem = f.exports.memory;
    mem.grow((mid - mem.buffer.byteLength) / PAGE);
    f.evaluateText(line);
    if (mem.buffer.byteLength === mid) hi = mid; else lo = mid;
  }
  return hi;
}

test("kruise.patchPods: wasm memory for 1,000 pods stays within a few MB of 10 pods beyond the request itself; answers unchanged", () => {
  const reqs = patchRequests();
  assert.ok(reqs.length >= 5, `${reqs.length} patchPod vectors with a metadata patch`);
  const base = reqs[0]!;
  const { op: _op, pod, ...rest } = base;
  const pods = (n: number) => Array.from({ length: n }, (_, i) => {
    const p = JSON.parse(JSON.stringify(pod)) as { metadata: Record<string, unknown> };
    p.metadata.name = `sample-${i}`;
    return p;
  });
  const enc = (x: unknown) => new TextEncoder().encode(JSON.stringify(x));
  const line = (n: number) => enc({ op: "kruise.patchPods", pods: pods(n), ...rest });
  // the same request refused after it is read (bad `now`): what reading the request alone needs
  const readOnly = (n: number) => enc({ op: "kruise.patchPods", pods: pods(n), ...rest, now: "x" });

  // answers: every pod's is kruise.patchPod's for that pod
  const e = freshEngine();
  const big = JSON.parse(e.evaluateText(line(1000))) as Answer;
  assert.ok(big.ok, JSON.stringify(big.error));
  const results = big.result!.results as Record<string, unknown>[];
  assert.equal(results.length, 1000);
  const all = pods(1000);
  for (const i of [0, 1, 499, 998, 999]) {
    const single = JSON.parse(e.evaluateText(JSON.stringify({ ...base, pod: all[i] }))) as Answer;
    assert.deepEqual(results[i], single.result, `pod ${i}`);
  }
  const output = e.evaluateText(line(1000)).length;

  // memory: beyond reading the request and holding the answers, 1,000 pods need what 10 pods need
  // (before the per-pod release it was ~160 KB per pod: 168 MiB for 1,000 pods)
  const pp10 = highWater(line(10)), pp1000 = highWater(line(1000));
  const rd10 = highWater(readOnly(10)), rd1000 = highWater(readOnly(1000));
  const work10 = pp10 - rd10, work1000 = pp1000 - rd1000;
  console.log(`kruise.patchPods high water: 10 pods ${(pp10 / MB).toFixed(0)} MB (reading the request ${(rd10 / MB).toFixed(0)} MB), 1,000 pods ${(pp1000 / MB).toFixed(0)} MB (reading ${(rd1000 / MB).toFixed(0)} MB, answers ${(output / MB).toFixed(1)} MB)`);
  assert.ok(work1000 <= work10 + 1.5 * output + 4 * MB, `1,000 pods need ${work1000} bytes beyond the request, 10 pods ${work10}; answers ${output} bytes`);
  assert.ok(pp1000 <= 64 * MB, `1,000 pods: ${pp1000} bytes`);

  // several calls in one engine: nothing left behind by the released regions
  const f = freshEngine();
  const l200 = JSON.stringify({ op: "kruise.patchPods", pods: pods(200), ...rest });
  const first = f.evaluateText(l200);
  for (let k = 0; k < 3; k++) assert.equal(f.evaluateText(l200), first);
});
