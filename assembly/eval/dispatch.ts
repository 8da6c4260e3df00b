// The eval protocol inside the engine: parse one request line, run its op, write the answer line.

import { ByteSink } from "../io/sink";
import { readJSON, ReadOptions, goDepthLimit } from "../json/reader";
import { Tape, K_STRING, F_ESCAPE } from "../json/tape";
import { GO_MIN, GO_MAX, GO_DEFAULT, parseMinor } from "../base/versions";
import { K_OBJECT } from "../json/tape";
import { writeJSONString, copyValidUTF8 } from "../json/strings";
import { fail, hasError, clearError, writeErrorJSON, E_BAD_REQUEST, E_UNKNOWN_OP, E_INTERNAL } from "../base/errors";
import { Limits } from "../base/limits";
import { Request } from "./request";
import { ResultWriter } from "./response";
import { opFnv } from "./ops/fnv";
import { opJSONGo, opJSONJcs } from "./ops/json";
import { opJSONPatchDiff, opJSONPatchApply } from "./ops/jsonpatch";
import { opMergePatchDiff, opMergePatchApply } from "./ops/mergepatch";
import { opSMPDiff, opSMPApply } from "./ops/smp";
import { opScaled, opKruisePartition } from "./ops/scaled"; // issue 6
import { opRollout } from "./ops/rollout"; // issue 6
import { opK8sJSON, opQuantity, opSpew } from "./ops/k8s";
import { opContainerHash, opPodTemplateHash, opRevision } from "./ops/hash"; // issue 3 hashes
import { opK8sTranscode } from "./ops/transcode"; // issue 3: the transcoder's stored JSON (diagnostic)
import { containerHashLine } from "./lines/containerhash"; // issue 3: container.hash lines without a tape
import { patchPodsLine } from "./lines/patchpods"; // issue 5: kruise.patchPods lines without a tape of their pods
import { jsonPatchDiffDocsLine } from "./lines/jsonpatchdiff"; // issue 4: the bare evaluateDocs jsonpatch.diff line without a tape
import { opPodValidateUpdate } from "./ops/pod-validate"; // issue 5 pod update validation
import { opKruiseInplaceSpec, opKruisePatchPod, opKruisePatchPods, opKruiseCompleted, opKruiseStrategy, opKruiseUpdate, opKruiseRefresh } from "./ops/kruise"; // issue 5 in-place update
import { opVerdict } from "./ops/verdict"; // issue 5 verdict
import { opPolicyCheck } from "./ops/policy"; // issue 5 user policies
import { opKubeletPodActions, opKubeletReadyCondition } from "./ops/kubelet"; // issue 5 kubelet prediction

