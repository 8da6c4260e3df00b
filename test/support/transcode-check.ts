// The check both transcoder suites make: `k8s.transcode` of a text is null (not proved) or exactly what the
// exact path (`k8s.json`) writes, and fails only where k8s.json fails; counts show the fast path is taken.

import assert from "node:assert/strict";
import { kinplace } from "./engine.ts";

type Answer = { ok: boolean; result?: { json: string | null }; error?: Record<string, unknown> };

/** Answers compared (`tried`) and how many of them the transcoder gave (`transcoded`, not null). */
export const transcodeCounts = { tried: 0, transcoded: 0 };

/**
 * Asserts that `k8s.transcode` of `text` as `type` is null or byte for byte `k8s.json`'s json; with
 * `fixedPoint`, also that those stored bytes decode and encode to themselves.
 */
export function sameStored(type: string, text: string, minor: string, go?: string, fixedPoint = false): void {
  const base = { type, valueText: text, kubernetes: minor, ...(go ? { go } : {}) };
  const exact = kinplace.evaluate({ op: "k8s.json", ...base } as never) as unknown as Answer;
  const fast = kinplace.evaluate({ op: "k8s.transcode", ...base } as never) as unknown as Answer;
  if (!fast.ok) {
    // only request errors (the same as k8s.json's)
    assert.equal(exact.ok, false, `k8s.transcode failed where k8s.json did not: ${JSON.stringify(fast.error)}`);
    return;
  }
  transcodeCounts.tried++;
  const json = fast.result!.json;
  if (json === null) return;
  transcodeCounts.transcoded++;
  assert.ok(exact.ok, `transcoded ${type} where k8s.json fails (${JSON.stringify(exact.error)}): ${text.slice(0, 1500)}`);
  assert.equal(json, exact.result!.json, `${type} ${minor} go ${go}: transcoder != k8s.json for ${text.slice(0, 1500)}`);
  if (!fixedPoint) return;
  // what it accepts is a fixed point of decode → Marshal (the kubelet / controller read the stored bytes again)
  const again = kinplace.evaluate({ op: "k8s.json", ...base, valueText: json } as never) as unknown as Answer;
  assert.ok(again.ok, `stored bytes do not decode again: ${JSON.stringify(again.error)}`);
  assert.equal(again.result!.json, json, `${type} ${minor} go ${go}: stored bytes are not a fixed point: ${String(json).slice(0, 1500)}`);
}
