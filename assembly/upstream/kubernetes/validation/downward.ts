// The downward API selectors of pod validation, per minor: validateObjectFieldSelector (with
// ConvertDownwardAPIFieldLabel and the env / volume path sets), validateContainerResourceFieldSelector
// and validateContainerResourceDivisor (divisor compared by Quantity.String()).

import { Val, QuantityV } from "../../../typed/value";
import { Quantity } from "../../../quantity/quantity";
import { quantityCmpValues } from "../../../quantity/arith";
import { ErrList } from "./errlist";
import { fld, str } from "./view";
import { isQualifiedName } from "./names";
import { PodValidationOptions } from "./options";
import { quantityString } from "./quantitytext";

/** validEnvDownwardAPIFieldPathExpressions of `minor`, sorted (sets.List). */
export function envFieldPaths(minor: i32): Array<string> {
  const a = ["metadata.name", "metadata.namespace", "metadata.uid", "spec.nodeName", "spec.serviceAccountName", "status.hostIP"];
  if (minor >= 28) a.push("status.hostIPs");
  a.push("status.podIP");
  if (minor >= 17) a.push("status.podIPs");
  return a;
}

/** validVolumeDownwardAPIFieldPathExpressions, sorted. */
export function volumeFieldPaths(): Array<string> {
  return ["metadata.annotations", "metadata.labels", "metadata.name", "metadata.namespace", "metadata.uid"];
}

/** fieldpath.SplitMaybeSubscriptedPath: [path, subscript] or null. */
function splitSubscript(p: string): Array<string> | null {
  if (!p.endsWith("']")) return null;
  const s = p.substring(0, p.length - 2);
  const k = s.indexOf("['");
  if (k <= 0) return null;
  return [s.substring(0, k), s.substring(k + 2)];
}

/** ConvertDownwardAPIFieldLabel(version, label): the internal label, or null with `err[0]` the error text. */
function convertFieldLabel(version: string, label: string, minor: i32, err: Array<string>): string | null {
  if (version != "v1") { err.push("unsupported pod version: " + version); return null; }
  const sp = splitSubscript(label);
  if (sp !== null) {
    if (sp[0] == "metadata.annotations" || sp[0] == "metadata.labels") return label;
    err.push("field label does not support subscript: " + label);
    return null;
  }
  if (label == "metadata.annotations" || label == "metadata.labels" || label == "metadata.name" || label == "metadata.namespace" ||
    label == "metadata.uid" || label == "spec.nodeName" || label == "spec.restartPolicy" || label == "spec.serviceAccountName" ||
    label == "spec.schedulerName" || label == "status.phase" || label == "status.hostIP" || label == "status.podIP" ||
    (minor >= 17 && label == "status.podIPs") || (minor >= 28 && label == "status.hostIPs")) return label;
  if (label == "spec.host") return "spec.nodeName";
  err.push("field label not supported: " + label);
  return null;
}

/** validateObjectFieldSelector(fs, expressions, path) at `minor`. */
export function objectFieldSelector(fs: Val | null, expressions: Array<string>, path: string, minor: i32, errs: ErrList): void {
  const apiVersion = str(fld(fs, "APIVersion"));
  const fieldPath = str(fld(fs, "FieldPath"));
  if (apiVersion.length == 0) { errs.required(path + ".apiVersion"); return; }
  if (fieldPath.length == 0) { errs.required(path + ".fieldPath"); return; }
  const err = new Array<string>();
  const internal = convertFieldLabel(apiVersion, fieldPath, minor, err);
  if (internal === null) {
    errs.invalidStr(path + ".fieldPath", fieldPath, "error converting fieldPath: " + err[0]);
    return;
  }
  const sp = splitSubscript(internal);
  if (sp !== null) {
    // 1.25+ print the checked (lowercased for annotations) value, 1.15-1.24 the subscript as written
    const checked = sp[0] == "metadata.annotations" ? sp[1].toLowerCase() : sp[1];
    const me = isQualifiedName(checked, minor);
    for (let i = 0; i < me.length; i++) errs.invalidStr(path, minor >= 25 ? checked : sp[1], me[i]);
  } else if (!expressions.includes(internal)) {
    errs.notSupported(path + ".fieldPath", internal, expressions);
  }
}

