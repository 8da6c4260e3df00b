// Generators shared by the Kruise fast-path tests and the equivalence suites (test/equivalence/): realistic
// CloneSet revision pairs (test/oracle/kruise-inplace-gen.ts) with edits aimed at the shortcuts'
// preconditions (kruise.inplaceSpec cases), and pods made from them with quirks, tricky keys and text styles
// (kruise.patchPod cases), with the request lines they make.

import fc from "fast-check";
import { kinplace } from "./engine.ts";
import { cloneSet, controllerRevision, exactInts, gates, launchPriorities, podFrom, podQuirks, revisionAnnotations, templatePair, withQuirks } from "../oracle/kruise-inplace-gen.ts";
import { pod as wildPod, textStyle, toText } from "../oracle/k8s-objects.ts";
import { pair } from "../oracle/verdict-edits.ts";

const enc = new TextEncoder();
const dec = new TextDecoder();

export type Obj = Record<string, unknown>;
type Data = { spec: { template: { metadata?: Obj; spec?: Obj & { containers?: Obj[] } } } };

/** An edit of a revision's data (object level). */
type DataEdit = (d: Data) => void;

const at = (d: Data, i: number): Obj | undefined => {
  const cs = d.spec.template.spec?.containers;
  return cs && cs.length ? cs[i % cs.length] : undefined;
};

const dataEdit: fc.Arbitrary<DataEdit> = fc.oneof(
  fc.nat().map((i) => (d: Data) => { const c = at(d, i); if (c) c.ports = [{ containerPort: "8080" }]; }),
  fc.tuple(fc.nat(), fc.constantFrom("abc", "1.5.5", "", "1e100000", "-0", "100Mi", " 1")).map(([i, q]) => (d: Data) => { const c = at(d, i); if (c) c.resources = { limits: { cpu: q } }; }),
  fc.constantFrom(99999999999, 3.5, -1, 2147483648, "30", null, 1e400 as number).map((v) => (d: Data) => { if (d.spec.template.spec) d.spec.template.spec.terminationGracePeriodSeconds = v; }),
  fc.tuple(fc.nat(), fc.constantFrom(5, null, true, "", "renamed")).map(([i, v]) => (d: Data) => { const c = at(d, i); if (c) c.name = v; }),
  fc.constantFrom<[string, unknown]>(["name", "x"], ["namespace", ""], ["finalizers", ["a"]], ["creationTimestamp", "2020-01-01T00:00:00Z"], ["creationTimestamp", "not a time"], ["generation", 3], ["uid", null], ["labels", null], ["labels", {}], ["annotations", null], ["annotations", {}], ["labels", "x"])
    .map(([k, v]) => (d: Data) => { (d.spec.template.metadata ??= {})[k] = v; }),
  fc.tuple(fc.constantFrom("labels", "annotations"), fc.constantFrom("$patch", "$retainKeys", "a<b>&c", "é", "version", "app"), fc.constantFrom("x", "<script>", "a\u2028b", "\u0001\n\"\\", "", "v2", "\ufffd"))
    .map(([m, k, v]) => (d: Data) => { const md = (d.spec.template.metadata ??= {}); const mp = (md[m] as Record<string, string> | null | undefined) ?? {}; md[m] = { ...mp, [k]: v }; }),
  fc.constantFrom<(d: Data) => void>(
    (d) => { (d.spec as Obj).template = null; },
    (d) => { (d as Obj).spec = null; },
    (d) => { if (d.spec.template.spec) d.spec.template.spec.containers = null as never; },
    (d) => { if (d.spec.template.spec) d.spec.template.spec.containers = {} as never; },
    (d) => { const cs = d.spec.template.spec?.containers; if (cs && cs.length > 1) cs[1] = null as never; },
    (d) => { (d.spec.template as Obj).spec = null; },
    (d) => { (d.spec.template as Obj).metadata = null; },
    (d) => { (d.spec.template as Obj).foo = { bar: [1, "x", null], baz: 1e999 }; },
    (d) => { (d.spec as Obj).replicas = "three"; },
    (d) => { (d as Obj).status = { replicas: 1 }; },
    (d) => { if (d.spec.template.spec) d.spec.template.spec.hostNetwork = "yes"; },
    (d) => { if (d.spec.template.spec) d.spec.template.spec.overhead = { cpu: "1", memory: "bad" }; },
    (d) => { if (d.spec.template.spec) d.spec.template.spec.securityContext = { runAsUser: 9223372036854775807 }; },
    (d) => { if (d.spec.template.spec) d.spec.template.spec.securityContext = { seLinuxOptions: null, fsGroup: -5, sysctls: [{ name: "a", value: 1 }] }; },
  ),
  fc.tuple(fc.nat(), fc.constantFrom<unknown>(null, { fieldRef: null }, { fieldRef: { fieldPath: 5 } }, { fieldRef: { fieldPath: "metadata.labels['version']" } }, { configMapKeyRef: { name: "c", key: "k" } }), fc.constantFrom<unknown>(undefined, "", "v", null))
    .map(([i, vf, v]) => (d: Data) => { const c = at(d, i); if (c) c.env = [...((c.env as Obj[] | undefined) ?? []), { name: "E", ...(v === undefined ? {} : { value: v }), valueFrom: vf }]; }),
  fc.tuple(fc.nat(), fc.constantFrom<unknown>("http", 8080, 3.5, null, true, 70000, -1)).map(([i, p]) => (d: Data) => { const c = at(d, i); if (c) c.readinessProbe = { httpGet: { path: "/", port: p }, periodSeconds: 5 }; }),
);

