// The OpenKruise rows' inputs (bench/verdict-fixture.ts: a 3-container CloneSet release, its two ControllerRevisions,
// 1,000 running pods) as request lines, checked against the JS port of Kruise's rules (bench/js-kruise/): the
// UpdateSpec bytes, every patched pod and its state annotation, and kruise.patchPods = kruise.patchPod per pod.

import { isDeepStrictEqual } from "node:util";
import type * as Kinplace from "../../js/node.ts";
import { verdictFixture, type VerdictFixture } from "../verdict-fixture.ts";
import { calculateInPlaceUpdateSpec, updateSpecJSON, type UpdateSpec } from "../js-kruise/calculate.ts";
import { newState, patchUpdateSpecToPod } from "../js-kruise/patch-pod.ts";

const enc = new TextEncoder();
const dec = new TextDecoder();

/** The engine's answer to a request line, parsed; throws on an error answer. */
export function answer(k: typeof Kinplace, line: Uint8Array): { [key: string]: unknown } {
  const a = JSON.parse(dec.decode(k.evaluateLine(line))) as { ok: boolean; result: { [key: string]: unknown }; error?: unknown };
  if (!a.ok) throw new Error(`engine error: ${JSON.stringify(a.error)}`);
  return a.result;
}

/** The request lines and answers the timed cases use. */
export interface VerdictInputs {
  fx: VerdictFixture;
  specLine: Uint8Array;
  verdictLine: Uint8Array;
  podLines: Uint8Array[];
  /** One kruise.patchPods request for all the pods. */
  batchLine: Uint8Array;
  specText: string;
  jsSpec: UpdateSpec;
}

/** Builds the inputs and checks that the engine and the JS port agree on all of them (throws if not). */
export function verdictInputs(k: typeof Kinplace, pods = 1000): VerdictInputs {
  const fx = verdictFixture(k, pods);
  const specLine = enc.encode(JSON.stringify({ op: "kruise.inplaceSpec", oldRevision: fx.oldRevision, newRevision: fx.newRevision }));
  const verdictLine = enc.encode(JSON.stringify({ op: "verdict", old: fx.oldCloneSet, new: fx.newCloneSet, kubernetes: "1.32", strategy: "InPlaceIfPossible" }));
  const spec = answer(k, specLine);
  const jsSpec = calculateInPlaceUpdateSpec(fx.oldRevision, fx.newRevision);
  if (!spec.inPlace || jsSpec === null) throw new Error("the fixture pair is not in-place (engine or JS)");
  const specText = spec.updateSpec as string;
  if (updateSpecJSON(jsSpec) !== specText) throw new Error(`UpdateSpec: JS ${updateSpecJSON(jsSpec)} != engine ${specText}`);
  const podLines = fx.pods.map((p) => enc.encode(JSON.stringify({ op: "kruise.patchPod", pod: p, updateSpecText: specText, now: fx.now })));
  const key = "apps.kruise.io/inplace-update-state";
  for (let i = 0; i < fx.pods.length; i++) {
    const r = answer(k, podLines[i]!);
    const jsPod = patchUpdateSpecToPod(fx.pods[i]!, jsSpec, newState(jsSpec, fx.now), fx.now) as { metadata: { annotations: Record<string, string> } };
    const pod = JSON.parse(r.pod as string) as { metadata: { annotations: Record<string, string> } };
    if (pod.metadata.annotations[key] !== jsPod.metadata.annotations[key] || r.state !== pod.metadata.annotations[key]) {
      throw new Error(`pod ${i}: state annotation differs: engine ${pod.metadata.annotations[key]} JS ${jsPod.metadata.annotations[key]}`);
    }
    if (!isDeepStrictEqual(pod, jsPod)) throw new Error(`pod ${i}: the patched pod differs between the engine and JS`);
  }
  const batchLine = enc.encode(JSON.stringify({ op: "kruise.patchPods", pods: fx.pods, updateSpecText: specText, now: fx.now }));
  const results = answer(k, batchLine).results as unknown[];
  for (let i = 0; i < fx.pods.length; i++) {
    if (!isDeepStrictEqual(results[i], answer(k, podLines[i]!))) throw new Error(`pod ${i}: kruise.patchPods differs from kruise.patchPod`);
  }
  return { fx, specLine, verdictLine, podLines, batchLine, specText, jsSpec };
}
