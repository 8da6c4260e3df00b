// The eval protocol inside the engine: parse one request line, run its op, write the answer line.

import { ByteSink } from "../io/sink";
import { readJSON, ReadOptions } from "../json/reader";
import { K_OBJECT } from "../json/tape";
import { writeCanonical, WriteOptions } from "../json/writer";
import { writeJSONString } from "../json/strings";
import { fail, hasError, clearError, writeErrorJSON, E_BAD_REQUEST, E_UNKNOWN_OP, E_INTERNAL } from "../errors";
import { Limits } from "../limits";
import { Request } from "./request";
import { ResultWriter } from "./response";
import { opFnv } from "./ops/fnv";
import { opJSONGo, opJSONJcs } from "./ops/json";

/** Runs op `op` on `req`, writing result members into `res`. Returns false with an error recorded. */
function runOp(op: string, req: Request, res: ResultWriter): bool {
  if (op == "fnv") return opFnv(req, res);
  if (op == "json.go") return opJSONGo(req, res);
  if (op == "json.jcs") return opJSONJcs(req, res);
  return fail(E_UNKNOWN_OP, "unknown op \"" + op + "\"", -1, "op");
}

/** Evaluates the request line [src, src+len) and writes the whole answer line into `out`. */
export function evaluateRequest(src: usize, len: i32, out: ByteSink): void {
  const opts = new ReadOptions();
  opts.maxDepth = Limits.maxDepth;
  opts.maxBytes = Limits.maxBytes;
  const t = readJSON(src, len, opts);
  out.byte(0x7b);
  if (t === null) { writeError(out); return; }
  if (t.kind(0) != K_OBJECT) {
    fail(E_BAD_REQUEST, "a request must be a JSON object");
    writeError(out);
    return;
  }
  const req = new Request(t, 0, opts);
  const id = req.field("id");
  if (id >= 0) {
    out.ascii("\"id\":");
    const wo = new WriteOptions();
    const mark = out.len;
    if (!writeCanonical(t, id, out, wo)) {
      // an id Go cannot decode (a huge number) is echoed as it was written
      out.truncate(mark);
      clearError();
      out.bytes(t.ptr(id), t.end(id) - t.start(id));
    }
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

function writeError(out: ByteSink): void {
  out.ascii("\"ok\":false,\"error\":");
  writeErrorJSON(out, writeJSONString);
  out.byte(0x7d);
}
