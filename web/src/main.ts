// The manifest checker page: wires the editors and controls to the engine and keeps the state in the URL.

import { goJSONText, init, KinplaceError, type Verdict } from "../../js/inline.js";
import { objectKey, objectLabel, workloadKind, type WorkloadKind } from "../../js/present/kinds.js";
import { pairDocuments, type PairNote } from "../../js/present/pairs.js";
import { KUBERNETES_MINORS, NEWEST_MINOR } from "../../js/present/versions.js";
import { hashRows, intOrString, isKruise, KRUISE_GATES, KUBERNETES_GATES, manifestReplicas, preDownloadSentence, problemOf, runPlan, runVerdict, type EngineProblem, type Plan } from "./analyze.js";
import { diffView, showReasonRows, type DiffSide, type ReasonLines } from "./diffview.js";
import { byId, fill, h } from "./dom.js";
import { Editor, type Mark } from "./editor.js";
import { EXAMPLES } from "./examples.js";
import { lineColumn, parseManifests, pointerRange, type JsonSyntaxCheck, type Parsed, type ParsedDoc } from "./parse.js";
import { containerTable, effectWords, patchTexts, problemBanner, reasonList, verdictBanner, workloadList } from "./render.js";
import { decodeState, emptyState, encodeState, type PageState } from "./state.js";
import { tabs } from "./tabs.js";
import { timelineChart, timelineSummary, timelineTable } from "./timeline.js";

/** The Kubernetes minor OpenKruise v1.9 pins: the engine answers OpenKruise kinds at this minor only. */
const KRUISE_MINOR = "1.32";

let state: PageState = emptyState();
let editors: { old: Editor; new: Editor };
let parsed: { old: Parsed; new: Parsed } = { old: { kind: "empty" }, new: { kind: "empty" } };

/** A workload of NEW paired with its OLD object (as `kinplace check` pairs them), and the engine's answer. */
interface Pair {
  old: ParsedDoc;
  new: ParsedDoc;
  key: string;
  label: string;
  result: { verdict: Verdict } | { problem: EngineProblem };
}

let pairs: Pair[] = [];
let current: Pair | undefined;
let runs = 0;
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
  timer = setTimeout(() => void recompute(), 120);
  clearTimeout(urlTimer);
  urlTimer = setTimeout(() => void saveUrl(), 250);
}

/** Writes the state into the hash fragment (without a history entry per keystroke). */
async function saveUrl(): Promise<void> {
  const hash = await encodeState(state);
  history.replaceState(null, "", hash);
  document.body.dataset["url"] = "saved";
}

/** Highlights `path` of the shown workload in the new editor (or the old one when the new lacks it) and focuses it. */
function showPath(path: string): void {
  if (current === undefined) return;
  for (const side of ["new", "old"] as const) {
    const r = pointerRange(current[side].node, path);
    if (r !== undefined && (r.exact || side === "old")) {
      editors[side].setMarks([...baseMarks[side], { start: r.start, end: r.end, tone: "focus", title: path }]);
      editors[side].select(r.start, r.end);
      return;
    }
  }
}

let baseMarks: { old: Mark[]; new: Mark[] } = { old: [], new: [] };

/** The reasons' paths as marks in both editors (in the new text, or the old one for removed paths). */
function reasonMarks(p: Pair, v: Verdict): { old: Mark[]; new: Mark[] } {
  const out: { old: Mark[]; new: Mark[] } = { old: [], new: [] };
  for (const r of v.reasons) {
    const tone = effectWords(r.effect).tone as Mark["tone"];
    for (const side of ["new", "old"] as const) {
      const range = pointerRange(p[side].node, r.path);
      if (range !== undefined && range.exact) {
        out[side].push({ start: range.start, end: range.end, tone, title: `${r.path}: ${r.message}` });
        break;
      }
    }
  }
  return out;
}

/** The whole lines of an editor's text that hold object `d`, and the editor line number of the first. */
function sideOf(text: string, d: ParsedDoc): DiffSide {
  const lineStart = text.lastIndexOf("\n", d.start - 1) + 1;
  return { lines: text.slice(lineStart, d.end).replace(/\n+$/, "").split("\n"), firstLine: d.line };
}

/** The lines (0-based into sideOf's lines) a path covers in object `d`, when the object has it. */
function pathLines(text: string, d: ParsedDoc, path: string, exact: boolean): [number, number] | undefined {
  const r = pointerRange(d.node, path);
  if (r === undefined || r.exact !== exact) return undefined;
  return [lineColumn(text, r.start).line - d.line, lineColumn(text, Math.max(r.start, r.end - 1)).line - d.line];
}

/** Each reason's lines on both sides (where the path exists; else its nearest ancestor in the new text). */
function reasonLines(p: Pair, v: Verdict): ReasonLines[] {
  return v.reasons.map((r) => {
    const old = pathLines(state.old, p.old, r.path, true);
    const nw = pathLines(state.new, p.new, r.path, true) ?? (old === undefined ? pathLines(state.new, p.new, r.path, false) : undefined);
    return { ...(old ? { old } : {}), ...(nw ? { new: nw } : {}), tone: effectWords(r.effect).tone, label: `${r.path}: ${r.message}` };
  });
}

