// Op `policy.check` {old|oldText, new|newText, policy|policyText, kind?, kubernetes?, kubelet?, kruise?,
// gates?, strategy?} → {decision: "allow"|"deny", verdict, violations: [{path, rule, verdict, effect,
// message}]}: a user policy (assembly/policy) judging the verdict's diff — each changed path
// with the effect the verdict found for it.

import { Request } from "./request";
import { ResultWriter } from "../../json/resultwriter";
import { ByteSink } from "../../io/sink";
import { ByText, stableOrder } from "../../base/order";
import { fail, hasError, E_BAD_REQUEST } from "../../base/errors";
import { K_OBJECT } from "../../json/tape";
import { writeJSONStr } from "../../json/strings";
import { Policy, readPolicy, evaluatePolicy, E_POLICY, DEFAULT_MAX_POLICY_MATCHES } from "../../policy/policy";
import { effectName } from "../../policy/levels";
import { VerdictRun } from "../../verdict/verdict";
import { kindName } from "../../verdict/kinds";
import { checkFields, runVerdictRequest } from "./verdictfields";
import { verdictAdmission } from "./kubelet-admit";
import { readExact } from "./kruisefields";

/** The request's policy (`policy` or `policyText`); null when absent (`required`: error) or malformed (error recorded). */
export function readRequestPolicy(req: Request, required: bool): Policy | null {
  if (!req.has("policy") && !req.has("policyText")) {
    if (required) fail(E_POLICY, "missing \"policy\" (or \"policyText\")", -1, "policy");
    return null;
  }
  const v = req.value("policy", true);
  if (v === null) return null;
  const max = req.int("maxPolicyMatches", DEFAULT_MAX_POLICY_MATCHES);
  if (hasError()) return null;
  if (max < 1) { fail(E_BAD_REQUEST, "field \"maxPolicyMatches\" must be a positive integer", -1, "maxPolicyMatches"); return null; }
  const pol = readPolicy(v.tape, v.node, "policy");
  if (pol !== null) pol.maxMatches = max;
  return pol;
}

/** Writes `{"decision","violations"}` of policy `pol` over the verdict run `run`; false (nothing written) with an error recorded. */
export function writePolicyResult(out: ByteSink, pol: Policy, run: VerdictRun): bool {
  const v = run.verdict;
  const vs = evaluatePolicy(pol, v.paths, v.effects, kindName(run.kind));
  if (hasError()) return false;
  out.ascii("{\"decision\":\"");
  out.ascii(vs.length == 0 ? "allow" : "deny");
  out.ascii("\",\"violations\":[");
  // in path order, as the reasons are
  const paths = new Array<string>(vs.length);
  for (let i = 0; i < vs.length; i++) paths[i] = vs[i].path;
  const order = stableOrder(vs.length, new ByText(paths));
  for (let k = 0; k < order.length; k++) {
    const x = vs[order[k]];
    if (k > 0) out.byte(0x2c);
    out.ascii("{\"path\":");
    writeJSONStr(out, x.path);
    out.ascii(",\"rule\":");
    writeJSONStr(out, x.rule);
    out.ascii(",\"verdict\":\"");
    out.ascii(x.verdict);
    out.ascii("\",\"effect\":\"");
    out.ascii(effectName(x.effect));
    out.ascii("\",\"message\":");
    writeJSONStr(out, x.message);
    out.byte(0x7d);
  }
  out.ascii("]}");
  return true;
}

/** `policy.check`: the policy's decision and violations on the verdict's diff. */
export function opPolicyCheck(req: Request, res: ResultWriter): bool {
  if (req.tape.kind(req.obj) != K_OBJECT || !checkFields(req)) return false;
  const pol = readRequestPolicy(req, true);
  if (pol === null) return false;
  const exact = readExact(req, "exactDecode");
  if (exact < 0) return false;
  const run = runVerdictRequest(req, <u32>exact);
  if (run === null || hasError()) return false;
  if (!verdictAdmission(req, run, <u32>exact)) return false;
  const out = res.out;
  if (!res.first) out.byte(0x2c);
  res.first = false;
  // {"decision","violations"} members, then the verdict they judged
  const tmp = new ByteSink(256);
  if (!writePolicyResult(tmp, pol, run)) return false;
  out.bytes(tmp.ptr + 1, tmp.len - 2);
  res.str("kind", kindName(run.kind));
  res.str("verdict", run.verdict.verdict);
  return true;
}
