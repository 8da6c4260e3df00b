// workload.validateUpdate for the OpenKruise kinds against the golden vectors of OpenKruise's admission webhooks
// (test/vectors/kruise-workload-validate.jsonl.gz: CloneSet, Advanced StatefulSet and Advanced DaemonSet updates
// at every API version each release serves, kruise "1.9" = v1.9.0, "1.8" = v1.8.3, "1.7" = v1.7.0, "1.6" = v1.6.0
// and "1.5" = v1.5.5, answered by the Go
// oracle's CRD defaults + mutating webhook + validating webhook, k8s/harness/kruise_workload.go): every answer is
// the oracle's byte for byte (no known differences).

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { kinplace } from "./support/engine.ts";

const enc = new TextEncoder();
const dec = new TextDecoder();

type Vector = { request: string; answer: { ok: boolean; result?: { errors: unknown[]; message: string } } };

test("golden vectors kruise-workload-validate.jsonl.gz: the engine answers as OpenKruise's webhooks did (v1.9.0 .. v1.5.5)", () => {
  const lines = gunzipSync(readFileSync(new URL("./vectors/kruise-workload-validate.jsonl.gz", import.meta.url))).toString().split("\n").filter(Boolean);
  assert.ok(lines.length > 2000, `${lines.length} vectors`);
  const bad: string[] = [];
  const releases = new Map<string, number>();
  let refused = 0;
  for (const line of lines) {
    const v = JSON.parse(line) as Vector;
    const release = (JSON.parse(v.request) as { kruise?: unknown }).kruise;
    releases.set(String(release ?? "1.9"), (releases.get(String(release ?? "1.9")) ?? 0) + 1);
    if (v.answer.ok && v.answer.result!.message !== "") refused++;
    const got = JSON.parse(dec.decode(kinplace.evaluateLine(enc.encode(v.request))));
    if (JSON.stringify(got) === JSON.stringify(v.answer)) continue;
    bad.push(`${v.request.slice(0, 400)}\n  engine: ${JSON.stringify(got).slice(0, 800)}\n  oracle: ${JSON.stringify(v.answer).slice(0, 800)}`);
  }
  assert.ok((releases.get("1.9") ?? 0) > 1000 && ["1.8", "1.7", "1.6", "1.5"].every((r) => (releases.get(r) ?? 0) >= 1000), `vectors per release: ${JSON.stringify([...releases])}`);
  assert.ok(refused > lines.length / 4, `${refused} refused updates: the vectors exercise both sides`);
  assert.equal(bad.length, 0, `${bad.length} of ${lines.length} answers differ; first:\n${bad.slice(0, 3).join("\n\n")}`);
});

test("workload.validateUpdate (OpenKruise): the examples of a new user", () => {
  const cs = (app: string, image = "nginx:alpine") => ({
    apiVersion: "apps.kruise.io/v1alpha1", kind: "CloneSet", metadata: { name: "sample", namespace: "default", resourceVersion: "7" },
    spec: { replicas: 5, selector: { matchLabels: { app } }, template: { metadata: { labels: { app } }, spec: { containers: [{ name: "nginx", image }] } }, updateStrategy: { type: "InPlaceIfPossible", maxUnavailable: "20%" } },
  });
  const ask = (r: object) => kinplace.evaluate({ op: "workload.validateUpdate", ...r } as never) as { ok: boolean; result: { errors: { field: string; message: string }[]; message: string }; error?: { code: string; message: string } };
  // a selector change is refused by the validating webhook (everything but the listed spec fields is immutable)
  const sel = ask({ kind: "CloneSet", old: cs("sample"), new: cs("sample2") });
  assert.equal(sel.result.errors[0]!.field, "spec");
  assert.match(sel.result.message, /^admission webhook "vcloneset\.kb\.io" denied the request: spec: Forbidden: updates to cloneset spec for fields other than 'replicas', 'template', /);
  // an image change is accepted, at both releases
  assert.deepEqual(ask({ kind: "CloneSet", old: cs("sample"), new: cs("sample", "nginx:1.27") }).result.errors, []);
  assert.equal(ask({ kind: "CloneSet", kruise: "1.8", old: cs("sample"), new: cs("sample", "nginx:1.27") }).result.message, "");
  // the Kubernetes minor is the Kruise release's own
  assert.equal(ask({ kind: "CloneSet", kubernetes: "1.32", old: cs("sample"), new: cs("sample") }).error?.code, "E_BAD_REQUEST");
});

