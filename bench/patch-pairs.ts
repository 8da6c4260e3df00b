// The document pairs of bench/patch-ab.ts (two engine builds side by side on the patch ops), derived deterministically from bench/fixtures:
// - "4k": the 4 KB Deployment before and after a realistic rollout edit (image bump, env var inserted,
//   removed and changed, labels, annotations, resources, a toleration, replicas, status);
// - "400k": the 400 KB List of 100 workloads with that edit on every fifth item and one item appended
//   (JSON Patch and merge patch only: strategic merge patch needs a typed object, and a List is not one);
// - "400k-deployment" (strategic merge patch): one Deployment whose pod template holds the containers of
//   all the workloads of the List twice (renamed uniquely), before and after the same edits — synthetic, but a
//   typed 400 KB document with merge-key lists to merge.
// Also used by test/equivalence/lockstep-vs-appscode.test.ts and bench/fixtures/edits.ts.

import { readFileSync } from "node:fs";

/** One benchmark pair: JSON texts as the API server sends them (compact) and the parsed values. */
export interface PatchPair {
  name: string;
  /** The Go type for strategic merge patch. */
  type: string;
  /** The ops the pair is used for. */
  ops: "all" | "json" | "smp";
  fromText: string;
  toText: string;
  from: unknown;
  to: unknown;
}

type Obj = { [k: string]: any };

/** The rollout edit applied to one workload (in place). */
export function editWorkload(w: Obj, i: number): void {
  w.metadata.generation = (w.metadata.generation ?? 1) + 1;
  w.metadata.resourceVersion = String(Number(w.metadata.resourceVersion ?? 1) + 17 + i);
  w.metadata.annotations = { ...w.metadata.annotations, "deployment.kubernetes.io/revision": "5", "acme.io/change-cause": `rollout ${i}` };
  w.spec.replicas = (w.spec.replicas ?? 1) + 2;
  const t = w.spec.template;
  t.metadata.labels["app.kubernetes.io/version"] = "2.1.0";
  t.metadata.annotations = { ...t.metadata.annotations, "kubectl.kubernetes.io/restartedAt": "2026-03-20T11:02:07Z" };
  const app = t.spec.containers[0];
  app.image = app.image.replace(/:[^:@]*$/, ":v9.9.9");
  const env: Obj[] = app.env;
  env.splice(2, 1);
  env.splice(1, 0, { name: "NEW_FLAG", value: "on" });
  env[3].value = "changed";
  app.resources.limits.memory = "768Mi";
  if (t.spec.containers[1]) t.spec.containers[1].args = [...(t.spec.containers[1].args ?? []), "--quiet"];
  t.spec.tolerations = [...(t.spec.tolerations ?? []), { key: "spot", operator: "Exists", effect: "NoSchedule" }];
  if (w.status) {
    w.status.observedGeneration = w.metadata.generation;
    w.status.updatedReplicas = 1;
  }
}

/** One Deployment (the List's first item) whose pod template holds every container of the List, twice. */
function merged(list: Obj): Obj {
  const d = JSON.parse(JSON.stringify(list.items[0]));
  d.spec.template.spec.containers = ["a", "b"].flatMap((copy) => list.items.flatMap((w: Obj) =>
    w.spec.template.spec.containers.map((c: Obj) => ({ ...c, name: `${w.metadata.name}-${c.name}-${copy}` }))));
  return d;
}

/** The pairs. */
export function patchPairs(): PatchPair[] {
  const read = (f: string) => readFileSync(new URL(`./fixtures/${f}`, import.meta.url), "utf8");
  const small = read("manifest-4k.json");
  const s2 = JSON.parse(small);
  editWorkload(s2, 0);
  const large = read("manifest-400k.json");
  const l2 = JSON.parse(large);
  l2.items.forEach((w: Obj, i: number) => { if (i % 5 === 0) editWorkload(w, i); });
  const extra = JSON.parse(JSON.stringify(l2.items[3]));
  extra.metadata.name += "-canary";
  l2.items.push(extra);
  const pair = (name: string, type: string, ops: PatchPair["ops"], fromText: string, to: unknown): PatchPair => {
    const toText = JSON.stringify(to);
    return { name, type, ops, fromText, toText, from: JSON.parse(fromText), to: JSON.parse(toText) };
  };
  return [pair("4k", "Deployment", "all", small, s2), pair("400k", "List", "json", large, l2),
    pair("400k-deployment", "Deployment", "smp", JSON.stringify(merged(JSON.parse(large))), merged(l2))];
}
