// Pruning of a pair of JS objects before the engine's minimal JSON Patch diff (flavor "minimal", assembly/patch/
// minimal.ts): the members present in both objects of a compared pair with equal values (Go's view of them:
// view.ts) are replaced on both sides by the same small placeholder of the same kind ("" for a string, {} for an
// object, [] for an array), so that JSON.stringify, the copy into wasm memory and the engine see only what
// differs. The minimal diff emits nothing for equal values and never reads them again: it compares members by key
// and keeps their order, moves only removed members onto added ones, and matches array elements by identity or
// equality, which is why arrays are never entered (an equal array is replaced whole). Keys, key order, and every
// value that differs stay as they are; a pair of objects with a lone-surrogate key is kept whole.
//
// The walk also bounds the UTF-8 bytes it replaced in each document (`bytesFrom`, `bytesTo`), for the caller's
// size-limit check. BAIL (from view.ts): the caller runs the full path.

import { BAIL, K_OBJECT, ValueWalk, absent, keysWellFormed, objectKind, ownMember, wellFormed } from "./view.js";

/** Equal values whose byte bound is at most this stay (numbers, booleans, null, short strings). */
const PRUNE_MIN = 32;

const EMPTY_MAP: object = Object.freeze({});
const EMPTY_ARRAY: unknown[] = Object.freeze([]) as unknown as unknown[];

/** The placeholder of an equal value worth replacing: a value of the same kind. */
function placeholder(v: unknown): unknown {
  if (typeof v === "string") return "";
  return Array.isArray(v) ? EMPTY_ARRAY : EMPTY_MAP;
}

/** One walk over a pair of documents; see the file comment. */
class Pruner {
  /** The values to serialize in place of the last pair that differs. */
  outA: unknown = undefined;
  outB: unknown = undefined;
  /** Upper bounds of the UTF-8 bytes replaced in each document. */
  bytesA = 0;
  bytesB = 0;
  readonly walk: ValueWalk;

  constructor(cap: number, maxBytes: number) {
    this.walk = new ValueWalk(cap, maxBytes);
  }

  /**
   * Walks two objects at nesting `depth`: an upper bound of either one's JSON bytes when they are equal (the caller
   * may replace them); -1 when they differ, with `outA` / `outB` the objects to serialize in their places.
   */
  objects(a: { [k: string]: unknown }, b: { [k: string]: unknown }, depth: number): number {
    if (depth > this.walk.cap) throw BAIL;
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    const na = ka.length;
    if (!keysWellFormed(kb)) return this.keep(a, b);
    for (let i = 0; i < na; i++) if (ka[i] !== kb[i] && !wellFormed(ka[i]!)) return this.keep(a, b);
    let equal = true;
    let bound = 2;
    let eq: unknown[] | null = null; // equal members worth replacing: key, value, bound, ...
    let ra: unknown[] | null = null; // pruned copies of members: key, value, ...
    let rb: unknown[] | null = null;
    let same = na === kb.length;
    let present = 0;
    for (let i = 0; i < kb.length; i++) {
      const k = kb[i]!;
      if (same && ka[i] !== k) same = false;
      const bv = b[k];
      if (absent(bv)) continue;
      present++;
      const av = same ? a[k] : ownMember(a, k) ? a[k] : undefined;
      if (absent(av)) {
        equal = false;
        continue;
      }
      let r: number;
      if (typeof av === "object" && av !== null && typeof bv === "object" && bv !== null && av !== bv &&
        objectKind(av) === K_OBJECT && objectKind(bv) === K_OBJECT) {
        r = this.objects(av as { [k: string]: unknown }, bv as { [k: string]: unknown }, depth + 1);
        if (r < 0) {
          if (this.outA !== av) (ra ??= []).push(k, this.outA);
          if (this.outB !== bv) (rb ??= []).push(k, this.outB);
        }
      } else r = this.walk.equal(av, bv, depth);
      if (r < 0) equal = false;
      else {
        bound += r + 6 * k.length + 4;
        if (r > PRUNE_MIN && (typeof av === "string" || (typeof av === "object" && av !== null && (Array.isArray(av) || objectKind(av) === K_OBJECT)))) {
          (eq ??= []).push(k, av, r);
        }
      }
    }
    if (equal) {
      // a member only in a: not equal
      let pa = 0;
      for (let i = 0; i < na; i++) if (!absent(a[ka[i]!])) pa++;
      if (pa === present) return bound;
    }
    let ca = a;
    let cb = b;
    if (eq !== null) {
      ca = { ...a };
      cb = { ...b };
      for (let i = 0; i < eq.length; i += 3) {
        const k = eq[i] as string;
        const p = placeholder(eq[i + 1]);
        ca[k] = p;
        cb[k] = p;
        this.bytesA += eq[i + 2] as number;
        this.bytesB += eq[i + 2] as number;
      }
    }
    if (ra !== null) {
      if (ca === a) ca = { ...a };
      for (let i = 0; i < ra.length; i += 2) ca[ra[i] as string] = ra[i + 1];
    }
    if (rb !== null) {
      if (cb === b) cb = { ...b };
      for (let i = 0; i < rb.length; i += 2) cb[rb[i] as string] = rb[i + 1];
    }
    return this.keep(ca, cb);
  }

  /** A pair serialized as `a` and `b`: -1. */
  keep(a: unknown, b: unknown): number {
    this.outA = a;
    this.outB = b;
    return -1;
  }
}

/** The pruned pair, with upper bounds of the bytes replaced in each. */
export interface PrunedPair {
  from: unknown;
  to: unknown;
  bytesFrom: number;
  bytesTo: number;
}

/** Prunes two objects for the minimal diff, walking no deeper than nesting `cap` (documents up to `maxBytes`); BAIL when the full path must decide. */
export function pruneForMinimal(from: object, to: object, cap: number, maxBytes: number): PrunedPair {
  if (objectKind(from) !== K_OBJECT || objectKind(to) !== K_OBJECT) throw BAIL;
  const p = new Pruner(cap, maxBytes);
  const r = p.objects(from as { [k: string]: unknown }, to as { [k: string]: unknown }, 1);
  if (r >= 0) return { from: EMPTY_MAP, to: EMPTY_MAP, bytesFrom: r, bytesTo: r };
  return { from: p.outA, to: p.outB, bytesFrom: p.bytesA, bytesTo: p.bytesB };
}
