// A container's resources as the new pod's validation checks them per Kubernetes minor
// (ValidateResourceRequirements / ValidateContainerResourceRequirements): resource names (standard,
// hugepages, extended, the kubernetes.io/ namespace), quantities (not negative, integers for
// extended and integer resources), hugepage values (1.21+: a multiple of the page size), requests
// against limits (overcommitable resources not above, the others equal and needing a limit), "HugePages
// require cpu or memory"; and validateResizePolicy (1.27+) with the init-container rules on it.
// Upstream ranges over the Go maps (random order); the engine reports the keys in ascending order.

import { Val, MapV, QuantityV, sortedEntries } from "../../../typed/value";
import { ByteSink } from "../../../io/sink";
import { Quantity } from "../../../quantity/quantity";
import { writeQuantityJSON } from "../../../quantity/canonical";
import { parseQuantityOr, QuantityError } from "../../../quantity/parse";
import { quantityCmpValues } from "../../../quantity/arith";
import { quantitySign, quantityMilliValue, quantityValue } from "../../../quantity/scaled";
import { ErrList, FieldError, quote, jsonQuote, T_DUPLICATE, T_NOT_SUPPORTED } from "./errlist";
import { fld, str, sliceLen, at } from "./view";
import { isQualifiedName } from "./names";
import { PodValidationOptions } from "./options";
import { ContainerOpts, restartAlways } from "./containeropts";
import { quantityStringOfCopy } from "./quantitytext";
import { validateResourceClaimNames } from "./claims";
import { joinStrings } from "../../../golang/join";
import { quantityGoSyntax } from "./gosyntax";

const STANDARD = ["cpu", "memory", "ephemeral-storage", "requests.cpu", "requests.memory", "requests.ephemeral-storage",
  "limits.cpu", "limits.memory", "limits.ephemeral-storage", "pods", "resourcequotas", "services", "replicationcontrollers",
  "secrets", "configmaps", "persistentvolumeclaims", "storage", "requests.storage", "services.nodeports", "services.loadbalancers"];
const INTEGER = ["pods", "resourcequotas", "services", "replicationcontrollers", "secrets", "configmaps", "persistentvolumeclaims",
  "services.nodeports", "services.loadbalancers"];

function isHugePages(n: string): bool { return n.startsWith("hugepages-"); }
function isNative(n: string): bool { return !n.includes("/") || n.includes("kubernetes.io/"); }
function isExtended(n: string, minor: i32): bool {
  if (isNative(n) || n.startsWith("requests.")) return false;
  return isQualifiedName("requests." + n, minor).length == 0;
}
function overcommitAllowed(n: string): bool { return isNative(n) && !isHugePages(n); }
function isInteger(n: string, minor: i32): bool { return INTEGER.includes(n) || isExtended(n, minor); }

/** A core.ResourceName as ErrorBody prints it: a fmt.Stringer (bare) up to 1.33, JSON from 1.34; `plain`:
 * the value was a plain string (validateContainerResourceName's parameter up to 1.28), %q. */
function resourceNameValue(n: string, minor: i32, plain: bool): string {
  return plain || minor >= 34 ? quote(n) : n;
}

/** validateContainerResourceName. */
function containerResourceName(n: string, path: string, minor: i32, errs: ErrList): void {
  const v = resourceNameValue(n, minor, minor <= 28);
  const qe = isQualifiedName(n, minor);
  for (let i = 0; i < qe.length; i++) errs.invalid(path, v, qe[i]);
  const single = !n.includes("/");
  if (qe.length == 0 && single && !STANDARD.includes(n) && !isHugePages(n) && !n.startsWith("requests.hugepages-")) {
    errs.invalid(path, v, "must be a standard resource type or fully qualified");
  }
  if (single) {
    if (n != "cpu" && n != "memory" && n != "ephemeral-storage" && !isHugePages(n)) errs.invalid(path, v, "must be a standard resource for containers");
  } else if (!isNative(n) && !isExtended(n, minor)) {
    errs.invalid(path, v, "doesn't follow extended resource name standard");
  }
}

