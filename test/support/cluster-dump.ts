// A generated cluster dump of realistic objects, the shape `kubectl get deploy,sts,ds,pods,svc,cm -A -o yaml`
// prints: Deployments with their ReplicaSets and Pods, StatefulSets, DaemonSets over nodes, OpenKruise CloneSets,
// Services and ConfigMaps (not workloads: skipped with a note), every object with the metadata the API server
// writes (uid, resourceVersion, managedFields, ownerReferences) and a status. The NEW side of a release bumps
// images (recreate for Deployments, in place for CloneSets), changes resources, removes and adds workloads,
// and holds a few invalid objects (a type error the engine reports per object) where `invalid` asks.
// Used by test/cli-pool.test.ts and bench/pool.ts.

import { stringify } from "yaml";

type Obj = { [key: string]: unknown };

/** Options of clusterDump. */
export interface DumpOptions {
  /** About how many objects the dump holds (it stops at the first namespace that reaches it). */
  objects: number;
  /** The release after the change (images bumped, some workloads removed or added). */
  release?: "old" | "new";
  /** Objects the engine cannot judge (a type error in the template), one every `invalid` workloads; 0: none. */
  invalid?: number;
  /** A seed for the choices (same seed, same dump). */
  seed?: number;
}

/** A small deterministic random number generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A hex string of `n` digits. */
function hex(next: () => number, n: number): string {
  let s = "";
  for (let i = 0; i < n; i++) s += "0123456789abcdef"[Math.floor(next() * 16)];
  return s;
}

/** A UUID-shaped uid. */
function uid(next: () => number): string {
  return `${hex(next, 8)}-${hex(next, 4)}-${hex(next, 4)}-${hex(next, 4)}-${hex(next, 12)}`;
}

const STAMP = "2025-03-14T09:26:53Z";

/** The metadata the API server writes. */
function metadata(next: () => number, name: string, namespace: string | undefined, labels: Obj, extra: Obj = {}): Obj {
  return {
    ...(namespace === undefined ? {} : { namespace }),
    name,
    uid: uid(next),
    resourceVersion: String(100000 + Math.floor(next() * 900000)),
    generation: 3,
    creationTimestamp: STAMP,
    labels,
    ...extra,
    managedFields: [
      { manager: "kubectl-client-side-apply", operation: "Update", apiVersion: "apps/v1", time: STAMP, fieldsType: "FieldsV1", fieldsV1: { "f:metadata": { "f:labels": Object.fromEntries(Object.keys(labels).map((k) => [`f:${k}`, {}])) } } },
    ],
  };
}

/** A container of an app. */
function container(name: string, image: string, cpu: string, port: number, portName = "http"): Obj {
  return {
    name,
    image,
    args: [`--port=${port}`, "--log-format=json"],
    ports: [{ name: portName, containerPort: port, protocol: "TCP" }],
    env: [
      { name: "POD_NAME", valueFrom: { fieldRef: { apiVersion: "v1", fieldPath: "metadata.name" } } },
      { name: "CACHE_TTL", value: "30s" },
    ],
    resources: { requests: { cpu, memory: "128Mi" }, limits: { cpu: "1", memory: "512Mi" } },
    readinessProbe: { httpGet: { path: "/healthz", port, scheme: "HTTP" }, initialDelaySeconds: 5, periodSeconds: 10, timeoutSeconds: 1, successThreshold: 1, failureThreshold: 3 },
    volumeMounts: [{ name: "config", mountPath: `/etc/${name}`, readOnly: true }],
    terminationMessagePath: "/dev/termination-log",
    terminationMessagePolicy: "File",
    imagePullPolicy: "IfNotPresent",
  };
}

/** The pod template of app `app` at image tag `tag`. */
function template(app: string, tag: string, cpu: string, broken: boolean): Obj {
  return {
    metadata: { labels: { app }, annotations: { "prometheus.io/scrape": "true" } },
    spec: {
      containers: [container(app, `registry.example.com/${app}:${tag}`, cpu, 8080), container("proxy", "envoyproxy/envoy:v1.31.2", "100m", 15001, "proxy")],
      volumes: [{ name: "config", configMap: { name: `${app}-config`, defaultMode: 420 } }],
      restartPolicy: "Always",
      terminationGracePeriodSeconds: broken ? "thirty" : 30,
      dnsPolicy: "ClusterFirst",
      serviceAccountName: "default",
      securityContext: {},
      schedulerName: "default-scheduler",
    },
  };
}

/** A pod of a template, owned by `owner`. */
function pod(next: () => number, name: string, namespace: string, tpl: Obj, owner: { kind: string; name: string; uid: string; apiVersion: string }, node: string, labels: Obj): Obj {
  const spec = tpl["spec"] as Obj;
  return {
    apiVersion: "v1",
    kind: "Pod",
    metadata: metadata(next, name, namespace, { ...((tpl["metadata"] as Obj)["labels"] as Obj), ...labels }, {
      ownerReferences: [{ apiVersion: owner.apiVersion, kind: owner.kind, name: owner.name, uid: owner.uid, controller: true, blockOwnerDeletion: true }],
    }),
    spec: { ...spec, nodeName: node, tolerations: [{ key: "node.kubernetes.io/not-ready", operator: "Exists", effect: "NoExecute", tolerationSeconds: 300 }] },
    status: {
      phase: "Running",
      conditions: [{ type: "Ready", status: "True", lastProbeTime: null, lastTransitionTime: STAMP }],
      hostIP: "10.0.0.1",
      podIP: `10.1.${Math.floor(next() * 250)}.${Math.floor(next() * 250)}`,
      startTime: STAMP,
      qosClass: "Burstable",
    },
  };
}

