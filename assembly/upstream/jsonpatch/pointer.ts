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

/** makePath with an array index. */
export function makeIndexPath(path: Bytes, i: i32): Bytes {
  const out = new ByteSink(path.len + 12);
  out.bytes(path.ptr, path.len);
  if (path.len == 0 || load<u8>(path.ptr + <usize>(path.len - 1)) != 0x2f) out.byte(0x2f);
  out.uint(<u64>i);
  return new Bytes(out.ptr, out.len);
}

/** A pointer that always adds a slash (RFC 6901 proper): `path + "/" + escaped(key)`. */
export function childPath(path: Bytes, kp: usize, kn: i32): Bytes {
  const out = new ByteSink(path.len + kn + 8);
  out.bytes(path.ptr, path.len);
  out.byte(0x2f);
  appendEscapedKey(out, kp, kn);
  return new Bytes(out.ptr, out.len);
}

/** childPath with an array index (or "-" when i < 0). */
export function childIndexPath(path: Bytes, i: i32): Bytes {
  const out = new ByteSink(path.len + 12);
  out.bytes(path.ptr, path.len);
  out.byte(0x2f);
  if (i < 0) out.byte(0x2d); else out.uint(<u64>i);
  return new Bytes(out.ptr, out.len);
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
