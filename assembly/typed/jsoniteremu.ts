// What json-iterator (Kubernetes 1.12-1.22) reads after its first error. It does not stop: every
// decoder runs on, the error stays (ReportError keeps the first one), and each struct, field and
// slice decoder that finishes adds its prefix to the message — so the final text depends on the
// bytes after the error. In that state `unreadByte` does nothing, so reads drift off the token
// boundaries (a `true` after the error is read as `t` by ReadNil and `r` by ReadBool, `{` swallows
// the first key's quote, ...). This replays json-iterator's byte-level reads in that state, by
// schema type, from the iterator position the error left: the decoder's frames call it to finish
// their own loops and collect the prefixes.
//
// Also used in the normal state for json-iterator's Skip, where versions before v1.1.7 read a
// signed or exponent number through ReadFloat32 (an error beyond float32's range) and later ones
// through ReadFloat64 then ReadBigFloat (an error beyond float64's range).
//
// Versions: 0 = before v1.1.7 (Kubernetes 1.12, 1.15), 1 = v1.1.7 (1.16), 2 = v1.1.8 and later (1.17-1.22).
// Nesting is bounded by the schema for typed values; skipped values use explicit stacks.

import { parseNumber, outOfRange } from "../json/number";
import { Kind, kind, elem, fieldType, typeNameId, spewName, fieldNameRef, strPtr, strLen } from "../schema/schema";
import { jsonFields, JField, JFields } from "./fields";
import { specialOf, SP_NONE } from "./types";
import { JsoniterErrors } from "./jsoniter";

@inline function isDigit(c: i32): bool { return c >= 0x30 && c <= 0x39; }

/** floatDigits classes: digit 0..9, -1 invalid, -2 end of number, -3 dot. */
@inline function floatClass(c: i32): i32 {
  if (isDigit(c)) return c - 0x30;
  if (c == 0x2c || c == 0x5d || c == 0x7d || c == 0x20 || c == 0x09 || c == 0x0a) return -2;
  if (c == 0x2e) return -3;
  return -1;
}

@inline function isNumberChar(c: i32): bool {
  return isDigit(c) || c == 0x2b || c == 0x2d || c == 0x2e || c == 0x65 || c == 0x45;
}

/** The iterator: the decoded bytes, the head, and whether the error is set. */
export class JsoniterEmu {
  p: usize;
  tail: i32;
  head: i32 = 0;
  /** iter.Error is set (not io.EOF). */
  err: bool = false;
  /** iter.Error is io.EOF (end of input met in the normal state). */
  eof: bool = false;
  ver: i32;
  e: JsoniterErrors;
  private depth: i32 = 0;

  /** `p`/`tail`: the decoded text; positions are relative to it. */
  constructor(p: usize, tail: i32, ver: i32, e: JsoniterErrors) {
    this.p = p;
    this.tail = tail;
    this.ver = ver;
    this.e = e;
  }

  @inline private at(i: i32): i32 { return <i32>load<u8>(this.p + <usize>i); }

  /** iter.Error was set by a read in the normal state (the message is recorded by the caller). */
  private failNow(): void {
    this.err = true;
  }

  // ---- low-level reads -------------------------------------------------------------------------

  nextToken(): i32 {
    for (let i = this.head; i < this.tail; i++) {
      const c = this.at(i);
      if (c == 0x20 || c == 0x0a || c == 0x09 || c == 0x0d) continue;
      this.head = i + 1;
      return c;
    }
    this.loadMore();
    return 0;
  }

  /** loadMore on a byte slice: in the normal state the head goes to the end and the error becomes io.EOF. */
  private loadMore(): void {
    if (!this.err && !this.eof) {
      this.head = this.tail;
      this.eof = true;
    }
  }

  readByte(): i32 {
    if (this.head >= this.tail) { this.loadMore(); return 0; }
    return this.at(this.head++);
  }

  unreadByte(): void {
    if (!this.err && !this.eof) this.head--;
  }

  private skipBytes(a: i32, b: i32, c: i32, d: i32): void {
    if (this.readByte() != a) return;
    if (this.readByte() != b) return;
    if (this.readByte() != c) return;
    if (d >= 0) this.readByte();
  }

  readNil(): bool {
    const c = this.nextToken();
    if (c == 0x6e) { this.skipBytes(0x75, 0x6c, 0x6c, -1); return true; }
    this.unreadByte();
    return false;
  }

  readBool(): void {
    const c = this.nextToken();
    if (c == 0x74) this.skipBytes(0x72, 0x75, 0x65, -1);
    else if (c == 0x66) this.skipBytes(0x61, 0x6c, 0x73, 0x65);
  }

