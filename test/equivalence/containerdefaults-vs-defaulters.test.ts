// The API server's container defaults applied to the transcoder's stored bytes (assembly/fast/transcode/containerdefaults.ts)
// must write exactly what the defaulters on the decoded value write: `k8s.transcode` with `applyDefaults: true` against
// `k8s.json` with `applyDefaults: true` for Container at every minor that has defaulters and several Go releases
// (realistic containers with and without the defaulted fields, zero probe numbers, quantities in every spelling,
// unknown fields, reordered keys, text styles), and `container.hash` with `applyDefaults: true` against the same request
// with `exact: ["jsondefaults"]` and with every shortcut off, in every kubelet era. When the rewrite gives up
// (`json: null`) the exact path answers; the suite also requires that it does not give up on most realistic inputs.

import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { kinplace } from "../support/engine.ts";
import { sameAnswers } from "../support/same-answers.ts";
import { rearranged, shuffle } from "../support/key-order.ts";
import { container, textStyle, toText, unknownFields, withUnknownFields } from "../oracle/k8s-objects.ts";
import { MINORS } from "../oracle/k8s/versions.ts";
import { cases } from "../support/scale.ts";

type Obj = Record<string, unknown>;
type Answer = { ok: boolean; result?: Obj; error?: Obj };

const DEFAULTED = MINORS.map((m) => m.minor).filter((m) => Number(m.split(".")[1]) >= 15);
const GOS = [undefined, "1.19", "1.22", "1.24", "1.26"];
const options = { numRuns: cases(600, 100), interruptAfterTimeLimit: 10_000, markInterruptAsFailure: false };

/** A container with some of the fields the defaulters fill dropped (so that most get filled), keys reordered. */
const undefaulted = fc.tuple(container, fc.nat(), fc.nat(), unknownFields, fc.boolean()).map(([c, drop, seed, [picks, extra], unk]) => {
  const x: Obj = { ...c };
  const names = ["imagePullPolicy", "terminationMessagePath", "terminationMessagePolicy"];
  for (let i = 0; i < names.length; i++) if ((drop >> i) & 1) delete x[names[i]!];
  // probe numbers and handler fields at their zero values now and then
  for (const p of ["livenessProbe", "readinessProbe", "startupProbe"]) {
    const probe = x[p] as Obj | undefined;
    if (probe && (drop >> 4) & 1) x[p] = { ...probe, timeoutSeconds: 0, periodSeconds: 0 };
  }
  if ((drop >> 5) & 1) x.ports = ((x.ports as Obj[] | undefined) ?? [{ containerPort: 80 }]).map((q) => ({ ...q, protocol: (drop >> 6) & 1 ? "" : undefined }));
  const y = unk ? withUnknownFields(x, picks, extra) : x;
  return rearranged(y, (seed >>> 0) || 7, (e, r) => { if (r() < 0.3) shuffle(e, r); });
});

/** Inline values tried and rewritten (texts may carry duplicates or numeric quantities, which the transcoder leaves to the exact path). */
const stats = { tried: 0, rewritten: 0 };

/** k8s.transcode with the defaults = k8s.json with the defaults, whenever the rewrite answers. */
function sameStoredDefaults(value: unknown, text: string | null, minor: string, go: string | undefined): void {
  const base = { type: "Container", kubernetes: minor, applyDefaults: true, ...(go ? { go } : {}), ...(text === null ? { value } : { valueText: text }) };
  const exact = kinplace.evaluate({ op: "k8s.json", ...base } as never) as unknown as Answer;
  const fast = kinplace.evaluate({ op: "k8s.transcode", ...base } as never) as unknown as Answer;
  if (!fast.ok) {
    // a request both refuse (a Go release the minor cannot be built with)
    assert.deepEqual(fast.error, exact.error);
    return;
  }
  if (text === null) stats.tried++;
  if (fast.result!.json === null) return;
  if (text === null) stats.rewritten++;
  assert.ok(exact.ok, `rewritten where k8s.json fails (${JSON.stringify(exact.error)}) for ${JSON.stringify(value).slice(0, 1500)}`);
  assert.equal(fast.result!.json, exact.result!.json, `Container ${minor} go ${go}: rewrite != defaulters for ${JSON.stringify(value).slice(0, 1500)}`);
}

test("k8s.transcode with applyDefaults = k8s.json with applyDefaults (Container; every defaulted minor; Go releases)", (t) => {
  fc.assert(
    fc.property(fc.oneof(container, undefaulted), fc.constantFrom(...DEFAULTED), fc.constantFrom(...GOS), textStyle, fc.boolean(), (v, minor, go, style, asText) => {
      sameStoredDefaults(v, asText ? toText(v, style) : null, minor, go);
    }),
    options,
  );
  t.diagnostic(`rewritten ${stats.rewritten}/${stats.tried} inline values`);
  // realistic inline containers take the rewrite (the transcoder proves nearly all of them)
  assert.ok(stats.rewritten * 4 > stats.tried * 3, `rewrote only ${stats.rewritten} of ${stats.tried}`);
});

