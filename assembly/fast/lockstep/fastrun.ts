// The lockstep walk inside a run of equal bytes (assembly/fast/lockstep/lockstep.ts): the steps on the first text alone.
// Must equal (byte for byte) and give up as lockstep.ts says: appscode.ts appscodeDiff of the two texts read by
// json/reader.ts, or LOCK_FALLBACK ("cannot prove"), never a guess.

import { ByteSink } from "../../io/sink";
import { K_OBJECT, K_ARRAY } from "../../json/tape";
import { parseNumber, outOfRange } from "../../json/number";
import { Lockstep, frame, fget, fset, pushFrame, applyFacts, F_KIND, F_X_A, F_X_B, F_MARK, F_COUNT, F_PATH, F_KEYS, V_SCALAR, V_NULL, V_ARRAY, V_OBJECT, S_OPEN, S_INDEXWISE, S_SIMPLE, S_UNKNOWN } from "./state";
import { isWs, runString, scanNumber, skipSame, skippedEnd } from "./scan";
import { recordKey } from "./keys";

/**
 * The walk inside a run of equal bytes (A[k] == B[k + w.d] for k < w.m), on A alone, for compact
 * text: the same frames, keys and facts as the general steps. Starts at state 0 (a value at i) or 1 (a
 * finished value: kind vk, verdict vs); returns the state to go on with (0, 1, 4 or 5; w.runI, w.runDepth,
 * w.runVk, w.runVs) at the first thing it leaves to the general steps, or -1 (A is not JSON: fall back).
 */
export function fastRun(w: Lockstep, i: i32, depth: i32, state: i32, vk: i32, vs: i32, out: ByteSink): i32 {
  const a = w.a;
  const m = w.m;
  const d = w.d;
  while (true) {
    if (state == 0) {
      if (i >= m) break;
      const c = <u32>load<u8>(a + <usize>i);
      if (c == 0x22) {
        const e = runString(w, a, i + 1, m);
        if (e < 0) break;
        i = e;
        vk = V_SCALAR;
        state = 1;
        continue;
      }
      if (c == 0x7b || c == 0x5b) {
        if (i + 2 >= m || depth >= w.cap) break;
        if (depth > 0) {
          // a whole container inside the run whose facts its container does not need: skipped (validated)
          const g = frame(w, depth - 1);
          // (not before where an earlier attempt stopped: each byte is scanned by at most one failed attempt)
          // (before it: a container that attempt completed is skipped at once)
          if (fget(g, F_KIND) == K_OBJECT || (fget(g, F_X_A) != S_OPEN && fget(g, F_X_B) != S_OPEN)) {
            let e = -1;
            if (i >= w.skipFail) {
              e = skipSame(w, a, i, m, w.cap - depth);
              if (e < 0) w.skipFail = w.skipStop;
            } else e = skippedEnd(w, i);
            if (e >= 0) {
              i = e;
              vk = c == 0x7b ? V_OBJECT : V_ARRAY;
              vs = S_UNKNOWN;
              state = 1;
              continue;
            }
          }
        }
        const c1 = <u32>load<u8>(a + <usize>(i + 1));
        if (c1 == c + 2 || isWs(c1)) break;
        if (c == 0x7b) {
          // the first key, with its colon, all inside the run
          if (c1 != 0x22) break;
          const e = runString(w, a, i + 2, m);
          if (e < 0 || e + 1 >= m || load<u8>(a + <usize>e) != 0x3a || isWs(<u32>load<u8>(a + <usize>(e + 1)))) break;
          pushFrame(w, depth, K_OBJECT, i, i + d, out.len);
          recordKey(w, frame(w, depth), a, i + 2, e - 1, w.runHigh);
          depth++;
          i = e + 1;
          continue;
        }
        pushFrame(w, depth, K_ARRAY, i, i + d, out.len);
        depth++;
        i++;
        continue;
      }
      if (c == 0x74 || c == 0x66 || c == 0x6e) {
        // true, false, null (a byte after them inside the run: B's token ends there too)
        let n = 0;
        if (c == 0x74 && i + 4 < m && load<u32>(a + <usize>i) == 0x65757274) n = 4;
        else if (c == 0x66 && i + 5 < m && load<u32>(a + <usize>(i + 1)) == 0x65736c61) n = 5;
        else if (c == 0x6e && i + 4 < m && load<u32>(a + <usize>i) == 0x6c6c756e) n = 4;
        else break;
        i += n;
        vk = c == 0x6e ? V_NULL : V_SCALAR;
        state = 1;
        continue;
      }
      if (c - 0x30 < 10 || c == 0x2d) {
        const e = scanNumber(w, i);
        if (e < 0) return -1;
        if (e >= m) break;
        if (w.numberLong) {
          if (outOfRange(parseNumber(a + <usize>i, e - i))) return -1;
        }
        i = e;
        vk = V_SCALAR;
        state = 1;
        continue;
      }
      break;
    }
    // state 1: a finished value of frame depth-1
    if (depth == 0) break;
    const f = frame(w, depth - 1);
    applyFacts(f, vk, vk, vs, vs);
    state = 5;
    if (i + 1 >= m) break;
    const c = <u32>load<u8>(a + <usize>i);
    const c1 = <u32>load<u8>(a + <usize>(i + 1));
    const kind = fget(f, F_KIND);
    if (c == 0x2c) {
      if (isWs(c1)) break;
      if (kind == K_ARRAY) {
        fset(f, F_COUNT, fget(f, F_COUNT) + 1);
        fset(f, F_PATH, 0);
        i++;
        state = 0;
        continue;
      }
      if (c1 != 0x22) break;
      const e = runString(w, a, i + 2, m);
      if (e < 0 || e + 1 >= m || load<u8>(a + <usize>e) != 0x3a || isWs(<u32>load<u8>(a + <usize>(e + 1)))) break;
      recordKey(w, f, a, i + 2, e - 1, w.runHigh);
      i = e + 1;
      state = 0;
      continue;
    }
    if (c != (kind == K_OBJECT ? 0x7d : 0x5d)) break;
    // a close with nothing below it; an object whose verdict needs its keys is left to the general steps
    if (out.len > fget(f, F_MARK)) break;
    if (kind == K_OBJECT) {
      const xa = fget(f, F_X_A);
      if (xa != fget(f, F_X_B)) break;
      if (xa != 0 && depth >= 2) {
        const g = frame(w, depth - 2);
        if (fget(g, F_KIND) == K_ARRAY && (fget(g, F_X_A) == S_OPEN || fget(g, F_X_B) == S_OPEN)) break;
      }
      vk = V_OBJECT;
      vs = xa > 0 ? S_INDEXWISE : S_SIMPLE;
    } else vk = V_ARRAY;
    w.nkeys = fget(f, F_KEYS);
    depth--;
    i++;
    state = 1;
  }
  w.runI = i;
  w.runDepth = depth;
  w.runVk = vk;
  w.runVs = vs;
  return state;
}
