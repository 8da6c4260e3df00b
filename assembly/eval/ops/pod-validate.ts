// Op `pod.validateUpdate` {old|oldText, new|newText, kubernetes?, gates?, allowPrivileged?, maxErrorBytes?} → {errors:
// [{field, type, message}], message}: the API server's pod update validation of a Kubernetes minor (1.15-1.37;
// 1.12 is refused: no oracle build) on two v1 Pods decoded as that API server decodes them (no
// defaulting). `gates` {name: bool} are applied in order over the minor's defaults; `allowPrivileged`
// (default true) is the cluster's --allow-privileged policy for privileged containers; `maxErrorBytes` (default
// 16 MiB) bounds the characters of the error list (E_LIMIT beyond it: a few upstream errors print the whole
// input, so some lists grow with its square). See
// assembly/upstream/kubernetes/validation/ and docs/policy.md.

import { ByteSink } from "../../io/sink";
import { fail, hasError, errorCode, setErrorPath, E_BAD_REQUEST, E_UNSUPPORTED_VERSION, E_JSON_SYNTAX, E_JSON_DEPTH } from "../../base/errors";
import { Tape, K_OBJECT, K_TRUE, K_FALSE } from "../../json/tape";
import { unquote, writeJSONStr } from "../../json/strings";
import { Request } from "./request";
import { ResultWriter } from "../../json/resultwriter";
import { requestType } from "../../typed/types";
import { decodesWithJsoniter, warningPaths, embeddedErrorPath } from "../../typed/versions";
import { Decoder, DecodeOptions } from "../../typed/decode";
import { Val } from "../../typed/value";
import { k8sMinor, k8sValue } from "./k8sfields";
import { Gates } from "../../upstream/kubernetes/validation/gates";
import { validatePodUpdate } from "../../upstream/kubernetes/validation/update";
import { DEFAULT_MAX_ERROR_BYTES, ErrList } from "../../upstream/kubernetes/validation/errlist";
import { defaultGoOf, K8S_MODELLED_MIN } from "../../base/pins";

/** Decodes pod field `name` as the API server of `minor` does; null with an error (path `name`). */
function decodePod(req: Request, name: string, minor: i32): Val | null {
  const v = k8sValue(req, name);
  if (v === null) {
    const c = errorCode();
    if (c == E_JSON_SYNTAX || c == E_JSON_DEPTH) setErrorPath(name);
    return null;
  }
  const o = new DecodeOptions();
  o.minor = minor;
  o.jsoniter = decodesWithJsoniter(minor);
  o.warnPaths = warningPaths(minor);
  o.embeddedPath = embeddedErrorPath(minor);
  o.goMinor = defaultGoOf(minor);
  o.warnings = false;
  const d = new Decoder(v.tape, o);
  d.jit.dataStart = v.tape.rawStart(v.node);
  d.jit.dataEnd = v.tape.rawEnd(v.node);
  const val = d.decodeTop(requestType("Pod", minor), v.node);
  if (hasError()) { setErrorPath(name); return null; }
  return val;
}

/** Reads `gates` into `g` (in order); false with an error recorded. */
export function readGates(req: Request, g: Gates, minor: i32): bool {
  const i = req.field("gates");
  return i < 0 || readGatesAt(req.tape, i, g, minor, "gates");
}

/** Sets the gates of the object of booleans at node `i` of `t` (request member `field`) on `g` at `minor`; false with an error. */
export function readGatesAt(t: Tape, i: i32, g: Gates, minor: i32, field: string): bool {
  if (t.kind(i) != K_OBJECT) return fail(E_BAD_REQUEST, "\"" + field + "\" must be an object of booleans", -1, field);
  const n = t.children(i);
  let k = i + 1;
  for (let m = 0; m < n; m++) {
    const v = t.next(k);
    const kv = t.kind(v);
    if (kv != K_TRUE && kv != K_FALSE) return fail(E_BAD_REQUEST, "\"" + field + "\" must be an object of booleans", -1, field);
    const b = new ByteSink(t.len(k) + 4);
    unquote(b, t.ptr(k), t.len(k), true);
    const name = String.UTF8.decodeUnsafe(b.ptr, <usize>b.len);
    if (!g.set(name, kv == K_TRUE, minor)) return fail(E_BAD_REQUEST, g.error!, -1, field);
    k = t.next(v);
  }
  return true;
}

/** `pod.validateUpdate`. */
export function opPodValidateUpdate(req: Request, res: ResultWriter): bool {
  const minor = k8sMinor(req, "kubernetes");
  if (minor < 0) return false;
  if (minor < K8S_MODELLED_MIN) return fail(E_UNSUPPORTED_VERSION, "pod.validateUpdate does not support kubernetes 1." + minor.toString() + " (no oracle build)", -1, "kubernetes");
  const g = new Gates();
  if (!readGates(req, g, minor)) return false;
  const oldPod = decodePod(req, "old", minor);
  if (hasError()) return false;
  const newPod = decodePod(req, "new", minor);
  if (hasError()) return false;
  let allowPriv = true;
  const ap = req.field("allowPrivileged");
  if (ap >= 0) {
    const k = req.tape.kind(ap);
    if (k != K_TRUE && k != K_FALSE) return fail(E_BAD_REQUEST, "\"allowPrivileged\" must be a boolean", -1, "allowPrivileged");
    allowPriv = k == K_TRUE;
  }
  const maxErrorBytes = req.int("maxErrorBytes", DEFAULT_MAX_ERROR_BYTES);
  if (hasError()) return false;
  if (maxErrorBytes < 1) return fail(E_BAD_REQUEST, "field \"maxErrorBytes\" must be a positive integer", -1, "maxErrorBytes");
  const errs = validatePodUpdate(oldPod, newPod, minor, g, allowPriv, maxErrorBytes);
  if (hasError()) return false; // a limit: a quantity beyond the engine's digits (E_TOO_LARGE), the error list's size (E_LIMIT)
  writeFieldErrors(res, errs);
  res.str("message", errs.aggregate());
  return true;
}

/** Writes the `errors` member: each field error as {field, type, message} in order. */
export function writeFieldErrors(res: ResultWriter, errs: ErrList): void {
  const out = res.key("errors");
  out.byte(0x5b);
  for (let i = 0; i < errs.list.length; i++) {
    const e = errs.list[i];
    if (i > 0) out.byte(0x2c);
    out.ascii("{\"field\":");
    writeJSONStr(out, e.field);
    out.ascii(",\"type\":");
    writeJSONStr(out, e.type);
    out.ascii(",\"message\":");
    writeJSONStr(out, e.body);
    out.byte(0x7d);
  }
  out.byte(0x5d);
}
