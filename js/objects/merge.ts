// CreateMergePatch of gopkg.in/evanphx/json-patch.v4 computed on two JS objects (Go's view of them: view.ts),
// returning what JSON.parse makes of the engine's patch text for the same values. The engine (assembly/upstream/
// jsonpatch/merge.ts) stays the reference, and decides whatever this walk does not model (BAIL).
//
// getDiff: for each member of `to`: absent from `from`, or of another Go type: the `to` value; two objects: their
// diff when it is not empty; two arrays: the `to` array unless they are equal (matchesArray); unequal scalars: the
// `to` value; members only in `from`: null. json.Marshal writes every object with its keys in UTF-8 byte order.
// BAIL: a key with a lone surrogate in a compared object or array, documents or a patch beyond their byte limits,
// and what view.ts does not model.

import { BAIL, K_NULL, K_STRING, K_ARRAY, K_OBJECT, NUMBER_BYTES, ValueWalk, absent, wellFormed, keysWellFormed, goKind, stringOf, goString, objectKind, ownMember, compareKeys, setMember } from "./view.js";

/** The limits the engine would apply to the same call. */
export interface MergeLimits {
  /** Deepest nesting walked (below the engine's maxDepth and Go's 10000). */
  cap: number;
  /** Largest document text, in bytes. */
  maxBytes: number;
}

/** Longest patch computed here (a longer answer: the engine, which knows whether a JS string can hold it). */
const MAX_PATCH_BYTES = 1 << 28;

/** One CreateMergePatch; see the file comment. */
class Merge {
  readonly walk: ValueWalk;
  /** Upper bounds of the two documents' JSON bytes read so far. */
  bytesA = 0;
  bytesB = 0;

  constructor(readonly limits: MergeLimits) {
    this.walk = new ValueWalk(limits.cap, limits.maxBytes);
  }

  /** getDiff(a, b) for two objects at nesting `depth`: the patch object, or null when it has no member. */
  diff(a: { [k: string]: unknown }, b: { [k: string]: unknown }, depth: number): { [k: string]: unknown } | null {
    if (depth > this.limits.cap) throw BAIL;
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    const na = ka.length;
    const nb = kb.length;
    if (!keysWellFormed(kb)) throw BAIL;
    for (let i = 0; i < na; i++) if (ka[i] !== kb[i] && !wellFormed(ka[i]!)) throw BAIL;
    this.bytesA += 2;
    this.bytesB += 2;
    let keys: unknown[] | null = null; // the patch's members: key, value, ...
    let same = na === nb;
    let gone = false;
    for (let i = 0; i < nb; i++) {
      const k = kb[i]!;
      if (same && ka[i] !== k) same = false;
      const bv = b[k];
      if (absent(bv)) {
        gone = true;
        continue;
      }
      const av = same ? a[k] : ownMember(a, k) ? a[k] : undefined;
      this.bytesB += 6 * k.length + 4;
      const t = typeof av;
      if (t === "string" && av === bv) {
        const n = 6 * (av as string).length + 2;
        this.bytesA += n + 6 * k.length + 4;
        this.bytesB += n;
        continue;
      }
      if (absent(av)) {
        (keys ??= []).push(k, this.value(bv, depth));
        continue;
      }
      this.bytesA += 6 * k.length + 4;
      const v = this.member(av, bv, depth);
      if (v !== NOTHING) (keys ??= []).push(k, v);
    }
    if (!same || gone) {
      // the members only in a: null
      for (let i = 0; i < na; i++) {
        const k = ka[i]!;
        if (same ? !absent(b[k]) : ownMember(b, k) && !absent(b[k])) continue;
        const av = a[k];
        if (absent(av)) continue;
        this.bytesA += 6 * k.length + 4 + this.walk.scan(av, depth);
        (keys ??= []).push(k, null);
      }
    }
    return keys === null ? null : sortedObject(keys);
  }

  /** The patch value of a member present in both objects (parent at nesting `depth`), or NOTHING. */
  member(a: unknown, b: unknown, depth: number): unknown {
    if (typeof a === "string" && typeof b === "string") {
      this.bytesA += 6 * a.length + 2;
      this.bytesB += 6 * b.length + 2;
      return wellFormed(a) && wellFormed(b) || goString(a) !== goString(b) ? this.value(b, depth) : NOTHING;
    }
    if (a === b && typeof a === "object" && a !== null) {
      const n = this.walk.scan(a, depth);
      this.bytesA += n;
      this.bytesB += n;
      return NOTHING;
    }
    const ka = goKind(a);
    const kb = goKind(b);
    if (ka !== kb) {
      this.bytesA += this.walk.scan(a, depth);
      return this.value(b, depth);
    }
    switch (ka) {
      case K_OBJECT: {
        const d = this.diff(a as { [k: string]: unknown }, b as { [k: string]: unknown }, depth + 1);
        return d === null ? NOTHING : d;
      }
      case K_ARRAY: {
        const r = this.walk.equal(a, b, depth);
        if (r >= 0) {
          this.bytesA += r;
          this.bytesB += r;
          return NOTHING;
        }
        this.bytesA += this.walk.scan(a, depth);
        return this.value(b, depth);
      }
      case K_NULL:
        this.bytesA += 4;
        this.bytesB += 4;
        return NOTHING;
      case K_STRING:
        this.bytesA += NUMBER_BYTES;
        this.bytesB += NUMBER_BYTES;
        return stringOf(a) === stringOf(b) ? NOTHING : this.value(b, depth);
      default: // K_NUMBER, K_BOOL
        this.bytesA += NUMBER_BYTES;
        this.bytesB += NUMBER_BYTES;
        return a === b ? NOTHING : this.value(b, depth);
    }
  }

  /** A `to` value in the patch, as Go re-marshals it (parent at nesting `depth`). */
  value(v: unknown, depth: number): unknown {
    const before = this.walk.valueBytes;
    const out = this.walk.goValue(v, depth);
    this.bytesB += this.walk.valueBytes - before;
    if (this.walk.valueBytes > MAX_PATCH_BYTES) throw BAIL;
    return out;
  }
}

/** No member in the patch. */
const NOTHING: unknown = Symbol("nothing");

/** An object of members (key, value, ...) with its keys in Go's order, as JSON.parse builds it from json.Marshal's text. */
function sortedObject(members: unknown[]): { [k: string]: unknown } {
  const n = members.length >> 1;
  const order = new Array<number>(n);
  for (let i = 0; i < n; i++) order[i] = i;
  if (n > 1) order.sort((x, y) => compareKeys(members[2 * x] as string, members[2 * y] as string));
  const out: { [k: string]: unknown } = {};
  for (let i = 0; i < n; i++) setMember(out, members[2 * order[i]!] as string, members[2 * order[i]! + 1]);
  return out;
}

/** The result of a diff: the patch, and upper bounds of both documents' JSON bytes. */
export interface MergeResult {
  patch: { [k: string]: unknown };
  bytesFrom: number;
  bytesTo: number;
}

/** CreateMergePatch(original, modified) for two objects (Go's view of them); BAIL when the engine must decide. */
export function mergeDiff(original: object, modified: object, limits: MergeLimits): MergeResult {
  if (objectKind(original) !== K_OBJECT || objectKind(modified) !== K_OBJECT) throw BAIL;
  const m = new Merge(limits);
  const patch = m.diff(original as { [k: string]: unknown }, modified as { [k: string]: unknown }, 1) ?? {};
  if (m.bytesA > limits.maxBytes || m.bytesB > limits.maxBytes) throw BAIL;
  return { patch, bytesFrom: m.bytesA, bytesTo: m.bytesB };
}
