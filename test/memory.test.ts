// Memory stays flat in a long-running host: a million calls of mixed sizes (at KINPLACE_TEST_SCALE=ci, a quarter
// by default: test/support/scale.ts), some failing, and wasm linear memory stops growing once the largest call has
// been seen (each call reuses one arena).

import { test } from "node:test";
import assert from "node:assert/strict";
import { kinplace } from "./support/engine.ts";
import { engine } from "../js/state.ts";
import { cases } from "./support/scale.ts";

const { goJSONText, jcsText, fnv32a, evaluate, KinplaceError } = kinplace;

const CALLS = cases(1_000_000);

test(`${CALLS} mixed calls leave linear memory flat after warm-up`, () => {
  const small = '{"name":"app","image":"nginx:1.27","ports":[{"containerPort":80}]}';
  const medium = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ name: `c${i}`, v: i * 1.5, s: "<&>" })) });
  const large = JSON.stringify({ items: Array.from({ length: 5000 }, (_, i) => ({ name: `c${i}`, v: [i, -i, i / 7] })) });
  const bad = ['{"a":', "[1,,2]", "1e999999", "\u0000"];
  const bytes = new Uint8Array(4096).map((_, i) => i * 31);
  const memory = () => engine().exports.memory.buffer.byteLength;

  const initial = memory(); // static data (FNV and field tables) included
  let failures = 0;
  const call = (i: number) => {
    try {
      switch (i % 8) {
        case 0: case 1: case 2: goJSONText(small); break;
        case 3: jcsText(medium); break;
        case 4: fnv32a(bytes); break;
        case 5: goJSONText(bad[i % bad.length]); break;
        case 6: evaluate('{"op":"fnv","variant":"fnv64a","text":"abc"}'); break;
        case 7: if (i % 1000 === 7) goJSONText(large); else evaluate({ op: "json.jcs", value: [i, "x"] }); break;
      }
    } catch (e) {
      if (!(e instanceof KinplaceError)) throw e;
      failures++;
    }
  };
  for (let i = 0; i < 20_000; i++) call(i); // warm-up: sees the largest call
  const after = memory();
  for (let i = 20_000; i < CALLS; i++) call(i);
  assert.ok(failures > CALLS / 10, `expected many failing calls, saw ${failures} of ${CALLS}`);
  assert.equal(memory(), after, `linear memory grew from ${after} to ${memory()} bytes`);
  assert.ok(after - initial <= 8 << 20, `growth bound exceeded: ${initial} → ${after} bytes`);
});