/** An edit of the request text (repeated, escaped and non-ASCII keys) applied to one revision's data. */
const textEdit = fc.constantFrom<[string, string]>(
  ['"name":', '"name":"dup","name":'],
  ['"image":', '"im\\u0061ge":'],
  ['"metadata":', '"metadata":{"labels":{"a":"b"}},"metadata":'],
  ['"containers":', '"containers":[{"name":"ghost"}],"containers":'],
  ['"env":', '"env":null,"env":'],
  ['"labels":', '"labels":{"zz":"1"},"labels":'],
  ['"template":', '"template":null,"template":'],
  ['"spec":', '"sp\\u0065c":{},"spec":'],
  ['"resources":', '"ключ":1,"resources":'],
  ['"labels":{', '"labels":{"app":"shadow",'],
);

/** A kruise.inplaceSpec case: a revision pair with data and text edits, gates, grace, objects or texts. */
export const inplaceCase = fc.record({
  pair: templatePair,
  annotations: revisionAnnotations,
  gates,
  grace: fc.option(fc.constantFrom(0, 30), { nil: undefined }),
  asText: fc.boolean(),
  edits: fc.array(fc.tuple(fc.constantFrom(0, 1, 2), dataEdit), { maxLength: 2 }),
  texts: fc.array(fc.tuple(fc.constantFrom(0, 1), textEdit, fc.nat(6)), { maxLength: 1 }),
});

export type InplaceCase = typeof inplaceCase extends fc.Arbitrary<infer T> ? T : never;

/** The kruise.inplaceSpec request line of case `c` (its revisions from the engine's `revision` op, then edited); null when a revision fails. */
export function inplaceRequest(c: InplaceCase): string | null {
  const revs = [0, 1].map((k) => JSON.parse(dec.decode(kinplace.evaluateLine(enc.encode(JSON.stringify({ op: "revision", kind: "CloneSet", object: cloneSet(c.pair[k]!, c.annotations[k]) })))))) as { ok: boolean; result: { name: string; hash: string; data: string } }[];
  if (!revs[0]!.ok || !revs[1]!.ok) return null;
  const datas = revs.map((r) => JSON.parse(r.result.data) as Data);
  // an edit that finds its place gone (an earlier edit nulled it) does nothing
  const apply = (e: DataEdit, d: Data) => { try { e(d); } catch (err) { if (!(err instanceof TypeError)) throw err; } };
  for (const [which, e] of c.edits) {
    if (which !== 1) apply(e, datas[0]!);
    if (which !== 0) apply(e, datas[1]!);
  }
  const texts = datas.map((d) => JSON.stringify(d));
  for (const [which, [from, to], nth] of c.texts) {
    const t = texts[which]!;
    let at = -1;
    for (let k = 0; k <= nth; k++) { const j = t.indexOf(from, at + 1); if (j < 0) break; at = j; }
    if (at >= 0) texts[which] = t.slice(0, at) + to + t.slice(at + from.length);
  }
  const revText = (k: number) => {
    const r = controllerRevision(revs[k]!.result.name, revs[k]!.result.hash, "null", c.annotations[k], k + 1);
    return JSON.stringify(r).replace('"data":null', `"data":${texts[k]}`);
  };
  const fields = c.asText ? `"oldRevisionText":${JSON.stringify(revText(0))},"newRevisionText":${JSON.stringify(revText(1))}` : `"oldRevision":${revText(0)},"newRevision":${revText(1)}`;
  const extra = (c.gates ? `,"gates":${JSON.stringify(c.gates)}` : "") + (c.grace !== undefined ? `,"gracePeriodSeconds":${c.grace}` : "");
  return `{"op":"kruise.inplaceSpec",${fields}${extra}}`;
}

