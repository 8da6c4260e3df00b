// kruise.inplaceSpec's fast paths against its exact path (`exactDecode: true`), byte for byte, answers and
// errors: the proven partial decode of the templates (assembly/fast/kruisespec/typedcheck.ts, lazytemplate.ts)
// and the metadata patch straight from the maps (metapatch.ts), on realistic CloneSet revision pairs
// (test/oracle/kruise-inplace-gen.ts) plus edits aimed at the fast paths' preconditions: type errors
// anywhere in the data, bad quantities, integers out of range, nulls, repeated and escaped keys, unknown
// fields, metadata beyond labels/annotations, "$" keys and escaped characters in labels, both revisions
// in one tape or as text. Also every kruise.inplaceSpec request of the golden vectors. And the verdict's
// shortcuts (read-back values from roundtrip.ts, templates' stored text as their json.Marshal) against its
// exact path (`exactDecode: true`) on generated workload pairs of every kind and strategy, with and without
// bytes that are not UTF-8, and on every golden verdict vector.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import fc from "fast-check";
import { kinplace } from "./support/engine.ts";
import { cloneSet, controllerRevision, gates, revisionAnnotations, templatePair } from "./oracle/kruise-inplace-gen.ts";
import { pair } from "./oracle/verdict-edits.ts";

const dec = new TextDecoder();
const enc = new TextEncoder();

type Obj = Record<string, unknown>;
type Data = { spec: { template: { metadata?: Obj; spec?: Obj & { containers?: Obj[] } } } };

/** The engine's answer line for `req` (a JSON text), with or without exactDecode. */
function answer(req: string, exact: boolean): string {
  const line = exact ? req.slice(0, -1) + ',"exactDecode":true}' : req;
  return dec.decode(kinplace.evaluateLine(enc.encode(line)));
}

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

const caseArb = fc.record({
  pair: templatePair,
  annotations: revisionAnnotations,
  gates,
  grace: fc.option(fc.constantFrom(0, 30), { nil: undefined }),
  asText: fc.boolean(),
  edits: fc.array(fc.tuple(fc.constantFrom(0, 1, 2), dataEdit), { maxLength: 2 }),
  texts: fc.array(fc.tuple(fc.constantFrom(0, 1), textEdit, fc.nat(6)), { maxLength: 1 }),
});

test("kruise.inplaceSpec: the fast paths answer exactly as the full decode and strategic merge patch (generated revision pairs)", () => {
  let inPlace = 0;
  let errors = 0;
  let runs = 0;
  fc.assert(
    fc.property(caseArb, (c) => {
      const revs = [0, 1].map((k) => JSON.parse(dec.decode(kinplace.evaluateLine(enc.encode(JSON.stringify({ op: "revision", kind: "CloneSet", object: cloneSet(c.pair[k]!, c.annotations[k]) })))))) as { ok: boolean; result: { name: string; hash: string; data: string } }[];
      if (!revs[0]!.ok || !revs[1]!.ok) return;
      const datas = revs.map((r) => JSON.parse(r.result.data) as Data);
      // an edit that finds its place gone (an earlier edit nulled it) does nothing
      const apply = (e: DataEdit, d: Data) => { try { e(d); } catch (err) { if (!(err instanceof TypeError)) throw err; } };
      for (const [which, e] of c.edits) {
        if (which !== 1) apply(e, datas[0]!);
        if (which !== 0) apply(e, datas[1]!);
      }
      let texts = datas.map((d) => JSON.stringify(d));
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
      const req = `{"op":"kruise.inplaceSpec",${fields}${extra}}`;
      const fast = answer(req, false);
      const exact = answer(req, true);
      runs++;
      if (fast.includes('"inPlace":true')) inPlace++;
      if (!fast.startsWith('{"ok":true')) errors++;
      assert.equal(fast, exact, `request: ${req.slice(0, 3000)}`);
    }),
    { numRuns: 600, interruptAfterTimeLimit: 60_000 },
  );
  // the generator reaches both outcomes (and the edits do not turn every pair into an error)
  assert.ok(inPlace > runs / 10, `${inPlace} of ${runs} pairs in place`);
  assert.ok(runs - errors > runs / 2, `${errors} of ${runs} answers are errors`);
});

