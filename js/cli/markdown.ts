// `check -o markdown`: the verdicts as a pull-request comment: a marker line (for a CI job to find and update its own
// comment), a heading with the counts, a summary table (one row per workload) and a collapsible <details> per
// workload with its containers, reasons, policy decisions and whole patches.

import { containerRows, reasonRows } from "../present/rows.js";
import { verdictSentence } from "../present/summary.js";
import { isDisruptive, verdictWords } from "../present/verdict.js";
import { cutToWidth, PATCH_NAMES, PLAIN_WIDTH, policyView, type PatchMode } from "./render-verdict.js";

/** The first line of every markdown report: a CI job finds its earlier comment by it. */
export const MARKDOWN_MARKER = "<!-- kinplace check -->";

/** One workload of the report. */
export interface MarkdownEntry {
  label: string;
  /** `old.yaml:3:1 → new.yaml:3:1`. */
  sources: string;
  result: { [key: string]: unknown };
  oldObject: unknown;
  newObject: unknown;
  /** The image pre-download sentence, when there is one. */
  preDownload?: string;
}

/** Text safe in a table cell: pipes escaped, newlines as spaces. */
function cell(s: string): string {
  return s.replace(/\\/g, "\\\\").replace(/\|/g, "\\|").replace(/\r?\n/g, " ");
}

/** Text as inline code (a backtick inside takes a double-backtick span). */
function code(s: string): string {
  return s.includes("`") ? `\`\` ${s} \`\`` : `\`${s}\``;
}

/** Text safe outside code: HTML's < > & escaped (GitHub renders HTML in comments). */
function html(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** A fenced block for `text` (a fence longer than any backtick run inside). */
function fenced(lang: string, text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  return `${fence}${lang}\n${text}\n${fence}`;
}

/** The mark of a verdict in the table. */
function mark(verdict: string, denied: boolean): string {
  if (denied || isDisruptive(verdict)) return "🔴";
  return verdict === "in-place" ? "🟡" : "🟢";
}

/** The <details> block of one workload (its patches as `patchMode` says: whole, cut to 100 characters, or none). */
function details(e: MarkdownEntry, patchMode: PatchMode): string {
  const verdict = String(e.result["verdict"]);
  const words = verdictWords(verdict);
  const policy = policyView(e.result["policy"]);
  const out = [`<details><summary>${html(e.label)}: <b>${html(words.label)}</b>${policy?.denied === true ? " (policy: denied)" : ""}</summary>`, "", words.sentence, "", `${code(e.sources)}`];
  if (typeof e.result["rejection"] === "string") out.push("", `The API server answers: ${code(e.result["rejection"] as string)}`);
  const warnings = Array.isArray(e.result["warnings"]) ? (e.result["warnings"] as unknown[]).filter((w): w is string => typeof w === "string") : [];
  for (const w of warnings) out.push("", `Warning: ${code(w)}`);
  const rows = containerRows(e.result);
  if (rows.length > 0) {
    out.push("", "| container | what happens |", "|---|---|");
    for (const r of rows) out.push(`| ${code(r.name)}${r.details["init"] === true ? " (init)" : ""} | ${cell(r.words.label)} |`);
  }
  const reasons = reasonRows(e.result);
  if (reasons.length > 0) {
    out.push("", "**Reasons**", "");
    for (const r of reasons) {
      const effect = typeof r.details["effect"] === "string" ? (r.details["effect"] as string) : "";
      const message = effect && r.message.startsWith(`${effect}: `) ? r.message.slice(effect.length + 2) : r.message;
      out.push(`- ${code(r.path || "(whole object)")}: ${effect ? `**${effect}**: ` : ""}${html(message)}`);
    }
  }
  if (policy !== undefined) {
    out.push("", `**Policy: ${policy.denied ? "denied" : "allowed"}**`);
    if (policy.lines.length > 0) out.push("");
    for (const l of policy.lines) out.push(`- ${code(l.path || "(any)")} ${l.effect}${l.rule ? ` (rule ${html(l.rule)}: at most ${l.verdict})` : ""}${l.message ? `: ${html(l.message)}` : ""}`);
  }
  if (e.preDownload !== undefined) out.push("", html(e.preDownload));
  const patches = e.result["patches"];
  if (typeof patches === "object" && patches !== null && patchMode !== "none") {
    const entries = Object.entries(patches).filter(([, p]) => p !== undefined && p !== null);
    if (entries.length > 0) {
      out.push("", "**Patches of the pod template**");
      for (const [name, p] of entries) {
        const text = typeof p === "string" ? p : JSON.stringify(p);
        out.push("", `${PATCH_NAMES[name] ?? name}:`, "", fenced("json", patchMode === "full" ? text : cutToWidth(0, text, PLAIN_WIDTH)));
      }
    }
  }
  out.push("", "</details>");
  return out.join("\n");
}

/** One workload's part of the report, rendered: its table row and its <details> block, with what the headline counts. */
export interface MarkdownPart {
  verdict: string;
  denied: boolean;
  row: string;
  details: string;
}

/** The rendered part of one workload (its patches as `patchMode` says). */
export function markdownPart(e: MarkdownEntry, patchMode: PatchMode = "full"): MarkdownPart {
  const verdict = String(e.result["verdict"]);
  const denied = policyView(e.result["policy"])?.denied === true;
  const sentence = verdictSentence(e.result, e.oldObject, e.newObject, false) ?? verdictWords(verdict).sentence;
  const row = `| ${mark(verdict, denied)} | ${cell(e.label)} | ${cell(verdictWords(verdict).label)} | ${cell(html(sentence))} |`;
  return { verdict, denied, row, details: details(e, patchMode) };
}

/** The whole markdown report of `check`; `cannotJudge` counts the workloads reported on stderr instead. */
export function renderMarkdown(entries: readonly MarkdownEntry[], cannotJudge: number, patchMode: PatchMode = "full"): string {
  return renderMarkdownParts(entries.map((e) => markdownPart(e, patchMode)), cannotJudge);
}

/** The whole markdown report from the workloads' rendered parts; `cannotJudge` counts the workloads reported on stderr. */
export function renderMarkdownParts(parts: readonly MarkdownPart[], cannotJudge: number): string {
  const verdicts = parts.map((e) => e.verdict);
  const denied = parts.filter((e) => e.denied).length;
  const disruptive = verdicts.filter(isDisruptive).length;
  const counts = new Map<string, number>();
  for (const v of verdicts) counts.set(verdictWords(v).label, (counts.get(verdictWords(v).label) ?? 0) + 1);
  const labels = [...counts].map(([k, n]) => `${n} ${k}`);
  if (denied > 0) labels.push(`${denied} denied by the policy`);
  if (cannotJudge > 0) labels.push(`${cannotJudge} cannot be judged`);
  const total = parts.length + cannotJudge;
  const headline = disruptive + denied + cannotJudge === 0
    ? `🟢 kinplace: no pod is recreated (${total} workload${total === 1 ? "" : "s"})`
    : `🔴 kinplace: ${disruptive > 0 ? `${disruptive} of ${total} workload${total === 1 ? "" : "s"} recreate${disruptive === 1 ? "s its" : " their"} pods or ${disruptive === 1 ? "is" : "are"} rejected` : "the update needs a look"}`;
  const out = [MARKDOWN_MARKER, `### ${headline}`, "", labels.join(", "), ""];
  if (parts.length > 0) {
    out.push("| | workload | verdict | what happens |", "|---|---|---|---|");
    for (const e of parts) out.push(e.row);
    out.push("");
    for (const e of parts) out.push(e.details, "");
  }
  return `${out.join("\n")}`;
}
