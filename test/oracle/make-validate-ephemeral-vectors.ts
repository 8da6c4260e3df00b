// Writes test/vectors/validate-ephemeral.jsonl.gz: pod.validateUpdate requests exercising ephemeral
// containers, spec.overhead, pod-level resources, resource claims, restartPolicyRules limits and the single
// hugepage size rule (validate-ephemeral-arbitraries.ts) for every Kubernetes minor with a kube build
// (1.15-1.37), each answered by that minor's Go oracle binary (k8s.io/kubernetes' pod strategy ValidateUpdate).
//
//   node --import tsx test/oracle/make-validate-ephemeral-vectors.ts [PER_MINOR] [minor=binary ...]

import fc from "fast-check";
import { ephemeralRequest } from "./validate-ephemeral-arbitraries.ts";
import { writeValidateVectors } from "./validate-vectors.ts";

await writeValidateVectors({
  perMinor: 100,
  out: process.env.KINPLACE_EPHEMERAL_OUT ?? new URL("../vectors/validate-ephemeral.jsonl.gz", import.meta.url).pathname,
  requests: (minor, n, seed, i) =>
    fc.sample(fc.array(ephemeralRequest(minor), { minLength: n, maxLength: n }), { numRuns: 1, seed: seed + i })[0]!,
});
