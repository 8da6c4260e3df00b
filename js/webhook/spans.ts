// Where a member's value sits in JSON bytes, without parsing it: the engine gets an AdmissionReview's
// objects as the API server wrote them (no JS number rounding, no re-serialization). The input must be
// valid JSON (the caller checked it with JSON.parse); the walk is iterative, so any nesting is safe.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** True for JSON whitespace. */
function isSpace(b: number | undefined): boolean {
  return b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
}

/** The offset just past the string starting at `i` (a quote). */
function stringEnd(bytes: Uint8Array, i: number): number {
  let j = i + 1;
  while (j < bytes.length) {
    const b = bytes[j]!;
    if (b === BACKSLASH) j += 2;
    else if (b === QUOTE) return j + 1;
    else j++;
  }
  return j;
}

/** The offset just past the value starting at `i` (no leading whitespace). */
export function valueEnd(bytes: Uint8Array, i: number): number {
  const first = bytes[i];
  if (first === QUOTE) return stringEnd(bytes, i);
  if (first !== 0x7b && first !== 0x5b) {
    let j = i;
    while (j < bytes.length && !isSpace(bytes[j]) && bytes[j] !== 0x2c && bytes[j] !== 0x7d && bytes[j] !== 0x5d) j++;
    return j;
  }
  let depth = 0;
  let j = i;
  while (j < bytes.length) {
    const b = bytes[j]!;
    if (b === QUOTE) {
      j = stringEnd(bytes, j);
      continue;
    }
    if (b === 0x7b || b === 0x5b) depth++;
    else if (b === 0x7d || b === 0x5d) {
      depth--;
      if (depth === 0) return j + 1;
    }
    j++;
  }
  return j;
}

/** Skips whitespace from `i`. */
function skip(bytes: Uint8Array, i: number): number {
  while (isSpace(bytes[i])) i++;
  return i;
}

/** The decoded key of the string at [start, end) (JSON.parse of its bytes). */
function keyOf(bytes: Uint8Array, start: number, end: number): string {
  return JSON.parse(new TextDecoder().decode(bytes.subarray(start, end))) as string;
}

/** The [start, end) of each member's value of the object starting at `start`, by key, and where the member's key starts
 *  (a repeated key: the last, as Go's decoder keeps it). */
export function memberSpans(bytes: Uint8Array, start: number): Map<string, [number, number, number]> {
  const out = new Map<string, [number, number, number]>();
  let i = skip(bytes, start);
  if (bytes[i] !== 0x7b) return out;
  i = skip(bytes, i + 1);
  while (i < bytes.length && bytes[i] !== 0x7d) {
    const keyStart = i;
    const keyEnd = stringEnd(bytes, i);
    const key = keyOf(bytes, i, keyEnd);
    i = skip(bytes, keyEnd);
    i = skip(bytes, i + 1); // the colon
    const end = valueEnd(bytes, i);
    out.set(key, [i, end, keyStart]);
    i = skip(bytes, end);
    if (bytes[i] === 0x2c) i = skip(bytes, i + 1);
  }
  return out;
}

/** The bytes of the object at [0, len) without the member at `path` (keys from the top; the last key is removed with
 *  its separator); the same bytes when a key is missing. */
export function withoutMember(bytes: Uint8Array, path: readonly string[]): Uint8Array {
  let start = 0;
  for (let i = 0; i < path.length - 1; i++) {
    const span = memberSpans(bytes, start).get(path[i]!);
    if (span === undefined) return bytes;
    start = span[0];
  }
  const members = memberSpans(bytes, start);
  const span = members.get(path[path.length - 1]!);
  if (span === undefined) return bytes;
  const keyStart = span[2];
  // ... through the comma after the value, or back over the comma before it when it is the last member
  let cut0 = keyStart;
  let cut1 = skip(bytes, span[1]);
  if (bytes[cut1] === 0x2c) cut1++;
  else {
    let j = cut0 - 1;
    while (isSpace(bytes[j])) j--;
    if (bytes[j] === 0x2c) cut0 = j;
  }
  const out = new Uint8Array(bytes.length - (cut1 - cut0));
  out.set(bytes.subarray(0, cut0), 0);
  out.set(bytes.subarray(cut1), cut0);
  return out;
}