test("workload.validateUpdate (OpenKruise): what the releases before v1.8 answer differently", () => {
  const sts = (reserveOrdinals: unknown[], extra: object = {}) => ({
    apiVersion: "apps.kruise.io/v1beta1", kind: "StatefulSet", metadata: { name: "web", namespace: "default", resourceVersion: "7" },
    spec: { replicas: 3, serviceName: "web", selector: { matchLabels: { app: "web" } }, reserveOrdinals, template: { metadata: { labels: { app: "web" } }, spec: { containers: [{ name: "app", image: "nginx:alpine" }] } }, ...extra },
  });
  const ask = (r: object) => kinplace.evaluate({ op: "workload.validateUpdate", kind: "AdvancedStatefulSet", ...r } as never) as { ok: boolean; result: { errors: { field: string; message: string }[]; message: string }; error?: { code: string; message: string; path?: string } };
  // reserveOrdinals was a []int before v1.8: a range is a decode error there, a list of ints is checked by its own texts
  assert.deepEqual(ask({ kruise: "1.7", old: sts([1]), new: sts(["5-7"]) }).error, { code: "E_JSON_TYPE", message: "json: cannot unmarshal string into Go struct field StatefulSetSpec.spec.reserveOrdinals of type int", path: "new" });
  assert.deepEqual(ask({ kruise: "1.8", old: sts([1]), new: sts(["5-7"]) }).result.errors, []);
  assert.equal(ask({ kruise: "1.6", old: sts([1]), new: sts([2, 2]) }).result.errors[0]!.message, "Invalid value: []int{2, 2}: reserveOrdinals contains duplicated items");
  // the immutable-spec text names the fields each release allows to change
  const renamed = (k: string) => ask({ kruise: k, old: sts([1]), new: sts([1], { serviceName: "other" }) }).result.errors[0]!.message;
  assert.match(renamed("1.5"), /fields other than 'replicas', 'template', 'reserveOrdinals',/);
  assert.match(renamed("1.7"), /fields other than 'replicas', 'ordinals', 'template', .* `volumeClaimTemplates` and 'updateStrategy' are forbidden$/);
  assert.match(renamed("1.8"), /`volumeClaimTemplates`, `VolumeClaimUpdateStrategy` and 'updateStrategy' are forbidden$/);
  // releases are never mapped to a neighbour
  assert.equal(ask({ kruise: "1.4", old: sts([1]), new: sts([1]) }).error?.code, "E_UNSUPPORTED_VERSION");
  assert.equal(ask({ kruise: "1.10", old: sts([1]), new: sts([1]) }).error?.code, "E_UNSUPPORTED_VERSION");
});

