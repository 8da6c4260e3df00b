// Go encoding/json details the JS Kruise port needs to write Kruise's bytes: string escaping (HTML
// characters and U+2028/U+2029 as \u escapes), maps with sorted keys, []byte as base64.

/** A JSON string as Go's json.Marshal writes it. */
export function goString(s: string): string {
  const t = JSON.stringify(s);
  return /[<>&\u2028\u2029]/.test(t) ? t.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`) : t;
}

/** A map[string]string as Go writes it (sorted keys). */
export function goStringMap(m: Record<string, string>): string {
  const keys = Object.keys(m).sort();
  let out = "{";
  for (let i = 0; i < keys.length; i++) out += (i ? "," : "") + goString(keys[i]!) + ":" + goString(m[keys[i]!]!);
  return out + "}";
}

/** Any JSON value with object keys sorted (how Go marshals a map[string]interface{}). */
export function goSorted(v: unknown): string {
  if (v === null || typeof v !== "object") return typeof v === "string" ? goString(v) : JSON.stringify(v);
  if (Array.isArray(v)) return "[" + v.map(goSorted).join(",") + "]";
  const o = v as Record<string, unknown>;
  return "{" + Object.keys(o).sort().map((k) => goString(k) + ":" + goSorted(o[k])).join(",") + "}";
}

/** A metav1.ObjectMeta holding only labels and annotations, as Go writes it. */
export function goObjectMeta(m: { labels?: Record<string, string>; annotations?: Record<string, string> }): string {
  let out = '{"creationTimestamp":null';
  if (m.labels && Object.keys(m.labels).length) out += ',"labels":' + goStringMap(m.labels);
  if (m.annotations && Object.keys(m.annotations).length) out += ',"annotations":' + goStringMap(m.annotations);
  return out + "}";
}
