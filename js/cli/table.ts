// Plain-text tables for the terminal: columns padded to their widest cell; given a width (stdout is a terminal), the
// cells of the wrappable columns are wrapped at spaces, widest column first, until the table fits.

/** Visible length of a cell (SGR color codes do not count). */
function visible(s: string): number {
  // eslint-disable-next-line no-control-regex
  return s.replace(/\x1b\[[0-9;]*m/g, "").length;
}

/** The lines of `text` wrapped at spaces to `width` characters (a word longer than the width stays whole). */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line === "") line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  lines.push(line);
  return lines;
}

/** Options of renderTable. */
export interface TableOptions {
  /** The width to fit (undefined: no wrapping, every row one line). */
  width?: number;
  /** Indexes of the columns whose cells may wrap. */
  wrap?: readonly number[];
  /** Characters before each line. */
  indent?: number;
  /** Styles the heading line. */
  bold?: (s: string) => string;
}

/** The narrowest a wrapped column becomes. */
const MIN_WRAPPED = 12;

/** The lines of a table: `head`, then `rows` (plain cells), two spaces between columns, trailing spaces trimmed. */
export function renderTable(head: readonly string[], rows: readonly (readonly string[])[], options: TableOptions = {}): string[] {
  const indent = " ".repeat(options.indent ?? 2);
  const widths = head.map((h, i) => Math.max(visible(h), ...rows.map((r) => visible(r[i] ?? ""))));
  const total = (): number => indent.length + widths.reduce((a, b) => a + b, 0) + 2 * (widths.length - 1);
  const wrap = options.wrap ?? [];
  if (options.width !== undefined) {
    // narrow the widest wrappable column (to its longest word at least) until the table fits
    const floor = wrap.map((i) => Math.max(MIN_WRAPPED, visible(head[i]!), ...rows.flatMap((r) => (r[i] ?? "").split(" ").map((w) => w.length))));
    while (total() > options.width) {
      let pick = -1;
      for (const [k, i] of wrap.entries()) if (widths[i]! > floor[k]! && (pick < 0 || widths[i]! > widths[pick]!)) pick = i;
      if (pick < 0) break;
      widths[pick] = Math.max(floor[wrap.indexOf(pick)]!, widths[pick]! - (total() - options.width));
    }
  }
  const pad = (s: string, w: number): string => s + " ".repeat(Math.max(0, w - visible(s)));
  const line = (cells: readonly string[]): string => `${indent}${cells.map((c, i) => pad(c, widths[i]!)).join("  ")}`.trimEnd();
  const out = [(options.bold ?? ((s: string) => s))(line(head))];
  for (const r of rows) {
    const parts = r.map((c, i) => (wrap.includes(i) && visible(c) > widths[i]! ? wrapText(c, widths[i]!) : [c]));
    const height = Math.max(...parts.map((p) => p.length));
    for (let k = 0; k < height; k++) out.push(line(parts.map((p) => p[k] ?? "")));
  }
  return out;
}
