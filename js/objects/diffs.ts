// The patch diffs of JS values (jsonPatchDiff, mergePatchDiff): computed on the values themselves when the walks of
// this folder answer (appscode.ts, merge.ts; the minimal flavor after prune.ts), with the same result as the full
// path, which JSON.stringify's both values whole, lets the engine diff the texts and JSON.parse's its answer. The
// full path stays callable (`...Full`) and decides everything the walks leave to it (BAIL, any exception), so its
// errors are the errors of these functions too.
//
// Limits the walks must respect to answer as the engine would: the process-wide maxDepth and maxBytes
// (`noteLimits`, called by setLimits; absent: the engine's defaults), Go's nesting limit, and the options of the
// call. Options other than the defaults are first checked by the engine (a diff of two empty objects, cached):
// an option it refuses leaves the call to the full path.

import type { GoOptions, JsonPatchDiffOptions, JsonPatchOperation, EvalRequest } from "../api.js";
import { docText, parseResult, patchTextOp } from "../patch-call.js";
import { isReady } from "../state.js";
import { appscodeDiff, type AppscodeLimits } from "./appscode.js";
import { mergeDiff, type MergeLimits } from "./merge.js";
import { pruneForMinimal } from "./prune.js";

/** The engine's default maxDepth and maxBytes (assembly/base/limits.ts; docs/limits.md). */
export const DEFAULT_MAX_DEPTH = 1000000;
export const DEFAULT_MAX_BYTES = 128 << 20;
/** The engine's default maxEditMatrix, and the default and most of maxPatchBytes (assembly/upstream/jsonpatch/appscode.ts). */
export const DEFAULT_MAX_EDIT_MATRIX = 4194304;
export const MAX_PATCH_BYTES = 256 << 20;
/** Deepest nesting the walks follow (below Go's 10000; deeper documents take the full path). */
const WALK_DEPTH = 1000;
/** Largest document the walks answer for, in UTF-8 bytes (a JS string of JSON.stringify's text stays far below its length limit). */
const WALK_BYTES = 1 << 28;

let maxDepth = DEFAULT_MAX_DEPTH;
let maxBytes = DEFAULT_MAX_BYTES;

/** Records the process-wide limits setLimits gave the engine (0 keeps a value), which the walks then respect. */
export function noteLimits(depth: number, bytes: number): void {
  if (depth > 0) maxDepth = depth;
  if (bytes > 0) maxBytes = bytes;
}

/** The deepest nesting a walk may follow, and the largest document it may answer for. */
function walkCap(): number {
  return Math.min(WALK_DEPTH, maxDepth - 1);
}
function walkBytes(): number {
  return Math.min(WALK_BYTES, maxBytes);
}

/** Option sets the engine accepted (true) or refused (false), by their request line. */
const checked = new Map<string, boolean>();

/** True when the engine accepts the options of `request` (a diff of two empty objects; cached). */
function engineAccepts(request: EvalRequest): boolean {
  const key = JSON.stringify(request);
  let ok = checked.get(key);
  if (ok === undefined) {
    try {
      patchTextOp(request, "{}", "{}", "patch");
      ok = true;
    } catch {
      ok = false;
    }
    if (checked.size >= 64) checked.clear();
    checked.set(key, ok);
  }
  return ok;
}

/** A positive safe integer option (undefined: absent), or NaN when the walk cannot read it as the engine does. */
function countOption(v: unknown): number | undefined {
  if (v === undefined) return undefined;
  return typeof v === "number" && Number.isSafeInteger(v) && v >= 1 ? v : NaN;
}

/** The request of jsonPatchDiff (the fields the full path sends). */
function diffRequest(options: JsonPatchDiffOptions | undefined): EvalRequest {
  return { op: "jsonpatch.diff", flavor: options?.flavor, maxEditMatrix: options?.maxEditMatrix, maxPatchBytes: options?.maxPatchBytes, go: options?.go };
}

