/**
 * fast-check generators of realistic Kubernetes objects for the k8s differential suite: containers
 * (every Container field of 1.12-1.37, so each minor sees its known fields plus unknown ones),
 * pod templates, StatefulSets/DaemonSets/Deployments, Quantities in every spelling, and tricky
 * strings (HTML characters, \b \f, U+2028, non-ASCII, invalid surrogates are left to the caller).
 *
 * Notes for the suite:
 * - Send objects as `value`/`container`/... (JSON) or as `...Text` with hand-made bytes (duplicate
 *   keys, `Name` vs `name`, escapes like "\u0031" inside quantities, raw invalid UTF-8).
 * - A field unknown to a minor is dropped and warned (`unknown field "x"`), so one generator serves
 *   every minor; compare `warnings` too.
 * - Quantities: the canonical cached string is part of the struct-era hash and of ComputeHash, and
 *   the oracle's hash ops re-encode the input first (API server) and decode it again (kubelet or
 *   controller), exactly like the cluster does.
 */

import fc from "fast-check";

/** Strings a manifest may carry that stress Go's JSON escaping and spew's raw printing. */
export const trickyString = (maxLength = 24): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.string({ maxLength }) },
    { weight: 2, arbitrary: fc.constantFrom("<b>bold</b>", "a && b", "x > 0 & y", "\b\f\n\r\t", "\u2028\u2029", "é日本\u{1F600}", "\u007f", "\\\"", "", " ") },
    { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength }) },
  );

/** DNS-label-like names (what real objects use). */
export const dnsLabel: fc.Arbitrary<string> = fc.stringMatching(/^[a-z]([-a-z0-9]{0,14}[a-z0-9])?$/);

/** Quantity spellings: canonical and not, every suffix family, exponents, signs, odd ones. */
export const quantityString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("0", "1", "100m", "0.5", "1.5", "1500m", "1000m", "1Gi", "1024Mi", "1536Mi", "0.5Gi", "500M", "1G", "1e3", "1.5e3", "1000E", "1024Ei", "01", "1.", "Gi", "m", "-1", "+1", "1k", "1Ki", "12345678901234567890", "0.000000001", "1n", "1u", "9223372036854775807", "1E", "1P", "1Pi", "2e-3", "1.0"),
  fc
    .tuple(
      fc.oneof(fc.nat({ max: 100000 }).map(String), fc.tuple(fc.nat({ max: 9999 }), fc.nat({ max: 999 })).map(([a, b]) => `${a}.${b}`)),
      fc.constantFrom("", "n", "u", "m", "k", "M", "G", "T", "P", "E", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei", "e3", "E-2", "e0"),
    )
    .map(([n, s]) => n + s),
);

const resourceName = fc.constantFrom("cpu", "memory", "ephemeral-storage", "nvidia.com/gpu", "hugepages-2Mi", "foo");
const resourceList = fc.dictionary(resourceName, quantityString, { maxKeys: 4 });
const intOrString = fc.oneof(fc.integer({ min: 1, max: 65535 }), fc.constantFrom("http", "8080", "metrics"));

const handler = fc.oneof(
  fc.record({ exec: fc.record({ command: fc.array(trickyString(), { maxLength: 3 }) }) }),
  fc.record(
    { httpGet: fc.record({ path: fc.constantFrom("/", "/healthz"), port: intOrString, scheme: fc.constantFrom("HTTP", "HTTPS"), httpHeaders: fc.array(fc.record({ name: dnsLabel, value: trickyString() }), { maxLength: 2 }) }, { requiredKeys: ["port"] }) },
  ),
  fc.record({ tcpSocket: fc.record({ port: intOrString }) }),
  fc.record({ grpc: fc.record({ port: fc.integer({ min: 1, max: 65535 }), service: fc.option(dnsLabel, { nil: undefined }) }, { requiredKeys: ["port"] }) }),
);

const probe = fc.tuple(handler, fc.record({ initialDelaySeconds: fc.nat(60), timeoutSeconds: fc.nat(10), periodSeconds: fc.nat(60), successThreshold: fc.nat(3), failureThreshold: fc.nat(5), terminationGracePeriodSeconds: fc.nat(100) }, { requiredKeys: [] })).map(([h, o]) => ({ ...h, ...o }));

