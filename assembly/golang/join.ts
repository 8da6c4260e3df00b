// strings.Join in one pass. AssemblyScript's Array<string>.join appends one element at a time to a growing
// string when the build shrinks code (asconfig's shrinkLevel 1): quadratic in the number of parts, which a
// list of 100,000 error messages or names turns into minutes and gigabytes.

/** strings.Join(elems, sep): the elements with `sep` between them. */
export function joinStrings(elems: Array<string>, sep: string): string {
  const n = elems.length;
  if (n == 0) return "";
  if (n == 1) return unchecked(elems[0]);
  let units = sep.length * (n - 1);
  for (let i = 0; i < n; i++) units += unchecked(elems[i]).length;
  const bytes = <usize>units << 1; // UTF-16 code units
  const buf = heap.alloc(bytes > 0 ? bytes : 1);
  const sepBytes = <usize>sep.length << 1;
  let at = buf;
  for (let i = 0; i < n; i++) {
    if (i > 0 && sepBytes > 0) {
      memory.copy(at, changetype<usize>(sep), sepBytes);
      at += sepBytes;
    }
    const e = unchecked(elems[i]);
    const b = <usize>e.length << 1;
    memory.copy(at, changetype<usize>(e), b);
    at += b;
  }
  return String.UTF16.decodeUnsafe(buf, bytes);
}
