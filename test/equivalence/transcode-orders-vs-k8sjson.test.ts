// The transcoder's shortcuts (assembly/fast/transcode/) against the exact path (`k8s.json`), byte for byte:
// the learned key order (per struct type, kept across calls: each object is read right whatever order came
// before), the key index of out-of-order and unknown members, the per-field classes (strings, structs, pointers
// to and arrays of structs called directly, with nulls and wrong types falling back), the 8-byte string scan
// (every byte Go escapes at every offset of a chunk) and the byte helpers of the memo tables and map-key sort.
// `k8s.transcode` answers null where it does not prove its bytes; the suites require it to answer on most inputs.

import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { kinplace } from "../support/engine.ts";
import { sameStored, transcodeCounts } from "../support/transcode-check.ts";
import { rearranged, shuffle } from "../support/key-order.ts";
import { container, objectMeta, pod, podTemplate, replaceLeaf, wrongValue, textStyle, toText, withUnknownFields, unknownFields } from "../oracle/k8s-objects.ts";
import { MINORS } from "../oracle/k8s/versions.ts";
import { cases } from "../support/scale.ts";

const ALL = MINORS.map((m) => m.minor);
const options = { interruptAfterTimeLimit: 8_000, markInterruptAsFailure: false };

type Obj = Record<string, unknown>;
type Answer = { ok: boolean; result?: { json: string | null }; error?: Obj };

/** Counts of the shared check (test/support/transcode-check.ts). */
const stats = transcodeCounts;
/** The transcoder answers null or exactly k8s.json's bytes. */
const same = (type: string, text: string, minor: string, go?: string) => sameStored(type, text, minor, go);

/** `v` with every object's keys in a seeded order (0: as given; else shuffled, or reversed on odd seeds). */
function order(v: unknown, seed: number): unknown {
  return rearranged(v, (seed >>> 0) || 9, (e, r) => {
    if (seed % 2 === 1) e.reverse();
    else if (seed !== 0) shuffle(e, r);
  });
}

test("key orders: the same objects in several orders one after another (learned order, key index, rebuilds)", () => {
  stats.tried = stats.transcoded = 0;
  fc.assert(
    fc.property(fc.oneof(pod, podTemplate), fc.array(fc.nat(), { minLength: 2, maxLength: 5 }), fc.constantFrom(...ALL), (v, seeds, minor) => {
      const type = "metadata" in (v as Obj) && "status" in (v as Obj) ? "Pod" : "PodTemplateSpec";
      // Go order first (the stored form teaches the learned order), then the input's own and shuffled orders
      const exact = kinplace.evaluate({ op: "k8s.json", type, value: v, kubernetes: minor } as never) as unknown as Answer;
      if (exact.ok) same(type, exact.result!.json!, minor);
      for (const seed of [0, ...seeds]) same(type, JSON.stringify(order(v, seed)), minor);
    }),
    { ...options, numRuns: cases(120) },
  );
  assert.ok(stats.transcoded * 2 > stats.tried, `transcoded only ${stats.transcoded} of ${stats.tried}`);
});

