// The rollout plan drawn as a timeline: one row per pod, a bar where it is updated (in place, recreated,
// surged or created), the time axis in seconds; plus the round table and a sentence for screen readers.

import type { RolloutTimeline } from "../../js/inline.js";
import { h, s } from "./dom.js";

const TONE: { [action: string]: string } = { inPlace: "notice", recreated: "bad", surged: "info", created: "info", deleted: "deleted" };
const WORDS: { [action: string]: string } = { inPlace: "in place", recreated: "recreated", surged: "surged", created: "created", deleted: "deleted", other: "other steps" };
/** Actions on pods (drawn as rows); `other` holds controller steps such as ReplicaSet scaling (table only). */
const POD_ACTIONS = ["inPlace", "recreated", "surged", "created", "deleted"] as const;
const ACTIONS = [...POD_ACTIONS, "other"] as const;

/** Natural order of pod names (web-2 before web-10). */
function natural(a: string, b: string): number {
  return a.localeCompare(b, "en", { numeric: true });
}

/** One sentence summing up a simulated rollout. */
export function timelineSummary(t: RolloutTimeline): string {
  const counts = new Map<string, number>();
  for (const r of t.timeline) for (const a of ACTIONS) counts.set(a, (counts.get(a) ?? 0) + (r[a]?.length ?? 0));
  const did = ACTIONS.filter((a) => (counts.get(a) ?? 0) > 0).map((a) => `${counts.get(a)} ${WORDS[a]}`).join(", ");
  const low = t.timeline.length === 0 ? t.final.available : Math.min(...t.timeline.map((r) => Math.min(r.available, r.availableAfter)));
  const outcome = t.outcome === "complete" ? "Complete" : t.outcome === "stalled" ? "Stalled" : t.outcome === "maxRounds" ? "Stopped at the round limit" : "Failed";
  return `${outcome} after ${t.seconds} s in ${t.rounds} round${t.rounds === 1 ? "" : "s"}: ${t.final.updated} of ${t.final.total} pods updated${did ? ` (${did})` : ""}; at least ${low} pods available throughout.${t.error ? ` ${t.error}` : ""}`;
}

/** The SVG timeline of a simulated rollout. */
export function timelineChart(t: RolloutTimeline): SVGElement {
  const pods = new Set<string>();
  for (const r of t.timeline) for (const a of POD_ACTIONS) for (const p of r[a] ?? []) pods.add(p);
  const rows = [...pods].sort(natural);
  const end = Math.max(t.seconds, ...t.timeline.map((r) => r.time + t.model.readySeconds), 1);
  // the label column fits the longest pod name (12 px monospace: about 7.3 px a character), so no name is cut
  const longest = Math.max(0, ...rows.map((r) => r.length));
  const left = Math.max(110, Math.ceil(longest * 7.6) + 16), rowH = 22, top = 24, width = left + 610;
  const x = (sec: number): number => left + ((width - left - 16) * sec) / end;
  const height = top + rows.length * rowH + 10;
  const parts: SVGElement[] = [];
  const step = end <= 20 ? 5 : end <= 60 ? 10 : end <= 300 ? 30 : 60 * Math.ceil(end / 600);
  for (let sec = 0; sec <= end; sec += step) {
    parts.push(s("line", { x1: x(sec), x2: x(sec), y1: top - 6, y2: height - 6, class: "grid" }));
    parts.push(s("text", { x: x(sec), y: 14, class: "axis", "text-anchor": "middle" }, `${sec} s`));
  }
  rows.forEach((pod, i) => {
    const y = top + i * rowH;
    parts.push(s("text", { x: left - 8, y: y + 15, class: "pod", "text-anchor": "end" }, pod));
    for (const r of t.timeline) {
      for (const a of POD_ACTIONS) {
        if (!(r[a] ?? []).includes(pod)) continue;
        const dur = a === "inPlace" ? t.model.inPlaceSeconds : a === "deleted" ? 0 : t.model.readySeconds;
        const w = Math.max(6, x(r.time + dur) - x(r.time));
        parts.push(s("rect", { x: x(r.time), y: y + 3, width: w, height: rowH - 6, rx: 3, class: `bar bar-${TONE[a]}` },
          s("title", {}, `${pod}: ${WORDS[a]} in round ${r.round} at ${r.time} s`)));
      }
    }
  });
  return s("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": `Rollout timeline: ${timelineSummary(t)}`, class: "timeline" }, ...parts);
}

/** The table of rounds (what the chart shows, as text). */
export function timelineTable(t: RolloutTimeline): HTMLTableElement {
  const list = (v: string[] | undefined): string => (v !== undefined && v.length > 0 ? [...v].sort(natural).join(", ") : "");
  const other = t.timeline.some((r) => (r.other ?? []).length > 0);
  return h("table", { class: "rounds" },
    h("caption", {}, "Rounds (one controller sync each)"),
    h("thead", {}, h("tr", {}, ...["Round", "Time", "In place", "Recreated", "Surged / created", "Deleted", ...(other ? ["Other steps"] : []), "Available", "Floor", "Updated"].map((c) => h("th", { scope: "col" }, c)))),
    h("tbody", {}, ...t.timeline.map((r) => h("tr", {},
      h("td", {}, String(r.round)), h("td", {}, `${r.time} s`), h("td", {}, list(r.inPlace)), h("td", {}, list(r.recreated)),
      h("td", {}, list([...(r.surged ?? []), ...(r.created ?? [])])), h("td", {}, list(r.deleted)),
      other ? h("td", {}, (r.other ?? []).join(", ")) : null,
      h("td", {}, `${r.available} → ${r.availableAfter}`), h("td", {}, String(r.floor)), h("td", {}, `${r.updated} / ${r.total}`)))));
}
