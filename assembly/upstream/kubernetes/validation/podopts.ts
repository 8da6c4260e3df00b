// The PodValidationOptions the pod strategy computes from the old and new specs
// (GetValidationOptionsFromPodSpecAndMeta) that the volume, mount and env source checks read, with
// each minor's feature-gate defaults, set into the update's PodValidationOptions (options.ts).

import { Val } from "../../../typed/value";
import { fld, str, sliceLen, at } from "./view";
import { envVarNameErrors, relaxedEnvVarNameErrors } from "./envnames";
import { localNonReservedPathOk } from "./localpath";
import { PodValidationOptions } from "./options";

/** Sets the volume, mount and env source options of `o` for an update of `oldSpec` to `newSpec` (at `o.minor`). */
export function podOptions(o: PodValidationOptions, oldSpec: Val | null, newSpec: Val | null): void {
  const minor = o.minor;
  o.hugePages = minor >= 27 || (minor >= 23 && minor <= 26) ||
    (minor >= 20 && (hugePagesInVolumes(oldSpec) || hugePagesInEnv(oldSpec)));
  o.hostIPs = minor != 28 || fieldPathUsed(oldSpec, "status.hostIPs");
  o.relaxedEnv = minor >= 32 || (minor >= 30 && relaxedNameReused(oldSpec, newSpec));
  o.envFiles = minor >= 35 || (minor == 34 && fileKeyRefUsed(oldSpec));
  o.nonLocalTokenPath = minor >= 30 && nonLocalTokenPath(oldSpec);
  o.emptyImageRef = minor >= 37 && emptyImageRef(oldSpec);
}

const CONTAINER_LISTS = ["Containers", "InitContainers"];

function isHugePagesResource(r: string): bool {
  return r.startsWith("requests.hugepages-") || r.startsWith("limits.hugepages-");
}

/** usesHugePagesInProjectedVolume: a downwardAPI volume item's resourceFieldRef names hugepages. */
function hugePagesInVolumes(spec: Val | null): bool {
  const vols = fld(spec, "Volumes");
  for (let i = 0; i < sliceLen(vols); i++) {
    const items = fld(fld(fld(at(vols, i), "VolumeSource"), "DownwardAPI"), "Items");
    for (let j = 0; j < sliceLen(items); j++) {
      const rf = fld(at(items, j), "ResourceFieldRef");
      if (rf !== null && isHugePagesResource(str(fld(rf, "Resource")))) return true;
    }
  }
  return false;
}

/** Every container of the spec (regular, init, ephemeral) as its env list. */
function envLists(spec: Val | null): Array<Val | null> {
  const out = new Array<Val | null>();
  for (let l = 0; l < CONTAINER_LISTS.length; l++) {
    const list = fld(spec, CONTAINER_LISTS[l]);
    for (let i = 0; i < sliceLen(list); i++) out.push(fld(at(list, i), "Env"));
  }
  const eph = fld(spec, "EphemeralContainers");
  for (let i = 0; i < sliceLen(eph); i++) out.push(fld(fld(at(eph, i), "EphemeralContainerCommon"), "Env"));
  return out;
}

/** usesHugePagesInProjectedEnv over every container. */
function hugePagesInEnv(spec: Val | null): bool {
  const lists = envLists(spec);
  for (let l = 0; l < lists.length; l++) {
    const env = lists[l];
    for (let i = 0; i < sliceLen(env); i++) {
      const rf = fld(fld(at(env, i), "ValueFrom"), "ResourceFieldRef");
      if (rf !== null && isHugePagesResource(str(fld(rf, "Resource")))) return true;
    }
  }
  return false;
}

/** hasUsedDownwardAPIFieldPathWithPodSpec: downwardAPI volume items, then init and regular containers' env. */
function fieldPathUsed(spec: Val | null, path: string): bool {
  const vols = fld(spec, "Volumes");
  for (let i = 0; i < sliceLen(vols); i++) {
    const items = fld(fld(fld(at(vols, i), "VolumeSource"), "DownwardAPI"), "Items");
    for (let j = 0; j < sliceLen(items); j++) {
      const fr = fld(at(items, j), "FieldRef");
      if (fr !== null && str(fld(fr, "FieldPath")) == path) return true;
    }
  }
  for (let l = 0; l < CONTAINER_LISTS.length; l++) {
    const list = fld(spec, CONTAINER_LISTS[l]);
    for (let i = 0; i < sliceLen(list); i++) {
      const env = fld(at(list, i), "Env");
      for (let j = 0; j < sliceLen(env); j++) {
        const fr = fld(fld(at(env, j), "ValueFrom"), "FieldRef");
        if (fr !== null && str(fld(fr, "FieldPath")) == path) return true;
      }
    }
  }
  return false;
}

/** gatherPodEnvVarNames: env names and envFrom prefixes of every container. */
function envNames(spec: Val | null): Set<string> {
  const names = new Set<string>();
  for (let l = 0; l < 3; l++) {
    const list = fld(spec, l < 2 ? CONTAINER_LISTS[l] : "EphemeralContainers");
    for (let i = 0; i < sliceLen(list); i++) {
      const c = l < 2 ? at(list, i) : fld(at(list, i), "EphemeralContainerCommon");
      const env = fld(c, "Env");
      for (let j = 0; j < sliceLen(env); j++) names.add(str(fld(at(env, j), "Name")));
      const from = fld(c, "EnvFrom");
      for (let j = 0; j < sliceLen(from); j++) names.add(str(fld(at(from, j), "Prefix")));
    }
  }
  return names;
}

/** useRelaxedEnvironmentVariableValidation with the gate off: a new name valid only under the relaxed rule that the old spec already used. */
function relaxedNameReused(oldSpec: Val | null, newSpec: Val | null): bool {
  const old = envNames(oldSpec);
  if (old.size == 0) return false;
  const nu = envNames(newSpec).values();
  for (let i = 0; i < nu.length; i++) {
    const n = nu[i];
    if (envVarNameErrors(n).length == 0 || relaxedEnvVarNameErrors(n).length != 0) continue;
    if (old.has(n)) return true;
  }
  return false;
}

/** useAllowEnvFilesValidation with the gate off: some container of the old spec uses fileKeyRef. */
function fileKeyRefUsed(spec: Val | null): bool {
  const lists = envLists(spec);
  for (let l = 0; l < lists.length; l++) {
    const env = lists[l];
    for (let i = 0; i < sliceLen(env); i++) if (fld(fld(at(env, i), "ValueFrom"), "FileKeyRef") !== null) return true;
  }
  return false;
}

/** hasNonLocalProjectedTokenPath: a projected serviceAccountToken path that ValidateLocalNonReservedPath refuses. */
function nonLocalTokenPath(spec: Val | null): bool {
  const vols = fld(spec, "Volumes");
  for (let i = 0; i < sliceLen(vols); i++) {
    const srcs = fld(fld(fld(at(vols, i), "VolumeSource"), "Projected"), "Sources");
    for (let j = 0; j < sliceLen(srcs); j++) {
      const sat = fld(at(srcs, j), "ServiceAccountToken");
      if (sat !== null && !localNonReservedPathOk(str(fld(sat, "Path")))) return true;
    }
  }
  return false;
}

/** hasEmptyImageVolumeReference: an image volume of the old spec without a reference. */
function emptyImageRef(spec: Val | null): bool {
  const vols = fld(spec, "Volumes");
  for (let i = 0; i < sliceLen(vols); i++) {
    const img = fld(fld(at(vols, i), "VolumeSource"), "Image");
    if (img !== null && str(fld(img, "Reference")).length == 0) return true;
  }
  return false;
}
