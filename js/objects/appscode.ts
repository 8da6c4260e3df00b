// CreatePatch of github.com/appscode/jsonpatch v1.0.1 computed on JS values (Go's view of them: view.ts), returning
// what JSON.parse makes of the engine's patch text for the same values, op for op. The engine (assembly/upstream/
// jsonpatch/appscode.ts) stays the reference, and decides whatever this walk does not model (BAIL).
//
// The walk is the library's: objects key by key (`to`'s keys in its order, then the keys removed from `from` in
// its order; both in the order of their UTF-8 bytes when either object has more than 32 members: the map order the
// engine picks for Go's); a null becoming a value is an add, a type change a replace, unequal scalars a replace;
// arrays that are both "simple" (isSimpleArray: scalars, or the first non-scalar is an object of scalars and nulls)
// get compareEditDistance's Levenshtein matrix and its backtrace (remove, add, then replace, or handleValues when
// the first element of `from` is not a scalar), other arrays go index-wise (the surplus of `from` removed from the
// end, the new tail added, the common prefix compared). Paths are makePath's (`~0`, `~1`; an empty key leaves a
// trailing "/" the next segment reuses); values are the `to` values as Go re-marshals them (view.ts goValue).
//
// BAIL (the engine decides, errors included): a key with a lone surrogate in an object the walk compares, a path
// json.Marshal refuses (`"`, `\` or a control character: E_PATCH_MARSHAL), an edit matrix beyond `maxEditMatrix` or
// MAX_CELLS, a patch or document that may exceed its byte limit, and what view.ts does not model.

import {
  BAIL, K_NULL, K_BOOL, K_NUMBER, K_STRING, K_ARRAY, K_OBJECT, NUMBER_BYTES, ValueWalk,
  absent, wellFormed, keysWellFormed, goKind, stringOf, objectKind, ownMember, compareKeys, goString,
} from "./view.js";

/** One operation as JSON.parse returns it from the engine's patch. */
export interface Operation {
  op: "add" | "remove" | "replace";
  path: string;
  value?: unknown;
}

/** The limits the engine would apply to the same call. */
export interface AppscodeLimits {
  /** Deepest nesting walked (below the engine's maxDepth and Go's 10000). */
  cap: number;
  /** Largest document text, in bytes. */
  maxBytes: number;
  /** Most Levenshtein cells of one array pair. */
  maxEditMatrix: number;
  /** Longest patch text, in bytes. */
  maxPatchBytes: number;
}

/** Objects with more members than this are walked in key order (the engine's SMALL_OBJECT, assembly/json/docmembers.ts). */
export const SMALL_OBJECT = 32;
/** Most Levenshtein cells computed here (larger pairs: the engine). */
const MAX_CELLS = 1 << 22;
/** Bytes of an operation besides its path and value: `{"op":"replace","path":"","value":},`. */
const OP_BYTES = 40;

