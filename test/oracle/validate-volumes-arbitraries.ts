// Generators for the volume, mount and env-source rules of pod.validateUpdate:
// realistic stored pods (validate-arbitraries.ts) whose new version — or both versions, so that the
// options upstream derives from the old pod (hugepages, status.hostIPs, relaxed env names,
// non-local token paths, fileKeyRef) come into play without a spec change — gets volumes of every
// common source, volume mounts (subPath, subPathExpr, propagation, recursiveReadOnly), volume
// devices, env valueFrom sources and envFrom, with valid and invalid values.

import fc from "fast-check";
import { storedPod, type Obj } from "./validate-arbitraries.ts";

/** Mostly valid values, sometimes invalid ones (upstream's checks must pass and fail in one run). */
function mix<T>(valid: T[], invalid: T[], weight = 4): fc.Arbitrary<T> {
  return fc.oneof({ arbitrary: fc.constantFrom(...valid), weight }, { arbitrary: fc.constantFrom(...invalid), weight: 1 });
}

const modes = mix<number | undefined>([undefined, 420, 0o644, 0o777, 511, 256, 0], [0o1000, -1]);
const keyToPath = mix<Obj>(
  [{ key: "app.yaml", path: "app.yaml" }, { key: "app.yaml", path: "conf/app.yaml", mode: 0o600 }, { key: "tls.crt", path: "tls.crt" }, { key: "ca.crt", path: "certs/ca.crt" }],
  [{ key: "", path: "" }, { key: "k", path: "/abs/k" }, { key: "k", path: "../escape" }, { key: "k", path: "a/../../b" }, { key: "k", path: "..data" }, { key: "k", path: "k", mode: 0o4000 }],
);
const items = fc.option(fc.array(keyToPath, { minLength: 1, maxLength: 3 }), { nil: undefined });
const withMode = (o: Obj, field: string, m: number | undefined): Obj => (m === undefined ? o : { ...o, [field]: m });

const fieldRef = mix<Obj>([
  { apiVersion: "v1", fieldPath: "metadata.name" }, { apiVersion: "v1", fieldPath: "metadata.namespace" }, { apiVersion: "v1", fieldPath: "status.podIP" },
  { apiVersion: "v1", fieldPath: "metadata.labels['app']" }, { apiVersion: "v1", fieldPath: "status.hostIPs" }, { apiVersion: "v1", fieldPath: "status.podIPs" }], [
  { apiVersion: "v1", fieldPath: "metadata.name" }, { apiVersion: "v1", fieldPath: "metadata.namespace" },
  { apiVersion: "v1", fieldPath: "metadata.uid" }, { apiVersion: "v1", fieldPath: "spec.nodeName" },
  { apiVersion: "v1", fieldPath: "spec.serviceAccountName" }, { apiVersion: "v1", fieldPath: "status.podIP" },
  { apiVersion: "v1", fieldPath: "status.podIPs" }, { apiVersion: "v1", fieldPath: "status.hostIP" },
  { apiVersion: "v1", fieldPath: "status.hostIPs" }, { apiVersion: "v1", fieldPath: "spec.host" },
  { apiVersion: "v1", fieldPath: "metadata.labels" }, { apiVersion: "v1", fieldPath: "metadata.annotations" },
  { apiVersion: "v1", fieldPath: "metadata.labels['app']" }, { apiVersion: "v1", fieldPath: "metadata.annotations['Example.com/Team']" },
  { apiVersion: "v1", fieldPath: "metadata.labels['bad key!']" }, { apiVersion: "v1", fieldPath: "metadata.name['x']" },
  { apiVersion: "v1", fieldPath: "status.phase" }, { apiVersion: "v1", fieldPath: "spec.containers" },
  { apiVersion: "v2", fieldPath: "metadata.name" }, { fieldPath: "metadata.name" }, { apiVersion: "v1" }, { apiVersion: "v1", fieldPath: "" },
], 2);
const resourceFieldRef = mix<Obj>([
  { resource: "limits.cpu", divisor: "1m" }, { resource: "limits.memory", divisor: "1Mi" }, { resource: "requests.cpu" }, { resource: "requests.hugepages-2Mi" }], [
  { resource: "limits.cpu", divisor: "1m" }, { resource: "limits.cpu", divisor: "1000m" }, { resource: "requests.cpu", divisor: "2" },
  { resource: "limits.memory", divisor: "1Mi" }, { resource: "limits.memory", divisor: "3Mi" }, { resource: "requests.memory" },
  { resource: "requests.ephemeral-storage", divisor: "1k" }, { resource: "limits.ephemeral-storage", divisor: "10" },
  { resource: "requests.hugepages-2Mi" }, { resource: "limits.hugepages-1Gi", divisor: "1Gi" }, { resource: "limits.hugepages-1Gi", divisor: "5" },
  { resource: "" }, { resource: "limits.gpu" }, { resource: "limits.cpu", divisor: "0" }, { resource: "cpu" },
], 2);
const containerResourceRef = resourceFieldRef.chain((r) => mix<Obj>([{ ...r, containerName: "app" }], [r]));

