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