/** validatePodResourceName (1.32+): validateResourceName (qualified, standard when not prefixed), then the
 * pod-level set (cpu and memory; hugepages-* from 1.33). */
function podResourceName(n: string, path: string, minor: i32, errs: ErrList): void {
  const v = resourceNameValue(n, minor, false);
  const qe = isQualifiedName(n, minor);
  for (let i = 0; i < qe.length; i++) errs.invalid(path, v, qe[i]);
  if (qe.length > 0) return;
  if (!n.includes("/") && !STANDARD.includes(n) && !isHugePages(n) && !n.startsWith("requests.hugepages-")) {
    errs.invalid(path, v, "must be a standard resource type or fully qualified");
    return;
  }
  if (n == "cpu" || n == "memory" || (minor >= 33 && isHugePages(n))) return;
  const valid = minor >= 33 ? ["cpu", "hugepages-", "memory"] : ["cpu", "memory"];
  let d = "supported values: ";
  for (let i = 0; i < valid.length; i++) d += (i > 0 ? ", " : "") + quote(valid[i]);
  errs.add(new FieldError(path, T_NOT_SUPPORTED, T_NOT_SUPPORTED + ": " + v + ": " + d));
}

/** The Quantity value as ErrorBody prints it: %#v of the struct up to 1.33, its JSON from 1.34. */
function renderQuantity(q: Quantity, minor: i32): string {
  if (minor >= 34) {
    const out = new ByteSink(24);
    writeQuantityJSON(out, q);
    return String.UTF8.decodeUnsafe(out.ptr, <usize>out.len);
  }
  return quantityGoSyntax(q, "0x?");
}

/** IsHugePageResourceValueDivisible(name, q): the page size (ParseQuantity of the name after "hugepages-")
 * positive and whole, and q.Value() a multiple of its Value() (a zero Value, where Go would panic, is not). */
function hugePageDivisible(n: string, q: Quantity): bool {
  const text = String.UTF8.encode(n.substring(10));
  const ps = parseQuantityOr(changetype<usize>(text), text.byteLength, new QuantityError());
  if (ps === null || quantitySign(ps) <= 0 || quantityMilliValue(ps) % 1000 != 0) return false;
  const pv = quantityValue(ps);
  return pv != 0 && quantityValue(q) % pv == 0;
}

/** ValidateResourceQuantityValue: not negative; a whole number (MilliValue()%1000 == 0) for integer resources. */
function quantityChecks(n: string, q: Quantity, path: string, minor: i32, errs: ErrList): void {
  if (quantitySign(q) < 0) errs.invalidStr(path, quantityStringOfCopy(q), "must be greater than or equal to 0");
  if (isInteger(n, minor) && quantityMilliValue(q) % 1000 != 0) errs.invalid(path, renderQuantity(q, minor), "must be an integer");
}

/** The hugepage value check of one entry (1.21+: AllowIndivisibleHugePagesValues only when the old pod already
 * used such values). */
function hugePageValue(n: string, q: Quantity, path: string, opts: PodValidationOptions, errs: ErrList): void {
  if (opts.minor < 21 || !isHugePages(n) || hugePageDivisible(n, q) || oldUsesIndivisible(opts.oldSpec)) return;
  const qs = quantityStringOfCopy(q);
  errs.invalidStr(path, qs, qs + " is not positive integer multiple of " + n);
}

/** usesIndivisibleHugePagesValues(old spec): any container's (init, regular, ephemeral) hugepage request or
 * limit not divisible, or such a value in spec.overhead. */
function oldUsesIndivisible(spec: Val | null): bool {
  const lists = ["Containers", "InitContainers", "EphemeralContainers"];
  for (let l = 0; l < 3; l++) {
    const list = fld(spec, lists[l]);
    for (let i = 0; i < sliceLen(list); i++) {
      const c = l == 2 ? fld(at(list, i), "EphemeralContainerCommon") : at(list, i);
      const res = fld(c, "Resources");
      if (indivisibleIn(fld(res, "Limits")) || indivisibleIn(fld(res, "Requests"))) return true;
    }
  }
  return indivisibleIn(fld(spec, "Overhead"));
}

