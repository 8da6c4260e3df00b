// Decoding a JSON value (a Tape node) into the typed view of a schema type, with the semantics the
// API server of a Kubernetes minor applies: sigs.k8s.io/json's case-sensitive decoder (1.23+) or
// apimachinery's case-sensitive json-iterator config (1.12-1.22). Both decode into existing values
// (a repeated key merges into pointers, structs and the old slice elements; maps get fresh values),
// drop unknown fields, and call the hand-written UnmarshalJSON of Quantity, Time, IntOrString and
// RawExtension. sigs.k8s.io/json keeps going after a type error and reports the first one at the
// end (an UnmarshalJSON error stops it at once). json-iterator reads on after its first error in a
// degraded state whose reads only decide the message's prefixes: the decoder stops there and each
// frame finishes its loop with JsoniterEmu (jsoniteremu.ts).
// Field-validation warnings are collected as sigs.k8s.io/json's UnmarshalStrict reports them:
// `unknown field "spec.foo"`, `duplicate field "name"`, deduplicated, at most 100.
//
// Recursion follows the schema's type nesting (bounded: the types are not recursive, except
// metav1.Fields whose tree is walked iteratively), never the input's depth.

import { ByteSink } from "../io/sink";
import { Tape, K_NULL, K_FALSE, K_TRUE, K_NUMBER, K_STRING, K_ARRAY, K_OBJECT, F_ESCAPE, F_HIGH, F_INT } from "../json/tape";
import { unquote, validUTF8 } from "../json/strings";
import { goQuote } from "../json/gostrconv";
import { goQuoteV2 } from "../json/quote-v2";
import { parseNumber, outOfRange } from "../json/number";
import { fail, hasError, takeErrorMessage, E_JSON_TYPE, E_INTERNAL, E_DECODE } from "../base/errors";
import { decodeBase64 } from "../golang/base64";
import {
  Kind, kind, elem, key, fieldCount, fieldType, fieldNameRef, strPtr, strLen, spewName, typeNameId,
} from "../schema/schema";
import { unmarshalQuantityJSON } from "../quantity/unmarshal";
import { Quantity } from "../quantity/quantity";
import { jsonFields, JField } from "./fields";
import { specialOf, SP_NONE, SP_QUANTITY, SP_TIME, SP_INTORSTRING, SP_RAW, SP_FIELDS } from "./types";
import { Val, StrV, IntV, FloatV, PtrV, SliceV, BytesV, MapV, StructV, QuantityV, TimeV, RawV, FieldsV } from "./value";
import { parseTimeRFC3339 } from "./time";
import { unquoteJsoniter } from "./jsoniterstr";
import { JsoniterEmu, jsoniterVersion, fieldWraps } from "./jsoniteremu";
import { intOrStringFields } from "./intorstring";
import { unmarshalTypeErrorText, jsonValueName } from "./typeerror";
import {
  JsoniterErrors, JsoniterInt, readJsoniterInt, trailingExponent, skipNumbers, JSONITER_INT_ERROR, JSONITER_INT_EXPONENT,
  CONTAINER_TOP, CONTAINER_SMALL_STRUCT, CONTAINER_STRUCT, CONTAINER_SLICE, CONTAINER_MAP,
} from "./jsoniter";
import { K8S_NEWEST, K8S_NEWEST_GO } from "../base/pins";


/** How to decode. */
export class DecodeOptions {
  /** Kubernetes minor (e.g. 37). */
  minor: i32 = K8S_NEWEST;
  /** json-iterator semantics (Kubernetes 1.12-1.22). */
  jsoniter: bool = false;
  /** Warnings carry the full field path (every sigs.k8s.io/json but 1.23's). */
  warnPaths: bool = true;
  /** Type-error paths name embedded structs (sigs.k8s.io/json of 1.35+). */
  embeddedPath: bool = false;
  /** Go release of the build (inner encoding/json calls of UnmarshalJSON methods, time.Parse, %q tables). */
  goMinor: i32 = K8S_NEWEST_GO;
  /** Collect field-validation warnings. */
  warnings: bool = true;
  /** Match struct keys case-insensitively too, as plain encoding/json does (OpenKruise reading revision data). */
  foldKeys: bool = false;
}

const MAX_TYPE_DEPTH: i32 = 256;
const MAX_WARNINGS: i32 = 100;

