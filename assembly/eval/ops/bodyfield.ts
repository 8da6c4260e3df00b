// A request member read as kube-apiserver reads a request body for one resource: decoded with the minor's types
// (the minor's release Go), its apiVersion and kind (when given) checked against the URL's, with the server's texts.

import { fail, hasError, errorCode, setErrorPath, E_BAD_REQUEST, E_JSON_SYNTAX, E_JSON_DEPTH } from "../../base/errors";
import { fld, str } from "../../upstream/kubernetes/validation/view";
import { Request } from "./request";
import { decodeAt } from "../../typed/decodeat";
import { Val } from "../../typed/value";
import { k8sValue } from "./k8sfields";
import { defaultGoOf } from "../../base/pins";

/** Member `name` decoded as type `ty` of `minor`, its apiVersion / kind equal to `apiVersion` / `kind` when set (null also
 *  for a null or empty document: check hasError()); an error has path `name`. */
export function decodeBody(req: Request, name: string, ty: i32, minor: i32, apiVersion: string, kind: string): Val | null {
  const v = k8sValue(req, name);
  if (v === null) {
    const c = errorCode();
    if (c == E_JSON_SYNTAX || c == E_JSON_DEPTH) setErrorPath(name);
    return null;
  }
  const val: Val | null = decodeAt(v.tape, v.node, ty, minor, defaultGoOf(minor));
  if (hasError()) { setErrorPath(name); return null; }
  const tm = fld(val, "TypeMeta");
  const av = str(fld(tm, "APIVersion")), k = str(fld(tm, "Kind"));
  if (av.length > 0 && av != apiVersion) { fail(E_BAD_REQUEST, "the API version in the data (" + av + ") does not match the expected API version (" + apiVersion + ")", -1, name); return null; }
  if (k.length > 0 && k != kind) { fail(E_BAD_REQUEST, "the kind in the data (" + k + ") does not match the expected kind (" + kind + ")", -1, name); return null; }
  return val;
}