const downwardItem = fc.oneof(
  fc.tuple(fc.constantFrom("labels", "annotations", "name", "", "/abs", "../up", "..x", "a/b"), fieldRef).map(([path, f]) => ({ path, fieldRef: f })),
  fc.tuple(fc.constantFrom("cpu_limit", "mem", ""), containerResourceRef).map(([path, r]) => ({ path, resourceFieldRef: r })),
  fc.constant<Obj>({ path: "both", fieldRef: { apiVersion: "v1", fieldPath: "metadata.name" }, resourceFieldRef: { containerName: "app", resource: "limits.cpu" } }),
  fc.constant<Obj>({ path: "neither" }),
  fc.tuple(modes).map(([m]) => withMode({ path: "uid", fieldRef: { apiVersion: "v1", fieldPath: "metadata.uid" } }, "mode", m)),
);

const projection = fc.oneof(
  fc.tuple(fc.constantFrom("app-secret", ""), items).map(([name, it]) => ({ secret: it ? { name, items: it } : { name } })),
  fc.tuple(fc.constantFrom("app-config", ""), items).map(([name, it]) => ({ configMap: it ? { name, items: it } : { name } })),
  fc.array(downwardItem, { minLength: 1, maxLength: 2 }).map((it) => ({ downwardAPI: { items: it } })),
  fc.constantFrom<Obj>(
    { serviceAccountToken: { path: "token", expirationSeconds: 3607 } }, { serviceAccountToken: { path: "token" } },
    { serviceAccountToken: { path: "", expirationSeconds: 60 } }, { serviceAccountToken: { path: "/var/run/token", expirationSeconds: 7200 } },
    { serviceAccountToken: { path: "../token", expirationSeconds: 5000000000 } }, { serviceAccountToken: { audience: "vault", path: "vault-token", expirationSeconds: 600 } },
    { secret: { name: "a" }, configMap: { name: "b" } }, {},
  ),
);

/** CSI volumes: driver names (required, length, DNS subdomain once lowercased) and the publish secret. */
const csiSource = fc.constantFrom<Obj>(
  { csi: { driver: "secrets-store.csi.k8s.io", readOnly: true, volumeAttributes: { secretProviderClass: "vault-db" } } },
  { csi: { driver: "Secrets-Store.CSI.k8s.io" } }, { csi: { driver: "" } }, { csi: { driver: "bad_driver!" } },
  { csi: { driver: "a".repeat(64) + ".example.com" } }, { csi: { driver: "ebs.csi.aws.com", nodePublishSecretRef: { name: "" } } },
  { csi: { driver: "ebs.csi.aws.com", nodePublishSecretRef: { name: "Bad_Secret" } } }, { csi: { driver: "ebs.csi.aws.com", nodePublishSecretRef: { name: "creds" } } },
);