const securityContext = fc.record(
  {
    capabilities: fc.record({ add: fc.array(fc.constantFrom("NET_ADMIN", "SYS_TIME", "CHOWN"), { maxLength: 2 }), drop: fc.constant(["ALL"]) }, { requiredKeys: [] }),
    privileged: fc.boolean(),
    seLinuxOptions: fc.record({ user: dnsLabel, role: dnsLabel, type: dnsLabel, level: fc.constant("s0:c123,c456") }, { requiredKeys: [] }),
    windowsOptions: fc.record({ gmsaCredentialSpecName: dnsLabel, runAsUserName: trickyString(), hostProcess: fc.boolean() }, { requiredKeys: [] }),
    runAsUser: fc.integer({ min: 0, max: 2 ** 31 }),
    runAsGroup: fc.integer({ min: 0, max: 65535 }),
    runAsNonRoot: fc.boolean(),
    readOnlyRootFilesystem: fc.boolean(),
    allowPrivilegeEscalation: fc.boolean(),
    procMount: fc.constantFrom("Default", "Unmasked"),
    seccompProfile: fc.record({ type: fc.constantFrom("RuntimeDefault", "Localhost", "Unconfined"), localhostProfile: dnsLabel }, { requiredKeys: ["type"] }),
    appArmorProfile: fc.record({ type: fc.constantFrom("RuntimeDefault", "Localhost", "Unconfined"), localhostProfile: dnsLabel }, { requiredKeys: ["type"] }),
  },
  { requiredKeys: [] },
);

const envVar = fc.oneof(
  fc.record({ name: fc.oneof(dnsLabel, trickyString()), value: trickyString() }, { requiredKeys: ["name"] }),
  fc.record({
    name: dnsLabel,
    valueFrom: fc.oneof(
      fc.record({ fieldRef: fc.record({ fieldPath: fc.constantFrom("metadata.name", "metadata.labels['app']", "status.podIP") }) }),
      fc.record({ resourceFieldRef: fc.record({ resource: fc.constantFrom("limits.cpu", "requests.memory"), divisor: quantityString }, { requiredKeys: ["resource"] }) }),
      fc.record({ configMapKeyRef: fc.record({ name: dnsLabel, key: dnsLabel, optional: fc.boolean() }, { requiredKeys: ["key"] }) }),
      fc.record({ secretKeyRef: fc.record({ name: dnsLabel, key: dnsLabel, optional: fc.boolean() }, { requiredKeys: ["key"] }) }),
      fc.record({ fileKeyRef: fc.record({ volumeName: dnsLabel, path: fc.constant("env/file"), key: dnsLabel, optional: fc.boolean() }) }),
    ),
  }),
);

/** A container using every field some minor knows (plus, sometimes, an unknown one). */
export const container: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(
    fc.record({ name: dnsLabel, image: fc.oneof(fc.constantFrom("nginx", "nginx:1.20", "registry.k8s.io/pause:3.9", "app@sha256:" + "a".repeat(64)), trickyString()) }),
    fc.record(
      {
        command: fc.array(trickyString(), { maxLength: 4 }),
        args: fc.array(trickyString(), { maxLength: 4 }),
        workingDir: fc.constantFrom("/", "/app", ""),
        ports: fc.array(fc.record({ name: dnsLabel, hostPort: fc.integer({ min: 0, max: 65535 }), containerPort: fc.integer({ min: 1, max: 65535 }), protocol: fc.constantFrom("TCP", "UDP", "SCTP"), hostIP: fc.constant("0.0.0.0") }, { requiredKeys: ["containerPort"] }), { maxLength: 3 }),
        envFrom: fc.array(fc.record({ prefix: trickyString(8), configMapRef: fc.record({ name: dnsLabel, optional: fc.boolean() }, { requiredKeys: [] }), secretRef: fc.record({ name: dnsLabel }) }, { requiredKeys: [] }), { maxLength: 2 }),
        env: fc.array(envVar, { maxLength: 4 }),
        resources: fc.record({ limits: resourceList, requests: resourceList, claims: fc.array(fc.record({ name: dnsLabel, request: dnsLabel }, { requiredKeys: ["name"] }), { maxLength: 1 }) }, { requiredKeys: [] }),
        resizePolicy: fc.array(fc.record({ resourceName: fc.constantFrom("cpu", "memory"), restartPolicy: fc.constantFrom("NotRequired", "RestartContainer") }), { maxLength: 2 }),
        restartPolicy: fc.constant("Always"),
        volumeMounts: fc.array(fc.record({ name: dnsLabel, readOnly: fc.boolean(), recursiveReadOnly: fc.constantFrom("Disabled", "IfPossible"), mountPath: fc.constantFrom("/data", "/etc/config"), subPath: dnsLabel, mountPropagation: fc.constantFrom("None", "HostToContainer"), subPathExpr: fc.constant("$(POD_NAME)") }, { requiredKeys: ["name", "mountPath"] }), { maxLength: 2 }),
        volumeDevices: fc.array(fc.record({ name: dnsLabel, devicePath: fc.constant("/dev/xvda") }), { maxLength: 1 }),
        livenessProbe: probe,
        readinessProbe: probe,
        startupProbe: probe,
        lifecycle: fc.record({ postStart: fc.oneof(handler, fc.record({ sleep: fc.record({ seconds: fc.nat(30) }) })), preStop: handler, stopSignal: fc.constantFrom("SIGTERM", "SIGUSR1") }, { requiredKeys: [] }),
        terminationMessagePath: fc.constant("/dev/termination-log"),
        terminationMessagePolicy: fc.constantFrom("File", "FallbackToLogsOnError"),
        imagePullPolicy: fc.constantFrom("Always", "IfNotPresent", "Never"),
        securityContext,
        stdin: fc.boolean(),
        stdinOnce: fc.boolean(),
        tty: fc.boolean(),
        unknownField: trickyString(),
      },
      { requiredKeys: [] },
    ),
  )
  .map(([a, b]) => ({ ...a, ...b }));

