// RFC 6902 apply exactly as gopkg.in/evanphx/json-patch.v4 v4.13.0 `Patch.Apply` (what the Kubernetes
// API server runs for application/json-patch+json since 1.35; 1.31-1.34 vendor v4.12.0, the same
// code with github.com/pkg/errors, except that v4.12 returned no error for `replace ""` with a value
// that is not an object or array and did not reject nodes without text in the middle of a path).
//
// Reproduced: pointers split on "/" with the first segment ignored and `~1`, `~0` decoded; object
// members get/set like Go maps (a missing member reads as nil, so `replace` and `copy` of a missing
// member succeed); array indexes read with strconv.Atoi (negative indexes count from the end, `-`
// appends for add); every error text; nodes expanded only along the paths an operation touches, so
// untouched values keep their bytes (compacted) and member order; json.Marshal of the result (sorted
// keys where expanded); and where the library panics (an assignment to a nil map, a nil dereference
// in `test`), E_PATCH_PANIC with the Go runtime's message. The operation index is the error's path.
// Atomic by construction: the input is never modified, the result is written only on success.

import { ByteSink } from "../../io/sink";
import { Tape, K_NULL, K_STRING, K_OBJECT, K_ARRAY } from "../../json/tape";
import { Node, Bytes, rawNode } from "../../json/dom";
import { Edits } from "./edits";
import { decodeString, decodedPtr, decodedLen } from "../../json/goequal";
import { goAtoi, atoiError } from "../../json/gostrconv";
import { intoDoc, intoAry, tryDoc, tryAry, lazyEqual, EQ_TRUE, EQ_PANIC, NIL_DEREF, NIL_MAP, marshalLazy, deepCopy, rawIsArray } from "./lazy";
import { splitPath, decodeSegment, bytesStr } from "./pointer";
import { goTypeErrorMessage } from "./gotypes";
import { fail, E_PATCH_OP, E_PATCH_PATH, E_PATCH_INDEX, E_PATCH_TEST, E_PATCH_PANIC, E_PATCH_LIMIT } from "../../base/errors";
import { ReadOptions } from "../../json/reader";
import { GO_MIN } from "../../base/pins";

/** The fields of one operation (Go's map[string]*json.RawMessage): node indices, -1 when absent. */
class OpFields {
  op: i32 = -1;
  path: i32 = -1;
  from: i32 = -1;
  value: i32 = -1;
}

function fieldsOf(t: Tape, op: i32): OpFields {
  const f = new OpFields();
  if (t.kind(op) != K_OBJECT) return f; // null: a nil map
  const n = t.children(op);
  let k = op + 1;
  for (let m = 0; m < n; m++) {
    const v = t.next(k);
    const d = decodeString(t, k);
    const p = decodedPtr(d);
    const len = decodedLen(d);
    if (is(p, len, "op")) f.op = v;
    else if (is(p, len, "path")) f.path = v;
    else if (is(p, len, "from")) f.from = v;
    else if (is(p, len, "value")) f.value = v;
    k = t.next(v);
  }
  return f;
}

function is(p: usize, len: i32, name: string): bool {
  if (len != name.length) return false;
  for (let i = 0; i < len; i++) if (<i32>load<u8>(p + <usize>i) != name.charCodeAt(i)) return false;
  return true;
}

/** Operation.Kind(): the decoded "op" string, or "unknown". */
function kindOf(t: Tape, f: OpFields): string {
  if (f.op < 0 || t.kind(f.op) != K_STRING) return "unknown";
  const d = decodeString(t, f.op);
  return String.UTF8.decodeUnsafe(decodedPtr(d), <usize>decodedLen(d));
}

const MISSING_PATH = "operation missing path field: missing value";
const MISSING_FROM = "operation, missing from field: missing value";

/** Operation.value(): nil when absent, a node without text for `null`, else a raw node. */
function valueOf(t: Tape, f: OpFields): Node | null {
  if (f.value < 0) return null;
  if (t.kind(f.value) == K_NULL) return rawNode(null, -1);
  return rawNode(t, f.value);
}

