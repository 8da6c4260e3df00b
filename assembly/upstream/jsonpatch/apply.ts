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
import { Node, Bytes, rawNode, memberIndex, setMember, deleteMember, insertItem, removeItem, newObject } from "../../json/dom";
import { decodeString, decodedPtr, decodedLen } from "../../json/goequal";
import { goAtoi, atoiError } from "../../json/gostrconv";
import { intoDoc, intoAry, tryDoc, tryAry, lazyEqual, EQ_TRUE, EQ_PANIC, NIL_DEREF, NIL_MAP, marshalLazy, deepCopy, rawIsArray } from "./lazy";
import { splitPath, decodeSegment, bytesStr } from "./pointer";
import { goTypeErrorMessage } from "./gotypes";
import { fail, E_PATCH_OP, E_PATCH_PATH, E_PATCH_INDEX, E_PATCH_TEST, E_PATCH_PANIC } from "../../base/errors";

/** The error of the step that failed: its code (E_PATCH_*) and Go's message. */
class Err {
  static code: string = "";
  static msg: string = "";
}

@inline function err(code: string, msg: string): bool {
  Err.code = code;
  Err.msg = msg;
  return false;
}

/** Wraps the pending error's message as fmt.Errorf("prefix%w") does (a panic passes through). */
@inline function wrap(prefix: string): bool {
  if (Err.code != E_PATCH_PANIC) Err.msg = prefix + Err.msg;
  return false;
}

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

/** Path() / From(): the decoded string into `Str`, or false with the library's error text in Err.msg. */
function strField(t: Tape, i: i32, missing: string): bool {
  if (i < 0 || t.kind(i) == K_NULL) return err(E_PATCH_OP, missing);
  if (t.kind(i) != K_STRING) return err(E_PATCH_OP, goTypeErrorMessage(t, i, "string"));
  const d = decodeString(t, i);
  Str.value = new Bytes(decodedPtr(d), decodedLen(d));
  return true;
}

class Str {
  static value: Bytes = new Bytes(0, 0);
}

const MISSING_PATH = "operation missing path field: missing value";
const MISSING_FROM = "operation, missing from field: missing value";

/** Operation.value(): nil when absent, a node without text for `null`, else a raw node. */
function valueOf(t: Tape, f: OpFields): Node | null {
  if (f.value < 0) return null;
  if (t.kind(f.value) == K_NULL) return rawNode(null, -1);
  return rawNode(t, f.value);
}

function invalidIndex(idx: i64): bool {
  return err(E_PATCH_INDEX, "Unable to access invalid index: " + idx.toString() + ": invalid index referenced");
}

function atoiFailed(key: Bytes, e: i32): string {
  const s = new ByteSink(key.len + 48);
  atoiError(s, key.ptr, key.len, e, Doc.goMinor);
  return String.UTF8.decodeUnsafe(s.ptr, <usize>s.len);
}

/** container.get: the value (maybe nil) into Got.node. */
class Got {
  static node: Node | null = null;
}

function conGet(con: Node, key: Bytes): bool {
  if (con.kind == K_OBJECT) {
    const i = memberIndex(con, key.ptr, key.len);
    Got.node = i < 0 ? null : con.items![i];
    return true;
  }
  const items = con.items!;
  const parsed = goAtoi(key.ptr, key.len);
  if (parsed.err != 0) return err(E_PATCH_INDEX, atoiFailed(key, parsed.err));
  let idx = parsed.value;
  const n = <i64>items.length;
  if (idx < 0) {
    if (idx < -n) return invalidIndex(idx);
    idx += n;
  }
  if (idx >= n) return invalidIndex(idx);
  Got.node = items[<i32>idx];
  return true;
}

function conAdd(con: Node, key: Bytes, val: Node | null): bool {
  if (con.kind == K_OBJECT) {
    if (con.isNil) return err(E_PATCH_PANIC, NIL_MAP);
    setMember(con, key, val);
    return true;
  }
  const items = con.items!;
  if (key.len == 1 && load<u8>(key.ptr) == 0x2d) {
    items.push(val);
    con.isNil = false;
    return true;
  }
  const parsed = goAtoi(key.ptr, key.len);
  if (parsed.err != 0) return err(E_PATCH_INDEX, "value was not a proper array index: '" + bytesStr(key) + "': " + atoiFailed(key, parsed.err));
  let idx = parsed.value;
  const sz = <i64>items.length + 1;
  if (idx >= sz) return invalidIndex(idx);
  if (idx < 0) {
    if (idx < -sz) return invalidIndex(idx);
    idx += sz;
  }
  insertItem(items, <i32>idx, val);
  con.isNil = false;
  return true;
}

