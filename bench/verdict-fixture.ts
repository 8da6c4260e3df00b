// The verdict benchmark's inputs: a realistic 3-container CloneSet (app, log shipper,
// mesh proxy; env from the pod's labels, probes, resources, volumes) before and after a typical release
// (two image bumps, the `version` label the app reads through the downward API, one annotation), the two
// ControllerRevisions the CloneSet controller stores for them (built with the `revision` op), and 1,000
// running pods of the old revision to patch. Written to bench/fixtures/verdict-*.json for the Go side.

import { writeFileSync } from "node:fs";
import type * as Kinplace from "../js/node.ts";

/** A JSON object. */
type Obj = { [key: string]: unknown };

/** The pod template of the release (`version` "v1.4.2" before, "v1.5.0" after). */
export function template(version: string, appImage: string, shipperImage: string, commit: string): Obj {
  return {
    metadata: {
      labels: { app: "checkout", tier: "backend", version, "app.kubernetes.io/part-of": "shop" },
      annotations: { "prometheus.io/scrape": "true", "prometheus.io/port": "9102", "shop.example.com/commit": commit },
    },
    spec: {
      containers: [
        {
          name: "app", image: appImage,
          args: ["--port=8080", "--log-format=json"],
          ports: [{ name: "http", containerPort: 8080, protocol: "TCP" }, { name: "metrics", containerPort: 9102, protocol: "TCP" }],
          env: [
            { name: "APP_VERSION", valueFrom: { fieldRef: { apiVersion: "v1", fieldPath: "metadata.labels['version']" } } },
            { name: "POD_NAME", valueFrom: { fieldRef: { apiVersion: "v1", fieldPath: "metadata.name" } } },
            { name: "DB_HOST", value: "postgres.shop.svc.cluster.local" },
            { name: "CACHE_TTL", value: "30s" },
          ],
          resources: { requests: { cpu: "250m", memory: "256Mi" }, limits: { cpu: "1", memory: "512Mi" } },
          readinessProbe: { httpGet: { path: "/healthz", port: 8080, scheme: "HTTP" }, initialDelaySeconds: 5, periodSeconds: 10, timeoutSeconds: 1, successThreshold: 1, failureThreshold: 3 },
          livenessProbe: { httpGet: { path: "/livez", port: 8080, scheme: "HTTP" }, initialDelaySeconds: 15, periodSeconds: 20, timeoutSeconds: 1, successThreshold: 1, failureThreshold: 3 },
          volumeMounts: [{ name: "config", mountPath: "/etc/checkout", readOnly: true }, { name: "logs", mountPath: "/var/log/checkout" }],
          terminationMessagePath: "/dev/termination-log", terminationMessagePolicy: "File", imagePullPolicy: "IfNotPresent",
        },
        {
          name: "log-shipper", image: shipperImage,
          args: ["-c", "/fluent-bit/etc/fluent-bit.conf"],
          resources: { requests: { cpu: "50m", memory: "64Mi" }, limits: { cpu: "200m", memory: "128Mi" } },
          volumeMounts: [{ name: "logs", mountPath: "/var/log/checkout", readOnly: true }, { name: "shipper-config", mountPath: "/fluent-bit/etc" }],
          terminationMessagePath: "/dev/termination-log", terminationMessagePolicy: "File", imagePullPolicy: "IfNotPresent",
        },
        {
          name: "proxy", image: "envoyproxy/envoy:v1.31.2",
          args: ["-c", "/etc/envoy/envoy.yaml", "--service-cluster", "checkout"],
          ports: [{ name: "proxy", containerPort: 15001, protocol: "TCP" }],
          env: [{ name: "SERVICE_VERSION", valueFrom: { fieldRef: { apiVersion: "v1", fieldPath: "metadata.labels['version']" } } }],
          resources: { requests: { cpu: "100m", memory: "128Mi" }, limits: { cpu: "500m", memory: "256Mi" } },
          readinessProbe: { tcpSocket: { port: 15001 }, periodSeconds: 5, timeoutSeconds: 1, successThreshold: 1, failureThreshold: 3 },
          volumeMounts: [{ name: "envoy-config", mountPath: "/etc/envoy" }],
          terminationMessagePath: "/dev/termination-log", terminationMessagePolicy: "File", imagePullPolicy: "IfNotPresent",
        },
      ],
      volumes: [
        { name: "config", configMap: { name: "checkout-config", defaultMode: 420 } },
        { name: "logs", emptyDir: {} },
        { name: "shipper-config", configMap: { name: "fluent-bit-checkout", defaultMode: 420 } },
        { name: "envoy-config", configMap: { name: "envoy-checkout", defaultMode: 420 } },
      ],
      readinessGates: [{ conditionType: "InPlaceUpdateReady" }],
      restartPolicy: "Always", terminationGracePeriodSeconds: 30, dnsPolicy: "ClusterFirst",
      serviceAccountName: "checkout", securityContext: { runAsNonRoot: true, runAsUser: 10001, fsGroup: 10001 },
      schedulerName: "default-scheduler",
      tolerations: [{ key: "node.kubernetes.io/not-ready", operator: "Exists", effect: "NoExecute", tolerationSeconds: 300 }],
      affinity: { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 100, podAffinityTerm: { labelSelector: { matchLabels: { app: "checkout" } }, topologyKey: "kubernetes.io/hostname" } }] } },
    },
  };
}

