// Ops `jsonpatch.diff` {from|fromText, to|toText, flavor?, maxEditMatrix?, maxPatchBytes?, lockstep?, go?} → {patch} and
// `jsonpatch.apply` {document|documentText, patch|patchText, maxCopyBytes?, go?} → {document} (or {documentText: ""}
// when the document is empty: the library then returns it untouched). The engine-only field `exact`
// (base/exact.ts) turns shortcuts off: "lockstep" (as `lockstep: false`), "sametext", and for apply "listindex".

import { Request, exactOf } from "./request";
import { ResultWriter } from "../../json/resultwriter";
import { ByteSink } from "../../io/sink";
import { K_NULL, K_ARRAY, K_OBJECT } from "../../json/tape";
import { appscodeDiff, AppscodeOptions, DEFAULT_MAX_EDIT_MATRIX, MAX_PATCH_BYTES } from "../../upstream/jsonpatch/appscode";
import { appscodeDiffTexts, LOCK_OK } from "../../fast/lockstep/lockstep";
import { goDepthLimit } from "../../json/reader";
import { minimalDiff } from "../../patch/minimal";
import { applyPatch, MAX_COPY_BYTES } from "../../upstream/jsonpatch/apply";
import { failType } from "../../upstream/jsonpatch/gotypes";
import { fail, hasError, clearError, setErrorPath, E_BAD_REQUEST, E_PATCH_INVALID } from "../../base/errors";
import { GO_MIN, GO_MAX, GO_DEFAULT } from "../../base/pins";
import { shortcutOn, EXACT_LOCKSTEP, EXACT_SAMETEXT, EXACT_LISTINDEX } from "../../base/exact";
import { docField } from "./patchinput";
import { DocInput, parseDoc, decodesAsMap, appendValidUTF8, PARSE_OK, PARSE_LIMIT } from "../../json/document";

/** RFC 6902 diff: flavor "appscode" (CreatePatch of appscode/jsonpatch v1.0.1) or "minimal" (kinplace's own). */
export function opJSONPatchDiff(req: Request, res: ResultWriter): bool {
  const go = req.goMinor(GO_DEFAULT, GO_MIN, GO_MAX);
  if (go < 0) return false;
  const fb = req.str("flavor");
  if (hasError()) return false;
  let minimal = false;
  if (fb !== null) {
    const f = fb;
    if (f == "minimal") minimal = true;
    else if (f != "appscode") return fail(E_BAD_REQUEST, "unknown flavor \"" + f + "\" (want appscode or minimal)", -1, "flavor");
  }
  const from = docField(req, "from");
  if (from === null) return false;
  const to = docField(req, "to");
  if (to === null) return false;
  const limit = req.int("maxEditMatrix", DEFAULT_MAX_EDIT_MATRIX);
  if (hasError()) return false;
  if (limit < 1) return fail(E_BAD_REQUEST, "field \"maxEditMatrix\" must be a positive integer", -1, "maxEditMatrix");
  const maxPatch = req.int("maxPatchBytes", MAX_PATCH_BYTES);
  if (hasError()) return false;
  if (maxPatch < 1) return fail(E_BAD_REQUEST, "field \"maxPatchBytes\" must be a positive integer", -1, "maxPatchBytes");
  const patchLimit = maxPatch < MAX_PATCH_BYTES ? maxPatch : MAX_PATCH_BYTES;
  // the shortcuts turned off
  const exact = exactOf(req);
  if (exact < 0) return false;
  if (minimal) {
    if (!parseStrict(from, req, null) || !parseStrict(to, req, from)) return false;
    const out = new ByteSink(1024);
    if (!minimalDiff(from.tape!, from.node, to.tape!, to.node, limit, out, patchLimit)) return false;
    appendValidUTF8(res.key("patch"), out.ptr, out.len);
    return true;
  }
  const opts = new AppscodeOptions();
  opts.go22 = go >= 22;
  opts.go27 = go >= 27;
  opts.goMinor = go;
  opts.maxEditMatrix = limit;
  opts.maxPatchBytes = patchLimit;
  opts.sameText = shortcutOn(<u32>exact, EXACT_SAMETEXT);
  const out = new ByteSink(1024);
  // two texts: walked in lockstep, only what differs is read (lockstep.ts); anything it does not prove runs the whole diff
  // (`lockstep: false` is the older spelling of exact: ["lockstep"]; past maxPatchBytes the walk gives up and the
  // whole diff refuses the patch)
  const walk = req.bool("lockstep", true) && shortcutOn(<u32>exact, EXACT_LOCKSTEP);
  if (hasError()) return false;
  if (walk && from.present && to.present && !from.direct && !to.direct) {
    const ro = req.opts;
    const goLimit = goDepthLimit(go);
    const cap = goLimit > 0 && goLimit < ro.maxDepth ? goLimit : ro.maxDepth;
    if (appscodeDiffTexts(from.ptr, from.len, to.ptr, to.len, opts, cap, ro.maxBytes, out) == LOCK_OK) {
      appendValidUTF8(res.key("patch"), out.ptr, out.len);
      return true;
    }
  }
  if (!decodable(from, req, null) || !decodable(to, req, from)) return false;
  if (!appscodeDiff(from.tape!, from.node, to.tape!, to.node, opts, out)) return false;
  appendValidUTF8(res.key("patch"), out.ptr, out.len);
  return true;
}