/** Ephemeral volumes' claim templates, valid and not. */
const ephemeralSource = fc.tuple(
  fc.constantFrom<Obj | undefined>(undefined, { labels: { app: "web" } }, { labels: { "bad key!": "x" }, annotations: { "example.com/owner": "team" } }, { annotations: { "-bad": "x" } }),
  fc.constantFrom<string[] | undefined>(["ReadWriteOnce"], ["ReadWriteOncePod"], ["ReadWriteOnce", "ReadWriteOncePod"], ["ReadOnlyMany", "ReadWriteMany"], [], undefined, ["Sometimes"]),
  fc.constantFrom<Obj | undefined>({ requests: { storage: "1Gi" } }, { requests: { storage: "0" } }, { requests: { storage: "-1Gi" } }, { requests: { cpu: "1" } }, undefined, { limits: { storage: "2Gi" }, requests: { storage: "500Mi" } }),
  fc.constantFrom<Obj>({}, { storageClassName: "fast-ssd" }, { storageClassName: "Fast_SSD" }, { storageClassName: "" }, { volumeMode: "Block" }, { volumeMode: "Raw" }, { volumeMode: "Filesystem", storageClassName: "standard" }),
).map(([meta, modes, res, extra]) => {
  const spec: Obj = { ...extra };
  if (modes) spec.accessModes = modes;
  if (res) spec.resources = res;
  return { ephemeral: { volumeClaimTemplate: meta ? { metadata: meta, spec } : { spec } } };
});

/** The in-tree volume sources, valid and not. */
const legacySource = fc.constantFrom<Obj>(
  { gcePersistentDisk: { pdName: "disk-1", fsType: "ext4" } }, { gcePersistentDisk: { pdName: "", partition: 300 } }, { gcePersistentDisk: { pdName: "d", partition: -1 } },
  { awsElasticBlockStore: { volumeID: "vol-0abc", partition: 1 } }, { awsElasticBlockStore: { volumeID: "", partition: 256 } },
  { iscsi: { targetPortal: "10.0.0.1:3260", iqn: "iqn.2001-04.com.example:storage.disk1", lun: 0 } }, { iscsi: { targetPortal: "", iqn: "", lun: 300 } },
  { iscsi: { targetPortal: "10.0.0.1", iqn: "xyz.2001", lun: 1, chapAuthSession: true } }, { iscsi: { targetPortal: "10.0.0.1", iqn: "iqn.2001-04.com", lun: 1, initiatorName: "abc" } },
  { iscsi: { targetPortal: "10.0.0.1", iqn: "eui.02004567A425678D", lun: 1, initiatorName: "naa.short" } }, { iscsi: { targetPortal: "10.0.0.1", iqn: "naa.1234", lun: 1, initiatorName: "iqn.2001-04.com.example:x" } },
  { flocker: { datasetName: "data" } }, { flocker: {} }, { flocker: { datasetName: "a/b", datasetUUID: "u" } },
  { rbd: { monitors: ["10.0.0.1:6789"], image: "img" } }, { rbd: { monitors: [], image: "" } },
  { cinder: { volumeID: "v", secretRef: { name: "" } } }, { cinder: { volumeID: "" } }, { cephfs: { monitors: ["10.0.0.1:6789"] } }, { cephfs: { monitors: [] } },
  { quobyte: { registry: "registry:7861", volume: "vol" } }, { quobyte: { registry: "", volume: "" } }, { quobyte: { registry: "a:1,b", volume: "v" } },
  { quobyte: { registry: "[::1]:7861,host:1", volume: "v", tenant: "t".repeat(65) } },
  { fc: { targetWWNs: ["500a0982991b8dc5"], lun: 2 } }, { fc: {} }, { fc: { targetWWNs: ["a"], wwids: ["b"] } }, { fc: { targetWWNs: ["a"], lun: 300 } }, { fc: { wwids: ["3600508b400105e210000900000490000"] } },
  { flexVolume: { driver: "example.com/lvm", options: { size: "1Gi" } } }, { flexVolume: { driver: "", options: { "kubernetes.io/secret": "x" } } },
  { azureFile: { secretName: "azure-secret", shareName: "share" } }, { azureFile: { secretName: "", shareName: "" } },
  { vsphereVolume: { volumePath: "[ds] vols/v.vmdk" } }, { vsphereVolume: { volumePath: "" } }, { photonPersistentDisk: { pdID: "" } }, { portworxVolume: { volumeID: "" } },
  { azureDisk: { diskName: "d", diskURI: "https://acct.blob.core.windows.net/vhds/d.vhd" } }, { azureDisk: { diskName: "", diskURI: "", cachingMode: "Sometimes", kind: "Big" } },
  { azureDisk: { diskName: "d", diskURI: "https://x", kind: "Managed" } }, { azureDisk: { diskName: "d", diskURI: "/subscriptions/x", kind: "Shared", cachingMode: "ReadOnly" } },
  { storageos: { volumeName: "vol", volumeNamespace: "Bad_NS", secretRef: { name: "" } } }, { storageos: { volumeName: "" } }, { storageos: { volumeName: "Vol" } },
  { scaleIO: { gateway: "", system: "", volumeName: "", secretRef: { name: "s" } } }, { scaleIO: { gateway: "https://gw", system: "sys", volumeName: "v", secretRef: { name: "s" } } },
);

