// Kruise v1.9.0's defaultCalculateInPlaceUpdateSpec written straightforwardly in JS for the verdict
// benchmark, on top of fast-json-patch `compare` (where Kruise uses appscode CreatePatch): every
// operation outside /metadata must be a `replace` of /spec/containers/N/image, metadata label and
// annotation changes read by a container's env (downward API fieldRef) go to containerRefMetadata,
// the rest of the metadata change becomes metaDataPatch (CreateTwoWayMergePatch of the two pods' metadata:
// for the labels/annotations maps a template carries it is the merge-patch diff, keys sorted). Default
// gates (InPlaceUpdateEnvFromMetadata on, InPlaceWorkloadVerticalScaling and the VCT gate off).
// Not part of the engine: the JS baseline bench/verdict.ts times the engine against.

import fastJsonPatch from "fast-json-patch";
import { goObjectMeta, goSorted, goString, goStringMap } from "./gojson.ts";

const { compare } = fastJsonPatch;

/** A JSON object. */
type Obj = { [key: string]: unknown };
/** The parts of a container the rules read. */
interface Container { name: string; env?: { name: string; value?: string; valueFrom?: { fieldRef?: { fieldPath: string } } }[] }
/** The parts of a pod template the rules read. */
interface Template { metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> }; spec: { containers: Container[] } }

/** Kruise's UpdateSpec (only the fields the default gates can fill). */
export interface UpdateSpec {
  revision: string;
  containerImages: Record<string, string>;
  containerRefMetadata: Record<string, { labels?: Record<string, string>; annotations?: Record<string, string> }>;
  metaDataPatch?: string;
  updateEnvFromMetadata: boolean;
}

const IMAGE_PATH = /^\/spec\/containers\/(\d+)\/image$/;
const EXCLUDED_ENVS = new Set(["SIDECARSET_VERSION", "SIDECARSET_VERSION_ALT"]);

/** containermeta.IsContainerReferenceToMeta: an env var of `c` reads `path['key']` through a fieldRef. */
function refersToMeta(c: Container, path: string, key: string): boolean {
  for (const e of c.env ?? []) {
    if (e.value || !e.valueFrom?.fieldRef || EXCLUDED_ENVS.has(e.name)) continue;
    const fp = e.valueFrom.fieldRef.fieldPath;
    if (!fp.endsWith("']")) continue;
    const s = fp.slice(0, -2);
    const i = s.indexOf("['");
    if (i <= 0) continue;
    if (s.slice(0, i) === path && s.slice(i + 2) === key) return true;
  }
  return false;
}

/** The template stored in a CloneSet revision's data (GetTemplateFromRevision), copied. */
function templateOf(revision: Obj): Template {
  return structuredClone(((revision.data as Obj).spec as Obj).template) as Template;
}

/** A two-way merge-patch diff of two metadata objects (null removes a key). */
function metaDiff(a: Obj, b: Obj): Obj | undefined {
  const out: Obj = {};
  let n = 0;
  for (const k of Object.keys(a)) if (!(k in b)) { out[k] = null; n++; }
  for (const k of Object.keys(b)) {
    const x = a[k];
    const y = b[k];
    if (x && y && typeof x === "object" && typeof y === "object" && !Array.isArray(x) && !Array.isArray(y)) {
      const d = metaDiff(x as Obj, y as Obj);
      if (d) { out[k] = d; n++; }
    } else if (JSON.stringify(x) !== JSON.stringify(y)) { out[k] = y; n++; }
  }
  return n ? out : undefined;
}

/** Metadata without empty maps (json.Marshal's omitempty). */
function nonEmpty(m: Template["metadata"]): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(m ?? {})) if (!(v && typeof v === "object" && Object.keys(v).length === 0)) out[k] = v;
  return out;
}

/** defaultCalculateInPlaceUpdateSpec: the UpdateSpec, or null when the pods must be recreated. */
export function calculateInPlaceUpdateSpec(oldRevision: Obj, newRevision: Obj): UpdateSpec | null {
  const patches = compare(oldRevision.data as Obj, newRevision.data as Obj);
  const oldTemp = templateOf(oldRevision);
  const newTemp = templateOf(newRevision);
  const spec: UpdateSpec = { revision: (newRevision.metadata as Obj).name as string, containerImages: {}, containerRefMetadata: {}, updateEnvFromMetadata: false };
  const metadataPatches: { op: string; path: string; value?: unknown }[] = [];
  for (const p of patches) {
    const path = p.path.replace("/spec/template", "");
    if (!path.startsWith("/spec/")) {
      if (path.startsWith("/metadata/")) { metadataPatches.push({ op: p.op, path, value: (p as { value?: unknown }).value }); continue; }
      return null;
    }
    if (p.op !== "replace") return null;
    const m = IMAGE_PATH.exec(path);
    if (!m) return null;
    const idx = Number(m[1]);
    if (oldTemp.spec.containers.length <= idx) return null;
    spec.containerImages[oldTemp.spec.containers[idx]!.name] = (p as { value: string }).value;
  }
  if (metadataPatches.length > 0) {
    for (const op of metadataPatches) {
      if (op.op !== "replace" && op.op !== "add") continue;
      const words = op.path.split("/");
      if (words.length < 4 || (words[2] !== "labels" && words[2] !== "annotations")) continue;
      const key = words.slice(3).join("/").replace(/~1/g, "/").replace(/~0/g, "~");
      const kind = words[2] as "labels" | "annotations";
      for (const c of newTemp.spec.containers) {
        if (!refersToMeta(c, `metadata.${kind}`, key)) continue;
        const meta = (spec.containerRefMetadata[c.name] ??= {});
        (meta[kind] ??= {})[key] = op.value as string;
        delete oldTemp.metadata?.[kind]?.[key];
        delete newTemp.metadata?.[kind]?.[key];
        spec.updateEnvFromMetadata = true;
      }
    }
    const diff = metaDiff(nonEmpty(oldTemp.metadata), nonEmpty(newTemp.metadata));
    spec.metaDataPatch = Buffer.from(goSorted(diff ? { metadata: diff } : {})).toString("base64");
  }
  return spec;
}

/** The UpdateSpec as Kruise's json.Marshal writes it. */
export function updateSpecJSON(s: UpdateSpec): string {
  let out = `{"revision":${goString(s.revision)}`;
  if (Object.keys(s.containerImages).length) out += `,"containerImages":${goStringMap(s.containerImages)}`;
  const names = Object.keys(s.containerRefMetadata).sort();
  if (names.length) out += `,"containerRefMetadata":{${names.map((n) => `${goString(n)}:${goObjectMeta(s.containerRefMetadata[n]!)}`).join(",")}}`;
  if (s.metaDataPatch) out += `,"metaDataPatch":"${s.metaDataPatch}"`;
  if (s.updateEnvFromMetadata) out += `,"updateEnvFromMetadata":true`;
  return out + "}";
}