/** jsonPatchDiff's full path: both values through JSON.stringify, the engine's diff, JSON.parse of its patch. */
export function jsonPatchDiffFull(from: unknown, to: unknown, options?: JsonPatchDiffOptions): JsonPatchOperation[] {
  return JSON.parse(patchTextOp(diffRequest(options), docText(from), docText(to), "patch")) as JsonPatchOperation[];
}

/** jsonPatchDiff: the JS walk (appscode) or the pruned engine call (minimal) when they answer, else the full path. */
export function jsonPatchDiffValues(from: unknown, to: unknown, options?: JsonPatchDiffOptions): JsonPatchOperation[] {
  // (before init(), the full path's error)
  if (isReady() && typeof from === "object" && from !== null && typeof to === "object" && to !== null) {
    try {
      const flavor = options?.flavor;
      if (flavor === undefined || flavor === "appscode") {
        const limits = appscodeLimits(options);
        if (limits !== null) return appscodeDiff(from, to, limits).ops as JsonPatchOperation[];
      } else if (flavor === "minimal") {
        const ops = minimalPruned(from, to, options);
        if (ops !== null) return ops;
      }
    } catch {
      // BAIL, or anything else reading the values threw: the full path decides
    }
  }
  return jsonPatchDiffFull(from, to, options);
}

/** The limits of an appscode diff with these options, or null when the engine refuses them or the walk cannot read them. */
function appscodeLimits(options: JsonPatchDiffOptions | undefined): AppscodeLimits | null {
  const matrix = countOption(options?.maxEditMatrix);
  const patch = countOption(options?.maxPatchBytes);
  if (Number.isNaN(matrix) || Number.isNaN(patch)) return null;
  if ((matrix !== undefined || patch !== undefined || options?.go !== undefined) && !engineAccepts(diffRequest(options))) return null;
  return {
    cap: walkCap(),
    maxBytes: walkBytes(),
    maxEditMatrix: matrix ?? DEFAULT_MAX_EDIT_MATRIX,
    maxPatchBytes: Math.min(patch ?? MAX_PATCH_BYTES, MAX_PATCH_BYTES),
  };
}

/** The minimal diff of the pruned pair through the engine, or null when the full path must decide (size limits). */
function minimalPruned(from: object, to: object, options: JsonPatchDiffOptions | undefined): JsonPatchOperation[] | null {
  const limit = walkBytes();
  const p = pruneForMinimal(from, to, walkCap(), limit);
  const a = JSON.stringify(p.from);
  const b = JSON.stringify(p.to);
  // (3 bytes of UTF-8 at most per UTF-16 unit, plus what was replaced)
  if (3 * a.length + p.bytesFrom > limit || 3 * b.length + p.bytesTo > limit) return null;
  return JSON.parse(patchTextOp(diffRequest(options), a, b, "patch")) as JsonPatchOperation[];
}

/** mergePatchDiff's full path: both values through JSON.stringify, the engine's diff, JSON.parse of its patch. */
export function mergePatchDiffFull(original: unknown, modified: unknown, options?: GoOptions): unknown {
  return parseResult(patchTextOp({ op: "mergepatch.diff", go: options?.go }, docText(original), docText(modified), "patch"));
}

/** mergePatchDiff: the JS walk when it answers, else the full path. */
export function mergePatchDiffValues(original: unknown, modified: unknown, options?: GoOptions): unknown {
  if (isReady() && typeof original === "object" && original !== null && typeof modified === "object" && modified !== null) {
    try {
      if (options?.go === undefined || engineAccepts({ op: "mergepatch.diff", go: options.go })) {
        const limits: MergeLimits = { cap: walkCap(), maxBytes: walkBytes() };
        return mergeDiff(original, modified, limits).patch;
      }
    } catch {
      // BAIL, or anything else reading the values threw: the full path decides
    }
  }
  return mergePatchDiffFull(original, modified, options);
}
