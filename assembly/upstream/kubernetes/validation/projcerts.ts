// The certificate sources of a projected volume (validateProjectionSources): clusterTrustBundle (1.29+;
// reported under `clusterTrustBundlePEM` in 1.29-1.30) — exactly one of name / signerName, the bundle name
// rules, signerName syntax (ValidateSignerName), the label selector, path required, local and not
// reserved, 1.37 user — and podCertificate (1.34+) — signerName, 1.35 userAnnotations (domain-prefixed
// keys, total size), 1.37 user, keyType, maxExpirationSeconds bounds, the three paths (local, at least
// one). Every path joins the volume's duplicate-path set.

import { Val, MapV } from "../../../typed/value";
import { ErrList } from "./errlist";
import { fld, str, int, isSet, sliceLen, at, strMap } from "./view";
import { isDNS1123Subdomain, isDNS1123Label, isQualifiedName, byteLen } from "./names";
import { localNonReservedPath } from "./localpath";
import { labelSelector } from "./affinity";
import { annotationsSize } from "./labels";
import { quote, jsonQuote } from "./errlist";
import { joinStrings } from "../../../golang/join";

/** validateUserField (1.37). */
function userField(v: Val | null, path: string, minor: i32, errs: ErrList): void {
  if (minor < 37 || !isSet(v)) return;
  const u = int(v);
  if (u < 0 || u > 2147483647) errs.invalidInt(path, u, "must be between 0 and 2147483647, inclusive");
}

/** Adds `p` to the volume's paths, or reports it as a duplicate on the projected volume's path. */
function claimPath(p: string, paths: Set<string>, volPath: string, errs: ErrList): void {
  if (!paths.has(p)) paths.add(p);
  else errs.invalidStr(volPath, p, "conflicting duplicate paths");
}

/** ValidateSignerName(path, name) at `minor`. */
export function signerName(name: string, path: string, minor: i32, errs: ErrList): void {
  if (name.length == 0) { errs.required(path); return; }
  const segs = name.split("/");
  if (segs.length != 2) { errs.invalidStr(path, name, "must be a fully qualified domain and path of the form 'example.com/signer-name'"); return; }
  if (byteLen(segs[0]) > 253) errs.tooLong(path, 253, minor);
  const labels = segs[0].split(".");
  for (let i = 0; i < labels.length; i++) {
    const le = isDNS1123Label(labels[i], minor);
    if (le.length == 0) continue;
    for (let k = 0; k < le.length; k++) errs.invalidStr(path, segs[0], "validating label " + quote(labels[i]) + ": " + le[k]);
    break;
  }
  if (labels.length < 2) errs.invalidStr(path, segs[0], "should be a domain with at least two segments separated by dots");
  const parts = segs[1].split(".");
  for (let i = 0; i < parts.length; i++) {
    const pe = isDNS1123Subdomain(parts[i], minor);
    if (pe.length == 0) continue;
    for (let k = 0; k < pe.length; k++) errs.invalidStr(path, segs[1], "validating label " + quote(parts[i]) + ": " + pe[k]);
    break;
  }
  if (byteLen(name) > 253 + 253 + 63 + 1 + 1) errs.tooLong(path, 571, minor);
}

