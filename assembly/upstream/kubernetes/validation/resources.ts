// A container's resources as the new pod's validation checks them per Kubernetes minor
// (ValidateResourceRequirements / ValidateContainerResourceRequirements): resource names (standard,
// hugepages, extended, the kubernetes.io/ namespace), quantities (not negative, integers for
// extended and integer resources), hugepage values (1.21+: a multiple of the page size), requests
// against limits (overcommitable resources not above, the others equal and needing a limit), "HugePages
// require cpu or memory"; and validateResizePolicy (1.27+) with the init-container rules on it.
// Upstream ranges over the Go maps (random order); the engine reports the keys in ascending order.

import { Val, MapV, QuantityV, sortedEntries } from "../../../typed/value";
import { ByteSink } from "../../../io/sink";
import { Quantity, formatName } from "../../../quantity/quantity";
import { writeCanonical, writeQuantityJSON } from "../../../quantity/canonical";
import { ErrList, FieldError, quote, T_DUPLICATE, T_NOT_SUPPORTED } from "./errlist";
import { fld, str, sliceLen, at } from "./view";
import { isQualifiedName } from "./names";
import { Dec, decOf, quantityCmp } from "./qty";
import { ContainerOpts, restartAlways } from "./probes";
import { jsonQuote } from "./security";
import { validateResourceClaimNames } from "./claims";

const STANDARD = ["cpu", "memory", "ephemeral-storage", "requests.cpu", "requests.memory", "requests.ephemeral-storage",
  "limits.cpu", "limits.memory", "limits.ephemeral-storage", "pods", "resourcequotas", "services", "replicationcontrollers",
  "secrets", "configmaps", "persistentvolumeclaims", "storage", "requests.storage", "services.nodeports", "services.loadbalancers"];
const INTEGER = ["pods", "resourcequotas", "services", "replicationcontrollers", "secrets", "configmaps", "persistentvolumeclaims",
  "services.nodeports", "services.loadbalancers"];

function isHugePages(n: string): bool { return n.startsWith("hugepages-"); }
function isNative(n: string): bool { return !n.includes("/") || n.includes("kubernetes.io/"); }
function isExtended(n: string): bool {
  if (isNative(n) || n.startsWith("requests.")) return false;
  return isQualifiedName("requests." + n).length == 0;
}
function overcommitAllowed(n: string): bool { return isNative(n) && !isHugePages(n); }
function isInteger(n: string): bool { return INTEGER.includes(n) || isExtended(n); }

/** A core.ResourceName as ErrorBody prints it: a fmt.Stringer (bare) up to 1.33, JSON from 1.34; `plain`:
 * the value was a plain string (validateContainerResourceName's parameter up to 1.28), %q. */
function resourceNameValue(n: string, minor: i32, plain: bool): string {
  return plain || minor >= 34 ? quote(n) : n;
}

/** validateContainerResourceName. */
function containerResourceName(n: string, path: string, minor: i32, errs: ErrList): void {
  const v = resourceNameValue(n, minor, minor <= 28);
  const qe = isQualifiedName(n);
  for (let i = 0; i < qe.length; i++) errs.invalid(path, v, qe[i]);
  const single = !n.includes("/");
  if (qe.length == 0 && single && !STANDARD.includes(n) && !isHugePages(n) && !n.startsWith("requests.hugepages-")) {
    errs.invalid(path, v, "must be a standard resource type or fully qualified");
  }
  if (single) {
    if (n != "cpu" && n != "memory" && n != "ephemeral-storage" && !isHugePages(n)) errs.invalid(path, v, "must be a standard resource for containers");
  } else if (!isNative(n) && !isExtended(n)) {
    errs.invalid(path, v, "doesn't follow extended resource name standard");
  }
}

/** validatePodResourceName (1.32+): validateResourceName (qualified, standard when not prefixed), then the
 * pod-level set (cpu and memory; hugepages-* from 1.33). */
function podResourceName(n: string, path: string, minor: i32, errs: ErrList): void {
  const v = resourceNameValue(n, minor, false);
  const qe = isQualifiedName(n);
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
  errs.list.push(new FieldError(path, T_NOT_SUPPORTED, T_NOT_SUPPORTED + ": " + v + ": " + d));
}

/** q.String() without caching it (Go calls it on copies). */
export function quantityString(q: Quantity): string {
  if (q.sLen > 0) return String.UTF8.decodeUnsafe(q.sPtr, <usize>q.sLen);
  const out = new ByteSink(24);
  writeCanonical(out, q);
  return String.UTF8.decodeUnsafe(out.ptr, <usize>out.len);
}