/** Pod template metadata + a PodSpec with several fields. */
export const podTemplate: fc.Arbitrary<Record<string, unknown>> = fc.record(
  {
    metadata: fc.record({ labels: fc.dictionary(dnsLabel, dnsLabel, { maxKeys: 3 }), annotations: fc.dictionary(fc.constantFrom("a", "kubectl.kubernetes.io/restartedAt", "x/y"), trickyString(), { maxKeys: 2 }), name: dnsLabel }, { requiredKeys: [] }),
    spec: fc.record(
      {
        containers: fc.array(container, { minLength: 1, maxLength: 3 }),
        initContainers: fc.array(container, { maxLength: 1 }),
        restartPolicy: fc.constantFrom("Always", "OnFailure"),
        terminationGracePeriodSeconds: fc.nat(600),
        dnsPolicy: fc.constantFrom("ClusterFirst", "Default"),
        nodeSelector: fc.dictionary(dnsLabel, dnsLabel, { maxKeys: 2 }),
        serviceAccountName: dnsLabel,
        hostNetwork: fc.boolean(),
        securityContext: fc.record({ runAsUser: fc.nat(1000), fsGroup: fc.nat(1000), sysctls: fc.array(fc.record({ name: fc.constant("net.core.somaxconn"), value: fc.constant("1024") }), { maxLength: 1 }) }, { requiredKeys: [] }),
        tolerations: fc.array(fc.record({ key: dnsLabel, operator: fc.constantFrom("Exists", "Equal"), value: dnsLabel, effect: fc.constantFrom("NoSchedule", "NoExecute"), tolerationSeconds: fc.nat(3600) }, { requiredKeys: [] }), { maxLength: 2 }),
        volumes: fc.array(fc.record({ name: dnsLabel, emptyDir: fc.record({ medium: fc.constantFrom("", "Memory"), sizeLimit: quantityString }, { requiredKeys: [] }) }), { maxLength: 2 }),
        priority: fc.integer(),
        enableServiceLinks: fc.boolean(),
        shareProcessNamespace: fc.boolean(),
      },
      { requiredKeys: ["containers"] },
    ),
  },
  { requiredKeys: ["spec"] },
);

/** A workload object (StatefulSet, DaemonSet, Deployment, CloneSet...) around a template. */
export const workload = (kind: string): fc.Arbitrary<Record<string, unknown>> =>
  fc.record(
    {
      apiVersion: fc.constant(kind === "CloneSet" || kind.startsWith("Advanced") ? "apps.kruise.io/v1beta1" : "apps/v1"),
      kind: fc.constant(kind.replace(/^Advanced/, "")),
      metadata: fc.record({ name: dnsLabel, namespace: dnsLabel, annotations: fc.dictionary(dnsLabel, trickyString(), { maxKeys: 2 }) }, { requiredKeys: ["name"] }),
      spec: fc.record({ replicas: fc.nat(10), selector: fc.record({ matchLabels: fc.dictionary(dnsLabel, dnsLabel, { maxKeys: 2 }) }), template: podTemplate }, { requiredKeys: ["template"] }),
      status: fc.record({ collisionCount: fc.nat(5) }, { requiredKeys: [] }),
    },
    { requiredKeys: ["metadata", "spec"] },
  );

