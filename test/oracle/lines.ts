// Request lines as both oracle and engine runners send them: bytes, one request each, following the
// line rules of `kinplace eval` (split on LF, trailing CR dropped, blank lines get no answer).

const encoder = new TextEncoder();

/** True when the line holds nothing but spaces, tabs and CRs (`kinplace eval` skips it). */
export function isBlank(line: Uint8Array): boolean {
  return line.every((c) => c === 0x20 || c === 0x09 || c === 0x0d);
}

/** The bytes of one request line; throws for lines that would not get exactly one answer. */
export function requestBytes(l: string | Uint8Array): Uint8Array {
  const line = typeof l === "string" ? encoder.encode(l) : l;
  if (line.includes(0x0a)) throw new Error("a request line must not contain a newline byte");
  if (isBlank(line)) throw new Error("a blank request line gets no answer");
  return line;
}
