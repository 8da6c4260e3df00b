// The bare `jsonpatch.diff` request of evaluateDocs (the line `{"op":"jsonpatch.diff"}` with both documents as
// bytes: what jsonPatchDiffText without options sends) answered without reading the line into a tape: the
// lockstep walk (assembly/fast/lockstep/lockstep.ts) with the op's defaults writes the patch straight into the answer.
// Anything else - another line, an absent document, a walk that falls back, a patch that is not valid
// UTF-8 - leaves nothing written and the request to evaluateRequest's general path, which decides. Must equal,
// byte for byte: that path's answer (`{"op":"jsonpatch.diff","exact":["lines"]}`, test/equivalence/lines-vs-tape.test.ts);
// only the bare line is answered here, never a line with an `exact` member.

import { ByteSink } from "../../io/sink";
import { goDepthLimit } from "../../json/reader";
import { validUTF8 } from "../../json/strings";
import { Limits } from "../../base/limits";
import { GO_DEFAULT } from "../../base/pins";
import { AppscodeOptions, DEFAULT_MAX_EDIT_MATRIX } from "../../upstream/jsonpatch/appscode";
import { appscodeDiffTexts, LOCK_OK } from "../../fast/lockstep/lockstep";
import { DocBytes } from "../ops/docbytes";
import { hasError, clearError } from "../../base/errors";

// `{"op":"jsonpatch.diff"}` and the head of its answer `{"ok":true,"result":{"patch":`
const LINE = memory.data<u8>([0x7b, 0x22, 0x6f, 0x70, 0x22, 0x3a, 0x22, 0x6a, 0x73, 0x6f, 0x6e, 0x70, 0x61, 0x74, 0x63, 0x68, 0x2e, 0x64, 0x69, 0x66, 0x66, 0x22, 0x7d]);
const LINE_LEN: i32 = 23;
const HEAD = "{\"ok\":true,\"result\":{\"patch\":";

/** Answers the bare evaluateDocs `jsonpatch.diff` line (documents `docs`) into `out` when the lockstep walk does; false: nothing written. */
export function jsonPatchDiffDocsLine(src: usize, len: i32, docs: DocBytes, out: ByteSink): bool {
  if (len != LINE_LEN || memory.compare(src, LINE, <usize>LINE_LEN) != 0) return false;
  const nA = docs.aLen;
  const nB = docs.bLen;
  // (a size limit below the line's own length: the general path reports it)
  if (nA <= 0 || nB <= 0 || Limits.maxBytes < LINE_LEN) return false;
  // opJSONPatchDiff's options with no field given: Go's default release, the default matrix limit
  const go = GO_DEFAULT;
  const opts = new AppscodeOptions();
  opts.go22 = go >= 22;
  opts.go27 = go >= 27;
  opts.goMinor = go;
  opts.maxEditMatrix = DEFAULT_MAX_EDIT_MATRIX;
  const goLimit = goDepthLimit(go);
  const cap = goLimit > 0 && goLimit < Limits.maxDepth ? goLimit : Limits.maxDepth;
  const mark = out.len;
  out.ascii(HEAD);
  const base = out.len;
  if (appscodeDiffTexts(docs.aPtr, nA, docs.bPtr, nB, opts, cap, Limits.maxBytes, out) != LOCK_OK ||
    hasError() || !validText(out.ptr + <usize>base, out.len - base)) {
    // (an error left recorded would fail the general path's answer: it decides)
    clearError();
    out.truncate(mark);
    return false;
  }
  out.byte(0x7d);
  out.byte(0x7d);
  return true;
}

/** validUTF8 with ASCII runs checked 8 bytes at a time. */
function validText(p: usize, n: i32): bool {
  const end = p + <usize>n;
  while (p + 8 <= end && (load<u64>(p) & 0x8080808080808080) == 0) p += 8;
  return validUTF8(p, <i32>(end - p));
}
