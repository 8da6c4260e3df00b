// The lockstep walk itself (assembly/fast/lockstep/lockstep.ts, whose header lists its rules) and its entry points.
// Must equal (byte for byte) and give up as lockstep.ts says: appscode.ts appscodeDiff of the two texts read by
// json/reader.ts, or LOCK_FALLBACK ("cannot prove"), never a guess.

import { ByteSink } from "../../io/sink";
import { K_ARRAY, K_OBJECT } from "../../json/tape";
import { parseNumber, outOfRange } from "../../json/number";
import { AppscodeOptions, PieceDiff, simpleClass } from "../../upstream/jsonpatch/appscode";
import { hasError, clearError } from "../../base/errors";
import { Lockstep, frame, fget, fset, pushFrame, applyFacts, SMALL, F_KIND, F_START_A, F_START_B, F_MARK, F_COUNT, F_KEYS, F_LAST_KEY, F_X_A, F_X_B, F_BAD, F_PATH, V_SCALAR, V_NULL, V_ARRAY, V_OBJECT, S_OPEN, S_INDEXWISE, S_SIMPLE, S_UNKNOWN } from "./state";
import { skipWs, lockString, measureRun, scanNumber, same } from "./scan";
import { readKey, duplicateKeys, keysAscending } from "./keys";
import { readPieces, plainPiece, pathTo, valueKind, arrayTail, objectTail, listTail } from "./pieces";
import { fastRun } from "./fastrun";

/** appscodeDiffTexts: the patch was written. */
export const LOCK_OK: i32 = 0;
/** appscodeDiffTexts: nothing written (no error left recorded); run the whole diff, which decides. */
export const LOCK_FALLBACK: i32 = 1;

/**
 * CreatePatch of appscode/jsonpatch v1.0.1 for the texts [pA, pA+nA) (from) and [pB, pB+nB) (to), as
 * json.Marshal writes the operations (assembly/upstream/jsonpatch/appscode.ts, same bytes), appended to `out`:
 * LOCK_OK; or LOCK_FALLBACK with nothing appended and no error recorded, when the whole diff must
 * decide (errors, and what the walk does not prove). `depthCap`: the reader's nesting cap (Go's limit
 * and the engine's maxDepth, as readJSON applies them); `maxBytes`: the engine's size limit.
 * Must be called with no error recorded.
 */
export function appscodeDiffTexts(pA: usize, nA: i32, pB: usize, nB: i32, opts: AppscodeOptions, depthCap: i32, maxBytes: i32, out: ByteSink): i32 {
  const base = out.len;
  if (nA <= 0 || nB <= 0 || nA > maxBytes || nB > maxBytes || depthCap < 1) return LOCK_FALLBACK;
  // (a patch's length only grows operation by operation, so a walk whose whole patch fits maxPatchBytes is one
  // the whole diff does not refuse; one that does not fit falls back, and the whole diff answers E_PATCH_LIMIT)
  if (walk(pA, nA, pB, nB, opts, depthCap, out) && <i64>(out.len - base) <= opts.maxPatchBytes) {
    if (out.len == base) { out.byte(0x5b); out.byte(0x5d); }
    else { store<u8>(out.ptr + <usize>base, 0x5b); out.byte(0x5d); }
    return LOCK_OK;
  }
  out.truncate(base);
  if (hasError()) clearError();
  return LOCK_FALLBACK;
}