test("out-of-order metadata with duplicates, unknown and case-variant keys (duplicates must not be transcoded)", () => {
  const plain = { compared: 0, transcoded: 0 };
  fc.assert(
    fc.property(objectMeta, fc.nat(), fc.nat(), unknownFields, fc.constantFrom("name", "labels", "namespace", "uid", "annotations", "creationTimestamp"), (meta, seed, at, [picks, extra], dup) => {
      // (non-null fieldsV1 in managedFields is raw JSON, which the transcoder leaves to the exact path)
      const m = order(withUnknownFields({ ...meta, managedFields: undefined }, picks, extra), seed + 2) as Obj;
      const body = Object.entries(m).filter(([, val]) => val !== undefined).map(([k, val]) => `${JSON.stringify(k)}:${JSON.stringify(val)}`);
      const spec = `"spec":{"containers":[{"name":"a","image":"b"}]}`;
      const before = stats.transcoded;
      same("Pod", `{"metadata":{${body.join(",")}},${spec}}`, "1.32");
      plain.compared++;
      plain.transcoded += stats.transcoded - before;
      // the same field twice (equal or different values), anywhere: the exact path keeps the last, the transcoder gives up
      const twice = [...body];
      twice.splice(at % (twice.length + 1), 0, `${JSON.stringify(dup)}:${dup === "labels" || dup === "annotations" ? `{"x":"y"}` : dup === "creationTimestamp" ? `"2026-01-02T03:04:05Z"` : `"dup"`}`);
      const text = `{"metadata":{${twice.join(",")}},${spec}}`;
      const fast = kinplace.evaluate({ op: "k8s.transcode", type: "Pod", valueText: text, kubernetes: "1.32" } as never) as unknown as Answer;
      if (fast.ok && dup in m) assert.equal(fast.result!.json, null, `a duplicate ${dup} was transcoded: ${text.slice(0, 800)}`);
      same("Pod", text, "1.32");
      // a case variant of a field name is matched by encoding/json: the transcoder gives up on it
      same("Pod", `{"metadata":{${body.join(",")},${JSON.stringify(dup.toUpperCase())}:"x"},${spec}}`, "1.32");
    }),
    { ...options, numRuns: cases(300) },
  );
  assert.ok(plain.transcoded * 2 > plain.compared, `transcoded only ${plain.transcoded} of ${plain.compared} without duplicates`);
});

test("struct-typed fields: nulls, empty objects, wrong types and nested out-of-order structs", () => {
  const c = `{"name":"a","image":"i"}`;
  const specs = [
    `{"containers":[${c}],"securityContext":null,"affinity":null,"dnsConfig":{}}`,
    `{"containers":[null,${c},{}],"volumes":[null,{"name":"v","configMap":null},{"name":"w","configMap":{}}]}`,
    `{"containers":null,"initContainers":[],"volumes":{}}`,
    `{"containers":"x"}`,
    `{"containers":[1]}`,
    `{"containers":[[]]}`,
    `{"securityContext":[]}`,
    `{"securityContext":"x"}`,
    `{"affinity":{"podAntiAffinity":{"preferredDuringSchedulingIgnoredDuringExecution":[{"podAffinityTerm":{"topologyKey":"k","labelSelector":{"matchLabels":{"b":"1","a":"2"}}},"weight":1}]}}}`,
    `{"affinity":{"nodeAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":{"nodeSelectorTerms":[{"matchExpressions":[{"values":["b","a"],"operator":"In","key":"k"}]}]}}}}`,
    `{"containers":[{"readinessProbe":{"timeoutSeconds":1,"httpGet":{"scheme":"HTTP","port":80,"path":"/"},"periodSeconds":2},"name":"a","livenessProbe":null,"startupProbe":{}}]}`,
    `{"containers":[{"name":"a","env":[{"valueFrom":{"fieldRef":{"fieldPath":"metadata.name","apiVersion":"v1"}},"name":"X"},{"name":"Y","valueFrom":null},{"name":"Z","valueFrom":"x"}]}]}`,
    `{"containers":[{"name":"a","resources":{"requests":{"memory":"1Gi","cpu":"1"},"limits":null,"claims":[null]}}]}`,
    `{"tolerations":[{"effect":"NoExecute","tolerationSeconds":300,"key":"k","operator":"Exists"}],"nodeSelector":{"b":"2","a":"1","c":null}}`,
    `{"nodeSelector":{"a":1}}`,
    `{"nodeSelector":{"a":"1","a":"2"}}`,
    `{"hostAliases":[{"hostnames":["b","a"],"ip":"1.2.3.4"}],"hostIPC":true,"hostNetwork":false,"hostPID":true,"hostname":"h"}`,
  ];
  stats.tried = stats.transcoded = 0;
  for (const minor of ALL) {
    for (const s of specs) {
      same("PodSpec", s, minor);
      same("PodTemplateSpec", `{"spec":${s},"metadata":{"labels":{"b":"1","a":"2"},"name":"t"}}`, minor);
      same("Pod", `{"status":{"podIP":"1.2.3.4","phase":"Running","conditions":[{"status":"True","type":"Ready"}]},"spec":${s},"metadata":{"name":"p"}}`, minor);
    }
  }
  assert.ok(stats.transcoded * 3 > stats.tried, `transcoded only ${stats.transcoded} of ${stats.tried}`);
});