/** validateDownwardAPIHostIPs (1.28-1.31): status.hostIPs needs PodHostIPs (or its use by the old pod). */
export function downwardAPIHostIPs(fs: Val | null, path: string, opts: PodValidationOptions, errs: ErrList): void {
  if (opts.minor < 28 || opts.minor > 31 || opts.hostIPs) return;
  if (str(fld(fs, "FieldPath")) == "status.hostIPs") errs.forbidden(path, "may not be set when feature gate 'PodHostIPs' is not enabled");
}

const RESOURCE_PATHS = ["limits.cpu", "limits.ephemeral-storage", "limits.memory", "requests.cpu", "requests.ephemeral-storage", "requests.memory"];

/** validateContainerResourceFieldSelector(fs, validContainerResourceFieldPathExpressions, prefixes, path, volume) under `opts`. */
export function resourceFieldSelector(fs: Val | null, path: string, volume: bool, opts: PodValidationOptions, errs: ErrList): void {
  const minor = opts.minor;
  const resource = str(fld(fs, "Resource"));
  if (volume && str(fld(fs, "ContainerName")).length == 0) errs.required(path + ".containerName");
  else if (resource.length == 0) errs.required(path + ".resource");
  else if (!RESOURCE_PATHS.includes(resource)) {
    // hugepages prefixes: 1.20+ (1.20-1.26 with AllowDownwardAPIHugePages)
    const huge = minor >= 20 && opts.hugePages && (resource.startsWith("requests.hugepages-") || resource.startsWith("limits.hugepages-"));
    if (!huge) errs.notSupported(path + ".resource", resource, RESOURCE_PATHS);
  }
  resourceDivisor(resource, fld(fs, "Divisor"), path, minor, errs);
}

const MEMORY_DIVISORS = ["1", "1k", "1M", "1G", "1T", "1P", "1E", "1Ki", "1Mi", "1Gi", "1Ti", "1Pi", "1Ei"];
const DIVISOR_LIST = "1, 1k, 1M, 1G, 1T, 1P, 1E, 1Ki, 1Mi, 1Gi, 1Ti, 1Pi, 1Ei";

/** validateContainerResourceDivisor(rName, divisor, path). */
function resourceDivisor(rName: string, dv: Val | null, path: string, minor: i32, errs: ErrList): void {
  if (dv === null) return;
  const q = changetype<QuantityV>(dv).q;
  if (quantityCmpValues(new Quantity(), q) == 0) return;
  const s = quantityString(q);
  const p = path + ".divisor";
  if (rName == "limits.cpu" || rName == "requests.cpu") {
    if (s != "1m" && s != "1") errs.invalidStr(p, rName, "only divisor's values 1m and 1 are supported with the cpu resource");
  } else if (rName == "limits.memory" || rName == "requests.memory") {
    if (!MEMORY_DIVISORS.includes(s)) errs.invalidStr(p, rName, "only divisor's values " + DIVISOR_LIST + " are supported with the memory resource");
  } else if (rName == "limits.ephemeral-storage" || rName == "requests.ephemeral-storage") {
    if (!MEMORY_DIVISORS.includes(s)) errs.invalidStr(p, rName, "only divisor's values " + DIVISOR_LIST + " are supported with the local ephemeral storage resource");
  }
  if (minor >= 20 && (rName.startsWith("requests.hugepages-") || rName.startsWith("limits.hugepages-"))) {
    if (!MEMORY_DIVISORS.includes(s)) errs.invalidStr(p, rName, "only divisor's values " + DIVISOR_LIST + " are supported with the hugepages resource");
  }
}
