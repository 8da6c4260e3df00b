// A small, obviously-correct model of Go's json.Marshal(interface{}) for values JSON.parse produced,
// used by property tests as an independent reference (the Go oracle is the authority; this model
// lets the plain test command check millions of shapes without Go).

const enc = new TextEncoder();

/** Go's string encoder with escapeHTML; lone surrogates count as U+FFFD (what Go's decoder made of them). */
export function goQuote(s: string, go22 = true): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c >= 0xd800 && c <= 0xdfff) { out += "\ufffd"; continue; }
    if (ch === '"') out += '\\"';
    else if (ch === "\\") out += "\\\\";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (go22 && ch === "\b") out += "\\b";
    else if (go22 && ch === "\f") out += "\\f";
    else if (c < 0x20 || ch === "<" || ch === ">" || ch === "&" || c === 0x2028 || c === 0x2029) {
      out += "\\u" + c.toString(16).padStart(4, "0");
    } else out += ch;
  }
  return out + '"';
}

/** Compares keys as Go compares strings (UTF-8 bytes), after lone surrogates became U+FFFD. */
function byteOrder(a: string, b: string): number {
  return Buffer.compare(Buffer.from(enc.encode(a)), Buffer.from(enc.encode(b)));
}

/** The key as Go decoded it: lone surrogates replaced. */
function goKey(k: string): string {
  return k.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");
}

/** Go's json.Marshal of a JSON.parse result; throws RangeError where Go's Unmarshal fails (non-finite numbers). */
export function goMarshal(v: unknown, go22 = true): string {
  if (v === null) return "null";
  if (typeof v === "boolean") return v ? "true" : "false";
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw new RangeError("number out of float64 range");
    return Object.is(v, -0) ? "-0" : String(v);
  }
  if (typeof v === "string") return goQuote(v, go22);
  if (Array.isArray(v)) return "[" + v.map((x) => goMarshal(x, go22)).join(",") + "]";
  const o = v as Record<string, unknown>;
  // distinct raw keys may collide once lone surrogates become U+FFFD: the later one wins, as in a Go map
  const m = new Map<string, unknown>();
  for (const k of Object.keys(o)) m.set(goKey(k), o[k]);
  const keys = [...m.keys()].sort(byteOrder);
  return "{" + keys.map((k) => goQuote(k, go22) + ":" + goMarshal(m.get(k), go22)).join(",") + "}";
}
