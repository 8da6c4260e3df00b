// interface{} values as keys of a Go map[interface{}]: equal scalars of one type hash alike (+0 and -0
// too), NaN equals nothing, nil is a key like any other. The sets strategicpatch builds
// (partitionPrimitivesByPresentInList, deleteFromSlice, applyRetainKeysDirective) are such maps in Go; the
// classes of equal values are what listindex.ts indexes lists by. Callers check hashability first
// (equal.ts `hashable`), as Go panics on maps and slices.

import { Val, T_STRING, T_FLOAT, T_MAP, T_SLICE } from "./value";
import { keyEq } from "./equal";
import { fnv1a_32 } from "../../hash/fnv";

/** Hash of string bytes [p, p+n) (the same as scalarHash of a string value with those bytes). */
export function stringHash(p: usize, n: i32): u32 {
  return fnv1a_32(p, <usize>n, <u32>T_STRING * 0x9e3779b1);
}

/** Hash of a scalar value (equal scalars of one type hash alike; +0 and -0 too). */
export function scalarHash(v: Val): u32 {
  if (v.t == T_STRING) return stringHash(v.p, v.n);
  const h: u32 = <u32>v.t * 0x9e3779b1;
  let x = v.x;
  if (v.t == T_FLOAT && v.f == 0) x = 0;
  return (h ^ <u32>x ^ <u32>(x >>> 32)) * 0x01000193;
}

/** A scalar that can equal something (NaN equals nothing). */
@inline export function matchable(v: Val): bool {
  return v.t != T_MAP && v.t != T_SLICE && !(v.t == T_FLOAT && isNaN(v.f));
}

/** Classes of equal scalar values: ids 0, 1, ... in the order values are first added. */
export class ValueClasses {
  /** Open addressing: class id + 1 (0 = empty); size a power of two, at most half full. */
  private table: StaticArray<i32> = new StaticArray<i32>(16);
  /** The first value of each class (values are never mutated). */
  private reps: Array<Val> = new Array<Val>();

  /** Number of classes. */
  @inline get size(): i32 {
    return this.reps.length;
  }

  /** The class of scalar v (matchable), a new one when absent and `create`; -1 when absent. */
  classOf(v: Val, create: bool): i32 {
    const table = this.table;
    const mask = <u32>table.length - 1;
    let j = scalarHash(v) & mask;
    while (true) {
      const e = unchecked(table[j]);
      if (e == 0) break;
      if (keyEq(unchecked(this.reps[e - 1]), v)) return e - 1;
      j = (j + 1) & mask;
    }
    if (!create) return -1;
    const c = this.reps.length;
    this.reps.push(v);
    unchecked(table[j] = c + 1);
    if ((c + 1) * 2 > table.length) this.grow();
    return c;
  }

  /** The class of the string with bytes [p, p+n), or -1. */
  classOfString(p: usize, n: i32): i32 {
    const table = this.table;
    const mask = <u32>table.length - 1;
    let j = stringHash(p, n) & mask;
    while (true) {
      const e = unchecked(table[j]);
      if (e == 0) return -1;
      const r = unchecked(this.reps[e - 1]);
      if (r.t == T_STRING && r.n == n && memory.compare(r.p, p, <usize>n) == 0) return e - 1;
      j = (j + 1) & mask;
    }
    return -1;
  }

  /** Doubles the table. */
  private grow(): void {
    const table = new StaticArray<i32>(this.table.length << 1);
    const mask = <u32>table.length - 1;
    for (let c = 0, n = this.reps.length; c < n; c++) {
      let j = scalarHash(unchecked(this.reps[c])) & mask;
      while (unchecked(table[j]) != 0) j = (j + 1) & mask;
      unchecked(table[j] = c + 1);
    }
    this.table = table;
  }
}

/** A Go map[interface{}]struct{} of hashable values (scalars and nil). */
export class ValueSet {
  private classes: ValueClasses = new ValueClasses();
  private hasNil: bool = false;
  private added: bool = false;

  /** m[v] = struct{}{} for a hashable v. */
  add(v: Val | null): void {
    this.added = true;
    if (v === null) this.hasNil = true;
    else if (matchable(v)) this.classes.classOf(v, true);
  }

  /** _, found := m[v] for a hashable v. */
  has(v: Val | null): bool {
    if (v === null) return this.hasNil;
    return matchable(v) && this.classes.classOf(v, false) >= 0;
  }

  /** _, found := m[k] for a string k given as bytes. */
  hasString(p: usize, n: i32): bool {
    return this.classes.classOfString(p, n) >= 0;
  }

  /** len(m) == 0. */
  @inline get empty(): bool {
    return !this.added;
  }
}
