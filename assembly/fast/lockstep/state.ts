// The lockstep walk's state (assembly/fast/lockstep/lockstep.ts): the texts, the stack of open containers (frames of
// i32 words in the call's arena), the key records, and the facts a frame keeps for the exactness checks.

import { Tape, K_OBJECT } from "../../json/tape";

/** Largest object whose keys the whole diff visits in document order. */
export const SMALL: i32 = 32;

// the kinds of a finished value, as the checks need them
export const V_SCALAR: i32 = 0;
export const V_NULL: i32 = 1;
export const V_ARRAY: i32 = 2;
export const V_OBJECT: i32 = 3;
// isSimpleArray state of one side of an array: undecided (scalars so far), not simple, simple, unknown
export const S_OPEN: i32 = 0;
export const S_INDEXWISE: i32 = 1;
export const S_SIMPLE: i32 = 2;
export const S_UNKNOWN: i32 = 3;

// a frame (an open container) is FW i32 words
export const FW: i32 = 11;
export const F_KIND = 0;
export const F_START_A = 1;
export const F_START_B = 2;
export const F_MARK = 3; // output length when it opened
export const F_COUNT = 4; // object: keys seen; array: index of the current element
export const F_KEYS = 5; // its first key record
export const F_LAST_KEY = 6; // object: the current member's key record
export const F_X_A = 7; // object: members whose value is a container (side A); array: isSimpleArray state of A
export const F_X_B = 8; // the same for side B
export const F_BAD = 9; // object: a key with an escape or invalid UTF-8
export const F_PATH = 10; // the Path of its current member or element (0: not made yet)

/** The walk's state (one call at a time; the buffers live in the call's arena). */
export class Walk {
  static a: usize = 0;
  static na: i32 = 0;
  static b: usize = 0;
  static nb: i32 = 0;
  static frames: usize = 0;
  static framesCap: i32 = 0;
  static depth: i32 = 0;
  static keys: usize = 0;
  static keysCap: i32 = 0;
  static nkeys: i32 = 0;
  static cap: i32 = 0;
  /** After lockString: the position after the closing quote in B, and whether the string has an escape or a byte >= 0x80. */
  static jEnd: i32 = 0;
  /** A known run of equal bytes: A[k] == B[k + d] for every k < m (from where it was measured). */
  static d: i32 = 0;
  static m: i32 = 0;
  static escaped: bool = false;
  static high: bool = false;
  /** The last piece read: its tapes and ends. */
  static ta: Tape | null = null;
  static tb: Tape | null = null;
  static endA: i32 = 0;
  static endB: i32 = 0;
  /** Where the last failed skipSame stopped (no new attempt starts before it). */
  static skipFail: i32 = 0;
  /** The containers the last skipSame attempt completed, outermost only: (start, end) i32 pairs in start order. */
  static skips: usize = 0;
  static nskips: i32 = 0;
  /** The first entry of `skips` not passed yet. */
  static skipAt: i32 = 0;
  /** The run (Walk.d) the entries of `skips` were validated in. */
  static skipD: i32 = 0;
  /** skipSame's stack of container starts (SKIP_LEVELS i32). */
  static starts: usize = 0;
}

/** Most entries of Walk.skips (more completed containers are not recorded: only speed is lost). */
export const SKIP_CAP: i32 = 256;
/** Deepest local nesting skipSame follows. */
export const SKIP_LEVELS: i32 = 64;

/** The frame of the container at nesting k. */
@inline export function frame(k: i32): usize { return Walk.frames + (<usize>(k * FW) << 2); }
/** Word w (F_*) of frame f. */
@inline export function fget(f: usize, w: i32): i32 { return load<i32>(f + (<usize>w << 2)); }
/** Sets word w (F_*) of frame f. */
@inline export function fset(f: usize, w: i32, v: i32): void { store<i32>(f + (<usize>w << 2), v); }

/** Records a finished value's kinds (V_*) and isSimpleArray verdicts (S_*) in its container's frame. */
@inline export function applyFacts(f: usize, vkA: i32, vkB: i32, vsA: i32, vsB: i32): void {
  if (fget(f, F_KIND) == K_OBJECT) {
    if (vkA >= V_ARRAY) fset(f, F_X_A, fget(f, F_X_A) + 1);
    if (vkB >= V_ARRAY) fset(f, F_X_B, fget(f, F_X_B) + 1);
  } else {
    if (fget(f, F_X_A) == S_OPEN && vkA != V_SCALAR) fset(f, F_X_A, vkA == V_OBJECT ? vsA : S_INDEXWISE);
    if (fget(f, F_X_B) == S_OPEN && vkB != V_SCALAR) fset(f, F_X_B, vkB == V_OBJECT ? vsB : S_INDEXWISE);
  }
}

/** Where fastRun stopped: A's position, the nesting, the last finished value's kind and verdict. */
export class Run {
  static i: i32 = 0;
  static depth: i32 = 0;
  static vk: i32 = 0;
  static vs: i32 = 0;
}

/** Opens a frame for the container at i (A) / i + d (B) at nesting `depth`. */
@inline export function pushFrame(depth: i32, kind: i32, i: i32, j: i32, mark: i32): void {
  if (depth >= Walk.framesCap) {
    Walk.framesCap <<= 1;
    Walk.frames = heap.realloc(Walk.frames, <usize>(Walk.framesCap * FW) << 2);
  }
  const f = frame(depth);
  fset(f, F_KIND, kind);
  fset(f, F_START_A, i);
  fset(f, F_START_B, j);
  fset(f, F_MARK, mark);
  fset(f, F_COUNT, 0);
  fset(f, F_KEYS, Walk.nkeys);
  fset(f, F_LAST_KEY, -1);
  fset(f, F_X_A, 0);
  fset(f, F_X_B, 0);
  fset(f, F_BAD, 0);
  fset(f, F_PATH, 0);
}
