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

/** A structured result rendered as the first one (`structured(format, value, true)`) as it is printed after others
 *  when `first` is false: a YAML document gets the `---` before it. */
export function followingText(format: OutputFormat | "markdown", text: string, first: boolean): string {
  return format === "yaml" && !first ? `---\n${text}` : text;
}