test("workload.validateUpdate (OpenKruise): the mutating webhook stores an object it did not change as sent (reflect.DeepEqual)", () => {
  // objects as the API server holds them after the mutating webhook: every default written out
  const template = (app: string, cpu?: string) => ({
    metadata: { labels: { app } },
    spec: {
      readinessGates: [{ conditionType: "InPlaceUpdateReady" }],
      containers: [{ name: "main", image: "nginx:alpine", imagePullPolicy: "IfNotPresent", terminationMessagePath: "/dev/termination-log", terminationMessagePolicy: "File", resources: cpu === undefined ? {} : { requests: { cpu } } }],
      restartPolicy: "Always", terminationGracePeriodSeconds: 30, dnsPolicy: "ClusterFirst", securityContext: {}, schedulerName: "default-scheduler",
    },
  });
  const meta = { name: "sample", namespace: "default", uid: "7c1e2d4a-5b6f-4e8a-9c0d-1e2f3a4b5c6d", resourceVersion: "5", generation: 1, creationTimestamp: "2024-05-01T10:00:00Z" };
  const cloneSet = (cpu?: string) => ({
    apiVersion: "apps.kruise.io/v1alpha1", kind: "CloneSet", metadata: meta,
    spec: { replicas: 3, revisionHistoryLimit: 10, selector: { matchLabels: { app: "sample" } }, template: template("sample", cpu), updateStrategy: { type: "ReCreate", partition: 0, maxUnavailable: "20%", maxSurge: 0 } },
  });
  const daemonSet = () => ({
    apiVersion: "apps.kruise.io/v1alpha1", kind: "DaemonSet", metadata: meta,
    spec: { burstReplicas: 250, revisionHistoryLimit: 10, selector: { matchLabels: { app: "sample" } }, template: template("sample"), updateStrategy: { type: "RollingUpdate", rollingUpdate: { rollingUpdateType: "Standard", maxUnavailable: 1 } } },
  });
  const statefulSet = (version: string) => ({
    apiVersion: `apps.kruise.io/${version}`, kind: "StatefulSet", metadata: meta,
    spec: {
      replicas: 3, revisionHistoryLimit: 10, serviceName: "web", podManagementPolicy: "Parallel", selector: { matchLabels: { app: "sample" } }, template: template("sample"),
      updateStrategy: { type: "RollingUpdate", rollingUpdate: { partition: 0, maxUnavailable: 2, podUpdatePolicy: "InPlaceIfPossible", minReadySeconds: 0 } },
      ...(version === "v1beta1" ? { persistentVolumeClaimRetentionPolicy: { whenDeleted: "Retain", whenScaled: "Retain" } } : {}),
    },
  });
  type Obj = { spec: Record<string, unknown>; status?: unknown };
  /** The selector as the validating webhook prints it (%#v) for the update of `old` to `nu`. */
  const printed = (kind: string, old: Obj, nu: Obj, extra: object = {}) => {
    const a = kinplace.evaluate({ op: "workload.validateUpdate", kind, old, new: nu, ...extra } as never) as unknown as { result: { errors: { field: string; message: string }[] } };
    const e = a.result.errors.find((x) => x.field === "spec.selector");
    assert.ok(e, JSON.stringify(a));
    return /^Invalid value: v1\.LabelSelector\{(.*?)\}(: |$)/.exec(e.message)![1];
  };
  const emptied = (o: Obj, edit: (n: Obj) => void = () => {}): Obj => { const n = structuredClone(o); n.spec.selector = { matchLabels: {} }; edit(n); return n; };
  const KEPT = "MatchLabels:map[string]string{}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)";
  const NIL = "MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement(nil)";

  // an emptied matchLabels stays an empty map when no default fires (no patch), and becomes nil when one does
  // (the patch stores json.Marshal of the defaulted object, which omits the empty map)
  assert.equal(printed("AdvancedDaemonSet", daemonSet(), emptied(daemonSet())), KEPT);
  assert.equal(printed("AdvancedDaemonSet", daemonSet(), emptied(daemonSet(), (n) => { delete n.spec.revisionHistoryLimit; })), NIL);
  assert.equal(printed("CloneSet", cloneSet(), emptied(cloneSet())), KEPT);
  assert.equal(printed("CloneSet", cloneSet(), emptied(cloneSet(), (n) => { delete n.spec.updateStrategy; })), NIL);

  // an In requirement without values prints nil either way; an empty `values` list only while nothing is patched
  const requirement = (values?: string[]) => (n: Obj) => { n.spec.selector = { matchLabels: { app: "sample" }, matchExpressions: [{ key: "env", operator: "In", ...(values ? { values } : {}) }] }; };
  const IN = (values: string) => `MatchLabels:map[string]string{"app":"sample"}, MatchExpressions:[]v1.LabelSelectorRequirement{v1.LabelSelectorRequirement{Key:"env", Operator:"In", Values:${values}}}`;
  assert.equal(printed("CloneSet", cloneSet(), emptied(cloneSet(), requirement())), IN("[]string(nil)"));
  assert.equal(printed("CloneSet", cloneSet(), emptied(cloneSet(), (n) => { requirement()(n); delete n.spec.revisionHistoryLimit; })), IN("[]string(nil)"));
  assert.equal(printed("CloneSet", cloneSet(), emptied(cloneSet(), requirement([]))), IN("[]string{}"));
  assert.equal(printed("CloneSet", cloneSet(), emptied(cloneSet(), (n) => { requirement([])(n); delete n.spec.revisionHistoryLimit; })), IN("[]string(nil)"));

  // quantities: RoundUp(-3) of 1000u changes only its internals (int64Amount 1000e-6 -> 1e-3, printed 1m either
  // way), which is a change: patched. 1m is left alone. A 20-digit quantity (an inf.Dec) would be rounded too, but
  // a template equal to the stored one gets no template defaults on update; an inf.Dec zero at milli scale rounds
  // to itself, one at another scale does not.
  assert.equal(printed("CloneSet", cloneSet("1m"), emptied(cloneSet("1m"))), KEPT);
  assert.equal(printed("CloneSet", cloneSet(), emptied(cloneSet("1000u"))), NIL);
  assert.equal(printed("CloneSet", cloneSet("1000u"), emptied(cloneSet("1000u"))), NIL);
  assert.equal(printed("CloneSet", cloneSet("12345678901234567890"), emptied(cloneSet("12345678901234567890"))), KEPT);
  assert.equal(printed("CloneSet", cloneSet(), emptied(cloneSet("12345678901234567890"))), NIL);
  assert.equal(printed("CloneSet", cloneSet(), emptied(cloneSet("0.000Ki"))), KEPT);
  assert.equal(printed("CloneSet", cloneSet(), emptied(cloneSet("0.0000000000"))), NIL);

  // the Advanced StatefulSet handler clears the status before comparing: a status is a change, an absent or zero one
  // is not; a v1alpha1 one gets the v1beta1 retention policy defaulted unless the StatefulSetAutoDeletePVC gate is
  // off (and the validating webhook's ConvertTo keeps the empty map of an object stored as sent)
  const sts = statefulSet("v1beta1");
  assert.equal(printed("AdvancedStatefulSet", sts, emptied(sts)), KEPT);
  assert.equal(printed("AdvancedStatefulSet", sts, emptied(sts, (n) => { n.status = {}; })), KEPT);
  assert.equal(printed("AdvancedStatefulSet", sts, emptied(sts, (n) => { n.status = { replicas: 3 }; })), NIL);
  assert.equal(printed("AdvancedStatefulSet", sts, emptied(sts, (n) => { n.status = { conditions: [] }; })), NIL);
  const alpha = statefulSet("v1alpha1");
  assert.equal(printed("AdvancedStatefulSet", alpha, emptied(alpha)), NIL);
  assert.equal(printed("AdvancedStatefulSet", alpha, emptied(alpha), { gates: { StatefulSetAutoDeletePVC: false } }), KEPT);
  assert.equal(printed("AdvancedStatefulSet", alpha, emptied(alpha), { kruise: "1.8", gates: { StatefulSetAutoDeletePVC: false } }), KEPT);
});