/** A volume source that passes validation (at the minors that know it). */
const validSource: fc.Arbitrary<Obj> = fc.oneof(
  fc.constantFrom<Obj>(
    { emptyDir: {} }, { emptyDir: { medium: "Memory" } }, { emptyDir: { sizeLimit: "1Gi" } }, { emptyDir: { medium: "Memory", sizeLimit: "64Mi" } },
    { emptyDir: { mode: 0o700 } }, { hostPath: { path: "/var/log" } }, { hostPath: { path: "/var/log", type: "Directory" } },
    { hostPath: { path: "/run/containerd/containerd.sock", type: "Socket" } }, { hostPath: { path: "/dev/sda", type: "" } },
    { persistentVolumeClaim: { claimName: "data-pvc" } }, { persistentVolumeClaim: { claimName: "logs", readOnly: true } },
    { nfs: { server: "nfs.example.com", path: "/exports/data" } }, { gitRepo: { repository: "https://github.com/acme/site.git", directory: "." } },
    { glusterfs: { endpoints: "glusterfs-cluster", path: "vol0" } },
    { ephemeral: { volumeClaimTemplate: { spec: { accessModes: ["ReadWriteOnce"], resources: { requests: { storage: "1Gi" } } } } } },
    { image: { reference: "quay.io/acme/models:v1", pullPolicy: "IfNotPresent" } },
  ),
  fc.tuple(fc.constantFrom("app-config", "nginx-conf"), modes, items).map(([name, m, it]) => ({ configMap: withMode(it ? { name, items: it } : { name }, "defaultMode", m) })),
  fc.tuple(fc.constantFrom("db-creds", "tls"), modes, items).map(([n, m, it]) => ({ secret: withMode({ secretName: n, ...(it ? { items: it } : {}) }, "defaultMode", m) })),
  fc.tuple(fc.array(projection, { minLength: 0, maxLength: 3 }), modes).map(([s, m]) => ({ projected: withMode({ sources: s }, "defaultMode", m) })),
  fc.tuple(fc.array(downwardItem, { minLength: 0, maxLength: 3 }), modes).map(([it, m]) => ({ downwardAPI: withMode({ items: it }, "defaultMode", m) })),
);

