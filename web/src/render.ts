// Rendering of the verdict, the container table, the reasons and the patches (presentation words from js/present).

import type { Verdict } from "../../js/inline.js";
import { actionWords, verdictWords } from "../../js/present/verdict.js";
import { spanLabel } from "../../js/present/rows.js";
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

/** The reasons list; `show(path)` highlights a path in the editors. */
export function reasonList(v: Verdict, show: (path: string) => void): HTMLElement {
  if (v.reasons.length === 0) return h("p", { class: "muted" }, "Nothing changed.");
  return h("ul", { class: "reasons", id: "reason-list" }, ...v.reasons.map((r) => {
    const e = effectWords(r.effect);
    return h("li", { "data-effect": r.effect },
      h("span", { class: `badge badge-${e.tone}` }, e.label), " ",
      h("button", { type: "button", class: "path-button", title: "Show this path in the editors", onclick: () => show(r.path) }, pathCode(r.path)),
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
