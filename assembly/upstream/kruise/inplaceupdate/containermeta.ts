// What CalculateSpec reads of a template's containers: each container's name and, for the env-from-metadata
// rule, utilcontainermeta.IsContainerReferenceToMeta (pkg/util/containermeta): the fieldPaths of its env vars
// that can refer to pod metadata (no value, a valueFrom.fieldRef, not the SidecarSet version vars), split as
// fieldpath.SplitMaybeSubscriptedPath splits them. The view is built here from a typed template; a shortcut
// (fast/kruisespec/containersview.ts) builds the same view from the JSON.

import { TV, fieldOf, deref, strOf, sliceLen, sliceAt } from "./typed";

/** The containers of a template as the rules read them. */
export class ContainersView {
  names: Array<string> = new Array<string>();
  /** Per container, the fieldPaths of env vars that may read metadata (null: not collected). */
  refs: Array<Array<string>> | null = null;

  /** Number of containers. */
  get count(): i32 { return this.names.length; }

  /** IsContainerReferenceToMeta(container i, metaPath, key). */
  refersTo(i: i32, metaPath: string, key: string): bool {
    const fps = this.refs![i];
    for (let j = 0; j < fps.length; j++) if (fieldPathIs(fps[j], metaPath, key)) return true;
    return false;
  }

  /** True when some container's env reads metaPath['key']. */
  anyRefersTo(metaPath: string, key: string): bool {
    for (let c = 0, n = this.count; c < n; c++) if (this.refersTo(c, metaPath, key)) return true;
    return false;
  }
}

/** fieldpath.SplitMaybeSubscriptedPath(fp) == (metaPath, key, true). */
function fieldPathIs(fp: string, metaPath: string, key: string): bool {
  if (!fp.endsWith("']")) return false;
  const s = fp.substring(0, fp.length - 2);
  const at = s.indexOf("['");
  if (at <= 0) return false;
  return s.substring(0, at) == metaPath && s.substring(at + 2) == key;
}

/** True for the env vars IsContainerReferenceToMeta skips by name (excludeEnvs). */
export function sidecarSetVersion(name: string): bool {
  return name == "SIDECARSET_VERSION" || name == "SIDECARSET_VERSION_ALT";
}

/** One env var of a container that reads pod fields: its name and valueFrom.fieldRef.fieldPath. */
export class FieldRefEnv {
  constructor(public name: string, public fieldPath: string) {}
}

/** The env vars of typed container `c` that IsContainerReferenceToMeta (and EnvFromMetadataHasher) look at: no value, a valueFrom.fieldRef, not excludeEnvs. */
export function fieldRefEnvs(c: TV): Array<FieldRefEnv> {
  const out = new Array<FieldRefEnv>();
  const env = fieldOf(c, "env");
  for (let j = 0, m = sliceLen(env); j < m; j++) {
    const e = sliceAt(env, j);
    if (strOf(fieldOf(e, "value")).length != 0) continue;
    const vf = fieldOf(e, "valueFrom");
    if (vf.v === null) continue;
    const fr = fieldOf(deref(vf), "fieldRef");
    if (fr.v === null) continue;
    const name = strOf(fieldOf(e, "name"));
    if (sidecarSetVersion(name)) continue;
    out.push(new FieldRefEnv(name, strOf(fieldOf(deref(fr), "fieldPath"))));
  }
  return out;
}

/** The view of typed containers `cs` (a []Container value); env references when `refs`. */
export function typedContainers(cs: TV, refs: bool): ContainersView {
  const v = new ContainersView();
  if (refs) v.refs = new Array<Array<string>>();
  for (let i = 0, n = sliceLen(cs); i < n; i++) {
    const c = sliceAt(cs, i);
    v.names.push(strOf(fieldOf(c, "name")));
    if (!refs) continue;
    const fps = new Array<string>();
    const envs = fieldRefEnvs(c);
    for (let j = 0; j < envs.length; j++) fps.push(envs[j].fieldPath);
    v.refs!.push(fps);
  }
  return v;
}
