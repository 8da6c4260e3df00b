// Writes test/vectors/workload-validate.jsonl.gz: workload.validateUpdate requests (realistic stored
// Deployments, StatefulSets, DaemonSets and ReplicaSets and edits of them from workload-arbitraries.ts, plus
// request errors for two kinds in turn) for every Kubernetes minor with a kube build (1.15-1.37), each
// answered by that minor's Go oracle binary (kube-apiserver's decode, apps/v1 defaulting, conversion and
// rest.BeforeUpdate with the apps registry strategies).
//
//   node --import tsx test/oracle/make-workload-vectors.ts [PER_MINOR] [minor=binary ...]
//
// KINPLACE_VALIDATE_ONLY="1.32 1.37" limits the minors (the committed file lists the minors it holds in
// test/vectors/README.md); KINPLACE_WORKLOAD_OUT changes the output path; KINPLACE_K8S_SEED the seed.

import fc from "fast-check";
import { WORKLOAD_KINDS, storedWorkload, workloadRequest, workloadRequestErrors } from "./workload-arbitraries.ts";
import { writeValidateVectors } from "./validate-vectors.ts";

await writeValidateVectors({
  perMinor: 560,
  out: process.env.KINPLACE_WORKLOAD_OUT ?? new URL("../vectors/workload-validate.jsonl.gz", import.meta.url).pathname,
  requests: (minor, n, seed, i) => {
    const [lines] = fc.sample(fc.array(workloadRequest(minor), { minLength: n, maxLength: n }), { numRuns: 1, seed: seed + i });
    const kinds = [WORKLOAD_KINDS[i % 4]!, WORKLOAD_KINDS[(i + 1) % 4]!];
    const errors = kinds.flatMap((kind, k) => workloadRequestErrors(minor, fc.sample(storedWorkload(kind), { numRuns: 1, seed: seed + 1000 + 2 * i + k })[0]!));
    return [...lines!, ...errors];
  },
});
