// Pod DNS and host networking checks of ValidatePodSpec for Kubernetes 1.15-1.37: validatePodDNSConfig
// (dnsPolicy None, nameserver count and IPs, search count / length / syntax, options),
// ValidateHostAliases (IPs, hostnames) and the hostNetwork port rule (1.15-1.27 inside the pod
// security context check, 1.28+ validatePodHostNetworkDeps), with each minor's IP parser and texts.

import { Val } from "../../../typed/value";
import { ErrList } from "./errlist";
import { fld, str, int, sliceLen, at } from "./view";
import { isDNS1123Subdomain, regexError, maxLenError } from "./names";
import { parseIP, hasLeadingZero, is4In6 } from "./ip";
import { PodValidationOptions } from "./options";
import { renderStrings } from "./render";


/** The IP check of a nameserver or host alias IP at `minor` (`path` already indexed where the minor indexes it). */
function checkIP(v: string, path: string, minor: i32, errs: ErrList): void {
  const sloppy = minor >= 23;
  const ip = parseIP(v, sloppy);
  if (minor <= 29) {
    if (ip === null) errs.invalidStr(path, v, "must be valid IP address");
    return;
  }
  if (ip === null) { errs.invalidStr(path, v, "must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)"); return; }
  // 1.33+: IsValidIPForLegacyField, strict (StrictIPCIDRValidation on by default) from 1.36
  if (minor >= 36) {
    if (hasLeadingZero(v)) errs.invalidStr(path, v, "must not have leading 0s");
    else if (is4In6(v, ip)) errs.invalidStr(path, v, "must not be an IPv4-mapped IPv6 address");
  }
}

/** IsDNS1123SubdomainWithUnderscore (1.32+; 1.32-1.33 print the plain subdomain regex). */
function dnsSubdomainWithUnderscore(s: string, minor: i32): Array<string> {
  const errs = new Array<string>();
  if (String.UTF8.byteLength(s) > 253) errs.push(maxLenError(253));
  const parts = s.split(".");
  let ok = true;
  for (let i = 0; i < parts.length && ok; i++) ok = labelWithUnderscore(parts[i]);
  if (!ok) {
    const lf = minor >= 34 ? "_?[a-z0-9]([-_a-z0-9]*[a-z0-9])?" : "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
    errs.push(regexError("a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '_', '-' or '.', and must start and end with an alphanumeric character",
      lf + "(\\." + lf + ")*", ["example.com"]));
  }
  return errs;
}

/** Matches _?[a-z0-9]([-_a-z0-9]*[a-z0-9])?. */
function labelWithUnderscore(p: string): bool {
  let s = 0;
  if (p.length > 0 && p.charCodeAt(0) == 95) s = 1;
  const n = p.length;
  if (n - s == 0) return false;
  for (let i = s; i < n; i++) {
    const c = p.charCodeAt(i);
    const alnum = (c >= 48 && c <= 57) || (c >= 97 && c <= 122);
    if (i == s || i == n - 1) { if (!alnum) return false; }
    else if (!alnum && c != 45 && c != 95) return false;
  }
  return true;
}

