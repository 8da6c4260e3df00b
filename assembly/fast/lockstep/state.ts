// The lockstep walk's state (assembly/fast/lockstep/lockstep.ts): the texts, the stack of open containers (frames of
// i32 words in the call's arena), the key records, and the facts a frame keeps for the exactness checks.
// Must equal (byte for byte) and give up as lockstep.ts says: appscode.ts appscodeDiff of the two texts read by
// json/reader.ts, or LOCK_FALLBACK ("cannot prove"), never a guess.

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

/** One lockstep walk: the texts, its stacks (in the call's arena) and what its last steps found. Nothing outlives the walk. */
export class Lockstep {
  /** The frames of the open containers (FW words each). */
  frames: usize;
  framesCap: i32 = 64;
  /** The key records (3 words each) of the open objects. */
  keys: usize;
  keysCap: i32 = 256;
  nkeys: i32 = 0;
  /** After lockString: the position after the closing quote in B, and whether the string has an escape or a byte >= 0x80. */
  jEnd: i32 = 0;
  escaped: bool = false;
  high: bool = false;
  /** A known run of equal bytes: A[k] == B[k + d] for every k < m (from where it was measured). */
  d: i32;
  m: i32 = 0;
  /** The last piece read: its tapes and ends. */
  ta: Tape | null = null;
  tb: Tape | null = null;
  endA: i32 = 0;
  endB: i32 = 0;
  /** Where the last failed skipSame stopped (no new attempt starts before it). */
  skipFail: i32 = 0;
  /** The containers the last skipSame attempt completed, outermost only: (start, end) i32 pairs in start order. */
  skips: usize;
  nskips: i32 = 0;
  /** The first entry of `skips` not passed yet. */
  skipAt: i32 = 0;
  /** The run (d) the entries of `skips` were validated in. */
  skipD: i32 = 0;
  /** skipSame's stack of container starts (SKIP_LEVELS i32). */
  starts: usize;
  /** scanNumber: the number needs a float64 range check (exponent or very long). */
  numberLong: bool = false;
  /** runString: the string has a byte >= 0x80. */
  runHigh: bool = false;
  /** skipSame failed: where it may have stopped (an upper bound). */
  skipStop: i32 = 0;
  /** plainScalar: the kind (P_*) of the value read; plainPiece: whether A's / B's value is null. */
  plainKind: i32 = 0;
  nullA: bool = false;
  nullB: bool = false;
  /** After objectTail: how many of the extra members' values are arrays or objects. */
  tailContainers: i32 = 0;
  /** Where fastRun stopped: A's position, the nesting, the last finished value's kind and verdict. */
  runI: i32 = 0;
  runDepth: i32 = 0;
  runVk: i32 = 0;
  runVs: i32 = 0;

  /** A walk of A = [a, a+na) and B = [b, b+nb) with nesting at most `cap`. */
  constructor(public a: usize, public na: i32, public b: usize, public nb: i32, public cap: i32) {
    this.frames = heap.alloc(<usize>(64 * FW) << 2);
    this.keys = heap.alloc(<usize>(256 * 3) << 2);
    this.skips = heap.alloc(<usize>SKIP_CAP << 3);
    this.starts = heap.alloc(<usize>SKIP_LEVELS << 2);
    this.d = -1 - na; // no run measured yet
  }
}

/** Most entries of Lockstep.skips (more completed containers are not recorded: only speed is lost). */
export const SKIP_CAP: i32 = 256;
/** Deepest local nesting skipSame follows. */
export const SKIP_LEVELS: i32 = 64;

/** The frame of the container at nesting k. */
@inline export function frame(w: Lockstep, k: i32): usize { return w.frames + (<usize>(k * FW) << 2); }
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

/** Opens a frame for the container at i (A) / i + d (B) at nesting `depth`. */
@inline export function pushFrame(w: Lockstep, depth: i32, kind: i32, i: i32, j: i32, mark: i32): void {
  if (depth >= w.framesCap) {
    w.framesCap <<= 1;
    w.frames = heap.realloc(w.frames, <usize>(w.framesCap * FW) << 2);
  }
  const f = frame(w, depth);
  fset(f, F_KIND, kind);
  fset(f, F_START_A, i);
  fset(f, F_START_B, j);
  fset(f, F_MARK, mark);
  fset(f, F_COUNT, 0);
  fset(f, F_KEYS, w.nkeys);
  fset(f, F_LAST_KEY, -1);
  fset(f, F_X_A, 0);
  fset(f, F_X_B, 0);
  fset(f, F_BAD, 0);
  fset(f, F_PATH, 0);
}
