// Writes test/vectors/validate-containers.jsonl.gz: pod.validateUpdate requests editing the containers'
// own parts (probes, lifecycle hooks, sidecars, resources, resize policies, security contexts, spec.os;
// validate-containers-arbitraries.ts) for every Kubernetes minor with a kube build (1.15-1.37), each
// answered by that minor's Go oracle binary (k8s.io/kubernetes' pod strategy).
//
//   node --import tsx test/oracle/make-validate-containers-vectors.ts [PER_MINOR] [minor=binary ...]

import fc from "fast-check";
import { requestC } from "./validate-containers-arbitraries.ts";
import { writeValidateVectors } from "./validate-vectors.ts";

await writeValidateVectors({
  perMinor: 120,
  out: process.env.KINPLACE_VALIDATE_OUT ?? new URL("../vectors/validate-containers.jsonl.gz", import.meta.url).pathname,
  requests: (minor, n, seed, i) =>
    fc.sample(fc.array(requestC(minor), { minLength: n, maxLength: n }), { numRuns: 1, seed: seed + i })[0]!,
});
