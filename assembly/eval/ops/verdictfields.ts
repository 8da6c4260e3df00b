// The request fields of `verdict` and `policy.check` besides the objects: versions, feature gates (the
// Kruise kinds' as the kruise.* ops read them, the others' as pod.validateUpdate reads them),
// applyDefaults and the Kruise strategy override. Unknown versions, gates and strategies are refused
// (never mapped to something else).

import { Request } from "./request";
import { K_TRUE, K_FALSE, K_STRING } from "../../json/tape";
import { fail, hasError, E_BAD_REQUEST, E_UNSUPPORTED_VERSION } from "../../base/errors";
import { k8sMinor, kruiseMinor, k8sString, parseDotMinor } from "./k8sfields";
import { minorIndex } from "../../schema/schema";
import { readGatesAt } from "./pod-validate";
import { readKruiseOptions, kruiseReleaseOrNewest } from "./kruisefields";
import { tapeString } from "../../policy/policy";
import { isKruise } from "../../verdict/kinds";
import { VerdictOptions, FV_IGNORE, FV_WARN, FV_STRICT } from "../../verdict/options";
import { verdictGo, verdictKind, runVerdict, VerdictRun } from "../../verdict/verdict";
import { k8sValue } from "./k8sfields";
import { KTime } from "../../upstream/kruise/inplaceupdate/state";
import { parseTimeRFC3339 } from "../../typed/time";
import { DEFAULTS_MIN_MINOR } from "../../upstream/kubernetes/defaults/podspec";
import { K8S_NEWEST_GO, KRUISE_NEWEST, kruiseGoOf } from "../../base/pins";

/** Reads the options for a workload of kind `kind` (`exact`: the shortcuts turned off); null with an error recorded. */
export function readVerdictOptions(req: Request, kind: i32, exact: u32): VerdictOptions | null {
  const o = new VerdictOptions();
  o.exact = exact;
  const kruise = isKruise(kind);
  // an OpenKruise kind is answered by the release `kruise` names (a value no release has: checked with the other
  // Kruise options below, after the versions, as the newest release's build does)
  const release = kruise ? kruiseReleaseOrNewest(req) : KRUISE_NEWEST;
  const minor = kruise ? kruiseMinor(req, "kubernetes", release) : k8sMinor(req, "kubernetes");
  if (minor < 0) return null;
  o.minor = minor;
  o.go = kruise ? kruiseGoOf(release) : verdictGo(kind, minor);
  if (req.field("kubelet") >= 0) {
    const kl = kruise ? kruiseMinor(req, "kubelet", release) : k8sMinor(req, "kubelet");
    if (kl < 0) return null;
    o.kubelet = kl;
  } else o.kubelet = minor;
  if (kruise) {
    // `kruise` and `gates` as the kruise.* ops read them
    const k = readKruiseOptions(req);
    if (k === null) return null;
    o.kruise = k;
  }
  if (!kruise && req.field("kruise") >= 0) { fail(E_BAD_REQUEST, "\"kruise\" applies to OpenKruise kinds only", -1, "kruise"); return null; }
  const g = kruise ? -1 : req.field("gates");
  if (g >= 0) {
    const t = req.tape;
    o.gatesNode = g;
    if (!readGatesAt(t, g, o.k8sGates, o.minor, "gates")) return null;
  }
  if (req.field("now") >= 0) {
    const nb = k8sString(req, "now");
    if (nb === null) return null;
    const pt = parseTimeRFC3339(nb.ptr, nb.len, K8S_NEWEST_GO);
    if (!pt.ok) { fail(E_BAD_REQUEST, "\"now\" must be an RFC 3339 time", -1, "now"); return null; }
    const now = new KTime();
    now.zero = pt.ext == 0 && pt.nsec == 0;
    now.ext = pt.ext;
    now.nsec = pt.nsec;
    o.now = now;
  }
  if (!readServer(req, kruise, o)) return null;
  const ap = req.field("allowPrivileged");
  if (ap >= 0) {
    const k = req.tape.kind(ap);
    if (k != K_TRUE && k != K_FALSE) { fail(E_BAD_REQUEST, "\"allowPrivileged\" must be a boolean", -1, "allowPrivileged"); return null; }
    o.allowPrivileged = k == K_TRUE;
  }
  const ad = req.field("applyDefaults");
  if (ad >= 0) {
    const k = req.tape.kind(ad);
    if (k != K_TRUE && k != K_FALSE) { fail(E_BAD_REQUEST, "\"applyDefaults\" must be a boolean", -1, "applyDefaults"); return null; }
    o.applyDefaults = k == K_TRUE;
    if (o.applyDefaults && kruise) { fail(E_BAD_REQUEST, "applyDefaults is not supported for OpenKruise kinds", -1, "applyDefaults"); return null; }
  } else o.applyDefaults = !kruise && minor >= DEFAULTS_MIN_MINOR;
  // the API server's fieldValidation: Warn by default from 1.25 (ServerSideFieldValidation on); before it the server
  // ignores the parameter; the OpenKruise kinds are custom resources, pruned without these texts here
  o.fieldValidation = !kruise && minor >= 25 ? FV_WARN : FV_IGNORE;
  const fv = req.field("fieldValidation");
  if (fv >= 0) {
    if (req.tape.kind(fv) != K_STRING) { fail(E_BAD_REQUEST, "\"fieldValidation\" must be a string (Ignore, Warn or Strict)", -1, "fieldValidation"); return null; }
    const v = tapeString(req.tape, fv);
    let m = -1;
    if (v == "Ignore") m = FV_IGNORE;
    else if (v == "Warn") m = FV_WARN;
    else if (v == "Strict") m = FV_STRICT;
    if (m < 0) { fail(E_BAD_REQUEST, "unknown fieldValidation \"" + v + "\" (Ignore, Warn or Strict)", -1, "fieldValidation"); return null; }
    if (!kruise && minor >= 25) o.fieldValidation = m;
  }
  const s = req.field("strategy");
  if (s >= 0) {
    const t = req.tape;
    if (t.kind(s) != K_STRING) { fail(E_BAD_REQUEST, "\"strategy\" must be a string", -1, "strategy"); return null; }
    const v = tapeString(t, s);
    if (!kruise) { fail(E_BAD_REQUEST, "\"strategy\" applies to OpenKruise kinds only (ReCreate, InPlaceIfPossible, InPlaceOnly)", -1, "strategy"); return null; }
    if (v != "ReCreate" && v != "InPlaceIfPossible" && v != "InPlaceOnly") {
      fail(E_BAD_REQUEST, "unknown strategy \"" + v + "\" (ReCreate, InPlaceIfPossible or InPlaceOnly)", -1, "strategy");
      return null;
    }
    o.strategy = v;
  }
  return o;
}