function conRemove(con: Node, key: Bytes): bool {
  if (con.kind == K_OBJECT) {
    if (!deleteMember(con, key.ptr, key.len)) {
      return err(E_PATCH_PATH, "Unable to remove nonexistent key: " + bytesStr(key) + ": missing value");
    }
    return true;
  }
  const items = con.items!;
  const parsed = goAtoi(key.ptr, key.len);
  if (parsed.err != 0) return err(E_PATCH_INDEX, atoiFailed(key, parsed.err));
  let idx = parsed.value;
  const n = <i64>items.length;
  if (idx >= n) return invalidIndex(idx);
  if (idx < 0) {
    if (idx < -n) return invalidIndex(idx);
    idx += n;
  }
  removeItem(items, <i32>idx);
  con.isNil = false;
  return true;
}

function conSet(con: Node, key: Bytes, val: Node | null): bool {
  if (con.kind == K_OBJECT) {
    if (con.isNil) return err(E_PATCH_PANIC, NIL_MAP);
    setMember(con, key, val);
    return true;
  }
  const items = con.items!;
  const parsed = goAtoi(key.ptr, key.len);
  if (parsed.err != 0) return err(E_PATCH_INDEX, atoiFailed(key, parsed.err));
  let idx = parsed.value;
  const n = <i64>items.length;
  if (idx < 0) {
    if (idx < -n) return invalidIndex(idx);
    idx += n;
  }
  items[<i32>idx] = val;
  return true;
}

/** findObject: the container holding the pointer's last segment (into Found), or false. */
class Found {
  static con: Node = newObject();
  static key: Bytes = new Bytes(0, 0);
}

function findObject(root: Node, path: Bytes): bool {
  const parts = splitPath(path.ptr, path.len);
  const n = parts.length;
  if (n < 2) return false;
  let doc = root;
  for (let i = 1; i < n - 1; i++) {
    const part = parts[i];
    const key = decodeSegment(part.ptr, part.len);
    if (!conGet(doc, key)) return false;
    const next = Got.node;
    if (next === null || next.tape === null) return false;
    if (rawIsArray(next)) {
      if (!intoAry(next)) return false;
    } else if (!intoDoc(next)) return false;
    doc = next;
  }
  const last = parts[n - 1];
  Found.con = doc;
  Found.key = decodeSegment(last.ptr, last.len);
  return true;
}

/** The document being patched (the library's `pd`), and the Go release whose texts to write. */
class Doc {
  static root: Node = newObject();
  static goMinor: i32 = 27;
}

function opAdd(t: Tape, f: OpFields): bool {
  if (!strField(t, f.path, MISSING_PATH)) return err(E_PATCH_OP, "add operation failed to decode path: missing value");
  const path = Str.value;
  if (!findObject(Doc.root, path)) return err(E_PATCH_PATH, "add operation does not apply: doc is missing path: \"" + bytesStr(path) + "\": missing value");
  if (!conAdd(Found.con, Found.key, valueOf(t, f))) return wrap("error in add for path: '" + bytesStr(path) + "': ");
  return true;
}

function opRemove(t: Tape, f: OpFields): bool {
  if (!strField(t, f.path, MISSING_PATH)) return err(E_PATCH_OP, "remove operation failed to decode path: missing value");
  const path = Str.value;
  if (!findObject(Doc.root, path)) return err(E_PATCH_PATH, "remove operation does not apply: doc is missing path: \"" + bytesStr(path) + "\": missing value");
  if (!conRemove(Found.con, Found.key)) return wrap("error in remove for path: '" + bytesStr(path) + "': ");
  return true;
}

function opReplace(t: Tape, f: OpFields): bool {
  if (!strField(t, f.path, MISSING_PATH)) return wrapAs(E_PATCH_OP, "replace operation failed to decode path: ");
  const path = Str.value;
  if (path.len == 0) {
    const val = valueOf(t, f);
    if (val === null) return err(E_PATCH_PANIC, NIL_DEREF);
    if (!tryDoc(val) && !tryAry(val)) return err(E_PATCH_OP, "replace operation value must be object or array: %!w(<nil>)");
    Doc.root = val;
    return true;
  }
  if (!findObject(Doc.root, path)) return err(E_PATCH_PATH, "replace operation does not apply: doc is missing path: " + bytesStr(path) + ": missing value");
  const con = Found.con;
  const key = Found.key;
  if (!conGet(con, key)) return err(E_PATCH_PATH, "replace operation does not apply: doc is missing key: " + bytesStr(path) + ": missing value");
  if (!conSet(con, key, valueOf(t, f))) return wrap("error in remove for path: '" + bytesStr(path) + "': ");
  return true;
}

/** Wraps the pending Path()/From() error under `prefix` with code `code`. */
function wrapAs(code: string, prefix: string): bool {
  Err.code = code;
  Err.msg = prefix + Err.msg;
  return false;
}