  /** ReadString; returns the content's start (and sets strLen), or -1 for "". */
  strLen: i32 = 0;
  readString(): i32 {
    const c = this.nextToken();
    if (c == 0x22) {
      const start = this.head;
      for (let i = start; i < this.tail; i++) {
        const b = this.at(i);
        if (b == 0x22) { this.head = i + 1; this.strLen = i - start; return start; }
        if (b == 0x5c) break;
        if (b < 0x20) return -1;
      }
      // readStringSlowPath: reads nothing once the error is set
      if (this.err) return -1;
      this.slowString();
      return -1;
    }
    if (c == 0x6e) this.skipBytes(0x75, 0x6c, 0x6c, -1);
    return -1;
  }

  /** The slow path in the normal state: to the closing quote (the content is not needed). */
  private slowString(): void {
    let i = this.head;
    while (i < this.tail) {
      const b = this.at(i);
      if (b == 0x22) { this.head = i + 1; return; }
      i += b == 0x5c ? 2 : 1;
    }
    this.head = this.tail;
  }

  /** readFieldHash of the small struct decoders; returns the name's start (strLen set) or -1 (hash 0). */
  readFieldName(): i32 {
    const c = this.nextToken();
    if (c != 0x22) return -1;
    const start = this.head;
    for (let i = start; i < this.tail; i++) {
      const b = this.at(i);
      if (b == 0x5c) {
        // readStringSlowPath from the backslash: nothing once the error is set; then ':' is expected
        this.head = i;
        if (!this.err) this.slowString();
        this.nextToken();
        return -1;
      }
      if (b == 0x22) {
        this.head = i + 1;
        if (this.nextToken() != 0x3a) return -1;
        this.strLen = i - start;
        return start;
      }
    }
    this.loadMore();
    return -1;
  }

  isObjectEnd(): bool {
    const c = this.nextToken();
    return c != 0x2c;
  }

  readObjectStart(): bool {
    const c = this.nextToken();
    if (c == 0x7b) {
      if (this.nextToken() == 0x7d) return false;
      this.unreadByte();
      return true;
    }
    if (c == 0x6e) this.skipBytes(0x75, 0x6c, 0x6c, -1);
    return false;
  }

  /** readUint32/readUint64 after its first byte `c`: moves the head as json-iterator does. */
  private readUint(c: i32, is64: bool): void {
    if (!isDigit(c)) return;
    if (c == 0x30) return; // assertInteger only looks
    let value: u64 = <u64>(c - 0x30);
    const safe: u64 = is64 ? <u64>0xffffffffffffffff / 10 - 1 : <u64>(0xffffffff / 10 - 1);
    const mask: u64 = is64 ? <u64>0xffffffffffffffff : <u64>0xffffffff;
    if (this.tail - this.head > 10) {
      let i = this.head;
      for (let k = 0; k < 7; k++) {
        const d = this.at(i);
        if (!isDigit(d)) { this.head = i; return; }
        value = value * 10 + <u64>(d - 0x30);
        i++;
      }
      this.head = i; // on the ninth digit
      if (!isDigit(this.at(i))) return;
    }
    for (let i = this.head; i < this.tail; i++) {
      const d = this.at(i);
      if (!isDigit(d)) { this.head = i; return; }
      const x = <u64>(d - 0x30);
      if (value > safe) {
        const v2 = (value * 10 + x) & mask;
        if (v2 < value) { if (!this.err) this.failNow(); return; }
        value = v2;
      } else value = value * 10 + x;
    }
    this.loadMore();
  }

  readInt(k: i32): void {
    const is64 = k == Kind.Int || k == Kind.Int64 || k == Kind.Uint || k == Kind.Uint64 || k == Kind.Uintptr;
    const c = this.nextToken();
    if (c == 0x2d && k <= Kind.Int64) this.readUint(this.readByte(), is64);
    else this.readUint(c, is64);
  }

  /** ReadFloat32 / ReadFloat64; in the normal state a number out of range sets the error. */
  readFloat(bits: i32): void {
    const c = this.nextToken();
    if (c != 0x2d) this.unreadByte();
    this.readPositiveFloat(bits);
  }

  private readPositiveFloat(bits: i32): void {
    const start = this.head;
    if (start < this.tail) {
      const c = this.at(start);
      const k = floatClass(c);
      if (k == -2 || k == -3) return; // "empty number" / "leading dot"
      if (k == 0 && start + 1 < this.tail && isDigit(this.at(start + 1))) return; // "leading zero"
    }
    // the fast path ends where the slow path's readNumberAsString does
    let i = start;
    while (i < this.tail && isNumberChar(this.at(i))) i++;
    if (i >= this.tail) { this.loadMore(); return; }
    this.head = i;
    if (this.err || i == start) return;
    // out of range: ParseFloat(s, 32) (v1.1.6 and older), ParseFloat(s, 64) then ReadBigFloat
    const f = parseNumber(this.p + <usize>start, i - start);
    if (bits == 32 && (outOfRange(f) || f >= 340282356779733661637539395458142568448.0)) this.failNow();
    if (bits == 64 && outOfRange(f)) this.failNow();
  }

