// Writes test/vectors/validate.jsonl.gz: pod.validateUpdate requests (realistic pods and edits from
// validate-arbitraries.ts, plus request errors) for every Kubernetes minor with a kube build
// (1.15-1.37), each answered by that minor's Go oracle binary (k8s.io/kubernetes' pod strategy).
//
//   node --import tsx test/oracle/make-validate-vectors.ts [PER_MINOR] [minor=binary ...]

import fc from "fast-check";
import { request, requestErrors, storedPod } from "./validate-arbitraries.ts";
import { writeValidateVectors } from "./validate-vectors.ts";

await writeValidateVectors({
  perMinor: 100,
  out: process.env.KINPLACE_VALIDATE_OUT ?? new URL("../vectors/validate.jsonl.gz", import.meta.url).pathname,
  requests: (minor, n, seed, i) => {
    const [lines] = fc.sample(fc.array(request(minor), { minLength: n, maxLength: n }), { numRuns: 1, seed: seed + i });
    const [pod] = fc.sample(storedPod, { numRuns: 1, seed: seed + 1000 + i });
    return [...lines!, ...requestErrors(minor, pod!)];
  },
});