/** One decode of a value into a type. */
export class Decoder {
  t: Tape;
  o: DecodeOptions;
  /** Go's saveError: the first type error, reported at the end unless something aborts first. */
  saved: string | null = null;
  /** An UnmarshalJSON error (or json-iterator's first error) stopped decoding; the error is recorded. */
  aborted: bool = false;
  /** errorContext.Struct (type handle) and FieldStack. */
  ctxStruct: i32 = -1;
  /** errorContext.Struct's name while it is a Go struct outside the schema (ctxStruct -1) that a caller decodes itself around this decoder (OpenKruise's annotation structs); "" otherwise. */
  ctxName: string = "";
  /** Go field names of the error context (pointer, length): joined into a string only for an error. */
  ctxP: Array<usize> = new Array<usize>();
  ctxN: Array<i32> = new Array<i32>();
  /** Live entries of ctxP/ctxN (the arrays only grow; slots past ctxLen are stale). */
  ctxLen: i32 = 0;
  /** The strict field path (sigs.k8s.io/json strictFieldStack, joined). */
  strict: ByteSink = new ByteSink(64);
  /** Field-validation warnings in order, deduplicated. */
  warnings: Array<string> = new Array<string>();
  private seen: Set<string> = new Set<string>();
  private depth: i32 = 0;
  /** json-iterator's error texts. */
  jit: JsoniterErrors;
  /** json-iterator: the container the current value is in (for errors raised after the value). */
  jitContainer: i32 = CONTAINER_TOP;
  /** json-iterator: the error was raised by the container after the value: the next field / struct decoder to finish adds no prefix, and that container reads no further. */
  jitSkipField: bool = false;
  jitSkipStruct: bool = false;
  jitContainerDone: bool = false;
  /** json-iterator after its first error: the iterator that finishes the decoders' loops. */
  emu: JsoniterEmu | null = null;

  constructor(t: Tape, o: DecodeOptions) {
    this.t = t;
    this.o = o;
    this.jit = new JsoniterErrors(t);
  }

  /** Decodes node `node` into a fresh value of type `ty`; null with an error recorded when it fails. */
  decodeTop(ty: i32, node: i32): Val | null {
    const v = this.value(ty, node, null);
    if (this.o.jsoniter && this.jit.failed) {
      if (!hasError()) this.jit.finish();
      return null;
    }
    if (this.aborted || hasError()) return null;
    const s = this.saved;
    if (s !== null) {
      fail(E_JSON_TYPE, s);
      return null;
    }
    return v;
  }

  // ---------------------------------------------------------------------------------------------
  // errors

  /** Go's UnmarshalTypeError text with the current error context. */
  typeErrorText(value: string, ty: i32): string {
    return this.typeErrorNamed(value, spewName(ty));
  }

  /** Go's UnmarshalTypeError text into the Go type named `goType`, with the current error context. */
  typeErrorNamed(value: string, goType: string): string {
    if (this.ctxStruct < 0 && this.ctxLen == 0) return unmarshalTypeErrorText(value, goType, "", "");
    return unmarshalTypeErrorText(value, goType, this.ctxStruct >= 0 ? structName(this.ctxStruct) : this.ctxName, this.ctxJoin());
  }

  /** d.saveError of an UnmarshalTypeError into the Go type named `goType` (a type outside the schema): the first one is kept. */
  saveTypeError(value: string, goType: string): void {
    if (this.saved === null) this.saved = this.typeErrorNamed(value, goType);
  }

  /** d.saveError of another error (base64.CorruptInputError): the first one is kept, no context added. */
  saveError(message: string): void {
    if (this.saved === null) this.saved = message;
  }

  /** Enters field `name` (ASCII JSON name) of the Go struct named `struct` outside the schema: errorContext.Struct and a FieldStack entry. Restore with ctxStruct / ctxName / ctxLen. */
  enterField(struct: string, name: string): void {
    this.ctxStruct = -1;
    this.ctxName = struct;
    const b = String.UTF8.encode(name);
    this.pushCtx(changetype<usize>(b), b.byteLength);
  }

  /** A JSON value of the wrong kind for type `ty`: saved (sigs.k8s.io/json) or fatal (json-iterator). */
  mismatch(ty: i32, node: i32, cur: Val | null): Val | null {
    if (this.o.jsoniter) {
      this.jit.mismatch(ty, node);
      this.jitFailed();
      return null;
    }
    if (this.saved === null) this.saved = this.typeErrorText(describe(this.t, node, ty), ty);
    return cur;
  }

  /** An error returned by an UnmarshalJSON method: decoding stops. */
  unmarshalerError(code: string, message: string, node: i32): void {
    if (this.o.jsoniter) {
      this.jit.unmarshaler(node, message);
      this.jitFailed();
      return;
    }
    fail(code, message);
    this.aborted = true;
  }

  // ---------------------------------------------------------------------------------------------
  // warnings

