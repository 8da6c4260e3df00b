// Terminal styling: colors when stdout is a terminal, plain text otherwise. NO_COLOR (any non-empty
// value) turns colors off; FORCE_COLOR (non-empty and not "0") turns them on even when piped.

import type { Writable } from "node:stream";
import type { Tone } from "../present/verdict.js";

/** Text styling functions (identity when colors are off). */
export interface Style {
  color: boolean;
  bold(s: string): string;
  dim(s: string): string;
  tone(tone: Tone, s: string): string;
  path(s: string): string;
}

/** True when colors should be used for `stream` under `env`. */
export function useColor(stream: Writable, env: NodeJS.ProcessEnv = process.env): boolean {
  const force = env["FORCE_COLOR"];
  if (env["NO_COLOR"] !== undefined && env["NO_COLOR"] !== "") return false;
  if (force !== undefined && force !== "" && force !== "0" && force !== "false") return true;
  if (force === "0" || force === "false") return false;
  return (stream as Writable & { isTTY?: boolean }).isTTY === true && env["TERM"] !== "dumb";
}

/** SGR-wrapped text. */
const sgr = (code: string, s: string): string => `\x1b[${code}m${s}\x1b[0m`;

const TONES: { readonly [t in Tone]: string } = { good: "32", notice: "33", bad: "31" };

/** The style for `stream`. */
export function styleFor(stream: Writable, env: NodeJS.ProcessEnv = process.env): Style {
  return styleOf(useColor(stream, env));
}

/** The style with colors on or off. */
export function styleOf(color: boolean): Style {
  if (!color) {
    const id = (s: string): string => s;
    return { color, bold: id, dim: id, tone: (_t, s) => s, path: id };
  }
  return {
    color,
    bold: (s) => sgr("1", s),
    dim: (s) => sgr("2", s),
    tone: (t, s) => sgr(TONES[t], s),
    path: (s) => sgr("36", s),
  };
}

/** The width of the terminal `stream` writes to (COLUMNS when set, else the terminal's, else 80), or undefined when it
 *  is not a terminal: output for a pipe or a file is laid out the same whatever the window. */
export function terminalWidth(stream: Writable, env: NodeJS.ProcessEnv = process.env): number | undefined {
  const tty = stream as Writable & { isTTY?: boolean; columns?: number };
  if (tty.isTTY !== true) return undefined;
  const columns = Number(env["COLUMNS"]);
  if (Number.isInteger(columns) && columns > 0) return columns;
  return typeof tty.columns === "number" && tty.columns > 0 ? tty.columns : 80;
}
