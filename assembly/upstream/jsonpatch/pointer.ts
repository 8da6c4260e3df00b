// JSON pointers (RFC 6901) the way the Go patch libraries build and read them.

import { ByteSink } from "../../io/sink";
import { Bytes } from "../../json/dom";

/** Appends key bytes escaped for a pointer: `~` as `~0`, `/` as `~1`. */
export function appendEscapedKey(out: ByteSink, p: usize, n: i32): void {
  out.reserve(n);
  for (let i = 0; i < n; i++) {
    const c = <i32>load<u8>(p + <usize>i);
    if (c == 0x7e) out.ascii("~0");
    else if (c == 0x2f) out.ascii("~1");
    else out.byte(c);
  }
}

/**
 * appscode/jsonpatch makePath: `path + "/" + escaped(key)`, except that the root path "" gives "/key"
 * and a path that already ends with "/" (after an empty key) gets no second slash.
 */
export function makePath(path: Bytes, kp: usize, kn: i32): Bytes {
  const out = new ByteSink(path.len + kn + 8);
  out.bytes(path.ptr, path.len);
  if (path.len == 0 || load<u8>(path.ptr + <usize>(path.len - 1)) != 0x2f) out.byte(0x2f);
  appendEscapedKey(out, kp, kn);
  return new Bytes(out.ptr, out.len);
}

/** An index segment's marker for a key segment. */
const KEY: i32 = -2;

/**
 * An RFC 6901 pointer whose text is made only when it is written (so a diff's many pointers below one deep
 * path share it): a key, or an array index (-1: "-"), below a parent (null: the document).
 */
@final
export class Pointer {
  constructor(public parent: Pointer | null, public ptr: usize, public len: i32, public index: i32) {}

  /** Appends the text: "/" and the escaped key or the index, segment by segment. */
  write(out: ByteSink): void {
    const chain = new Array<Pointer>();
    let p: Pointer | null = this;
    while (p !== null) {
      chain.push(p);
      p = p.parent;
    }
    for (let i = chain.length - 1; i >= 0; i--) {
      const s = unchecked(chain[i]);
      out.byte(0x2f);
      if (s.index == KEY) appendEscapedKey(out, s.ptr, s.len);
      else if (s.index < 0) out.byte(0x2d);
      else out.uint(<u64>s.index);
    }
  }
}

/** The pointer to member key [p, p+n) below `parent`. */
export function keyPointer(parent: Pointer | null, p: usize, n: i32): Pointer {
  return new Pointer(parent, p, n, KEY);
}

/** The pointer to element i (or "-" when i < 0) below `parent`. */
export function indexPointer(parent: Pointer | null, i: i32): Pointer {
  return new Pointer(parent, 0, 0, i < 0 ? -1 : i);
}

/** Decodes a pointer segment as evanphx/json-patch does (strings.NewReplacer("~1", "/", "~0", "~")). */
export function decodeSegment(p: usize, n: i32): Bytes {
  let esc = false;
  for (let i = 0; i + 1 < n; i++) {
    if (load<u8>(p + <usize>i) == 0x7e) { esc = true; break; }
  }
  if (!esc) return new Bytes(p, n);
  const out = new ByteSink(n);
  let i = 0;
  while (i < n) {
    const c = <i32>load<u8>(p + <usize>i);
    if (c == 0x7e && i + 1 < n) {
      const d = <i32>load<u8>(p + <usize>(i + 1));
      if (d == 0x31) { out.byte(0x2f); i += 2; continue; }
      if (d == 0x30) { out.byte(0x7e); i += 2; continue; }
    }
    out.byte(c);
    i++;
  }
  return new Bytes(out.ptr, out.len);
}

/** Splits bytes on "/" as Go's strings.Split does (n slashes give n+1 parts, empty parts kept). */
export function splitPath(p: usize, n: i32): Array<Bytes> {
  const parts = new Array<Bytes>();
  let start = 0;
  for (let i = 0; i < n; i++) {
    if (load<u8>(p + <usize>i) == 0x2f) {
      parts.push(new Bytes(p + <usize>start, i - start));
      start = i + 1;
    }
  }
  parts.push(new Bytes(p + <usize>start, n - start));
  return parts;
}

/** Bytes as an AssemblyScript string (UTF-8 decoded). */
export function bytesStr(b: Bytes): string {
  return String.UTF8.decodeUnsafe(b.ptr, <usize>b.len);
}