/** A key json.Marshal refuses in a path the library wrote unescaped (`"`, `\`, a control character). */
const BAD_KEY = /["\\\u0000-\u001f]/;

/** A path, made into text only for an operation (then kept for the operations below it): a member key or an element index below `up`. */
class Path {
  /** makePath's text, once made. */
  text: string | null = null;

  constructor(readonly up: Path | null, readonly key: string | number) {}
}

/** makePath's text of a path: segments joined by "/", keys escaped (`~0`, `~1`); an empty key leaves a "/" the next segment reuses. BAIL for a key json.Marshal refuses. */
function pathText(p: Path): string {
  if (p.text !== null) return p.text;
  const k = p.key;
  let seg: string;
  if (typeof k === "number") seg = String(k);
  else {
    if (BAD_KEY.test(k)) throw BAIL;
    seg = k.indexOf("~") < 0 && k.indexOf("/") < 0 ? k : k.replace(/~/g, "~0").replace(/\//g, "~1");
  }
  if (p.up === null) return (p.text = "/" + seg);
  // (the parent's text ends with "/" only after an empty key)
  return (p.text = p.up.key === "" ? pathText(p.up) + seg : pathText(p.up) + "/" + seg);
}

/** isSimpleArray on Go's view of an array; BAIL when its deciding object has a lone-surrogate key. */
function isSimpleArray(arr: unknown[]): boolean {
  for (let i = 0; i < arr.length; i++) {
    const v = arr[i];
    const t = typeof v;
    if (t === "string" || t === "boolean") continue;
    const k = goKind(v);
    if (k === K_NUMBER || k === K_STRING) continue;
    if (k !== K_OBJECT) return false;
    const o = v as { [k: string]: unknown };
    const keys = Object.keys(o);
    if (!keysWellFormed(keys)) throw BAIL;
    for (let j = 0; j < keys.length; j++) {
      const x = o[keys[j]!];
      if (absent(x)) continue;
      const kx = goKind(x);
      if (kx === K_ARRAY || kx === K_OBJECT) return false;
    }
    return true;
  }
  return true;
}

/** isBasicType: a string, float64 or bool in Go's view (not null). */
function isBasic(v: unknown): boolean {
  const k = goKind(v);
  return k === K_STRING || k === K_NUMBER || k === K_BOOL;
}

/** The number of members JSON.stringify writes (those not absent). */
function written(o: { [k: string]: unknown }, keys: string[]): number {
  let n = 0;
  for (let i = 0; i < keys.length; i++) if (!absent(o[keys[i]!])) n++;
  return n;
}

/** A hash of a string equal for strings Go decodes alike (a lone surrogate is U+FFFD: sampled surrogates count as U+FFFD). */
function stringHash(s: string): number {
  const n = s.length;
  if (n === 0) return 7;
  let h = Math.imul(n, 0x9e3779b1);
  h = Math.imul(h ^ unit(s, 0), 0x85ebca6b);
  h = Math.imul(h ^ unit(s, n >> 1), 0x85ebca6b);
  h = Math.imul(h ^ unit(s, n - 1), 0x85ebca6b);
  return h | 0;
}

/** The UTF-16 unit at `i`, any surrogate or U+FFFD as U+FFFD (Go reads a lone surrogate as U+FFFD). */
function unit(s: string, i: number): number {
  const c = s.charCodeAt(i);
  return c >= 0xd800 && (c < 0xe000 || c === 0xfffd) ? 0xfffd : c;
}

/** A hash of a written value, equal for DeepEqual Go values (objects: members in any order); parent at nesting `depth`. */
function valueHash(v: unknown, depth: number, cap: number): number {
  switch (typeof v) {
    case "string": return stringHash(v);
    case "boolean": return v ? 3 : 5;
    case "number": return v - v === 0 ? (v === 0 ? 11 : Math.imul((v * 1e6) | 0, 0x27d4eb2d) ^ (v | 0)) : 13;
  }
  const k = goKind(v);
  if (k === K_NULL) return 13;
  if (k === K_STRING) return stringHash(stringOf(v));
  if (depth >= cap) throw BAIL;
  if (k === K_ARRAY) {
    const x = v as unknown[];
    let h = 0x6a09e667 ^ x.length;
    for (let i = 0; i < x.length; i++) h = Math.imul(h ^ valueHash(x[i], depth + 1, cap), 0x9e3779b1);
    return h | 0;
  }
  const o = v as { [k: string]: unknown };
  const keys = Object.keys(o);
  if (!keysWellFormed(keys)) throw BAIL;
  let sum = 0;
  let count = 0;
  for (let i = 0; i < keys.length; i++) {
    const x = o[keys[i]!];
    if (absent(x)) continue;
    sum = (sum + Math.imul(stringHash(keys[i]!) ^ 0x5bd1e995, valueHash(x, depth + 1, cap) | 1)) | 0;
    count++;
  }
  return (sum ^ Math.imul(count, 0x1b873593)) | 0;
}

/** Equality classes of Go's values (DeepEqual): scalars by value, containers by hash and then `equal`. */
class Classes {
  readonly scalars = new Map<unknown, number>();
  /** Containers by hash: the representatives of their classes (value, class, ...). */
  readonly buckets = new Map<number, unknown[]>();
  count = 0;
  /** Upper bound of the JSON bytes of the elements classified. */
  bytes = 0;

  constructor(readonly walk: ValueWalk, readonly depth: number) {}

  /** The class of an element. */
  of(v: unknown): number {
    let key: unknown;
    switch (typeof v) {
      case "string":
        key = wellFormed(v) ? v : goString(v);
        this.bytes += 6 * v.length + 3;
        break;
      case "boolean": key = v; this.bytes += 6; break;
      case "number": key = v - v === 0 ? (v === 0 ? 0 : v) : null; this.bytes += NUMBER_BYTES + 1; break;
      default: {
        const k = goKind(v);
        if (k === K_NULL) {
          key = null;
          this.bytes += 5;
        } else if (k === K_STRING) {
          key = stringOf(v);
          this.bytes += NUMBER_BYTES + 1;
        } else {
          this.bytes += this.walk.scan(v, this.depth) + 1;
          return this.container(v);
        }
      }
    }
    let id = this.scalars.get(key);
    if (id === undefined) this.scalars.set(key, (id = this.count++));
    return id;
  }

  /** The class of an array or object. */
  private container(v: unknown): number {
    const h = valueHash(v, this.depth, this.walk.cap);
    let reps = this.buckets.get(h);
    if (reps === undefined) this.buckets.set(h, (reps = []));
    else {
      for (let i = 0; i < reps.length; i += 2) if (this.walk.equal(reps[i], v, this.depth) >= 0) return reps[i + 1] as number;
    }
    const id = this.count++;
    reps.push(v, id);
    return id;
  }
}

/** One CreatePatch; see the file comment. */
class Diff {
  readonly ops: Operation[] = [];
  readonly walk: ValueWalk;
  /** Upper bounds of the two documents' JSON bytes read so far, and of the patch written. */
  bytesA = 0;
  bytesB = 0;
  patchBytes = 2;

  constructor(readonly limits: AppscodeLimits) {
    this.walk = new ValueWalk(limits.cap, limits.maxBytes);
  }

  /** Appends an operation at `p` (`v`: the `to` value, written as Go re-marshals it; a remove has none). */
  emit(op: Operation["op"], p: Path, v: unknown, depth: number): void {
    const path = pathText(p);
    if (op !== "remove") {
      const before = this.walk.valueBytes;
      const value = this.walk.goValue(v, depth);
      const bytes = this.walk.valueBytes - before;
      this.bytesB += bytes;
      this.patchBytes += bytes;
      this.ops.push({ op, path, value });
    } else this.ops.push({ op, path });
    this.patchBytes += OP_BYTES + 6 * path.length;
    if (this.patchBytes > this.limits.maxPatchBytes) throw BAIL;
  }

  /** handleValues(a, b, path) for two written values whose parent is at nesting `depth`. */
  values(a: unknown, b: unknown, p: Path, depth: number): void {
    const ta = typeof a;
    if (ta === "string") {
      if (a === b) {
        const n = 6 * (a as string).length + 2;
        this.bytesA += n;
        this.bytesB += n;
        return;
      }
      if (typeof b === "string") {
        this.bytesA += 6 * (a as string).length + 2;
        this.bytesB += 6 * b.length + 2;
        if (wellFormed(a as string) && wellFormed(b) || goString(a as string) !== goString(b)) this.emit("replace", p, b, depth);
        return;
      }
    } else if (ta === "number" && a === b) {
      this.bytesA += NUMBER_BYTES;
      this.bytesB += NUMBER_BYTES;
      return;
    } else if (ta === "object" && a === b && a !== null) {
      const n = this.walk.scan(a, depth);
      this.bytesA += n;
      this.bytesB += n;
      return;
    }
    const ka = goKind(a);
    const kb = goKind(b);
    if (ka === K_NULL) {
      this.bytesA += 4;
      if (kb === K_NULL) this.bytesB += 4;
      else this.emit("add", p, b, depth);
      return;
    }
    if (ka !== kb) {
      this.bytesA += this.walk.scan(a, depth);
      this.emit("replace", p, b, depth);
      return;
    }
    switch (ka) {
      case K_OBJECT:
        this.objects(a as { [k: string]: unknown }, b as { [k: string]: unknown }, p, depth + 1);
        return;
      case K_ARRAY:
        this.arrays(a as unknown[], b as unknown[], p, depth + 1);
        return;
      case K_STRING: // a Date on one side or both: its ISO string
        this.bytesA += typeof a === "string" ? 6 * a.length + 2 : NUMBER_BYTES;
        this.bytesB += typeof b === "string" ? 6 * b.length + 2 : NUMBER_BYTES;
        if (stringOf(a) !== stringOf(b)) this.emit("replace", p, b, depth);
        return;
      default: // K_NUMBER, K_BOOL
        this.bytesA += NUMBER_BYTES;
        this.bytesB += NUMBER_BYTES;
        if (a !== b) this.emit("replace", p, b, depth);
    }
  }

  /** diff(a, b, path) for two objects at nesting `depth` (`p` null: the documents). */
  objects(a: { [k: string]: unknown }, b: { [k: string]: unknown }, p: Path | null, depth: number): void {
    if (depth > this.limits.cap) throw BAIL;
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    const na = ka.length;
    const nb = kb.length;
    if (!keysWellFormed(kb)) throw BAIL;
    for (let i = 0; i < na; i++) if (ka[i] !== kb[i] && !wellFormed(ka[i]!)) throw BAIL;
    if ((na > SMALL_OBJECT || nb > SMALL_OBJECT) && (written(a, ka) > SMALL_OBJECT || written(b, kb) > SMALL_OBJECT)) {
      this.sortedObjects(a, ka.filter((k) => !absent(a[k])).sort(compareKeys), b, kb.filter((k) => !absent(b[k])).sort(compareKeys), p, depth);
      return;
    }
    this.bytesA += 2;
    this.bytesB += 2;
    let same = na === nb; // the keys so far are a's, at the same index
    let gone = false; // with the same keys: a member absent from b only
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
      if (absent(av)) {
        this.emit("add", new Path(p, k), bv, depth);
        continue;
      }
      this.bytesA += 6 * k.length + 4;
      // (the usual equal leaves, without a path)
      const t = typeof av;
      if ((t === "string" || t === "number" || t === "boolean") && av === bv) {
        const n = t === "string" ? 6 * (av as string).length + 2 : NUMBER_BYTES;
        this.bytesA += n;
        this.bytesB += n;
        continue;
      }
      this.values(av, bv, new Path(p, k), depth);
    }
    if (same && !gone) return;
    // the members only in a, removed
    for (let i = 0; i < na; i++) {
      const k = ka[i]!;
      if (same ? !absent(b[k]) : ownMember(b, k) && !absent(b[k])) continue;
      const av = a[k];
      if (absent(av)) continue;
      this.bytesA += 6 * k.length + 4 + this.walk.scan(av, depth);
      this.emit("remove", new Path(p, k), undefined, depth);
    }
  }

  /** diff(a, b, path) for objects over SMALL_OBJECT members: `ak` and `bk` their written keys in Go's sort order. */
  sortedObjects(a: { [k: string]: unknown }, ak: string[], b: { [k: string]: unknown }, bk: string[], p: Path | null, depth: number): void {
    const matched = new Uint8Array(ak.length);
    this.bytesA += 2;
    this.bytesB += 2;
    let i = 0;
    for (let j = 0; j < bk.length; j++) {
      const k = bk[j]!;
      this.bytesB += 6 * k.length + 4;
      while (i < ak.length && compareKeys(ak[i]!, k) < 0) i++;
      if (i < ak.length && ak[i] === k) {
        matched[i] = 1;
        this.bytesA += 6 * k.length + 4;
        this.values(a[k], b[k], new Path(p, k), depth);
      } else this.emit("add", new Path(p, k), b[k], depth);
    }
    for (let x = 0; x < ak.length; x++) {
      if (matched[x]) continue;
      const k = ak[x]!;
      this.bytesA += 6 * k.length + 4 + this.walk.scan(a[k], depth);
      this.emit("remove", new Path(p, k), undefined, depth);
    }
  }

  /** handleValues for two arrays at nesting `depth`. */
  arrays(a: unknown[], b: unknown[], p: Path, depth: number): void {
    if (depth > this.limits.cap) throw BAIL;
    if (this.walk.length(a.length) === this.walk.length(b.length)) {
      // equal arrays have no operations, however they are diffed (the usual case, found in one walk)
      const r = this.walk.equal(a, b, depth - 1);
      if (r >= 0) {
        this.bytesA += r;
        this.bytesB += r;
        return;
      }
    }
    if (isSimpleArray(a) && isSimpleArray(b)) {
      this.editScript(a, b, p, depth);
      return;
    }
    const m = this.walk.length(a.length);
    const n = this.walk.length(b.length);
    const k = m < n ? m : n;
    this.bytesA += 2 + m;
    this.bytesB += 2 + n;
    for (let i = m - 1; i >= k; i--) {
      this.bytesA += this.walk.scan(a[i], depth);
      this.emit("remove", new Path(p, i), undefined, depth);
    }
    for (let i = k; i < n; i++) this.emit("add", new Path(p, i), b[i], depth);
    for (let i = 0; i < k; i++) this.values(a[i], b[i], new Path(p, i), depth);
  }

  /** compareEditDistance(s, t, path) and its backtrace, for two simple arrays at nesting `depth`. */
  editScript(s: unknown[], t: unknown[], p: Path, depth: number): void {
    const m = s.length;
    const n = t.length;
    // (equal arrays never get here: arrays)
    const cells = (m + 1) * (n + 1);
    if (cells > this.limits.maxEditMatrix || cells > MAX_CELLS) throw BAIL;
    // equality classes of Go's values (DeepEqual)
    const ids = new Classes(this.walk, depth);
    const cs = new Int32Array(m);
    const ct = new Int32Array(n);
    for (let i = 0; i < m; i++) cs[i] = ids.of(s[i]);
    this.bytesA += ids.bytes + 2;
    ids.bytes = 0;
    for (let j = 0; j < n; j++) ct[j] = ids.of(t[j]);
    this.bytesB += ids.bytes + 2;
    const w = n + 1;
    const d = new Int32Array(cells);
    for (let i = 0; i <= m; i++) d[i * w] = i;
    for (let j = 0; j <= n; j++) d[j] = j;
    for (let i = 1; i <= m; i++) {
      const ci = cs[i - 1];
      const row = i * w;
      const up = row - w;
      for (let j = 1; j <= n; j++) {
        if (ci === ct[j - 1]) d[row + j] = d[up + j - 1]!;
        else {
          const del = d[up + j]! + 1;
          const add = d[row + j - 1]! + 1;
          const rep = d[up + j - 1]! + 1;
          const v = rep < add ? rep : add;
          d[row + j] = del < v ? del : v;
        }
      }
    }
    // the backtrace from (m, n)
    const basic = m > 0 && isBasic(s[0]);
    let i = m;
    let j = n;
    for (;;) {
      const here = d[i * w + j]!;
      if (i > 0 && d[(i - 1) * w + j]! + 1 === here) {
        this.emit("remove", new Path(p, i - 1), undefined, depth);
        i--;
        continue;
      }
      if (j > 0 && d[i * w + j - 1]! + 1 === here) {
        this.emit("add", new Path(p, i), t[j - 1], depth);
        j--;
        continue;
      }
      if (i > 0 && j > 0) {
        const diag = d[(i - 1) * w + j - 1]!;
        if (diag + 1 === here) {
          if (basic) this.emit("replace", new Path(p, i - 1), t[j - 1], depth);
          else this.values(s[i - 1], t[j - 1], new Path(p, i - 1), depth);
          i--;
          j--;
          continue;
        }
        if (diag === here) {
          i--;
          j--;
          continue;
        }
      }
      break;
    }
  }
}

/** The result of a diff: the operations, and upper bounds of both documents' JSON bytes. */
export interface AppscodeResult {
  ops: Operation[];
  bytesFrom: number;
  bytesTo: number;
}

/** CreatePatch(from, to) for two objects (Go's view of them); BAIL when the engine must decide. */
export function appscodeDiff(from: object, to: object, limits: AppscodeLimits): AppscodeResult {
  if (objectKind(from) !== K_OBJECT || objectKind(to) !== K_OBJECT) throw BAIL;
  const d = new Diff(limits);
  d.objects(from as { [k: string]: unknown }, to as { [k: string]: unknown }, null, 1);
  if (d.bytesA > limits.maxBytes || d.bytesB > limits.maxBytes) throw BAIL;
  return { ops: d.ops, bytesFrom: d.bytesA, bytesTo: d.bytesB };
}
