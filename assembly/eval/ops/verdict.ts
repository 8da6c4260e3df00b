// Op `verdict` {old|oldText, new|newText, kind?, kubernetes?, kubelet?, kruise?, gates?, strategy?,
// applyDefaults?, now?, allowPrivileged?, node?|nodeText?, pods?, policy?|policyText?} → {kind, verdict, strategy?, containers,
// subresource?, resizeAdmission?, reasons, patches, policy?}: what an update
// from `old` to `new` does to the workload's pods (assembly/verdict), and with a policy, its
// judgement (assembly/policy) on the same diff.

import { Request } from "./request";
import { ResultWriter } from "../../json/resultwriter";
import { hasError } from "../../base/errors";
import { ByteSink } from "../../io/sink";
import { K_OBJECT } from "../../json/tape";
import { checkFields, runVerdictRequest } from "./verdictfields";
import { readExact } from "./kruisefields";
import { kindName } from "../../verdict/kinds";
import { readRequestPolicy, writePolicyResult } from "./policy";
import { verdictAdmission } from "./kubelet-admit";

/** `verdict`: the decision, per-container actions, reasons and patches (and a policy's judgement when given). */
export function opVerdict(req: Request, res: ResultWriter): bool {
  if (req.tape.kind(req.obj) != K_OBJECT || !checkFields(req)) return false;
  const pol = readRequestPolicy(req, false);
  if (hasError()) return false;
  // exact / exactDecode (engine-only test options): shortcuts off (exactDecode, an alias of exact: true, all of them)
  const exact = readExact(req, "exactDecode");
  if (exact < 0) return false;
  const run = runVerdictRequest(req, <u32>exact);
  if (run === null) return false;
  if (!verdictAdmission(req, run, <u32>exact)) return false;
  // the policy is judged before anything is written: over its limit, the answer is the error alone
  let judged: ByteSink | null = null;
  if (pol !== null) {
    judged = new ByteSink(256);
    if (!writePolicyResult(judged, pol, run)) return false;
  }
  const out = res.out;
  if (!res.first) out.byte(0x2c);
  res.first = false;
  run.verdict.writeMembers(out, kindName(run.kind));
  if (judged !== null) {
    res.key("policy");
    out.bytes(judged.ptr, judged.len);
  }
  return true;
}
