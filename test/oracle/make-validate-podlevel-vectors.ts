// Writes test/vectors/validate-podlevel.jsonl.gz: pod.validateUpdate requests exercising the pod-level
// rules (validate-podlevel-arbitraries.ts) for every Kubernetes minor with a kube build (1.15-1.37), each
// answered by that minor's Go oracle binary (k8s.io/kubernetes' pod strategy ValidateUpdate).
//
//   node --import tsx test/oracle/make-validate-podlevel-vectors.ts [PER_MINOR] [minor=binary ...]

import fc from "fast-check";
import { podLevelRequest } from "./validate-podlevel-arbitraries.ts";
import { writeValidateVectors } from "./validate-vectors.ts";

await writeValidateVectors({
  perMinor: 40,
  out: process.env.KINPLACE_PODLEVEL_OUT ?? new URL("../vectors/validate-podlevel.jsonl.gz", import.meta.url).pathname,
  requests: (minor, n, seed, i) =>
    fc.sample(fc.array(podLevelRequest(minor), { minLength: n, maxLength: n }), { numRuns: 1, seed: seed + i })[0]!,
});