/** validatePodDNSConfig(spec.dnsConfig, spec.dnsPolicy, opts). */
export function validatePodDNSConfig(spec: Val | null, opts: PodValidationOptions, errs: ErrList): void {
  const minor = opts.minor;
  const dc = fld(spec, "DNSConfig");
  const path = "spec.dnsConfig";
  if (str(fld(spec, "DNSPolicy")) == "None") {
    if (dc === null) { errs.required(path, "must provide `dnsConfig` when `dnsPolicy` is None"); return; }
    if (sliceLen(fld(dc, "Nameservers")) == 0) { errs.required(path + ".nameservers", "must provide at least one DNS nameserver when `dnsPolicy` is None"); return; }
  }
  if (dc === null) return;
  const ns = fld(dc, "Nameservers");
  if (sliceLen(ns) > 3) errs.invalid(path + ".nameservers", renderStrings(ns, minor >= 34), "must not have more than 3 nameservers");
  for (let i = 0; i < sliceLen(ns); i++) checkIP(str(at(ns, i)), path + ".nameservers[" + i.toString() + "]", minor, errs);
  const se = fld(dc, "Searches");
  const nse = sliceLen(se);
  // 1.22-1.27: legacy limits unless ExpandedDNSConfig (on from 1.26) or the old pod kept the same expanded list
  const expanded = minor >= 28 || (minor >= 22 && (minor >= 26 || opts.sameExpandedDNS));
  const maxPaths = expanded ? 32 : 6, maxChars = expanded ? 2048 : 256;
  if (nse > maxPaths) errs.invalid(path + ".searches", renderStrings(se, minor >= 34), "must not have more than " + maxPaths.toString() + " search paths");
  let total = 0;
  for (let i = 0; i < nse; i++) total += String.UTF8.byteLength(str(at(se, i))) + (i > 0 ? 1 : 0);
  if (total > maxChars) errs.invalid(path + ".searches", renderStrings(se, minor >= 34), "must not have more than " + maxChars.toString() + " characters (including spaces) in the search list");
  const relaxed = minor >= 33 || (minor == 32 && opts.relaxedDNSSearch);
  for (let i = 0; i < nse; i++) {
    let s = str(at(se, i));
    const p = path + ".searches[" + i.toString() + "]";
    if (relaxed) {
      if (s == ".") continue;
      if (s.endsWith(".")) s = s.substring(0, s.length - 1);
      const e = dnsSubdomainWithUnderscore(s, minor);
      for (let k = 0; k < e.length; k++) errs.invalidStr(p, s, e[k]);
    } else {
      if (s.endsWith(".")) s = s.substring(0, s.length - 1);
      const e = isDNS1123Subdomain(s, minor);
      for (let k = 0; k < e.length; k++) errs.invalidStr(p, s, e[k]);
    }
  }
  const options = fld(dc, "Options");
  for (let i = 0; i < sliceLen(options); i++) {
    if (str(fld(at(options, i), "Name")).length == 0) errs.required(path + ".options[" + i.toString() + "]", "must not be empty");
  }
}

/** ValidateHostAliases(spec.hostAliases) at `minor` (1.30+ index the paths). */
export function validateHostAliases(list: Val | null, minor: i32, errs: ErrList): void {
  for (let i = 0; i < sliceLen(list); i++) {
    const ha = at(list, i);
    const base = minor >= 30 ? "spec.hostAliases[" + i.toString() + "]" : "spec.hostAliases";
    checkIP(str(fld(ha, "IP")), base + ".ip", minor, errs);
    const hn = fld(ha, "Hostnames");
    for (let j = 0; j < sliceLen(hn); j++) {
      const h = str(at(hn, j));
      const e = isDNS1123Subdomain(h, minor);
      const p = minor >= 30 ? base + ".hostnames[" + j.toString() + "]" : base + ".hostnames";
      for (let k = 0; k < e.length; k++) errs.invalidStr(p, h, e[k]);
    }
  }
}

/** The hostNetwork port rule of a pod: 1.15-1.27 containerPort must equal hostPort, 1.28+ hostPort must equal containerPort
 *  (in a pod template - `resourceIsPod` false - a hostPort of 0 too). */
export function hostNetworkPorts(spec: Val | null, minor: i32, resourceIsPod: bool, errs: ErrList): void {
  if (int(fld(spec, "HostNetwork")) == 0) return; // a bool is an IntV
  const cs = fld(spec, "Containers");
  for (let i = 0; i < sliceLen(cs); i++) {
    const ports = fld(at(cs, i), "Ports");
    for (let j = 0; j < sliceLen(ports); j++) {
      const port = at(ports, j);
      const hp = int(fld(port, "HostPort")), cp = int(fld(port, "ContainerPort"));
      if (hp == cp || (minor >= 28 && !resourceIsPod && hp == 0)) continue;
      const p = "spec.containers[" + i.toString() + "].ports[" + j.toString() + "]";
      if (minor <= 27) errs.invalidInt(p + ".containerPort", cp, "must match `hostPort` when `hostNetwork` is true");
      else errs.invalidInt(p + ".hostPort", hp, "must match `containerPort` when `hostNetwork` is true");
    }
  }
}
