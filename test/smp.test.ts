// Properties of strategic merge patch without Go: apply(diff(a, b), a) = b for realistic objects
// of every smp type and for random schema-shaped documents, at every supported Kubernetes minor, and
// diff(a, a) is empty. Upstream's non-invertible cases are excluded by `invertible` below and pinned by
// the examples at the end (their answers are the Go oracle's; see also test/vectors/smp.jsonl):
//   - a member set to null in `b` (a null in a patch deletes, so the member disappears);
//   - duplicates in a merge list (two containers named "a", finalizers ["x","x"]): lists are deduplicated
//     and matched by merge key;
//   - merge-key values that print alike (containerPort 80 and "80"): diff matches them by fmt's %v,
//     apply by Go ==;
//   - directive-like keys ($patch, $retainKeys, $setElementOrder/..., $deleteFromPrimitiveList/...) in
//     the documents themselves;
//   - an unchanged primitive merge list that is not sorted (finalizers ["b","a"]): diff(a, a) is then not
//     {} but a $setElementOrder/finalizers directive (it applies back to the same list).

import { after, test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { kinplace } from "./support/engine.ts";
import { type J, SMP_MINORS, REALISTIC, realisticPair, randomPod, rng } from "./oracle/smp-arbitraries.ts";
import { cases } from "./support/scale.ts";

/** Merge lists of the types used here: field name → merge key ("" for a primitive list). */
const MERGE_LISTS: Record<string, string> = {
  containers: "name", initContainers: "name", ephemeralContainers: "name", env: "name", ports: "containerPort",
  volumeMounts: "mountPath", volumeDevices: "devicePath", volumes: "name", imagePullSecrets: "name", hostAliases: "ip",
  topologySpreadConstraints: "topologyKey", ownerReferences: "uid", conditions: "type", podIPs: "ip", finalizers: "",
};

/** False for documents upstream cannot round-trip through diff and apply (see the file comment). */
function invertible(v: J, key = ""): boolean {
  if (v === null) return false;
  if (Array.isArray(v)) {
    if (key in MERGE_LISTS) {
      const mk = MERGE_LISTS[key]!;
      const seen = new Set<string>();
      for (const e of v) {
        const id = mk === "" ? JSON.stringify(e) : e && typeof e === "object" && !Array.isArray(e) && mk in e ? String(e[mk]) : null;
        if (id === null || seen.has(id)) return false;
        seen.add(id);
      }
    }
    return v.every((e) => invertible(e));
  }
  if (typeof v === "object") return Object.entries(v).every(([k, x]) => !k.startsWith("$") && invertible(x, k));
  return true;
}

/** True when a primitive merge list (finalizers) of `b` holds the same items as in `a`, only sorted: upstream
 * sorts the original list in place while diffing, finds it equal to the modified one and emits no
 * $setElementOrder, so the new order is lost. */
function sortedReorder(a: J, b: J, key = ""): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (key === "finalizers") {
      const s = (x: J[]) => x.map((e) => JSON.stringify(e));
      const sa = s(a), sb = s(b);
      const sorted = [...sa].sort();
      return sa.join() !== sb.join() && sorted.join() === sb.join();
    }
    return a.some((x, i) => i < b.length && sortedReorder(x, b[i]!));
  }
  if (a && b && typeof a === "object" && typeof b === "object" && !Array.isArray(a) && !Array.isArray(b)) {
    return Object.keys(a).some((k) => k in b && sortedReorder(a[k]!, b[k]!, k));
  }
  return false;
}

/** Evaluates one request object and returns the parsed answer. */
function ask(req: object): { ok: boolean; result?: { patch?: string; document?: string }; error?: { code: string; message: string } } {
  return JSON.parse(new TextDecoder().decode(kinplace.evaluateLine(new TextEncoder().encode(JSON.stringify(req)))));
}

const stats = { checked: 0, skippedDiffErrors: 0, notInvertible: 0 };
after(() => console.log(`smp round trips: ${stats.checked} checked, ${stats.notInvertible} not invertible (upstream), ${stats.skippedDiffErrors} diffs refused`));

/** The property on one pair at one minor (failures are printed: fast-check reports only the counterexample). */
function roundTrip(type: string, kubernetes: string | undefined, a: J, b: J): void {
  try {
    roundTripOnce(type, kubernetes, a, b);
  } catch (e) {
    console.error((e as Error).message.slice(0, 4000));
    throw e;
  }
}

