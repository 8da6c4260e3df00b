// The examples the page loads in one click: a manifest before and after, plus the settings they need.

import type { PageState } from "./state.js";

/** One example: a title, what it shows, and the state it loads. */
export interface Example {
  id: string;
  title: string;
  description: string;
  state: Partial<PageState> & { old: string; new: string };
}

/** A CloneSet (InPlaceIfPossible) with one app container and a sidecar; `app` is spliced into the app container. */
function cloneSet(app: string, labels = "        app: web\n"): string {
  return `apiVersion: apps.kruise.io/v1alpha1
kind: CloneSet
metadata:
  name: web
  namespace: shop
spec:
  replicas: 5
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
${labels}    spec:
      readinessGates:
        - conditionType: InPlaceUpdateReady
      containers:
        - name: app
${app}        - name: log-shipper
          image: fluent/fluent-bit:3.1
  updateStrategy:
    type: InPlaceIfPossible
    maxUnavailable: 20%
`;
}

/** A Deployment whose container has `env` (YAML lines under env:). */
function deployment(env: string): string {
  return `apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
  namespace: shop
spec:
  replicas: 4
  selector:
    matchLabels:
      app: api
  template:
    metadata:
      labels:
        app: api
    spec:
      containers:
        - name: api
          image: registry.example.com/api:2.4.0
          env:
${env}  strategy:
    type: RollingUpdate
    rollingUpdate:
      maxSurge: 1
      maxUnavailable: 0
`;
}

const resources = (cpu: string, memory: string): string => `          image: nginx:1.27.0
          resources:
            requests:
              cpu: ${cpu}
              memory: ${memory}
            limits:
              cpu: ${cpu}
              memory: ${memory}
`;

const envFromLabel = `          image: nginx:1.27.0
          env:
            - name: RELEASE
              valueFrom:
                fieldRef:
                  fieldPath: metadata.labels['release']
`;

/** A Service in front of the CloneSet (not a workload: listed as skipped). */
const SERVICE = `apiVersion: v1
kind: Service
metadata:
  name: web
  namespace: shop
spec:
  selector:
    app: web
  ports:
    - port: 80
`;

/** The examples, in the order of their buttons. */
export const EXAMPLES: readonly Example[] = [
  {
    id: "image-bump",
    title: "Image bump on a CloneSet",
    description: "nginx 1.27.0 → 1.27.1 with InPlaceIfPossible: the app container restarts in place, the pod stays.",
    state: { old: cloneSet("          image: nginx:1.27.0\n"), new: cloneSet("          image: nginx:1.27.1\n"), gates: {}, strategy: "" },
  },
  {
    id: "env-reorder",
    title: "Env reorder on a Deployment",
    description: "The same two variables in another order: the template changes, so every pod is replaced.",
    state: {
      old: deployment("            - name: LOG_LEVEL\n              value: info\n            - name: REGION\n              value: eu-west-1\n"),
      new: deployment("            - name: REGION\n              value: eu-west-1\n            - name: LOG_LEVEL\n              value: info\n"),
      gates: {},
      strategy: "",
    },
  },
  {
    id: "resources-no-gate",
    title: "Resources change, no vertical scaling gate",
    description: "CPU 250m → 500m on a CloneSet with InPlaceWorkloadVerticalScaling off: pods are recreated.",
    state: { old: cloneSet(resources("250m", "256Mi")), new: cloneSet(resources("500m", "256Mi")), gates: { InPlaceWorkloadVerticalScaling: false }, strategy: "" },
  },
  {
    id: "resources-gate",
    title: "Resources change with the vertical scaling gate",
    description: "The same change with InPlaceWorkloadVerticalScaling on: the pod is resized in place.",
    state: { old: cloneSet(resources("250m", "256Mi")), new: cloneSet(resources("500m", "256Mi")), gates: { InPlaceWorkloadVerticalScaling: true }, strategy: "" },
  },
  {
    id: "several-objects",
    title: "A Service, a CloneSet and a Deployment in one file",
    description: "Many objects per editor, paired by kind, namespace and name as kinplace check pairs them: a verdict per workload, the Service skipped.",
    state: {
      old: [SERVICE, cloneSet("          image: nginx:1.27.0\n"), deployment("            - name: LOG_LEVEL\n              value: info\n")].join("---\n"),
      new: [SERVICE, cloneSet("          image: nginx:1.27.1\n"), deployment("            - name: LOG_LEVEL\n              value: debug\n")].join("---\n"),
      gates: {},
      strategy: "",
    },
  },
  {
    id: "label-env",
    title: "Label read by an env (downward API)",
    description: "The release label changes and an env reads it through fieldRef: kruise-daemon restarts that container in place.",
    state: {
      old: cloneSet(envFromLabel, "        app: web\n        release: r1\n"),
      new: cloneSet(envFromLabel, "        app: web\n        release: r2\n"),
      gates: {},
      strategy: "",
    },
  },
];
