// Op `pod.validateResize` {old|oldText, new|newText, kubernetes?, gates?, applyDefaults?, maxErrorBytes?} → {errors:
// [{field, type, message}], message, warnings}: what kube-apiserver of a Kubernetes minor (1.32-1.37) answers to a
// PATCH / PUT of a Pod's `resize` subresource (in-place pod vertical scaling) over the stored `old` pod, `new` being
// the pod as the request leaves it. Before 1.32, or with InPlacePodVerticalScaling off, the subresource does not
// exist: E_NOT_FOUND. Both pods are decoded as that API server decodes a v1 body and defaulted (unless applyDefaults
// is false); then rest.BeforeUpdate with the pod resize strategy (assembly/upstream/kubernetes/registry/podresize.ts).

import { fail, hasError, E_BAD_REQUEST, E_LIMIT, E_NOT_FOUND } from "../../base/errors";
import { decodeBody } from "./bodyfield";
import { Request, onlyFields } from "./request";
import { ResultWriter } from "../../json/resultwriter";
import { requestType } from "../../typed/types";
import { Val } from "../../typed/value";
import { k8sMinor } from "./k8sfields";
import { boolField } from "./hash";
import { readGates, writeFieldErrors } from "./pod-validate";
import { Gates } from "../../upstream/kubernetes/validation/gates";
import { DEFAULT_MAX_ERROR_BYTES } from "../../upstream/kubernetes/validation/errlist";
import { applyDefaultsTo } from "../../upstream/kubernetes/defaults/index";
import { resizeBeforeUpdate } from "../../upstream/kubernetes/registry/podresize";
import { defaultGatesOf } from "../../stored/stored";

/** The op's members besides op, id, limits and exact. */
const FIELDS = ["old", "oldText", "new", "newText", "kubernetes", "gates", "applyDefaults", "maxErrorBytes"];
const NOT_FOUND = "the server could not find the requested resource";

/** Decodes (and defaults) pod field `name`; null with an error (path `name`). */
function decodeResizePod(req: Request, name: string, ty: i32, minor: i32, defaults: bool, gates: Gates): Val | null {
  let val = decodeBody(req, name, ty, minor, "v1", "Pod");
  if (hasError()) return null;
  if (defaults) {
    val = applyDefaultsTo("Pod", ty, val, minor, name, defaultGatesOf(gates, minor));
    if (hasError()) return null;
  }
  return val;
}

/** `pod.validateResize`. */
export function opPodValidateResize(req: Request, res: ResultWriter): bool {
  if (!onlyFields(req, FIELDS)) return false;
  const minor = k8sMinor(req, "kubernetes");
  if (minor < 0) return false;
  if (minor < 32) return fail(E_NOT_FOUND, NOT_FOUND, -1, "kubernetes");
  const d = boolField(req, "applyDefaults");
  if (d < 0) return false;
  const defaults = req.field("applyDefaults") < 0 || d == 1;
  const maxErrorBytes = req.int("maxErrorBytes", DEFAULT_MAX_ERROR_BYTES);
  if (hasError()) return false;
  if (maxErrorBytes < 1) return fail(E_BAD_REQUEST, "field \"maxErrorBytes\" must be a positive integer", -1, "maxErrorBytes");
  const g = new Gates();
  if (!readGates(req, g, minor)) return false;
  if (!g.enabled("InPlacePodVerticalScaling", minor)) return fail(E_NOT_FOUND, NOT_FOUND, -1, "gates");
  const ty = requestType("Pod", minor);
  const o = decodeResizePod(req, "old", ty, minor, defaults, g);
  if (hasError()) return false;
  const n = decodeResizePod(req, "new", ty, minor, defaults, g);
  if (hasError()) return false;
  const r = resizeBeforeUpdate(n, o, ty, minor, g, maxErrorBytes);
  if (hasError()) return false;
  if (r.badRequest.length > 0) return fail(E_BAD_REQUEST, r.badRequest, -1, "new");
  if (r.errs.over) return fail(E_LIMIT, "the validation errors exceed maxErrorBytes (" + maxErrorBytes.toString() + " characters)", -1, "maxErrorBytes");
  writeFieldErrors(res, r.errs);
  res.str("message", r.message);
  res.strs("warnings", r.warnings.texts);
  return true;
}
