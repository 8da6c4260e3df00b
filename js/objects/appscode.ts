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

/** A key with a character makePath escapes (`~`, `/`) or json.Marshal refuses (`"`, `\`, a control character). */
const SPECIAL_KEY = /[~/"\\\u0000-\u001f]/;

/** makePath's segment of a key or index (`~` as `~0`, `/` as `~1`); BAIL for a key json.Marshal refuses in a path the
 *  library wrote unescaped (`"`, `\`, a control character). */
function segment(k: string | number): string {
  if (typeof k === "number") return "" + k;
  if (!SPECIAL_KEY.test(k)) return k;
  let out = "";
  let from = 0;
  for (let i = 0; i < k.length; i++) {
    const c = k.charCodeAt(i);
    if (c === 0x7e || c === 0x2f) {
      out += k.slice(from, i) + (c === 0x7e ? "~0" : "~1");
      from = i + 1;
    } else if (c < 0x20 || c === 0x22 || c === 0x5c) throw BAIL;
  }
  return from === 0 ? k : out + k.slice(from);
}

/** makePath(path, key): `path` is the parent's text, `slash` true when it ends with "/" (after an empty key). */
function joinPath(path: string, slash: boolean, seg: string): string {
  return path === "" ? "/" + seg : slash ? path + seg : path + "/" + seg;
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

/** Equality classes of Go's values (DeepEqual): scalars by value, containers by hash and then `equal`. */
class Classes {
  readonly scalars = new Map<unknown, number>();
  /** Containers by hash: the representatives of their classes (value, class, ...). */
  readonly buckets = new Map<number, unknown[]>();
  count = 0;
  /** Upper bound of the JSON bytes of the elements classified. */
  bytes = 0;

  /** Nesting of the arrays classified (their parent's). */
  depth = 0;

  constructor(readonly walk: ValueWalk) {}

  /** Starts over for the elements of two arrays whose parent is at nesting `depth`. */
  reset(depth: number): void {
    this.scalars.clear();
    this.buckets.clear();
    this.count = 0;
    this.bytes = 0;
    this.depth = depth;
  }

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
          this.bytes += 1;
          return this.container(v);
        }
      }
    }
    let id = this.scalars.get(key);
    if (id === undefined) this.scalars.set(key, (id = this.count++));
    return id;
  }

  /**
   * A hash of a written value whose parent is at nesting `depth`, equal for DeepEqual Go values (objects: members in
   * any order); adds an upper bound of its JSON bytes to `bytes` and checks what scan checks.
   */
  private hash(v: unknown, depth: number): number {
    switch (typeof v) {
      case "string":
        this.bytes += 6 * v.length + 2;
        return stringHash(v);
      case "boolean":
        this.bytes += 5;
        return v ? 3 : 5;
      case "number":
        this.bytes += NUMBER_BYTES;
        return v - v === 0 ? (v === 0 ? 11 : Math.imul((v * 1e6) | 0, 0x27d4eb2d) ^ (v | 0)) : 13;
    }
    const k = goKind(v);
    if (k === K_NULL) {
      this.bytes += 4;
      return 13;
    }
    if (k === K_STRING) {
      this.bytes += NUMBER_BYTES;
      return stringHash(stringOf(v));
    }
    if (depth >= this.walk.cap) throw BAIL;
    if (k === K_ARRAY) {
      const x = v as unknown[];
      const n = this.walk.length(x.length);
      this.bytes += 2 + n;
      let h = 0x6a09e667 ^ n;
      for (let i = 0; i < n; i++) h = Math.imul(h ^ this.hash(x[i], depth + 1), 0x9e3779b1);
      return h | 0;
    }
    const o = v as { [k: string]: unknown };
    const keys = Object.keys(o);
    let sum = 0;
    let count = 0;
    this.bytes += 2;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      if (!wellFormed(key)) throw BAIL;
      const x = o[key];
      if (absent(x)) continue;
      this.bytes += 6 * key.length + 4;
      sum = (sum + Math.imul(stringHash(key) ^ 0x5bd1e995, this.hash(x, depth + 1) | 1)) | 0;
      count++;
    }
    return (sum ^ Math.imul(count, 0x1b873593)) | 0;
  }

  /** The class of an array or object. */
  private container(v: unknown): number {
    const h = this.hash(v, this.depth);
    let reps = this.buckets.get(h);
    if (reps === undefined) this.buckets.set(h, (reps = []));
    else {
      for (let i = 0; i < reps.length; i += 2) if (reps[i] === v || this.walk.equal(reps[i], v, this.depth) >= 0) return reps[i + 1] as number;
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
  /** The path of the values being compared: their keys and indexes from the documents down, and the texts of its
   *  prefixes made so far (null: not yet; made from the top down, for operations only). */
  readonly segs: (string | number)[] = [];
  readonly texts: string[] = [];
  /** How many prefixes of the current path have their text in `texts`. */
  made = 0;
  /** Equality classes, made by the first edit script and reused by the others (computed before its backtrace, which may start another). */
  classes: Classes | null = null;
  /** Edit scripts under way (the outermost one uses `scratch` for its matrix and classes). */
  scripts = 0;
  scratch: Int32Array | null = null;
  /** Upper bounds of the two documents' JSON bytes read so far, and of the patch written. */
  bytesA = 0;
  bytesB = 0;
  patchBytes = 2;

  constructor(readonly limits: AppscodeLimits) {
    this.walk = new ValueWalk(limits.cap, limits.maxBytes);
  }

  /** Descends to member or element `k` of the values being compared. */
  enter(k: string | number): void {
    const n = this.segs.push(k);
    if (this.made >= n) this.made = n - 1;
  }

  /** Back to the parent of the values being compared. */
  leave(): void {
    this.segs.pop();
    if (this.made > this.segs.length) this.made = this.segs.length;
  }

  /** makePath's text of the current path (its prefixes' texts kept for the next operations). */
  path(): string {
    const segs = this.segs;
    const texts = this.texts;
    let i = this.made;
    let s = i === 0 ? "" : texts[i - 1]!;
    for (; i < segs.length; i++) texts[i] = s = joinPath(s, i > 0 && segs[i - 1] === "", segment(segs[i]!));
    this.made = segs.length;
    return s;
  }

  /** Appends an operation at the current path, or below it at `key` (`v`: the `to` value, written as Go re-marshals it; a remove has none). */
  emit(op: Operation["op"], key: string | number | undefined, v: unknown, depth: number): void {
    const segs = this.segs;
    const path = key === undefined ? this.path() : joinPath(this.path(), segs.length > 0 && segs[segs.length - 1] === "", segment(key));
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

  /** handleValues(a, b, path) for two written values at the current path whose parent is at nesting `depth`. */
  values(a: unknown, b: unknown, depth: number): void {
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
        if (wellFormed(a as string) && wellFormed(b) || goString(a as string) !== goString(b)) this.emit("replace", undefined, b, depth);
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
      else this.emit("add", undefined, b, depth);
      return;
    }
    if (ka !== kb) {
      this.bytesA += this.walk.scan(a, depth);
      this.emit("replace", undefined, b, depth);
      return;
    }
    switch (ka) {
      case K_OBJECT:
        this.objects(a as { [k: string]: unknown }, b as { [k: string]: unknown }, depth + 1);
        return;
      case K_ARRAY:
        this.arrays(a as unknown[], b as unknown[], depth + 1);
        return;
      case K_STRING: // a Date on one side or both: its ISO string
        this.bytesA += typeof a === "string" ? 6 * a.length + 2 : NUMBER_BYTES;
        this.bytesB += typeof b === "string" ? 6 * b.length + 2 : NUMBER_BYTES;
        if (stringOf(a) !== stringOf(b)) this.emit("replace", undefined, b, depth);
        return;
      default: // K_NUMBER, K_BOOL
        this.bytesA += NUMBER_BYTES;
        this.bytesB += NUMBER_BYTES;
        if (a !== b) this.emit("replace", undefined, b, depth);
    }
  }

  /** diff(a, b, path) for two objects at the current path, at nesting `depth`. */
  objects(a: { [k: string]: unknown }, b: { [k: string]: unknown }, depth: number): void {
    if (depth > this.limits.cap) throw BAIL;
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    const na = ka.length;
    const nb = kb.length;
    if (!keysWellFormed(kb)) throw BAIL;
    for (let i = 0; i < na; i++) if (ka[i] !== kb[i] && !wellFormed(ka[i]!)) throw BAIL;
    if ((na > SMALL_OBJECT || nb > SMALL_OBJECT) && (written(a, ka) > SMALL_OBJECT || written(b, kb) > SMALL_OBJECT)) {
      this.sortedObjects(a, ka.filter((k) => !absent(a[k])).sort(compareKeys), b, kb.filter((k) => !absent(b[k])).sort(compareKeys), depth);
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
        this.emit("add", k, bv, depth);
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
      this.enter(k);
      this.values(av, bv, depth);
      this.leave();
    }
    if (same && !gone) return;
    // the members only in a, removed
    for (let i = 0; i < na; i++) {
      const k = ka[i]!;
      if (same ? !absent(b[k]) : ownMember(b, k) && !absent(b[k])) continue;
      const av = a[k];
      if (absent(av)) continue;
      this.bytesA += 6 * k.length + 4 + this.walk.scan(av, depth);
      this.emit("remove", k, undefined, depth);
    }
  }

  /** diff(a, b, path) for objects over SMALL_OBJECT members: `ak` and `bk` their written keys in Go's sort order. */
  sortedObjects(a: { [k: string]: unknown }, ak: string[], b: { [k: string]: unknown }, bk: string[], depth: number): void {
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
        this.enter(k);
        this.values(a[k], b[k], depth);
        this.leave();
      } else this.emit("add", k, b[k], depth);
    }
    for (let x = 0; x < ak.length; x++) {
      if (matched[x]) continue;
      const k = ak[x]!;
      this.bytesA += 6 * k.length + 4 + this.walk.scan(a[k], depth);
      this.emit("remove", k, undefined, depth);
    }
  }

  /** handleValues for two arrays at the current path, at nesting `depth`. */
  arrays(a: unknown[], b: unknown[], depth: number): void {
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
      this.editScript(a, b, depth);
      return;
    }
    const m = this.walk.length(a.length);
    const n = this.walk.length(b.length);
    const k = m < n ? m : n;
    this.bytesA += 2 + m;
    this.bytesB += 2 + n;
    for (let i = m - 1; i >= k; i--) {
      this.bytesA += this.walk.scan(a[i], depth);
      this.emit("remove", i, undefined, depth);
    }
    for (let i = k; i < n; i++) this.emit("add", i, b[i], depth);
    for (let i = 0; i < k; i++) {
      this.enter(i);
      this.values(a[i], b[i], depth);
      this.leave();
    }
  }

  /** compareEditDistance(s, t, path) and its backtrace, for two simple arrays at the current path, at nesting `depth`. */
  editScript(s: unknown[], t: unknown[], depth: number): void {
    const m = s.length;
    const n = t.length;
    // (equal arrays never get here: arrays)
    const cells = (m + 1) * (n + 1);
    if (cells > this.limits.maxEditMatrix || cells > MAX_CELLS) throw BAIL;
    // the classes of s, of t, then the matrix, in one buffer (the outermost script's is kept and reused)
    const size = m + n + cells;
    let buf: Int32Array;
    if (this.scripts === 0) {
      if (this.scratch === null || this.scratch.length < size) this.scratch = new Int32Array(Math.max(size, 256, 2 * (this.scratch?.length ?? 0)));
      buf = this.scratch;
    } else buf = new Int32Array(size);
    // (classes of s at 0, of t at m, the matrix at o)
    const o = m + n;
    // equality classes of Go's values (DeepEqual)
    const ids = (this.classes ??= new Classes(this.walk));
    ids.reset(depth);
    for (let i = 0; i < m; i++) buf[i] = ids.of(s[i]);
    this.bytesA += ids.bytes + 2;
    ids.bytes = 0;
    for (let j = 0; j < n; j++) buf[m + j] = ids.of(t[j]);
    this.bytesB += ids.bytes + 2;
    const w = n + 1;
    for (let i = 0; i <= m; i++) buf[o + i * w] = i;
    for (let j = 0; j <= n; j++) buf[o + j] = j;
    for (let i = 1; i <= m; i++) {
      const ci = buf[i - 1];
      const row = o + i * w;
      const up = row - w;
      for (let j = 1; j <= n; j++) {
        if (ci === buf[m + j - 1]) buf[row + j] = buf[up + j - 1]!;
        else {
          const del = buf[up + j]! + 1;
          const add = buf[row + j - 1]! + 1;
          const rep = buf[up + j - 1]! + 1;
          const v = rep < add ? rep : add;
          buf[row + j] = del < v ? del : v;
        }
      }
    }
    // the backtrace from (m, n)
    const basic = m > 0 && isBasic(s[0]);
    let i = m;
    let j = n;
    for (;;) {
      const here = buf[o + i * w + j]!;
      if (i > 0 && buf[o + (i - 1) * w + j]! + 1 === here) {
        this.emit("remove", i - 1, undefined, depth);
        i--;
        continue;
      }
      if (j > 0 && buf[o + i * w + j - 1]! + 1 === here) {
        this.emit("add", i, t[j - 1], depth);
        j--;
        continue;
      }
      if (i > 0 && j > 0) {
        const diag = buf[o + (i - 1) * w + j - 1]!;
        if (diag + 1 === here) {
          if (basic) this.emit("replace", i - 1, t[j - 1], depth);
          else {
            this.enter(i - 1);
            this.scripts++;
            this.values(s[i - 1], t[j - 1], depth);
            this.scripts--;
            this.leave();
          }
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
  d.objects(from as { [k: string]: unknown }, to as { [k: string]: unknown }, 1);
  if (d.bytesA > limits.maxBytes || d.bytesB > limits.maxBytes) throw BAIL;
  return { ops: d.ops, bytesFrom: d.bytesA, bytesTo: d.bytesB };
}
