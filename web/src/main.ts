// The manifest checker page: wires the editors and controls to the engine and keeps the state in the URL.

import { goJSONText, init, KinplaceError, type Verdict } from "../../js/inline.js";
import { workloadKind } from "../../js/present/kinds.js";
import { KUBERNETES_MINORS, NEWEST_MINOR } from "../../js/present/versions.js";
import { hashRows, intOrString, isKruise, KRUISE_GATES, KUBERNETES_GATES, manifestReplicas, preDownloadSentence, problemOf, runPlan, runVerdict } from "./analyze.js";
import { byId, fill, h } from "./dom.js";
import { Editor, type Mark } from "./editor.js";
import { EXAMPLES } from "./examples.js";
import { parseManifest, pointerRange, type JsonSyntaxCheck, type Parsed } from "./parse.js";
import { containerTable, effectWords, patchTexts, problemBanner, reasonList, verdictBanner } from "./render.js";
import { decodeState, emptyState, encodeState, type PageState } from "./state.js";
import { tabs } from "./tabs.js";
import { timelineChart, timelineSummary, timelineTable } from "./timeline.js";

/** The Kubernetes minor OpenKruise v1.9 pins: the engine answers OpenKruise kinds at this minor only. */
const KRUISE_MINOR = "1.32";

let state: PageState = emptyState();
let editors: { old: Editor; new: Editor };
let parsed: { old: Parsed; new: Parsed } = { old: { kind: "empty" }, new: { kind: "empty" } };
let patches: { [tab: string]: string } = {};
let selectTab: (tab: string) => void = () => {};
let timer: ReturnType<typeof setTimeout> | undefined;
let urlTimer: ReturnType<typeof setTimeout> | undefined;
let gatesKind = "";

const select = (id: string): HTMLSelectElement => byId<HTMLSelectElement>(id);
const input = (id: string): HTMLInputElement => byId<HTMLInputElement>(id);

/** Fills the version selectors. */
function buildSelectors(): void {
  const minors = [...KUBERNETES_MINORS].reverse();
  fill(select("kubernetes"), h("option", { value: "" }, `newest (${NEWEST_MINOR})`), ...minors.map((m) => h("option", { value: m }, m)));
  fill(select("kubelet"), h("option", { value: "" }, "same as Kubernetes"), ...minors.map((m) => h("option", { value: m }, m)));
}

/** The gate selectors for the kind being checked (Kruise gates for OpenKruise kinds, Kubernetes gates otherwise). */
function buildGates(kruise: boolean): void {
  const key = kruise ? "kruise" : "kubernetes";
  if (gatesKind === key) return;
  gatesKind = key;
  byId("gates-for").textContent = kruise ? "(OpenKruise controller)" : "(Kubernetes)";
  const list = kruise ? KRUISE_GATES.map((g) => ({ ...g, def: g.default ? "on" : "off" })) : KUBERNETES_GATES.map((g) => ({ ...g, def: "of the minor" }));
  fill(byId("gates"), ...list.map((g) => {
    const sel = h("select", { id: `gate-${g.name}`, "data-gate": g.name, "aria-describedby": `gate-${g.name}-help` },
      h("option", { value: "" }, `default (${g.def})`), h("option", { value: "on" }, "on"), h("option", { value: "off" }, "off"));
    sel.value = state.gates[g.name] === undefined ? "" : state.gates[g.name] ? "on" : "off";
    sel.addEventListener("change", () => {
      if (sel.value === "") delete state.gates[g.name];
      else state.gates[g.name] = sel.value === "on";
      changed();
    });
    return h("div", { class: "gate" }, h("label", { for: `gate-${g.name}` }, g.name), sel, h("span", { id: `gate-${g.name}-help`, class: "small muted" }, g.help));
  }));
}

