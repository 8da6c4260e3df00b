// OpenKruise's json.Unmarshal of its annotation structs (the in-place update state, the grace UpdateSpec, the
// runtime containers meta): the golden vectors the real OpenKruise v1.9.0 and v1.8.3 answered
// (test/vectors/kruise-annotations.jsonl.gz, written by test/oracle/kruise-annotations.test.ts with
// KINPLACE_KRUISE_ANN_VECTORS), and a few texts of Go's encoding/json checked by hand: the UnmarshalTypeError
// at the top and below it, metav1.Time's time.Parse error, and the Go 1.23 field path Kruise's release
// build writes below an embedded struct (the oracle's Go 1.26 adds the embedded struct's name).

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { kinplace } from "./support/engine.ts";

const enc = new TextEncoder();
const dec = new TextDecoder();

type Answer = { ok: boolean; result?: Record<string, any>; error?: { code: string; message: string; path?: string } };

function ask(req: object | string): Answer {
  const line = typeof req === "string" ? req : JSON.stringify(req);
  return JSON.parse(dec.decode(kinplace.evaluateLine(enc.encode(line)))) as Answer;
}

const pod = (annotations: Record<string, string>) => ({
  metadata: { name: "p", namespace: "default", labels: { "controller-revision-hash": "r1" }, annotations },
  spec: { containers: [{ name: "main", image: "web:2" }] },
  status: { containerStatuses: [{ name: "main", image: "web:2", imageID: "id-2" }] },
});
const STATE = "apps.kruise.io/inplace-update-state";
const META = "apps.kruise.io/runtime-containers-meta";
const GRACE = "apps.kruise.io/inplace-update-grace";

/** kruise.completed's message for a pod with `annotations`. */
function completed(annotations: Record<string, string>, kruise?: string): string | undefined {
  const a = ask({ op: "kruise.completed", pod: pod(annotations), ...(kruise ? { kruise } : {}) });
  assert.ok(a.ok, JSON.stringify(a));
  return a.result!.message as string | undefined;
}

/** kruise.refresh's error for a pod with `annotations`. */
function refreshed(annotations: Record<string, string>): string | undefined {
  const a = ask({ op: "kruise.refresh", pod: pod(annotations), now: "2026-01-01T00:01:00Z" });
  assert.ok(a.ok, JSON.stringify(a));
  return a.result!.error as string | undefined;
}

test("golden vectors kruise-annotations.jsonl.gz: the engine answers as OpenKruise v1.9.0 and v1.8.3 did", () => {
  const lines = gunzipSync(readFileSync(new URL("./vectors/kruise-annotations.jsonl.gz", import.meta.url))).toString("utf8").split("\n").filter(Boolean);
  assert.ok(lines.length >= 9000, `${lines.length} vectors, expected at least 9000`);
  let mismatches = 0;
  let typeErrors = 0;
  const first: string[] = [];
  for (const l of lines) {
    const v = JSON.parse(l) as { request: string; answer: Answer };
    const got = ask(v.request);
    const exp = v.answer.ok ? { ok: true, result: v.answer.result } : { ok: false, error: v.answer.error };
    const said = (v.answer.result?.message ?? v.answer.result?.error) as string | undefined;
    if (said?.startsWith("json: cannot unmarshal")) typeErrors++;
    try {
      assert.deepStrictEqual(got.ok ? { ok: true, result: got.result } : { ok: false, error: got.error }, exp);
    } catch (e) {
      mismatches++;
      if (first.length < 3) first.push((e as Error).message.slice(0, 1500));
    }
  }
  assert.ok(typeErrors > 3000, `only ${typeErrors} type errors`);
  assert.equal(mismatches, 0, `${mismatches} of ${lines.length} vectors differ:\n${first.join("\n\n")}`);
});

