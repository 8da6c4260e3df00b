import { readFileSync } from "node:fs";
import assert from "node:assert/strict";
import * as k from "/work/main/js/node.ts";
import { patchPairs } from "/work/main/bench/patch-pairs.ts";
k.initSync(readFileSync("/tmp/kpb/new.wasm"));
const ev = (o: object) => k.evaluate(o as never);
for (const p of patchPairs()) { if (p.ops === "smp") { const s = k.strategicMergePatchDiffText(p.fromText, p.toText, { type: p.type as never }); assert.deepEqual(JSON.parse(k.strategicMergePatchApplyText(p.fromText, s, { type: p.type as never })), p.to); console.log(p.name, p.fromText.length, "smp ok", s.length); continue; }
  const d = ev({ op: "jsonpatch.diff", fromText: p.fromText, toText: p.toText }) as any;
  assert.equal(k.jsonPatchDiffText(p.fromText, p.toText), JSON.stringify(d.result.patch));
  assert.deepEqual(k.jsonPatchDiff(p.from, p.to), d.result.patch);
  const m = k.jsonPatchDiffText(p.fromText, p.toText, { flavor: "minimal" });
  assert.deepEqual(JSON.parse(k.jsonPatchApplyText(p.fromText, m)), p.to);
  assert.deepEqual(k.jsonPatchApply(p.from, JSON.parse(m)), p.to);
  const mp = k.mergePatchDiffText(p.fromText, new TextEncoder().encode(p.toText));
  assert.deepEqual(JSON.parse(k.mergePatchApplyText(p.fromText, mp)), p.to);
  if (p.ops !== "all") continue; const s = k.strategicMergePatchDiffText(p.fromText, p.toText, { type: p.type as never });
  const s2 = ev({ op: "smp.diff", type: p.type, original: p.from, modified: p.to }) as any;
  assert.equal(s, s2.result.patch);
  assert.deepEqual(JSON.parse(k.strategicMergePatchApplyText(p.fromText, s, { type: p.type as never })), p.to);
  console.log(p.name, "ok", s.length);
}
assert.throws(() => k.jsonPatchDiffText("{", "{}"), /invalid JSON Document/);
assert.equal(k.jsonPatchApplyText("", "[]"), "");
assert.equal(k.jsonPatchApply(undefined, []), undefined);
try { k.jsonPatchApplyText('{"a":1}', '[{"op":"remove","path":"/b"}]'); } catch (e) { console.log((e as any).code, (e as any).message, (e as any).path); }
try { k.smp; } catch {}
console.log(k.jsonPatchDiffText(null, "{}"), k.mergePatchDiffText('{"a":1}', '{"a":1,"b":[1]}'));
