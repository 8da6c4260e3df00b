// The eval protocol inside the full engine: its op table, and the shortcuts of eval/lines/ that answer some request
// lines before the line is read (eval/answer.ts reads the rest).

import { ByteSink } from "../io/sink";
import { fail, E_UNKNOWN_OP } from "../base/errors";
import { Request } from "./ops/request";
import { ResultWriter } from "../json/resultwriter";
import { answerRequest } from "./answer";
import { opFnv } from "./ops/fnv";
import { opJSONGo, opJSONJcs } from "./ops/json";
import { opJSONPatchDiff, opJSONPatchApply } from "./ops/jsonpatch";
import { opMergePatchDiff, opMergePatchApply } from "./ops/mergepatch";
import { opSMPDiff, opSMPApply } from "./ops/smp";
import { opScaled, opKruisePartition } from "./ops/scaled";
import { opRollout } from "./ops/rollout";
import { opK8sJSON, opQuantity, opSpew } from "./ops/k8s";
import { opContainerHash, opPodTemplateHash, opRevision } from "./ops/hash";
import { opK8sTranscode } from "./ops/transcode";
import { containerHashLine } from "./lines/containerhash";
import { patchPodsLine } from "./lines/patchpods";
import { jsonPatchDiffDocsLine } from "./lines/jsonpatchdiff";
import { opPodValidateUpdate } from "./ops/pod-validate";
import { opWorkloadValidateUpdate } from "./ops/workload-validate";
import { opPodValidateResize } from "./ops/pod-resize";
import { opKruiseInplaceSpec, opKruisePatchPod, opKruisePatchPods, opKruiseCompleted, opKruiseStrategy, opKruiseUpdate, opKruiseRefresh } from "./ops/kruise";
import { opKruisePreDownload } from "./ops/kruise-predownload";
import { PodRanges } from "./ops/podsline";
import { opVerdict } from "./ops/verdict";
import { opPolicyCheck } from "./ops/policy";
import { opKubeletPodActions, opKubeletReadyCondition } from "./ops/kubelet";
import { opKubeletResizeAdmission } from "./ops/kubelet-admit";
import { DocBytes } from "./ops/docbytes";

/** Runs op `op` on `req` (`pods`: the pods of a line read by eval/lines/patchpods.ts), writing result members into `res`. Returns false with an error recorded. */
function runOp(op: string, req: Request, res: ResultWriter, pods: PodRanges | null): bool {
  if (op == "fnv") return opFnv(req, res);
  if (op == "json.go") return opJSONGo(req, res);
  if (op == "json.jcs") return opJSONJcs(req, res);
  if (op == "jsonpatch.diff") return opJSONPatchDiff(req, res);
  if (op == "jsonpatch.apply") return opJSONPatchApply(req, res);
  if (op == "mergepatch.diff") return opMergePatchDiff(req, res);
  if (op == "mergepatch.apply") return opMergePatchApply(req, res);
  if (op == "smp.diff") return opSMPDiff(req, res);
  if (op == "smp.apply") return opSMPApply(req, res);
  if (op == "scaled") return opScaled(req, res);
  if (op == "kruise.partition") return opKruisePartition(req, res);
  if (op.startsWith("rollout.")) return opRollout(op, req, res);
  if (op == "k8s.json") return opK8sJSON(req, res);
  if (op == "quantity") return opQuantity(req, res);
  if (op == "spew") return opSpew(req, res);
  if (op == "container.hash") return opContainerHash(req, res);
  if (op == "k8s.transcode") return opK8sTranscode(req, res);
  if (op == "podTemplateHash") return opPodTemplateHash(req, res);
  if (op == "revision") return opRevision(req, res);
  if (op == "pod.validateUpdate") return opPodValidateUpdate(req, res);
  if (op == "workload.validateUpdate") return opWorkloadValidateUpdate(req, res);
  if (op == "pod.validateResize") return opPodValidateResize(req, res);
  if (op == "kruise.inplaceSpec") return opKruiseInplaceSpec(req, res);
  if (op == "kruise.patchPod") return opKruisePatchPod(req, res, pods);
  if (op == "kruise.patchPods") return opKruisePatchPods(req, res, pods);
  if (op == "kruise.completed") return opKruiseCompleted(req, res);
  if (op == "kruise.strategy") return opKruiseStrategy(req, res);
  if (op == "kruise.update") return opKruiseUpdate(req, res);
  if (op == "kruise.refresh") return opKruiseRefresh(req, res);
  if (op == "kruise.preDownload") return opKruisePreDownload(req, res);
  if (op == "verdict") return opVerdict(req, res);
  if (op == "policy.check") return opPolicyCheck(req, res);
  if (op == "kubelet.podActions") return opKubeletPodActions(req, res);
  if (op == "kubelet.readyCondition") return opKubeletReadyCondition(req, res);
  if (op == "kubelet.resizeAdmission") return opKubeletResizeAdmission(req, res);
  return fail(E_UNKNOWN_OP, "unknown op \"" + op + "\"", -1, "op");
}

/**
 * Evaluates the request line [src, src+len) and writes the whole answer line into `out`; `pods`: the line is
 * a kruise.patchPod(s) line whose pods eval/lines/patchpods.ts replaced (their ranges in the original line).
 */
export function evaluateRequest(src: usize, len: i32, out: ByteSink, pods: PodRanges | null = null, docs: DocBytes | null = null): void {
  // request lines the shortcuts of eval/lines/ answer before the line is read into a tape (same answers)
  if (docs !== null) {
    if (jsonPatchDiffDocsLine(src, len, docs, out)) return;
  } else if (pods === null) {
    if (containerHashLine(src, len, out)) return;
    if (patchPodsLine(src, len, out, evaluateRequest)) return;
  }
  answerRequest(src, len, out, pods, docs, runOp);
}
