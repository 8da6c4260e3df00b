// The request fields of `verdict` and `policy.check` besides the objects: versions, feature gates (the
// Kruise kinds' through the Kruise part's readKruiseOptions, the others' as pod.validateUpdate reads
// them), applyDefaults and the Kruise strategy override. Unknown versions, gates and strategies are
// refused (never mapped to something else).

import { Request } from "../eval/request";
import { Tape, K_OBJECT, K_TRUE, K_FALSE, K_STRING } from "../json/tape";
import { fail, E_BAD_REQUEST, E_UNSUPPORTED_VERSION } from "../base/errors";
import { k8sMinor, kruiseMinor, k8sString } from "../eval/ops/k8sfields";
import { tapeString } from "../policy/policy";
import { isKruise } from "./kinds";
import { Gates } from "../upstream/kubernetes/validation/gates";
import { readKruiseOptions } from "../upstream/kruise/inplaceupdate/options";
import { KTime } from "../upstream/kruise/inplaceupdate/state";
import { parseRFC3339, ParsedTime } from "../typed/time";
import { DEFAULTS_MIN_MINOR } from "../upstream/kubernetes/defaults/podspec";

/** The request's options, read once. */
export class VerdictOptions {
  minor: i32 = 0;
  kubelet: i32 = 0;
  go: i32 = 0;
  kruise: string = "1.9";
  /** The gates field node on the request tape (-1 when absent), handed to the parts that read gates themselves. */
  gatesNode: i32 = -1;
  /** Strategy override ("" when absent). */
  strategy: string = "";
  /** Apply the API server's defaults to both objects (default: true for Pods and native kinds from 1.15; idempotent on live objects). */
  applyDefaults: bool = false;
  /** `now` (RFC 3339) for the Kruise pod patch; null when absent. */
  now: KTime | null = null;
  /** Kubernetes gates (Pods and the native kinds), as pod.validateUpdate applies them: in order over the minor's defaults. */
  k8sGates: Gates = new Gates();
  /** The cluster policy's --allow-privileged for the Pod validation (request `allowPrivileged`, default true). */
  allowPrivileged: bool = true;
}

/** Reads the options for a workload of kind `kind`; null with an error recorded. */
export function readOptions(req: Request, kind: i32, defaultGo: (minor: i32) => i32): VerdictOptions | null {
  const o = new VerdictOptions();
  const kruise = isKruise(kind);
  const minor = kruise ? kruiseMinor(req, "kubernetes") : k8sMinor(req, "kubernetes");
  if (minor < 0) return null;
  o.minor = minor;
  o.go = defaultGo(minor);
  if (req.field("kubelet") >= 0) {
    const kl = kruise ? kruiseMinor(req, "kubelet") : k8sMinor(req, "kubelet");
    if (kl < 0) return null;
    o.kubelet = kl;
  } else o.kubelet = minor;
  if (kruise && !readKruiseOptions(req)) return null; // `kruise` and `gates` as the kruise.* ops read them
  if (!kruise && req.field("kruise") >= 0) {
    const b = k8sString(req, "kruise");
    if (b === null) return null;
    const v = String.UTF8.decodeUnsafe(b.ptr, <usize>b.len);
    if (v != "1.9") {
      fail(E_UNSUPPORTED_VERSION, "unsupported kruise version \"" + v + "\" (supported: \"1.9\", openkruise/kruise v1.9.0)", -1, "kruise");
      return null;
    }
    if (!kruise) { fail(E_BAD_REQUEST, "\"kruise\" applies to OpenKruise kinds only", -1, "kruise"); return null; }
  }
  const g = kruise ? -1 : req.field("gates");
  if (g >= 0) {
    const t = req.tape;
    if (t.kind(g) != K_OBJECT) { fail(E_BAD_REQUEST, "\"gates\" must be an object of booleans", -1, "gates"); return null; }
    o.gatesNode = g;
    if (!readK8sGates(t, g, o)) return null;
  }
  if (req.field("now") >= 0) {
    const nb = k8sString(req, "now");
    if (nb === null) return null;
    if (!parseRFC3339(nb.ptr, nb.len, 26)) { fail(E_BAD_REQUEST, "\"now\" must be an RFC 3339 time", -1, "now"); return null; }
    const now = new KTime();
    now.zero = ParsedTime.ext == 0 && ParsedTime.nsec == 0;
    now.ext = ParsedTime.ext;
    now.nsec = ParsedTime.nsec;
    o.now = now;
  }
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

/** Kubernetes gates of a Pod / native-kind request (pod.validateUpdate's rules and texts); false with an error. */
function readK8sGates(t: Tape, g: i32, o: VerdictOptions): bool {
  const n = t.children(g);
  let k = g + 1;
  for (let m = 0; m < n; m++) {
    const v = t.next(k);
    const vk = t.kind(v);
    if (vk != K_TRUE && vk != K_FALSE) return fail(E_BAD_REQUEST, "\"gates\" must be an object of booleans", -1, "gates");
    if (!o.k8sGates.set(tapeString(t, k), vk == K_TRUE, o.minor)) return fail(E_BAD_REQUEST, o.k8sGates.error!, -1, "gates");
    k = t.next(v);
  }
  return true;
}
