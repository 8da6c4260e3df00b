// A manifest editor: a plain textarea (native keyboard and screen reader behaviour) over a backdrop that
// paints line numbers, highlighted paths and the syntax error position.

import { byId, fill, h } from "./dom.js";
import type { SyntaxProblem } from "./parse.js";

/** A highlighted range of the text; `tone` picks the color. */
export interface Mark {
  start: number;
  end: number;
  tone: "good" | "notice" | "bad" | "error" | "focus";
  title?: string;
}

/** One editor on the page. */
export class Editor {
  readonly textarea: HTMLTextAreaElement;
  private readonly backdrop: HTMLElement;
  private readonly gutter: HTMLElement;
  private readonly problem: HTMLElement;
  private marks: Mark[] = [];
  private errorLine = 0;

  /** Wires the editor whose textarea has id `id` (elements `${id}-backdrop`, `${id}-gutter`, `${id}-problem`). */
  constructor(id: string, onInput: () => void) {
    this.textarea = byId<HTMLTextAreaElement>(id);
    this.backdrop = byId(`${id}-backdrop`);
    this.gutter = byId(`${id}-gutter`);
    this.problem = byId(`${id}-problem`);
    this.textarea.addEventListener("input", () => {
      this.paint();
      onInput();
    });
    this.textarea.addEventListener("scroll", () => this.sync());
  }

  /** The text. */
  get value(): string {
    return this.textarea.value;
  }

  /** Replaces the text (and repaints). */
  set value(text: string) {
    this.textarea.value = text;
    this.paint();
  }

  /** Shows a syntax error (or clears it with undefined): message with line and column, marked in the text. */
  showProblem(p: SyntaxProblem | undefined, label: string): void {
    if (p === undefined) {
      this.problem.hidden = true;
      this.problem.textContent = "";
      this.textarea.removeAttribute("aria-invalid");
      this.errorLine = 0;
    } else {
      this.problem.hidden = false;
      fill(this.problem, `${label}, line ${p.line}, column ${p.column}: ${p.message} `,
        h("button", { type: "button", class: "link", onclick: () => this.select(p.offset, p.offset + 1) }, "Go to the error"));
      this.textarea.setAttribute("aria-invalid", "true");
      this.errorLine = p.line;
    }
    this.paintMarks(p === undefined ? [] : [{ start: p.offset, end: Math.min(p.offset + 1, this.value.length), tone: "error", title: p.message }]);
  }

  /** Sets the highlighted ranges besides the error mark. */
  setMarks(marks: Mark[]): void {
    this.marks = marks;
    this.paint();
  }

  /** Selects [start, end) and scrolls it into view, focusing the editor. */
  select(start: number, end: number): void {
    const ta = this.textarea;
    ta.focus();
    ta.setSelectionRange(start, end);
    const line = ta.value.slice(0, start).split("\n").length;
    const lh = parseFloat(getComputedStyle(ta).lineHeight) || 20;
    ta.scrollTop = Math.max(0, (line - 3) * lh);
    this.sync();
  }

  private errorMarks: Mark[] = [];

  /** Repaints with new error marks. */
  private paintMarks(errorMarks: Mark[]): void {
    this.errorMarks = errorMarks;
    this.paint();
  }

  /** Repaints gutter and backdrop. */
  private paint(): void {
    const text = this.value;
    const lines = text.split("\n").length;
    fill(this.gutter, ...Array.from({ length: lines }, (_, i) => h("span", { class: i + 1 === this.errorLine ? "err" : undefined }, String(i + 1))));
    const marks = [...this.marks, ...this.errorMarks].filter((m) => m.end > m.start && m.start < text.length).sort((a, b) => a.start - b.start);
    const parts: (Node | string)[] = [];
    let at = 0;
    for (const m of marks) {
      if (m.start < at) continue; // overlapping marks: the first wins
      parts.push(text.slice(at, m.start));
      parts.push(h("mark", { class: `mark-${m.tone}`, title: m.title }, text.slice(m.start, m.end)));
      at = m.end;
    }
    parts.push(text.slice(at) + "\n");
    fill(this.backdrop, ...parts);
    this.sync();
  }

  /** Keeps backdrop and gutter scrolled with the textarea. */
  private sync(): void {
    this.backdrop.style.transform = `translate(${-this.textarea.scrollLeft}px, ${-this.textarea.scrollTop}px)`;
    this.gutter.style.transform = `translateY(${-this.textarea.scrollTop}px)`;
  }
}
