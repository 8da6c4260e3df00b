// Request lines as the generators build them: plain JS values, plus Raw pieces that are written verbatim
// (numbers JS cannot hold, duplicate keys, deep or huge text, invalid UTF-8 bytes), serialized without
// recursion limits on the raw parts.

const encoder = new TextEncoder();

/** A piece of request text written as it is: a string (valid JSON text expected) or raw bytes. */
export class Raw {
  constructor(readonly text: string | Uint8Array) {}
}

/** A JSON object whose members are written in this order, duplicates included. */
export class Members {
  constructor(readonly entries: [string, unknown][]) {}
}

/** Appends the JSON text of `v` to `out` (strings and byte chunks), with an explicit stack: values nest as deep as a mutation makes them. */
function write(root: unknown, out: (string | Uint8Array)[]): void {
  // a stack of values still to write, and of literal text to emit between them (closing brackets, separators)
  const stack: ({ text: string } | { value: unknown })[] = [{ value: root }];
  while (stack.length > 0) {
    const top = stack.pop()!;
    if ("text" in top) { out.push(top.text); continue; }
    const v = top.value;
    if (v instanceof Raw) {
      out.push(v.text);
    } else if (v instanceof Members) {
      out.push("{");
      const items: ({ text: string } | { value: unknown })[] = [];
      v.entries.forEach(([k, x], i) => items.push({ text: (i > 0 ? "," : "") + JSON.stringify(k) + ":" }, { value: x }));
      stack.push({ text: "}" });
      for (let i = items.length - 1; i >= 0; i--) stack.push(items[i]!);
    } else if (Array.isArray(v)) {
      out.push("[");
      const items: ({ text: string } | { value: unknown })[] = [];
      v.forEach((x, i) => { if (i > 0) items.push({ text: "," }); items.push({ value: x }); });
      stack.push({ text: "]" });
      for (let i = items.length - 1; i >= 0; i--) stack.push(items[i]!);
    } else if (v !== null && typeof v === "object") {
      out.push("{");
      const items: ({ text: string } | { value: unknown })[] = [];
      let first = true;
      for (const [k, x] of Object.entries(v)) {
        if (x === undefined) continue;
        items.push({ text: (first ? "" : ",") + JSON.stringify(k) + ":" }, { value: x });
        first = false;
      }
      stack.push({ text: "}" });
      for (let i = items.length - 1; i >= 0; i--) stack.push(items[i]!);
    } else if (v === undefined) {
      out.push("null");
    } else {
      out.push(JSON.stringify(v));
    }
  }
}

/** The request line (UTF-8 bytes) of a value that may hold Raw and Members pieces. */
export function toLine(v: unknown): Uint8Array {
  const parts: (string | Uint8Array)[] = [];
  write(v, parts);
  const chunks: Uint8Array[] = [];
  let text = "";
  for (const p of parts) {
    if (typeof p === "string") {
      text += p;
      if (text.length > 1 << 20) { chunks.push(encoder.encode(text)); text = ""; }
    } else {
      if (text) chunks.push(encoder.encode(text));
      text = "";
      chunks.push(p);
    }
  }
  if (text) chunks.push(encoder.encode(text));
  return concat(chunks);
}

/** The concatenation of byte arrays. */
export function concat(chunks: Uint8Array[]): Uint8Array {
  let n = 0;
  for (const c of chunks) n += c.length;
  const out = new Uint8Array(n);
  let o = 0;
  for (const c of chunks) { out.set(c, o); o += c.length; }
  return out;
}

/** UTF-8 bytes of a string. */
export function utf8(s: string): Uint8Array {
  return encoder.encode(s);
}

const fatal = new TextDecoder("utf-8", { fatal: true });
const lenient = new TextDecoder();

/** A request line for a report: its text (cut to `max` characters) or, when not UTF-8, base64 of its bytes. */
export function showLine(line: Uint8Array, max = 400): string {
  if (!isUTF8(line)) {
    const b64 = Buffer.from(line.subarray(0, max)).toString("base64");
    return `(base64, ${line.length} bytes) ${b64}${line.length > max ? "…" : ""}`;
  }
  const s = lenient.decode(line.length > max * 4 ? line.subarray(0, max * 4) : line);
  return s.length > max || line.length > max * 4 ? `${s.slice(0, max)}… (${line.length} bytes)` : s;
}

/** True when the bytes are valid UTF-8. */
export function isUTF8(line: Uint8Array): boolean {
  try {
    fatal.decode(line);
    return true;
  } catch {
    return false;
  }
}

/** The JSONL record of a request line as the golden vectors spell it: its text, or {base64} when not UTF-8. */
export function lineRecord(line: Uint8Array): string | { base64: string } {
  try {
    return fatal.decode(line);
  } catch {
    return { base64: Buffer.from(line).toString("base64") };
  }
}

/** The bytes of a line record (the inverse of lineRecord). */
export function recordLine(r: string | { base64: string }): Uint8Array {
  return typeof r === "string" ? encoder.encode(r) : new Uint8Array(Buffer.from(r.base64, "base64"));
}
