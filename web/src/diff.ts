// A line diff of two texts for the side-by-side view: the longest common subsequence of lines between the
// common head and tail, within a cell limit (past it the middle is one replaced block), removed and added runs
// set side by side as changed rows.

/** One row of a side-by-side diff: 0-based line indexes into OLD and NEW (absent on the side that lacks it). */
export interface DiffRow {
  kind: "same" | "changed" | "removed" | "added";
  old?: number;
  new?: number;
}

/** The most cells (OLD lines × NEW lines between the common head and tail) the LCS table may have. */
export const DIFF_CELLS = 4_000_000;

/** The side-by-side rows of OLD → NEW; a middle larger than `cells` is shown as all removed, then all added. */
export function lineDiff(a: readonly string[], b: readonly string[], cells = DIFF_CELLS): DiffRow[] {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const n = a.length - head - tail, m = b.length - head - tail;
  // ops over the middle: "=" both, "-" OLD only, "+" NEW only
  const ops: string[] = [];
  if (n * m > cells || n === 0 || m === 0) {
    for (let i = 0; i < n; i++) ops.push("-");
    for (let j = 0; j < m; j++) ops.push("+");
  } else {
    // lcs[i][j]: the LCS length of a[head+i..] and b[head+j..]
    const w = m + 1;
    const lcs = new Uint32Array((n + 1) * w);
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        lcs[i * w + j] = a[head + i] === b[head + j] ? lcs[(i + 1) * w + j + 1]! + 1 : Math.max(lcs[(i + 1) * w + j]!, lcs[i * w + j + 1]!);
      }
    }
    let i = 0, j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && a[head + i] === b[head + j]) { ops.push("="); i++; j++; }
      else if (j < m && (i === n || lcs[i * w + j + 1]! >= lcs[(i + 1) * w + j]!)) { ops.push("+"); j++; }
      else { ops.push("-"); i++; }
    }
  }
  const rows: DiffRow[] = [];
  for (let k = 0; k < head; k++) rows.push({ kind: "same", old: k, new: k });
  let i = head, j = head;
  for (let k = 0; k < ops.length;) {
    if (ops[k] === "=") { rows.push({ kind: "same", old: i++, new: j++ }); k++; continue; }
    // a run of removals and additions: paired side by side, the longer side's rest alone
    const removed: number[] = [], added: number[] = [];
    for (; k < ops.length && ops[k] !== "="; k++) {
      if (ops[k] === "-") removed.push(i++);
      else added.push(j++);
    }
    for (let r = 0; r < Math.max(removed.length, added.length); r++) {
      const o = removed[r], nw = added[r];
      rows.push(o !== undefined && nw !== undefined ? { kind: "changed", old: o, new: nw } : o !== undefined ? { kind: "removed", old: o } : { kind: "added", new: nw! });
    }
  }
  for (let k = 0; k < tail; k++) rows.push({ kind: "same", old: a.length - tail + k, new: b.length - tail + k });
  return rows;
}