/** The engine's answer line to request text `req`. */
export const line = (req: Obj | string): string => dec.decode(kinplace.evaluateLine(enc.encode(typeof req === "string" ? req : exactInts(JSON.stringify(req)))));
type Answer = { ok: boolean; result?: Obj; error?: Obj };

const trickyKey = fc.constantFrom("version", "app", "zz-last", "a<b&c", "é/x", "tier", "example.com/0", "\u2028k", "apps.kruise.io/inplace-update-state", "");
const trickyValue = fc.oneof(fc.constantFrom("", "v1.5.0", "<b>", "\\n", "\u00e9\u2029", "{\"a\":1}"), fc.string({ maxLength: 8 }));

/** A kruise.patchPod case: an in-place revision pair and a pod of the old revision with its quirks. */
export const podCase = fc.record({
  pair: templatePair,
  annotations: revisionAnnotations,
  gates,
  prio: launchPriorities,
  imageIDs: fc.array(fc.boolean(), { minLength: 1, maxLength: 3 }),
  ready: fc.array(fc.boolean(), { minLength: 1, maxLength: 3 }),
  server: fc.constantFrom(undefined, "1.30", "1.32"),
  now: fc.constantFrom("2026-03-04T05:06:07Z", "2026-03-04T13:06:07+08:00", "2025-12-31T23:59:59.999Z"),
  patchGates: gates,
  quirks: podQuirks,
  wild: fc.option(wildPod, { freq: 3 }),
  labels: fc.dictionary(trickyKey, trickyValue, { maxKeys: 3 }),
  annotationsExtra: fc.dictionary(trickyKey, trickyValue, { maxKeys: 3 }),
  style: fc.option(textStyle, { freq: 2 }),
  nextBatch: fc.boolean(),
  // strings in the text the splice copies past the metadata (skipped values and object tails): escapes, HTML, U+2028, controls
  tailStrings: fc.option(fc.array(fc.oneof(trickyValue, fc.constantFrom("\"\\", "a\u0001b", "\u2028\u2029", "<&>", "\ud83d\ude00", "tab\there")), { minLength: 1, maxLength: 4 }), { freq: 2 }),
});

/** The pod of a case: the CloneSet's pod (podFrom + quirks), with a whole stored pod's other fields merged in. */
export function podOf(rev: string, cs: PodCase): Obj {
  const p = withQuirks(podFrom(cs.pair[0], rev, cs.prio, cs.imageIDs, cs.ready), cs.quirks) as Obj & { metadata: Obj & { labels?: Obj; annotations?: Obj }; spec: Obj; status: Obj & { containerStatuses?: unknown[] } };
  if (cs.wild) {
    const w = cs.wild as { metadata?: Obj; spec?: Obj; status?: Obj & { containerStatuses?: unknown[] } };
    p.metadata = { ...(w.metadata ?? {}), ...p.metadata, labels: { ...((w.metadata?.labels as Obj) ?? {}), ...(p.metadata.labels ?? {}) } };
    const { containers: _c, ...spec } = w.spec ?? {};
    p.spec = { ...spec, ...p.spec };
    p.status = { ...(w.status ?? {}), ...p.status, containerStatuses: [...(w.status?.containerStatuses ?? []), ...(p.status.containerStatuses ?? [])] };
  }
  if (cs.tailStrings) {
    const strs = cs.tailStrings;
    const c0 = (p.spec.containers as Obj[] | undefined)?.[0];
    if (c0) { c0.args = [...((c0.args as string[] | undefined) ?? []), ...strs]; c0.terminationMessagePath = strs.join(""); }
    p.status.message = strs[0];
    const s0 = p.status.containerStatuses?.[0] as Obj | undefined;
    if (s0) s0.containerID = strs.join("|");
  }
  p.metadata.labels = { ...(p.metadata.labels ?? {}), ...cs.labels };
  p.metadata.annotations = { ...(p.metadata.annotations ?? {}), ...cs.annotationsExtra };
  return p;
}
export type PodCase = typeof podCase extends fc.Arbitrary<infer T> ? T : never;

/** The ControllerRevisions of a case's pair (the engine's `revision` op on its CloneSets), or null when one fails. */
export function revisionsOf(cs: { pair: [Obj, Obj]; annotations: readonly (Record<string, string> | undefined)[] }): [Obj, Obj] | null {
  const a = JSON.parse(line({ op: "revision", kind: "CloneSet", object: cloneSet(cs.pair[0], cs.annotations[0]) })) as Answer;
  const b = JSON.parse(line({ op: "revision", kind: "CloneSet", object: cloneSet(cs.pair[1], cs.annotations[1]) })) as Answer;
  if (!a.ok || !b.ok) return null;
  const ra = a.result as { name: string; hash: string; data: string };
  const rb = b.result as { name: string; hash: string; data: string };
  return [controllerRevision(ra.name, ra.hash, ra.data, cs.annotations[0], 1), controllerRevision(rb.name, rb.hash, rb.data, cs.annotations[1], 2)];
}

