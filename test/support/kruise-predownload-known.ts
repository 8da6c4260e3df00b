// Known answers of kruise.preDownload: hand-written workloads and revisions with the facts OpenKruise's
// controllers are known to produce (job names revision-container, the NotIn selector over the update
// revision's name and hash, parallelism and timeout from the spec fields or annotations, the owner's API
// version and the annotations' integer parsing per release, the revision labels, the nodes of the pods still
// to update). Used by the live suite (against the oracle) and by test/kruise-predownload.test.ts (against the
// engine alone).

import assert from "node:assert/strict";

type Obj = Record<string, any>;

/** A ControllerRevision as the CloneSet / Advanced StatefulSet controllers write it. */
export function revision(name: string, hash: string, image: string, n: number, extra: Obj = {}): Obj {
  return {
    metadata: { name, namespace: "default", labels: { app: "web", "controller.kubernetes.io/hash": hash, ...extra } },
    data: { spec: { template: { $patch: "replace", metadata: { labels: { app: "web" } }, spec: { containers: [{ name: "nginx", image }] } } } },
    revision: n,
  };
}

/** The CloneSet of docs/ops.md's pre-download example: 6 replicas, partition 2, an image update from nginx:1.25 to nginx:1.26. */
export function readmeRequest(): Obj {
  return {
    op: "kruise.preDownload",
    kind: "CloneSet",
    gates: { PreDownloadImageForInPlaceUpdate: true },
    workload: {
      apiVersion: "apps.kruise.io/v1beta1", kind: "CloneSet",
      metadata: { name: "web", namespace: "default", uid: "5f0c3a9e-1b2d-4c8e-9f7a-2d3e4f5a6b7c" },
      spec: {
        replicas: 6, selector: { matchLabels: { app: "web" } },
        template: { metadata: { labels: { app: "web" } }, spec: { containers: [{ name: "nginx", image: "nginx:1.26" }] } },
        updateStrategy: { type: "RollingUpdate", rollingUpdate: { podUpdatePolicy: "InPlaceIfPossible", partition: 2, maxUnavailable: 1 } },
      },
      status: { replicas: 6, updatedReplicas: 0, updatedReadyReplicas: 0, updateRevision: "web-7f9d6c5b8", currentRevision: "web-5d7c8b9f4" },
    },
    currentRevision: revision("web-5d7c8b9f4", "5d7c8b9f4", "nginx:1.25", 1),
    updateRevision: revision("web-7f9d6c5b8", "7f9d6c5b8", "nginx:1.26", 2),
    pods: [0, 1, 2, 3].map((i) => ({ metadata: { name: `web-${i}`, namespace: "default", labels: { app: "web", "controller-revision-hash": "web-5d7c8b9f4" } }, spec: { nodeName: `node-${i % 3}` }, status: { phase: "Running" } })),
  };
}

/** One known case: a request and the facts its answer must show. */
export interface KnownCase {
  name: string;
  request: Obj;
  check: (answer: any) => void;
}

