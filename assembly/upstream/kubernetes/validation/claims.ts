// Dynamic resource allocation in pod validation (1.26+), per Kubernetes minor:
// - validatePodResourceClaims (ValidatePodSpec, right after the volumes): each spec.resourceClaims entry
//   has a name (Required / Duplicate / DNS-1123 label); 1.26-1.30 a `source` with exactly one of
//   resourceClaimName / resourceClaimTemplateName (Invalid at `.source`, the ClaimSource printed by %#v),
//   1.27-1.30 the generated claim name `<pod>-<claim>` of a template-backed entry a DNS subdomain
//   ("final ResourceClaim name: ...") and both names DNS subdomains; 1.31+ the two names on the
//   entry itself (Invalid at the entry, the PodResourceClaim printed by %#v, as JSON from 1.34);
//   1.32+ a mirror (static) pod's entries are each `Forbidden` at the empty path (printed `[]`);
// - validateResourceClaimNames (the end of a container's resource checks): resources.claims[i] names
//   required, not repeated, among the pod's claim names (NotFound with the list of names); 1.31+ the
//   `request` a DNS-1123 label, `claim/request` pairs not repeated and a whole claim not referenced after
//   one of its requests.
// A set pointer prints as an address under %#v (1.26-1.33): both names set there print `(0x?)`.
// Upstream ranges over a Go set when a whole claim follows its requests; the engine reports them in
// insertion order.

import { Val } from "../../../typed/value";
import { ErrList, FieldError, quote, jsonQuote, T_NOT_FOUND } from "./errlist";
import { fld, str, isSet, sliceLen, at, strMap } from "./view";
import { isDNS1123Label, isDNS1123Subdomain } from "./names";
import { joinStrings } from "../../../golang/join";

/** validatePodResourceClaims(podMeta `meta`, spec.resourceClaims) at `minor`; returns gatherPodResourceClaimNames
 * (the non-empty names in insertion order, without repeats), which validateResourceClaimNames reads. */
export function validatePodResourceClaims(spec: Val | null, meta: Val | null, minor: i32, errs: ErrList): Array<string> {
  const list = fld(spec, "ResourceClaims");
  const n = sliceLen(list);
  const names = new Array<string>();
  const gathered = new Set<string>();
  for (let i = 0; i < n; i++) {
    const name = str(fld(at(list, i), "Name"));
    if (name.length > 0 && !gathered.has(name)) { gathered.add(name); names.push(name); }
  }
  if (minor < 26) return names;
  const mirror = minor >= 32 && strMap(fld(meta, "Annotations")).find("kubernetes.io/config.mirror") >= 0;
  const podName = str(fld(meta, "Name"));
  const seen = new Set<string>();
  for (let i = 0; i < n; i++) {
    if (mirror) {
      errs.forbidden("[]", "static pods do not support resource claims"); // field.NewPath("") prints as []
      continue;
    }
    const c = at(list, i);
    const p = "spec.resourceClaims[" + i.toString() + "]";
    const name = str(fld(c, "Name"));
    const src = minor <= 30 ? fld(c, "Source") : c;
    const rcn = fld(src, "ResourceClaimName"), rctn = fld(src, "ResourceClaimTemplateName");
    if (name.length == 0) errs.required(p + ".name");
    else if (seen.has(name)) errs.duplicate(p + ".name", name);
    else {
      const ne = isDNS1123Label(name, minor);
      for (let j = 0; j < ne.length; j++) errs.invalidStr(p + ".name", name, ne[j]);
      if (ne.length == 0 && minor >= 27 && minor <= 30 && isSet(rctn)) {
        const final = podName + "-" + name;
        const fe = isDNS1123Subdomain(final, minor);
        for (let j = 0; j < fe.length; j++) errs.invalidStr(p + ".name", final, "final ResourceClaim name: " + fe[j]);
      }
      seen.add(name);
    }
    const sp = minor <= 30 ? p + ".source" : p;
    if (isSet(rcn) && isSet(rctn)) errs.invalid(sp, render(name, rcn, rctn, minor), "at most one of `resourceClaimName` or `resourceClaimTemplateName` may be specified");
    if (!isSet(rcn) && !isSet(rctn)) errs.invalid(sp, render(name, rcn, rctn, minor), "must specify one of: `resourceClaimName`, `resourceClaimTemplateName`");
    if (minor >= 27) {
      if (isSet(rcn)) subdomain(str(rcn), sp + ".resourceClaimName", minor, errs);
      if (isSet(rctn)) subdomain(str(rctn), sp + ".resourceClaimTemplateName", minor, errs);
    }
  }
  return names;
}