/**
 * One Patch.Apply: the document being patched (the library's `pd`), the Go release whose texts to write, and
 * the results its steps hand to the next (each written before it is read): the error of the step that
 * failed (its E_PATCH_* code and Go's message), the last decoded path, the last value read, and the
 * container and key a path ends in.
 */
class Applier {
  root: Node;
  errCode: string = "";
  errMsg: string = "";
  str: Bytes = new Bytes(0, 0);
  got: Node | null = null;
  con: Node;
  key: Bytes = new Bytes(0, 0);
  /** The big containers being edited (edits.ts). */
  edits: Edits;
  /** Bytes the `copy` operations have added so far (the library's accumulatedCopySize). */
  copied: i64 = 0;
  /** How copies are read back: the call's limits, no Go nesting limit. */
  copyRead: ReadOptions = new ReadOptions();

  /** `maxCopy`: the most bytes `copy` operations may add (AccumulatedCopySizeLimit). */
  constructor(root: Node, public goMinor: i32, edits: Edits, public maxCopy: i64, opts: ReadOptions) {
    this.root = root;
    this.con = root;
    this.edits = edits;
    this.copyRead.maxDepth = opts.maxDepth;
    this.copyRead.maxBytes = opts.maxBytes;
    this.copyRead.goMinor = GO_MIN;
  }

  @inline err(code: string, msg: string): bool {
    this.errCode = code;
    this.errMsg = msg;
    return false;
  }

  /** Wraps the pending error's message as fmt.Errorf("prefix%w") does (a panic passes through). */
  @inline wrap(prefix: string): bool {
    if (this.errCode != E_PATCH_PANIC) this.errMsg = prefix + this.errMsg;
    return false;
  }

  /** Wraps the pending Path()/From() error under `prefix` with code `code`. */
  wrapAs(code: string, prefix: string): bool {
    this.errCode = code;
    this.errMsg = prefix + this.errMsg;
    return false;
  }

  /** Path() / From(): the decoded string into `str`, or false with the library's error text. */
  strField(t: Tape, i: i32, missing: string): bool {
    if (i < 0 || t.kind(i) == K_NULL) return this.err(E_PATCH_OP, missing);
    if (t.kind(i) != K_STRING) return this.err(E_PATCH_OP, goTypeErrorMessage(t, i, "string"));
    const d = decodeString(t, i);
    this.str = new Bytes(decodedPtr(d), decodedLen(d));
    return true;
  }

  invalidIndex(idx: i64): bool {
    return this.err(E_PATCH_INDEX, "Unable to access invalid index: " + idx.toString() + ": invalid index referenced");
  }

  atoiFailed(key: Bytes, e: i32): string {
    const s = new ByteSink(key.len + 48);
    atoiError(s, key.ptr, key.len, e, this.goMinor);
    return String.UTF8.decodeUnsafe(s.ptr, <usize>s.len);
  }

  /**
   * The element index `key` names in an array of n (strconv.Atoi; a negative one counts from the end), as
   * get, remove and set read it; -1 with the library's error when it is not a number or out of range.
   */
  index(key: Bytes, n: i32): i32 {
    const parsed = goAtoi(key.ptr, key.len);
    if (parsed.err != 0) return this.indexFailed(this.err(E_PATCH_INDEX, this.atoiFailed(key, parsed.err)));
    let idx = parsed.value;
    if (idx < 0) {
      if (idx < -<i64>n) return this.indexFailed(this.invalidIndex(idx));
      idx += n;
    }
    if (idx >= <i64>n) return this.indexFailed(this.invalidIndex(idx));
    return <i32>idx;
  }

  @inline indexFailed(_recorded: bool): i32 {
    return -1;
  }