test("encoding/json's UnmarshalTypeError: the value's kind, the Go type, the struct field path below the top", () => {
  assert.equal(completed({ [STATE]: "{}", [META]: "[]" }), "json: cannot unmarshal array into Go value of type pub.RuntimeContainerMetaSet");
  assert.equal(completed({ [STATE]: "{}", [META]: '{"containers":5}' }),
    "json: cannot unmarshal number into Go struct field RuntimeContainerMetaSet.containers of type []pub.RuntimeContainerMeta");
  // integers: the literal is named when it does not fit; nested structs name the innermost struct, the path from the top
  assert.equal(completed({ [STATE]: "{}", [META]: '{"containers":[{"hashes":{"plainHash":-1}}]}' }),
    "json: cannot unmarshal number -1 into Go struct field RuntimeContainerHashes.containers.hashes.plainHash of type uint64");
  assert.equal(completed({ [STATE]: "{}", [META]: '{"containers":[{"restartCount":1e99}]}' }),
    "json: cannot unmarshal number 1e99 into Go struct field RuntimeContainerMeta.containers.restartCount of type int32");
  // v1.8.3 has RuntimeContainerHashes.plainHashWithoutResources; v1.9.0 skips it as an unknown field
  assert.equal(completed({ [STATE]: "{}", [META]: '{"containers":[{"hashes":{"plainHashWithoutResources":"x"}}]}' }, "1.8"),
    "json: cannot unmarshal string into Go struct field RuntimeContainerHashes.containers.hashes.plainHashWithoutResources of type uint64");
  assert.equal(completed({ [STATE]: "{}", [META]: '{"containers":[{"hashes":{"plainHashWithoutResources":"x"}}]}' }), undefined);
  assert.equal(completed({ [STATE]: "[]" }), "json: cannot unmarshal array into Go value of type pub.InPlaceUpdateState");
  // map values add nothing to the path; the Kubernetes types inside name their own struct
  assert.equal(completed({ [STATE]: '{"nextContainerRefMetadata":{"c":{"generation":"x"}}}' }),
    "json: cannot unmarshal string into Go struct field ObjectMeta.nextContainerRefMetadata.generation of type int64");
  assert.equal(completed({ [STATE]: '{"lastContainerStatuses":{"c":[]}}' }),
    "json: cannot unmarshal array into Go struct field InPlaceUpdateState.lastContainerStatuses of type pub.InPlaceUpdateContainerStatus");
  // a pointer is stepped through: its struct is named
  assert.equal(completed({ [STATE]: '{"preCheckBeforeNext":[]}' }),
    "json: cannot unmarshal array into Go struct field InPlaceUpdateState.preCheckBeforeNext of type pub.InPlaceUpdatePreCheckBeforeNext");
  // the first type error is reported; decoding goes on past it (null is no error, unknown keys are skipped)
  assert.equal(completed({ [STATE]: '{"unknown":[1],"updateImages":null,"revision":5,"updateImages":"x"}' }),
    "json: cannot unmarshal number into Go struct field InPlaceUpdateState.revision of type string");
  assert.equal(completed({ [STATE]: "null" }), undefined);
});

test("metav1.Time: time.Parse's error, and its inner json.Unmarshal into a string stamped with the outer field", () => {
  assert.equal(completed({ [STATE]: '{"updateTimestamp":"yesterday"}' }),
    'parsing time "yesterday" as "2006-01-02T15:04:05Z07:00": cannot parse "yesterday" as "2006"');
  assert.equal(completed({ [STATE]: '{"containerBatchesRecord":[{"timestamp":"2026-02-30T00:00:00Z"}]}' }),
    'parsing time "2026-02-30T00:00:00Z": day out of range');
  assert.equal(completed({ [STATE]: '{"updateTimestamp":5}' }),
    "json: cannot unmarshal number into Go struct field InPlaceUpdateState.updateTimestamp of type string");
  // an UnmarshalJSON error stops decoding and wins over a type error saved before it
  assert.equal(completed({ [STATE]: '{"revision":5,"updateTimestamp":"x"}' }),
    'parsing time "x" as "2006-01-02T15:04:05Z07:00": cannot parse "x" as "2006"');
});

test("kruise.refresh: the grace UpdateSpec's errors are RefreshErr; a state error in the grace period is dropped", () => {
  const state = '{"revision":"r1","updateTimestamp":"2026-01-01T00:00:00Z"}';
  assert.equal(refreshed({ [GRACE]: '{"graceSeconds":"5"}', [STATE]: state }),
    "json: cannot unmarshal string into Go struct field UpdateSpec.graceSeconds of type int32");
  assert.equal(refreshed({ [GRACE]: '{"metaDataPatch":"!!"}', [STATE]: state }), "illegal base64 data at input byte 0");
  assert.equal(refreshed({ [GRACE]: '{"metaDataPatch":[1,300]}', [STATE]: state }),
    "json: cannot unmarshal number 300 into Go struct field UpdateSpec.metaDataPatch of type uint8");
  assert.equal(refreshed({ [GRACE]: "5", [STATE]: state }), "json: cannot unmarshal number into Go value of type inplaceupdate.UpdateSpec");
  assert.equal(refreshed({ [GRACE]: '{"revision":"r1","graceSeconds":30}', [STATE]: '{"updateTimestamp":"bad"}' }), undefined);
  // PatchSpecToPod's error after the grace period is RefreshErr too
  assert.equal(refreshed({ [GRACE]: '{"revision":"r1","metaDataPatch":"YWJj"}', [STATE]: state }), "invalid JSON document");
  // below an embedded struct: Kruise's Go 1.23 build names only JSON fields (Go 1.24+ would add ".ProbeHandler")
  assert.equal(refreshed({ [GRACE]: '{"oldTemplate":{"spec":{"containers":[{"name":"a","livenessProbe":{"httpGet":{"port":[]}}}]}}}', [STATE]: state }),
    "json: cannot unmarshal array into Go struct field HTTPGetAction.oldTemplate.spec.containers.livenessProbe.httpGet.port of type int32");
  assert.equal(refreshed({ [GRACE]: '{"newTemplate":{"spec":{"volumes":[{"name":"v","configMap":5}]}}}', [STATE]: state }),
    "json: cannot unmarshal number into Go struct field Volume.newTemplate.spec.volumes.configMap of type v1.ConfigMapVolumeSource");
});
