// The direct (non-protocol) path for canonical JSON: text in, canonical text out.

import { ByteSink } from "../io/sink";
import { readJSON, ReadOptions } from "../json/reader";
import { writeCanonical, WriteOptions, MODE_GO } from "../json/writer";
import { writeJCS } from "../json/jcs";
import { fail, E_UNSUPPORTED_VERSION } from "../base/errors";
import { Limits } from "../base/limits";
import { GO_MIN, GO_MAX, GO_DEFAULT } from "../base/pins";

/** Canonicalizes JSON text [src, src+len) in mode 0 (Go) or 1 (RFC 8785) into `out`. */
export function canonicalize(src: usize, len: i32, mode: i32, goMinor: i32, out: ByteSink): bool {
  if (goMinor == 0) goMinor = GO_DEFAULT;
  if (goMinor < GO_MIN || goMinor > GO_MAX) {
    return fail(E_UNSUPPORTED_VERSION, "unsupported Go release \"1." + goMinor.toString() + "\" (supported: 1." + GO_MIN.toString() + " to 1." + GO_MAX.toString() + ")", -1, "go");
  }
  const ro = new ReadOptions();
  ro.maxDepth = Limits.maxDepth;
  ro.maxBytes = Limits.maxBytes;
  // RFC 8785 (as the json.jcs op): the text is checked by the newest Go's scanner whatever `go` says
  ro.goMinor = mode == MODE_GO ? goMinor : GO_DEFAULT;
  const t = readJSON(src, len, ro);
  if (t === null) return false;
  if (mode != MODE_GO) return writeJCS(t, 0, len, out);
  const wo = new WriteOptions();
  wo.mode = mode;
  wo.go22 = goMinor >= 22;
  wo.goMinor = goMinor;
  return writeCanonical(t, 0, out, wo);
}