  /** container.get: the value (maybe nil) into `got`. */
  conGet(con: Node, key: Bytes): bool {
    const edits = this.edits;
    if (con.kind == K_OBJECT) {
      this.got = edits.objectGet(con, key.ptr, key.len);
      return true;
    }
    const idx = this.index(key, edits.arrayLength(con));
    if (idx < 0) return false;
    this.got = edits.arrayGet(con, idx);
    return true;
  }

  conAdd(con: Node, key: Bytes, val: Node | null): bool {
    const edits = this.edits;
    if (con.kind == K_OBJECT) {
      if (con.isNil) return this.err(E_PATCH_PANIC, NIL_MAP);
      edits.objectSet(con, key, val);
      return true;
    }
    const length = edits.arrayLength(con);
    if (key.len == 1 && load<u8>(key.ptr) == 0x2d) {
      edits.arrayInsert(con, length, val);
      con.isNil = false;
      return true;
    }
    const parsed = goAtoi(key.ptr, key.len);
    if (parsed.err != 0) return this.err(E_PATCH_INDEX, "value was not a proper array index: '" + bytesStr(key) + "': " + this.atoiFailed(key, parsed.err));
    let idx = parsed.value;
    const sz = <i64>length + 1;
    if (idx >= sz) return this.invalidIndex(idx);
    if (idx < 0) {
      if (idx < -sz) return this.invalidIndex(idx);
      idx += sz;
    }
    edits.arrayInsert(con, <i32>idx, val);
    con.isNil = false;
    return true;
  }

  conRemove(con: Node, key: Bytes): bool {
    const edits = this.edits;
    if (con.kind == K_OBJECT) {
      if (!edits.objectDelete(con, key.ptr, key.len)) {
        return this.err(E_PATCH_PATH, "Unable to remove nonexistent key: " + bytesStr(key) + ": missing value");
      }
      return true;
    }
    const idx = this.index(key, edits.arrayLength(con));
    if (idx < 0) return false;
    edits.arrayRemove(con, idx);
    con.isNil = false;
    return true;
  }

  /** container.set at a key conGet has just read (an array index is then in range). */
  conSet(con: Node, key: Bytes, val: Node | null): bool {
    const edits = this.edits;
    if (con.kind == K_OBJECT) {
      if (con.isNil) return this.err(E_PATCH_PANIC, NIL_MAP);
      edits.objectSet(con, key, val);
      return true;
    }
    const idx = this.index(key, edits.arrayLength(con));
    if (idx < 0) return false;
    edits.arraySet(con, idx, val);
    return true;
  }

  /** findObject: the container holding the pointer's last segment (into `con`, `key`), or false. */
  findObject(path: Bytes): bool {
    const parts = splitPath(path.ptr, path.len);
    const n = parts.length;
    if (n < 2) return false;
    let doc = this.root;
    for (let i = 1; i < n - 1; i++) {
      const part = parts[i];
      const key = decodeSegment(part.ptr, part.len);
      if (!this.conGet(doc, key)) return false;
      const next = this.got;
      if (next === null || next.tape === null) return false;
      if (rawIsArray(next)) {
        if (!intoAry(next)) return false;
      } else if (!intoDoc(next)) return false;
      doc = next;
    }
    const last = parts[n - 1];
    this.con = doc;
    this.key = decodeSegment(last.ptr, last.len);
    return true;
  }

  opAdd(t: Tape, f: OpFields): bool {
    if (!this.strField(t, f.path, MISSING_PATH)) return this.err(E_PATCH_OP, "add operation failed to decode path: missing value");
    const path = this.str;
    if (!this.findObject(path)) return this.err(E_PATCH_PATH, "add operation does not apply: doc is missing path: \"" + bytesStr(path) + "\": missing value");
    if (!this.conAdd(this.con, this.key, valueOf(t, f))) return this.wrap("error in add for path: '" + bytesStr(path) + "': ");
    return true;
  }

