// Requests that make OpenKruise json.Unmarshal its annotation structs from JSON of every shape: the in-place
// update state (apps.kruise.io/inplace-update-state and the legacy key), the grace UpdateSpec
// (apps.kruise.io/inplace-update-grace) and the runtime containers meta (apps.kruise.io/runtime-containers-meta),
// and the same state / UpdateSpec as kruise.patchPod's `stateText` / `updateSpecText`. Each struct is walked
// field by field (the nested Kruise structs, the Kubernetes ObjectMeta / ResourceRequirements /
// PodTemplateSpec inside them) and every slot gets valid JSON of every wrong type (strings, numbers that do and
// do not fit, bools, null, objects, arrays), bad metav1.Time strings, bad quantities, bad base64; documents with
// two or three wrong slots at once (which error Go reports), case-folded, escaped, unknown and repeated keys
// (what Go fills). Used by kruise-annotations.test.ts (live, both Kruise builds) and its golden vectors.
//
// Go 1.24 added the embedded structs a promoted field is reached through to a type error's field path
// (`livenessProbe.ProbeHandler.httpGet`); Kruise's releases are built with Go 1.23 / 1.22 (the engine's
// KRUISE_GO) while the oracle is built with Go 1.26, so slots below an embedded struct (a Probe's handler, a
// Volume's source, an EphemeralContainer's common part) are kept apart: `embeddedCases()`.

import { rng } from "./patch-arbitraries.ts";

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
/** A JSON value as text (numbers that JavaScript cannot hold exactly are written as text). */
type Raw = { raw: string };
type Doc = Json | Raw | Doc[] | { [k: string]: Doc };

/** JSON text of a document, raw pieces verbatim. */
export function text(d: Doc): string {
  if (d !== null && typeof d === "object" && "raw" in d && typeof (d as Raw).raw === "string" && Object.keys(d).length === 1) return (d as Raw).raw;
  if (Array.isArray(d)) return `[${d.map(text).join(",")}]`;
  if (d !== null && typeof d === "object") return `{${Object.entries(d).map(([k, v]) => `${JSON.stringify(k)}:${text(v as Doc)}`).join(",")}}`;
  return JSON.stringify(d);
}

const raw = (s: string): Raw => ({ raw: s });

/** Wrong values of every JSON type for any slot. */
export const WRONG: string[] = ['"s"', '""', "0", "5", "-1", "1.5", "1e99", "18446744073709551616", "-9223372036854775809", "true", "false", "null", "{}", '{"a":1}', "[]", '["a"]', "[1]"];
/** Strings metav1.Time's time.Parse(RFC3339) refuses or takes. */
export const TIMES: string[] = [
  '"yesterday"', '""', '"2026-13-01T00:00:00Z"', '"2026-01-01T25:00:00Z"', '"2026-01-01T00:00:00+25:00"', '"2026-02-30T00:00:00Z"',
  '"2026-01-01 00:00:00"', '"2026-01-01T00:00:00Zjunk"', '"2026-01-01T00:00:00"', '"2026-01-01T00:00:61Z"', '"2026-01-01T00:60:00Z"',
  '"2026-01-01T00:00:00.123456789012Z"', '"2026-01-01T00:00:00+01:61"', '"2026-1-01T00:00:00Z"', '"\\u00e9"', '"2026-01-01T00:00:00,5Z"',
  '"2026-01-01T00:00:00-07:00"', '"0001-01-01T00:00:00Z"',
];
/** Quantities resource.Quantity's UnmarshalJSON refuses or takes. */
export const QUANTITIES: string[] = ['"x"', '"1.5.5"', '""', '" 1 "', '"1Qi"', '"-"', "1e99", '"1e1000"', "-1", '"12345678901234567890123"', '"1Ki"'];
/** Base64 texts (MetaDataPatch is a []byte). */
export const BASE64: string[] = [
  '"!!"', '"YQ"', '"YWJj"', '"YQ=="', '"YQ==YQ=="', '"Y Q=="', '"YQ=\\n="', "[1,2]", "[256]", '[1,"x"]', "[-1]", "[1.5]", "[null]",
  // patches that decode but do not apply, or leave a pod json.Unmarshal refuses
  ...['{"metadata":{"labels":5}}', '{"spec":{"containers":5}}', '{"metadata":{"labels":{"x":null,"y":"z"}}}', "[]", "null", '{"metadata":{"annotations":{"a":1}}}']
    .map((p) => JSON.stringify(Buffer.from(p).toString("base64"))),
];
/** Integers around int32 / uint64 limits. */
export const INTS: string[] = ["2147483647", "2147483648", "-2147483648", "-2147483649", "1.0", "1e3", "-0", "18446744073709551615", "9223372036854775808", "0.0"];

