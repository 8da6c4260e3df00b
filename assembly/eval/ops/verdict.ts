// Op `verdict` {old|oldText, new|newText, kind?, kubernetes?, kubelet?, kruise?, gates?, strategy?,
// applyDefaults?, now?, allowPrivileged?, policy?|policyText?} → {kind, verdict, strategy?, containers, reasons, patches, policy?}: what an update
// from `old` to `new` does to the workload's pods (assembly/policy/verdict), and with a policy, its
// judgement (assembly/policy/rules) on the same diff.

import { Request } from "../request";
import { ResultWriter } from "../response";
import { fail, hasError, E_BAD_REQUEST } from "../../errors";
import { K_OBJECT } from "../../json/tape";
import { tapeString } from "../../policy/rules/policy";
import { runVerdict } from "../../policy/verdict/verdict";
import { kindName } from "../../policy/verdict/kinds";
import { readRequestPolicy, writePolicyResult } from "./policy";

const FIELDS: StaticArray<string> = [
  "op", "id", "limits", "old", "oldText", "new", "newText", "kind", "kubernetes", "kubelet", "kruise", "gates", "strategy", "applyDefaults", "now",
  "allowPrivileged",
  "policy", "policyText",
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

/** `verdict`: the decision, per-container actions, reasons and patches (and a policy's judgement when given). */
export function opVerdict(req: Request, res: ResultWriter): bool {
  if (req.tape.kind(req.obj) != K_OBJECT || !checkFields(req)) return false;
  const pol = readRequestPolicy(req, false);
  if (hasError()) return false;
  const run = runVerdict(req);
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