  // ---- Skip ------------------------------------------------------------------------------------

  /** Iter.Skip (strict build), with explicit stacks for nested arrays and objects. */
  skip(): void {
    // frames: kind (0 array, 1 object) per level
    const stack = new Array<i32>();
    let c = this.nextToken();
    while (true) {
      // one value starting with c
      let opened = false;
      if (c == 0x22) this.skipString();
      else if (c == 0x6e) this.skipBytes(0x75, 0x6c, 0x6c, -1);
      else if (c == 0x74) this.skipBytes(0x72, 0x75, 0x65, -1);
      else if (c == 0x66) this.skipBytes(0x61, 0x6c, 0x73, 0x65);
      else if (c == 0x30) { this.unreadByte(); this.readFloat(32); }
      else if (c == 0x2d || (c >= 0x31 && c <= 0x39)) this.skipNumber();
      else if (c == 0x5b || c == 0x7b) {
        // skipArray / skipObject: unreadByte, then ReadArrayCB / ReadObjectCB
        this.unreadByte();
        const o = this.nextToken();
        if (o == 0x5b) {
          const n = this.nextToken();
          if (n != 0x5d) {
            this.unreadByte();
            stack.push(0);
            opened = true;
          }
        } else if (o == 0x7b) {
          const n = this.nextToken();
          if (n == 0x22) {
            this.unreadByte();
            this.readString();
            this.nextToken(); // ':'
            stack.push(1);
            opened = true;
          }
        } else if (o == 0x6e) this.skipBytes(0x75, 0x6c, 0x6c, -1);
      }
      // else: "do not know how to skip"
      if (opened) { c = this.nextToken(); continue; }
      // after a value: continue the innermost container
      while (stack.length > 0) {
        const top = stack[stack.length - 1];
        const d = this.nextToken();
        if (d == 0x2c) {
          if (top == 1) {
            this.readString();
            this.nextToken(); // ':'
          }
          break;
        }
        stack.pop(); // ']' / '}' or an error: the callback loop ends
      }
      if (stack.length == 0) return;
      c = this.nextToken();
    }
  }

  private skipString(): void {
    for (let i = this.head; i < this.tail; i++) {
      const b = this.at(i);
      if (b == 0x22) { this.head = i + 1; return; }
      if (b == 0x5c) break;
      if (b < 0x20) return;
    }
    this.unreadByte();
    this.readString();
  }

  private skipNumber(): void {
    // trySkipNumber
    let dot = false;
    let ok = false;
    let decided = false;
    for (let i = this.head; i < this.tail && !decided; i++) {
      const c = this.at(i);
      if (isDigit(c)) continue;
      if (c == 0x2e) {
        if (dot) { ok = true; decided = true; break; } // "more than one dot" (already failed)
        if (i + 1 == this.tail) { decided = true; break; }
        if (!isDigit(this.at(i + 1))) { ok = true; decided = true; break; }
        dot = true;
        continue;
      }
      if (c == 0x2c || c == 0x5d || c == 0x7d || c == 0x20 || c == 0x09 || c == 0x0a || c == 0x0d) {
        if (this.head != i) { this.head = i; ok = true; }
      }
      decided = true;
    }
    if (ok) return;
    this.unreadByte();
    if (this.ver == 0) { this.readFloat(32); return; }
    if (this.err) return;
    this.readFloat(64);
  }

  // ---- typed decoders in the error state -------------------------------------------------------

  /** Runs json-iterator's decoder of schema type `ty`. */
  decode(ty: i32): void {
    if (++this.depth > 512) { this.depth--; return; }
    this.decodeInner(ty);
    this.depth--;
  }

  private decodeInner(ty: i32): void {
    if (specialOf(typeNameId(ty)) != SP_NONE) {
      // unmarshalerDecoder: nextToken, unreadByte, SkipAndReturnBytes, UnmarshalJSON (its error is ignored)
      this.nextToken();
      this.unreadByte();
      this.skip();
      return;
    }
    const k = kind(ty);
    switch (k) {
      case Kind.Pointer:
        if (!this.readNil()) this.decode(elem(ty));
        return;
      case Kind.Struct: this.struct(ty); return;
      case Kind.Slice: this.slice(ty); return;
      case Kind.Map: this.map(ty); return;
      case Kind.String: this.readString(); return;
      case Kind.Bool: if (!this.readNil()) this.readBool(); return;
      case Kind.Float32: case Kind.Float64: if (!this.readNil()) this.readFloat(k == Kind.Float32 ? 32 : 64); return;
      case Kind.Interface: this.skip(); return;
    }
    if (k >= Kind.Int && k <= Kind.Uintptr) { if (!this.readNil()) this.readInt(k); return; }
  }

