// Rendering of the verdict, the container table, the reasons and the patches (presentation words from js/present).

import type { Verdict } from "../../js/inline.js";
import { actionWords, verdictWords } from "../../js/present/verdict.js";
import { spanLabel } from "../../js/present/rows.js";
import type { PairNote } from "../../js/present/pairs.js";
import type { EngineProblem, HashedRow } from "./analyze.js";
import { h } from "./dom.js";
import { pointerSegments } from "./parse.js";

/** The words for a reason's effect. */
const EFFECTS: { [effect: string]: { label: string; tone: string } } = {
  none: { label: "no effect on pods", tone: "good" },
  "in-place": { label: "patched in place", tone: "notice" },
  restart: { label: "container restart", tone: "notice" },
  recreate: { label: "pod recreated", tone: "bad" },
  rejected: { label: "rejected", tone: "bad" },
};

/** The effect words of a reason. */
export function effectWords(effect: string): { label: string; tone: string } {
  return EFFECTS[effect] ?? { label: effect, tone: "notice" };
}

/** The verdict banner: label, sentence, kind and strategy. */
export function verdictBanner(v: Verdict): HTMLElement[] {
  const w = verdictWords(v.verdict);
  const restarting = v.containers.filter((c) => c.action === "restart").map((c) => c.name);
  const route = v.subresource !== "resize" ? "" : v.kind === "Pod" ? " Sent to the pod's resize subresource." : " OpenKruise resizes each pod through its resize subresource first.";
  const detail = (v.verdict === "in-place" && restarting.length > 0 ? ` Restarting: ${restarting.join(", ")}.` : v.verdict === "in-place" ? " No container restarts." : "") + route;
  return [
    h("p", { class: "verdict-label" }, h("span", { class: `badge badge-${w.tone}` }, w.label)),
    h("p", { class: "verdict-sentence", id: "verdict-sentence" }, w.sentence + detail),
    h("p", { class: "verdict-kind" }, `${v.kind}${v.strategy ? `, strategy ${v.strategy}` : ""}`),
  ];
}

/** A paired workload in the list of the editors' objects. */
export interface WorkloadItem {
  key: string;
  label: string;
  verdict: string;
  current: boolean;
}

/** The words of a pairing note. */
function noteWords(n: PairNote, both: boolean): string {
  if (n.kind === "removed") return "only in the old manifest: removed, not compared";
  if (n.kind === "added") return "only in the new manifest: added, not compared";
  if (n.kind === "skipped") return `skipped (${both ? "old and new" : n.side === "OLD" ? "old" : "new"} manifest): not a workload kind`;
  return n.text;
}

/** Every object of the editors: each paired workload with its verdict (a button that shows it), then the objects not compared. */
export function workloadList(items: WorkloadItem[], notes: PairNote[], pick: (key: string) => void): HTMLElement {
  // an object skipped in both editors is listed once
  const skipped = new Map<string, PairNote[]>();
  for (const n of notes) if (n.kind === "skipped") skipped.set(n.label, [...(skipped.get(n.label) ?? []), n]);
  const others = notes.filter((n) => n.kind !== "skipped" || skipped.get(n.label)![0] === n);
  return h("div", { class: "workloads" },
    h("h3", { id: "workloads-h" }, `Objects in the editors (${items.length} workload${items.length === 1 ? "" : "s"} compared)`),
    h("ul", { id: "workload-list", "aria-labelledby": "workloads-h" },
      ...items.map((it) => {
        const w = verdictWords(it.verdict);
        return h("li", { "data-workload": it.key, "data-verdict": it.verdict },
          h("button", { type: "button", "aria-pressed": it.current ? "true" : "false", onclick: () => pick(it.key) }, it.label),
          " ", h("span", { class: `badge badge-${it.verdict === "error" ? "bad" : w.tone}` }, it.verdict === "error" ? "error" : w.label));
      }),
      ...others.map((n) => h("li", { "data-note": n.kind, class: "note-item" }, n.label === "" ? null : h("span", { class: "note-label" }, n.label), n.label === "" ? "" : " — ", noteWords(n, n.kind === "skipped" && skipped.get(n.label)!.length > 1)))));
}

/** An engine problem as the verdict banner (unsupported kinds get a plain explanation). */
export function problemBanner(p: EngineProblem): HTMLElement[] {
  const head = p.code === "E_UNSUPPORTED_KIND" ? "This kind of object cannot be judged" : p.code === "E_UNSUPPORTED_VERSION" ? "Unsupported version" : "The engine refused the input";
  return [
    h("p", { class: "verdict-label" }, h("span", { class: "badge badge-bad" }, "error")),
    h("p", { class: "verdict-sentence", id: "verdict-sentence" }, `${head}: ${p.message}`),
    h("p", { class: "verdict-kind" }, `${p.code}${p.path ? ` at ${p.path}` : ""}`),
  ];
}