/** A volume source (valid or not), or two sources at once. */
const source: fc.Arbitrary<Obj> = fc.oneof(
  { arbitrary: validSource, weight: 3 },
  fc.constantFrom<Obj>(
    { emptyDir: { sizeLimit: "-1Gi" } }, { emptyDir: { mode: 0o4000 } }, { hostPath: { path: "" } },
    { hostPath: { path: "/var/../etc" } }, { hostPath: { path: "/x", type: "Dir" } }, { hostPath: { path: "relative/dir", type: "DirectoryOrCreate" } },
    { persistentVolumeClaim: { claimName: "" } }, { nfs: { server: "", path: "exports" } }, { nfs: { server: "10.0.0.5", path: "" } },
    { gitRepo: { repository: "", directory: "/abs" } }, { gitRepo: { repository: "r", directory: "../up" } }, { glusterfs: { endpoints: "", path: "" } },
    { ephemeral: {} }, { image: { reference: "", pullPolicy: "Sometimes" } }, { configMap: {} }, { secret: {} }, {},
    { emptyDir: {}, configMap: { name: "x" } }, { hostPath: { path: "/x" }, secret: { secretName: "s" } },
    { downwardAPI: { items: [] }, projected: { sources: [] } }, { persistentVolumeClaim: { claimName: "c" }, nfs: { server: "n", path: "/p" } },
    { configMap: { name: "c" }, image: { reference: "r", pullPolicy: "Always" } },
  ),
  { arbitrary: csiSource, weight: 1 },
  { arbitrary: legacySource, weight: 3 },
  { arbitrary: ephemeralSource, weight: 2 },
);

const volumeName = mix(["cache", "scratch", "tokens", "podinfo", "block", "models"], ["Bad_Vol", "", "data"], 6);
const volume = fc.tuple(volumeName, source).map(([name, s]) => ({ name, ...s }));

/** A mount's optional fields (readOnly, subPath, subPathExpr, propagation, recursiveReadOnly), mostly valid. */
const mountOptions = fc.oneof(
  { weight: 3, arbitrary: fc.record({
    readOnly: fc.option(fc.boolean(), { nil: undefined }),
    subPath: fc.option(fc.constantFrom("logs", "app/conf", "a..b"), { nil: undefined }),
    mountPropagation: fc.option(fc.constantFrom("None", "HostToContainer"), { nil: undefined }),
  }, { requiredKeys: [] }) },
  fc.record({ readOnly: fc.constant(true), recursiveReadOnly: fc.constantFrom("Enabled", "IfPossible", "Disabled") }),
  fc.record({ subPathExpr: fc.constantFrom("$(POD_NAME)", "logs/$(POD_NAME)") }),
  fc.record({
    readOnly: fc.option(fc.boolean(), { nil: undefined }),
    subPath: fc.option(fc.constantFrom("logs", "/abs", "../up", "a/../../b", "app/..", ""), { nil: undefined }),
    subPathExpr: fc.option(fc.constantFrom("$(POD_NAME)", "/$(POD_NAME)", "../$(POD_NAME)"), { nil: undefined }),
    mountPropagation: fc.option(fc.constantFrom("None", "HostToContainer", "Bidirectional", "Sideways"), { nil: undefined }),
    recursiveReadOnly: fc.option(fc.constantFrom("Disabled", "Enabled", "IfPossible", "Always"), { nil: undefined }),
    bindMountOptions: fc.option(fc.constantFrom(["noexec"], ["nodev", "nosuid"], ["nodev", "nodev"], ["bogus"]), { nil: undefined }),
  }, { requiredKeys: [] }),
);

const mount = fc.tuple(
  fc.constantFrom("data", "config", "cache", "scratch", "tokens", "podinfo", "block", "models", "missing", ""),
  fc.constantFrom("/data", "/cache", "/var/run/tokens", "/etc/podinfo", "/dev/xvda", "", "/models"),
  mountOptions,
).map(([name, mountPath, r]) => {
  const m: Obj = { name, mountPath };
  for (const [k, v] of Object.entries(r)) if (v !== undefined) m[k] = v;
  return m;
});

const device = fc.constantFrom<Obj>(
  { name: "block", devicePath: "/dev/xvdb" }, { name: "cache", devicePath: "/dev/xvdc" }, { name: "missing", devicePath: "/dev/xvdd" },
  { name: "", devicePath: "" }, { name: "block", devicePath: "/dev/../xvde" }, { name: "data", devicePath: "/data" }, { name: "block", devicePath: "/dev/xvdb" },
);