/** A *metav1.LabelSelector as ErrorBody prints it: %#v up to 1.33, json.Marshal from 1.34. */
function renderSelector(sel: Val | null, minor: i32): string {
  const ml = strMap(fld(sel, "MatchLabels"));
  const exprs = fld(sel, "MatchExpressions");
  const ne = sliceLen(exprs);
  if (minor >= 34) {
    if (!isSet(sel)) return "null";
    const members = new Array<string>();
    if (ml.keys.length > 0) {
      const labels = new Array<string>(ml.keys.length);
      for (let i = 0; i < ml.keys.length; i++) labels[i] = jsonQuote(ml.keys[i]) + ":" + jsonQuote(ml.vals[i]);
      members.push("\"matchLabels\":{" + joinStrings(labels, ",") + "}");
    }
    if (ne > 0) {
      const reqs = new Array<string>(ne);
      for (let i = 0; i < ne; i++) {
        const e = at(exprs, i), vals = fld(e, "Values");
        let r = "{\"key\":" + jsonQuote(str(fld(e, "Key"))) + ",\"operator\":" + jsonQuote(str(fld(e, "Operator")));
        const nv = sliceLen(vals);
        if (nv > 0) {
          const vs = new Array<string>(nv);
          for (let j = 0; j < nv; j++) vs[j] = jsonQuote(str(at(vals, j)));
          r += ",\"values\":[" + joinStrings(vs, ",") + "]";
        }
        reqs[i] = r + "}";
      }
      members.push("\"matchExpressions\":[" + joinStrings(reqs, ",") + "]");
    }
    return "{" + joinStrings(members, ",") + "}";
  }
  let m = "map[string]string(nil)";
  if (!ml.isNil) {
    const labels = new Array<string>(ml.keys.length);
    for (let i = 0; i < ml.keys.length; i++) labels[i] = quote(ml.keys[i]) + ":" + quote(ml.vals[i]);
    m = "map[string]string{" + joinStrings(labels, ", ") + "}";
  }
  let x = "[]v1.LabelSelectorRequirement(nil)";
  if (exprs !== null) {
    const reqs = new Array<string>(ne);
    for (let i = 0; i < ne; i++) {
      const e = at(exprs, i), vals = fld(e, "Values");
      let vs = "[]string(nil)";
      if (vals !== null) {
        const items = new Array<string>(sliceLen(vals));
        for (let j = 0; j < sliceLen(vals); j++) items[j] = quote(str(at(vals, j)));
        vs = "[]string{" + joinStrings(items, ", ") + "}";
      }
      reqs[i] = "v1.LabelSelectorRequirement{Key:" + quote(str(fld(e, "Key"))) + ", Operator:" + quote(str(fld(e, "Operator"))) + ", Values:" + vs + "}";
    }
    x = "[]v1.LabelSelectorRequirement{" + joinStrings(reqs, ", ") + "}";
  }
  return "v1.LabelSelector{MatchLabels:" + m + ", MatchExpressions:" + x + "}";
}

/** A pointer as %#v prints it, the address masked. */
function ptr(t: string, v: Val | null): string {
  return "(*" + t + ")(" + (isSet(v) ? "0x?" : "nil") + ")";
}

/** The internal ClusterTrustBundleProjection as ErrorBody prints it (%#v, pointers masked, up to 1.33; JSON from 1.34). */
function renderCTB(c: Val | null, minor: i32): string {
  const name = fld(c, "Name"), signer = fld(c, "SignerName"), sel = fld(c, "LabelSelector"), opt = fld(c, "Optional");
  const path = str(fld(c, "Path"));
  if (minor >= 34) {
    let s = "{\"Name\":" + (isSet(name) ? jsonQuote(str(name)) : "null") + ",\"SignerName\":" + (isSet(signer) ? jsonQuote(str(signer)) : "null") +
      ",\"LabelSelector\":" + renderSelector(sel, minor) + ",\"Optional\":" + (isSet(opt) ? (int(opt) != 0 ? "true" : "false") : "null") + ",\"Path\":" + jsonQuote(path);
    if (minor >= 37) s += ",\"User\":" + (isSet(fld(c, "User")) ? int(fld(c, "User")).toString() : "null");
    return s + "}";
  }
  return "core.ClusterTrustBundleProjection{Name:" + ptr("string", name) + ", SignerName:" + ptr("string", signer) + ", LabelSelector:" + ptr("v1.LabelSelector", sel) +
    ", Optional:" + ptr("bool", opt) + ", Path:" + quote(path) + "}";
}

