// The request's warning recorder as the API server keeps it (k8s.io/apiserver pkg/warning, the recorder the
// handlers attach with warning.WithWarningRecorder): texts in the order they are added, an empty text skipped, a
// text already recorded not added again. Its 4 KiB header truncation is not applied (the oracle's recorder does not).
// The ports share their warnings with the square of their number, so the recorder holds at most `maxChars`
// characters: past that it keeps nothing more and reports `over` (upstream's list has no bound), and the
// quadratic passes stop once it is `full()`. The warning functions add to it directly, as rest.BeforeUpdate adds
// what they return, in the same order.

/** The warnings of one request, in order, each once, at most `maxChars` characters. */
export class WarningRecorder {
  texts: Array<string> = new Array<string>();
  /** True once a text did not fit. */
  over: bool = false;
  private chars: i64 = 0;
  private seen: Set<string> = new Set<string>();

  constructor(public maxChars: i64) {}

  /** warning.AddWarning(ctx, "", text). */
  add(text: string): void {
    if (this.over || text.length == 0 || this.seen.has(text)) return;
    if (this.chars + text.length > this.maxChars) { this.over = true; return; }
    this.chars += text.length;
    this.seen.add(text);
    this.texts.push(text);
  }

  /** True when nothing more will be kept (a pass may stop). */
  full(): bool {
    return this.over;
  }
}
