// Ops `mergepatch.diff` {original|originalText, modified|modifiedText, go?} → {patch} and
// `mergepatch.apply` {original|originalText, patch|patchText, go?} → {document}: RFC 7396 as
// CreateMergePatch / MergePatch of gopkg.in/evanphx/json-patch.v4 v4.13.0.

import { Request, exactOf } from "./request";
import { ResultWriter } from "../../json/resultwriter";
import { ByteSink } from "../../io/sink";
import { K_ARRAY } from "../../json/tape";
import { writeMergeDiff, mergePatchApply, resemblesArray, MERGE_BAD_DOC, MERGE_BAD_PATCH } from "../../upstream/jsonpatch/merge";
import { fail, clearError, setErrorPath, E_PATCH_INVALID } from "../../base/errors";
import { GO_MIN, GO_MAX, GO_DEFAULT } from "../../base/pins";
import { shortcutOn, EXACT_SAMETEXT } from "../../base/exact";
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

/** parseOrBad: parsed. */
const READ_OK: i32 = 0;
/** parseOrBad: Go refuses the text too (nothing recorded: the op answers the library's error). */
const READ_BAD: i32 = 1;
/** parseOrBad: an engine limit refused the text (recorded, with the field as path). */
const READ_LIMIT: i32 = 2;

/** Parses a document: READ_OK, READ_BAD (a Go-rejected text, its error cleared) or READ_LIMIT (kept). */
function parseOrBad(d: DocInput, req: Request, like: DocInput | null = null): i32 {
  const r = parseDoc(d, req.opts, like);
  if (r == PARSE_OK) return READ_OK;
  if (r == PARSE_LIMIT) { setErrorPath(d.name); return READ_LIMIT; }
  clearError();
  return READ_BAD;
}

/** Parses a document whose refusal is the library's ErrBadJSONDoc; false with the error recorded. */
function parseDocOrBad(d: DocInput, req: Request, like: DocInput | null = null): bool {
  const r = parseOrBad(d, req, like);
  if (r == READ_BAD) return fail(E_PATCH_INVALID, BAD_DOC);
  return r == READ_OK;
}

/** CreateMergePatch(original, modified). */
export function opMergePatchDiff(req: Request, res: ResultWriter): bool {
  const go = req.goMinor(GO_DEFAULT, GO_MIN, GO_MAX);
  if (go < 0) return false;
  const a = docField(req, "original");
  if (a === null) return false;
  const b = docField(req, "modified");
  if (b === null) return false;
  const exact = exactOf(req);
  if (exact < 0) return false;
  const sameText = shortcutOn(<u32>exact, EXACT_SAMETEXT);
  const go22 = go >= 22;
  const ra = resembles(a);
  const rb = resembles(b);
  if (ra != rb) return fail(E_PATCH_INVALID, "Mismatched JSON Documents");
  const out = new ByteSink(1024);
  if (!ra) {
    if (!parseDocOrBad(a, req)) return false;
    if (!decodesAsMap(a.tape!, a.node)) return fail(E_PATCH_INVALID, BAD_DOC);
    if (!parseDocOrBad(b, req, a)) return false;
    if (!decodesAsMap(b.tape!, b.node)) return fail(E_PATCH_INVALID, BAD_DOC);
    writeMergeDiff(a.tape!, a.node, b.tape!, b.node, go22, out, sameText);
  } else {
    // two arrays of documents, diffed pairwise
    if (!parseDocOrBad(a, req)) return false;
    if (!parseDocOrBad(b, req)) return false;
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
      writeMergeDiff(ta, x, tb, y, go22, out, sameText);
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
  const ra = parseOrBad(a, req);
  if (ra == READ_LIMIT) return false;
  const rp = parseOrBad(p, req);
  if (rp == READ_LIMIT) return false;
  if (ra == READ_BAD) return fail(E_PATCH_INVALID, BAD_DOC);
  if (rp == READ_BAD) return fail(E_PATCH_INVALID, BAD_PATCH);
  const out = new ByteSink((a.tape!.srcLen + p.tape!.srcLen) + 64);
  const r = mergePatchApply(a.tape!, a.node, p.tape!, p.node, go >= 22, out);
  if (r == MERGE_BAD_DOC) return fail(E_PATCH_INVALID, BAD_DOC);
  if (r == MERGE_BAD_PATCH) return fail(E_PATCH_INVALID, BAD_PATCH);
  appendValidUTF8(res.key("document"), out.ptr, out.len);
  return true;
}
