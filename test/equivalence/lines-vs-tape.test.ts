// The request lines answered before they are read into a tape (assembly/eval/lines/: container.hash with an inline
// container, the bare jsonpatch.diff line of evaluateDocs) must answer exactly as the same line read into a tape and
// dispatched: the same line with `"exact":["lines"]` (a line with an `exact` member is never answered by a line
// shortcut), and with every shortcut off (`"exact":true`, or the older `exactRoundTrip` / `lockstep` fields).
// Member orders (the container before or after `kubelet` and `go`), whitespace, repeated members, errors.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { kinplace } from "../support/engine.ts";
import { engineFromBytesSync } from "../../js/instantiate.ts";
import { container, textStyle, toText } from "../oracle/k8s-objects.ts";
import { realisticPair, randomPair } from "../oracle/patch-arbitraries.ts";
import { MINORS } from "../oracle/k8s/versions.ts";
import { cases } from "../support/scale.ts";

const dec = new TextDecoder();
const enc = new TextEncoder();
const ALL = MINORS.map((m) => m.minor);
const GOS = [undefined, "1.21", "1.22", "1.24", "1.26"];
const options = { numRuns: cases(600), interruptAfterTimeLimit: 10_000, markInterruptAsFailure: false };

type Answer = { ok: boolean; result?: Record<string, unknown>; error?: { code: string; message: string; path?: string } };

/** The answer of a request line given as text. */
const ask = (line: string) => dec.decode(kinplace.evaluateLine(enc.encode(line)));

/**
 * The answer of `line` (a container.hash line) equals the same line with `member` added after the op: byte for byte
 * when it succeeds, the same code and message when it fails (the added member moves the offsets of a broken line).
 */
function sameLine(line: string, member: string): void {
  const fast = ask(line);
  const other = ask(line.replace(`{"op":"container.hash",`, `{"op":"container.hash",${member},`));
  const f = JSON.parse(fast) as Answer;
  if (f.ok) assert.equal(fast, other, `${member}: line ${line}`);
  else {
    const e = JSON.parse(other) as Answer;
    assert.equal(e.ok, false, `${member}: line ${line}: ${other}`);
    assert.equal(f.error!.code, e.error!.code, `${member}: line ${line}`);
    assert.equal(f.error!.message, e.error!.message, `${member}: line ${line}`);
  }
}

const MEMBERS = [`"exact":["lines"]`, `"exact":true`, `"exactRoundTrip":true`];