/** A slot: a path into a document and the extra values that are interesting there. */
type Slot = { path: (string | number)[]; extra?: string[] };

const OBJECT_META: Slot[] = [
  { path: [] }, { path: ["labels"] }, { path: ["labels", "k"] }, { path: ["annotations"] }, { path: ["annotations", "k"] },
  { path: ["name"] }, { path: ["generation"], extra: INTS }, { path: ["creationTimestamp"], extra: TIMES }, { path: ["deletionTimestamp"], extra: TIMES },
  { path: ["deletionGracePeriodSeconds"], extra: INTS }, { path: ["ownerReferences"] }, { path: ["ownerReferences", 0] },
  { path: ["ownerReferences", 0, "controller"] }, { path: ["finalizers"] }, { path: ["finalizers", 0] },
  { path: ["managedFields", 0, "time"], extra: TIMES }, { path: ["managedFields", 0, "fieldsV1"] }, { path: ["uid"] },
];
const RESOURCES: Slot[] = [
  { path: [] }, { path: ["limits"] }, { path: ["limits", "cpu"], extra: QUANTITIES }, { path: ["requests"] },
  { path: ["requests", "memory"], extra: QUANTITIES }, { path: ["claims"] }, { path: ["claims", 0] }, { path: ["claims", 0, "name"] },
  { path: ["claims", 0, "request"] },
];
const TEMPLATE: Slot[] = [
  { path: [] }, { path: ["metadata"] }, { path: ["metadata", "labels", "k"] }, { path: ["spec"] }, { path: ["spec", "containers"] },
  { path: ["spec", "containers", 0] }, { path: ["spec", "containers", 0, "name"] }, { path: ["spec", "containers", 0, "ports", 0, "containerPort"], extra: INTS },
  { path: ["spec", "containers", 0, "resources", "limits", "cpu"], extra: QUANTITIES }, { path: ["spec", "terminationGracePeriodSeconds"], extra: INTS },
  { path: ["spec", "containers", 0, "env", 0, "valueFrom", "fieldRef"] }, { path: ["spec", "resources"] }, { path: ["spec", "nodeSelector", "k"] },
  { path: ["metadata", "creationTimestamp"], extra: TIMES },
];
/** Slots below an embedded struct: Go 1.24+ name it in the error's field path. */
const TEMPLATE_EMBEDDED: Slot[] = [
  { path: ["spec", "containers", 0, "livenessProbe", "httpGet", "port"] }, { path: ["spec", "containers", 0, "livenessProbe", "httpGet", "path"] },
  { path: ["spec", "volumes", 0, "configMap"] }, { path: ["spec", "ephemeralContainers", 0, "name"] },
];

const under = (prefix: (string | number)[], slots: Slot[]): Slot[] => slots.map((s) => ({ path: [...prefix, ...s.path], extra: s.extra }));

/** A valid InPlaceUpdateState with every field. */
export function baseState(): Doc {
  return {
    revision: "r1", updateTimestamp: "2026-01-01T00:00:00Z", lastContainerStatuses: { main: { imageID: "id-main" } },
    updateEnvFromMetadata: false, updateResources: false, updateImages: true, nextContainerImages: { side: "side:2" },
    nextContainerRefMetadata: { side: { labels: { a: "b" }, annotations: { c: "d" } } },
    nextContainerResources: { side: { limits: { cpu: "1" }, requests: { memory: "1Gi" } } },
    preCheckBeforeNext: { containersRequiredReady: ["main"] },
    containerBatchesRecord: [{ timestamp: "2026-01-01T00:00:00Z", containers: ["main"] }],
  };
}

