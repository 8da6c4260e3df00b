// The differential suite for the patch ops (issue 4): jsonpatch.diff (appscode flavor) against
// github.com/appscode/jsonpatch v1.0.1, jsonpatch.apply, mergepatch.diff and mergepatch.apply
// against gopkg.in/evanphx/json-patch.v4 v4.13.0, each under every Go release class. Every pair of
// documents becomes four requests; results must agree byte for byte (appscode's operations as a
// multiset, in the same order on every array: Go lists map members in random order), errors in code,
// message, path and offset. Needs Go, like the other suites under test/oracle/.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { bytes } from "./arbitraries.ts";
import { pairRequests, randomPair, rawRequests, realisticPair } from "./patch-arbitraries.ts";
import { assertSamePatchAnswer } from "./patch-compare.ts";
import { answerView } from "./compare.ts";
import { runEngine } from "./engine.ts";
import { buildAll, goAvailable, runOracle, stopOracle } from "./run.ts";

/** Pairs per fast-check run (four request lines each). */
const BATCH = 100;
/** Pairs per property: 2,500 realistic + 2,500 random + 1,000 raw = 6,000 pairs per run. */
const PAIRS = 2500;
const RUN = { numRuns: PAIRS / BATCH, endOnFailure: true, interruptAfterTimeLimit: 900_000, markInterruptAsFailure: true } as const;

/** The `go` fields the pairs are asked with: every release class, and none (the newest). */
const GO = ["", ',"go":"1.14"', ',"go":"1.15"', ',"go":"1.21"', ',"go":"1.22"', ',"go":"1.26"', ',"go":"1.27"'];

class Batch {
  constructor(readonly lines: Uint8Array[]) {}
  [fc.toStringMethod](): string {
    return `<${this.lines.length} request lines>`;
  }
}

before(() => {
  assert.ok(goAvailable(), "the differential suite needs Go on PATH");
  buildAll();
});
after(() => stopOracle());

/** Sends the lines to the oracle and the engine; every answer must agree. */
async function sameAnswers(input: Batch | Uint8Array[]): Promise<void> {
  const lines = input instanceof Batch ? input.lines : input;
  const [expected, actual] = await Promise.all([runOracle(lines), runEngine(lines)]);
  const failures: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const view = answerView(expected[i]!) as { error?: { code?: string } };
    assert.notEqual(view.error?.code, "E_INTERNAL", `oracle failed on ${Buffer.from(lines[i]!).toString()}: ${expected[i]}`);
    try {
      assertSamePatchAnswer(lines[i]!, expected[i]!, actual[i]!);
    } catch (e) {
      failures.push((e as Error).message);
    }
  }
  assert.equal(failures.length, 0, `${failures.length} of ${lines.length} answers differ; the first ones:\n\n${failures.slice(0, 3).join("\n\n")}`);
}

/** A batch of request lines from BATCH generated pairs. */
const pairBatch = (pair: fc.Arbitrary<[unknown, unknown]>) =>
  fc.array(fc.tuple(pair, fc.nat(), fc.constantFrom(...GO)), { minLength: BATCH, maxLength: BATCH })
    .map((items) => new Batch(items.flatMap(([[from, to], seed, go]) => pairRequests(from as never, to as never, seed, go))));

test(`pod templates and ControllerRevision payloads with realistic edits agree (${PAIRS} pairs, 4 ops each)`, async () => {
  await fc.assert(fc.asyncProperty(pairBatch(realisticPair), sameAnswers), RUN);
});

test(`random JSON pairs through every array path agree (${PAIRS} pairs, 4 ops each)`, async () => {
  await fc.assert(fc.asyncProperty(pairBatch(randomPair), sameAnswers), RUN);
});

test("raw documents (tricky bytes, duplicate keys, number spellings, broken text) agree (1000 pairs)", async () => {
  await fc.assert(fc.asyncProperty(fc.array(rawRequests, { minLength: BATCH, maxLength: BATCH }).map((b) => new Batch(b.flat())), sameAnswers), { ...RUN, numRuns: 10 });
});