test("workload.validateUpdate (OpenKruise): claim templates printed with %#v show their quantities' fields", () => {
  const claim = (name: string, storage: string) => ({ metadata: { name }, spec: { accessModes: ["ReadWriteOnce"], resources: { requests: { storage } } } });
  const sts = (claims: object[]) => ({
    apiVersion: "apps.kruise.io/v1beta1", kind: "StatefulSet", metadata: { name: "web", namespace: "default", resourceVersion: "7" },
    spec: {
      replicas: 3, serviceName: "web", selector: { matchLabels: { app: "web" } }, template: { metadata: { labels: { app: "web" } }, spec: { containers: [{ name: "app", image: "nginx:alpine" }] } },
      volumeClaimTemplates: claims, volumeClaimUpdateStrategy: { type: "OnRollingUpdate" },
    },
  });
  const a = kinplace.evaluate({ op: "workload.validateUpdate", kind: "AdvancedStatefulSet", gates: { StatefulSetAutoResizePVCGate: true }, old: sts([claim("data", "20Gi")]), new: sts([claim("data", "20Gi"), claim("logs", "1500M")]) } as never) as unknown as { result: { errors: { field: string; message: string }[] } };
  const m = a.result.errors[0]!.message;
  assert.match(m, /: volumeClaimTemplate can not be added or deleted when OnRollingUpdate$/);
  assert.ok(m.includes('Requests:v1.ResourceList{"storage":resource.Quantity{i:resource.int64Amount{value:21474836480, scale:0}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"20Gi", Format:"BinarySI"}}'), m);
  assert.ok(m.includes('Requests:v1.ResourceList{"storage":resource.Quantity{i:resource.int64Amount{value:1500, scale:6}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"1500M", Format:"DecimalSI"}}'), m);
});