test("wrong-typed leaves anywhere in a pod (the classes fall back to the exact checks)", () => {
  fc.assert(
    fc.property(pod, fc.nat(), wrongValue, fc.constantFrom(...ALL), textStyle, (p, pick, bad, minor, style) => {
      same("Pod", toText(replaceLeaf(p, pick, bad), { ...style, duplicates: false }), minor);
    }),
    { ...options, numRuns: cases(200) },
  );
});

/** Strings with `c` at offset `i` of a run of `n` plain bytes (every position of an 8-byte chunk and across two). */
function placed(c: string, i: number, n: number): string {
  const base = "abcdefghijklmnopqrstuvwxyz0123456789";
  return base.slice(0, i) + c + base.slice(i, n);
}

test("strings: every byte Go escapes or rejects at every offset of the 8-byte scan", () => {
  const specials = ["<", ">", "&", "\"", "\\", "\n", "\u0000", "\u001f", "\u007f", "\u0080", "é", "\u2028", "\u2029", "😀", " ", "!", "#", "%", "'", "=", "?", "[", "]", "{", "}", "~"];
  stats.tried = stats.transcoded = 0;
  for (const minor of ["1.21", "1.22", "1.32"]) {
    for (const go of [undefined, "1.21", "1.22"]) {
      for (const c of specials) {
        for (let i = 0; i <= 17; i++) {
          const n = (i * 7) % 20;
          const s = placed(c, i, n);
          const t = JSON.stringify({ name: s, image: placed(c, 17 - i, 3), args: [s, s.slice(1)], env: [{ name: "E", value: s }], workingDir: s.repeat(3) });
          same("Container", t, minor, go);
          if (i % 4 === 0) same("PodTemplateSpec", JSON.stringify({ metadata: { labels: { [s]: s, a: s }, annotations: { [placed(c, 0, i)]: "x" } }, spec: { containers: [{ name: s }] } }), minor, go);
        }
      }
    }
  }
  assert.ok(stats.transcoded * 2 > stats.tried, `transcoded only ${stats.transcoded} of ${stats.tried}`);
});

test("map keys sorted by bytes (shared prefixes of every length, high bytes) and memoized Quantities and times", () => {
  const keyArb = fc.oneof(
    fc.tuple(fc.constantFrom("", "a", "app.kubernetes.io/", "abcdefgh", "abcdefghijklmnop"), fc.string({ maxLength: 10 })).map(([p, s]) => p + s),
    fc.constantFrom("é", "e\u0301", "\u007f", "~", "Z", "z", "a\u0000", "a"),
  );
  fc.assert(
    fc.property(fc.dictionary(keyArb, fc.string({ maxLength: 12 }), { maxKeys: 12 }), fc.nat(), container, fc.constantFrom(...ALL), (labels, seed, c, minor) => {
      const meta = order({ labels, annotations: labels, name: "t" }, seed);
      same("PodTemplateSpec", JSON.stringify({ metadata: meta, spec: { containers: [c] } }), minor);
    }),
    { ...options, numRuns: cases(300) },
  );
  // Quantities and times seen again take the memo tables (keyed by hashes of their text)
  for (const minor of ["1.20", "1.32"]) {
    for (let i = 0; i < 300; i++) {
      const q = [`${i}m`, `${i % 17}Gi`, `${i}.5`, `0.${i}`, `${i}e3`, `${i}${"0".repeat(i % 25)}`][i % 6]!;
      const t = `20${String(10 + (i % 89)).padStart(2, "0")}-0${1 + (i % 9)}-1${i % 10}T0${i % 10}:${String(i % 60).padStart(2, "0")}:00${i % 3 === 0 ? ".5" : ""}Z`;
      same("Pod", JSON.stringify({ metadata: { name: "p", creationTimestamp: t }, spec: { containers: [{ name: "a", resources: { limits: { cpu: q, memory: q }, requests: { cpu: q } } }] }, status: { startTime: t } }), minor);
    }
  }
});
