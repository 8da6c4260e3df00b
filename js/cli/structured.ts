// Machine-readable output (`--output json|yaml`): one JSON line, or one YAML document, per result.

import { stringify } from "yaml";

/** The output formats every command takes. */
export const OUTPUT_FORMATS = ["text", "json", "yaml"] as const;

/** One of OUTPUT_FORMATS. */
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** The text of one structured result: a JSON line, or a YAML document (`---` before all but the first). */
export function structured(format: "json" | "yaml", value: unknown, first: boolean): string {
  if (format === "json") return `${JSON.stringify(value)}\n`;
  return `${first ? "" : "---\n"}${stringify(value, { lineWidth: 0 })}`;
}