test("kruise.inplaceSpec: the fast paths answer exactly as the full decode on every golden vector request", () => {
  let n = 0;
  for (const file of ["kruise-inplace.jsonl.gz", "kruise-18.jsonl.gz"]) {
    const text = gunzipSync(readFileSync(new URL(`./vectors/${file}`, import.meta.url))).toString("utf8");
    for (const l of text.split("\n")) {
      if (l === "") continue;
      const v = JSON.parse(l) as { request: string };
      const req = v.request;
      if (!req.startsWith('{"op":"kruise.inplaceSpec"')) continue;
      n++;
      assert.equal(answer(req, false), answer(req, true), `request: ${req.slice(0, 2000)}`);
    }
  }
  assert.ok(n >= 500, `only ${n} kruise.inplaceSpec vectors`);
});

/** The engine's verdict answer for request line `line` (bytes), with or without exactDecode. */
function verdictAnswer(line: Uint8Array, exact: boolean): string {
  if (!exact) return dec.decode(kinplace.evaluateLine(line));
  const tail = enc.encode(',"exactDecode":true}');
  const l = new Uint8Array(line.length - 1 + tail.length);
  l.set(line.subarray(0, line.length - 1));
  l.set(tail, line.length - 1);
  return dec.decode(kinplace.evaluateLine(l));
}

const verdictCase = fc.record({
  p: fc.constantFrom("Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "Pod", "CloneSet", "AdvancedStatefulSet", "AdvancedDaemonSet")
    .chain((k) => pair(k, ["ReCreate", "InPlaceIfPossible", "InPlaceOnly"]).map((x) => ({ kind: k, ...x }))),
  invalid: fc.constantFrom(0, 0, 0, 1, 2, 3, 4),
  kubernetes: fc.constantFrom(undefined, "1.32", "1.30", "1.20"),
});

test("verdict: the read-back shortcuts answer exactly as the exact store (generated pairs of every kind)", () => {
  let runs = 0, inPlace = 0;
  fc.assert(
    fc.property(verdictCase, (c) => {
      const kruise = c.p.kind === "CloneSet" || c.p.kind.startsWith("Advanced");
      if (c.p.kind === "AdvancedDaemonSet" && JSON.stringify(c.p.new).includes("InPlaceOnly")) return;
      const o = structuredClone(c.p.old), n = structuredClone(c.p.new);
      // what roundtrip.ts does not prove (non-zero times: the exact store runs) and bytes that are not UTF-8
      const tmpl = (w: Record<string, any>) => (w.kind === "Pod" ? w : w.spec.template);
      if (c.invalid === 1) o.metadata.creationTimestamp = "2024-01-02T03:04:05Z";
      if (c.invalid === 2) tmpl(n).metadata.creationTimestamp = "2024-01-02T03:04:05Z";
      if (c.invalid === 3) tmpl(n).metadata.annotations = { ...(tmpl(n).metadata.annotations ?? {}), mark: "@@BAD@@" };
      if (c.invalid === 4) n.metadata.annotations = { ...(n.metadata.annotations ?? {}), mark: "@@BAD@@" };
      const req = { op: "verdict", old: o, new: n, ...(kruise || c.kubernetes === undefined ? {} : { kubernetes: c.kubernetes }) };
      const text = enc.encode(JSON.stringify(req));
      const bytes: number[] = [];
      const marker = enc.encode("@@BAD@@");
      for (let i = 0; i < text.length; i++) {
        if (text[i] === 0x40 && marker.every((b, j) => text[i + j] === b)) { bytes.push(0x61, 0xff, 0x62); i += marker.length - 1; continue; }
        bytes.push(text[i]!);
      }
      const line = new Uint8Array(bytes);
      const fast = verdictAnswer(line, false);
      const exact = verdictAnswer(line, true);
      runs++;
      if (fast.includes('"verdict":"in-place"')) inPlace++;
      assert.equal(fast, exact, `request: ${JSON.stringify(req).slice(0, 3000)}`);
    }),
    { numRuns: 300, interruptAfterTimeLimit: 60_000 },
  );
  assert.ok(inPlace > runs / 20, `${inPlace} of ${runs} verdicts in place`);
});

test("verdict: the read-back shortcuts answer exactly as the exact store on every golden verdict vector", () => {
  const text = gunzipSync(readFileSync(new URL("./vectors/verdict.jsonl.gz", import.meta.url))).toString("utf8");
  let n = 0;
  for (const l of text.split("\n")) {
    if (l === "") continue;
    const line = enc.encode((JSON.parse(l) as { request: string }).request);
    n++;
    assert.equal(verdictAnswer(line, false), verdictAnswer(line, true), `request: ${dec.decode(line).slice(0, 2000)}`);
  }
  assert.ok(n >= 1000, `only ${n} verdict vectors`);
});