  opRemove(t: Tape, f: OpFields): bool {
    if (!this.strField(t, f.path, MISSING_PATH)) return this.err(E_PATCH_OP, "remove operation failed to decode path: missing value");
    const path = this.str;
    if (!this.findObject(path)) return this.err(E_PATCH_PATH, "remove operation does not apply: doc is missing path: \"" + bytesStr(path) + "\": missing value");
    if (!this.conRemove(this.con, this.key)) return this.wrap("error in remove for path: '" + bytesStr(path) + "': ");
    return true;
  }

  opReplace(t: Tape, f: OpFields): bool {
    if (!this.strField(t, f.path, MISSING_PATH)) return this.wrapAs(E_PATCH_OP, "replace operation failed to decode path: ");
    const path = this.str;
    if (path.len == 0) {
      const val = valueOf(t, f);
      if (val === null) return this.err(E_PATCH_PANIC, NIL_DEREF);
      if (!tryDoc(val) && !tryAry(val)) return this.err(E_PATCH_OP, "replace operation value must be object or array: %!w(<nil>)");
      this.root = val;
      return true;
    }
    if (!this.findObject(path)) return this.err(E_PATCH_PATH, "replace operation does not apply: doc is missing path: " + bytesStr(path) + ": missing value");
    const con = this.con;
    const key = this.key;
    if (!this.conGet(con, key)) return this.err(E_PATCH_PATH, "replace operation does not apply: doc is missing key: " + bytesStr(path) + ": missing value");
    if (!this.conSet(con, key, valueOf(t, f))) return this.wrap("error in remove for path: '" + bytesStr(path) + "': ");
    return true;
  }

  opMove(t: Tape, f: OpFields): bool {
    if (!this.strField(t, f.from, MISSING_FROM)) return this.wrapAs(E_PATCH_OP, "move operation failed to decode from: ");
    const from = this.str;
    const fs = bytesStr(from);
    if (!this.findObject(from)) return this.err(E_PATCH_PATH, "move operation does not apply: doc is missing from path: " + fs + ": missing value");
    const con = this.con;
    const key = this.key;
    const ks = bytesStr(key);
    if (!this.conGet(con, key)) return this.wrap("error in move for path: '" + ks + "': ");
    const val = this.got;
    if (!this.conRemove(con, key)) return this.wrap("error in move for path: '" + ks + "': ");
    if (!this.strField(t, f.path, MISSING_PATH)) return this.wrapAs(E_PATCH_OP, "move operation failed to decode path: ");
    const path = this.str;
    if (!this.findObject(path)) return this.err(E_PATCH_PATH, "move operation does not apply: doc is missing destination path: " + bytesStr(path) + ": missing value");
    if (!this.conAdd(this.con, this.key, val)) return this.wrap("error in move for path: '" + bytesStr(path) + "': ");
    return true;
  }

  opTest(t: Tape, f: OpFields): bool {
    if (!this.strField(t, f.path, MISSING_PATH)) return this.wrapAs(E_PATCH_OP, "test operation failed to decode path: ");
    const path = this.str;
    if (path.len == 0) {
      this.edits.flush(this.root);
      const r = lazyEqual(this.root, valueOf(t, f));
      if (r == EQ_PANIC) return this.err(E_PATCH_PANIC, NIL_DEREF);
      if (r == EQ_TRUE) return true;
      return this.err(E_PATCH_TEST, "testing value " + bytesStr(path) + " failed: test failed");
    }
    if (!this.findObject(path)) return this.err(E_PATCH_PATH, "test operation does not apply: is missing path: " + bytesStr(path) + ": missing value");
    if (!this.conGet(this.con, this.key)) return this.wrap("error in test for path: '" + bytesStr(path) + "': ");
    const val = this.got;
    const want = valueOf(t, f);
    if (val === null) {
      if (want === null || want.tape === null) return true;
      return this.err(E_PATCH_TEST, "testing value " + bytesStr(path) + " failed: test failed");
    }
    if (want === null) return this.err(E_PATCH_TEST, "testing value " + bytesStr(path) + " failed: test failed");
    this.edits.flush(val);
    const r = lazyEqual(val, want);
    if (r == EQ_PANIC) return this.err(E_PATCH_PANIC, NIL_DEREF);
    if (r == EQ_TRUE) return true;
    return this.err(E_PATCH_TEST, "testing value " + bytesStr(path) + " failed: test failed");
  }