test("container.hash with applyDefaults: the rewrite = the defaulters (exact: jsondefaults, all shortcuts off), every era", () => {
  fc.assert(
    fc.property(fc.oneof(container, undefaulted), fc.constantFrom(...DEFAULTED), fc.constantFrom(...GOS), (v, minor, go) => {
      sameAnswers({ op: "container.hash", container: v, kubelet: minor, applyDefaults: true, ...(go ? { go } : {}) }, [{ exact: ["jsondefaults"] }, { exact: true }], "container.hash");
    }),
    { ...options, numRuns: cases(400, 80) },
  );
});

test("container defaults on edge containers (escapes, nulls, quantities that round, empty objects)", () => {
  const edges = [
    `{"name":"a"}`,
    `{}`,
    `{"name":"a","image":"x:latest"}`,
    `{"name":"a","image":"x"}`,
    `{"name":"a","image":"x@sha256:${"a".repeat(64)}"}`,
    `{"name":"a","image":"\\u0078:latest"}`,
    `{"name":"a","image":"<&>"}`,
    `{"name":"a","ports":[{}],"env":[{"name":"e","valueFrom":{"fieldRef":{}}},{"name":"f","valueFrom":{"fileKeyRef":{"key":"k","volumeName":"v","path":"p"}}}]}`,
    `{"name":"a","livenessProbe":{},"readinessProbe":{"grpc":{"port":1}},"startupProbe":{"grpc":{"port":1,"service":"s"},"httpGet":{"port":1}}}`,
    `{"name":"a","lifecycle":{"postStart":{"httpGet":{"port":1}},"preStop":{"httpGet":{"port":"x","path":"/p","scheme":"HTTPS"}}}}`,
    `{"name":"a","lifecycle":{}}`,
    `{"name":"a","resources":{}}`,
    `{"name":"a","resources":{"limits":{}}}`,
    `{"name":"a","resources":{"limits":{"cpu":"1n","memory":"1.5Gi","x":"0.0001","y":"1e-5","z":"12345678901234567890n"}}}`,
    `{"name":"a","resources":{"requests":{"cpu":"0.0000001"}}}`,
    `{"name":"a","resources":{"limits":{"b":"1","a":"2"},"requests":{"c":"1u","a":"3m"}}}`,
    `{"name":"a","resources":{"limits":{"<&>":"1","é":"2"}}}`,
    `{"name":"a","resources":{"limits":{"cpu":"1"},"claims":[{"name":"c"}]}}`,
    `{"name":"a","livenessProbe":{"timeoutSeconds":0,"periodSeconds":0,"successThreshold":0,"failureThreshold":0,"httpGet":{"path":"","scheme":"","port":1}}}`,
    `{"name":"a","imagePullPolicy":"","terminationMessagePath":"","terminationMessagePolicy":""}`,
    // key texts inside strings (escaped in T, so never counted as keys)
    `{"name":"a","ports":[{"name":"\\"protocol\\":","containerPort":1},{"containerPort":2,"protocol":"UDP"}]}`,
    `{"name":"a","ports":[{"name":"p{","containerPort":1,"protocol":"TCP"},{"name":"x","containerPort":2}]}`,
    `{"name":"a","env":[{"name":"x","value":"\\"fieldRef\\":{\\"apiVersion\\":\\"v1\\"}"},{"name":"y","valueFrom":{"fieldRef":{"fieldPath":"metadata.name"}}}]}`,
    `{"name":"a","env":[{"name":"x","valueFrom":{"fieldRef":{"apiVersion":"v1","fieldPath":"a"}}},{"name":"y","valueFrom":{"fieldRef":{"fieldPath":"b"}}}]}`,
    `{"name":"a","livenessProbe":{"httpGet":{"port":1,"scheme":"HTTP","httpHeaders":[{"name":"\\"path\\":\\"","value":"\\"path\\":\\"x"}]},"timeoutSeconds":1,"periodSeconds":2,"successThreshold":1,"failureThreshold":3}}`,
    `{"name":"a","livenessProbe":{"httpGet":{"port":1,"path":"/","scheme":"HTTP"},"timeoutSeconds":1,"periodSeconds":2,"successThreshold":1}}`,
    `{"name":"a","livenessProbe":{"grpc":{"port":1},"timeoutSeconds":1,"periodSeconds":2,"successThreshold":1,"failureThreshold":3}}`,
    `{"name":"a","lifecycle":{"postStart":{"httpGet":{"port":1,"path":"/","scheme":"HTTP"}},"preStop":{"httpGet":{"port":1}}}}`,
    `{"name":"a","lifecycle":{"postStart":{"httpGet":{"port":1,"path":"/"}},"preStop":{"httpGet":{"port":1,"scheme":"HTTP"}}}}`,
  ];
  for (const minor of DEFAULTED) {
    for (const text of edges) {
      sameStoredDefaults(JSON.parse(text), text, minor, undefined);
      sameAnswers({ op: "container.hash", containerText: text, kubelet: minor, applyDefaults: true }, [{ exact: ["jsondefaults"] }, { exact: true }], "container.hash");
    }
  }
});