function opMove(t: Tape, f: OpFields): bool {
  if (!strField(t, f.from, MISSING_FROM)) return wrapAs(E_PATCH_OP, "move operation failed to decode from: ");
  const from = Str.value;
  const fs = bytesStr(from);
  if (!findObject(Doc.root, from)) return err(E_PATCH_PATH, "move operation does not apply: doc is missing from path: " + fs + ": missing value");
  const con = Found.con;
  const key = Found.key;
  const ks = bytesStr(key);
  if (!conGet(con, key)) return wrap("error in move for path: '" + ks + "': ");
  const val = Got.node;
  if (!conRemove(con, key)) return wrap("error in move for path: '" + ks + "': ");
  if (!strField(t, f.path, MISSING_PATH)) return wrapAs(E_PATCH_OP, "move operation failed to decode path: ");
  const path = Str.value;
  if (!findObject(Doc.root, path)) return err(E_PATCH_PATH, "move operation does not apply: doc is missing destination path: " + bytesStr(path) + ": missing value");
  if (!conAdd(Found.con, Found.key, val)) return wrap("error in move for path: '" + bytesStr(path) + "': ");
  return true;
}

function opTest(t: Tape, f: OpFields): bool {
  if (!strField(t, f.path, MISSING_PATH)) return wrapAs(E_PATCH_OP, "test operation failed to decode path: ");
  const path = Str.value;
  if (path.len == 0) {
    const r = lazyEqual(Doc.root, valueOf(t, f));
    if (r == EQ_PANIC) return err(E_PATCH_PANIC, NIL_DEREF);
    if (r == EQ_TRUE) return true;
    return err(E_PATCH_TEST, "testing value " + bytesStr(path) + " failed: test failed");
  }
  if (!findObject(Doc.root, path)) return err(E_PATCH_PATH, "test operation does not apply: is missing path: " + bytesStr(path) + ": missing value");
  if (!conGet(Found.con, Found.key)) return wrap("error in test for path: '" + bytesStr(path) + "': ");
  const val = Got.node;
  const want = valueOf(t, f);
  if (val === null) {
    if (want === null || want.tape === null) return true;
    return err(E_PATCH_TEST, "testing value " + bytesStr(path) + " failed: test failed");
  }
  if (want === null) return err(E_PATCH_TEST, "testing value " + bytesStr(path) + " failed: test failed");
  const r = lazyEqual(val, want);
  if (r == EQ_PANIC) return err(E_PATCH_PANIC, NIL_DEREF);
  if (r == EQ_TRUE) return true;
  return err(E_PATCH_TEST, "testing value " + bytesStr(path) + " failed: test failed");
}

function opCopy(t: Tape, f: OpFields, go22: bool): bool {
  if (!strField(t, f.from, MISSING_FROM)) return wrapAs(E_PATCH_OP, "copy operation failed to decode from: ");
  const from = Str.value;
  const fs = bytesStr(from);
  if (!findObject(Doc.root, from)) return err(E_PATCH_PATH, "copy operation does not apply: doc is missing from path: " + fs + ": missing value");
  if (!conGet(Found.con, Found.key)) return wrap("error in copy for from: '" + fs + "': ");
  const val = Got.node;
  if (!strField(t, f.path, MISSING_PATH)) return err(E_PATCH_OP, "copy operation failed to decode path: missing value");
  const path = Str.value;
  if (!findObject(Doc.root, path)) return err(E_PATCH_PATH, "copy operation does not apply: doc is missing destination path: " + bytesStr(path) + ": missing value");
  const con = Found.con;
  const key = Found.key;
  const copy = deepCopy(val, go22);
  if (!conAdd(con, key, copy)) return wrap("error while adding value during copy: ");
  return true;
}

/**
 * Patch.Apply: runs the operations (elements of patch array `pr` of tape `pt`, or none for null) on
 * the document (text node `dr` of `dt`, an array when `isArray`, else an object or null) and writes
 * json.Marshal of the result into `out`. False with the error recorded, its path the operation index.
 */
export function applyPatch(pt: Tape, pr: i32, dt: Tape, dr: i32, isArray: bool, goMinor: i32, out: ByteSink): bool {
  const go22 = goMinor >= 22;
  Doc.goMinor = goMinor;
  const root = rawNode(dt, dr);
  if (isArray) intoAry(root); else intoDoc(root);
  Doc.root = root;
  if (pt.kind(pr) == K_ARRAY) {
    const n = pt.children(pr);
    let op = pr + 1;
    for (let i = 0; i < n; i++) {
      const f = fieldsOf(pt, op);
      const kind = kindOf(pt, f);
      let ok: bool;
      if (kind == "add") ok = opAdd(pt, f);
      else if (kind == "remove") ok = opRemove(pt, f);
      else if (kind == "replace") ok = opReplace(pt, f);
      else if (kind == "move") ok = opMove(pt, f);
      else if (kind == "test") ok = opTest(pt, f);
      else if (kind == "copy") ok = opCopy(pt, f, go22);
      else ok = err(E_PATCH_OP, "Unexpected kind: " + kind);
      if (!ok) return fail(Err.code, Err.msg, -1, "/" + i.toString());
      op = pt.next(op);
    }
  }
  marshalLazy(Doc.root, out, go22);
  return true;
}