export const STATE_SLOTS: Slot[] = [
  { path: [] }, { path: ["revision"] }, { path: ["updateTimestamp"], extra: TIMES }, { path: ["lastContainerStatuses"] },
  { path: ["lastContainerStatuses", "main"] }, { path: ["lastContainerStatuses", "main", "imageID"] }, { path: ["updateEnvFromMetadata"] },
  { path: ["updateResources"] }, { path: ["updateImages"] }, { path: ["nextContainerImages"] }, { path: ["nextContainerImages", "side"] },
  { path: ["nextContainerRefMetadata"] }, ...under(["nextContainerRefMetadata", "side"], OBJECT_META),
  { path: ["nextContainerResources"] }, ...under(["nextContainerResources", "side"], RESOURCES),
  { path: ["preCheckBeforeNext"] }, { path: ["preCheckBeforeNext", "containersRequiredReady"] }, { path: ["preCheckBeforeNext", "containersRequiredReady", 0] },
  { path: ["containerBatchesRecord"] }, { path: ["containerBatchesRecord", 0] }, { path: ["containerBatchesRecord", 0, "timestamp"], extra: TIMES },
  { path: ["containerBatchesRecord", 0, "containers"] }, { path: ["containerBatchesRecord", 0, "containers", 0] },
];

/** A valid UpdateSpec. */
export function baseSpec(): Doc {
  return {
    revision: "r1", containerImages: { main: "web:2" }, containerRefMetadata: { main: { labels: { a: "b" } } },
    containerResources: { main: { limits: { cpu: "1" } } }, metaDataPatch: Buffer.from('{"metadata":{"labels":{"x":"y"}}}').toString("base64"),
    updateEnvFromMetadata: false, graceSeconds: 5, oldTemplate: { metadata: { labels: { a: "b" } }, spec: { containers: [{ name: "main", image: "web:1" }] } },
  };
}

export const SPEC_SLOTS: Slot[] = [
  { path: [] }, { path: ["revision"] }, { path: ["containerImages"] }, { path: ["containerImages", "main"] },
  { path: ["containerRefMetadata"] }, ...under(["containerRefMetadata", "main"], OBJECT_META),
  { path: ["containerResources"] }, ...under(["containerResources", "main"], RESOURCES),
  { path: ["metaDataPatch"], extra: BASE64 }, { path: ["metaDataPatch", 0] }, { path: ["updateEnvFromMetadata"] }, { path: ["graceSeconds"], extra: INTS },
  ...under(["oldTemplate"], TEMPLATE), ...under(["newTemplate"], TEMPLATE.slice(0, 6)),
];

export const SPEC_EMBEDDED_SLOTS: Slot[] = under(["oldTemplate"], TEMPLATE_EMBEDDED);

/** A valid RuntimeContainerMetaSet. */
export function baseMeta(): Doc {
  return {
    containers: [
      { name: "main", containerID: "containerd://main", restartCount: 0, hashes: { plainHash: 1000, extractedEnvFromMetadataHash: 2166136261, plainHashWithoutResources: 7 } },
      { name: "side", containerID: "containerd://side", restartCount: 1, hashes: { plainHash: 1001 } },
    ],
  };
}

export const META_SLOTS: Slot[] = [
  { path: [] }, { path: ["containers"] }, { path: ["containers", 0] }, { path: ["containers", 1, "name"] }, { path: ["containers", 0, "containerID"] },
  { path: ["containers", 0, "restartCount"], extra: INTS }, { path: ["containers", 0, "hashes"] }, { path: ["containers", 0, "hashes", "plainHash"], extra: INTS },
  { path: ["containers", 1, "hashes", "extractedEnvFromMetadataHash"], extra: INTS }, { path: ["containers", 0, "hashes", "plainHashWithoutResources"], extra: INTS },
];

