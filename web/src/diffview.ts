// The side-by-side view of one workload's old and new text: changed lines marked, the lines of each reason's
// path tinted with its effect and tagged with the reason's number (a reason's button scrolls to its lines and
// highlights them), unchanged stretches folded to a few lines of context.

import { h } from "./dom.js";
import { lineDiff, type DiffRow } from "./diff.js";

/** One side of the view: the editor's text lines of the object and the editor line number of its first. */
export interface DiffSide {
  lines: string[];
  firstLine: number;
}

/** The lines (0-based, into a side's lines) a reason's path covers on each side, with its tone. */
export interface ReasonLines {
  old?: [number, number];
  new?: [number, number];
  tone: string;
  label: string;
}

/** Unchanged lines kept around each change (the rest is folded). */
const CONTEXT = 3;

/** True when `line` lies within the inclusive range `r`. */
function within(line: number | undefined, r: [number, number] | undefined): boolean {
  return line !== undefined && r !== undefined && line >= r[0] && line <= r[1];
}

/** The reasons whose lines a row shows. */
function reasonsOf(row: DiffRow, reasons: readonly ReasonLines[]): number[] {
  const out: number[] = [];
  reasons.forEach((r, i) => { if (within(row.old, r.old) || within(row.new, r.new)) out.push(i); });
  return out;
}

/** The side-by-side table of old → new. */
export function diffView(old: DiffSide, next: DiffSide, reasons: readonly ReasonLines[]): HTMLElement {
  const rows = lineDiff(old.lines, next.lines);
  const tags = rows.map((r) => reasonsOf(r, reasons));
  const keep = rows.map(() => false);
  rows.forEach((r, i) => {
    if (r.kind === "same" && tags[i]!.length === 0) return;
    for (let k = Math.max(0, i - CONTEXT); k <= Math.min(rows.length - 1, i + CONTEXT); k++) keep[k] = true;
  });
  const body: HTMLElement[] = [];
  let folded = 0;
  const fold = (): void => {
    if (folded === 0) return;
    body.push(h("tr", { class: "fold" }, h("td", { colspan: 4 }, `⋯ ${folded} unchanged line${folded === 1 ? "" : "s"}`)));
    folded = 0;
  };
  rows.forEach((r, i) => {
    if (!keep[i]) { folded++; return; }
    fold();
    const tag = tags[i]!;
    const tone = tag.length > 0 ? reasons[tag[0]!]!.tone : "";
    const cell = (side: "old" | "new", line: number | undefined, src: DiffSide): HTMLElement[] => {
      if (line === undefined) return [h("td", { class: "ln" }), h("td", { class: `code empty` })];
      const mine = tag.filter((t) => within(line, reasons[t]![side]));
      return [
        h("td", { class: "ln" }, String(src.firstLine + line)),
        h("td", { class: `code${mine.length > 0 ? ` reason-${reasons[mine[0]!]!.tone}` : ""}` },
          ...mine.map((t) => h("span", { class: "reason-tag", title: reasons[t]!.label }, String(t + 1))), src.lines[line]!),
      ];
    };
    body.push(h("tr", { class: `row-${r.kind}${tone ? ` has-reason` : ""}`, "data-kind": r.kind, "data-reasons": tag.length > 0 ? tag.join(" ") : undefined },
      ...cell("old", r.old, old), ...cell("new", r.new, next)));
  });
  fold();
  if (rows.every((r) => r.kind === "same")) return h("p", { class: "muted", id: "diff-view" }, "The old and new text are the same.");
  return h("table", { class: "diff", id: "diff-view" },
    h("caption", {}, "Old (left) and new (right) text of this workload, editor line numbers; changed lines marked, each reason's lines tinted and numbered"),
    h("colgroup", {}, h("col", { class: "ln" }), h("col", {}), h("col", { class: "ln" }), h("col", {})),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, h("span", { class: "visually-hidden" }, "old line")), h("th", { scope: "col" }, "Old"), h("th", { scope: "col" }, h("span", { class: "visually-hidden" }, "new line")), h("th", { scope: "col" }, "New"))),
    h("tbody", {}, ...body));
}

/** Scrolls to the rows of reason `i` and highlights them (the others lose the highlight); false when no row shows it. */
export function showReasonRows(table: HTMLElement, i: number): boolean {
  let first: HTMLElement | undefined;
  for (const tr of table.querySelectorAll<HTMLElement>("tr[data-reasons]")) {
    const on = (tr.dataset["reasons"] ?? "").split(" ").includes(String(i));
    tr.classList.toggle("flash", on);
    if (on && first === undefined) first = tr;
  }
  if (first === undefined) return false;
  first.tabIndex = -1;
  first.scrollIntoView({ block: "center" });
  first.focus({ preventScroll: true });
  return true;
}