function roundTripOnce(type: string, kubernetes: string | undefined, a: J, b: J): void {
  const d = ask({ op: "smp.diff", type, kubernetes, original: a, modified: b });
  if (!d.ok) {
    // only documents the Go types cannot hold fail (ControllerRevision.data is a RawExtension without fields)
    assert.equal(d.error!.code, "E_PATCH_STRATEGIC", JSON.stringify(d));
    stats.skippedDiffErrors++;
    return;
  }
  const r = ask({ op: "smp.apply", type, kubernetes, original: a, patchText: d.result!.patch });
  if (!invertible(a) || !invertible(b) || sortedReorder(a, b)) {
    // upstream may even refuse its own patch here (a $setElementOrder list with a repeated name)
    assert.ok(r.ok || r.error!.code === "E_PATCH_STRATEGIC", JSON.stringify(r));
    stats.notInvertible++;
    return;
  }
  assert.ok(r.ok, `apply of ${d.result!.patch} failed: ${JSON.stringify(r.error)}`);
  assert.deepStrictEqual(JSON.parse(r.result!.document!), JSON.parse(JSON.stringify(b)), `type ${type} @ ${kubernetes}: patch ${d.result!.patch}`);
  stats.checked++;
}

const PAIRS = cases(2000);

test(`apply(diff(a, b), a) = b for realistic objects of every smp type at every minor (${PAIRS} pairs)`, () => {
  fc.assert(fc.property(fc.nat(), fc.constantFrom(...SMP_MINORS), (seed, minor) => {
    const p = realisticPair(seed);
    roundTrip(p.type, p.kruise ? undefined : minor, p.a, p.b);
  }), { numRuns: PAIRS });
  assert.ok(stats.checked > PAIRS * 0.75, `only ${stats.checked} pairs were checked`);
});

test(`apply(diff(a, b), a) = b for random schema-shaped Pod documents (${PAIRS} pairs)`, () => {
  fc.assert(fc.property(fc.nat(), fc.nat(), fc.constantFrom(...SMP_MINORS), (s1, s2, minor) => {
    const a = randomPod(rng(s1), false, 8);
    const b = randomPod(rng(s2), false, 8);
    roundTrip("Pod", minor, a, b);
  }), { numRuns: PAIRS });
  assert.ok(stats.checked > PAIRS * 1.25, `only ${stats.checked} pairs were checked in all`);
});

test("diff(a, a) is {} except for the $setElementOrder of unsorted primitive merge lists", () => {
  fc.assert(fc.property(fc.nat(), (seed) => {
    const t = REALISTIC[seed % REALISTIC.length]!;
    const a = t.make(rng(seed));
    const d = ask({ op: "smp.diff", type: t.type, original: a, modified: a });
    assert.ok(d.ok, JSON.stringify(d));
    const fin = ((a as { metadata?: { finalizers?: string[] } }).metadata?.finalizers);
    const sorted = !fin || fin.every((x, i) => i === 0 || fin[i - 1]! <= x);
    if (sorted) assert.equal(d.result!.patch, "{}");
    else assert.equal(d.result!.patch, JSON.stringify({ metadata: { "$setElementOrder/finalizers": fin } }));
  }), { numRuns: cases(500) });
});

test("the documented non-invertible cases answer as upstream does", () => {
  const cases: [object, string][] = [
    // a null member is deleted by the patch, not kept
    [{ op: "smp.diff", type: "Pod", original: { spec: {} }, modified: { spec: { nodeName: null } } }, '{"spec":{"nodeName":null}}'],
    [{ op: "smp.apply", type: "Pod", original: { spec: {} }, patch: { spec: { nodeName: null } } }, '{"spec":{}}'],
    // duplicates collapse: ["a","a","b"] -> ["a"] diffs to a deletion of "a" that removes both
    [{ op: "smp.diff", type: "Pod", original: { metadata: { finalizers: ["a", "a", "b"] } }, modified: { metadata: { finalizers: ["a"] } } },
      '{"metadata":{"$deleteFromPrimitiveList/finalizers":["a","b"],"$setElementOrder/finalizers":["a"]}}'],
    [{ op: "smp.apply", type: "Pod", original: { metadata: { finalizers: ["a", "a", "b"] } },
      patch: { metadata: { "$deleteFromPrimitiveList/finalizers": ["a", "b"], "$setElementOrder/finalizers": ["a"] } } }, '{"metadata":{"finalizers":[]}}'],
    // sorting a primitive merge list is lost: the patch is {}
    [{ op: "smp.diff", type: "Pod", original: { metadata: { finalizers: ["b", "a"] } }, modified: { metadata: { finalizers: ["a", "b"] } } }, "{}"],
    // an unchanged unsorted primitive merge list still yields a $setElementOrder
    [{ op: "smp.diff", type: "Pod", original: { metadata: { finalizers: ["b", "a"] } }, modified: { metadata: { finalizers: ["b", "a"] } } },
      '{"metadata":{"$setElementOrder/finalizers":["b","a"]}}'],
  ];
  for (const [req, want] of cases) {
    const a = ask(req);
    assert.ok(a.ok, JSON.stringify(a));
    assert.equal(a.result!.patch ?? a.result!.document, want, JSON.stringify(req));
  }
});
