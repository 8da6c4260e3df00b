// go-spew's `%#v` of a typed value under the kubelet's hashing config (SortKeys, DisableMethods,
// SpewKeys; Indent, DisablePointerAddresses and DisableCapacities do not touch `%v`): every struct
// field in declaration order with its type in parentheses, unexported ones included (Quantity's
// int64Amount / infDecAmount / cached string / Format, time.Time's wall, ext and loc), nil pointers
// as `(*T)<nil>`, `<*>` for pointers inside slices and maps, map keys sorted, strings raw.
//
// spew also remembers the address of every pointer it follows, keyed by the nesting depth where it
// met it, and prints `<shown>` when it meets the same address deeper inside: the only pointers that
// repeat in these objects are the time.Local location (and its cached zone) of decoded timestamps.
// Local is printed as the location a process with a UTC /etc/localtime has loaded.
//
// Recursion follows the schema's type nesting; metav1.Fields trees are printed with an explicit stack.

import { ByteSink } from "../../io/sink";
import { writeGoFormatG } from "../../json/number";
import { Tape, K_OBJECT } from "../../json/tape";
import { sortMembers, membersAt, membersCount, Member } from "../../json/members";
import { fail, E_INTERNAL } from "../../base/errors";
import { Kind, kind, elem, key, fieldCount, fieldType, fieldNameRef, strPtr, strLen, spewNameRef, typeNameId } from "../../schema/schema";
import { writeQuantityInternals } from "../../quantity/internals";
import { Quantity } from "../../quantity/quantity";
import { specialOf, SP_NONE, SP_QUANTITY, SP_TIME, SP_RAW, SP_FIELDS } from "../../typed/types";
import {
  Val, StrV, IntV, FloatV, PtrV, SliceV, BytesV, MapV, StructV, QuantityV, TimeV, RawV, FieldsV, sortedEntries,
} from "../../typed/value";

/** The Location body spew prints for time.Local when /etc/localtime is UTC (after Local was loaded). */
// one literal each: a concatenation would be built on the heap at start-up and wiped by the first call
const LOCAL_HEAD = "{name:(string)Local zone:([]time.zone)[{name:(string)UTC offset:(int)0 isDST:(bool)false}] tx:([]time.zoneTrans)[{when:(int64)-9223372036854775808 index:(uint8)0 isstd:(bool)false isutc:(bool)false}] extend:(string)UTC0 cacheStart:(int64)-9223372036854775808 cacheEnd:(int64)9223372036854775807 cacheZone:";
const LOCAL_ZONE = "{name:(string)UTC offset:(int)0 isDST:(bool)false}";

/** Appends the go-spew `%#v` text of a []byte: `([]uint8)[123 34 ...]` (nil: `([]uint8)<nil>`). */
export function spewBytes(out: ByteSink, p: usize, n: i32, isNil: bool = false): void {
  out.ascii("([]uint8)");
  writeByteList(out, p, n, isNil);
}

function writeByteList(out: ByteSink, p: usize, n: i32, isNil: bool): void {
  if (isNil) { out.ascii("<nil>"); return; }
  out.reserve(n * 4 + 2);
  out.byte(0x5b);
  for (let i = 0; i < n; i++) {
    if (i > 0) out.byte(0x20);
    const b = <u32>load<u8>(p + <usize>i);
    if (b >= 100) { out.byte(0x30 + <i32>(b / 100)); out.byte(0x30 + <i32>((b / 10) % 10)); out.byte(0x30 + <i32>(b % 10)); }
    else if (b >= 10) { out.byte(0x30 + <i32>(b / 10)); out.byte(0x30 + <i32>(b % 10)); }
    else out.byte(0x30 + <i32>b);
  }
  out.byte(0x5d);
}

/** One `%#v` formatting (spew's formatState). */
export class Spewer {
  out: ByteSink;
  depth: i32 = 0;
  ignoreNextType: bool = false;
  /** Depth at which time.Local's address (and its cached zone's) was recorded, -1 when not recorded. */
  locDepth: i32 = -1;
  zoneDepth: i32 = -1;
  private typeDepth: i32 = 0;

  constructor(out: ByteSink) {
    this.out = out;
  }

  /** Appends `%#v` of value `v` (null: zero) of type `ty`; false with an error recorded on failure. */
  top(ty: i32, v: Val | null): bool {
    this.depth = 0;
    this.ignoreNextType = false;
    return this.format(ty, v);
  }

  private typeName(ty: i32): void {
    const r = spewNameRef(ty);
    this.out.byte(0x28);
    this.out.bytes(strPtr(r), strLen(r));
    this.out.byte(0x29);
  }