/** `doc` with the value at `path` replaced by raw JSON `v` (missing containers on the way are created). */
export function put(doc: Doc, path: (string | number)[], v: string): Doc {
  if (path.length === 0) return raw(v);
  const [head, ...rest] = path;
  if (typeof head === "number") {
    const arr = Array.isArray(doc) ? [...doc] : [];
    while (arr.length <= head) arr.push({});
    arr[head] = put(arr[head] ?? {}, rest, v);
    return arr;
  }
  const obj = doc !== null && typeof doc === "object" && !Array.isArray(doc) && !("raw" in doc && Object.keys(doc).length === 1) ? { ...(doc as Record<string, Doc>) } : {};
  obj[head] = put(obj[head] ?? {}, rest, v);
  return obj;
}

/** Documents for one struct: every slot × every wrong value (and its extras), then `combos` documents with 2-3 wrong slots. */
export function documents(base: () => Doc, slots: Slot[], combos: number, seed: number): string[] {
  const out: string[] = [];
  for (const s of slots) for (const v of [...WRONG, ...(s.extra ?? [])]) out.push(text(put(base(), s.path, v)));
  const r = rng(seed);
  const pick = <T>(xs: T[]): T => xs[Math.floor(r() * xs.length)]!;
  for (let i = 0; i < combos; i++) {
    let d = base();
    const n = 2 + Math.floor(r() * 2);
    for (let j = 0; j < n; j++) {
      const s = pick(slots.filter((x) => x.path.length > 0));
      d = put(d, s.path, pick([...WRONG, ...(s.extra ?? [])]));
    }
    out.push(text(d));
  }
  return out;
}

/** Hand-written texts: key spelling (case, ſ / Kelvin sign, escapes), unknown and repeated keys, top-level kinds, syntax errors. */
export const STATE_TEXTS: string[] = [
  "", " ", "{", "[", "nul", "{}", "null", "[]", "5", '"x"', "true", '{"revision":"r1"} x', '{"revision":"r1",}', "{\"revision\":\"r\u0001\"}",
  '{"REVISION":"r1","UpdateTimestamp":"2026-01-01T00:00:00Z"}', '{"revi\\u0073ion":5}', '{"nextContainerImageſ":{"a":"b"}}', '{"nextContainerImages":{"a":"b"},"nextContainerImages":null}',
  '{"nextContainerRefMetadata":{"a":{}},"nextContainerRefMetadata":null}', '{"nextContainerResources":{"a":{}},"NEXTCONTAINERRESOURCES":null}',
  '{"lastContainerStatuses":{"main":{"imageID":"x"},"main":{}}}', '{"lastContainerStatuses":{"main":{"imageID":"id-main"}},"lastContainerStatuses":{"side":{}}}',
  '{"unknown":[1,{"a":"b"}],"revision":"r1"}', '{"revision":5,"updateTimestamp":"bad"}', '{"updateTimestamp":"bad","revision":5}', '{"revision":5,"updateImages":"x"}',
  '{"updateImages":"x","revision":5}', '{"preCheckBeforeNext":null,"nextContainerImages":{"side":"x"}}', '{"preCheckBeforeNext":{},"nextContainerImages":{"side":"x"}}',
  '{"nextContainerImages":{"side":"x"},"preCheckBeforeNext":{"containersRequiredReady":["nope"]}}', '{"updateTimestamp":null,"containerBatchesRecord":null}',
  '{"containerBatchesRecord":[{"containers":["a","b"]},{"timestamp":null}],"containerBatchesRecord":[{"timestamp":"2026-01-01T00:00:00Z"}]}',
  '{"nextContainerResources":{"a":{"limits":{"cpu":"x"}}},"revision":5}', '{"revision":5,"nextContainerResources":{"a":{"limits":{"cpu":"x"}}}}',
  '{"nextContainerRefMetadata":{"a":{"managedFields":[{"fieldsV1":5}]}}}', '{"updateTimestamp":"2026-01-01T00:00:00Z","updateTimestamp":5}',
  '{"lastContainerStatuses":{"main":{"IMAGEID":"id-main"}}}', '{"lastContainerStatuses":{"main":{"imageId":5}}}', '{"lastContainerStatuses":{"\\u006dain":{"imageID":"id-main"}}}',
];

