// Ops `scaled` {value, total?, roundUp?, variant} → {value} and `kruise.partition` {partition, replicas?}
// → {value}: the IntOrString helpers of Kubernetes and OpenKruise (assembly/upstream/intstr/intorstr.ts).
// Upstream's own errors are E_INT_OR_STRING with upstream's text.

import { Request } from "./request";
import { ResultWriter } from "../../json/resultwriter";
import { K_NULL, K_NUMBER, F_INT } from "../../json/tape";
import { fail, hasError, E_BAD_REQUEST } from "../../base/errors";
import { IntOrStr, readIntOrStr, readInt, scaledBy, VARIANT_KUBERNETES, VARIANT_DEPRECATED, VARIANT_KRUISE } from "../../upstream/intstr/intorstr";
import { partitionReplicas } from "../../rollout/partition";

/** Error code of an upstream IntOrString helper's error. */
export const E_INT_OR_STRING = "E_INT_OR_STRING";

/** Reads a required IntOrString field (null is the nil pointer). */
function intOrStrField(req: Request, name: string): IntOrStr | null {
  const i = req.field(name);
  if (i < 0) { fail(E_BAD_REQUEST, "field \"" + name + "\" is required", -1, name); return null; }
  const v = readIntOrStr(req.tape, i);
  if (v === null) fail(E_BAD_REQUEST, "field \"" + name + "\" must be an integer (int32), a string or null", -1, name);
  return v;
}

/** Scales value against total with the requested variant. */
export function opScaled(req: Request, res: ResultWriter): bool {
  const variant = req.requireStr("variant");
  if (variant === null) return false;
  let code: i32;
  if (variant == "kubernetes") code = VARIANT_KUBERNETES;
  else if (variant == "kubernetes-deprecated") code = VARIANT_DEPRECATED;
  else if (variant == "kruise") code = VARIANT_KRUISE;
  else return fail(E_BAD_REQUEST, "unknown variant \"" + variant + "\" (want kubernetes, kubernetes-deprecated or kruise)", -1, "variant");
  const v = intOrStrField(req, "value");
  if (v === null) return false;
  const total = req.int("total", 0);
  if (hasError()) return false;
  const roundUp = req.bool("roundUp", false);
  if (hasError()) return false;
  const n = scaledBy(code, v, total, roundUp);
  const err = n.err;
  if (err !== null) return fail(E_INT_OR_STRING, err);
  res.int("value", n.value);
  return true;
}

/** OpenKruise CalculatePartitionReplicas(partition, replicas). */
export function opKruisePartition(req: Request, res: ResultWriter): bool {
  const p = intOrStrField(req, "partition");
  if (p === null) return false;
  const ri = req.field("replicas");
  let replicas: i32 = 0;
  let has = false;
  if (ri >= 0 && req.tape.kind(ri) != K_NULL) {
    const t = req.tape;
    let ok = t.kind(ri) == K_NUMBER && (t.flags(ri) & F_INT) != 0 && t.len(ri) <= 18;
    let v: i64 = 0;
    if (ok) { v = readInt(t, ri); ok = v >= -2147483648 && v <= 2147483647; }
    if (!ok) return fail(E_BAD_REQUEST, "field \"replicas\" must be an integer (int32) or null", -1, "replicas");
    replicas = <i32>v;
    has = true;
  }
  const n = partitionReplicas(p, replicas, has);
  const err = n.err;
  if (err !== null) return fail(E_INT_OR_STRING, err);
  res.int("value", n.value);
  return true;
}