/** The UpdateSpec of a case's revision pair (engine), or null when not in place; and the old revision's name. */
export function specOf(cs: PodCase): { spec: string; rev: string } | null {
  const revs = revisionsOf(cs);
  if (revs === null) return null;
  const req: Obj = { op: "kruise.inplaceSpec", oldRevision: revs[0], newRevision: revs[1] };
  if (cs.gates) req.gates = cs.gates;
  const s = JSON.parse(line(req)) as Answer;
  if (!s.ok || !s.result!.inPlace) return null;
  return { spec: s.result!.updateSpec as string, rev: (revs[0].metadata as Obj).name as string };
}

/** The kruise.patchPod request line of a case (pod as text with the case's style, when it has one). */
export function patchLine(cs: PodCase, pod: Obj, spec: string | Obj, extra: Obj): string {
  const req: Obj = { op: "kruise.patchPod", now: cs.now, ...extra };
  if (typeof spec === "string") req.updateSpecText = spec; else req.updateSpec = spec;
  if (cs.patchGates) req.gates = cs.patchGates;
  if (cs.server) req.serverVersion = cs.server;
  if (cs.style) req.podText = exactInts(toText(pod, cs.style)); else req.pod = pod;
  return exactInts(JSON.stringify(req));
}

/** The same request with one more member. */
export const withMember = (l: string, k: string, v: unknown) => l.slice(0, -1) + "," + JSON.stringify(k) + ":" + JSON.stringify(v) + "}";

/** A verdict case: a workload pair of any kind and strategy (test/oracle/verdict-edits.ts), made invalid for the shortcuts now and then. */
export const verdictCase = fc.record({
  p: fc.constantFrom("Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "Pod", "CloneSet", "AdvancedStatefulSet", "AdvancedDaemonSet")
    .chain((k) => pair(k, ["ReCreate", "InPlaceIfPossible", "InPlaceOnly"]).map((x) => ({ kind: k, ...x }))),
  invalid: fc.constantFrom(0, 0, 0, 1, 2, 3, 4),
  kubernetes: fc.constantFrom(undefined, "1.32", "1.30", "1.20"),
});

export type VerdictCase = typeof verdictCase extends fc.Arbitrary<infer T> ? T : never;

/**
 * The verdict request of case `c` with members `extra` (object and line bytes: what roundtrip.ts does not
 * prove and bytes that are not UTF-8 put in); null for a pair the verdict does not take.
 */
export function verdictRequest(c: VerdictCase, extra: Obj = {}): { req: Obj; line: Uint8Array } | null {
  const kruise = c.p.kind === "CloneSet" || c.p.kind.startsWith("Advanced");
  if (c.p.kind === "AdvancedDaemonSet" && JSON.stringify(c.p.new).includes("InPlaceOnly")) return null;
  const o = structuredClone(c.p.old), n = structuredClone(c.p.new);
  // what roundtrip.ts does not prove (non-zero times: the exact store runs) and bytes that are not UTF-8
  const tmpl = (w: Record<string, any>) => (w.kind === "Pod" ? w : w.spec.template);
  if (c.invalid === 1) o.metadata.creationTimestamp = "2024-01-02T03:04:05Z";
  if (c.invalid === 2) tmpl(n).metadata.creationTimestamp = "2024-01-02T03:04:05Z";
  if (c.invalid === 3) tmpl(n).metadata.annotations = { ...(tmpl(n).metadata.annotations ?? {}), mark: "@@BAD@@" };
  if (c.invalid === 4) n.metadata.annotations = { ...(n.metadata.annotations ?? {}), mark: "@@BAD@@" };
  const req = { op: "verdict", old: o, new: n, ...(kruise || c.kubernetes === undefined ? {} : { kubernetes: c.kubernetes }), ...extra };
  const text = enc.encode(JSON.stringify(req));
  const bytes: number[] = [];
  const marker = enc.encode("@@BAD@@");
  for (let i = 0; i < text.length; i++) {
    if (text[i] === 0x40 && marker.every((b, j) => text[i + j] === b)) { bytes.push(0x61, 0xff, 0x62); i += marker.length - 1; continue; }
    bytes.push(text[i]!);
  }
  const line = new Uint8Array(bytes);
  return { req, line };
}
