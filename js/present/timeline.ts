// Rows of a simulated rollout (the `rollout.simulate` result) for a table or a drawn timeline.

import { asObject } from "./kinds.js";

/** One round of a rollout as a person reads it. */
export interface TimelineRow {
  round: number;
  /** Seconds since the start. */
  time: number;
  inPlace: string[];
  recreated: string[];
  surged: string[];
  created: string[];
  deleted: string[];
  other: string[];
  /** Available pods when the round starts and after its actions. */
  available: number;
  availableAfter: number;
  /** What the controller keeps available (desired − maxUnavailable). */
  floor: number;
  updated: number;
  total: number;
}

/** The summary of a simulated rollout. */
export interface TimelineSummary {
  outcome: string;
  tone: "good" | "bad";
  seconds: number;
  rounds: number;
  error?: string;
  readySeconds: number;
  inPlaceSeconds: number;
  final: { total: number; updated: number; available: number };
}

/** Names in a member that is a list of strings. */
function names(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
}

/** A number member, or 0. */
function num(o: { [key: string]: unknown } | undefined, k: string): number {
  const v = o?.[k];
  return typeof v === "number" ? v : 0;
}

/** The rounds of a `rollout.simulate` result. */
export function timelineRows(result: unknown): TimelineRow[] {
  const list = asObject(result)?.["timeline"];
  if (!Array.isArray(list)) return [];
  return list.map((x) => {
    const r = asObject(x);
    return {
      round: num(r, "round"),
      time: num(r, "time"),
      inPlace: names(r?.["inPlace"]),
      recreated: names(r?.["recreated"]),
      surged: names(r?.["surged"]),
      created: names(r?.["created"]),
      deleted: names(r?.["deleted"]),
      other: names(r?.["other"]),
      available: num(r, "available"),
      availableAfter: num(r, "availableAfter"),
      floor: num(r, "floor"),
      updated: num(r, "updated"),
      total: num(r, "total"),
    };
  });
}

/** The outcome, duration, model and final state of a `rollout.simulate` result. */
export function timelineSummary(result: unknown): TimelineSummary {
  const t = asObject(result);
  const model = asObject(t?.["model"]);
  const final = asObject(t?.["final"]);
  const outcome = typeof t?.["outcome"] === "string" ? (t["outcome"] as string) : "";
  const error = typeof t?.["error"] === "string" ? (t["error"] as string) : undefined;
  return {
    outcome,
    tone: outcome === "complete" ? "good" : "bad",
    seconds: num(t, "seconds"),
    rounds: num(t, "rounds"),
    ...(error === undefined ? {} : { error }),
    readySeconds: num(model, "readySeconds"),
    inPlaceSeconds: num(model, "inPlaceSeconds"),
    final: { total: num(final, "total"), updated: num(final, "updated"), available: num(final, "available") },
  };
}

/** The most characters `podNames` writes before it counts the rest. */
export const POD_NAMES_WIDTH = 48;

/**
 * Pod names as one short cell: up to 3 as they are; more with each run of consecutive numbers of one prefix as a range
 * and the count ("web-0–web-19 (20)", "web-0–web-4 web-9 (6)"), cut to about `max` characters ("… +12 more (40)").
 */
export function podNames(names: readonly string[], max = POD_NAMES_WIDTH): string {
  if (names.length <= 3) return names.join(" ");
  const parts: string[] = [];
  let i = 0;
  while (i < names.length) {
    const m = /^(.*?)(\d+)$/.exec(names[i]!);
    let j = i;
    if (m !== null) {
      const n = Number(m[2]);
      while (j + 1 < names.length && names[j + 1] === `${m[1]}${n + (j + 1 - i)}`) j++;
    }
    parts.push(j - i >= 2 ? `${names[i]}–${names[j]}` : names.slice(i, j + 1).join(" "));
    i = j + 1;
  }
  const count = ` (${names.length})`;
  let text = "";
  let shown = 0;
  for (const p of parts) {
    const next = text === "" ? p : `${text} ${p}`;
    if (next.length > max && text !== "") break;
    text = next;
    shown += p.includes("–") ? 0 : p.split(" ").length;
    if (p.includes("–")) {
      const [a, b] = p.split("–") as [string, string];
      shown += Number(/(\d+)$/.exec(b)![1]) - Number(/(\d+)$/.exec(a)![1]) + 1;
    }
  }
  return shown < names.length ? `${text} … +${names.length - shown} more${count}` : `${text}${count}`;
}