/** Puts the state into the controls and editors. */
function showState(): void {
  editors.old.value = state.old;
  editors.new.value = state.new;
  select("kubernetes").value = state.kubernetes;
  select("kubelet").value = state.kubelet;
  select("kruise").value = state.kruise;
  select("strategy").value = state.strategy;
  input("replicas").value = state.replicas;
  input("partition").value = state.partition;
  input("maxUnavailable").value = state.maxUnavailable;
  gatesKind = "";
  selectTab(state.tab);
}

/** Reads the controls into the state. */
function readControls(): void {
  state.old = editors.old.value;
  state.new = editors.new.value;
  state.kubernetes = select("kubernetes").value;
  state.kubelet = select("kubelet").value;
  state.kruise = select("kruise").value;
  state.strategy = select("strategy").value;
  state.replicas = input("replicas").value;
  state.partition = input("partition").value;
  state.maxUnavailable = input("maxUnavailable").value;
}

/** Something changed: recompute soon and update the URL. */
function changed(): void {
  readControls();
  document.body.dataset["state"] = "pending";
  clearTimeout(timer);
  timer = setTimeout(recompute, 120);
  clearTimeout(urlTimer);
  urlTimer = setTimeout(() => void saveUrl(), 250);
}

/** Writes the state into the hash fragment (without a history entry per keystroke). */
async function saveUrl(): Promise<void> {
  const hash = await encodeState(state);
  history.replaceState(null, "", hash);
  document.body.dataset["url"] = "saved";
}

/** Highlights `path` in the new editor (or the old one when the new lacks it) and focuses it. */
function showPath(path: string): void {
  for (const side of ["new", "old"] as const) {
    const p = parsed[side];
    if (p.kind !== "value") continue;
    const r = pointerRange(p.doc, path);
    if (r !== undefined && (r.exact || side === "old")) {
      editors[side].setMarks([...baseMarks[side], { start: r.start, end: r.end, tone: "focus", title: path }]);
      editors[side].select(r.start, r.end);
      return;
    }
  }
}

let baseMarks: { old: Mark[]; new: Mark[] } = { old: [], new: [] };

/** The reasons' paths as marks in both editors (in the new text, or the old one for removed paths). */
function reasonMarks(v: Verdict): { old: Mark[]; new: Mark[] } {
  const out: { old: Mark[]; new: Mark[] } = { old: [], new: [] };
  for (const r of v.reasons) {
    const tone = effectWords(r.effect).tone as Mark["tone"];
    for (const side of ["new", "old"] as const) {
      const p = parsed[side];
      if (p.kind !== "value") continue;
      const range = pointerRange(p.doc, r.path);
      if (range !== undefined && range.exact) {
        out[side].push({ start: range.start, end: range.end, tone, title: `${r.path}: ${r.message}` });
        break;
      }
    }
  }
  return out;
}

/** Clears the result sections with a message. */
function clearResults(message: string): void {
  fill(byId("verdict-body"), h("p", { class: "muted", id: "verdict-sentence" }, message));
  byId("verdict").dataset["verdict"] = "";
  fill(byId("containers"));
  fill(byId("reasons"));
  fill(byId("rollout"));
  patches = {};
  for (const t of ["json", "merge", "strategic", "pod"]) byId(`patch-${t}`).textContent = "";
}

/** JSON syntax as Go's encoding/json reads it (the engine's reader: Go's messages and offsets). */
const jsonCheck: JsonSyntaxCheck = (text) => {
  try {
    goJSONText(text);
    return undefined;
  } catch (e) {
    return e instanceof KinplaceError && e.offset !== undefined ? { message: e.message, byteOffset: e.offset } : undefined;
  }
};