/** The Quantity value as ErrorBody prints it: %#v of the struct up to 1.33, its JSON from 1.34. */
function renderQuantity(q: Quantity, minor: i32): string {
  if (minor >= 34) {
    const out = new ByteSink(24);
    writeQuantityJSON(out, q);
    return String.UTF8.decodeUnsafe(out.ptr, <usize>out.len);
  }
  const s = q.sLen > 0 ? String.UTF8.decodeUnsafe(q.sPtr, <usize>q.sLen) : "";
  return "resource.Quantity{i:resource.int64Amount{value:" + q.value.toString() + ", scale:" + q.scale.toString() +
    "}, d:resource.infDecAmount{Dec:(*inf.Dec)(" + (q.dec === null ? "nil" : "0x?") + ")}, s:" + quote(s) + ", Format:" + quote(formatName(q)) + "}";
}

/** |v| × 10^k rounded away from zero, as decimal digits (ScaledValue(-k) magnitude). */
function ceilScaled(d: Dec, k: i64): string {
  if (d.digits.length == 0) return "0";
  const e = d.exp + k;
  if (e >= 0) return d.digits + "0".repeat(<i32>e);
  const keep = <i64>d.digits.length + e;
  if (keep <= 0) return "1";
  let s = d.digits.substring(0, <i32>keep);
  // the dropped digits are not all zero (digits carry no trailing zeros): add one
  let out = "", carry = 1;
  for (let i = s.length - 1; i >= 0; i--) {
    const c = s.charCodeAt(i) - 48 + carry;
    out = String.fromCharCode(48 + c % 10) + out;
    carry = c / 10;
  }
  return carry > 0 ? "1" + out : out;
}

/** Digits as i64 (wrapping as Go's int64 conversion of a big value would not matter here). */
function digitsI64(s: string): i64 {
  let v: i64 = 0;
  for (let i = 0; i < s.length; i++) v = v * 10 + <i64>(s.charCodeAt(i) - 48);
  return v;
}

/** Multiplies decimal digits by a small factor. */
function mulSmall(s: string, f: i32): string {
  let out = "", carry = 0;
  for (let i = s.length - 1; i >= 0; i--) {
    const c = (s.charCodeAt(i) - 48) * f + carry;
    out = String.fromCharCode(48 + c % 10) + out;
    carry = c / 10;
  }
  while (carry > 0) { out = String.fromCharCode(48 + carry % 10) + out; carry /= 10; }
  return out;
}

/** The page size of a hugepages-<size> name as an exact decimal, or null when ParseQuantity refuses it
 * (forms accepted: digits with an optional fraction and an SI / binary suffix). */
function pageSize(n: string): Dec | null {
  const s = n.substring(10);
  let i = 0;
  let digits = "", frac = "";
  while (i < s.length && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) digits += s.charAt(i++);
  if (i < s.length && s.charAt(i) == ".") {
    i++;
    while (i < s.length && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) frac += s.charAt(i++);
  }
  if (digits.length + frac.length == 0) return null;
  const suf = s.substring(i);
  const dec = ["", "n", "u", "m", "k", "M", "G", "T", "P", "E"];
  const decExp = [0, -9, -6, -3, 3, 6, 9, 12, 15, 18];
  const bin = ["Ki", "Mi", "Gi", "Ti", "Pi", "Ei"];
  let all = digits + frac;
  let exp: i64 = -<i64>frac.length;
  const di = dec.indexOf(suf);
  if (di >= 0) exp += decExp[di];
  else {
    const bi = bin.indexOf(suf);
    if (bi < 0) return null;
    for (let k = 0; k < (bi + 1) * 10; k++) all = mulSmall(all, 2);
  }
  const r = new Dec();
  let a = 0;
  while (a < all.length && all.charCodeAt(a) == 48) a++;
  all = all.substring(a);
  let b = all.length;
  while (b > 0 && all.charCodeAt(b - 1) == 48) { b--; exp++; }
  r.digits = all.substring(0, b);
  r.exp = r.digits.length == 0 ? 0 : exp;
  return r;
}

/** IsHugePageResourceValueDivisible(name, q). */
function hugePageDivisible(n: string, q: Quantity): bool {
  const ps = pageSize(n);
  if (ps === null || ps.sign() <= 0) return false;
  const milli = ceilScaled(ps, 3);
  if (!milli.endsWith("000")) return false;
  const pv = digitsI64(ceilScaled(ps, 0));
  const d = decOf(q);
  let v = digitsI64(ceilScaled(d, 0));
  if (d.neg) v = -v;
  return pv != 0 && v % pv == 0;
}