/** The objects of one namespace (workloads, their pods, a Service and a ConfigMap per app). */
function namespaceObjects(next: () => number, ns: string, index: number, options: Required<DumpOptions>, counter: { workloads: number }): Obj[] {
  const out: Obj[] = [];
  const isNew = options.release === "new";
  const nodes = ["node-a", "node-b", "node-c"];
  const apps = ["api", "web", "worker", "cache", "search"];
  for (const [k, app] of apps.entries()) {
    const bumped = isNew && (index + k) % 3 === 0;
    const tag = bumped ? "v1.5.0" : "v1.4.2";
    const cpu = isNew && (index + k) % 7 === 0 ? "300m" : "250m";
    const removed = isNew && (index + k) % 11 === 0; // generated all the same, so what follows keeps its names
    const at = out.length;
    if (!removed) counter.workloads++;
    const broken = isNew && options.invalid > 0 && counter.workloads % options.invalid === 0;
    const tpl = template(app, tag, cpu, broken);
    const selector = { matchLabels: { app } };
    const kind = k % 5 === 3 ? "CloneSet" : k % 5 === 2 ? "StatefulSet" : k % 5 === 4 ? "DaemonSet" : "Deployment";
    const apiVersion = kind === "CloneSet" ? "apps.kruise.io/v1alpha1" : "apps/v1";
    const meta = metadata(next, app, ns, { app, "app.kubernetes.io/part-of": ns });
    const replicas = kind === "DaemonSet" ? undefined : 2 + (k % 3);
    const strategy = kind === "CloneSet" ? { updateStrategy: { type: "InPlaceIfPossible", maxUnavailable: 1 } } : {};
    out.push({
      apiVersion,
      kind,
      metadata: meta,
      spec: { ...(replicas === undefined ? {} : { replicas }), selector, template: tpl, ...(kind === "StatefulSet" ? { serviceName: app } : {}), ...strategy },
      status: { observedGeneration: 3, ...(replicas === undefined ? { desiredNumberScheduled: nodes.length } : { replicas, readyReplicas: replicas, updatedReplicas: replicas }) },
    });
    const owner = { kind, name: app, uid: meta["uid"] as string, apiVersion };
    let podOwner = owner;
    let labels: Obj = {};
    if (kind === "Deployment") {
      const hash = hex(next, 10);
      const rsName = `${app}-${hash}`;
      const rsMeta = metadata(next, rsName, ns, { app, "pod-template-hash": hash }, { ownerReferences: [{ apiVersion, kind, name: app, uid: owner.uid, controller: true }] });
      out.push({ apiVersion: "apps/v1", kind: "ReplicaSet", metadata: rsMeta, spec: { replicas, selector, template: tpl }, status: { replicas, readyReplicas: replicas } });
      podOwner = { kind: "ReplicaSet", name: rsName, uid: rsMeta["uid"] as string, apiVersion: "apps/v1" };
      labels = { "pod-template-hash": hash };
    } else labels = { "controller-revision-hash": `${app}-${hex(next, 10)}` };
    const count = replicas ?? nodes.length;
    for (let p = 0; p < count; p++) {
      const name = kind === "StatefulSet" ? `${app}-${p}` : `${app}-${hex(next, 5)}`;
      out.push(pod(next, name, ns, tpl, podOwner, nodes[p % nodes.length]!, labels));
    }
    out.push({ apiVersion: "v1", kind: "Service", metadata: metadata(next, app, ns, { app }), spec: { selector: { app }, ports: [{ port: 80, targetPort: 8080, protocol: "TCP" }], type: "ClusterIP" } });
    out.push({ apiVersion: "v1", kind: "ConfigMap", metadata: metadata(next, `${app}-config`, ns, { app }), data: { "config.yaml": `app: ${app}\nlevel: info\n` } });
    if (removed) out.length = at;
  }
  if (isNew && index % 13 === 5) {
    const tpl = template("batch", "v2.0.0", "500m", false);
    out.push({ apiVersion: "apps/v1", kind: "Deployment", metadata: metadata(next, "batch", ns, { app: "batch" }), spec: { replicas: 1, selector: { matchLabels: { app: "batch" } }, template: tpl } });
  }
  return out;
}

/** The objects of a generated dump, in `kubectl get -A` order (namespace by namespace). */
export function clusterObjects(options: DumpOptions): Obj[] {
  const o: Required<DumpOptions> = { release: "old", invalid: 0, seed: 1, ...options };
  // the same seed for both releases: names and uids of the objects both hold are the same
  const out: Obj[] = [];
  const counter = { workloads: 0 };
  for (let i = 0; out.length < o.objects; i++) {
    const next = random(o.seed * 7919 + i);
    out.push(...namespaceObjects(next, `team-${String(i).padStart(4, "0")}`, i, o, counter));
  }
  return out;
}

/** A dump as `kubectl get -A -o json` prints it: a List, two-space indented. */
export function dumpJson(objects: Obj[]): string {
  return `${JSON.stringify({ apiVersion: "v1", items: objects, kind: "List", metadata: { resourceVersion: "" } }, null, 2)}\n`;
}

/** A dump as `kubectl get -A -o yaml` prints it: one List document. */
export function dumpYaml(objects: Obj[]): string {
  return stringify({ apiVersion: "v1", items: objects, kind: "List", metadata: { resourceVersion: "" } }, { lineWidth: 0, aliasDuplicateObjects: false, indentSeq: false });
}

/** The objects as a multi-document YAML stream (`---` between them), as manifests are often kept. */
export function dumpYamlStream(objects: Obj[]): string {
  return objects.map((o) => stringify(o, { lineWidth: 0, aliasDuplicateObjects: false, indentSeq: false })).join("---\n");
}