  private warn(kindText: string, p: usize, n: i32): void {
    if (!this.o.warnings || this.warnings.length >= MAX_WARNINGS) return;
    const path = new ByteSink(this.strict.len + n + 2);
    if (this.o.warnPaths && this.strict.len > 0) {
      path.bytes(this.strict.ptr, this.strict.len);
      path.byte(0x2e);
    }
    path.bytes(p, n);
    const m = new ByteSink(path.len + 24);
    m.ascii(kindText);
    if (this.o.goMinor >= 27) goQuoteV2(m, path.ptr, path.len); else goQuote(m, path.ptr, path.len);
    const s = String.UTF8.decodeUnsafe(m.ptr, <usize>m.len);
    if (this.seen.has(s)) return;
    this.seen.add(s);
    this.warnings.push(s);
  }

  /** The error-context field names joined with "." (ctxStack.join(".") of the names). */
  private ctxJoin(): string {
    let s = "";
    for (let i = 0, n = this.ctxLen; i < n; i++) {
      if (i > 0) s += ".";
      s += String.UTF8.decodeUnsafe(this.ctxP[i], <usize>this.ctxN[i]);
    }
    return s;
  }

  /** Pushes a Go field name onto the error context. */
  private pushCtx(p: usize, n: i32): void {
    const i = this.ctxLen;
    if (i < this.ctxP.length) {
      unchecked(this.ctxP[i] = p);
      unchecked(this.ctxN[i] = n);
    } else {
      this.ctxP.push(p);
      this.ctxN.push(n);
    }
    this.ctxLen = i + 1;
  }

  private pushKey(p: usize, n: i32): void {
    if (!this.o.warnings) return; // the strict path only names warnings
    if (this.strict.len > 0) this.strict.byte(0x2e);
    this.strict.bytes(p, n);
  }

  private pushIndex(i: i32): void {
    if (!this.o.warnings) return;
    this.strict.byte(0x5b);
    this.strict.int(<i64>i);
    this.strict.byte(0x5d);
  }

  // ---------------------------------------------------------------------------------------------
  // values

  /** Decodes node into type `ty`, starting from the current value `cur` (null: zero). */
  value(ty: i32, node: i32, cur: Val | null): Val | null {
    if (ty < 0) { fail(E_INTERNAL, "schema type missing"); this.aborted = true; return null; }
    if (++this.depth > MAX_TYPE_DEPTH) {
      fail(E_INTERNAL, "schema types nest deeper than " + MAX_TYPE_DEPTH.toString());
      this.aborted = true;
      return null;
    }
    const r = this.dispatch(ty, node, cur);
    this.depth--;
    return r;
  }

  private dispatch(ty: i32, node: i32, cur: Val | null): Val | null {
    const sp = specialOf(typeNameId(ty));
    if (sp != SP_NONE) return this.special(sp, ty, node, cur);
    const k = kind(ty);
    const nk = this.t.kind(node);
    switch (k) {
      case Kind.Pointer: {
        if (nk == K_NULL) return null;
        const p = cur !== null ? changetype<PtrV>(cur) : new PtrV(ty);
        const to = this.value(elem(ty), node, p.to);
        if (this.aborted) return null;
        p.to = to;
        return p;
      }
      case Kind.Struct: return this.struct(ty, node, cur);
      case Kind.Slice: return this.slice(ty, node, cur);
      case Kind.Map: return this.map(ty, node, cur);
      case Kind.String: {
        if (nk == K_STRING) return this.string(ty, node);
        if (nk == K_NULL) return this.o.jsoniter ? null : cur;
        return this.mismatch(ty, node, cur);
      }
      case Kind.Bool: {
        if (nk == K_TRUE || nk == K_FALSE) {
          const b = new IntV(ty);
          b.v = nk == K_TRUE ? 1 : 0;
          return b;
        }
        if (nk == K_NULL) return cur;
        return this.mismatch(ty, node, cur);
      }
      case Kind.Int: case Kind.Int8: case Kind.Int16: case Kind.Int32: case Kind.Int64:
      case Kind.Uint: case Kind.Uint8: case Kind.Uint16: case Kind.Uint32: case Kind.Uint64: case Kind.Uintptr:
        return this.integer(ty, k, node, cur);
      case Kind.Float32: case Kind.Float64: {
        if (nk == K_NULL) return cur;
        if (nk != K_NUMBER) return this.mismatch(ty, node, cur);
        const f = parseNumber(this.t.ptr(node), this.t.len(node));
        let bad = outOfRange(f);
        if (!bad && k == Kind.Float32 && !isFinite(<f64><f32>f)) bad = true;
        if (bad) return this.mismatch(ty, node, cur);
        const v = new FloatV(ty);
        v.v = k == Kind.Float32 ? <f64><f32>f : f;
        return v;
      }
      case Kind.Interface: {
        // only runtime.Object, behind json:"-": never decoded
        if (nk == K_NULL) return null;
        return this.mismatch(ty, node, cur);
      }
      default:
        fail(E_INTERNAL, "cannot decode Go kind " + k.toString() + " (" + spewName(ty) + ")");
        this.aborted = true;
        return null;
    }
  }