const keyRef = mix<Obj>([{ name: "app-config", key: "log.level" }, { name: "db-creds", key: "password" }, { name: "app-config", key: "LOG_LEVEL", optional: true }], [
  { name: "app-config", key: "log.level" }, { name: "", key: "" }, { name: "Bad_Name", key: "bad key" }, { name: "c", key: ".." },
  { name: "c", key: "..hidden" }, { name: "c", key: "." }, { name: "app-config", key: "LOG_LEVEL", optional: true }, { key: "k" },
], 2);
const valueFrom = fc.oneof(
  { weight: 2, arbitrary: fieldRef.map((f) => ({ fieldRef: f })) },
  { weight: 2, arbitrary: resourceFieldRef.map((r) => ({ resourceFieldRef: r })) },
  { weight: 2, arbitrary: keyRef.map((k) => ({ configMapKeyRef: k })) },
  { weight: 2, arbitrary: keyRef.map((k) => ({ secretKeyRef: k })) },
  fc.constantFrom<Obj>(
    { fileKeyRef: { path: "env/app.env", volumeName: "config", key: "DB_HOST" } }, { fileKeyRef: { path: "../x", volumeName: "Bad", key: "A=B" } },
    { fileKeyRef: {} }, {}, { fieldRef: { apiVersion: "v1", fieldPath: "metadata.name" }, secretKeyRef: { name: "s", key: "k" } },
  ),
);
const envVar = fc.tuple(mix(["POD_NAME", "CPU_LIMIT", "DB_PASSWORD", "MY VAR"], ["1BAD"], 8), valueFrom, mix<string | undefined>([undefined], ["x"], 8))
  .map(([name, vf, value]) => (value === undefined ? { name, valueFrom: vf } : { name, value, valueFrom: vf }));

const envFrom = mix<Obj>([{ configMapRef: { name: "app-config" } }, { prefix: "DB_", secretRef: { name: "db-creds", optional: true } }, { prefix: "my prefix", configMapRef: { name: "c" } }], [
  { configMapRef: { name: "app-config" } }, { prefix: "APP_", secretRef: { name: "db-creds" } }, { prefix: "1BAD", configMapRef: { name: "c" } },
  {}, { configMapRef: { name: "a" }, secretRef: { name: "b" } }, { configMapRef: { name: "" } }, { configMapRef: { name: "Bad_Name" } },
  { secretRef: { name: "creds-" } }, { secretRef: { name: "a-" } }, { prefix: "my prefix", configMapRef: { name: "c" } }, { configMapRef: { name: "-x" } },
  { prefix: "..", secretRef: { name: "s", optional: true } }, { prefix: "A=", configMapRef: { name: "c" } },
], 2);

type Edit = (p: Obj) => void;

