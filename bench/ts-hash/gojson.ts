// A straightforward json.Marshal for the TypeScript reference hashes: walks a decoded JSON value with the
// Go schema (field order, omitempty, embedded structs, sorted map keys), writes Go's escaping
// (<, >, & and U+2028/U+2029 as \u00XX / \u20XX) through JSON.stringify for strings.

import { schema, type GoType } from "./schema.ts";

const QUANTITY = "resource.Quantity";
const INT_OR_STRING = "intstr.IntOrString";
const TIME = "v1.Time";

/** Go's string escaping on top of JSON.stringify. */
function goString(s: string): string {
  return JSON.stringify(s).replace(/[<>&\u2028\u2029]/g, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
}

/** True when encoding/json's omitempty drops `v` of type `t`. */
function isEmpty(t: GoType, v: unknown): boolean {
  if (v === undefined || v === null) return t.kind !== "struct";
  switch (t.kind) {
    case "string": return v === "";
    case "bool": return v === false;
    case "slice": case "map": return Array.isArray(v) ? v.length === 0 : Object.keys(v as object).length === 0;
    case "ptr": case "struct": return false;
    default: return v === 0;
  }
}

/** json.Marshal of `v` as Go type `name`. */
export function marshal(name: string, v: unknown): string {
  if (name === QUANTITY) return v === undefined || v === null ? '"0"' : goString(v as string);
  if (name === INT_OR_STRING) return typeof v === "string" ? goString(v) : String(v ?? 0);
  if (name === TIME) return v === undefined || v === null ? "null" : goString(v as string);
  const t = schema[name]!;
  switch (t.kind) {
    case "ptr": return v === undefined || v === null ? "null" : marshal(t.elem!, v);
    case "slice": return v === undefined || v === null ? "null" : "[" + (v as unknown[]).map((e) => marshal(t.elem!, e)).join(",") + "]";
    case "map": {
      if (v === undefined || v === null) return "null";
      const o = v as Record<string, unknown>;
      return "{" + Object.keys(o).sort().map((k) => goString(k) + ":" + marshal(t.elem!, o[k])).join(",") + "}";
    }
    case "struct": {
      const parts: string[] = [];
      writeFields(t, (v ?? {}) as Record<string, unknown>, parts);
      return "{" + parts.join(",") + "}";
    }
    case "string": return goString((v as string | undefined) ?? "");
    case "bool": return v ? "true" : "false";
    default: return String(v ?? 0);
  }
}

function writeFields(t: GoType, o: Record<string, unknown>, parts: string[]): void {
  for (const f of t.fields!) {
    if (f.embedded) { writeFields(schema[f.type]!, o, parts); continue; }
    if (f.json === "-") continue;
    const v = o[f.json];
    const ft = schema[f.type];
    if (f.omitempty && ft && isEmpty(ft, v)) continue;
    if (f.omitempty && !ft && (v === undefined || v === null)) continue;
    parts.push(goString(f.json) + ":" + marshal(f.type, v));
  }
}