  opCopy(t: Tape, f: OpFields): bool {
    if (!this.strField(t, f.from, MISSING_FROM)) return this.wrapAs(E_PATCH_OP, "copy operation failed to decode from: ");
    const from = this.str;
    const fs = bytesStr(from);
    if (!this.findObject(from)) return this.err(E_PATCH_PATH, "copy operation does not apply: doc is missing from path: " + fs + ": missing value");
    if (!this.conGet(this.con, this.key)) return this.wrap("error in copy for from: '" + fs + "': ");
    const val = this.got;
    if (!this.strField(t, f.path, MISSING_PATH)) return this.err(E_PATCH_OP, "copy operation failed to decode path: missing value");
    const path = this.str;
    if (!this.findObject(path)) return this.err(E_PATCH_PATH, "copy operation does not apply: doc is missing destination path: " + bytesStr(path) + ": missing value");
    const con = this.con;
    const key = this.key;
    this.edits.flush(val);
    const copy = deepCopy(val, this.goMinor >= 22, this.copyRead);
    this.copied += copy.size;
    if (this.copied > this.maxCopy) {
      return this.err(E_PATCH_LIMIT, "Unable to complete the copy, the accumulated size increase of copy is " + this.copied.toString() +
        ", exceeding the limit " + this.maxCopy.toString());
    }
    if (!this.conAdd(con, key, copy.node)) return this.wrap("error while adding value during copy: ");
    return true;
  }

  /** Runs operation `op` of tape t; false with the step's error in errCode / errMsg. */
  run(t: Tape, op: i32): bool {
    const f = fieldsOf(t, op);
    const kind = kindOf(t, f);
    if (kind == "add") return this.opAdd(t, f);
    if (kind == "remove") return this.opRemove(t, f);
    if (kind == "replace") return this.opReplace(t, f);
    if (kind == "move") return this.opMove(t, f);
    if (kind == "test") return this.opTest(t, f);
    if (kind == "copy") return this.opCopy(t, f);
    return this.err(E_PATCH_OP, "Unexpected kind: " + kind);
  }
}

/** The most bytes `copy` operations may add to a document, whatever the request says: 32 MiB. */
export const MAX_COPY_BYTES: i64 = 32 << 20;

/**
 * Patch.Apply: runs the operations (elements of patch array `pr` of tape `pt`, or none for null) on
 * the document (text node `dr` of `dt`, an array when `isArray`, else an object or null) and writes
 * json.Marshal of the result into `out`. False with the error recorded, its path the operation index.
 * `maxCopy`: the library's AccumulatedCopySizeLimit (the caller keeps it within MAX_COPY_BYTES: copies can
 * double a document per operation); `opts`: the call's read limits; `indexed` false (EXACT_LISTINDEX): big containers are
 * edited in their nodes as well (edits.ts).
 */
export function applyPatch(pt: Tape, pr: i32, dt: Tape, dr: i32, isArray: bool, goMinor: i32, out: ByteSink,
  maxCopy: i64 = MAX_COPY_BYTES, opts: ReadOptions = new ReadOptions(), indexed: bool = true): bool {
  const root = rawNode(dt, dr);
  if (isArray) intoAry(root); else intoDoc(root);
  const a = new Applier(root, goMinor, new Edits(pt, indexed), maxCopy, opts);
  if (pt.kind(pr) == K_ARRAY) {
    const n = pt.children(pr);
    let op = pr + 1;
    for (let i = 0; i < n; i++) {
      if (!a.run(pt, op)) return fail(a.errCode, a.errMsg, -1, "/" + i.toString());
      op = pt.next(op);
    }
  }
  a.edits.flush(a.root);
  marshalLazy(a.root, out, goMinor >= 22);
  return true;
}