/** CreatePatch's json.Unmarshal into map[string]interface{}: anything it refuses is `invalid JSON Document`. */
function decodable(d: DocInput, req: Request, like: DocInput | null): bool {
  const r = parseDoc(d, req.opts, like);
  if (r == PARSE_LIMIT) { setErrorPath(d.name); return false; }
  if (r == PARSE_OK && decodesAsMap(d.tape!, d.node)) return true;
  clearError();
  return fail(E_PATCH_INVALID, "invalid JSON Document", -1, d.name);
}

/** The minimal flavor needs JSON: its own errors (Go's texts) with the field as path. */
function parseStrict(d: DocInput, req: Request, like: DocInput | null): bool {
  if (!d.present) return fail(E_BAD_REQUEST, "field \"" + d.name + "\" (or \"" + d.name + "Text\") is required", -1, d.name);
  if (parseDoc(d, req.opts, like) != PARSE_OK) { setErrorPath(d.name); return false; }
  return true;
}

/** RFC 6902 apply as the Kubernetes API server: DecodePatch, then Apply (gopkg.in/evanphx/json-patch.v4 v4.13.0). */
export function opJSONPatchApply(req: Request, res: ResultWriter): bool {
  const go = req.goMinor(GO_DEFAULT, GO_MIN, GO_MAX);
  if (go < 0) return false;
  const doc = docField(req, "document");
  if (doc === null) return false;
  const patch = docField(req, "patch");
  if (patch === null) return false;
  // DecodePatch: json.Unmarshal into []map[string]*json.RawMessage
  if (parseDoc(patch, req.opts) != PARSE_OK) { setErrorPath("patch"); return false; }
  const pt = patch.tape!;
  const pr = patch.node;
  const pk = pt.kind(pr);
  if (pk != K_ARRAY && pk != K_NULL) return failType(pt, pr, "jsonpatch.Patch", patch.base, "patch", go);
  if (pk == K_ARRAY) {
    const n = pt.children(pr);
    let e = pr + 1;
    for (let i = 0; i < n; i++) {
      const k = pt.kind(e);
      if (k != K_OBJECT && k != K_NULL) return failType(pt, e, "jsonpatch.Operation", patch.base, "patch", go, "Patch." + i.toString());
      e = pt.next(e);
    }
  }
  // Apply: an empty document is returned as it is
  if (doc.byteLength() == 0) {
    res.str("documentText", "");
    return true;
  }
  const isArray = doc.firstByte() == 0x5b;
  if (parseDoc(doc, req.opts) != PARSE_OK) { setErrorPath("document"); return false; }
  const exact = exactOf(req);
  if (exact < 0) return false;
  // the library's AccumulatedCopySizeLimit (0: its default, no limit but the engine's MAX_COPY_BYTES)
  const maxCopy = req.int("maxCopyBytes", 0);
  if (hasError()) return false;
  if (maxCopy < 0) return fail(E_BAD_REQUEST, "field \"maxCopyBytes\" must not be negative", -1, "maxCopyBytes");
  const dt = doc.tape!;
  const dk = dt.kind(doc.node);
  if (!isArray && dk != K_OBJECT && dk != K_NULL) return failType(dt, doc.node, "jsonpatch.partialDoc", doc.base, "document", go);
  const out = new ByteSink(dt.srcLen + 64);
  const limit = maxCopy == 0 || maxCopy > MAX_COPY_BYTES ? MAX_COPY_BYTES : maxCopy;
  if (!applyPatch(pt, pr, dt, doc.node, isArray, go, out, limit, req.opts, shortcutOn(<u32>exact, EXACT_LISTINDEX))) return false;
  appendValidUTF8(res.key("document"), out.ptr, out.len);
  return true;
}
