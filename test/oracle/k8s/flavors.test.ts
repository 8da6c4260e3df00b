// Self-check of the api flavor (k8s.io/api + apimachinery only, the kubelet/controller functions
// reproduced) against the kube flavor (the real k8s.io/kubernetes functions): both must answer
// every generated request identically, so the fast builds are a faithful stand-in.
//
// KINPLACE_K8S_SELFCHECK="1.15-go121 1.22-go121 1.29-go121 1.37-go126" (kube keys to compare; each
// also builds its -api twin) node --import tsx --test test/oracle/k8s/flavors.test.ts

import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { askKey } from "./drive.ts";
import { container, podTemplate, workload } from "./gen.ts";

const KEYS = (process.env.KINPLACE_K8S_SELFCHECK ?? "1.15-go121 1.22-go121 1.29-go121 1.37-go126").split(/\s+/).filter(Boolean);
const N = Number(process.env.KINPLACE_K8S_SELFCHECK_N ?? 300);

for (const key of KEYS) {
  test(`api flavor == kube flavor at ${key}`, async () => {
    const minor = key.split("-")[0]!;
    const seed = Number(process.env.KINPLACE_K8S_SEED ?? 42);
    const containers = fc.sample(container, { numRuns: N, seed });
    const templates = fc.sample(podTemplate, { numRuns: Math.ceil(N / 3), seed });
    const sets = fc.sample(workload("StatefulSet"), { numRuns: Math.ceil(N / 6), seed });
    const dss = fc.sample(workload("DaemonSet"), { numRuns: Math.ceil(N / 6), seed });
    const lines: string[] = [];
    for (const c of containers) {
      lines.push(JSON.stringify({ op: "container.hash", kubelet: minor, container: c }));
      lines.push(JSON.stringify({ op: "spew", kubernetes: minor, type: "Container", value: c }));
      lines.push(JSON.stringify({ op: "k8s.json", kubernetes: minor, type: "Container", value: c }));
    }
    for (const [i, t] of templates.entries()) {
      lines.push(JSON.stringify({ op: "podTemplateHash", kubernetes: minor, template: t, ...(i % 2 ? { collisionCount: i } : {}) }));
      lines.push(JSON.stringify({ op: "spew", kubernetes: minor, type: "PodTemplateSpec", value: t }));
    }
    for (const s of sets) lines.push(JSON.stringify({ op: "revision", kubernetes: minor, kind: "StatefulSet", object: s }));
    for (const d of dss) lines.push(JSON.stringify({ op: "revision", kubernetes: minor, kind: "DaemonSet", object: d }));
    const [kube, api] = await Promise.all([askKey(key, lines), askKey(`${key}-api`, lines)]);
    let ok = 0;
    for (let i = 0; i < lines.length; i++) {
      assert.equal(api[i], kube[i], `line ${i}: ${lines[i]!.slice(0, 300)}`);
      if (kube[i]!.includes('"ok":true')) ok++;
    }
    assert.ok(ok > lines.length / 2, `only ${ok}/${lines.length} requests succeeded`);
  });
}