/** Hand-picked requests: quirks of both libraries, hostile pointers, absent and empty inputs. */
const EDGE: string[] = [
  // appscode: the first-map quirk, Levenshtein with a non-scalar first element, nulls, empty keys
  '{"op":"jsonpatch.diff","from":{"a":[{"x":1},[1,2],null,3]},"to":{"a":[{"x":1},[1,3],{"y":2},4]}}',
  '{"op":"jsonpatch.diff","from":{"a":[{"x":1},null]},"to":{"a":[{"x":1},{"z":1}]}}',
  '{"op":"jsonpatch.diff","from":{"a":["s",{"x":1}]},"to":{"a":["t",{"x":2}]}}',
  '{"op":"jsonpatch.diff","from":{"":{"x":1}},"to":{"":{"x":2,"y":[]}}}',
  '{"op":"jsonpatch.diff","from":{"a":{"":{"b":1}}},"to":{"a":{"":{"b":2}}}}',
  '{"op":"jsonpatch.diff","from":{"a":null},"to":{"a":{"b":1}}}',
  '{"op":"jsonpatch.diff","from":{"a":1},"to":{"a":null}}',
  '{"op":"jsonpatch.diff","from":{"a":1.0,"b":-0,"c":"\\u0061"},"to":{"a":1,"b":0,"c":"a"}}',
  '{"op":"jsonpatch.diff","from":{"a":[1,2,3,4,5,6,7,8]},"to":{"a":[8,7,6,5,4,3,2,1]}}',
  '{"op":"jsonpatch.diff","from":null,"to":null}',
  '{"op":"jsonpatch.diff","from":{},"toText":""}',
  '{"op":"jsonpatch.diff","fromText":"{\\"a\\":1e999}","to":{}}',
  '{"op":"jsonpatch.diff","from":{"a<b":1,"\\u2028":2},"to":{}}',
  '{"op":"jsonpatch.diff","from":{"a\\"b":1,"c\\"d":2,"e\\\\":3},"to":{"a\\"b":2}}',
  '{"op":"jsonpatch.diff","from":{"a\\u0001":1},"to":{}}',
  '{"op":"jsonpatch.diff","from":{"k":"\\b\\f"},"to":{"k":"\\f\\b"},"go":"1.21"}',
  '{"op":"jsonpatch.diff","from":{"k":"\\b\\f"},"to":{"k":"\\f\\b"},"go":"1.22"}',
  '{"op":"jsonpatch.diff","flavor":"appscode","from":{"a":1},"to":{"a":2}}',
  '{"op":"jsonpatch.diff","flavor":"fast","from":{"a":1},"to":{"a":2}}',
  '{"op":"jsonpatch.diff","flavor":1,"from":{"a":1},"to":{"a":2}}',
  '{"op":"jsonpatch.diff","from":{"a":1},"fromText":"{}","to":{"a":2}}',
  '{"op":"jsonpatch.diff","fromText":1,"to":{"a":2}}',
  // apply: every operation, hostile pointers, quirks of evanphx/json-patch v4
  '{"op":"jsonpatch.apply","document":{"a":1},"patch":[{"op":"add","path":"/__proto__/x","value":1},{"op":"add","path":"/constructor","value":{}},{"op":"add","path":"/constructor/prototype","value":{"y":2}}]}',
  '{"op":"jsonpatch.apply","document":{"__proto__":{"polluted":1}},"patch":[{"op":"copy","from":"/__proto__","path":"/constructor"},{"op":"move","from":"/__proto__/polluted","path":"/x"}]}',
  '{"op":"jsonpatch.apply","document":{"a":[1,2,3]},"patch":[{"op":"add","path":"/a/-","value":4},{"op":"add","path":"/a/-1","value":5},{"op":"remove","path":"/a/-2"},{"op":"replace","path":"/a/0","value":0},{"op":"move","from":"/a/0","path":"/a/3"},{"op":"copy","from":"/a/1","path":"/b"},{"op":"test","path":"/a","value":[2,4,5,0]}]}',
  '{"op":"jsonpatch.apply","document":{"a":[1]},"patch":[{"op":"add","path":"/a/2","value":1}]}',
  '{"op":"jsonpatch.apply","document":{"a":[1]},"patch":[{"op":"remove","path":"/a/01"}]}',
  '{"op":"jsonpatch.apply","document":{"a":[1]},"patch":[{"op":"remove","path":"/a/-5"}]}',
  '{"op":"jsonpatch.apply","document":{"a":[1]},"patch":[{"op":"test","path":"/a/+0","value":1},{"op":"test","path":"/a/x","value":1}]}',
  '{"op":"jsonpatch.apply","document":{"a":{}},"patch":[{"op":"replace","path":"/a/missing","value":1},{"op":"copy","from":"/a/nothing","path":"/b"}]}',
  '{"op":"jsonpatch.apply","document":{"a":{}},"patch":[{"op":"remove","path":"/a/missing"}]}',
  '{"op":"jsonpatch.apply","document":{"a":{}},"patch":[{"op":"move","from":"/a/missing","path":"/b"}]}',
  '{"op":"jsonpatch.apply","document":{"a":1},"patch":[{"op":"add","path":"a/b","value":1},{"op":"add","path":"","value":1}]}',
  '{"op":"jsonpatch.apply","document":{"a":1},"patch":[{"op":"replace","path":"","value":[1,{"b":2}]},{"op":"add","path":"/1/c","value":3}]}',
  '{"op":"jsonpatch.apply","document":{"a":1},"patch":[{"op":"replace","path":"","value":null}]}',
  '{"op":"jsonpatch.apply","document":{"a":1},"patch":[{"op":"replace","path":""}]}',
  '{"op":"jsonpatch.apply","document":{"a":1},"patch":[{"op":"test","path":""}]}',
  '{"op":"jsonpatch.apply","document":{"a":1},"patch":[{"op":"test","path":"","value":{"a":1}},{"op":"test","path":"/a"}]}',
  '{"op":"jsonpatch.apply","document":{"a":{}},"patch":[{"op":"test","path":"/a","value":null},{"op":"test","path":"/a","value":[]}]}',
  '{"op":"jsonpatch.apply","document":{"a":[]},"patch":[{"op":"test","path":"/a","value":null}]}',
  '{"op":"jsonpatch.apply","document":{"a":[null]},"patch":[{"op":"test","path":"/a","value":[null]}]}',
  '{"op":"jsonpatch.apply","document":{"a":null},"patch":[{"op":"test","path":"/a","value":null},{"op":"test","path":"/a"},{"op":"test","path":"/b"}]}',
  '{"op":"jsonpatch.apply","document":{"a":"<x>","b":"\\u003cx\\u003e"},"patch":[{"op":"test","path":"/a","value":"\\u003cx>"},{"op":"test","path":"/b","value":"<x>"}]}',
  '{"op":"jsonpatch.apply","document":{"a":1.0},"patch":[{"op":"test","path":"/a","value":1}]}',
  '{"op":"jsonpatch.apply","document":{"a":null},"patch":[{"op":"add","path":"/b","value":null},{"op":"copy","from":"/b","path":"/c"},{"op":"add","path":"/c/x","value":1}]}',
  '{"op":"jsonpatch.apply","document":{"a":null},"patch":[{"op":"add","path":"/b","value":null},{"op":"add","path":"/b/x","value":1}]}',
  '{"op":"jsonpatch.apply","documentText":"null","patch":[{"op":"add","path":"/a","value":1}]}',
  '{"op":"jsonpatch.apply","documentText":"null","patch":[]}',
  '{"op":"jsonpatch.apply","documentText":"","patch":[{"op":"bogus"}]}',
  '{"op":"jsonpatch.apply","patch":[]}',
  '{"op":"jsonpatch.apply","document":{"a":1}}',
  '{"op":"jsonpatch.apply","document":{"a":1},"patch":null}',
  '{"op":"jsonpatch.apply","document":{"a":1},"patch":[null]}',
  '{"op":"jsonpatch.apply","document":{"a":1},"patch":[{"op":"move","path":"/b"},{"op":"copy","from":"/a"}]}',
  '{"op":"jsonpatch.apply","document":{"a":1},"patch":[{"op":"move","from":1,"path":"/b"}]}',
  '{"op":"jsonpatch.apply","document":{"z":{"b":1,"a":[2,1]},"y":{"d":1,"c":2}},"patch":[{"op":"add","path":"/z/c","value":{"q":1,"p":2}},{"op":"add","path":"/z/a/-","value":0}]}',
  '{"op":"jsonpatch.apply","documentText":"{\\"b\\" : 1 , \\"a\\":[ 1.50, 2e3 ],\\"a\\":{\\"y\\":1,\\"x\\":2}}","patch":[{"op":"add","path":"/c","value":"<&>"}]}',
  '{"op":"jsonpatch.apply","documentText":"[1, 2, {\\"b\\":1,\\"a\\":2}]","patch":[{"op":"add","path":"/-","value":3},{"op":"add","path":"/2/c","value":3}]}',
  '{"op":"jsonpatch.apply","documentText":" [1]","patch":[]}',
  '{"op":"jsonpatch.apply","documentText":"{\\"a\\":1","patch":[]}',
  '{"op":"jsonpatch.apply","document":{"a":1},"patchText":"[{\\"op\\":\\"add\\",\\"path\\":\\"/b\\",\\"value\\":1},"}',
  '{"op":"jsonpatch.apply","document":{"a":1},"patch":[1]}',
  '{"op":"jsonpatch.apply","document":{"a":1},"patch":{"op":"add"}}',
  '{"op":"jsonpatch.apply","document":{"a":{"b":1}},"patch":[{"op":"move","from":"/a","path":"/a/c"}]}',
  '{"op":"jsonpatch.apply","document":{"a\\u0000b":1,"~":2,"/":3},"patch":[{"op":"move","from":"/a\\u0000b","path":"/~0~1"},{"op":"remove","path":"/~1"},{"op":"remove","path":"/~0"}]}',
  // merge patches
  '{"op":"mergepatch.diff","original":{"a":1,"b":{"c":1,"d":[1,2]},"e":null},"modified":{"a":1.0,"b":{"c":1,"d":[1,2]},"f":null,"e":1}}',
  '{"op":"mergepatch.diff","original":[{"a":1},{"b":1}],"modified":[{"a":2},{"b":1}]}',
  '{"op":"mergepatch.diff","original":[{"a":1}],"modified":[{"a":2},{}]}',
  '{"op":"mergepatch.diff","original":[1],"modified":[2]}',
  '{"op":"mergepatch.diff","original":{"a":1},"modified":[1]}',
  '{"op":"mergepatch.diff","original":null,"modified":{"a":1}}',
  '{"op":"mergepatch.diff","originalText":" [{}] ","modifiedText":"[{\\"a\\":1}]\\n"}',
  '{"op":"mergepatch.diff","original":{"a":1}}',
  '{"op":"mergepatch.apply","original":{"a":{"b":1,"c":{"d":2}},"x":[1,{"y":null}]},"patch":{"a":{"c":{"d":null,"e":{"f":null,"g":1}},"h":[null,{"i":null}]},"x":null}}',
  '{"op":"mergepatch.apply","original":{"a":[1]},"patch":{"a":{"b":null,"c":1}}}',
  '{"op":"mergepatch.apply","original":{"a":{"b":1}},"patch":{"a":[{"c":null}]}}',
  '{"op":"mergepatch.apply","original":[1,2],"patch":{"a":{"b":null},"c":1}}',
  '{"op":"mergepatch.apply","original":{"a":1},"patch":[{"b":null},null,[{"c":null}]]}',
  '{"op":"mergepatch.apply","original":{"a":1},"patch":"x"}',
  '{"op":"mergepatch.apply","original":null,"patch":{"a":1}}',
  '{"op":"mergepatch.apply","original":{"a":1},"patch":null}',
  '{"op":"mergepatch.apply","originalText":"{","patch":{}}',
  '{"op":"mergepatch.apply","original":{"a":1},"patchText":"{"}',
  '{"op":"mergepatch.apply","patch":{"a":1}}',
  '{"op":"mergepatch.apply","originalText":"{\\"z\\":1,\\"a\\":{\\"y\\":1,\\"x\\":2.50}}","patch":{"b":1}}',
];

test("hand-picked quirks, hostile pointers and absent inputs agree in every Go release class", async () => {
  const lines: Uint8Array[] = [];
  for (const line of EDGE) for (const go of GO) lines.push(bytes(line.slice(0, -1), go, "}"));
  await sameAnswers(lines);
});
