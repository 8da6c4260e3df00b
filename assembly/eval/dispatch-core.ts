// The eval protocol inside the core engine (core.ts): the plain-JSON ops alone — canonical JSON, FNV, JSON Patch and
// JSON merge patch — with the same request line reading and answers as the full engine (eval/answer.ts).

import { ByteSink } from "../io/sink";
import { fail, E_UNKNOWN_OP } from "../base/errors";
import { Request } from "./ops/request";
import { ResultWriter } from "../json/resultwriter";
import { answerRequest } from "./answer";
import { opFnv } from "./ops/fnv";
import { opJSONGo, opJSONJcs } from "./ops/json";
import { opJSONPatchDiff, opJSONPatchApply } from "./ops/jsonpatch";
import { opMergePatchDiff, opMergePatchApply } from "./ops/mergepatch";
import { jsonPatchDiffDocsLine } from "./lines/jsonpatchdiff";
import { PodRanges } from "./ops/podsline";
import { DocBytes } from "./ops/docbytes";

/** Runs core op `op` on `req`, writing result members into `res`; any other op is E_UNKNOWN_OP, as an op the full engine does not know. Returns false with an error recorded. */
function runCoreOp(op: string, req: Request, res: ResultWriter, pods: PodRanges | null): bool {
  if (op == "fnv") return opFnv(req, res);
  if (op == "json.go") return opJSONGo(req, res);
  if (op == "json.jcs") return opJSONJcs(req, res);
  if (op == "jsonpatch.diff") return opJSONPatchDiff(req, res);
  if (op == "jsonpatch.apply") return opJSONPatchApply(req, res);
  if (op == "mergepatch.diff") return opMergePatchDiff(req, res);
  if (op == "mergepatch.apply") return opMergePatchApply(req, res);
  return fail(E_UNKNOWN_OP, "unknown op \"" + op + "\"", -1, "op");
}

/** Evaluates the request line [src, src+len) with the core op table and writes the whole answer line into `out`. */
export function evaluateCoreRequest(src: usize, len: i32, out: ByteSink, pods: PodRanges | null = null, docs: DocBytes | null = null): void {
  // the diff shortcut of eval/lines/ answers before the line is read into a tape (same answers)
  if (docs !== null && jsonPatchDiffDocsLine(src, len, docs, out)) return;
  answerRequest(src, len, out, pods, docs, runCoreOp);
}