function subdomain(v: string, path: string, minor: i32, errs: ErrList): void {
  const e = isDNS1123Subdomain(v, minor);
  for (let j = 0; j < e.length; j++) errs.invalidStr(path, v, e[j]);
}

/** ErrorBody's value: %#v of core.ClaimSource (1.26-1.30) / core.PodResourceClaim (1.31-1.33), JSON from 1.34. */
function render(name: string, rcn: Val | null, rctn: Val | null, minor: i32): string {
  if (minor >= 34) {
    return "{\"Name\":" + jsonQuote(name) + ",\"ResourceClaimName\":" + (isSet(rcn) ? jsonQuote(str(rcn)) : "null") +
      ",\"ResourceClaimTemplateName\":" + (isSet(rctn) ? jsonQuote(str(rctn)) : "null") + "}";
  }
  const ptrs = "ResourceClaimName:" + ptr(rcn) + ", ResourceClaimTemplateName:" + ptr(rctn) + "}";
  return minor <= 30 ? "core.ClaimSource{" + ptrs : "core.PodResourceClaim{Name:" + quote(name) + ", " + ptrs;
}

function ptr(v: Val | null): string {
  return isSet(v) ? "(*string)(0x?)" : "(*string)(nil)";
}

/** validateResourceClaimNames(resources.claims, the pod's claim names `pods`, `path`) at `minor` (1.26+). */
export function validateResourceClaimNames(list: Val | null, path: string, minor: i32, pods: Array<string>, errs: ErrList): void {
  if (minor < 26) return;
  const n = sliceLen(list);
  const names = new Set<string>(); // the keys seen: a claim name, or "name/request"
  const requests = new Map<string, i32>(); // per text before a key's first "/": how many such keys were seen
  let podSet: Set<string> | null = null;
  let sorted: string | null = null;
  for (let i = 0; i < n; i++) {
    const c = at(list, i);
    const p = path + "[" + i.toString() + "]";
    const name = str(fld(c, "Name"));
    if (name.length == 0) {
      errs.required(p);
      continue;
    }
    if (names.has(name)) errs.duplicate(p, name);
    else {
      const req = minor >= 31 ? str(fld(c, "Request")) : "";
      let key = name;
      if (req.length > 0) {
        const re = isDNS1123Label(req, minor);
        for (let j = 0; j < re.length; j++) errs.invalidStr(p + ".request", req, re[j]);
        key += "/" + req;
      }
      if (names.has(key)) errs.duplicate(p, key);
      else if (req.length == 0 && requests.has(name)) {
        // one Duplicate per earlier key of this claim with a request
        for (let k = requests.get(name); k > 0; k--) errs.duplicate(p, name);
      }
      if (!names.has(key)) {
        names.add(key);
        const slash = key.indexOf("/");
        if (slash >= 0) {
          const claim = key.substring(0, slash);
          requests.set(claim, requests.has(claim) ? requests.get(claim) + 1 : 1);
        }
      }
    }
    if (podSet === null) {
      podSet = new Set<string>();
      for (let k = 0; k < pods.length; k++) podSet.add(pods[k]);
    }
    if (!podSet.has(name)) {
      if (sorted === null) sorted = sortedNames(pods);
      const detail = "must be one of the names in pod.spec.resourceClaims" + (pods.length == 0 ? " which is empty" : ": " + sorted);
      errs.add(new FieldError(p, T_NOT_FOUND, T_NOT_FOUND + ": " + quote(name) + ": " + detail));
    }
  }
}

/** The names in ascending order, joined by ", ". */
function sortedNames(pods: Array<string>): string {
  const s = pods.slice(0);
  s.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return joinStrings(s, ", ");
}