  /** A string of type `ty` from string node `node`. */
  string(ty: i32, node: i32): StrV {
    const s = new StrV(ty);
    const t = this.t;
    const f = t.flags(node);
    if ((f & F_ESCAPE) == 0 && ((f & F_HIGH) == 0 || this.o.jsoniter || validUTF8(t.ptr(node), t.len(node)))) {
      s.p = t.ptr(node);
      s.n = t.len(node);
      return s;
    }
    const d = new ByteSink(t.len(node) + 8);
    if (this.o.jsoniter) unquoteJsoniter(d, t.ptr(node), t.len(node));
    else unquote(d, t.ptr(node), t.len(node), false);
    s.p = d.ptr;
    s.n = d.len;
    return s;
  }

  private integer(ty: i32, k: i32, node: i32, cur: Val | null): Val | null {
    const t = this.t;
    const nk = t.kind(node);
    if (nk == K_NULL) return cur;
    if (nk != K_NUMBER) return this.mismatch(ty, node, cur);
    if (this.o.jsoniter) {
      const read = new JsoniterInt();
      const status = readJsoniterInt(this.jit, node, k, read);
      if (status == JSONITER_INT_ERROR) {
        this.jitFailed();
        return null;
      }
      if (status == JSONITER_INT_EXPONENT) {
        // the container reads the exponent as its next token, after the value's own decoder returned
        trailingExponent(this.jit, node, this.jitContainer);
        this.jitSkipField = this.jitContainer == CONTAINER_SMALL_STRUCT || this.jitContainer == CONTAINER_STRUCT;
        this.jitSkipStruct = this.jitContainer == CONTAINER_STRUCT;
        this.jitContainerDone = true;
        this.jitFailed();
        return null;
      }
      const r = new IntV(ty);
      r.v = read.value;
      return r;
    }
    const p = t.ptr(node);
    const n = t.len(node);
    const r = new IntV(ty);
    if (!goIntInto(p, n, (t.flags(node) & F_INT) != 0, k, r)) {
      if (this.saved === null) {
        this.saved = this.typeErrorText("number " + String.UTF8.decodeUnsafe(p, <usize>n), ty);
      }
      return cur;
    }
    return r;
  }

  private slice(ty: i32, node: i32, cur: Val | null): Val | null {
    const t = this.t;
    const nk = t.kind(node);
    if (nk == K_NULL) return null;
    const et = elem(ty);
    if (nk == K_STRING && kind(et) == Kind.Uint8 && !this.o.jsoniter) {
      // []byte from base64
      const s = this.string(ty, node);
      const b = decodeBase64(s.p, s.n);
      if (b === null) {
        // base64.CorruptInputError, saved like a type error
        const m = takeErrorMessage();
        if (this.saved === null) this.saved = m;
        return cur;
      }
      const r = new BytesV(ty);
      r.p = b.ptr;
      r.n = b.len;
      return r;
    }
    const jit = this.o.jsoniter;
    if (nk != K_ARRAY) {
      const r = this.mismatch(ty, node, cur);
      if (jit) this.jit.wrap(spewName(ty) + ": ");
      return r;
    }
    const n = t.children(node);
    if (n == 0) return new SliceV(ty);
    const s = cur !== null && cur instanceof SliceV ? changetype<SliceV>(cur) : new SliceV(ty);
    const mark = this.strict.len;
    const oc = this.jitContainer;
    this.jitContainer = CONTAINER_SLICE;
    let child = node + 1;
    for (let i = 0; i < n; i++) {
      this.pushIndex(i);
      const old: Val | null = i < s.items.length ? s.items[i] : null;
      const v = this.value(et, child, old);
      if (this.aborted) {
        if (jit) {
          if (!this.takeContainerDone()) this.emuOf().sliceRest(ty);
          this.jit.wrap(spewName(ty) + ": ");
        }
        return null;
      }
      if (i < s.items.length) s.items[i] = v; else s.items.push(v);
      this.strict.truncate(mark);
      child = t.next(child);
    }
    this.jitContainer = oc;
    if (jit) this.jit.wrap(spewName(ty) + ": ");
    s.len = n;
    return s;
  }