const kruiseIntOrPercent = fc.oneof(fc.nat(5), fc.constantFrom("25%", "1", "0%", "100%", "50%"));
const lifecycleHook = fc.record(
  { labelsHandler: fc.dictionary(dnsLabel, fc.constantFrom("true", "false"), { maxKeys: 2 }), finalizersHandler: fc.array(fc.constantFrom("example.com/hook", "x/y"), { maxLength: 2 }), markPodNotReady: fc.boolean() },
  { requiredKeys: [] },
);
const kruiseLifecycle = fc.record({ preDelete: lifecycleHook, inPlaceUpdate: lifecycleHook, preNormal: lifecycleHook }, { requiredKeys: [] });
const inPlaceUpdateStrategy = fc.record(
  { gracePeriodSeconds: fc.nat(60), imagePreDownloadParallelism: kruiseIntOrPercent, imagePreDownloadTimeoutSeconds: fc.nat(600), imagePreDownloadMinUpdatedReadyPods: fc.nat(5) },
  { requiredKeys: [] },
);
const priorityStrategy = fc.oneof(
  fc.record({ weightPriority: fc.array(fc.record({ weight: fc.nat(100), matchSelector: fc.record({ matchLabels: fc.dictionary(dnsLabel, dnsLabel, { maxKeys: 1 }) }) }), { maxLength: 2 }) }),
  fc.record({ orderPriority: fc.array(fc.record({ orderedKey: dnsLabel }), { maxLength: 2 }) }),
);
const claimTemplate = fc.record(
  {
    metadata: fc.record({ name: dnsLabel, labels: fc.dictionary(dnsLabel, dnsLabel, { maxKeys: 1 }) }, { requiredKeys: ["name"] }),
    spec: fc.record({ accessModes: fc.array(fc.constantFrom("ReadWriteOnce", "ReadOnlyMany"), { maxLength: 1 }), storageClassName: dnsLabel, resources: fc.record({ requests: fc.record({ storage: quantityString }) }) }, { requiredKeys: [] }),
  },
  { requiredKeys: ["metadata"] },
);

