// Op `k8s.transcode` {type, value|valueText, kubernetes?, go?, applyDefaults? (Container only)} → {json}: the stored
// JSON (json.Marshal of the API server's decode, as `k8s.json` answers it) written by the transcoder
// (assembly/fast/transcode/) straight from the raw bytes, with `applyDefaults: true` the API server's container
// defaults applied to those bytes (fast/transcode/containerdefaults.ts), or `json: null` when the transcoder does not
// prove its answer (callers then use `k8s.json`). A diagnostic op: the differential tests compare it with `k8s.json`
// byte for byte.

import { ByteSink } from "../../io/sink";
import { fail, hasError, clearError, E_BAD_REQUEST } from "../../base/errors";
import { Request } from "./request";
import { ResultWriter } from "../../json/resultwriter";
import { requestType, isKruiseKind } from "../../typed/types";
import { writeJSONString } from "../../json/strings";
import { k8sMinor, kruiseMinor, k8sGo, k8sString, k8sRawValue, missing } from "./k8sfields";
import { transcodeStored } from "../../fast/transcode/transcode";
import { containerDefaults } from "../../fast/transcode/containerdefaults";
import { TopFields } from "../../fast/transcode/state";
import { boolField } from "./hash";

/** `k8s.transcode`: the transcoder's stored JSON of `value` as type `type`, or null when not proved. */
export function opK8sTranscode(req: Request, res: ResultWriter): bool {
  if (req.field("type") < 0) return missing("type");
  const nb = k8sString(req, "type");
  if (nb === null) return false;
  const name = String.UTF8.decodeUnsafe(nb.ptr, <usize>nb.len);
  const kruise = isKruiseKind(name);
  const minor = kruise ? kruiseMinor(req, "kubernetes") : k8sMinor(req, "kubernetes");
  if (minor < 0) return false;
  const ty = requestType(name, minor);
  if (ty < 0) return fail(E_BAD_REQUEST, "unknown type \"" + name + "\"", -1, "type");
  const go = k8sGo(req, minor, kruise);
  if (go < 0) return false;
  const defaults = boolField(req, "applyDefaults");
  if (defaults < 0) return false;
  if (defaults == 1 && name != "Container") return fail(E_BAD_REQUEST, "k8s.transcode applies the defaults of a Container only", -1, "applyDefaults");
  const raw = k8sRawValue(req, "value");
  if (raw === null) return false;
  const stored = new ByteSink(raw.n + 64);
  const depth = raw.node >= 0 ? 1000000 : req.opts.maxDepth - 1;
  const top = new TopFields();
  let out: ByteSink | null = null;
  if (raw.n <= req.opts.maxBytes && transcodeStored(ty, raw.p, raw.n, go, stored, depth, top) && !hasError()) {
    out = defaults == 1 ? containerDefaults(stored.ptr, stored.len, top, ty, minor, go >= 24, new TopFields()) : stored;
  }
  if (out !== null) {
    writeJSONString(res.key("json"), out.ptr, out.len);
  } else {
    clearError();
    res.key("json").ascii("null");
  }
  return true;
}