/** The CloneSet around a template (apps.kruise.io/v1alpha1, whose update strategy type names the in-place policy). */
export function cloneSet(tpl: Obj): Obj {
  return {
    apiVersion: "apps.kruise.io/v1alpha1", kind: "CloneSet",
    metadata: { name: "checkout", namespace: "shop", labels: { app: "checkout" } },
    spec: { replicas: 1000, selector: { matchLabels: { app: "checkout" } }, template: tpl, updateStrategy: { type: "InPlaceIfPossible", maxUnavailable: "10%" } },
  };
}

/** Everything the benchmark needs, built with the engine's `revision` op. */
export interface VerdictFixture {
  oldCloneSet: Obj;
  newCloneSet: Obj;
  oldRevision: Obj;
  newRevision: Obj;
  pods: Obj[];
  now: string;
}

/** The ControllerRevision of a CloneSet as the controller stores it. */
function controllerRevision(k: typeof Kinplace, cs: Obj, n: number): Obj {
  const r = k.revision("CloneSet", cs, { kubernetes: "1.32" });
  return {
    apiVersion: "apps/v1", kind: "ControllerRevision",
    metadata: { name: r.name, namespace: "shop", labels: { app: "checkout", "controller.kubernetes.io/hash": r.hash } },
    data: JSON.parse(r.data), revision: n,
  };
}

/** Pod `i` of the old revision, running, as the API server returns it. */
function pod(tpl: Obj, rev: string, i: number): Obj {
  const t = JSON.parse(JSON.stringify(tpl)) as { metadata: { labels: Record<string, string>; annotations: Record<string, string> }; spec: { containers: { name: string; image: string }[] } };
  const name = `checkout-${(i * 7919 + 104729).toString(36).slice(-5)}`;
  return {
    metadata: {
      name, generateName: "checkout-", namespace: "shop", uid: `5d0c${i.toString(16).padStart(4, "0")}-1f8e-4c1a-9a7e-0b6e3f2d${(1000 + i).toString(16).padStart(4, "0")}`,
      resourceVersion: String(812345 + i), creationTimestamp: "2026-11-20T08:00:00Z",
      labels: { ...t.metadata.labels, "controller-revision-hash": rev, "apps.kruise.io/cloneset-instance-id": name.slice(-5), "lifecycle.apps.kruise.io/state": "Normal" },
      annotations: { ...t.metadata.annotations },
      ownerReferences: [{ apiVersion: "apps.kruise.io/v1beta1", kind: "CloneSet", name: "checkout", uid: "1f8e4c1a-9a7e-4b6e-8f2d-3c4b5a697887", controller: true, blockOwnerDeletion: true }],
    },
    spec: { ...(t.spec as Obj), nodeName: `node-${i % 40}`, hostname: name, enableServiceLinks: true, priority: 0 },
    status: {
      phase: "Running", hostIP: `10.0.${i % 40}.1`, podIP: `10.244.${i % 250}.${(i * 7) % 250 + 2}`, qosClass: "Burstable", startTime: "2026-11-20T08:00:01Z",
      conditions: [
        { type: "InPlaceUpdateReady", status: "True", lastProbeTime: null, lastTransitionTime: "2026-11-20T08:00:01Z" },
        { type: "Initialized", status: "True", lastProbeTime: null, lastTransitionTime: "2026-11-20T08:00:01Z" },
        { type: "Ready", status: "True", lastProbeTime: null, lastTransitionTime: "2026-11-20T08:00:20Z" },
        { type: "ContainersReady", status: "True", lastProbeTime: null, lastTransitionTime: "2026-11-20T08:00:20Z" },
        { type: "PodScheduled", status: "True", lastProbeTime: null, lastTransitionTime: "2026-11-20T08:00:00Z" },
      ],
      containerStatuses: t.spec.containers.map((c, j) => ({
        name: c.name, image: c.image, imageID: `docker.io/${c.image.split(":")[0]}@sha256:${String(j + 1).repeat(64)}`,
        containerID: `containerd://${(i * 31 + j).toString(16).padStart(8, "0")}${"a".repeat(56)}`, ready: true, restartCount: 0, started: true,
        state: { running: { startedAt: "2026-11-20T08:00:05Z" } }, lastState: {},
      })),
    },
  };
}

/** The benchmark's inputs (1,000 pods unless told). */
export function verdictFixture(k: typeof Kinplace, pods = 1000): VerdictFixture {
  const oldTpl = template("v1.4.2", "registry.example.com/shop/checkout:1.4.2", "fluent/fluent-bit:3.1.9", "8c1f2e7");
  const newTpl = template("v1.5.0", "registry.example.com/shop/checkout:1.5.0", "fluent/fluent-bit:3.2.0", "b41d9a3");
  const oldCloneSet = cloneSet(oldTpl);
  const newCloneSet = cloneSet(newTpl);
  const oldRevision = controllerRevision(k, oldCloneSet, 1);
  const newRevision = controllerRevision(k, newCloneSet, 2);
  const rev = (oldRevision.metadata as { name: string }).name;
  return { oldCloneSet, newCloneSet, oldRevision, newRevision, pods: Array.from({ length: pods }, (_, i) => pod(oldTpl, rev, i)), now: "2026-11-21T05:00:00Z" };
}

/** Writes the fixture for the Go program (revisions, pods, now). */
export function writeVerdictFixture(f: VerdictFixture, path: string): void {
  writeFileSync(path, JSON.stringify({ oldRevision: f.oldRevision, newRevision: f.newRevision, pods: f.pods, now: f.now }));
}