/** Clears the result sections with a message. */
function clearResults(message: string): void {
  fill(byId("verdict-body"), h("p", { class: "muted", id: "verdict-sentence" }, message));
  byId("verdict").dataset["verdict"] = "";
  fill(byId("containers"));
  fill(byId("reasons"));
  fill(byId("diff"));
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

/** The sentence when no workload could be paired. */
function noPairSentence(): string {
  const has = (p: Parsed): boolean => p.kind === "docs" && p.docs.some((d) => workloadKind(d.value) !== undefined);
  const kinds = "a Deployment, StatefulSet, DaemonSet, ReplicaSet, Pod, CloneSet, or Advanced StatefulSet or DaemonSet";
  if (!has(parsed.old) && !has(parsed.new)) return `No workload to compare: neither manifest holds ${kinds} (the objects listed below are skipped).`;
  if (!has(parsed.old)) return `No workload to compare: the old manifest holds no workload (${kinds}).`;
  if (!has(parsed.new)) return `No workload to compare: the new manifest holds no workload (${kinds}).`;
  return "No workload to compare: no workload of the new manifest has one of the same kind, namespace and name in the old manifest.";
}

/** Recomputes everything from the state. */
async function recompute(): Promise<void> {
  const run = ++runs;
  parsed = { old: parseManifests(state.old, jsonCheck, "old"), new: parseManifests(state.new, jsonCheck, "new") };
  editors.old.showProblem(parsed.old.kind === "error" ? parsed.old.error : undefined, "Old manifest");
  editors.new.showProblem(parsed.new.kind === "error" ? parsed.new.error : undefined, "New manifest");
  baseMarks = { old: [], new: [] };
  pairs = [];
  current = undefined;
  let notes: PairNote[] = [];
  try {
    if (parsed.old.kind === "error" || parsed.new.kind === "error") {
      const syntax = [parsed.old, parsed.new].some((p) => p.kind === "error" && p.error.syntax);
      const which = parsed.old.kind === "error" && parsed.new.kind === "error" ? "both manifests" : parsed.old.kind === "error" ? "the old manifest" : "the new manifest";
      clearResults(syntax ? "Fix the syntax error first (see the message under the editor)." : `Fix the problem in ${which} first (see the message under the editor).`);
      byId("verdict").dataset["verdict"] = syntax ? "syntax-error" : "input-error";
      return;
    }
    if (parsed.old.kind !== "docs" || parsed.new.kind !== "docs") {
      clearResults("Paste the manifests before and after the edit (one or more objects each), or load an example.");
      return;
    }
    const found: Pair[] = [];
    notes = await pairDocuments(parsed.old.docs, parsed.new.docs, { kindOf: workloadKind, remember: (d, kind) => ({ ...d, kind, label: objectLabel(d.value) }) }, (o, n) => {
      found.push({ old: o, new: n, key: objectKey(n.value), label: objectLabel(n.value), result: runVerdict(o.value, n.value, state) });
    });
    if (run !== runs) return;
    pairs = found;
    current = pairs.find((p) => p.key === state.workload) ?? pairs[0];
    if (current === undefined) {
      clearResults(noPairSentence());
      byId("verdict").dataset["verdict"] = "no-workload";
      return;
    }
    showPair(current);
  } catch (e) {
    const p = problemOf(e);
    clearResults("");
    fill(byId("verdict-body"), ...problemBanner(p));
    byId("verdict").dataset["verdict"] = "error";
  } finally {
    if (run === runs) {
      const docs = [parsed.new, parsed.old].flatMap((p) => (p.kind === "docs" ? p.docs : []));
      settingsFor(current !== undefined ? workloadKind(current.new.value) : docs.map((d) => workloadKind(d.value)).find((k) => k !== undefined));
      // the list is rebuilt: a keyboard user's focus returns to the shown workload's button
      const box = byId("workloads");
      const hadFocus = box.contains(document.activeElement);
      fill(box, pairs.length > 1 || notes.length > 0 ? workloadList(pairs.map((p) => ({ key: p.key, label: p.label, verdict: "verdict" in p.result ? p.result.verdict.verdict : "error", current: p === current })), notes, pickWorkload) : null);
      if (hadFocus) box.querySelector<HTMLButtonElement>('button[aria-pressed="true"]')?.focus();
      editors.old.setMarks(baseMarks.old);
      editors.new.setMarks(baseMarks.new);
      document.body.dataset["state"] = "ready";
    }
  }
}

/** The gates and the strategy selector for the kind being checked. */
function settingsFor(kind: WorkloadKind | undefined): void {
  buildGates(isKruise(kind));
  select("strategy").disabled = !isKruise(kind);
  byId("versions-note").textContent = isKruise(kind) ? `OpenKruise v1.9 is built on Kubernetes ${KRUISE_MINOR}: its kinds are answered at Kubernetes and kubelet ${KRUISE_MINOR} (leave both at their defaults or pick ${KRUISE_MINOR}).` : "";
}

/** Shows workload `key` of the list. */
function pickWorkload(key: string): void {
  state.workload = key;
  changed();
}

/** The verdict and the details of one paired workload. */
function showPair(p: Pair): void {
  const oldV = p.old.value, newV = p.new.value;
  const kind = workloadKind(newV);
  const heading = pairs.length > 1 ? h("p", { class: "verdict-workload", id: "verdict-workload" }, `Workload ${pairs.indexOf(p) + 1} of ${pairs.length}: ${p.label}`) : null;
  if ("problem" in p.result) {
    clearResults("");
    fill(byId("verdict-body"), heading, ...problemBanner(p.result.problem));
    byId("verdict").dataset["verdict"] = "error";
    return;
  }
  const v = p.result.verdict;
  byId("verdict").dataset["verdict"] = v.verdict;
  const pre = preDownloadSentence(oldV, newV, v, state);
  fill(byId("verdict-body"), heading, ...verdictBanner(v), ...(pre === undefined ? [] : [h("p", { class: "verdict-predownload", id: "verdict-predownload" }, pre)]));
  fill(byId("containers"), containerTable(hashRows(v, oldV, newV), state.kubelet || state.kubernetes || (isKruise(kind) ? KRUISE_MINOR : NEWEST_MINOR)));
  fill(byId("reasons"), reasonList(v, (i) => showReasonRows(byId("diff-view"), i), showPath));
  fill(byId("diff"), diffView(sideOf(state.old, p.old), sideOf(state.new, p.new), reasonLines(p, v)));
  patches = patchTexts(v);
  for (const [t, text] of Object.entries(patches)) byId(`patch-${t}`).textContent = text === "" ? "(none: the engine gave no pod patch for this change; OpenKruise sends one only for an in-place update)" : text;
  baseMarks = reasonMarks(p, v);
  renderPlan(oldV, newV, v);
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
    const t = r.plan.timeline;
    box.dataset["outcome"] = t.outcome;
    fill(box, h("p", { id: "rollout-summary" }, timelineSummary(t)), t.timeline.length > 0 ? timelineChart(t) : null, t.timeline.length > 0 ? timelineTable(t) : null, startSection(r.plan, kind));
  }
}

