// Shapes of the JSON the Go reflector (tools/schemagen/reflector) prints for one set of roots.

/** Which marshalling interfaces a type implements, by receiver ("value", "pointer" or absent). */
export interface GoMethods {
  marshalJSON?: string;
  unmarshalJSON?: string;
  marshalText?: string;
  unmarshalText?: string;
  isZero?: string;
  string?: string;
  error?: string;
}

/** One struct field, in declaration order. */
export interface GoField {
  name: string;
  exported: boolean;
  anonymous: boolean;
  type: string;
  tag: string;
  hasTag: boolean;
  json: string;
  tagged: boolean;
  skip: boolean;
  omitempty: boolean;
  omitzero: boolean;
  string: boolean;
  inline: boolean;
  options?: string[];
  /** `patchStrategy` struct tag (absent when empty), e.g. "merge" or "merge,retainKeys". */
  patchStrategy?: string;
  /** `patchMergeKey` struct tag (absent when empty), e.g. "name". */
  patchMergeKey?: string;
}

/** One reachable type; `name` is reflect.Type.String(). */
export interface GoType {
  name: string;
  goName?: string;
  pkg?: string;
  kind: string;
  kindNum: number;
  elem?: string;
  key?: string;
  len?: number;
  size: number;
  methods: GoMethods;
  fields?: GoField[];
}

/** The reflector's whole output. */
export interface GoReflection {
  go: string;
  modules: Record<string, string>;
  roots: string[];
  types: GoType[];
}

/** Pinned module versions (tools/schemagen/versions.json). */
export interface Versions {
  kruise: { path: string; version: string; commit: string; repo: string; note?: string };
  minors: Record<string, { api: string; apimachinery: string; note?: string }>;
  /** The OpenKruise releases before `kruise` with tables of their own ("1.5" -> v1.5.5 at its pinned Kubernetes minor). */
  kruiseReleases?: Record<string, { version: string; minor: string; api: string; note?: string }>;
}

/** The table slot key of OpenKruise minor `kruise` (its own types at its pinned Kubernetes minor): 100 + kruise. */
export const KRUISE_SLOT_BASE = 100;

/** Names of the types a type refers to directly (field types, element and key types). */
export function refsOf(t: GoType): string[] {
  const out: string[] = [];
  for (const f of t.fields ?? []) out.push(f.type);
  if (t.key !== undefined) out.push(t.key);
  if (t.elem !== undefined) out.push(t.elem);
  return out;
}

/** True for types declared in an OpenKruise package. */
export function isKruise(t: GoType): boolean {
  return (t.pkg ?? "").startsWith("github.com/openkruise/");
}
