// The eval protocol inside the engine: parse one request line, run its op, write the answer line.

import { ByteSink } from "../io/sink";
import { withinItems, readJSON, ReadOptions, goDepthLimit } from "../json/reader";
import { Tape, K_STRING, F_ESCAPE } from "../json/tape";
import { GO_MIN, GO_MAX, GO_DEFAULT, parseMinor } from "../base/pins";
import { K_OBJECT } from "../json/tape";
import { writeAnswerString, copyValidUTF8 } from "../json/strings";
import { fail, hasError, clearError, writeErrorJSON, E_BAD_REQUEST, E_UNKNOWN_OP, E_INTERNAL } from "../base/errors";
import { Limits } from "../base/limits";
import { Request, exactOf } from "./ops/request";
import { EXACT_FASTREAD, shortcutOn } from "../base/exact";
import { ResultWriter } from "../json/resultwriter";
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
  const opts = new ReadOptions();
  opts.maxDepth = Limits.maxDepth;
  opts.maxBytes = Limits.maxBytes;
  // First read the line without Go's nesting limit to learn which Go release the request names;
  // the line is then judged as that release (or, when it is not JSON, the default one) reads it.
  opts.goMinor = GO_MIN;
  let t = readJSON(src, len, opts);
  out.byte(0x7b);
  if (t === null) {
    clearError();
    opts.goMinor = GO_DEFAULT;
    if (readJSON(src, len, opts) === null) { writeError(out); return; }
    fail(E_INTERNAL, "the request line was read differently by two Go releases");
    writeError(out);
    return;
  }
  const go = requestedGo(t);
  opts.goMinor = go;
  const limit = goDepthLimit(go);
  if (limit > 0 && opts.depthSeen > limit) {
    t = readJSON(src, len, opts);
    if (t === null) { writeError(out); return; }
  }
  if (t.kind(0) != K_OBJECT) {
    fail(E_BAD_REQUEST, "a request must be a JSON object");
    writeError(out);
    return;
  }
  const req = new Request(t, 0, opts);
  req.docs = docs;
  const id = req.field("id");
  // the engine-only `exact` field: the reader's fast tape is one of the shortcuts it turns off (the ops read the rest)
  const exact = exactOf(req);
  if (id >= 0) {
    // the id is echoed as it was written (invalid UTF-8 bytes as U+FFFD)
    out.ascii("\"id\":");
    copyValidUTF8(out, t.src + <usize>t.rawStart(id), t.rawEnd(id) - t.rawStart(id));
    out.byte(0x2c);
  }
  // per-request limits
  let items = Limits.maxItems;
  const lim = req.field("limits");
  if (lim >= 0 && t.kind(lim) == K_OBJECT) {
    const l = new Request(t, lim, opts);
    const d = l.int("maxDepth", opts.maxDepth);
    const b = l.int("maxBytes", opts.maxBytes);
    const n = l.int("maxItems", Limits.maxItems);
    if (hasError()) { writeError(out); return; }
    if (d > 0 && d <= 1000000) opts.maxDepth = <i32>d;
    if (b > 0 && b <= 0x7fffffff) opts.maxBytes = <i32>b;
    if (n > 0 && n <= 0x7fffffff) items = <i32>n;
  }
  // ops that read Kubernetes objects: no array or object of the request (nor of a document it holds as
  // text) past maxItems; the plain JSON and patch ops are linear in their input and take no such limit
  const opNode = req.field("op");
  if (!(opNode >= 0 && t.kind(opNode) == K_STRING && plainJSONOp(t, opNode))) {
    if (withinItems(t, items, "") === null) { writeError(out); return; }
    opts.maxItems = items;
  }
  if (exact < 0) { writeError(out); return; }
  opts.fast = shortcutOn(<u32>exact, EXACT_FASTREAD);
  const op = req.requireStr("op");
  if (op === null) { writeError(out); return; }
  const mark = out.len;
  out.ascii("\"ok\":true,\"result\":{");
  const res = new ResultWriter(out);
  if (!runOp(op, req, res, pods) || hasError()) {
    out.truncate(mark);
    if (!hasError()) fail(E_INTERNAL, "op failed without an error");
    writeError(out);
    return;
  }
  out.ascii("}}");
}

/**
 * The Go release whose decoder reads a parsed request line: the one a `json.go` or patch request names in
 * "go" (when known), otherwise the default — the same rule by which the oracle picks its Go build.
 */
function requestedGo(t: Tape): i32 {
  if (t.kind(0) != K_OBJECT) return GO_DEFAULT;
  const r = new Request(t, 0, new ReadOptions());
  const op = r.field("op");
  if (op < 0 || t.kind(op) != K_STRING || !goDialectOp(t, op)) return GO_DEFAULT;
  const g = r.field("go");
  if (g < 0 || t.kind(g) != K_STRING || (t.flags(g) & F_ESCAPE)) return GO_DEFAULT;
  const v = parseMinor(t.ptr(g), t.len(g));
  return v >= GO_MIN && v <= GO_MAX ? v : GO_DEFAULT;
}

/** Ops on plain JSON, not Kubernetes objects: the Go-dialect ops, fnv and json.jcs. */
function plainJSONOp(t: Tape, op: i32): bool {
  return goDialectOp(t, op) || t.keyIs(op, "fnv") || t.keyIs(op, "json.jcs");
}

/** Ops read as the Go release they name (test/oracle/routes.ts GO_OPS): json.go, and the patch ops. */
function goDialectOp(t: Tape, op: i32): bool {
  return t.keyIs(op, "json.go") || t.keyIs(op, "jsonpatch.diff") || t.keyIs(op, "jsonpatch.apply") ||
    t.keyIs(op, "mergepatch.diff") || t.keyIs(op, "mergepatch.apply");
}

function writeError(out: ByteSink): void {
  out.ascii("\"ok\":false,\"error\":");
  writeErrorJSON(out, writeAnswerString);
  out.byte(0x7d);
}
