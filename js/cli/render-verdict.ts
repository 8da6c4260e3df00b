// The text rendering of one `check` result: the verdict in words, a table of containers, the reasons
// with their paths, the policy's decisions and the patches.

import { asObject } from "../present/kinds.js";
import { containerRows, reasonRows } from "../present/rows.js";
import { verdictWords } from "../present/verdict.js";
import type { Style } from "./style.js";

/** A policy's judgement as the CLI shows it. */
export interface PolicyView {
  denied: boolean;
  lines: { path: string; rule: string; verdict: string; effect: string; message: string }[];
}

/** Reads the `policy` member of a verdict result ({decision, violations: [{path, rule, verdict, effect, message}]}). */
export function policyView(policy: unknown): PolicyView | undefined {
  const p = asObject(policy);
  if (p === undefined) return undefined;
  const list = Array.isArray(p["violations"]) ? (p["violations"] as unknown[]) : [];
  const lines = list.map((x) => {
    const o = asObject(x) ?? {};
    const s = (k: string): string => (typeof o[k] === "string" ? (o[k] as string) : "");
    return { path: s("path"), rule: s("rule"), verdict: s("verdict"), effect: s("effect"), message: s("message") };
  });
  return { denied: p["decision"] === "deny", lines };
}

/** Pads `s` to `width` visible characters (ignoring SGR codes). */
function pad(s: string, width: number): string {
  // eslint-disable-next-line no-control-regex
  const visible = s.replace(/\x1b\[[0-9;]*m/g, "").length;
  return s + " ".repeat(Math.max(0, width - visible));
}

/** How the patches of a verdict are labelled. */
export const PATCH_NAMES: { readonly [name: string]: string } = {
  json: "JSON patch",
  merge: "merge patch",
  strategic: "strategic merge patch",
  pod: "pod patch Kruise sends",
  resize: "resize patch Kruise sends to each pod",
};

/** A patch value as one line of JSON text (strings are Go's bytes already). */
function patchText(p: unknown): string {
  return typeof p === "string" ? p : JSON.stringify(p);
}

/** How `check` shows the patches of a verdict: not at all, each cut to one line of the width, or whole. */
export type PatchMode = "none" | "short" | "full";

/** The --patches values. */
export const PATCH_MODES: readonly PatchMode[] = ["none", "short", "full"];

/** The width a short patch line is cut to when the output is not a terminal (stable, whatever the window). */
export const PLAIN_WIDTH = 100;

/** `text` after `prefix` cut to `width` characters in all, ending with "… (N bytes)" when cut. */
export function cutToWidth(prefix: number, text: string, width: number): string {
  if (prefix + text.length <= width) return text;
  const tail = `… (${new TextEncoder().encode(text).length} bytes)`;
  const room = Math.max(20, width - prefix - tail.length);
  return `${text.slice(0, room)}${tail}`;
}

/** The kubelet's admission of the resize (the verdict's resizeAdmission member) as one line, e.g. "the kubelet defers
 *  the resize: Node didn't have enough resource: cpu, ..."; undefined when absent. */
export function admissionLine(admission: unknown): { tone: "good" | "notice" | "bad"; text: string } | undefined {
  const a = asObject(admission);
  if (a === undefined || typeof a["status"] !== "string") return undefined;
  const status = a["status"];
  const message = typeof a["message"] === "string" ? a["message"] : "";
  const resize = typeof a["resize"] === "string" ? a["resize"] : "";
  const head = status === "Admitted" ? "the kubelet admits the resize on its node" : status === "Deferred" ? "the kubelet defers the resize" : "the kubelet finds the resize infeasible";
  const text = message ? `${head}: ${message}` : resize ? `${head} (status.resize ${resize})` : head;
  return { tone: status === "Admitted" ? "good" : status === "Deferred" ? "notice" : "bad", text };
}

/** The text block of one verdict. */
export function renderVerdict(
  label: string,
  sources: string,
  result: { [key: string]: unknown },
  style: Style,
  patchMode: PatchMode = "full",
  width: number = PLAIN_WIDTH,
): string {
  const policy = policyView(result["policy"]);
  const verdict = typeof result["verdict"] === "string" ? (result["verdict"] as string) : "?";
  const words = verdictWords(verdict);
  const out: string[] = [];
  out.push(`${style.bold(label)}: ${style.bold(style.tone(words.tone, words.label))}`);
  out.push(`  ${words.sentence}`);
  out.push(`  ${style.dim(sources)}`);
  if (result["subresource"] === "resize") {
    out.push(result["kind"] === "Pod"
      ? `  sent to the pod's resize subresource (kubectl patch --subresource resize with the strategic merge patch below)`
      : `  OpenKruise resizes each pod through its resize subresource (the resize patch below) before it updates the pod`);
  }
  const admission = admissionLine(result["resizeAdmission"]);
  if (admission !== undefined) out.push(`  ${style.tone(admission.tone, admission.text)}`);
  if (typeof result["rejection"] === "string") out.push(`  ${style.tone("bad", "the API server answers:")} ${result["rejection"] as string}`);
  const warnings = Array.isArray(result["warnings"]) ? (result["warnings"] as unknown[]).filter((w): w is string => typeof w === "string") : [];
  for (const w of warnings) out.push(`  ${style.tone("notice", "warning:")} ${w}`);
  const rows = containerRows(result);
  if (rows.length > 0) {
    const names = rows.map((r) => (r.details["init"] === true ? `${r.name} (init)` : r.name));
    const width = Math.max(9, ...names.map((n) => n.length)) + 2;
    out.push("", `  ${pad("container", width)}what happens`);
    rows.forEach((r, i) => out.push(`  ${pad(style.bold(names[i]!), width)}${style.tone(r.words.tone, r.words.label)}`));
  }
  const reasons = reasonRows(result);
  if (reasons.length > 0) {
    out.push("", "  reasons:");
    for (const r of reasons) {
      const effect = typeof r.details["effect"] === "string" ? (r.details["effect"] as string) : "";
      const tone = effect === "none" || effect === "in-place" ? "good" : effect === "restart" ? "notice" : "bad";
      // Kruise's reasons already start with their decision ("recreate: ..."): don't say it twice
      const message = effect && r.message.startsWith(`${effect}: `) ? r.message.slice(effect.length + 2) : r.message;
      out.push(`    ${style.path(r.path || "(whole object)")}  ${effect ? `${style.tone(tone, effect)}: ` : ""}${message}`);
    }
  }
  if (policy !== undefined) {
    out.push("", `  policy: ${policy.denied ? style.tone("bad", "denied") : style.tone("good", "allowed")}`);
    for (const l of policy.lines) {
      const rule = l.rule ? ` (rule ${l.rule}: at most ${l.verdict})` : "";
      out.push(`    ${style.path(l.path || "(any)")}  ${style.tone("bad", l.effect)}${rule}${l.message ? `: ${l.message}` : ""}`);
    }
  }
  const patches = asObject(result["patches"]);
  if (patches !== undefined && patchMode !== "none") {
    const entries = Object.entries(patches).filter(([, p]) => p !== undefined && p !== null);
    if (entries.length > 0) {
      out.push("", "  patches of the pod template:");
      for (const [name, p] of entries) {
        const head = `${PATCH_NAMES[name] ?? name}:`;
        const text = patchText(p);
        out.push(`    ${style.dim(head)} ${patchMode === "full" ? text : cutToWidth(5 + head.length, text, width)}`);
      }
    }
  }
  return `${out.join("\n")}\n\n`;
}
