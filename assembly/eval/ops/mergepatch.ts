// Ops `mergepatch.diff` {original|originalText, modified|modifiedText, go?} → {patch} and
// `mergepatch.apply` {original|originalText, patch|patchText, go?} → {document}: RFC 7396 as
// CreateMergePatch / MergePatch of gopkg.in/evanphx/json-patch.v4 v4.13.0.

import { Request } from "./request";
import { ResultWriter } from "../../json/resultwriter";
import { ByteSink } from "../../io/sink";
import { K_ARRAY } from "../../json/tape";
import { writeMergeDiff, mergePatchApply, resemblesArray, MERGE_BAD_DOC, MERGE_BAD_PATCH } from "../../upstream/jsonpatch/merge";
import { fail, clearError, setErrorPath, E_PATCH_INVALID } from "../../base/errors";
import { GO_MIN, GO_MAX, GO_DEFAULT } from "../../base/pins";
import { docField } from "./patchinput";
import { DocInput, parseDoc, decodesAsMap, appendValidUTF8, PARSE_OK, PARSE_LIMIT } from "../../json/document";

const BAD_DOC = "Invalid JSON Document";
const BAD_PATCH = "Invalid JSON Patch";

/** resemblesJSONArray on the bytes the library receives. */
function resembles(d: DocInput): bool {
  if (!d.present) return false;
  if (d.direct) return d.tape!.kind(d.node) == K_ARRAY;
  return resemblesArray(d.ptr, d.len);
}

/** Parses a document; an engine-limit error is kept (false), a Go-rejected text is cleared (false, `Go.bad`). */
function parseOrBad(d: DocInput, req: Request, like: DocInput | null = null): bool {
  const r = parseDoc(d, req.opts, like);
  if (r == PARSE_OK) { Bad.go = false; return true; }
  if (r == PARSE_LIMIT) { setErrorPath(d.name); Bad.go = false; return false; }
  clearError();
  Bad.go = true;
  return false;
}

class Bad {
  /** The last parseOrBad failure is one Go reports too (not an engine limit). */
  static go: bool = false;
}

/** CreateMergePatch(original, modified). */
export function opMergePatchDiff(req: Request, res: ResultWriter): bool {
  const go = req.goMinor(GO_DEFAULT, GO_MIN, GO_MAX);
  if (go < 0) return false;
  const a = docField(req, "original");
  if (a === null) return false;
  const b = docField(req, "modified");
  if (b === null) return false;
  const go22 = go >= 22;
  const ra = resembles(a);
  const rb = resembles(b);
  if (ra != rb) return fail(E_PATCH_INVALID, "Mismatched JSON Documents");
  const out = new ByteSink(1024);
  if (!ra) {
    if (!parseOrBad(a, req)) return Bad.go ? fail(E_PATCH_INVALID, BAD_DOC) : false;
    if (!decodesAsMap(a.tape!, a.node)) return fail(E_PATCH_INVALID, BAD_DOC);
    if (!parseOrBad(b, req, a)) return Bad.go ? fail(E_PATCH_INVALID, BAD_DOC) : false;
    if (!decodesAsMap(b.tape!, b.node)) return fail(E_PATCH_INVALID, BAD_DOC);
    writeMergeDiff(a.tape!, a.node, b.tape!, b.node, go22, out);
  } else {
    // two arrays of documents, diffed pairwise
    if (!parseOrBad(a, req)) return Bad.go ? fail(E_PATCH_INVALID, BAD_DOC) : false;
    if (!parseOrBad(b, req)) return Bad.go ? fail(E_PATCH_INVALID, BAD_DOC) : false;
    const ta = a.tape!;
    const tb = b.tape!;
    if (ta.kind(a.node) != K_ARRAY || tb.kind(b.node) != K_ARRAY) return fail(E_PATCH_INVALID, BAD_DOC);
    const n = ta.children(a.node);
    if (tb.children(b.node) != n) return fail(E_PATCH_INVALID, BAD_DOC);
    out.byte(0x5b);
    let x = a.node + 1;
    let y = b.node + 1;
    for (let i = 0; i < n; i++) {
      if (!decodesAsMap(ta, x) || !decodesAsMap(tb, y)) return fail(E_PATCH_INVALID, BAD_DOC);
      if (i > 0) out.byte(0x2c);
      writeMergeDiff(ta, x, tb, y, go22, out);
      x = ta.next(x);
      y = tb.next(y);
    }
    out.byte(0x5d);
  }
  appendValidUTF8(res.key("patch"), out.ptr, out.len);
  return true;
}

/** MergePatch(original, patch). */
export function opMergePatchApply(req: Request, res: ResultWriter): bool {
  const go = req.goMinor(GO_DEFAULT, GO_MIN, GO_MAX);
  if (go < 0) return false;
  const a = docField(req, "original");
  if (a === null) return false;
  const p = docField(req, "patch");
  if (p === null) return false;
  const okA = parseOrBad(a, req);
  if (!okA && !Bad.go) return false;
  const okP = parseOrBad(p, req);
  if (!okP && !Bad.go) return false;
  if (!okA) return fail(E_PATCH_INVALID, BAD_DOC);
  if (!okP) return fail(E_PATCH_INVALID, BAD_PATCH);
  const out = new ByteSink((a.tape!.srcLen + p.tape!.srcLen) + 64);
  const r = mergePatchApply(a.tape!, a.node, p.tape!, p.node, go >= 22, out);
  if (r == MERGE_BAD_DOC) return fail(E_PATCH_INVALID, BAD_DOC);
  if (r == MERGE_BAD_PATCH) return fail(E_PATCH_INVALID, BAD_PATCH);
  appendValidUTF8(res.key("document"), out.ptr, out.len);
  return true;
}