  private struct(ty: i32): void {
    const fields = jsonFields(ty);
    if (fields.list.length == 0) {
      // skipObjectDecoder: WhatIsNext, then Skip for an object or null
      const c = this.nextToken();
      this.unreadByte();
      if (c == 0x7b || c == 0x6e) this.skip();
      return;
    }
    if (!this.readObjectStart()) return;
    if (fields.list.length <= 10) this.smallStructRest(ty, fields, true);
    else this.generalStructRest(ty, fields, true);
    this.e.wrap(structPrefix(ty));
  }

  /** The loop of the 1-10 field struct decoders (readFieldHash, field or Skip, isObjectEnd). */
  smallStructRest(ty: i32, fields: JFields, fromStart: bool): void {
    if (!fromStart && this.isObjectEnd()) return;
    while (true) {
      const s = this.readFieldName();
      const f = s >= 0 ? fields.byName(this.p + <usize>s, this.strLen) : null;
      if (f !== null) this.field(ty, f);
      else this.skip();
      if (this.isObjectEnd()) return;
    }
  }

  /** The loop of the general struct decoder (ReadString for the name, ':' , field or Skip, ','). */
  generalStructRest(ty: i32, fields: JFields, fromStart: bool): void {
    let c = fromStart ? 0x2c : this.nextToken();
    while (c == 0x2c) {
      const s = this.readString();
      const f = s >= 0 ? fields.byName(this.p + <usize>s, this.strLen) : null;
      this.nextToken(); // ':'
      if (f === null) this.skip();
      else this.field(ty, f);
      c = this.nextToken();
    }
  }

  /** A (promoted) field: its value's decoder, then the field decoders' prefixes, innermost first. */
  field(ty: i32, f: JField): void {
    let ct = ty;
    const types = new Array<i32>(f.path.length);
    for (let j = 0; j < f.path.length; j++) {
      types[j] = ct;
      let et = fieldType(ct, f.path[j]);
      if (j < f.path.length - 1 && kind(et) == Kind.Pointer) et = elem(et);
      ct = et;
    }
    this.decode(ct);
    fieldWraps(this.e, types, f.path);
  }

  private slice(ty: i32): void {
    const c = this.nextToken();
    if (c == 0x6e) this.skipBytes(0x75, 0x6c, 0x6c, -1);
    else if (c == 0x5b) {
      if (this.nextToken() != 0x5d) {
        this.unreadByte();
        this.decode(elem(ty));
        this.sliceRest(ty);
      }
    }
    this.e.wrap(slicePrefix(ty));
  }

  /** The slice decoder's loop after an element: `,` and the next element. */
  sliceRest(ty: i32): void {
    const et = elem(ty);
    let c = this.nextToken();
    while (c == 0x2c) {
      this.decode(et);
      c = this.nextToken();
    }
  }

  private map(ty: i32): void {
    let c = this.nextToken();
    if (c == 0x6e) { this.skipBytes(0x75, 0x6c, 0x6c, -1); return; }
    if (c != 0x7b) return;
    c = this.nextToken();
    if (c == 0x7d) return;
    if (this.ver <= 1 && c != 0x22) return;
    this.unreadByte();
    this.readString();
    if (this.nextToken() != 0x3a) return;
    this.decode(elem(ty));
    this.mapRest(ty);
  }

  /** The map decoder's loop after a value: `,` key `:` value. */
  mapRest(ty: i32): void {
    const et = elem(ty);
    let c = this.nextToken();
    while (c == 0x2c) {
      this.readString();
      if (this.nextToken() != 0x3a) return;
      this.decode(et);
      c = this.nextToken();
    }
  }
}

/** `<Type>.` — a struct decoder's prefix. */
export function structPrefix(ty: i32): string {
  return spewName(ty) + ".";
}

/** `<[]Type>: ` — a slice decoder's prefix. */
export function slicePrefix(ty: i32): string {
  return spewName(ty) + ": ";
}


/** The prefixes of the field decoders along `path` (types[j] holds path[j]), innermost first. */
export function fieldWraps(e: JsoniterErrors, types: Array<i32>, path: Array<i32>): void {
  for (let j = path.length - 1; j >= 0; j--) {
    const r = fieldNameRef(types[j], path[j]);
    e.wrap(String.UTF8.decodeUnsafe(strPtr(r), <usize>strLen(r)) + ": ");
  }
}

/** json-iterator version class of a Kubernetes minor (see the file comment). */
export function jsoniterVersion(minor: i32): i32 {
  if (minor <= 15) return 0;
  if (minor == 16) return 1;
  return 2;
}
