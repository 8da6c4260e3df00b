// What the engine keeps across calls (docs/architecture.md "State that outlives a call": the transcoder's plan pool
// and its learned key order, the pool emptied when three-quarters full, the Quantity and time memos, the container
// default rules, the spew tables and memos, the FNV constant tables) must never change an answer: the same requests are answered by a fresh
// instance and by one that has first run long and different histories (every minor and Go release, objects in
// shuffled key orders, enough types to empty the transcoder's pool several times, hashes that fill the spew tables),
// and by that one again after each request of the set, and every answer must be the same bytes.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { engineFromModuleSync } from "../../js/instantiate.ts";
import { container, fullTemplate, pod, textStyle, toText } from "../oracle/k8s-objects.ts";
import { realisticPair } from "../oracle/patch-arbitraries.ts";
import { MINORS } from "../oracle/k8s/versions.ts";
import { rearranged, shuffle } from "../support/key-order.ts";

const wasm = readFileSync(process.env.KINPLACE_WASM ?? new URL("../../build/kinplace.wasm", import.meta.url));
const mod = new WebAssembly.Module(wasm);
const ALL = MINORS.map((m) => m.minor);
type Engine = ReturnType<typeof engineFromModuleSync>;

/** A deterministic shuffle of every object's keys. */
const order = (v: unknown, seed: number): unknown => rearranged(v, (seed >>> 0) || 7, shuffle);

/** The request lines whose answers are compared: transcodes, container hashes (both member orders), template hashes, diffs. */
function requestSet(seed: number): string[] {
  const lines: string[] = [];
  const pods = fc.sample(pod, { numRuns: 6, seed });
  const templates = fc.sample(fullTemplate, { numRuns: 6, seed: seed + 1 });
  const containers = fc.sample(container, { numRuns: 8, seed: seed + 2 });
  const styles = fc.sample(textStyle, { numRuns: 8, seed: seed + 3 });
  const pairs = fc.sample(realisticPair, { numRuns: 4, seed: seed + 4 });
  pods.forEach((p, i) => {
    const minor = ALL[(seed + i * 5) % ALL.length]!;
    lines.push(JSON.stringify({ op: "k8s.transcode", type: "Pod", value: order(p, seed + i), kubernetes: minor, go: i % 2 ? "1.22" : "1.26" }));
    lines.push(JSON.stringify({ op: "k8s.transcode", type: "Pod", valueText: toText(p, styles[i % styles.length]!), kubernetes: minor }));
  });
  templates.forEach((t, i) => {
    const minor = ALL[(seed + i * 3) % ALL.length]!;
    lines.push(JSON.stringify({ op: "podTemplateHash", template: order(t, i), kubernetes: minor }));
    lines.push(JSON.stringify({ op: "k8s.transcode", type: "PodTemplateSpec", value: t, kubernetes: minor }));
  });
  containers.forEach((c, i) => {
    const kubelet = ALL.filter((m) => Number(m.split(".")[1]) >= 16)[(seed + i) % 15]!;
    lines.push(`{"op":"container.hash","container":${JSON.stringify(order(c, i))},"kubelet":"${kubelet}"}`);
    lines.push(`{"op":"container.hash","kubelet":"${kubelet}","container":${JSON.stringify(c)},"go":"1.24"}`);
    // the container defaults on the stored bytes (their rule tables outlive a call)
    lines.push(`{"op":"container.hash","kubelet":"${kubelet}","container":${JSON.stringify(order(c, i + 1))},"applyDefaults":true}`);
    lines.push(JSON.stringify({ op: "k8s.transcode", type: "Container", value: c, kubernetes: kubelet, applyDefaults: true }));
  });
  for (const [a, b] of pairs) lines.push(JSON.stringify({ op: "jsonpatch.diff", fromText: JSON.stringify(a), toText: JSON.stringify(b) }));
  return lines;
}

/** A long history: many types at every minor and Go release (the plan pool empties several times), shuffled key orders. */
function runHistory(e: Engine, seed: number): void {
  const pods = fc.sample(fc.oneof(pod, fullTemplate), { numRuns: 4, seed });
  const containers = fc.sample(container, { numRuns: 2, seed: seed + 5 });
  let n = 0;
  for (const minor of ALL) {
    for (const go of ["1.22", "1.26"]) {
      for (const p of pods) {
        const type = "status" in (p as object) ? "Pod" : "PodTemplateSpec";
        e.evaluateText(JSON.stringify({ op: "k8s.transcode", type, value: order(p, seed + n++), kubernetes: minor, go }));
      }
      e.evaluateText(JSON.stringify({ op: "k8s.transcode", type: "PodSpec", value: (pods[0] as { spec?: unknown }).spec ?? {}, kubernetes: minor, go }));
    }
    e.evaluateText(JSON.stringify({ op: "podTemplateHash", template: order(pods[1], n++), kubernetes: minor }));
    for (const c of containers) e.evaluateText(JSON.stringify({ op: "container.hash", container: order(c, n++), kubelet: minor, applyDefaults: true, go: n % 2 ? "1.26" : undefined }));
  }
}

test("answers after long and different histories = a fresh instance's answers (plan pool emptied, learned orders, memos)", () => {
  for (const seed of [1, 2]) {
    const requests = requestSet(seed * 7919);
    const want = requests.map((r) => engineFromModuleSync(mod).evaluateText(r));
    // one history, then the set; another history, then the set in reverse; each request again after the others
    const a = engineFromModuleSync(mod);
    runHistory(a, seed);
    requests.forEach((r, i) => assert.equal(a.evaluateText(r), want[i], `after history ${seed}: ${r.slice(0, 500)}`));
    const b = engineFromModuleSync(mod);
    runHistory(b, seed + 100);
    runHistory(b, seed + 200);
    for (let i = requests.length - 1; i >= 0; i--) assert.equal(b.evaluateText(requests[i]!), want[i], `after histories ${seed}+100, +200: ${requests[i]!.slice(0, 500)}`);
    requests.forEach((r, i) => assert.equal(b.evaluateText(r), want[i], `again: ${r.slice(0, 500)}`));
    assert.ok(want.some((w) => w.includes('"json":"')), "no request was transcoded");
  }
});
