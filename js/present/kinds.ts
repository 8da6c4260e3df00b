// Workload kinds as manifests spell them (apiVersion + kind) mapped to the names the engine's ops use.

/** The workload kinds the verdict and planner ops know. */
export type WorkloadKind =
  | "Pod"
  | "Deployment"
  | "ReplicaSet"
  | "StatefulSet"
  | "DaemonSet"
  | "CloneSet"
  | "AdvancedStatefulSet"
  | "AdvancedDaemonSet";

/** The OpenKruise feature gates the verdict and kruise.* ops take (the others in a --gate list are Kubernetes gates). */
export const KRUISE_GATES: readonly string[] = ["KruiseDaemon", "InPlaceUpdateEnvFromMetadata", "InPlaceWorkloadVerticalScaling", "RecreatePodWhenChangeVCTInCloneSetGate"];

/** True for the OpenKruise kinds (CloneSet, Advanced StatefulSet, Advanced DaemonSet). */
export function isKruiseKind(kind: WorkloadKind | undefined): boolean {
  return kind === "CloneSet" || kind === "AdvancedStatefulSet" || kind === "AdvancedDaemonSet";
}

/** Where an object is: kind, namespace and name as a person reads them. */
export interface ObjectIdentity {
  apiVersion: string;
  kind: string;
  namespace: string;
  name: string;
}

/** A plain JSON object, or undefined for anything else. */
export function asObject(x: unknown): { [key: string]: unknown } | undefined {
  return typeof x === "object" && x !== null && !Array.isArray(x) ? (x as { [key: string]: unknown }) : undefined;
}

/** The member `key` of `x` when it is a string, else "". */
function str(x: { [key: string]: unknown } | undefined, key: string): string {
  const v = x?.[key];
  return typeof v === "string" ? v : "";
}

/** apiVersion, kind, namespace and name of a manifest (empty strings where absent). */
export function identity(object: unknown): ObjectIdentity {
  const o = asObject(object);
  const meta = asObject(o?.["metadata"]);
  return { apiVersion: str(o, "apiVersion"), kind: str(o, "kind"), namespace: str(meta, "namespace"), name: str(meta, "name") };
}

/** The API group of an apiVersion ("apps/v1" → "apps", "v1" → ""). */
export function apiGroup(apiVersion: string): string {
  const slash = apiVersion.indexOf("/");
  return slash < 0 ? "" : apiVersion.slice(0, slash);
}

/** The engine's workload kind for a manifest, or undefined when it is not a workload the engine knows. */
export function workloadKind(object: unknown): WorkloadKind | undefined {
  const { apiVersion, kind } = identity(object);
  const group = apiGroup(apiVersion);
  if (group === "apps.kruise.io") {
    if (kind === "CloneSet") return "CloneSet";
    if (kind === "StatefulSet") return "AdvancedStatefulSet";
    if (kind === "DaemonSet") return "AdvancedDaemonSet";
    return undefined;
  }
  if (group === "" && kind === "Pod") return "Pod";
  if (group === "apps" || group === "extensions" || (group === "" && apiVersion === "")) {
    if (kind === "Deployment" || kind === "ReplicaSet" || kind === "StatefulSet" || kind === "DaemonSet") return kind;
  }
  if (apiVersion === "" && kind === "Pod") return "Pod";
  return undefined;
}

/** A stable key pairing the same object in two files: group, kind, namespace and name. */
export function objectKey(object: unknown): string {
  const id = identity(object);
  return `${apiGroup(id.apiVersion)}/${id.kind}/${id.namespace}/${id.name}`;
}

/** "CloneSet default/web" style label of an object. */
export function objectLabel(object: unknown): string {
  const id = identity(object);
  const where = id.namespace === "" ? id.name : `${id.namespace}/${id.name}`;
  return `${id.kind || "object"} ${where || "(unnamed)"}`.trim();
}

/** The pod template of a workload (spec.template), or for a Pod the pod itself; undefined when absent. */
export function podTemplate(object: unknown): { [key: string]: unknown } | undefined {
  const o = asObject(object);
  if (workloadKind(object) === "Pod") return o;
  return asObject(asObject(o?.["spec"])?.["template"]);
}

/** A container of a pod spec, with the list it is in. */
export interface ContainerRef {
  list: "initContainers" | "containers" | "ephemeralContainers";
  index: number;
  name: string;
  container: { [key: string]: unknown };
}

/** The containers of a pod template (init containers first, as the pod lists them). */
export function containersOf(object: unknown): ContainerRef[] {
  const spec = asObject(podTemplate(object)?.["spec"]);
  const out: ContainerRef[] = [];
  for (const list of ["initContainers", "containers"] as const) {
    const items = spec?.[list];
    if (!Array.isArray(items)) continue;
    items.forEach((c, index) => {
      const container = asObject(c);
      if (container !== undefined) out.push({ list, index, name: str(container, "name"), container });
    });
  }
  return out;
}