/** The walk; false: fall back. */
function walk(pA: usize, nA: i32, pB: usize, nB: i32, opts: AppscodeOptions, depthCap: i32, out: ByteSink): bool {
  const w = new Lockstep(pA, nA, pB, nB, depthCap);
  const piece = new PieceDiff(opts);
  let i = skipWs(pA, nA, 0);
  let j = skipWs(pB, nB, 0);
  if (i >= nA || j >= nB || load<u8>(pA + <usize>i) != 0x7b || load<u8>(pB + <usize>j) != 0x7b) return false;
  let depth = 0;
  // the finished value's kinds (V_*) and, for objects, isSimpleArray's verdict on them (S_*), per side
  let vkA = 0, vkB = 0, vsA = 0, vsB = 0;
  // 0: at a value (whitespace skipped); 1: after a value; 2: a piece at frame `unit`; 3: a piece at the value;
  // 4: at a key of frame depth-1; 5: after a value whose facts are applied
  let state = 0;
  let unit = 0;
  while (true) {
    if ((state == 0 || (state == 1 && vkA == vkB && vsA == vsB)) && j - i == w.d && i < w.m) {
      // inside a known run of equal bytes, compact text: the same steps on A alone (B is the same bytes)
      const r = fastRun(w, i, depth, state, vkA, vsA, out);
      i = w.runI;
      j = i + w.d;
      depth = w.runDepth;
      if (r < 0) return false;
      state = r;
      vkA = vkB = w.runVk;
      vsA = vsB = w.runVs;
    }
    if (state == 4) {
      // a key at i/j of frame depth-1
      const r = readKey(w, i, j, depth - 1);
      if (r == -2) return false;
      if (r == -1) { unit = depth - 1; state = 2; continue; }
      i = r;
      j = w.jEnd;
      state = 0;
      continue;
    }
    if (state == 0) {
      // a value starts at i in A and j in B
      if (i >= nA) return false;
      if (j >= nB) { state = 3; continue; }
      const c = <u32>load<u8>(pA + <usize>i);
      if (c != <u32>load<u8>(pB + <usize>j)) { state = 3; continue; }
      if (c == 0x22) {
        const e = lockString(w, i + 1, j + 1);
        if (e == -2) return false;
        if (e == -1) { state = 3; continue; }
        i = e;
        j = w.jEnd;
        vkA = vkB = V_SCALAR;
        state = 1;
        continue;
      }
      if (c == 0x7b || c == 0x5b) {
        if (depth >= depthCap) return false;
        pushFrame(w, depth, c == 0x7b ? K_OBJECT : K_ARRAY, i, j, out.len);
        depth++;
        i = skipWs(pA, nA, i + 1);
        j = skipWs(pB, nB, j + 1);
        if (i >= nA) return false;
        const close = c + 2;
        const ca = <u32>load<u8>(pA + <usize>i);
        const cb = j < nB ? <u32>load<u8>(pB + <usize>j) : 0;
        if (ca == close || cb == close) {
          if (ca != cb) { unit = depth - 1; state = 2; continue; }
          // both empty: closed below (nothing under it)
          i++;
          j++;
          depth--;
          vkA = vkB = c == 0x7b ? V_OBJECT : V_ARRAY;
          vsA = vsB = S_SIMPLE;
          state = 1;
          continue;
        }
        if (c == 0x5b) continue; // the first element
        // the first key
        const r = readKey(w, i, j, depth - 1);
        if (r == -2) return false;
        if (r == -1) { unit = depth - 1; state = 2; continue; }
        i = r;
        j = w.jEnd;
        continue;
      }
      if (c - 0x30 < 10 || c == 0x2d) {
        const e = scanNumber(w, i);
        if (e < 0) return false;
        const n = e - i;
        if (j + n > nB || !same(pA + <usize>i, pB + <usize>j, n)) { state = 3; continue; }
        if (j + n < nB) {
          const d = <u32>load<u8>(pB + <usize>(j + n));
          if (d - 0x30 < 10 || d == 0x2e || (d | 0x20) == 0x65 || d == 0x2b || d == 0x2d) { state = 3; continue; }
        }
        if (w.numberLong) {
          if (outOfRange(parseNumber(pA + <usize>i, n))) return false;
        }
        i = e;
        j += n;
        vkA = vkB = V_SCALAR;
        state = 1;
        continue;
      }
      let n = 0;
      if (c == 0x74 && i + 4 <= nA && load<u32>(pA + <usize>i) == 0x65757274) n = 4;
      else if (c == 0x66 && i + 5 <= nA && load<u32>(pA + <usize>(i + 1)) == 0x65736c61) n = 5;
      else if (c == 0x6e && i + 4 <= nA && load<u32>(pA + <usize>i) == 0x6c6c756e) n = 4;
      else return false;
      if (j + n > nB || !same(pA + <usize>i, pB + <usize>j, n)) { state = 3; continue; }
      i += n;
      j += n;
      vkA = vkB = c == 0x6e ? V_NULL : V_SCALAR;
      state = 1;
      continue;
    }
    if (state == 1) {
      // a value of frame depth-1 is finished: its facts, then `,` or the close in both
      if (depth == 0) {
        // the top-level object is closed
        i = skipWs(pA, nA, i);
        j = skipWs(pB, nB, j);
        return i == nA && j == nB;
      }
      applyFacts(frame(w, depth - 1), vkA, vkB, vsA, vsB);
      state = 5;
    }
    if (state == 5) {
      // `,` or the close of frame depth-1 (the finished value's facts applied)
      const f = frame(w, depth - 1);
      const kind = fget(f, F_KIND);
      i = skipWs(pA, nA, i);
      j = skipWs(pB, nB, j);
      if (i >= nA) return false;
      const close: u32 = kind == K_OBJECT ? 0x7d : 0x5d;
      const ca = <u32>load<u8>(pA + <usize>i);
      if (ca != 0x2c && ca != close) return false;
      const cb = j < nB ? <u32>load<u8>(pB + <usize>j) : 0;
      if (ca != cb) {
        if (kind == K_ARRAY && (cb == 0x2c || cb == close)) {
          let r = -2;
          if (fget(f, F_X_A) == S_INDEXWISE || fget(f, F_X_B) == S_INDEXWISE) {
            // an index-wise array of another length: the extra elements, then both close
            r = arrayTail(w, f, depth - 1, i, j, ca == close, piece, out);
            if (r < 0) return false;
          } else if (!simpleArrayAbove(w, depth - 1)) {
            // equal common elements, elements added or removed at the end: the script is known (or the whole array)
            r = listTail(w, f, depth - 1, i, j, ca == close, piece, out);
            if (r == -1) return false;
          }
          if (r >= 0) {
            // the array is closed: its differences are written, nothing to check
            i = r;
            j = w.jEnd;
            w.nkeys = fget(f, F_KEYS);
            depth--;
            vkA = vkB = V_ARRAY;
            state = 1;
            continue;
          }
        }
        if (kind == K_OBJECT && (cb == 0x2c || cb == close) && !simpleArrayAbove(w, depth - 1)) {
          // members added or removed at the end: their operations after the common members' (or the whole object)
          const r = objectTail(w, f, depth - 1, i, j, ca == close, piece, out);
          if (r == -1) return false;
          if (r >= 0) {
            const xa = fget(f, F_X_A) + (ca == close ? 0 : w.tailContainers);
            const xb = fget(f, F_X_B) + (ca == close ? w.tailContainers : 0);
            i = r;
            j = w.jEnd;
            w.nkeys = fget(f, F_KEYS);
            depth--;
            vkA = vkB = V_OBJECT;
            vsA = xa > 0 ? S_INDEXWISE : S_SIMPLE;
            vsB = xb > 0 ? S_INDEXWISE : S_SIMPLE;
            state = 1;
            continue;
          }
        }
        unit = depth - 1;
        state = 2;
        continue;
      }
      i++;
      j++;
      if (ca == 0x2c) {
        i = skipWs(pA, nA, i);
        j = skipWs(pB, nB, j);
        if (kind == K_ARRAY) {
          fset(f, F_COUNT, fget(f, F_COUNT) + 1);
          fset(f, F_PATH, 0);
          state = 0;
          continue;
        }
        const r = readKey(w, i, j, depth - 1);
        if (r == -2) return false;
        if (r == -1) { unit = depth - 1; state = 2; continue; }
        i = r;
        j = w.jEnd;
        state = 0;
        continue;
      }
      // the close of frame depth-1
      const dirty = out.len > fget(f, F_MARK);
      const parentArray = depth >= 2 && fget(frame(w, depth - 2), F_KIND) == K_ARRAY;
      if (kind == K_OBJECT) {
        const xa = fget(f, F_X_A);
        const xb = fget(f, F_X_B);
        const count = fget(f, F_COUNT);
        // the facts below need the keys only when there are differences below, or for isSimpleArray
        const needKeys = dirty || (parentArray && (xa | xb) != 0 &&
          (fget(frame(w, depth - 2), F_X_A) == S_OPEN || fget(frame(w, depth - 2), F_X_B) == S_OPEN));
        let dup = false;
        if (needKeys) dup = fget(f, F_BAD) != 0 || (count > SMALL ? !keysAscending(w, fget(f, F_KEYS), w.nkeys) : duplicateKeys(w, fget(f, F_KEYS), w.nkeys));
        if (dirty && dup) {
          // the whole object decides (duplicate keys, or keys in byte order)
          if (depth == 1) return false;
          unit = depth - 1;
          state = 2;
          continue;
        }
        vkA = vkB = V_OBJECT;
        vsA = dup ? S_UNKNOWN : xa > 0 ? S_INDEXWISE : S_SIMPLE;
        vsB = dup ? S_UNKNOWN : xb > 0 ? S_INDEXWISE : S_SIMPLE;
      } else {
        if (dirty && fget(f, F_X_A) != S_INDEXWISE && fget(f, F_X_B) != S_INDEXWISE) {
          // not index-wise: the whole array decides (Levenshtein)
          unit = depth - 1;
          state = 2;
          continue;
        }
        vkA = vkB = V_ARRAY;
      }
      w.nkeys = fget(f, F_KEYS);
      depth--;
      state = 1;
      continue;
    }
    // a piece: the whole container of frame `unit` (state 2) or the value at i/j (state 3)
    let level = state == 2 ? unit : depth;
    // an enclosing array that cannot be index-wise makes the whole array the piece (the outermost one)
    for (let k = 1; k < level; k++) {
      const g = frame(w, k);
      if (fget(g, F_KIND) == K_ARRAY && fget(g, F_X_A) >= S_SIMPLE && fget(g, F_X_B) >= S_SIMPLE) { level = k; state = 2; break; }
    }
    if (state == 2) {
      if (level == 0) return false;
      const g = frame(w, level);
      out.truncate(fget(g, F_MARK));
      w.nkeys = fget(g, F_KEYS);
      i = fget(g, F_START_A);
      j = fget(g, F_START_B);
    }
    if (state == 3 && plainPiece(w, i, j, level, out)) {
      // a plain scalar vs a plain scalar: no tapes, no Path objects
      if (<i64>out.len > opts.maxPatchBytes) return false; // the whole diff refuses it (E_PATCH_LIMIT)
      i = w.endA;
      j = w.endB;
      measureRun(w, i, j);
      vkA = w.nullA ? V_NULL : V_SCALAR;
      vkB = w.nullB ? V_NULL : V_SCALAR;
      state = 1;
      continue;
    }
    const parentArray = fget(frame(w, level - 1), F_KIND) == K_ARRAY;
    if (!readPieces(w, i, j, level, state == 2 ? 1024 : 64)) return false;
    const path = pathTo(w, level);
    if (level > 0 && path === null) return false;
    const ta = w.ta!;
    const tb = w.tb!;
    if (!piece.run(ta, 0, tb, 0, path, out) || <i64>out.len > opts.maxPatchBytes) return false;
    i = w.endA;
    j = w.endB;
    measureRun(w, i, j);
    depth = level;
    vkA = valueKind(ta);
    vkB = valueKind(tb);
    if (parentArray) {
      const g = frame(w, level - 1);
      if (vkA == V_OBJECT && fget(g, F_X_A) == S_OPEN) vsA = simpleClass(ta, 0);
      if (vkB == V_OBJECT && fget(g, F_X_B) == S_OPEN) vsB = simpleClass(tb, 0);
    }
    state = 1;
  }
  return false;
}

/** True when an array enclosing frame `level` (frames 1..level-1) cannot be index-wise on either side: a difference below makes it the piece. */
function simpleArrayAbove(w: Lockstep, level: i32): bool {
  for (let k = 1; k < level; k++) {
    const g = frame(w, k);
    if (fget(g, F_KIND) == K_ARRAY && fget(g, F_X_A) >= S_SIMPLE && fget(g, F_X_B) >= S_SIMPLE) return true;
  }
  return false;
}