test("container.hash request lines answered without a tape = the ordinary path (order, whitespace, guesses, errors)", () => {
  const c = `{"name":"web","image":"nginx:1.25","resources":{"limits":{"cpu":"500m"}},"ports":[{"containerPort":80}]}`;
  const lines = [
    `{"op":"container.hash","container":${c},"kubelet":"1.20"}`,
    `{"op":"container.hash","container":${c},"kubelet":"1.27"}`,
    `{"op":"container.hash","container":${c},"kubelet":"1.27","go":"1.22"}`,
    `{"op":"container.hash","go":"1.24","container":${c},"kubelet":"1.33"}`,
    `{"op":"container.hash","kubelet":"1.31","container":${c}}`,
    `{"op":"container.hash","container":${c}}`,
    `{"op":"container.hash", "kubelet" : "1.26" ,"container" :\n${c} }`,
    `{"op":"container.hash","container":${c},"kubelet":"1.15"}`,
    `{"op":"container.hash","container":${c},"kubelet":"1.12"}`,
    `{"op":"container.hash","container":${c},"kubelet":"1.99"}`,
    `{"op":"container.hash","container":${c},"kubelet":"1.30","go":"1.21"}`,
    `{"op":"container.hash","container":${c},"kubelet":"1.30","go":"1.28"}`,
    `{"op":"container.hash","container":${c},"kubelet":"1.26","kubelet":"1.27"}`,
    `{"op":"container.hash","container":${c},"container":${c},"kubelet":"1.26"}`,
    `{"op":"container.hash","container":${c},"kubelet":"1.26"} x`,
    `{"op":"container.hash","container":${c},"kubelet":"1.26",}`,
    `{"op":"container.hash","container":${c},"kubelet":1.26}`,
    `{"op":"container.hash","container":${c},"kubelet":"1.2\\u0036"}`,
    `{"op":"container.hash","container":null,"kubelet":"1.26"}`,
    `{"op":"container.hash","container":"x","kubelet":"1.26"}`,
    `{"op":"container.hash","container":{"name":"a"`,
    `{"op":"container.hash","container":${c},"containerText":"{}","kubelet":"1.26"}`,
    `{"op":"container.hash","container":${c},"kubelet":"1.26","id":7}`,
    `{"op":"container.hash","container":${c},"kubelet":"1.26","applyDefaults":true}`,
    `{"op":"container.hash","container":${c},"go":"1.21","kubelet":"1.27"}`,
    `{"op":"container.hash","kubelet":"1.27","container":${c},"go":"1.21"}`,
    `{"op":"container.hash","kubelet":"1.27","container":${c},"go":"1.24"}`,
    `{"op":"container.hash","container":{"name":"a","image":"b]","args":["}","{[","\\\"]"]},"kubelet":"1.26"}`,
    `{"op":"container.hash","container":{"name":"a","x":[{"y":[]}],"args":[]}}`,
    `{"op":"container.hash","container":{"name":"a"]},"kubelet":"1.26"}`,
    `{"op":"container.hash","container":{"name":"a"}}},"kubelet":"1.26"}`,
    `{"op":"container.hash","container":{"name":"a\"},"kubelet":"1.26"}`,
    `{"op":"container.hash","container":{"name":"a","image":"\u00e9"},"exact":[],"kubelet":"1.26"}`,
    // the line's tail names a minor inside the container (a wrong guess, transcoded again), or the real one last
    `{"op":"container.hash","container":{"name":"a","env":[{"name":"x","value":"y"}],"x":{"kubelet":"1.20"}},"go":"1.22"}`,
    `{"op":"container.hash","container":{"name":"a","x":{"kubelet":"1.20","go":"1.21"}},"kubelet":"1.27"}`,
    `{"op":"container.hash","container":{"name":"a","x":{"go":"1.21"}},"kubelet":"1.27","go":"1.24"}`,
    `{"op":"container.hash","container":{"name":"a"},"kubelet":"1.15"}`,
    `{"op":"container.hash","container":{"name":"a","x":{"kubelet":"1.15"}}}`,
  ];
  for (const line of lines) for (const member of MEMBERS) sameLine(line, member);
});

test("container.hash lines of generated containers, member orders and whitespace = the dispatched line", () => {
  fc.assert(
    fc.property(container, textStyle, fc.constantFrom(...ALL), fc.constantFrom(...GOS), fc.nat(5), fc.boolean(), (c, style, minor, go, order, spaced) => {
      const text = toText(c, { ...style, duplicates: false });
      const sp = spaced ? " \n" : "";
      const members = [`"container":${sp}${text}`, `"kubelet":${sp}"${minor}"`, ...(go ? [`"go":"${go}"`] : [])];
      // one of the orders: rotated, and reversed now and then
      const rot = members.slice(order % members.length).concat(members.slice(0, order % members.length));
      const ms = order >= 3 ? rot.reverse() : rot;
      const line = `{"op":"container.hash",${ms.join(`,${sp}`)}${sp}}`;
      for (const member of MEMBERS) sameLine(line, member);
    }),
    options,
  );
});

const wasm = readFileSync(process.env.KINPLACE_WASM ?? new URL("../../build/kinplace.wasm", import.meta.url));
const engine = engineFromBytesSync(wasm);

/** The evaluateDocs answer of `line` with documents `a` and `b`. */
const docs = (line: string, a: string, b: string) => dec.decode(engine.evaluateDocsView(line, a, b));

test("the bare jsonpatch.diff line of evaluateDocs = the dispatched line (exact lines, lockstep, every shortcut off)", () => {
  fc.assert(
    fc.property(fc.oneof(realisticPair, randomPair), fc.integer({ min: 0, max: 3 }), fc.nat(), ([from, to], style, cut) => {
      const a = style === 1 ? JSON.stringify(from, null, 2) : JSON.stringify(from);
      let b = style === 1 ? JSON.stringify(to, null, 2) : JSON.stringify(to);
      if (style === 3) b = b.slice(0, cut % (b.length + 1)); // broken second documents too
      const want = docs('{"op":"jsonpatch.diff"}', a, b);
      for (const line of ['{"op":"jsonpatch.diff","exact":["lines"]}', '{"op":"jsonpatch.diff","exact":true}', '{"op":"jsonpatch.diff","lockstep":false}']) {
        assert.equal(docs(line, a, b), want, `${line}\nfrom ${a.slice(0, 300)}\nto   ${b.slice(0, 300)}`);
      }
    }),
    options,
  );
});