  /** Decoded bytes of a key string node: Go's unquote, or json-iterator's when `raw`. */
  private keyBytes(k: i32, jsoniter: bool): ByteSink | null {
    const t = this.t;
    const f = t.flags(k);
    if ((f & F_ESCAPE) == 0 && ((f & F_HIGH) == 0 || jsoniter || validUTF8(t.ptr(k), t.len(k)))) return null;
    const d = new ByteSink(t.len(k) + 8);
    if (jsoniter) unquoteJsoniter(d, t.ptr(k), t.len(k));
    else unquote(d, t.ptr(k), t.len(k), false);
    return d;
  }

  private map(ty: i32, node: i32, cur: Val | null): Val | null {
    const t = this.t;
    const nk = t.kind(node);
    if (nk == K_NULL) return null;
    if (nk != K_OBJECT) return this.mismatch(ty, node, cur);
    const kt = key(ty);
    if (kind(kt) != Kind.String) {
      fail(E_INTERNAL, "map keys of kind " + kind(kt).toString() + " are not supported (" + spewName(ty) + ")");
      this.aborted = true;
      return null;
    }
    const m = cur !== null ? changetype<MapV>(cur) : new MapV(ty);
    const et = elem(ty);
    const n = t.children(node);
    const mark = this.strict.len;
    const oc = this.jitContainer;
    this.jitContainer = CONTAINER_MAP;
    let seenKeys: Set<string> | null = null;
    let k = node + 1;
    for (let i = 0; i < n; i++) {
      const v = t.next(k);
      // the key as sigs.k8s.io/json sees it (warnings), and as the active decoder stores it
      const goKey = this.keyBytes(k, false);
      const gp = goKey !== null ? goKey.ptr : t.ptr(k);
      const gn = goKey !== null ? goKey.len : t.len(k);
      if (this.o.warnings) {
        if (seenKeys === null) seenKeys = new Set<string>();
        const ks = String.UTF8.decodeUnsafe(gp, <usize>gn);
        if (seenKeys.has(ks)) this.warn("duplicate field ", gp, gn);
        else seenKeys.add(ks);
      }
      let sp = gp, sn = gn;
      if (this.o.jsoniter) {
        const jk = this.keyBytes(k, true);
        sp = jk !== null ? jk.ptr : t.ptr(k);
        sn = jk !== null ? jk.len : t.len(k);
      }
      this.pushKey(gp, gn);
      const val = this.value(et, v, null);
      if (this.aborted) {
        if (this.o.jsoniter && !this.takeContainerDone()) this.emuOf().mapRest(ty);
        return null;
      }
      m.keyP.push(sp);
      m.keyN.push(sn);
      m.vals.push(val);
      this.strict.truncate(mark);
      k = t.next(v);
    }
    this.jitContainer = oc;
    return m;
  }

  private struct(ty: i32, node: i32, cur: Val | null): Val | null {
    const t = this.t;
    const nk = t.kind(node);
    if (nk == K_NULL) return cur;
    if (nk != K_OBJECT) return this.mismatch(ty, node, cur);
    const s = cur !== null ? changetype<StructV>(cur) : new StructV(ty, fieldCount(ty));
    const fields = jsonFields(ty);
    const seenField = this.o.warnings ? new StaticArray<bool>(fields.list.length) : null;
    const origStruct = this.ctxStruct;
    const origLen = this.ctxLen;
    const mark = this.strict.len;
    const n = t.children(node);
    const oc = this.jitContainer;
    const small = fields.list.length <= 10;
    if (this.o.jsoniter) this.jitContainer = small ? CONTAINER_SMALL_STRUCT : CONTAINER_STRUCT;
    let k = node + 1;
    let hint = 0; // the field after the last one found: json.Marshal output lists them in this order
    for (let i = 0; i < n; i++) {
      const v = t.next(k);
      const kb = this.keyBytes(k, false);
      const kp = kb !== null ? kb.ptr : t.ptr(k);
      const kn = kb !== null ? kb.len : t.len(k);
      let f: JField | null = null;
      if (hint < fields.list.length) {
        const h = unchecked(fields.list[hint]);
        if (h.nameN == kn && memory.compare(h.nameP, kp, <usize>kn) == 0) f = h;
      }
      if (f === null) f = fields.byName(kp, kn);
      if (f === null && this.o.foldKeys) f = fields.byFoldedName(kp, kn);
      if (f !== null) {
        hint = f.index + 1;
        if (seenField !== null) {
          if (seenField[f.index]) this.warn("duplicate field ", f.nameP, f.nameN);
          else seenField[f.index] = true;
        }
        this.field(s, ty, f, v);
        if (this.aborted) {
          if (this.o.jsoniter) {
            if (!this.takeContainerDone()) this.structRest(ty, small);
            this.structWrap(ty);
          }
          return null;
        }
      } else {
        if (this.o.warnings) this.warn("unknown field ", kp, kn);
        // json-iterator skips the value; a number may fail the skip (see skipNumbers)
        if (this.o.jsoniter && !skipNumbers(this.jit, v, jsoniterVersion(this.o.minor))) {
          this.skipFailed(v);
          this.structRest(ty, small);
          this.structWrap(ty);
          return null;
        }
      }
      this.ctxStruct = origStruct;
      this.ctxLen = origLen;
      this.strict.truncate(mark);
      k = t.next(v);
    }
    this.jitContainer = oc;
    this.structWrap(ty);
    return s;
  }