/** The clusterTrustBundle source `c` of projected source `sp` (1.29+); `volPath` is the projected volume's path. */
export function clusterTrustBundleSource(c: Val | null, sp: string, volPath: string, paths: Set<string>, minor: i32, errs: ErrList): void {
  const pp = sp + (minor <= 30 ? ".clusterTrustBundlePEM" : ".clusterTrustBundle");
  const name = fld(c, "Name"), signer = fld(c, "SignerName"), sel = fld(c, "LabelSelector");
  if (isSet(name) && isSet(signer)) {
    errs.invalid(pp, renderCTB(c, minor), "only one of name and signerName may be used");
  } else if (isSet(name)) {
    const n = str(name);
    if (n.length == 0) errs.required(pp + ".name", "must be a valid object name");
    const colon = n.lastIndexOf(":");
    let ne: Array<string>;
    if (colon >= 0) {
      // extractSignerNameFromClusterTrustBundleName, then ValidateClusterTrustBundleName(signer)
      const sg = n.substring(0, colon).replaceAll(":", "/");
      const req = sg.replaceAll("/", ":") + ":";
      if (!n.startsWith(req)) ne = ["ClusterTrustBundle for signerName " + sg + " must be named with prefix " + req];
      else ne = isDNS1123Subdomain(n.substring(req.length), minor);
    } else ne = isDNS1123Subdomain(n, minor);
    for (let i = 0; i < ne.length; i++) errs.invalidStr(pp + ".name", n, "not a valid clustertrustbundlename: " + ne[i]);
    if (isSet(sel)) errs.invalid(pp + ".labelSelector", renderSelector(sel, minor), "labelSelector must be unset if name is specified");
  } else if (isSet(signer)) {
    const s = str(signer);
    if (s.length == 0) errs.required(pp + ".signerName", "must be a valid signer name");
    signerName(s, pp + ".signerName", minor, errs);
    labelSelector(sel, false, pp + ".labelSelector", minor, errs);
  } else {
    errs.required(pp, "either name or signerName must be specified");
  }
  const path = str(fld(c, "Path"));
  if (path.length == 0) errs.required(pp + ".path");
  userField(fld(c, "User"), pp + ".user", minor, errs);
  localNonReservedPath(path, pp + ".path", errs);
  claimPath(path, paths, volPath, errs);
}

const KEY_TYPES = ["RSA3072", "RSA4096", "ECDSAP256", "ECDSAP384", "ECDSAP521", "ED25519"];

/** IsKubernetesSignerName. */
function kubernetesSigner(name: string): bool {
  const slash = name.indexOf("/");
  const host = slash >= 0 ? name.substring(0, slash) : name;
  return host == "kubernetes.io" || host.endsWith(".kubernetes.io");
}

/** The podCertificate source `c` of projected source `sp` (1.34+). */
export function podCertificateSource(c: Val | null, sp: string, volPath: string, paths: Set<string>, minor: i32, errs: ErrList): void {
  const pp = sp + ".podCertificate";
  const signer = str(fld(c, "SignerName"));
  signerName(signer, pp + ".signerName", minor, errs);
  const ua = fld(c, "UserAnnotations");
  if (minor >= 35 && ua !== null && ua instanceof MapV) {
    const m = strMap(ua);
    const up = pp + ".userAnnotations";
    for (let i = 0; i < m.keys.length; i++) { // (Go ranges over the map: random order)
      const k = m.keys[i].toLowerCase();
      if (k.length == 0) { errs.required(up); continue; }
      const ke = isQualifiedName(k, minor);
      for (let j = 0; j < ke.length; j++) errs.invalidStr(up, k, ke[j]);
      if (ke.length == 0 && k.split("/").length != 2) errs.invalidStr(up, k, "must be a domain-prefixed key (such as \"acme.io/foo\")");
    }
    annotationsSize(m, up, minor, errs);
  }
  userField(fld(c, "User"), pp + ".user", minor, errs);
  const kt = str(fld(c, "KeyType"));
  if (!KEY_TYPES.includes(kt)) errs.notSupported(pp + ".keyType", kt, KEY_TYPES);
  const mx = fld(c, "MaxExpirationSeconds");
  if (isSet(mx)) {
    const v = int(mx);
    if (v < 3600) errs.invalidInt(pp + ".maxExpirationSeconds", v, "if provided, maxExpirationSeconds must be >= 3600");
    const max: i64 = kubernetesSigner(signer) ? 86400 : 7862400;
    if (v > max) errs.invalidInt(pp + ".maxExpirationSeconds", v, "if provided, maxExpirationSeconds must be <= " + max.toString());
  }
  const names = ["CredentialBundlePath", "KeyPath", "CertificateChainPath"];
  const jsonNames = [".credentialBundlePath", ".keyPath", ".certificateChainPath"];
  let num = 0;
  for (let i = 0; i < 3; i++) {
    const p = str(fld(c, names[i]));
    if (p.length == 0) continue;
    num++;
    localNonReservedPath(p, pp + jsonNames[i], errs);
    claimPath(p, paths, volPath, errs);
  }
  if (num == 0) errs.required(pp, "specify at least one of credentialBundlePath, keyPath, and certificateChainPath");
}