/** The known cases. */
export function knownPreDownload(): KnownCase[] {
  const readme = readmeRequest();
  const sts = JSON.parse(JSON.stringify(readme));
  sts.kind = "AdvancedStatefulSet";
  sts.kruise = "1.8";
  sts.workload = { apiVersion: "apps.kruise.io/v1beta1", kind: "StatefulSet", metadata: { name: "web", namespace: "default", uid: "u-2", annotations: { "apps.kruise.io/image-predownload-parallelism": "3", "apps.kruise.io/image-predownload-timeout-seconds": "120" } }, spec: { ...readme.workload.spec, updateStrategy: { type: "RollingUpdate", rollingUpdate: { podUpdatePolicy: "InPlaceIfPossible", partition: 2 } } }, status: readme.workload.status };
  const ds: Obj = {
    op: "kruise.preDownload", kind: "AdvancedDaemonSet", gates: { PreDownloadImageForDaemonSetUpdate: true },
    workload: { apiVersion: "apps.kruise.io/v1beta1", kind: "DaemonSet", metadata: { name: "web", namespace: "default", uid: "u-3" }, spec: { selector: { matchLabels: { app: "web" } }, template: readme.workload.spec.template, updateStrategy: { type: "RollingUpdate", rollingUpdate: { maxUnavailable: 1 } } }, status: { desiredNumberScheduled: 5, updatedNumberScheduled: 0, updateRevision: "5d7c8b9f4" } },
    oldRevisions: [revision("web-5d7c8b9f4", "5d7c8b9f4", "nginx:1.25", 1, { "controller-revision-hash": "5d7c8b9f4" }), revision("web-1a2b3c4d5", "1a2b3c4d5", "nginx:1.26", 0, { "controller-revision-hash": "1a2b3c4d5" })],
    updateRevision: revision("web-7f9d6c5b8", "7f9d6c5b8", "nginx:1.26", 2, { "controller-revision-hash": "7f9d6c5b8" }),
  };
  // docs/ops.md's CloneSet as v1.5.5 reads it (v1alpha1: the policy is the strategy's type), its timeout annotation past int32
  const cs15 = JSON.parse(JSON.stringify(readme));
  cs15.kruise = "1.5";
  cs15.workload.apiVersion = "apps.kruise.io/v1alpha1";
  cs15.workload.metadata.annotations = { "apps.kruise.io/image-predownload-timeout-seconds": "4294967356" };
  cs15.workload.spec.updateStrategy = { type: "InPlaceIfPossible", partition: 2, maxUnavailable: 1 };
  const cs17 = { ...JSON.parse(JSON.stringify(cs15)), kruise: "1.7" };
  const envChange = JSON.parse(JSON.stringify(readme));
  envChange.updateRevision.data.spec.template.spec.containers[0].env = [{ name: "MODE", value: "fast" }];
  return [
    {
      name: "README CloneSet with a partition",
      request: readme,
      check: (a) => {
        assert.equal(a.result.reason, "created");
        assert.equal(a.result.jobs.length, 1);
        const job = a.result.jobs[0];
        assert.equal(job.metadata.name, "web-7f9d6c5b8-nginx");
        assert.equal(job.apiVersion, "apps.kruise.io/v1beta1");
        assert.equal(job.spec.image, "nginx:1.26");
        assert.deepEqual(job.spec.podSelector.matchExpressions, [{ key: "controller-revision-hash", operator: "NotIn", values: ["web-7f9d6c5b8", "7f9d6c5b8"] }]);
        assert.equal(job.spec.parallelism, 1);
        assert.deepEqual(job.spec.pullPolicy, { timeoutSeconds: 300, backoffLimit: 1 });
        assert.deepEqual(job.spec.completionPolicy, { type: "Always", ttlSecondsAfterFinished: 600 });
        assert.equal(job.metadata.labels["controller.kubernetes.io/hash"], "7f9d6c5b8");
        assert.deepEqual(job.metadata.ownerReferences[0], { apiVersion: "apps.kruise.io/v1beta1", kind: "CloneSet", name: "web", uid: "5f0c3a9e-1b2d-4c8e-9f7a-2d3e4f5a6b7c", controller: true, blockOwnerDeletion: true });
        assert.deepEqual(a.result.revisionPatch, { metadata: { labels: { "apps.kruise.io/pre-predownload-created": "true" } } });
        assert.deepEqual(a.result.nodes, ["node-0", "node-1", "node-2"]);
      },
    },
    {
      name: "gate off",
      request: { ...readme, gates: undefined },
      check: (a) => {
        assert.equal(a.result.reason, "gate-off");
        assert.deepEqual(a.result.jobs, []);
        assert.equal(a.result.revisionPatch, null);
      },
    },
    {
      name: "Advanced StatefulSet at v1.8.3: annotations set parallelism and timeout, the job is v1alpha1",
      request: sts,
      check: (a) => {
        const job = a.result.jobs[0];
        assert.equal(job.apiVersion, "apps.kruise.io/v1alpha1");
        assert.equal(job.metadata.ownerReferences[0].apiVersion, "apps.kruise.io/v1beta1");
        assert.equal(job.metadata.ownerReferences[0].kind, "StatefulSet");
        assert.equal(job.spec.parallelism, 3);
        assert.equal(job.spec.pullPolicy.timeoutSeconds, 120);
      },
    },
    {
      name: "Advanced DaemonSet: an image any old revision lacks is pulled",
      request: ds,
      check: (a) => {
        assert.equal(a.result.reason, "created");
        assert.equal(a.result.jobs[0].metadata.name, "web-7f9d6c5b8-nginx");
        assert.equal(a.result.jobs[0].metadata.ownerReferences[0].kind, "DaemonSet");
      },
    },
    {
      name: "CloneSet at v1.5.5: the timeout annotation is strconv.Atoi's, converted to int32 (4294967356 → 60), the job is v1alpha1",
      request: cs15,
      check: (a) => {
        const job = a.result.jobs[0];
        assert.equal(job.apiVersion, "apps.kruise.io/v1alpha1");
        assert.deepEqual(job.metadata.ownerReferences[0], { apiVersion: "apps.kruise.io/v1alpha1", kind: "CloneSet", name: "web", uid: "5f0c3a9e-1b2d-4c8e-9f7a-2d3e4f5a6b7c", controller: true, blockOwnerDeletion: true });
        assert.equal(job.spec.pullPolicy.timeoutSeconds, 60);
      },
    },
    {
      name: "CloneSet at v1.7.0: a timeout annotation past int32 does not parse (the default 300)",
      request: cs17,
      check: (a) => {
        assert.equal(a.result.reason, "created");
        assert.equal(a.result.jobs[0].spec.pullPolicy.timeoutSeconds, 300);
      },
    },
    {
      name: "an env change cannot be applied in place",
      request: envChange,
      check: (a) => {
        assert.equal(a.result.reason, "not-in-place");
        assert.deepEqual(a.result.revisionPatch, { metadata: { labels: { "apps.kruise.io/image-predownload-ignored": "true" } } });
      },
    },
  ];
}