/** A hugepage value of ResourceList `v` that is not a multiple of its page size. */
function indivisibleIn(v: Val | null): bool {
  const e = entries(v);
  for (let j = 0; j < e.names.length; j++) if (isHugePages(e.names[j]) && !hugePageDivisible(e.names[j], e.qs[j])) return true;
  return false;
}

class Entries {
  names: Array<string> = new Array<string>();
  qs: Array<Quantity> = new Array<Quantity>();
  /** name -> its first index (built on the first lookup). */
  private index: Map<string, i32> | null = null;

  /** Index of the first entry named `n`, or -1. */
  find(n: string): i32 {
    let m = this.index;
    if (m === null) {
      m = new Map<string, i32>();
      for (let i = this.names.length - 1; i >= 0; i--) m.set(this.names[i], i);
      this.index = m;
    }
    return m.has(n) ? m.get(n) : -1;
  }
}

/** A ResourceList's entries in ascending name order. */
function entries(v: Val | null): Entries {
  const r = new Entries();
  if (v === null || !(v instanceof MapV)) return r;
  const m = changetype<MapV>(v);
  const idx = sortedEntries(m);
  for (let k = 0; k < idx.length; k++) {
    const j = idx[k];
    r.names.push(String.UTF8.decodeUnsafe(m.keyP[j], <usize>m.keyN[j]));
    const qv = m.vals[j];
    r.qs.push(qv === null ? new Quantity() : changetype<QuantityV>(qv).q);
  }
  return r;
}

/** ValidateResourceRequirements(&ctr.Resources, path) under the container options `o`, claims (1.26+) last. */
export function validateResources(res: Val | null, path: string, o: ContainerOpts, errs: ErrList): void {
  validateResourceLists(fld(res, "Limits"), fld(res, "Requests"), path, o.opts, errs);
  validateResourceClaimNames(fld(res, "Claims"), path + ".claims", o.minor, o.claims, errs); // claims.ts (1.26+)
}

/** The same checks over a limits and a requests ResourceList (validateOverhead passes only limits; `podLevel`:
 * the names as validatePodResourceName checks them, for spec.resources). */
export function validateResourceLists(limits: Val | null, requests: Val | null, path: string, opts: PodValidationOptions, errs: ErrList, podLevel: bool = false): void {
  const minor = opts.minor;
  const lim = entries(limits), req = entries(requests);
  const limPath = path + ".limits", reqPath = path + ".requests";
  let limCM = false, reqCM = false, limHP = false, reqHP = false;
  for (let i = 0; i < lim.names.length; i++) {
    const n = lim.names[i], p = limPath + "[" + n + "]";
    if (podLevel) podResourceName(n, p, minor, errs);
    else containerResourceName(n, p, minor, errs);
    quantityChecks(n, lim.qs[i], p, minor, errs);
    if (isHugePages(n)) { limHP = true; hugePageValue(n, lim.qs[i], p, opts, errs); }
    if (n == "cpu" || n == "memory") limCM = true;
  }
  for (let i = 0; i < req.names.length; i++) {
    const n = req.names[i], p = reqPath + "[" + n + "]";
    const q = req.qs[i];
    if (podLevel) podResourceName(n, p, minor, errs);
    else containerResourceName(n, p, minor, errs);
    quantityChecks(n, q, p, minor, errs);
    const li = lim.find(n);
    if (li >= 0) {
      const lq = lim.qs[li];
      const c = quantityCmpValues(q, lq);
      const ofLim = minor >= 27 ? " of " + quantityStringOfCopy(lq) : "";
      if (c != 0 && !overcommitAllowed(n)) errs.invalidStr(reqPath, quantityStringOfCopy(q), "must be equal to " + n + " limit" + ofLim);
      else if (c > 0) errs.invalidStr(reqPath, quantityStringOfCopy(q), "must be less than or equal to " + n + " limit" + ofLim);
    } else if (!overcommitAllowed(n)) {
      errs.required(limPath, "Limit must be set for non overcommitable resources");
    }
    if (isHugePages(n)) { reqHP = true; hugePageValue(n, q, p, opts, errs); }
    if (n == "cpu" || n == "memory") reqCM = true;
  }
  if (!limCM && !reqCM && (reqHP || limHP)) errs.forbidden(path, "HugePages require cpu or memory");
}