/** Edits of one pod's volumes, mounts, devices, env and envFrom. */
const edits: fc.Arbitrary<Edit> = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(fc.nat(2), fc.constantFrom("cache", "tokens", "podinfo", "models", "scratch"), validSource, mountOptions).map(([i, base, src, opts]) => (p: Obj) => {
    // a volume and a mount of it (unique names and paths)
    const name = `${base}-${p.spec.volumes?.length ?? 0}`;
    p.spec.volumes = [...(p.spec.volumes ?? []), { name, ...src }];
    const c = p.spec.containers[i % p.spec.containers.length];
    const m: Obj = { name, mountPath: `/mnt/${name}` };
    for (const [k, v] of Object.entries(opts)) if (v !== undefined) m[k] = v;
    c.volumeMounts = [...(c.volumeMounts ?? []), m];
  }) },
  { weight: 2, arbitrary: fc.array(volume, { minLength: 1, maxLength: 3 }).map((vs) => (p: Obj) => { p.spec.volumes = [...(p.spec.volumes ?? []), ...vs]; }) },
  { weight: 1, arbitrary: fc.constant((p: Obj) => { p.spec.volumes = [...(p.spec.volumes ?? []), { name: "block", persistentVolumeClaim: { claimName: "block-pvc" } }]; }) },
  { weight: 1, arbitrary: fc.constant((p: Obj) => { p.spec.volumes = [...(p.spec.volumes ?? []), { name: "scratch", ephemeral: { volumeClaimTemplate: { spec: { accessModes: ["ReadWriteOnce"], resources: { requests: { storage: "1Gi" } } } } } }, { name: "claim", persistentVolumeClaim: { claimName: `${p.metadata.name}-scratch` } }]; }) },
  { weight: 1, arbitrary: fc.tuple(fc.nat(2), fc.array(mount, { minLength: 1, maxLength: 3 })).map(([i, ms]) => (p: Obj) => { const c = p.spec.containers[i % p.spec.containers.length]; c.volumeMounts = [...(c.volumeMounts ?? []), ...ms]; }) },
  { weight: 1, arbitrary: fc.array(mount, { minLength: 1, maxLength: 2 }).map((ms) => (p: Obj) => { const c = p.spec.initContainers?.[0]; if (c) c.volumeMounts = ms; }) },
  { weight: 1, arbitrary: fc.constant((p: Obj) => { p.spec.containers[0].securityContext = { privileged: true }; }) },
  { weight: 2, arbitrary: fc.tuple(fc.nat(2), fc.boolean()).map(([i, eph]) => (p: Obj) => {
    // a claim-backed volume used as a block device
    const name = `block-${p.spec.volumes?.length ?? 0}`;
    const src = eph ? { ephemeral: { volumeClaimTemplate: { spec: { accessModes: ["ReadWriteOnce"], volumeMode: "Block", resources: { requests: { storage: "1Gi" } } } } } } : { persistentVolumeClaim: { claimName: "raw-disk" } };
    p.spec.volumes = [...(p.spec.volumes ?? []), { name, ...src }];
    const c = p.spec.containers[i % p.spec.containers.length];
    c.volumeDevices = [...(c.volumeDevices ?? []), { name, devicePath: `/dev/${name}` }];
  }) },
  { weight: 1, arbitrary: fc.tuple(fc.nat(2), fc.array(device, { minLength: 1, maxLength: 2 })).map(([i, ds]) => (p: Obj) => { const c = p.spec.containers[i % p.spec.containers.length]; c.volumeDevices = ds; }) },
  { weight: 4, arbitrary: fc.tuple(fc.nat(2), fc.array(envVar, { minLength: 1, maxLength: 3 })).map(([i, es]) => (p: Obj) => { const c = p.spec.containers[i % p.spec.containers.length]; c.env = [...(c.env ?? []), ...es]; }) },
  { weight: 1, arbitrary: fc.array(envVar, { minLength: 1, maxLength: 2 }).map((es) => (p: Obj) => { const c = p.spec.initContainers?.[0]; if (c) c.env = es; }) },
  { weight: 3, arbitrary: fc.tuple(fc.nat(2), fc.array(envFrom, { minLength: 1, maxLength: 3 })).map(([i, ef]) => (p: Obj) => { const c = p.spec.containers[i % p.spec.containers.length]; c.envFrom = ef; }) },
);

/** One request exercising the volume, mount and env-source rules at `minor` (allowPrivileged absent, true or false). */
export const volumeRequest = (minor: string): fc.Arbitrary<string> =>
  fc.tuple(storedPod, fc.array(edits, { minLength: 1, maxLength: 3 }), fc.array(edits, { minLength: 0, maxLength: 1 }), fc.constantFrom("new", "both", "both", "both"), fc.boolean(), fc.constantFrom<boolean | undefined>(undefined, true, false)).map(([old, es, more, where, extra, ap]) => {
    const nu = structuredClone(old);
    for (const e of es) e(nu);
    if (where === "both") {
      // the same edits on both sides: the old pod's options come into play, no spec change
      for (const e of es) e(old);
      if (extra) for (const e of more) e(nu);
    }
    // allowPrivileged: absent (true), true or false (privileged containers, Bidirectional mounts)
    return JSON.stringify(ap === undefined ? { op: "pod.validateUpdate", kubernetes: minor, old, new: nu } : { op: "pod.validateUpdate", kubernetes: minor, old, new: nu, allowPrivileged: ap });
  });