/** Recomputes everything from the state. */
function recompute(): void {
  parsed = { old: parseManifest(state.old, jsonCheck), new: parseManifest(state.new, jsonCheck) };
  editors.old.showProblem(parsed.old.kind === "error" ? parsed.old.error : undefined, "Old manifest");
  editors.new.showProblem(parsed.new.kind === "error" ? parsed.new.error : undefined, "New manifest");
  const oldV = parsed.old.kind === "value" ? parsed.old.value : undefined;
  const newV = parsed.new.kind === "value" ? parsed.new.value : undefined;
  const kind = workloadKind(newV) ?? workloadKind(oldV);
  buildGates(isKruise(kind));
  select("strategy").disabled = !isKruise(kind);
  byId("versions-note").textContent = isKruise(kind) ? `OpenKruise v1.9 is built on Kubernetes ${KRUISE_MINOR}: its kinds are answered at Kubernetes and kubelet ${KRUISE_MINOR} (leave both at their defaults or pick ${KRUISE_MINOR}).` : "";
  baseMarks = { old: [], new: [] };
  try {
    if (parsed.old.kind === "error" || parsed.new.kind === "error") {
      clearResults("Fix the syntax error first (see the message under the editor).");
      byId("verdict").dataset["verdict"] = "syntax-error";
      return;
    }
    if (oldV === undefined || newV === undefined) {
      clearResults("Paste the manifest before and after the edit, or load an example.");
      return;
    }
    const r = runVerdict(oldV, newV, state);
    if ("problem" in r) {
      clearResults("");
      fill(byId("verdict-body"), ...problemBanner(r.problem));
      byId("verdict").dataset["verdict"] = "error";
      return;
    }
    const v = r.verdict;
    byId("verdict").dataset["verdict"] = v.verdict;
    const pre = preDownloadSentence(oldV, newV, v, state);
    fill(byId("verdict-body"), ...verdictBanner(v), ...(pre === undefined ? [] : [h("p", { class: "verdict-predownload", id: "verdict-predownload" }, pre)]));
    fill(byId("containers"), containerTable(hashRows(v, oldV, newV), state.kubelet || state.kubernetes || (isKruise(kind) ? KRUISE_MINOR : NEWEST_MINOR)));
    fill(byId("reasons"), reasonList(v, showPath));
    patches = patchTexts(v);
    for (const [t, text] of Object.entries(patches)) byId(`patch-${t}`).textContent = text === "" ? "(none: the engine gave no pod patch for this change; OpenKruise sends one only for an in-place update)" : text;
    baseMarks = reasonMarks(v);
    renderPlan(oldV, newV, v);
  } catch (e) {
    const p = problemOf(e);
    clearResults("");
    fill(byId("verdict-body"), ...problemBanner(p));
    byId("verdict").dataset["verdict"] = "error";
  } finally {
    editors.old.setMarks(baseMarks.old);
    editors.new.setMarks(baseMarks.new);
    document.body.dataset["state"] = "ready";
  }
}

/** The rollout section for a verdict. */
function renderPlan(oldV: unknown, newV: unknown, v: Verdict): void {
  const kind = workloadKind(newV);
  const box = byId("rollout");
  if (kind === undefined) {
    fill(box, h("p", { class: "muted" }, "No rollout for this kind."));
    return;
  }
  const replicasText = state.replicas.trim();
  const replicas = replicasText === "" ? manifestReplicas(newV) : Number(replicasText);
  if (!Number.isInteger(replicas) || replicas < 0 || replicas > 200) {
    fill(box, h("p", { class: "problem" }, "Replicas must be a whole number from 0 to 200."));
    return;
  }
  input("replicas").placeholder = String(manifestReplicas(newV));
  byId("replicas-label").textContent = kind === "DaemonSet" || kind === "AdvancedDaemonSet" ? "Nodes" : "Replicas";
  if (v.verdict === "rejected") {
    fill(box, h("p", { id: "rollout-summary" }, "Nothing rolls out: the change is refused before it reaches the controller."));
    return;
  }
  const inPlace = v.verdict === "in-place" || v.verdict === "none";
  const r = runPlan(oldV, newV, kind, inPlace, { replicas, partition: intOrString(state.partition), maxUnavailable: intOrString(state.maxUnavailable), strategy: state.strategy, kubernetes: state.kubernetes, kruise: state.kruise });
  if ("none" in r) fill(box, h("p", { class: "muted" }, r.none));
  else if ("problem" in r) fill(box, h("p", { class: "problem", id: "rollout-summary" }, `The rollout cannot be planned: ${r.problem.message} (${r.problem.code}${r.problem.path ? ` at ${r.problem.path}` : ""})`));
  else {
    const t = r.timeline;
    box.dataset["outcome"] = t.outcome;
    fill(box, h("p", { id: "rollout-summary" }, timelineSummary(t)), t.timeline.length > 0 ? timelineChart(t) : null, t.timeline.length > 0 ? timelineTable(t) : null);
  }
}