/** validateResizePolicy (1.27+; 1.29+ with the pod's restartPolicy Never rule). */
export function validateResizePolicy(list: Val | null, path: string, o: ContainerOpts, errs: ErrList): void {
  if (o.minor < 27) return;
  const seen = new Set<string>();
  for (let i = 0; i < sliceLen(list); i++) {
    const p = at(list, i);
    const rn = str(fld(p, "ResourceName")), rp = str(fld(p, "RestartPolicy"));
    const rv = resourceNameValue(rn, o.minor, false);
    if (seen.has(rn)) errs.add(new FieldError(path + "[" + i.toString() + "]", T_DUPLICATE, T_DUPLICATE + ": " + rv));
    seen.add(rn);
    if (rn.length == 0) errs.required(path);
    else if (rn != "cpu" && rn != "memory") errs.add(new FieldError(path, T_NOT_SUPPORTED, T_NOT_SUPPORTED + ": " + rv + ": supported values: \"cpu\", \"memory\""));
    if (rp.length == 0) errs.required(path);
    else if (rp != "NotRequired" && rp != "RestartContainer") errs.notSupported(path, rp, ["NotRequired", "RestartContainer"]);
    if (o.minor >= 29 && o.podRestart == "Never" && rp != "NotRequired") {
      errs.invalidStr(path, rp, o.minor >= 36 ? "must be 'NotRequired' when pod `restartPolicy` is 'Never'" : "must be 'NotRequired' when `restartPolicy` is 'Never'");
    }
  }
}

/** ErrorBody's rendering of a []core.ContainerResizePolicy (%#v up to 1.33, JSON from 1.34). */
function renderResizePolicy(list: Val | null, minor: i32): string {
  const json = minor >= 34;
  const n = sliceLen(list);
  const parts = new Array<string>(n);
  for (let i = 0; i < n; i++) {
    const p = at(list, i);
    const rn = json ? jsonQuote(str(fld(p, "ResourceName"))) : quote(str(fld(p, "ResourceName")));
    const rp = json ? jsonQuote(str(fld(p, "RestartPolicy"))) : quote(str(fld(p, "RestartPolicy")));
    parts[i] = json ? "{\"ResourceName\":" + rn + ",\"RestartPolicy\":" + rp + "}" : "core.ContainerResizePolicy{ResourceName:" + rn + ", RestartPolicy:" + rp + "}";
  }
  return (json ? "[" : "[]core.ContainerResizePolicy{") + joinStrings(parts, json ? "," : ", ") + (json ? "]" : "}");
}

/** validateInitContainers' resizePolicy rules of init container `c` at `p` (1.27+, at the end of its checks). */
export function initResizeRules(c: Val | null, p: string, o: ContainerOpts, errs: ErrList): void {
  if (o.minor < 27) return;
  const list = fld(c, "ResizePolicy");
  const n = sliceLen(list);
  if (n > 0 && !o.sidecarResize) errs.invalid(p + ".resizePolicy", renderResizePolicy(list, o.minor), "must not be set for init containers");
  if (o.minor >= 36 && !restartAlways(c) && !o.existingRestartContainer) {
    for (let j = 0; j < n; j++) {
      if (str(fld(at(list, j), "RestartPolicy")) == "RestartContainer") {
        errs.invalidStr(p + ".resizePolicy[" + j.toString() + "].restartPolicy", "RestartContainer", "must not be set to 'RestartContainer' for non-sidecar initContainers");
      }
    }
  }
}