  /** Forgets recorded pointers at or below `d` (spew does this on every pointer it formats). */
  private prune(d: i32): void {
    if (this.locDepth >= d) this.locDepth = -1;
    if (this.zoneDepth >= d) this.zoneDepth = -1;
  }

  /** spew's format(v). */
  format(ty: i32, v: Val | null): bool {
    if (++this.typeDepth > 256) return fail(E_INTERNAL, "schema types nest too deeply");
    const r = this.formatInner(ty, v);
    this.typeDepth--;
    return r;
  }

  private formatInner(ty: i32, v: Val | null): bool {
    const out = this.out;
    const k = kind(ty);
    if (k == Kind.Pointer) return this.formatPtr(ty, v);
    if (!this.ignoreNextType) this.typeName(ty);
    this.ignoreNextType = false;
    const sp = specialOf(typeNameId(ty));
    if (sp == SP_QUANTITY) {
      // the infDecAmount.Dec pointer is met two structs down
      this.prune(this.depth + 2);
      return writeQuantityInternals(out, v === null ? new Quantity() : changetype<QuantityV>(v).q);
    }
    if (sp == SP_TIME) return this.time(v === null ? null : changetype<TimeV>(v));
    if (sp == SP_RAW) return this.raw(ty, v === null ? null : changetype<RawV>(v));
    if (sp == SP_FIELDS) return this.fields(v === null ? null : changetype<FieldsV>(v));
    switch (k) {
      case Kind.Bool:
        out.ascii(v !== null && changetype<IntV>(v).v != 0 ? "true" : "false");
        return true;
      case Kind.Int: case Kind.Int8: case Kind.Int16: case Kind.Int32: case Kind.Int64:
        out.int(v === null ? 0 : changetype<IntV>(v).v);
        return true;
      case Kind.Uint: case Kind.Uint8: case Kind.Uint16: case Kind.Uint32: case Kind.Uint64:
        out.uint(v === null ? 0 : <u64>changetype<IntV>(v).v);
        return true;
      case Kind.Float32: case Kind.Float64:
        writeGoFormatG(out, v === null ? 0 : changetype<FloatV>(v).v, k == Kind.Float32 ? 32 : 64);
        return true;
      case Kind.String:
        if (v !== null) out.bytes(changetype<StrV>(v).p, changetype<StrV>(v).n);
        return true;
      case Kind.Slice: {
        if (v === null) { out.ascii("<nil>"); return true; }
        if (v instanceof BytesV) {
          writeByteList(out, changetype<BytesV>(v).p, changetype<BytesV>(v).n, false);
          return true;
        }
        const s = changetype<SliceV>(v);
        const et = elem(ty);
        out.byte(0x5b);
        this.depth++;
        for (let i = 0; i < s.len; i++) {
          if (i > 0) out.byte(0x20);
          this.ignoreNextType = true;
          if (!this.format(et, s.items[i])) return false;
        }
        this.depth--;
        out.byte(0x5d);
        return true;
      }
      case Kind.Map: {
        if (v === null) { out.ascii("<nil>"); return true; }
        const m = changetype<MapV>(v);
        const idx = sortedEntries(m);
        const kt = key(ty);
        const et = elem(ty);
        out.ascii("map[");
        this.depth++;
        for (let i = 0; i < idx.length; i++) {
          const j = idx[i];
          if (i > 0) out.byte(0x20);
          this.ignoreNextType = true;
          if (kind(kt) != Kind.String) return fail(E_INTERNAL, "non-string map keys are not supported");
          this.ignoreNextType = false;
          out.bytes(m.keyP[j], m.keyN[j]);
          out.byte(0x3a);
          this.ignoreNextType = true;
          if (!this.format(et, m.vals[j])) return false;
        }
        this.depth--;
        out.byte(0x5d);
        return true;
      }
      case Kind.Struct: {
        const s: StructV | null = v === null ? null : changetype<StructV>(v);
        const n = fieldCount(ty);
        out.byte(0x7b);
        this.depth++;
        for (let i = 0; i < n; i++) {
          if (i > 0) out.byte(0x20);
          const r = fieldNameRef(ty, i);
          out.bytes(strPtr(r), strLen(r));
          out.byte(0x3a);
          // unpackValue: an interface field shows its own type
          if (!this.format(fieldType(ty, i), s === null ? null : s.f[i])) return false;
        }
        this.depth--;
        out.byte(0x7d);
        return true;
      }
      case Kind.Interface:
        out.ascii("<nil>");
        return true;
    }
    return fail(E_INTERNAL, "cannot spew Go kind " + k.toString());
  }

