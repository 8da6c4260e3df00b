// Op `verdict` {old|oldText, new|newText, kind?, kubernetes?, kubelet?, kruise?, gates?, strategy?,
// applyDefaults?, now?, allowPrivileged?, policy?|policyText?} → {kind, verdict, strategy?, containers, reasons, patches, policy?}: what an update
// from `old` to `new` does to the workload's pods (assembly/verdict), and with a policy, its
// judgement (assembly/policy) on the same diff.

import { Request } from "./request";
import { ResultWriter } from "../../json/resultwriter";
import { fail, hasError, E_BAD_REQUEST } from "../../base/errors";
import { K_OBJECT, K_TRUE, K_FALSE } from "../../json/tape";
import { ExactStore } from "../../stored/stored";
import { checkFields, runVerdictRequest } from "./verdictfields";
import { kindName } from "../../verdict/kinds";
import { readRequestPolicy, writePolicyResult } from "./policy";

/** `verdict`: the decision, per-container actions, reasons and patches (and a policy's judgement when given). */
export function opVerdict(req: Request, res: ResultWriter): bool {
  if (req.tape.kind(req.obj) != K_OBJECT || !checkFields(req)) return false;
  const pol = readRequestPolicy(req, false);
  if (hasError()) return false;
  // exactDecode (engine-only test option): every object read back by decoding its stored JSON, templates encoded again
  const ex = req.field("exactDecode");
  if (ex >= 0 && req.tape.kind(ex) != K_TRUE && req.tape.kind(ex) != K_FALSE) return fail(E_BAD_REQUEST, "\"exactDecode\" must be a boolean", -1, "exactDecode");
  ExactStore.on = ex >= 0 && req.tape.kind(ex) == K_TRUE;
  const run = runVerdictRequest(req);
  ExactStore.on = false;
  if (run === null) return false;
  const out = res.out;
  if (!res.first) out.byte(0x2c);
  res.first = false;
  run.verdict.writeMembers(out, kindName(run.kind));
  if (pol !== null) {
    res.key("policy");
    writePolicyResult(res.out, pol, run);
  }
  return true;
}
