// The direct hash doors (ABI exports hashContainer / hashTemplate, assembly/eval/hashdoors.ts, called by js/hashes.ts) must
// answer exactly what the `container.hash` / `podTemplateHash` ops answer for the same object and options, or decline
// (the JS functions then ask the op): realistic and edge containers and templates, every minor, Go releases (some
// the minor refuses), applyDefaults both ways, collision counts, and the process-wide limits the request line is judged
// by. The public containerHash / podTemplateHash must equal the op's answer (or throw its error) either way.

import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { kinplace } from "../support/engine.ts";
import { containerHashByDoor, podTemplateHashByDoor } from "../../js/hashes.ts";
import { container, podTemplate, fullTemplate } from "../oracle/k8s-objects.ts";
import { MINORS } from "../oracle/k8s/versions.ts";
import { cases } from "../support/scale.ts";

type Obj = Record<string, unknown>;
type Answer = { ok: true; result: Obj } | { ok: false; error: { code: string; message: string } };

const ALL = MINORS.map((m) => m.minor);
const GOS = [undefined, "1.10", "1.19", "1.22", "1.24", "1.26", "1.27", "1.9", "1.99", "2.1", "1.020"];
const options = { numRuns: cases(400, 80), interruptAfterTimeLimit: 10_000, markInterruptAsFailure: false };

const ask = (req: Obj) => kinplace.evaluate(req as never) as unknown as Answer;

/** What the public function answers: its value, or the error it throws (code and message). */
function outcome(fn: () => unknown): unknown {
  try {
    return { value: fn() };
  } catch (e) {
    const k = e as { code?: string; message?: string };
    return { error: { code: k.code, message: k.message } };
  }
}

/** The op's answer as the public function's outcome. */
function opOutcome(a: Answer, pick: (r: Obj) => unknown): unknown {
  return a.ok ? { value: pick(a.result) } : { error: { code: a.error.code, message: a.error.message } };
}

const stats = { container: 0, containerDoor: 0, template: 0, templateDoor: 0 };

test("hashContainer door = container.hash op (every minor, Go releases, applyDefaults both ways)", (t) => {
  fc.assert(
    fc.property(container, fc.constantFrom(...ALL), fc.constantFrom(...GOS), fc.boolean(), (c, kubelet, go, applyDefaults) => {
      const op = ask({ op: "container.hash", container: c, kubelet, go, applyDefaults });
      const door = containerHashByDoor(c, kubelet, go, applyDefaults);
      if (op.ok) stats.container++;
      if (door !== null) {
        stats.containerDoor++;
        assert.ok(op.ok, `the door answered where the op fails: ${JSON.stringify(op)}`);
        assert.equal(JSON.stringify(door), JSON.stringify(op.result), `door != op for ${JSON.stringify({ kubelet, go, applyDefaults, c }).slice(0, 1500)}`);
      }
      const pub = outcome(() => kinplace.containerHash(c, { kubelet, go, applyDefaults }));
      assert.equal(JSON.stringify(pub), JSON.stringify(opOutcome(op, (r) => r)));
    }),
    options,
  );
  t.diagnostic(`door answered ${stats.containerDoor} of ${stats.container} answerable requests`);
  assert.ok(stats.containerDoor * 10 > stats.container * 9, `the door answered only ${stats.containerDoor} of ${stats.container}`);
});

test("hashTemplate door = podTemplateHash op (every minor, collision counts, applyDefaults both ways)", (t) => {
  fc.assert(
    fc.property(fc.oneof(podTemplate, fullTemplate), fc.option(fc.constantFrom(...ALL), { nil: undefined }), fc.option(fc.integer({ min: -0x80000000, max: 0x7fffffff }), { nil: undefined }), fc.boolean(), (tpl, kubernetes, collisionCount, applyDefaults) => {
      const op = ask({ op: "podTemplateHash", template: tpl, kubernetes, collisionCount, applyDefaults });
      const door = podTemplateHashByDoor(tpl, kubernetes, collisionCount, applyDefaults);
      if (op.ok) stats.template++;
      if (door !== null) {
        stats.templateDoor++;
        assert.ok(op.ok, `the door answered where the op fails: ${JSON.stringify(op)}`);
        assert.equal(door, op.result.hash);
      }
      const pub = outcome(() => kinplace.podTemplateHash(tpl, { kubernetes, collisionCount, applyDefaults }));
      assert.equal(JSON.stringify(pub), JSON.stringify(opOutcome(op, (r) => r.hash)));
    }),
    { ...options, numRuns: cases(200, 50) },
  );
  t.diagnostic(`door answered ${stats.templateDoor} of ${stats.template} answerable requests`);
  assert.ok(stats.templateDoor * 10 > stats.template * 9, `the door answered only ${stats.templateDoor} of ${stats.template}`);
});

test("the doors decline what the line would refuse or judge differently (options, limits, values JSON.stringify must judge)", () => {
  const c = { name: "a", image: "nginx", env: [{ name: "A", value: "1" }, { name: "B", value: "2" }, { name: "C", value: "3" }] };
  // options the op refuses, or reads otherwise
  for (const [kubelet, go, d] of [["1.11", undefined, false], ["1.26", "1.26.1", false], ["1.26", 26, false], [26, undefined, false], ["1.26", undefined, "yes"], ["1.12", undefined, true]] as const) {
    assert.equal(containerHashByDoor(c, kubelet, go, d), null, JSON.stringify([kubelet, go, d]));
    const pub = outcome(() => kinplace.containerHash(c, { kubelet, go, applyDefaults: d } as never));
    assert.equal(JSON.stringify(pub), JSON.stringify(opOutcome(ask({ op: "container.hash", container: c, kubelet, go, applyDefaults: d }), (r) => r)));
  }
  for (const cc of [1.5, 0x80000000, -0x80000001, null, "1"]) assert.equal(podTemplateHashByDoor({}, "1.30", cc, false), null, String(cc));
  // values whose JSON text JSON.stringify decides
  assert.equal(containerHashByDoor({ name: "a", toJSON: () => ({ name: "b" }) }, "1.26", undefined, false), null);
  assert.deepEqual(kinplace.containerHash({ name: "a", toJSON: () => ({ name: "b" }) }, { kubelet: "1.26" }), kinplace.containerHash({ name: "b" }, { kubelet: "1.26" }));
  // the limits the request line is judged by: the door declines and the op answers (an error here)
  try {
    kinplace.setLimits({ maxItems: 2 });
    assert.equal(containerHashByDoor(c, "1.26", undefined, false), null);
    assert.throws(() => kinplace.containerHash(c, { kubelet: "1.26" }), { code: "E_TOO_LARGE" });
    kinplace.setLimits({ maxItems: 10000, maxDepth: 3 });
    assert.equal(containerHashByDoor({ name: "a", env: [{ name: "x", valueFrom: { fieldRef: { fieldPath: "a" } } }] }, "1.26", undefined, false), null);
    kinplace.setLimits({ maxDepth: 1000000, maxBytes: 300 });
    assert.equal(containerHashByDoor({ name: "a", args: ["x".repeat(200)] }, "1.26", undefined, false), null);
  } finally {
    kinplace.setLimits({ maxItems: 10000, maxDepth: 1000000, maxBytes: 128 << 20 });
  }
  assert.notEqual(containerHashByDoor(c, "1.26", undefined, false), null);
});
