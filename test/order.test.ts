// Order independence: a corpus of requests over every op (a sample of every golden-vector file, the built
// requests of the ops without vectors, and generated bad requests) replayed in several seeded random
// orders through ONE long-lived engine. Every answer must equal, byte for byte, the answer of a fresh
// engine (a new instance of the same wasm) given that request alone. A request answered differently is
// reported with the earlier request that changes its answer, when one alone does.
//
// KINPLACE_ORDER_SEED (default 20261128), KINPLACE_ORDER_ORDERS (default 4), KINPLACE_ORDER_BAD (default
// 800 generated bad requests at KINPLACE_TEST_SCALE=ci, 200 otherwise: test/support/scale.ts), KINPLACE_WASM the engine.

import { test } from "node:test";
import assert from "node:assert/strict";
import { loadSeeds, seedsByOp } from "./hostile/corpus.ts";
import { loadModule, freshEngine, answerText } from "./hostile/engine.ts";
import { makeCase } from "./hostile/cases.ts";
import { ORDER_PROFILE } from "./hostile/profile.ts";
import { Rng, parseSeed } from "./hostile/prng.ts";
import { showLine } from "./hostile/line.ts";
import { cases } from "./support/scale.ts";

const SEED = parseSeed(process.env.KINPLACE_ORDER_SEED, 20261128);
const ORDERS = Number(process.env.KINPLACE_ORDER_ORDERS ?? 4);
const BAD = Number(process.env.KINPLACE_ORDER_BAD ?? cases(800));

/** One request of the corpus with its answer on a fresh engine. */
interface Item { name: string; line: Uint8Array; fresh: string }

/** A request answered differently in a long-lived engine. */
interface Mismatch { item: Item; got: string; order: number; position: number; before: Item[] }

/** The earlier request (of `before`, nearest first) after which a fresh engine answers `item` differently, or null. */
function culprit(module: WebAssembly.Module, item: Item, before: Item[]): Item | null {
  for (const p of before) {
    const e = freshEngine(module);
    answerText(e, p.line);
    if (answerText(e, item.line) !== item.fresh) return p;
  }
  return null;
}

test(`order independence (seed ${SEED}, ${ORDERS} orders): one long-lived engine answers every request as a fresh engine does`, () => {
  const module = loadModule();
  const seeds = loadSeeds(30);
  const byOp = seedsByOp(seeds);
  const items: Item[] = seeds.filter((s) => s.line.length <= 256 << 10).map((s) => ({ name: `${s.op || "?"} ${s.source}`, line: s.line, fresh: "" }));
  for (let i = 0; i < BAD; i++) {
    const c = makeCase(SEED, i, byOp, ORDER_PROFILE);
    items.push({ name: `${c.op} bad #${i} [${c.mutation.slice(0, 120)}]`, line: c.line, fresh: "" });
  }
  for (const it of items) it.fresh = answerText(freshEngine(module), it.line);

  const engine = freshEngine(module);
  const rng = new Rng(SEED);
  const mismatches: Mismatch[] = [];
  for (let o = 0; o < ORDERS; o++) {
    const order = rng.shuffle(items);
    order.forEach((it, k) => {
      const got = answerText(engine, it.line);
      if (got !== it.fresh) mismatches.push({ item: it, got, order: o, position: k, before: order.slice(Math.max(0, k - 40), k).reverse() });
    });
  }
  const distinct = [...new Map(mismatches.map((m) => [m.item, m])).values()];
  const lines = distinct.slice(0, 6).map((m) => {
    const p = culprit(module, m.item, m.before);
    return `${m.item.name} (order ${m.order}, position ${m.position})\n    request: ${showLine(m.item.line, 300)}\n    fresh:   ${m.item.fresh.slice(0, 200)}\n    got:     ${m.got.slice(0, 200)}\n` +
      (p ? `    after:   ${p.name}\n             ${showLine(p.line, 300)}` : "    after:   (no single one of the 40 requests before it changes it alone)");
  });
  console.log(`${items.length} requests × ${ORDERS} orders: ${mismatches.length} answers differ from a fresh engine's (${distinct.length} distinct requests)`);
  assert.equal(mismatches.length, 0, `${mismatches.length} answers (${distinct.length} distinct requests) differ from a fresh engine's; first ones:\n${lines.join("\n")}`);
});