/** A fixed stored pod for the option cases. */
function basePod(): Obj {
  return {
    apiVersion: "v1", kind: "Pod",
    metadata: { name: "web-0", namespace: "default", uid: "6f1c9a2e-2b7d-4c1e-9a51-3f0d8e2b4c7a", resourceVersion: "48213", labels: { app: "web" } },
    spec: {
      containers: [{ name: "app", image: "nginx:1.25.3", terminationMessagePath: "/dev/termination-log", terminationMessagePolicy: "File", imagePullPolicy: "IfNotPresent", resources: { limits: { cpu: "1", memory: "1Gi", "hugepages-2Mi": "64Mi" }, requests: { cpu: "1", memory: "1Gi", "hugepages-2Mi": "64Mi" } } }],
      volumes: [{ name: "data", emptyDir: {} }],
      restartPolicy: "Always", terminationGracePeriodSeconds: 30, dnsPolicy: "ClusterFirst", serviceAccountName: "default", serviceAccount: "default",
      securityContext: {}, schedulerName: "default-scheduler", priority: 0, enableServiceLinks: true, nodeName: "node-1",
    },
    status: { phase: "Running" },
  };
}

/** Pod features whose acceptance depends on the old pod using them too (the strategy's validation options). */
const OPTION_FEATURES: Array<[string, (p: Obj) => void]> = [
  ["hugepages env", (p) => { p.spec.containers[0].env = [{ name: "HUGE", valueFrom: { resourceFieldRef: { resource: "requests.hugepages-2Mi", divisor: "1Mi" } } }]; }],
  ["hugepages volume", (p) => { p.spec.volumes.push({ name: "podinfo", downwardAPI: { items: [{ path: "huge", resourceFieldRef: { containerName: "app", resource: "limits.hugepages-2Mi" } }] } }); }],
  ["hostIPs env", (p) => { p.spec.containers[0].env = [{ name: "HOST_IPS", valueFrom: { fieldRef: { apiVersion: "v1", fieldPath: "status.hostIPs" } } }]; }],
  ["hostIPs volume", (p) => { p.spec.volumes.push({ name: "podinfo", downwardAPI: { items: [{ path: "ips", fieldRef: { apiVersion: "v1", fieldPath: "status.hostIPs" } }] } }); }],
  ["relaxed env name", (p) => { p.spec.containers[0].env = [{ name: "MY VAR", value: "1" }]; }],
  ["relaxed envFrom prefix", (p) => { p.spec.containers[0].envFrom = [{ prefix: "my prefix", configMapRef: { name: "app-config" } }]; }],
  ["non-local token path", (p) => { p.spec.volumes.push({ name: "token", projected: { sources: [{ serviceAccountToken: { path: "/var/run/token", expirationSeconds: 3600 } }] } }); }],
  ["empty image reference", (p) => { p.spec.volumes.push({ name: "models", image: { reference: "", pullPolicy: "IfNotPresent" } }); }],
  ["fileKeyRef", (p) => { p.spec.containers[0].env = [{ name: "DB_HOST", valueFrom: { fileKeyRef: { path: "app.env", volumeName: "data", key: "DB_HOST" } } }, { name: "NONE", valueFrom: {} }]; }],
];

/** Request lines for each option feature: used by the new pod only, and by both pods. */
export function optionRequests(minor: string): string[] {
  const out: string[] = [];
  for (const [, f] of OPTION_FEATURES) {
    for (const both of [false, true]) {
      const old = basePod(), nu = basePod();
      f(nu);
      if (both) f(old);
      out.push(JSON.stringify({ op: "pod.validateUpdate", kubernetes: minor, old, new: nu }));
    }
  }
  return out;
}