export const SPEC_TEXTS: string[] = [
  "", "{", "{}", "null", "[]", "5", '"x"', '{"revision":"r1"}', '{"revision":"r9"}', '{"Revision":"r1","GRACESECONDS":1}', '{"graceſeconds":1}',
  '{"metaDataPatch":"e30="}', '{"metaDataPatch":""}', '{"metaDataPatch":null}', '{"metaDataPatch":"!!","graceSeconds":"x"}', '{"graceSeconds":"x","metaDataPatch":"!!"}',
  '{"oldTemplate":null,"newTemplate":{}}', '{"oldTemplate":{"spec":{"containers":[{"resources":{"limits":{"cpu":"x"}}}]}},"revision":5}',
  '{"revision":5,"oldTemplate":{"spec":{"containers":[{"resources":{"limits":{"cpu":"x"}}}]}}}', '{"containerImages":{"main":"a"},"containerImages":null}',
  '{"containerImages":{"main":"a"},"CONTAINERIMAGES":{"side":"b"}}', '{"oldTemplate":{"metadata":{"labels":{"a":1}}},"oldTemplate":{"metadata":{"labels":{"b":2}}}}',
  '{"revision":"r1","graceSeconds":3600}', '{"unknown":{"revision":5}}', '{"metaDataPatch":[123,125]}', '{"metaDataPatch":[]}',
];

export const META_TEXTS: string[] = [
  "", "{", "{}", "null", "[]", "5", '"x"', '{"containers":null}', '{"containers":[]}', '{"Containers":[{"name":"main"}]}',
  '{"containers":[{"name":"main","hashes":{"plainHash":1}}],"containers":[{"containerID":"x"}]}', '{"containers":[null,{"name":"main"}]}',
  '{"containers":[{"restartCount":1.5,"hashes":{"plainHash":-1}}]}', '{"containers":[{"hashes":{"plainHash":-1}}],"x":{"restartCount":"y"}}',
  '{"containers":[{"hashes":{"plainHashWithoutResources":"x"}}]}', '{"containers":[{"hashes":{"PLAINHASH":"x"}}]}', '{"containers":[{"hashes":null}]}',
];

// ---------------------------------------------------------------------------------------------------
// requests

const NOW = "2026-01-01T00:01:00Z";
const VALID_STATE = '{"revision":"r1","updateTimestamp":"2026-01-01T00:00:00Z","lastContainerStatuses":{"main":{"imageID":"id-main"}}}';
const VALID_SPEC = { revision: "r1", containerImages: { main: "web:2" } };

/** A pod of revision r1 with two running containers and `annotations`. */
export function pod(annotations: Record<string, string>, gate = false): Record<string, unknown> {
  return {
    metadata: { name: "p", namespace: "default", labels: { "controller-revision-hash": "r1", app: "web" }, annotations },
    spec: {
      containers: [{ name: "main", image: "web:2", env: [{ name: "APP", valueFrom: { fieldRef: { fieldPath: "metadata.labels['app']" } } }] }, { name: "side", image: "side:1" }],
      ...(gate ? { readinessGates: [{ conditionType: "InPlaceUpdateReady" }] } : {}),
    },
    status: {
      conditions: [{ type: "Ready", status: "True" }],
      containerStatuses: [{ name: "main", image: "web:2", imageID: "id-main2", ready: true }, { name: "side", image: "side:1", imageID: "id-side", ready: true }],
    },
  };
}