  /** spew's formatPtr for a one-level pointer. */
  private formatPtr(ty: i32, v: Val | null): bool {
    const out = this.out;
    if (v === null && this.ignoreNextType) {
      out.ascii("<nil>");
      return true;
    }
    this.prune(this.depth);
    if (v === null) {
      this.typeName(ty);
      out.ascii("<nil>");
      return true;
    }
    const et = elem(ty);
    if (this.ignoreNextType) out.ascii("<*>");
    else {
      const r = spewNameRef(et);
      out.ascii("(*");
      out.bytes(strPtr(r), strLen(r));
      out.byte(0x29);
    }
    this.ignoreNextType = true;
    return this.format(et, changetype<PtrV>(v).to);
  }

  /** metav1.Time: `{Time:(time.Time){wall:(uint64)W ext:(int64)E loc:(*time.Location)...}}`. */
  private time(t: TimeV | null): bool {
    const out = this.out;
    const d = this.depth;
    out.ascii("{Time:(time.Time){wall:(uint64)");
    out.uint(t === null ? 0 : t.wall);
    out.ascii(" ext:(int64)");
    out.int(t === null ? 0 : t.ext);
    out.ascii(" loc:");
    // the loc pointer is met inside two structs
    const pd = d + 2;
    this.prune(pd);
    if (t === null || !t.local) {
      out.ascii("(*time.Location)<nil>");
    } else if (this.locDepth >= 0 && this.locDepth < pd) {
      out.ascii("(*time.Location)<shown>");
    } else {
      this.locDepth = pd;
      out.ascii("(*time.Location)");
      out.ascii(LOCAL_HEAD);
      // cacheZone, inside the Location struct
      const zd = pd + 1;
      this.prune(zd);
      if (this.zoneDepth >= 0 && this.zoneDepth < zd) out.ascii("(*time.zone)<shown>");
      else {
        this.zoneDepth = zd;
        out.ascii("(*time.zone)");
        out.ascii(LOCAL_ZONE);
      }
      out.byte(0x7d);
    }
    out.ascii("}}");
    return true;
  }

  /** runtime.RawExtension {Raw, Object} / metav1.FieldsV1 {Raw}. */
  private raw(ty: i32, r: RawV | null): bool {
    const out = this.out;
    const n = fieldCount(ty);
    out.byte(0x7b);
    this.depth++;
    for (let i = 0; i < n; i++) {
      if (i > 0) out.byte(0x20);
      const nr = fieldNameRef(ty, i);
      out.bytes(strPtr(nr), strLen(nr));
      out.byte(0x3a);
      const ft = fieldType(ty, i);
      if (kind(ft) == Kind.Slice) {
        this.typeName(ft);
        if (r === null || r.isNil) out.ascii("<nil>");
        else writeByteList(out, r.p, r.n, false);
      } else {
        if (!this.format(ft, null)) return false;
      }
    }
    this.depth--;
    out.byte(0x7d);
    return true;
  }

  /** metav1.Fields {Map map[string]Fields}: the decoded object tree, without recursion. */
  private fields(f: FieldsV | null): bool {
    const out = this.out;
    out.ascii("{Map:(map[string]v1.Fields)");
    if (f === null || f.node < 0) {
      out.ascii("<nil>}");
      return true;
    }
    const t = changetype<Tape>(f.tape);
    // frames: members pointer, count, position
    let cap = 16;
    let frames = heap.alloc(<usize>cap * 12);
    let depth = 0;
    const sorted = sortMembers(t, f.node);
    store<usize>(frames, membersAt(sorted));
    store<i32>(frames, membersCount(sorted), 4);
    store<i32>(frames, 0, 8);
    depth = 1;
    out.ascii("map[");
    while (depth > 0) {
      const fp = frames + <usize>(depth - 1) * 12;
      const base = <usize>load<u32>(fp);
      const count = load<i32>(fp, 4);
      const pos = load<i32>(fp, 8);
      if (pos >= count) {
        out.byte(0x5d); // close map[
        out.byte(0x7d); // close {Map:
        depth--;
        continue;
      }
      store<i32>(fp, pos + 1, 8);
      if (pos > 0) out.byte(0x20);
      const m = changetype<Member>(base + <usize>pos * offsetof<Member>());
      out.bytes(m.keyPtr, m.keyLen);
      out.ascii(":{Map:(map[string]v1.Fields)");
      if (t.kind(m.value) != K_OBJECT) {
        out.ascii("<nil>}");
        continue;
      }
      const sm = sortMembers(t, m.value);
      if (depth >= cap) {
        cap <<= 1;
        frames = heap.realloc(frames, <usize>cap * 12);
      }
      const np = frames + <usize>depth * 12;
      store<u32>(np, <u32>membersAt(sm));
      store<i32>(np, membersCount(sm), 4);
      store<i32>(np, 0, 8);
      depth++;
      out.ascii("map[");
    }
    return true;
  }
}
