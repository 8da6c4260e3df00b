// Small readers over the typed view (assembly/typed/value.ts) that the in-place update code needs:
// a struct field by its JSON name, strings, slices, string maps and quantity maps.

import { Val, StrV, PtrV, SliceV, MapV, StructV, QuantityV } from "../../../typed/value";
import { jsonFields, JField } from "../../../typed/fields";
import { Kind, kind, elem } from "../../../schema/schema";
import { Quantity } from "../../../quantity/quantity";

/** A typed value together with its schema type. */
export class TV {
  constructor(public t: i32, public v: Val | null) {}
}

/** Field `name` (JSON name) of struct value `s` of type `t`, following pointers on the way; null type -1 when absent. */
export function fieldOf(s: TV, name: string): TV {
  let t = s.t;
  let v = s.v;
  // dereference a pointer to a struct
  while (t >= 0 && kind(t) == Kind.Pointer) {
    v = v === null ? null : (<PtrV>v).to;
    t = elem(t);
  }
  if (t < 0 || kind(t) != Kind.Struct) return new TV(-1, null);
  const f = fieldNamed(t, name);
  if (f === null) return new TV(-1, null);
  // through embedded structs (embedded pointers do not occur in the types read here)
  let cur = v;
  for (let i = 0; i < f.path.length && cur !== null; i++) cur = (<StructV>cur).f[f.path[i]];
  return new TV(f.t, cur);
}

// A process-wide direct-mapped memo of fieldNamed hits: (type, name string address) → (type + 1, list position).
// Names are mostly literals (static addresses); a hit is confirmed by comparing the name, so a stale slot only misses.
const FN_SLOTS: i32 = 1024; // power of two
const FN_TABLE: usize = memory.data(FN_SLOTS * 8, 8);

/** True when JSON field `f` is named `name` (ASCII). */
function named(f: JField, name: string): bool {
  const n = name.length;
  if (f.nameN != n) return false;
  for (let j = 0; j < n; j++) if (<i32>load<u8>(f.nameP + <usize>j) != <i32>load<u16>(changetype<usize>(name) + (<usize>j << 1))) return false;
  return true;
}

/** The JSON field of struct type `t` named `name` (an ASCII name), or null; no allocation. */
export function fieldNamed(t: i32, name: string): JField | null {
  const l = jsonFields(t).list;
  const h = (<u32>t * 0x9e3779b1 ^ <u32>changetype<usize>(name) * 0x85ebca6b) >> 22;
  const e = FN_TABLE + <usize>(h & <u32>(FN_SLOTS - 1)) * 8;
  if (load<i32>(e) == t + 1) {
    const i = load<i32>(e, 4);
    if (i < l.length && named(unchecked(l[i]), name)) return unchecked(l[i]);
  }
  for (let i = 0, c = l.length; i < c; i++) {
    const f = unchecked(l[i]);
    if (named(f, name)) {
      store<i32>(e, t + 1);
      store<i32>(e, i, 4);
      return f;
    }
  }
  return null;
}

/** Follows `names` one field after the other. */
export function path(s: TV, names: Array<string>): TV {
  let c = s;
  for (let i = 0; i < names.length; i++) c = fieldOf(c, names[i]);
  return c;
}

/** Dereferences a pointer value (type and value); a nil pointer gives a null value. */
export function deref(s: TV): TV {
  let t = s.t;
  let v = s.v;
  while (t >= 0 && kind(t) == Kind.Pointer) {
    if (v === null) return new TV(elem(t), null);
    v = (<PtrV>v).to;
    t = elem(t);
  }
  return new TV(t, v);
}

/** True when the value is a non-nil pointer. */
export function isNonNilPtr(s: TV): bool {
  return s.t >= 0 && kind(s.t) == Kind.Pointer && s.v !== null;
}

/** The string of a string value ("" for the zero value). */
export function strOf(s: TV): string {
  if (s.v === null) return "";
  const sv = <StrV>s.v;
  return String.UTF8.decodeUnsafe(sv.p, <usize>sv.n);
}

/** Number of elements of a slice value. */
export function sliceLen(s: TV): i32 {
  if (s.v === null) return 0;
  return (<SliceV>s.v).len;
}

/** Element i of a slice value. */
export function sliceAt(s: TV, i: i32): TV {
  return new TV(elem(s.t), (<SliceV>s.v).items[i]);
}

/** A map[string]string (or map[ResourceName]Quantity) value as ordered keys; the last duplicate wins. */
export class Entries {
  /** Keys in decode order (read only: add through add). */
  keys: Array<string> = new Array<string>();
  vals: Array<Val | null> = new Array<Val | null>();
  private at: Map<string, i32> = new Map<string, i32>();

  /** Index of `k`, or -1. */
  find(k: string): i32 {
    return this.at.has(k) ? this.at.get(k) : -1;
  }

  /** Sets `k` to `v`: in place when present, else appended. */
  add(k: string, v: Val | null): void {
    if (this.at.has(k)) { this.vals[this.at.get(k)] = v; return; }
    this.at.set(k, this.keys.length);
    this.keys.push(k);
    this.vals.push(v);
  }
}

/** The live entries of a map value in decode order (duplicates resolved: the last one wins). */
export function entriesOf(s: TV): Entries {
  const e = new Entries();
  if (s.v === null) return e;
  const m = <MapV>s.v;
  for (let i = 0; i < m.vals.length; i++) {
    e.add(String.UTF8.decodeUnsafe(m.keyP[i], <usize>m.keyN[i]), m.vals[i]);
  }
  return e;
}

/** The string value of an entry. */
export function entryStr(v: Val | null): string {
  if (v === null) return "";
  const sv = <StrV>v;
  return String.UTF8.decodeUnsafe(sv.p, <usize>sv.n);
}

/** The Quantity of an entry (null for the zero Quantity). */
export function entryQuantity(v: Val | null): Quantity | null {
  if (v === null) return null;
  return (<QuantityV>v).q;
}

/** Deletes every entry with key `k` from a map value (Go's delete; nil maps are left alone). */
export function deleteKey(s: TV, k: string): void {
  if (s.v === null) return;
  const m = <MapV>s.v;
  const buf = String.UTF8.encode(k);
  const p = changetype<usize>(buf);
  const n = buf.byteLength;
  for (let i = m.vals.length - 1; i >= 0; i--) {
    if (m.keyN[i] == n && memory.compare(m.keyP[i], p, <usize>n) == 0) {
      m.keyP.splice(i, 1);
      m.keyN.splice(i, 1);
      m.vals.splice(i, 1);
    }
  }
}