/** The container table: what happens to each container and its kubelet hashes before → after per minor. */
export function containerTable(rows: HashedRow[], kubelet: string): HTMLElement {
  if (rows.length === 0) return h("p", { class: "muted" }, "No containers.");
  return h("table", { class: "containers", id: "container-table" },
    h("caption", {}, "Containers: what happens to each, and the kubelet's container hash before → after per kubelet minor"),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Container"), h("th", { scope: "col" }, "What happens"), h("th", { scope: "col" }, "Kubelet hash before → after"))),
    h("tbody", {}, ...rows.map((r) => {
      const w = actionWords(r.action);
      return h("tr", { "data-container": r.name, "data-action": r.action },
        h("th", { scope: "row" }, r.name, r.details["init"] === true ? h("span", { class: "muted" }, " (init)") : null),
        h("td", {}, h("span", { class: `badge badge-${w.tone}` }, w.label),
          r.action === "restart" && r.spans.every((sp) => !sp.changed) ? h("p", { class: "small muted note" }, "The kubelet's hash does not change: OpenKruise's daemon restarts it.") : null),
        h("td", {}, h("ul", { class: "spans" }, ...r.spans.map((sp) => {
          const current = kubelet !== "" && r.hashes.some((x) => x.minor === kubelet) && inSpan(kubelet, sp.from, sp.to);
          return h("li", { class: current ? "current" : undefined },
            h("span", { class: "minors" }, spanLabel(sp)), " ",
            h("code", {}, sp.before), " → ", h("code", {}, sp.after), " ",
            h("span", { class: sp.changed ? "changed" : "same" }, sp.changed ? "changes" : "same"),
            current ? h("span", { class: "muted" }, " (selected kubelet)") : null);
        }))));
    })));
}

/** True when minor `m` lies in [from, to]. */
function inSpan(m: string, from: string, to: string): boolean {
  const n = (x: string): number => Number(x.split(".")[1]);
  return n(m) >= n(from) && n(m) <= n(to);
}

/** A JSON pointer with its segments set apart (array indexes and names highlighted). */
export function pathCode(path: string): HTMLElement {
  const segs = pointerSegments(path);
  if (segs.length === 0) return h("code", { class: "path" }, "(the whole object)");
  return h("code", { class: "path" }, ...segs.flatMap((seg) => ["/", h("span", { class: /^[0-9]+$/.test(seg) ? "seg-index" : "seg" }, seg.replace(/~/g, "~0").replace(/\//g, "~1"))]));
}

/** The reasons list, numbered as the side-by-side view tags their lines: `showDiff(i)` scrolls the view to reason i's
 * lines and highlights them, `showEditor(path)` selects the path in the editors. */
export function reasonList(v: Verdict, showDiff: (i: number) => void, showEditor: (path: string) => void): HTMLElement {
  if (v.reasons.length === 0) return h("p", { class: "muted" }, "Nothing changed.");
  return h("ol", { class: "reasons", id: "reason-list" }, ...v.reasons.map((r, i) => {
    const e = effectWords(r.effect);
    return h("li", { "data-effect": r.effect },
      h("span", { class: "reason-tag", "aria-hidden": "true" }, String(i + 1)), " ",
      h("span", { class: `badge badge-${e.tone}` }, e.label), " ",
      h("button", { type: "button", class: "path-button", "aria-label": `Show the lines of ${r.path} in the side-by-side view`, onclick: () => showDiff(i) }, pathCode(r.path)), " ",
      h("button", { type: "button", class: "link edit-button", "aria-label": `Select ${r.path} in the editor`, onclick: () => showEditor(r.path) }, "select in the editor"),
      h("p", { class: "reason-message" }, r.message));
  }));
}

/** The text of each patch tab. */
export function patchTexts(v: Verdict): { [tab: string]: string } {
  const pretty = (x: unknown): string => JSON.stringify(x, null, 2);
  return {
    json: pretty(v.patches.json),
    merge: pretty(v.patches.merge),
    strategic: pretty(typeof v.patches.strategic === "string" ? JSON.parse(v.patches.strategic) : v.patches.strategic),
    pod: v.patches.pod === null || v.patches.pod === undefined ? "" : pretty(v.patches.pod),
  };
}