/** ValidateResourceQuantityValue + the hugepage value check of one entry. */
function quantityChecks(n: string, q: Quantity, path: string, minor: i32, errs: ErrList): void {
  const d = decOf(q);
  if (d.sign() < 0) errs.invalidStr(path, quantityString(q), "must be greater than or equal to 0");
  if (isInteger(n) && !ceilScaled(d, 3).endsWith("000")) errs.invalid(path, renderQuantity(q, minor), "must be an integer");
}

function hugePageValue(n: string, q: Quantity, path: string, minor: i32, errs: ErrList): void {
  // 1.21+: AllowIndivisibleHugePagesValues only when the old pod already used such values
  if (minor < 21 || !isHugePages(n) || hugePageDivisible(n, q) || oldUsesIndivisible()) return;
  const qs = quantityString(q);
  errs.invalidStr(path, qs, qs + " is not positive integer multiple of " + n);
}

/** usesIndivisibleHugePagesValues(old spec): any container's (init, regular, ephemeral) hugepage request or
 * limit not divisible, or such a value in spec.overhead. */
function oldUsesIndivisible(): bool {
  const spec = ContainerOpts.oldSpec;
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
  find(n: string): i32 { return this.names.indexOf(n); }
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

/** ValidateResourceRequirements(&ctr.Resources, path) at `minor`, claims (1.26+) last. */
export function validateResources(res: Val | null, path: string, minor: i32, errs: ErrList): void {
  validateResourceLists(fld(res, "Limits"), fld(res, "Requests"), path, minor, errs);
  validateResourceClaimNames(fld(res, "Claims"), path + ".claims", minor, errs); // claims.ts (1.26+)
}

/** The same checks over a limits and a requests ResourceList (validateOverhead passes only limits; `podLevel`:
 * the names as validatePodResourceName checks them, for spec.resources). */
export function validateResourceLists(limits: Val | null, requests: Val | null, path: string, minor: i32, errs: ErrList, podLevel: bool = false): void {
  const lim = entries(limits), req = entries(requests);
  const limPath = path + ".limits", reqPath = path + ".requests";
  let limCM = false, reqCM = false, limHP = false, reqHP = false;
  for (let i = 0; i < lim.names.length; i++) {
    const n = lim.names[i], p = limPath + "[" + n + "]";
    if (podLevel) podResourceName(n, p, minor, errs);
    else containerResourceName(n, p, minor, errs);
    quantityChecks(n, lim.qs[i], p, minor, errs);
    if (isHugePages(n)) { limHP = true; hugePageValue(n, lim.qs[i], p, minor, errs); }
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
      const c = quantityCmp(q, lq);
      const ofLim = minor >= 27 ? " of " + quantityString(lq) : "";
      if (c != 0 && !overcommitAllowed(n)) errs.invalidStr(reqPath, quantityString(q), "must be equal to " + n + " limit" + ofLim);
      else if (c > 0) errs.invalidStr(reqPath, quantityString(q), "must be less than or equal to " + n + " limit" + ofLim);
    } else if (!overcommitAllowed(n)) {
      errs.required(limPath, "Limit must be set for non overcommitable resources");
    }
    if (isHugePages(n)) { reqHP = true; hugePageValue(n, q, p, minor, errs); }
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
    if (seen.has(rn)) errs.list.push(new FieldError(path + "[" + i.toString() + "]", T_DUPLICATE, T_DUPLICATE + ": " + rv));
    seen.add(rn);
    if (rn.length == 0) errs.required(path);
    else if (rn != "cpu" && rn != "memory") errs.list.push(new FieldError(path, T_NOT_SUPPORTED, T_NOT_SUPPORTED + ": " + rv + ": supported values: \"cpu\", \"memory\""));
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
  let s = json ? "[" : "[]core.ContainerResizePolicy{";
  for (let i = 0; i < sliceLen(list); i++) {
    const p = at(list, i);
    if (i > 0) s += json ? "," : ", ";
    const rn = json ? jsonQuote(str(fld(p, "ResourceName"))) : quote(str(fld(p, "ResourceName")));
    const rp = json ? jsonQuote(str(fld(p, "RestartPolicy"))) : quote(str(fld(p, "RestartPolicy")));
    s += json ? "{\"ResourceName\":" + rn + ",\"RestartPolicy\":" + rp + "}" : "core.ContainerResizePolicy{ResourceName:" + rn + ", RestartPolicy:" + rp + "}";
  }
  return s + (json ? "]" : "}");
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