  /** json-iterator's first error: decoding stops here; the frames finish their loops with the emulator. */
  private jitFailed(): void {
    this.aborted = true;
    const e = new JsoniterEmu(this.t.src + <usize>this.jit.dataStart, this.jit.dataEnd - this.jit.dataStart, jsoniterVersion(this.o.minor), this.jit);
    e.head = this.jit.lastHead - this.jit.dataStart;
    e.err = true;
    this.emu = e;
  }

  /** A skip failed inside the value at `node`: json-iterator's Skip runs on over it in the error state. */
  private skipFailed(node: i32): void {
    this.aborted = true;
    const e = new JsoniterEmu(this.t.src + <usize>this.jit.dataStart, this.jit.dataEnd - this.jit.dataStart, jsoniterVersion(this.o.minor), this.jit);
    e.head = this.t.rawStart(node) - this.jit.dataStart;
    e.err = false;
    e.skip();
    e.err = true;
    this.emu = e;
  }

  private emuOf(): JsoniterEmu {
    return changetype<JsoniterEmu>(this.emu);
  }

  /** Consumes the "container raised the error" flag. */
  private takeContainerDone(): bool {
    const d = this.jitContainerDone;
    this.jitContainerDone = false;
    return d;
  }

  /** A struct decoder's loop after a field, in json-iterator's error state. */
  private structRest(ty: i32, small: bool): void {
    const fields = jsonFields(ty);
    if (small) this.emuOf().smallStructRest(ty, fields, false);
    else this.emuOf().generalStructRest(ty, fields, false);
  }

  /** json-iterator: a struct decoder finishing with the error set prefixes `<Type>.`. */
  private structWrap(ty: i32): void {
    if (!this.o.jsoniter) return;
    if (this.jitSkipStruct) { this.jitSkipStruct = false; return; }
    if (this.jit.err !== null) this.jit.wrap(spewName(ty) + "."); // the prefix only matters once an error is set
  }

  /** Decodes value node `v` into JSON field `f` of struct `s` (type `ty`), through embedded structs. */
  private field(s: StructV, ty: i32, f: JField, v: i32): void {
    let container = s;
    let ct = ty;
    const path = f.path;
    const last = path.length - 1;
    for (let j = 0; j < last; j++) {
      const idx = path[j];
      let et = fieldType(ct, idx);
      let slot = container.f[idx];
      let inner: StructV;
      if (kind(et) == Kind.Pointer) {
        // embedded *T: allocated when a promoted field is decoded
        let p = slot !== null ? changetype<PtrV>(slot) : new PtrV(et);
        container.f[idx] = p;
        et = elem(et);
        const to = p.to;
        inner = to !== null ? changetype<StructV>(to) : new StructV(et, fieldCount(et));
        p.to = inner;
      } else {
        inner = slot !== null ? changetype<StructV>(slot) : new StructV(et, fieldCount(et));
        container.f[idx] = inner;
      }
      if (this.o.embeddedPath) {
        const r = fieldNameRef(ct, idx);
        this.pushCtx(strPtr(r), strLen(r));
      }
      container = inner;
      ct = et;
    }
    this.ctxStruct = ty;
    this.pushCtx(f.nameP, f.nameN);
    this.pushKey(f.nameP, f.nameN);
    const idx = path[last];
    const nv = this.value(f.t, v, container.f[idx]); // f.t: the declared type at the end of the path
    if (this.o.jsoniter) this.fieldWraps(ty, path);
    if (this.aborted) return;
    container.f[idx] = nv;
  }

