// What the webhook answers to one review: which updates it judges, the verdict as warnings, a policy's
// denial, and what it does when the engine cannot judge an update.

import { KinplaceError } from "../errors.js";
import { objectLabel, workloadKind, type WorkloadKind } from "../present/kinds.js";
import { verdictSentence } from "../present/summary.js";
import type { Decision, Review } from "./review.js";

/** The verdict result of the engine for one update (the `verdict` op's result, with `policy` when a policy was given). */
export type VerdictResult = { [key: string]: unknown };

/** Judges an update of `kind` from `old` to `new` (JSON bytes as sent); throws KinplaceError when the engine refuses it. */
export type Judge = (kind: WorkloadKind, old: Uint8Array, next: Uint8Array) => VerdictResult;

/** The verdicts in rising order of disruption; `warnAt` names the least one that gets a warning. */
export const VERDICT_ORDER = ["none", "in-place", "recreate", "rejected"] as const;

/** How the webhook decides. */
export interface DecideOptions {
  /** The least verdict that gets a warning (default "in-place": every update that touches pods). */
  warnAt: (typeof VERDICT_ORDER)[number];
  /** When the engine cannot judge an update: "allow" with a warning saying so (the default), or "deny". */
  onError: "allow" | "deny";
  /** Longest warning in characters (the API server may cut longer ones); longer sentences end with "...". */
  maxWarningLength: number;
}

/** The defaults of DecideOptions. */
export const DEFAULT_DECIDE: DecideOptions = { warnAt: "in-place", onError: "allow", maxWarningLength: 256 };

/** What one review came to, for the answer, the logs and the metrics. */
export interface Outcome {
  decision: Decision;
  /** The engine's kind name, or "" when the review was not judged. */
  kind: WorkloadKind | "";
  /** The verdict, "skipped" (not an update the webhook judges) or "error" (the engine refused it). */
  verdict: string;
  /** The engine's error code when verdict is "error". */
  errorCode?: string;
  /** Whether a policy denied it. */
  denied: boolean;
}

/** A warning as one printable line of at most `max` characters. */
export function warningText(s: string, max: number): string {
  // eslint-disable-next-line no-control-regex
  const line = s.replace(/[\u0000-\u001f\u007f]+/g, " ");
  return line.length <= max ? line : `${line.slice(0, Math.max(0, max - 3))}...`;
}

/** The engine's kind for the review's request kind and subresource, or undefined when the webhook does not judge it. */
export function judgedKind(review: Review): WorkloadKind | undefined {
  if (review.operation !== "UPDATE") return undefined;
  const apiVersion = review.kind.group === "" ? review.kind.version : `${review.kind.group}/${review.kind.version}`;
  const kind = workloadKind({ apiVersion, kind: review.kind.kind });
  if (kind === undefined) return undefined;
  // a Pod's resize goes to its own subresource; every other subresource (status, scale, ...) leaves the pods alone
  if (review.subResource !== "" && !(kind === "Pod" && review.subResource === "resize")) return undefined;
  return kind;
}

/** The policy's denial message: the sentence and each violation ("path: effect (rule R: at most V): message"). */
function denialMessage(result: VerdictResult, sentence: string): string {
  const policy = result["policy"] as { violations?: { path?: string; rule?: string; verdict?: string; effect?: string; message?: string }[] } | undefined;
  const lines = (policy?.violations ?? []).map((v) => {
    const rule = v.rule ? ` (rule ${v.rule}: at most ${v.verdict ?? "?"})` : "";
    return `${v.path || "(any)"}: ${v.effect ?? ""}${rule}${v.message ? `: ${v.message}` : ""}`;
  });
  return `kinplace policy denies this update: ${sentence}${lines.length > 0 ? `; ${lines.join("; ")}` : ""}`;
}

/** True when some container of the verdict restarts. */
function restartsAny(result: VerdictResult): boolean {
  const list = result["containers"];
  return Array.isArray(list) && list.some((c) => (c as { action?: unknown } | null)?.action === "restart");
}

/** Decides one review with `judge`. */
export function decide(review: Review, judge: Judge, options: DecideOptions = DEFAULT_DECIDE): Outcome {
  const kind = judgedKind(review);
  if (kind === undefined || review.object === undefined || review.oldObject === undefined) {
    return { decision: { allowed: true, warnings: [] }, kind: "", verdict: "skipped", denied: false };
  }
  let result: VerdictResult;
  try {
    result = judge(kind, review.oldObject, review.object);
  } catch (e) {
    if (!(e instanceof KinplaceError)) throw e;
    const where = e.path !== undefined && e.path !== "" ? ` at ${e.path}` : "";
    const what = `kinplace cannot judge this update of ${objectLabel(review.objectValue)}: ${e.code}${where}: ${e.message}`;
    const text = warningText(what, options.maxWarningLength);
    const decision: Decision = options.onError === "allow"
      ? { allowed: true, warnings: [text] }
      : { allowed: false, warnings: [], status: { code: 400, reason: "BadRequest", message: text } };
    return { decision, kind, verdict: "error", errorCode: e.code, denied: false };
  }
  const verdict = typeof result["verdict"] === "string" ? (result["verdict"] as string) : "none";
  const sentence = verdictSentence(result, review.oldObjectValue, review.objectValue) ?? `no pod of ${objectLabel(review.objectValue)} changes`;
  const rank = VERDICT_ORDER.indexOf(verdict as (typeof VERDICT_ORDER)[number]);
  // a Pod updated in place without a restart (labels, annotations: what controllers write all day) is left quiet
  const quiet = verdict === "none" || (kind === "Pod" && verdict === "in-place" && !restartsAny(result));
  const warnings = rank >= VERDICT_ORDER.indexOf(options.warnAt) && !quiet ? [warningText(sentence, options.maxWarningLength)] : [];
  const policy = result["policy"] as { decision?: string } | undefined;
  if (policy?.decision === "deny") {
    return { decision: { allowed: false, warnings, status: { code: 403, reason: "Forbidden", message: denialMessage(result, sentence) } }, kind, verdict, denied: true };
  }
  return { decision: { allowed: true, warnings }, kind, verdict, denied: false };
}