/** Runs op `op` on `req`, writing result members into `res`. Returns false with an error recorded. */
function runOp(op: string, req: Request, res: ResultWriter): bool {
  if (op == "fnv") return opFnv(req, res);
  if (op == "json.go") return opJSONGo(req, res);
  if (op == "json.jcs") return opJSONJcs(req, res);
  if (op == "jsonpatch.diff") return opJSONPatchDiff(req, res);
  if (op == "jsonpatch.apply") return opJSONPatchApply(req, res);
  if (op == "mergepatch.diff") return opMergePatchDiff(req, res);
  if (op == "mergepatch.apply") return opMergePatchApply(req, res);
  if (op == "smp.diff") return opSMPDiff(req, res);
  if (op == "smp.apply") return opSMPApply(req, res);
  if (op == "scaled") return opScaled(req, res); // issue 6
  if (op == "kruise.partition") return opKruisePartition(req, res); // issue 6
  if (op.startsWith("rollout.")) return opRollout(op, req, res); // issue 6
  if (op == "k8s.json") return opK8sJSON(req, res);
  if (op == "quantity") return opQuantity(req, res);
  if (op == "spew") return opSpew(req, res);
  if (op == "container.hash") return opContainerHash(req, res); // issue 3 hashes
  if (op == "k8s.transcode") return opK8sTranscode(req, res); // issue 3: transcoder (diagnostic)
  if (op == "podTemplateHash") return opPodTemplateHash(req, res); // issue 3 hashes
  if (op == "revision") return opRevision(req, res); // issue 3 ControllerRevisions
  if (op == "pod.validateUpdate") return opPodValidateUpdate(req, res); // issue 5 pod update validation
  if (op == "kruise.inplaceSpec") return opKruiseInplaceSpec(req, res); // issue 5
  if (op == "kruise.patchPod") return opKruisePatchPod(req, res); // issue 5
  if (op == "kruise.patchPods") return opKruisePatchPods(req, res); // issue 5: kruise.patchPod over many pods, one request
  if (op == "kruise.completed") return opKruiseCompleted(req, res); // issue 5
  if (op == "kruise.strategy") return opKruiseStrategy(req, res); // issue 5
  if (op == "kruise.update") return opKruiseUpdate(req, res); // issue 5
  if (op == "kruise.refresh") return opKruiseRefresh(req, res); // issue 5
  if (op == "verdict") return opVerdict(req, res); // issue 5
  if (op == "policy.check") return opPolicyCheck(req, res); // issue 5
  if (op == "kubelet.podActions") return opKubeletPodActions(req, res); // issue 5
  if (op == "kubelet.readyCondition") return opKubeletReadyCondition(req, res); // issue 5
  return fail(E_UNKNOWN_OP, "unknown op \"" + op + "\"", -1, "op");
}

/** Evaluates the request line [src, src+len) and writes the whole answer line into `out`. */
export function evaluateRequest(src: usize, len: i32, out: ByteSink): void {
  if (jsonPatchDiffDocsLine(src, len, out)) return; // issue 4: jsonPatchDiffText's bare line, patch written straight (same answer)
  if (containerHashLine(src, len, out)) return; // issue 3: simple container.hash lines (same answer, no tape)
  if (patchPodsLine(src, len, out, evaluateRequest)) return; // issue 5: kruise.patchPods without a tape of its pods (same answer)
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
  const id = req.field("id");
  if (id >= 0) {
    // the id is echoed as it was written (invalid UTF-8 bytes as U+FFFD)
    out.ascii("\"id\":");
    copyValidUTF8(out, t.src + <usize>t.rawStart(id), t.rawEnd(id) - t.rawStart(id));
    out.byte(0x2c);
  }
  // per-request limits
  const lim = req.field("limits");
  if (lim >= 0 && t.kind(lim) == K_OBJECT) {
    const l = new Request(t, lim, opts);
    const d = l.int("maxDepth", opts.maxDepth);
    const b = l.int("maxBytes", opts.maxBytes);
    if (hasError()) { writeError(out); return; }
    if (d > 0 && d <= 1000000) opts.maxDepth = <i32>d;
    if (b > 0 && b <= 0x7fffffff) opts.maxBytes = <i32>b;
  }
  const op = req.requireStr("op");
  if (op === null) { writeError(out); return; }
  const mark = out.len;
  out.ascii("\"ok\":true,\"result\":{");
  const res = new ResultWriter(out);
  if (!runOp(op, req, res) || hasError()) {
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

/** Ops read as the Go release they name (test/oracle/routes.ts GO_OPS): json.go, and the patch ops (issue 4). */
function goDialectOp(t: Tape, op: i32): bool {
  return t.keyIs(op, "json.go") || t.keyIs(op, "jsonpatch.diff") || t.keyIs(op, "jsonpatch.apply") ||
    t.keyIs(op, "mergepatch.diff") || t.keyIs(op, "mergepatch.apply");
}

function writeError(out: ByteSink): void {
  out.ascii("\"ok\":false,\"error\":");
  writeErrorJSON(out, writeJSONString);
  out.byte(0x7d);
}
