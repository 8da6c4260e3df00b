// The verdict benchmark's JS baseline (bench/js-kruise: Kruise's CalculateInPlaceUpdateSpec and
// PatchUpdateSpecToPod rules in JS over fast-json-patch) agrees with the engine on the benchmark inputs:
// the UpdateSpec bytes, every one of the 1,000 patched pods and their state annotation bytes.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as k from "../js/node.ts";
import { verdictInputs } from "../bench/cases/kruise-inputs.ts";
import { calculateInPlaceUpdateSpec, updateSpecJSON } from "../bench/js-kruise/calculate.ts";
import { template, cloneSet } from "../bench/verdict-fixture.ts";

k.initSync(readFileSync(new URL("../build/kinplace.wasm", import.meta.url)));

test("JS Kruise port = engine on the verdict benchmark inputs (spec, 1,000 pods)", () => {
  const inp = verdictInputs(k, 1000);
  assert.equal(updateSpecJSON(inp.jsSpec), inp.specText);
  assert.match(inp.specText, /"containerRefMetadata":\{"app":.*"proxy":/);
  assert.equal(inp.podLines.length, 1000);
});

test("JS Kruise port = engine when the change is not in place (a port added)", () => {
  const a = template("v1", "img:1", "fb:1", "c1");
  const b = template("v1", "img:1", "fb:1", "c1");
  ((b.spec as { containers: { ports?: unknown[] }[] }).containers[1]!).ports = [{ containerPort: 2020 }];
  const rev = (t: Record<string, unknown>, n: string) => ({ metadata: { name: n }, data: JSON.parse(k.revision("CloneSet", cloneSet(t), { kubernetes: "1.32" }).data) });
  const r = k.evaluate({ op: "kruise.inplaceSpec", oldRevision: rev(a, "a"), newRevision: rev(b, "b") } as never) as { ok: boolean; result: { inPlace: boolean } };
  assert.equal(r.result.inPlace, false);
  assert.equal(calculateInPlaceUpdateSpec(rev(a, "a"), rev(b, "b")), null);
});