  /** json-iterator: the field decoders of a (promoted) field finishing with the error set, innermost first. */
  private fieldWraps(ty: i32, path: Array<i32>): void {
    if (this.jitSkipField) { this.jitSkipField = false; return; }
    if (!this.jit.failed) return;
    const types = new Array<i32>(path.length);
    let ct = ty;
    for (let j = 0; j < path.length; j++) {
      types[j] = ct;
      let et = fieldType(ct, path[j]);
      if (kind(et) == Kind.Pointer) et = elem(et);
      ct = et;
    }
    fieldWraps(this.jit, types, path);
  }


  // ---------------------------------------------------------------------------------------------
  // hand-written UnmarshalJSON

  private special(sp: i32, ty: i32, node: i32, cur: Val | null): Val | null {
    const t = this.t;
    const nk = t.kind(node);
    // json-iterator hands UnmarshalJSON the value's bytes after skipping it
    if (this.o.jsoniter && !skipNumbers(this.jit, node, jsoniterVersion(this.o.minor))) {
      this.skipFailed(node);
      return null;
    }
    const raw = t.src + <usize>t.rawStart(node);
    const rawLen = t.rawEnd(node) - t.rawStart(node);
    if (sp == SP_QUANTITY) {
      if (nk == K_NULL) {
        // d.Dec = nil, i = {}: s and Format stay
        const q = new Quantity();
        if (cur !== null) {
          const c = changetype<QuantityV>(cur).q;
          q.sPtr = c.sPtr;
          q.sLen = c.sLen;
          q.format = c.format;
        }
        return new QuantityV(ty, q);
      }
      const q = unmarshalQuantityJSON(raw, rawLen);
      if (q === null) {
        if (this.o.jsoniter) {
          this.jit.unmarshaler(node, takeErrorMessage());
          this.jitFailed();
          return null;
        }
        this.aborted = true;
        return null;
      }
      return new QuantityV(ty, q);
    }
    if (sp == SP_TIME) {
      if (nk == K_NULL) return null;
      // json.Unmarshal(b, &str) with the build's encoding/json, then time.Parse(RFC3339, str)
      if (nk != K_STRING) {
        this.innerTypeError(describePlain(nk), "string", node);
        return null;
      }
      const d = new ByteSink(t.len(node) + 8);
      unquote(d, t.ptr(node), t.len(node), false);
      const pt = parseTimeRFC3339(d.ptr, d.len, this.o.goMinor);
      if (!pt.ok) {
        this.unmarshalerError(E_DECODE, pt.error, node);
        return null;
      }
      const tv = new TimeV(ty);
      tv.wall = <u64>pt.nsec;
      tv.ext = pt.ext;
      tv.local = true;
      return tv;
    }
    if (sp == SP_INTORSTRING) {
      const fi = intOrStringFields(ty);
      const s = cur !== null ? changetype<StructV>(cur) : new StructV(ty, fieldCount(ty));
      const typeT = fieldType(ty, fi.type);
      if (nk == K_STRING) {
        const tv = new IntV(typeT);
        tv.v = 1;
        s.f[fi.type] = tv;
        // std encoding/json into a string: Go's unquote
        const sv = new StrV(fieldType(ty, fi.strVal));
        const d = new ByteSink(t.len(node) + 8);
        unquote(d, t.ptr(node), t.len(node), false);
        sv.p = d.ptr;
        sv.n = d.len;
        s.f[fi.strVal] = sv;
        return s;
      }
      const tv = new IntV(typeT);
      tv.v = 0;
      s.f[fi.type] = tv;
      if (nk == K_NULL) return s;
      if (nk != K_NUMBER) {
        this.innerTypeError(describePlain(nk), "int32", node);
        return null;
      }
      const iv = parseInt32(t.ptr(node), t.len(node), (t.flags(node) & F_INT) != 0);
      if (iv == NOT_INT32) {
        this.innerTypeError("number " + String.UTF8.decodeUnsafe(t.ptr(node), <usize>t.len(node)), "int32", node);
        return null;
      }
      const vv = new IntV(fieldType(ty, fi.intVal));
      vv.v = iv;
      s.f[fi.intVal] = vv;
      return s;
    }
    if (sp == SP_RAW) {
      if (nk == K_NULL) return cur;
      const r = new RawV(ty);
      r.p = raw;
      r.n = rawLen;
      r.isNil = false;
      return r;
    }
    if (sp == SP_FIELDS) {
      const fv = new FieldsV(ty);
      if (nk == K_NULL) return fv;
      if (!fieldsTreeValid(t, node)) {
        this.unmarshalerError(E_JSON_TYPE, unmarshalTypeErrorText(describePlain(firstBadFieldsNode(t, node)), "map[string]v1.Fields", "", ""), node);
        return null;
      }
      fv.tape = t;
      fv.node = node;
      return fv;
    }
    fail(E_INTERNAL, "unknown special type");
    this.aborted = true;
    return null;
  }

