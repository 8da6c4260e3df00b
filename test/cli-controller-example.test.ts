// The example controller (examples/controller/): fed recorded watch events, it must report the kubelet's
// restarts for pod updates (containers whose hash changes) and the verdict for workload updates.
// Needs `npm run build` (the example imports the package itself, "kinplace" → dist/node.mjs).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { containerHash, evaluate, initSync } from "../js/node.ts";
import { jsonLines, root } from "./cli-helpers.ts";
import { run } from "./support/run.ts";

initSync(readFileSync(join(root, "dist/kinplace.wasm")));
const controller = join(root, "examples/controller/controller.mjs");
const eventsFile = join(root, "examples/controller/events.jsonl");
const events = readFileSync(eventsFile, "utf8").trim().split("\n").map((l) => JSON.parse(l) as { type: string; object: any });

/** Names of the containers whose kubelet hash differs between two pods. */
function hashChanges(a: any, b: any, kubelet: string): string[] {
  const before = new Map<string, string>(a.spec.containers.map((c: any) => [c.name, containerHash(c, { kubelet }).hash]));
  return b.spec.containers.filter((c: any) => before.get(c.name) !== containerHash(c, { kubelet }).hash).map((c: any) => c.name);
}

describe("example controller", () => {
  for (const kubelet of ["1.30", "1.37"]) {
    test(`recorded events at kubelet ${kubelet}: pod restarts by container hash, workload verdicts`, async () => {
      const r = await run([controller, eventsFile, "--json", "--kubelet", kubelet], { cwd: root });
      assert.equal(r.stderr, "");
      assert.equal(r.status, 0);
      const out = jsonLines(r.stdout);
      // events 2, 3, 4 (pod), 6, 7 (Deployment), 10 (pod after it was deleted and seen again at 9), 12 (CloneSet)
      const pairs: [number, number][] = [[0, 1], [1, 2], [2, 3], [4, 5], [5, 6], [8, 9], [10, 11]];
      assert.equal(out.length, pairs.length);
      pairs.forEach(([a, b], i) => {
        const [oldObj, newObj] = [events[a]!.object, events[b]!.object];
        const d = out[i]!;
        assert.deepEqual([d["kind"], d["name"]], [newObj.kind, newObj.metadata.name]);
        if (newObj.kind === "Pod") {
          const restart = hashChanges(oldObj, newObj, kubelet);
          assert.deepEqual(d["restart"], restart);
          assert.equal(d["decision"], restart.length > 0 ? "in-place" : "none");
        } else {
          const kruise = String(newObj.apiVersion).startsWith("apps.kruise.io/");
          const v = evaluate({ op: "verdict", old: oldObj, new: newObj, ...(kruise ? {} : { kubelet }) }) as any;
          assert.equal(v.ok, true);
          assert.equal(d["decision"], v.result.verdict);
        }
      });
      // the facts the recording was made to show
      assert.deepEqual(out.map((d) => [d["decision"], d["restart"]]), [
        ["none", []], // status only
        ["in-place", ["app"]], // image bump: the kubelet restarts that container
        ["none", []], // activeDeadlineSeconds: pod-level, no container restarts
        ["none", []], // replicas: outside the template
        ["recreate", ["api"]], // Deployment template change: new ReplicaSet
        ["in-place", ["sidecar"]], // after DELETED and a first sighting, only the sidecar's image changed
        ["in-place", ["app"]], // CloneSet InPlaceIfPossible image bump: Kruise updates the pods in place
      ]);
    });
  }

  test("stdin and the text report", async () => {
    const r = await run([controller], { cwd: root, input: readFileSync(eventsFile) });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(
      r.stdout.toString(),
      [
        "Pod default/web-0: no restart",
        "Pod default/web-0: in place, restarts app",
        "Pod default/web-0: no restart",
        "Deployment default/api: no restart",
        "Deployment default/api: recreate (api)",
        "Pod default/web-0: in place, restarts sidecar",
        "CloneSet default/sample: in place, restarts app",
        "",
      ].join("\n"),
    );
    const bad = await run([controller], { cwd: root, input: '{"type":"ADDED"\n' });
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /^-:1: /);
  });
});
