// The eval protocol's request line, whatever ops an engine has: read the line, apply its id, limits and `exact`,
// run its op through the engine's op table, write the answer line. eval/dispatch.ts is the full engine's table;
// eval/dispatch-core.ts the JSON-and-patches core's.

import { ByteSink } from "../io/sink";
import { withinItems, readJSON, ReadOptions, goDepthLimit } from "../json/reader";
import { Tape, K_STRING, F_ESCAPE } from "../json/tape";
import { GO_MIN, GO_MAX, GO_DEFAULT, parseMinor } from "../base/pins";
import { K_OBJECT } from "../json/tape";
import { writeAnswerString, copyValidUTF8 } from "../json/strings";
import { fail, hasError, clearError, writeErrorJSON, E_BAD_REQUEST, E_INTERNAL } from "../base/errors";
import { Limits } from "../base/limits";
import { Request, exactOf } from "./ops/request";
import { EXACT_FASTREAD, shortcutOn } from "../base/exact";
import { ResultWriter } from "../json/resultwriter";
import { PodRanges } from "./ops/podsline";
import { DocBytes } from "./ops/docbytes";

/** An engine's op table: runs op `op` on `req` (`pods`: see answerRequest), writing result members into `res`; false with an error recorded. */
export type OpRunner = (op: string, req: Request, res: ResultWriter, pods: PodRanges | null) => bool;

/**
 * Reads the request line [src, src+len), runs its op with `runOp` and writes the whole answer line into `out`;
 * `pods`: the line is a kruise.patchPod(s) line whose pods eval/lines/patchpods.ts replaced (their ranges in the
 * original line); `docs`: the two documents of a patch request, passed as raw bytes after the line.
 */
export function answerRequest(src: usize, len: i32, out: ByteSink, pods: PodRanges | null, docs: DocBytes | null, runOp: OpRunner): void {
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
