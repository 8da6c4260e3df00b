// Writes test/vectors/validate-security2.jsonl.gz: pod.validateUpdate requests for Windows HostProcess pods,
// seLinuxChangePolicy, the AppArmor localhostProfile length, ephemeral volume claim templates, projected
// clusterTrustBundle / podCertificate sources and the tolerations annotation (validate-security2-arbitraries.ts)
// for every Kubernetes minor with a kube build (1.15-1.37), each answered by that minor's Go oracle binary
// (k8s.io/kubernetes' pod strategy).
//
//   node --import tsx test/oracle/make-validate-security2-vectors.ts [PER_MINOR] [minor=binary ...]

import fc from "fast-check";
import { requestS } from "./validate-security2-arbitraries.ts";
import { writeValidateVectors } from "./validate-vectors.ts";

await writeValidateVectors({
  perMinor: 100,
  out: process.env.KINPLACE_VALIDATE_OUT ?? new URL("../vectors/validate-security2.jsonl.gz", import.meta.url).pathname,
  requests: (minor, n, seed, i) =>
    fc.sample(fc.array(requestS(minor), { minLength: n, maxLength: n }), { numRuns: 1, seed: seed + i })[0]!,
});
