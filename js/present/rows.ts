// Table rows for containers: what happens to each (from a verdict result) and its kubelet hashes per minor.

import { asObject } from "./kinds.js";
import { actionWords, type Words } from "./verdict.js";

/** One container row of the verdict table. */
export interface ContainerRow {
  name: string;
  action: string;
  words: Words;
  /** Other members the op reported for the container (e.g. which fields changed), as given. */
  details: { [key: string]: unknown };
}

/** The container rows of a `verdict` result (its `containers` member), in the op's order. */
export function containerRows(result: unknown): ContainerRow[] {
  const list = asObject(result)?.["containers"];
  if (!Array.isArray(list)) return [];
  return list.map((item) => {
    const c = asObject(item) ?? {};
    const { name, action, ...details } = c;
    const a = typeof action === "string" ? action : "keep";
    return { name: typeof name === "string" ? name : "", action: a, words: actionWords(a), details };
  });
}

/** A reason of a verdict: the JSON path it is about and the message. */
export interface ReasonRow {
  path: string;
  message: string;
  details: { [key: string]: unknown };
}

/** The reasons of a `verdict` result (its `reasons` member). */
export function reasonRows(result: unknown): ReasonRow[] {
  const list = asObject(result)?.["reasons"];
  if (!Array.isArray(list)) return [];
  return list.map((item) => {
    const r = asObject(item) ?? {};
    const { path, message, ...details } = r;
    return { path: typeof path === "string" ? path : "", message: typeof message === "string" ? message : JSON.stringify(item), details };
  });
}

/** Kubelet minors that share one hash, for a compact "hash per kubelet minor" cell. */
export interface HashSpan {
  /** First and last minor of the run ("1.16", "1.26"). */
  from: string;
  to: string;
  hash: string;
}

/** Groups consecutive minors with the same hash: [["1.16","a"],["1.17","a"],["1.31","b"]] → two spans. */
export function hashSpans(hashes: readonly (readonly [minor: string, hash: string])[]): HashSpan[] {
  const spans: HashSpan[] = [];
  for (const [minor, hash] of hashes) {
    const last = spans[spans.length - 1];
    if (last !== undefined && last.hash === hash) last.to = minor;
    else spans.push({ from: minor, to: minor, hash });
  }
  return spans;
}

/** "1.16–1.26" or "1.31" for a span. */
export function spanLabel(span: HashSpan): string {
  return span.from === span.to ? span.from : `${span.from}–${span.to}`;
}

/** A container's hash before and after a change at one kubelet minor. */
export interface HashChange {
  minor: string;
  before?: string;
  after?: string;
  changed: boolean;
}

/** A container row with its kubelet hashes before and after, per minor (for the page's container table). */
export interface ContainerTableRow extends ContainerRow {
  hashes: HashChange[];
}

/** Hashes per container name and kubelet minor of a pod template's containers, computed by `hash` (e.g. containerHash(c, {kubelet}).hash). */
export function containerHashes(
  containers: readonly { name: string; container: unknown }[],
  minors: readonly string[],
  hash: (container: unknown, kubelet: string) => string,
): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const c of containers) out.set(c.name, new Map(minors.map((m) => [m, hash(c.container, m)] as const)));
  return out;
}

/** The verdict's container rows joined with hashes before and after (from containerHashes), per minor in `minors` order. */
export function containerTable(
  result: unknown,
  before: Map<string, Map<string, string>>,
  after: Map<string, Map<string, string>>,
  minors: readonly string[],
): ContainerTableRow[] {
  return containerRows(result).map((row) => ({
    ...row,
    hashes: minors.map((minor) => {
      const b = before.get(row.name)?.get(minor);
      const a = after.get(row.name)?.get(minor);
      return { minor, before: b, after: a, changed: b !== a };
    }),
  }));
}