/** The starting state a rollout was played from, and the `kinplace plan` command that plays the same. */
function startSection(plan: Plan, kind: WorkloadKind): HTMLElement {
  const items = [...plan.start.pods, ...plan.start.replicaSets];
  patches["start"] = JSON.stringify({ apiVersion: "v1", kind: "List", items }, null, 2);
  const what = kind === "Deployment" ? `its old ReplicaSet with ${replicasOf(plan.start.replicaSets[0])} Ready pods` : `${plan.start.pods.length} Ready pods at the old revision`;
  const flags = [state.kubernetes !== "" && !isKruise(kind) ? ` --kubernetes ${state.kubernetes}` : "", isKruise(kind) ? ` --kruise ${state.kruise}` : ""].join("");
  return h("div", { class: "start" },
    h("p", { class: "small", id: "rollout-start" }, `Played from ${what}, as `, h("code", {}, "kinplace plan"), " reads a STATE file: the same rollout on the command line is ",
      h("code", {}, `kinplace plan new.yaml start.json --old old.yaml${flags}`),
      " (new.yaml holding the workload with the replicas, partition and maxUnavailable set here)."),
    h("button", { type: "button", "data-copy": "start", onclick: () => void copyPatch("start", "the starting state") }, "Copy the starting state (start.json)"),
    h("p", { id: "start-status", class: "small", role: "status" }),
    h("details", {}, h("summary", {}, "Starting state (JSON)"), h("pre", { id: "start-state" }, patches["start"])));
}

/** spec.replicas of a ReplicaSet. */
function replicasOf(rs: unknown): number {
  const r = (rs as { spec?: { replicas?: unknown } } | undefined)?.spec?.replicas;
  return typeof r === "number" ? r : 0;
}

/** Copies patch (or starting state) `tab` and says so in the copy status. */
async function copyPatch(tab: string, what: string): Promise<void> {
  const ok = await copyText(patches[tab] ?? "");
  byId(tab === "start" ? "start-status" : "copy-status").textContent = ok ? `Copied ${what}.` : "Copying was refused by the browser; select the text instead.";
  document.body.dataset["copied"] = ok ? patches[tab] ?? "" : "";
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
  state = { ...state, replicas: "", partition: "", maxUnavailable: "", workload: "", ...ex.state, gates: { ...(ex.state.gates ?? {}) } };
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
    b.addEventListener("click", () => void copyPatch(b.dataset["copy"]!, `the ${b.textContent!.replace(/^Copy (the )?/, "")}`));
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
