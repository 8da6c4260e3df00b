// Writes test/vectors/validate-volumes.jsonl.gz: pod.validateUpdate requests exercising volume sources,
// volumeMounts, volumeDevices, env sources and envFrom (validate-volumes-arbitraries.ts, plus the fixed
// option cases) for every Kubernetes minor with a kube build (1.15-1.37), each answered by that minor's Go
// oracle binary (k8s.io/kubernetes' pod strategy).
//
//   node --import tsx test/oracle/make-validate-volumes-vectors.ts [PER_MINOR] [minor=binary ...]

import fc from "fast-check";
import { volumeRequest, optionRequests } from "./validate-volumes-arbitraries.ts";
import { writeValidateVectors } from "./validate-vectors.ts";

await writeValidateVectors({
  perMinor: 100,
  out: process.env.KINPLACE_VALIDATE_OUT ?? new URL("../vectors/validate-volumes.jsonl.gz", import.meta.url).pathname,
  requests: (minor, n, seed, i) => {
    const [lines] = fc.sample(fc.array(volumeRequest(minor), { minLength: n, maxLength: n }), { numRuns: 1, seed: seed + i });
    return [...lines!, ...optionRequests(minor)];
  },
});
