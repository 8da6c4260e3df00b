// A hash table of distinct byte strings (object keys) numbered in the order they are added: a key's number in
// O(1). The members of an object a JSON Patch edits (edits.ts) and the members the minimal diff matches by key
// (patch/minimal.ts).

import { fnv1a_32 } from "../../hash/fnv";

/** Keys by number, and their numbers by key. */
export class KeyTable {
  private ptrs: Array<usize> = new Array<usize>();
  private lens: Array<i32> = new Array<i32>();
  /** Key number + 1 (0: empty); a power of two, at most half full. */
  private table: StaticArray<i32> = new StaticArray<i32>(16);

  /** Number of keys. */
  @inline get size(): i32 {
    return this.lens.length;
  }

  /** The number of key [p, p+n), or -1. */
  find(p: usize, n: i32): i32 {
    const table = this.table;
    const mask = <u32>table.length - 1;
    let j = fnv1a_32(p, <usize>n) & mask;
    while (true) {
      const e = unchecked(table[j]);
      if (e == 0) return -1;
      if (unchecked(this.lens[e - 1]) == n && memory.compare(unchecked(this.ptrs[e - 1]), p, <usize>n) == 0) return e - 1;
      j = (j + 1) & mask;
    }
    return -1;
  }

  /** Adds key [p, p+n), not in the table yet; returns its number. */
  add(p: usize, n: i32): i32 {
    const e = this.lens.length;
    this.ptrs.push(p);
    this.lens.push(n);
    if ((e + 1) * 2 > this.table.length) {
      const table = new StaticArray<i32>(this.table.length << 1);
      for (let k = 0; k <= e; k++) this.place(table, k);
      this.table = table;
    } else this.place(this.table, e);
    return e;
  }

  private place(table: StaticArray<i32>, e: i32): void {
    const mask = <u32>table.length - 1;
    let j = fnv1a_32(unchecked(this.ptrs[e]), <usize>unchecked(this.lens[e])) & mask;
    while (unchecked(table[j]) != 0) j = (j + 1) & mask;
    unchecked(table[j] = e + 1);
  }
}