/** State text `s` with `"updateTimestamp":null` as its last member (when it looks like an object). */
function zeroTime(s: string): string {
  const t = s.trim();
  if (!t.startsWith("{") || !t.endsWith("}")) return s;
  return t === "{}" ? '{"updateTimestamp":null}' : `${t.slice(0, -1)},"updateTimestamp":null}`;
}

/** The requests that read state text `s`: kruise.completed, kruise.refresh (plain and in a grace period), kruise.patchPod's stateText. */
export function stateRequests(s: string, i: number): Record<string, unknown>[] {
  const key = i % 5 === 4 ? "inplace-update-state" : "apps.kruise.io/inplace-update-state";
  const out: Record<string, unknown>[] = [{ op: "kruise.completed", pod: pod({ [key]: s }) }];
  switch (i % 3) {
    case 0: out.push({ op: "kruise.refresh", pod: pod({ [key]: s }, i % 2 === 0), now: NOW }); break;
    // in the grace period the state is read and its error dropped; a zero updateTimestamp added at the end
    // (a repeated key: the last one wins, an earlier error stays) ends the period, so the state is patched
    // and written again (the oracle's harness shifts a non-zero timestamp to its real clock and rewrites
    // the state with json.Marshal before the call)
    case 1: out.push({ op: "kruise.refresh", pod: pod({ [key]: zeroTime(s), "apps.kruise.io/inplace-update-grace": '{"revision":"r1","containerImages":{"main":"web:3"},"graceSeconds":30}' }), now: NOW }); break;
    default: out.push({ op: "kruise.patchPod", pod: pod({}), updateSpec: VALID_SPEC, stateText: s, now: NOW }); break;
  }
  return out;
}

/** The requests that read UpdateSpec text `s`: kruise.refresh of a pod in its grace period, kruise.patchPod's updateSpecText. */
export function specRequests(s: string, i: number): Record<string, unknown>[] {
  const key = i % 5 === 4 ? "inplace-update-grace" : "apps.kruise.io/inplace-update-grace";
  const out: Record<string, unknown>[] = [{ op: "kruise.refresh", pod: pod({ [key]: s, "apps.kruise.io/inplace-update-state": VALID_STATE }), now: NOW }];
  if (i % 2 === 0) out.push({ op: "kruise.patchPod", pod: pod({}), updateSpecText: s, now: NOW });
  return out;
}

/** The requests that read runtime-containers-meta text `s`: kruise.completed (with and without env-from-metadata), kruise.refresh. */
export function metaRequests(s: string, i: number): Record<string, unknown>[] {
  const state = i % 2 === 0 ? VALID_STATE : '{"revision":"r1","updateEnvFromMetadata":true}';
  const out: Record<string, unknown>[] = [{ op: "kruise.completed", pod: pod({ "apps.kruise.io/inplace-update-state": state, "apps.kruise.io/runtime-containers-meta": s }) }];
  if (i % 3 === 0) out.push({ op: "kruise.refresh", pod: pod({ "apps.kruise.io/inplace-update-state": state, "apps.kruise.io/runtime-containers-meta": s }, true), now: NOW });
  return out;
}

/** Every request of the suite (without `kruise`), in a fixed order. */
export function annotationRequests(combos = 150, seed = 20260601): Record<string, unknown>[] {
  const states = [...STATE_TEXTS, ...documents(baseState, STATE_SLOTS, combos, seed)];
  const specs = [...SPEC_TEXTS, ...documents(baseSpec, SPEC_SLOTS, combos, seed + 1)];
  const metas = [...META_TEXTS, ...documents(baseMeta, META_SLOTS, combos / 2, seed + 2)];
  return [...states.flatMap(stateRequests), ...specs.flatMap(specRequests), ...metas.flatMap(metaRequests)];
}

/** The requests whose errors name a slot below an embedded struct (Go 1.24+ texts differ: see the header). */
export function embeddedRequests(): Record<string, unknown>[] {
  return documents(baseSpec, SPEC_EMBEDDED_SLOTS, 0, 1).flatMap(specRequests);
}