/** Copies text to the clipboard (falls back to a hidden selection where the Clipboard API is refused, e.g. file://). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const ta = h("textarea", { class: "visually-hidden", "aria-hidden": "true" });
    ta.value = text;
    document.body.append(ta);
    ta.select();
    const ok = document.execCommand("copy");
    ta.remove();
    return ok;
  }
}

/** Loads an example into the page. */
function loadExample(id: string): void {
  const ex = EXAMPLES.find((e) => e.id === id);
  if (ex === undefined) return;
  state = { ...state, replicas: "", partition: "", maxUnavailable: "", ...ex.state, gates: { ...(ex.state.gates ?? {}) } };
  showState();
  changed();
}

/** Starts the page. */
async function main(): Promise<void> {
  editors = { old: new Editor("old", changed), new: new Editor("new", changed) };
  buildSelectors();
  fill(byId("examples"), ...EXAMPLES.map((ex) => h("button", { type: "button", "data-example": ex.id, title: ex.description, onclick: () => loadExample(ex.id) }, ex.title)));
  for (const id of ["kubernetes", "kubelet", "kruise", "strategy"]) select(id).addEventListener("change", changed);
  for (const id of ["replicas", "partition", "maxUnavailable"]) input(id).addEventListener("input", changed);
  selectTab = tabs(byId("patch-tabs"), (tab) => {
    state.tab = tab;
    changed();
  });
  for (const b of document.querySelectorAll<HTMLButtonElement>("button[data-copy]")) {
    b.addEventListener("click", async () => {
      const tab = b.dataset["copy"]!;
      const ok = await copyText(patches[tab] ?? "");
      byId("copy-status").textContent = ok ? `Copied the ${b.textContent!.replace(/^Copy /, "")}.` : "Copying was refused by the browser; select the text instead.";
      document.body.dataset["copied"] = ok ? patches[tab] ?? "" : "";
    });
  }
  byId("copy-link").addEventListener("click", async () => {
    await saveUrl();
    const ok = await copyText(location.href);
    byId("share-status").textContent = ok ? "Link copied." : "Copying was refused; copy the address bar instead.";
  });
  window.addEventListener("hashchange", async () => {
    const s = await decodeState(location.hash).catch(() => undefined);
    if (s === undefined || JSON.stringify(s) === JSON.stringify(state)) return;
    state = s;
    showState();
    changed();
  });

  let restored: PageState | undefined;
  let linkProblem = "";
  try {
    restored = await decodeState(location.hash);
  } catch (e) {
    linkProblem = `The link's state could not be read (${(e as Error).message}); an example is loaded instead.`;
  }
  try {
    await init();
  } catch (e) {
    fill(byId("verdict-body"), h("p", { class: "problem" }, `The engine could not start: ${(e as Error).message}`));
    document.body.dataset["state"] = "failed";
    return;
  }
  if (restored !== undefined) {
    state = restored;
    showState();
    changed();
  } else {
    loadExample(EXAMPLES[0]!.id);
  }
  if (linkProblem !== "") byId("share-status").textContent = linkProblem;
}

void main();