/** `serverVersion` ("1.N") and `serverGates` (an object of booleans) of a Kruise-kind request; false with an error. */
function readServer(req: Request, kruise: bool, o: VerdictOptions): bool {
  const sv = req.field("serverVersion");
  const sg = req.field("serverGates");
  if (!kruise) {
    if (sv >= 0) return fail(E_BAD_REQUEST, "\"serverVersion\" applies to OpenKruise kinds only (the server of the other kinds is \"kubernetes\")", -1, "serverVersion");
    if (sg >= 0) return fail(E_BAD_REQUEST, "\"serverGates\" applies to OpenKruise kinds only (the other kinds take \"gates\")", -1, "serverGates");
    return true;
  }
  if (sv >= 0) {
    const b = k8sString(req, "serverVersion");
    if (b === null) return false;
    const m = parseDotMinor(b);
    const text = String.UTF8.decodeUnsafe(b.ptr, <usize>b.len);
    if (m < 0 || minorIndex(m) < 0 || text != "1." + m.toString()) return fail(E_UNSUPPORTED_VERSION, "unsupported serverVersion \"" + text + "\"", -1, "serverVersion");
    o.server = m;
  }
  return sg < 0 || readGatesAt(req.tape, sg, o.serverGates, o.serverMinor(), "serverGates");
}


const FIELDS: StaticArray<string> = [
  "op", "id", "limits", "old", "oldText", "new", "newText", "kind", "kubernetes", "kubelet", "kruise", "gates", "strategy", "applyDefaults", "now",
  "allowPrivileged", "exact", "exactDecode", "fieldValidation", "serverVersion", "serverGates",
  "node", "nodeText", "pods",
  "policy", "policyText", "maxPolicyMatches",
];

/** Refuses request members the verdict ops do not know (a typo must not silently change the answer). */
export function checkFields(req: Request): bool {
  const t = req.tape;
  const n = t.children(req.obj);
  let k = req.obj + 1;
  for (let m = 0; m < n; m++) {
    const name = tapeString(t, k);
    if (!FIELDS.includes(name)) return fail(E_BAD_REQUEST, "unknown field \"" + name + "\"", -1, name);
    k = t.next(t.next(k));
  }
  return true;
}

/**
 * Reads the objects, the kind and the options of a `verdict` / `policy.check` request (in the oracle's order:
 * old, new, kind, then the options) and runs the verdict with the shortcuts `exact` allows; null with an error recorded.
 */
export function runVerdictRequest(req: Request, exact: u32): VerdictRun | null {
  const ov = k8sValue(req, "old");
  if (ov === null) return null;
  const nv = k8sValue(req, "new");
  if (nv === null) return null;
  const kindField = req.str("kind"); // null or absent: the objects' own kind
  if (kindField === null && hasError()) return null;
  const kind = verdictKind(kindField, ov.tape, ov.node, nv.tape, nv.node);
  if (kind < 0) return null;
  const opts = readVerdictOptions(req, kind, exact);
  if (opts === null) return null;
  return runVerdict(ov, nv, kind, opts);
}