  /** An UnmarshalTypeError returned by an UnmarshalJSON method's own json.Unmarshal (into `goType`): the outer decoder stamps its context on it. */
  private innerTypeError(value: string, goType: string, node: i32): void {
    const s = this.o.jsoniter ? unmarshalTypeErrorText(value, goType, "", "") : this.typeErrorNamed(value, goType);
    this.unmarshalerError(E_JSON_TYPE, s, node);
  }
}

// -------------------------------------------------------------------------------------------------

/** reflect.Type.Name() of a struct type from its go-spew name (`v1.ContainerPort` → `ContainerPort`). */
function structName(ty: i32): string {
  if (ty < 0) return "";
  const s = spewName(ty);
  const i = s.indexOf(".");
  return i >= 0 ? s.substring(i + 1) : s;
}

/** How Go's decoder names a JSON value in an UnmarshalTypeError (literals without their text). */
function describePlain(nk: i32): string {
  return jsonValueName(nk);
}

/** The UnmarshalTypeError value text for `node` decoded into type `ty`. */
function describe(t: Tape, node: i32, ty: i32): string {
  const nk = t.kind(node);
  if (nk == K_NUMBER) {
    const k = kind(ty);
    if (k >= Kind.Int && k <= Kind.Float64) return "number " + String.UTF8.decodeUnsafe(t.ptr(node), <usize>t.len(node));
  }
  return describePlain(nk);
}

/**
 * encoding/json's integer decode of number text [p, p+n) (integer syntax when `isInt`) into Go kind `k`
 * (Int..Uint64; unsigned kinds as their bit pattern): true with the value in `r.v`, false when Go reports a type error.
 */
export function goIntInto(p: usize, n: i32, isInt: bool, k: i32, r: IntV): bool {
  if (!isInt) return false;
  const signed = k <= Kind.Int64;
  const neg = load<u8>(p) == 0x2d;
  if (neg && !signed) return false;
  let u: u64 = 0;
  for (let i = neg ? 1 : 0; i < n; i++) {
    const d = <u64>(load<u8>(p + <usize>i) - 0x30);
    if (u > (<u64>-1 - d) / 10) return false;
    u = u * 10 + d;
  }
  const bits = bitsOf(k);
  if (signed) {
    const lim: u64 = <u64>1 << <u64>(bits - 1);
    if (neg ? u > lim : u >= lim) return false;
    r.v = neg ? -<i64>u : <i64>u;
  } else {
    if (bits < 64 && u >= (<u64>1 << <u64>bits)) return false;
    r.v = <i64>u;
  }
  return true;
}

function bitsOf(k: i32): i32 {
  if (k == Kind.Int8 || k == Kind.Uint8) return 8;
  if (k == Kind.Int16 || k == Kind.Uint16) return 16;
  if (k == Kind.Int32 || k == Kind.Uint32) return 32;
  return 64;
}

/** parseInt32's answer for text that is not an int32. */
const NOT_INT32: i64 = i64.MIN_VALUE;

/** strconv.ParseInt(text, 10, 64) then an int32 overflow check: the value, or NOT_INT32. */
function parseInt32(p: usize, n: i32, isInt: bool): i64 {
  if (!isInt) return NOT_INT32;
  const neg = load<u8>(p) == 0x2d;
  let u: i64 = 0;
  for (let i = neg ? 1 : 0; i < n; i++) {
    u = u * 10 + <i64>(load<u8>(p + <usize>i) - 0x30);
    if (u > 0x80000000) return NOT_INT32;
  }
  if (neg ? u > 0x80000000 : u > 0x7fffffff) return NOT_INT32;
  return neg ? -u : u;
}


/** True when every value inside metav1.Fields object `node` is an object or null. */
function fieldsTreeValid(t: Tape, node: i32): bool {
  return firstBadFieldsNode(t, node) == K_OBJECT;
}

/** The kind of the first member value of the Fields tree that is neither an object nor null (K_OBJECT if none). */
function firstBadFieldsNode(t: Tape, node: i32): i32 {
  if (t.kind(node) != K_OBJECT) return t.kind(node);
  const stop = t.next(node);
  // members of every object in the subtree: walk the tape in order
  let i = node + 1;
  while (i < stop) {
    // i is a key inside some object of the tree
    const v = t.next(i);
    const vk = t.kind(v);
    if (vk != K_OBJECT && vk != K_NULL) return vk;
    i = vk == K_OBJECT ? v + 1 : t.next(v);
  }
  return K_OBJECT;
}