/** OpenKruise v1beta1 spec fields per kind (CloneSet, AdvancedStatefulSet, AdvancedDaemonSet), as v1.9.0 declares them. */
function kruiseSpec(kind: "CloneSet" | "AdvancedStatefulSet" | "AdvancedDaemonSet"): fc.Arbitrary<Record<string, unknown>> {
  if (kind === "CloneSet") {
    return fc.record(
      {
        replicas: fc.nat(10),
        volumeClaimTemplates: fc.array(claimTemplate, { maxLength: 1 }),
        scaleStrategy: fc.record({ podsToDelete: fc.array(dnsLabel, { maxLength: 2 }), maxUnavailable: kruiseIntOrPercent, enablePVCReuse: fc.boolean(), excludePreparingDelete: fc.boolean() }, { requiredKeys: [] }),
        updateStrategy: fc.record(
          { type: fc.constantFrom("ReCreate", "InPlaceIfPossible", "InPlaceOnly"), partition: kruiseIntOrPercent, maxUnavailable: kruiseIntOrPercent, maxSurge: kruiseIntOrPercent, paused: fc.boolean(), priorityStrategy, scatterStrategy: fc.array(fc.record({ key: dnsLabel, value: dnsLabel }), { maxLength: 2 }), inPlaceUpdateStrategy },
          { requiredKeys: [] },
        ),
        revisionHistoryLimit: fc.nat(10),
        minReadySeconds: fc.nat(30),
        lifecycle: kruiseLifecycle,
        progressDeadlineSeconds: fc.nat(600),
      },
      { requiredKeys: [] },
    );
  }
  if (kind === "AdvancedStatefulSet") {
    return fc.record(
      {
        replicas: fc.nat(10),
        volumeClaimTemplates: fc.array(claimTemplate, { maxLength: 1 }),
        volumeClaimUpdateStrategy: fc.record({ type: fc.constantFrom("OnPodRollingUpdate", "OnDelete") }),
        serviceName: dnsLabel,
        podManagementPolicy: fc.constantFrom("OrderedReady", "Parallel"),
        updateStrategy: fc.record(
          {
            type: fc.constantFrom("RollingUpdate", "OnDelete"),
            rollingUpdate: fc.record(
              { partition: fc.nat(5), maxUnavailable: kruiseIntOrPercent, podUpdatePolicy: fc.constantFrom("ReCreate", "InPlaceIfPossible", "InPlaceOnly"), paused: fc.boolean(), unorderedUpdate: fc.record({ priorityStrategy }), inPlaceUpdateStrategy, minReadySeconds: fc.nat(30) },
              { requiredKeys: [] },
            ),
          },
          { requiredKeys: [] },
        ),
        revisionHistoryLimit: fc.nat(10),
        reserveOrdinals: fc.array(fc.oneof(fc.nat(9), fc.constantFrom("1-3", "5")), { maxLength: 2 }),
        lifecycle: kruiseLifecycle,
        scaleStrategy: fc.record({ maxUnavailable: kruiseIntOrPercent }),
        persistentVolumeClaimRetentionPolicy: fc.record({ whenDeleted: fc.constantFrom("Retain", "Delete"), whenScaled: fc.constantFrom("Retain", "Delete") }, { requiredKeys: [] }),
        ordinals: fc.record({ start: fc.nat(5) }),
      },
      { requiredKeys: [] },
    );
  }
  return fc.record(
    {
      updateStrategy: fc.record(
        {
          type: fc.constantFrom("RollingUpdate", "OnDelete"),
          rollingUpdate: fc.record(
            { rollingUpdateType: fc.constantFrom("Standard", "Surging", "InPlaceIfPossible"), maxUnavailable: kruiseIntOrPercent, maxSurge: kruiseIntOrPercent, selector: fc.record({ matchLabels: fc.dictionary(dnsLabel, dnsLabel, { maxKeys: 1 }) }), partition: kruiseIntOrPercent, paused: fc.boolean() },
            { requiredKeys: [] },
          ),
        },
        { requiredKeys: [] },
      ),
      minReadySeconds: fc.nat(30),
      burstReplicas: kruiseIntOrPercent,
      revisionHistoryLimit: fc.nat(10),
      lifecycle: kruiseLifecycle,
      scaleStrategy: fc.record({ partitionedScaling: fc.boolean() }, { requiredKeys: [] }),
    },
    { requiredKeys: [] },
  );
}

/**
 * An OpenKruise workload (`CloneSet`, `AdvancedStatefulSet`, `AdvancedDaemonSet`) as apps.kruise.io/v1beta1
 * stores it: kind-specific spec fields (strategies, lifecycle hooks, claim templates), `template`
 * (default: podTemplate) and a status with conditions and a collision count.
 */
export const kruiseWorkload = (kind: "CloneSet" | "AdvancedStatefulSet" | "AdvancedDaemonSet", template: fc.Arbitrary<Record<string, unknown>> = podTemplate): fc.Arbitrary<Record<string, unknown>> =>
  fc
    .tuple(
      fc.record({ name: fc.oneof({ weight: 5, arbitrary: dnsLabel }, { weight: 1, arbitrary: fc.stringMatching(/^[a-z]{230,260}$/) }), namespace: dnsLabel, labels: fc.dictionary(dnsLabel, dnsLabel, { maxKeys: 2 }), annotations: fc.dictionary(dnsLabel, trickyString(), { maxKeys: 2 }) }, { requiredKeys: ["name"] }),
      kruiseSpec(kind),
      fc.record({ matchLabels: fc.dictionary(dnsLabel, dnsLabel, { maxKeys: 2 }) }),
      template,
      fc.record({ observedGeneration: fc.nat(), replicas: fc.nat(10), collisionCount: fc.oneof(fc.nat(5), fc.integer({ min: -2147483648, max: 2147483647 })), updateRevision: dnsLabel, labelSelector: dnsLabel }, { requiredKeys: [] }),
    )
    .map(([metadata, spec, selector, tmpl, status]) => ({
      apiVersion: "apps.kruise.io/v1beta1",
      kind: kind.replace(/^Advanced/, ""),
      metadata,
      spec: { ...spec, selector, template: tmpl },
      status,
    }));
