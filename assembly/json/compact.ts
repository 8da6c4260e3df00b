// JSON text as Go's json.Marshal writes a json.RawMessage: json.Compact with HTML escaping. Whitespace
// goes; everything else (key order, duplicate keys, number spellings, escapes, even invalid UTF-8)
// stays, except that `<`, `>`, `&`, U+2028 and U+2029 inside strings become \u003c, \u003e, \u0026,
// \u2028 and \u2029. Iterative over a Tape subtree.

import { ByteSink } from "../io/sink";
import { Tape, K_NULL, K_FALSE, K_TRUE, K_NUMBER, K_STRING, K_ARRAY, K_OBJECT, F_HTML, F_HIGH } from "./tape";

/** Writes string content bytes [p, p+n) (as they are in the source), quoted; `html`: Go's compact escaping. */
export function writeCompactString(out: ByteSink, p: usize, n: i32, html: bool = true): void {
  out.reserve(n + 2);
  out.byte(0x22);
  const end = p + <usize>n;
  if (!html) {
    out.bytes(p, n);
    out.byte(0x22);
    return;
  }
  let run = p;
  while (p < end) {
    const c = <i32>load<u8>(p);
    if (c == 0x3c || c == 0x3e || c == 0x26) {
      if (run < p) out.bytes(run, <i32>(p - run));
      out.ascii(c == 0x3c ? "\\u003c" : c == 0x3e ? "\\u003e" : "\\u0026");
      p++;
      run = p;
      continue;
    }
    if (c == 0xe2 && p + 2 < end && load<u8>(p, 1) == 0x80 && (load<u8>(p, 2) & 0xfe) == 0xa8) {
      if (run < p) out.bytes(run, <i32>(p - run));
      out.ascii(load<u8>(p, 2) == 0xa8 ? "\\u2028" : "\\u2029");
      p += 3;
      run = p;
      continue;
    }
    p++;
  }
  if (run < p) out.bytes(run, <i32>(p - run));
  out.byte(0x22);
}

/**
 * True when the text of node `root` is already what writeCompact would write: no whitespace between
 * its tokens (the tokens' lengths add up to its text's length) and, with `html`, no string to escape.
 */
function compactAlready(t: Tape, root: i32, html: bool): bool {
  const stop = t.next(root);
  let want = 0;
  for (let i = root; i < stop; i++) {
    const f = t.flags(i);
    const k = f & 0xff;
    if (k == K_STRING) {
      if (html && (f & (F_HTML | F_HIGH)) != 0) return false;
      want += t.len(i) + 2;
    } else if (k >= K_ARRAY) {
      const c = t.children(i);
      want += 2 + (c > 0 ? c - 1 : 0) + (k == K_OBJECT ? c : 0);
    } else {
      want += t.end(i) - t.start(i);
    }
  }
  return want == t.rawEnd(root) - t.rawStart(root);
}

/** Writes node `root` of `t` compacted, in document order (see the file comment); `html` false: no escaping at all. */
export function writeCompact(t: Tape, root: i32, out: ByteSink, html: bool = true): void {
  if (compactAlready(t, root, html)) {
    const s = t.rawStart(root);
    out.bytes(t.src + <usize>s, t.rawEnd(root) - s);
    return;
  }
  // frames: (container node, remaining children) as two i32 per level
  let cap = 16;
  let frames = heap.alloc(<usize>cap << 3);
  let depth = 0;
  const stop = t.next(root);
  let i = root;
  while (i < stop) {
    const k = t.kind(i);
    // separator before this node
    if (depth > 0) {
      const fp = frames + (<usize>(depth - 1) << 3);
      const parent = load<i32>(fp);
      const done = load<i32>(fp, 4); // values written so far (objects: counts keys and values)
      if (t.kind(parent) == K_OBJECT) {
        if (done & 1) out.byte(0x3a);
        else if (done > 0) out.byte(0x2c);
      } else if (done > 0) out.byte(0x2c);
      store<i32>(fp, done + 1, 4);
    }
    // a string without < > & and without bytes >= 0x80 (reader flags) has nothing to escape: copied as it is
    if (k == K_STRING) writeCompactString(out, t.ptr(i), t.len(i), html && (t.flags(i) & (F_HTML | F_HIGH)) != 0);
    else if (k == K_NUMBER) out.bytes(t.ptr(i), t.len(i));
    else if (k == K_TRUE) out.ascii("true");
    else if (k == K_FALSE) out.ascii("false");
    else if (k == K_NULL) out.ascii("null");
    else {
      out.byte(k == K_OBJECT ? 0x7b : 0x5b);
      if (t.children(i) == 0) {
        out.byte(k == K_OBJECT ? 0x7d : 0x5d);
      } else {
        if (depth >= cap) {
          cap <<= 1;
          frames = heap.realloc(frames, <usize>cap << 3);
        }
        const fp = frames + (<usize>depth << 3);
        store<i32>(fp, i);
        store<i32>(fp, 0, 4);
        depth++;
        i++;
        continue;
      }
    }
    i++;
    // close every container whose children are all written
    while (depth > 0) {
      const fp = frames + (<usize>(depth - 1) << 3);
      const parent = load<i32>(fp);
      const done = load<i32>(fp, 4);
      const want = t.kind(parent) == K_OBJECT ? t.children(parent) << 1 : t.children(parent);
      if (done < want) break;
      out.byte(t.kind(parent) == K_OBJECT ? 0x7d : 0x5d);
      depth--;
    }
  }
}
