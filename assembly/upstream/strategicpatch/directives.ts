// Cleaning patch values that are copied into the document as they are: removeDirectives (1.28+: drop
// maps carrying `$patch`, rebuilding lists) and discardNullValuesFromPatch (1.24+: drop null members).
// Both mutate maps in place, like upstream. Iterative.

import { Val, Slice, T_MAP, T_SLICE, makeSlice, appendOne, sliceVal } from "./value";

/** A container being rebuilt. */
class Frame {
  v: Val;
  pos: i32 = 0;
  /** slices: the rebuilt list */
  res: Slice | null = null;
  constructor(v: Val) {
    this.v = v;
  }
}

@inline function hasDirective(v: Val): bool {
  return v.m!.findAscii("$patch") >= 0;
}

/** removeDirectives(obj) drops obj as a whole (its second result is false): a map with `$patch`. */
export function dropsWhole(obj: Val | null): bool {
  return obj !== null && obj.t == T_MAP && hasDirective(obj);
}

/** removeDirectives(obj) for an obj it keeps (see dropsWhole): the value to use. May modify obj. */
export function removeDirectives(obj: Val | null, go: i32): Val | null {
  if (obj === null || (obj.t != T_MAP && obj.t != T_SLICE)) return obj;
  const stack = new Array<Frame>();
  const root = new Frame(obj);
  if (obj.t == T_SLICE) root.res = makeSlice(0, 0);
  stack.push(root);
  // the result of the child just finished
  let ret: Val | null = null;
  let keep = true;
  let returning = false;
  while (stack.length > 0) {
    const f = stack[stack.length - 1];
    if (f.v.t == T_MAP) {
      const m = f.v.m!;
      if (returning) {
        // finish slot f.pos - 1
        const slot = f.pos - 1;
        if (!keep) m.delSlot(slot);
        else m.setVal(slot, ret);
        returning = false;
      }
      // next slot needing work
      let pushed = false;
      while (f.pos < m.slots) {
        const slot = f.pos++;
        if (!m.live(slot)) continue;
        const c = m.val(slot);
        if (c === null || (c.t != T_MAP && c.t != T_SLICE)) continue; // kept as it is
        if (c.t == T_MAP && hasDirective(c)) {
          m.delSlot(slot);
          continue;
        }
        const cf = new Frame(c);
        if (c.t == T_SLICE) cf.res = makeSlice(0, 0);
        stack.push(cf);
        pushed = true;
        break;
      }
      if (pushed) continue;
      stack.pop();
      ret = f.v;
      keep = true;
      returning = true;
    } else {
      const s = f.v.s!;
      if (returning) {
        if (keep) f.res = appendOne(f.res!, ret, go);
        returning = false;
      }
      let pushed = false;
      while (f.pos < s.len) {
        const c = s.get(f.pos++);
        if (c === null || (c.t != T_MAP && c.t != T_SLICE)) {
          f.res = appendOne(f.res!, c, go);
          continue;
        }
        if (c.t == T_MAP && hasDirective(c)) continue;
        const cf = new Frame(c);
        if (c.t == T_SLICE) cf.res = makeSlice(0, 0);
        stack.push(cf);
        pushed = true;
        break;
      }
      if (pushed) continue;
      stack.pop();
      ret = sliceVal(f.res!);
      keep = true;
      returning = true;
    }
  }
  return ret;
}

/** discardNullValuesFromPatch(patchV): deletes null members of every map inside. */
export function discardNullValues(v: Val | null): void {
  if (v === null) return;
  const stack = new Array<Val>();
  stack.push(v);
  while (stack.length > 0) {
    const x = stack.pop();
    if (x.t == T_MAP) {
      const m = x.m!;
      for (let i = 0; i < m.slots; i++) {
        if (!m.live(i)) continue;
        const c = m.val(i);
        if (c === null) m.delSlot(i);
        else if (c.t == T_MAP || c.t == T_SLICE) stack.push(c);
      }
    } else if (x.t == T_SLICE) {
      const s = x.s!;
      for (let i = 0; i < s.len; i++) {
        const c = s.get(i);
        if (c !== null && (c.t == T_MAP || c.t == T_SLICE)) stack.push(c);
      }
    }
  }
}
