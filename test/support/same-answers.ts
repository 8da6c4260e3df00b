// The check of the equivalence suites (test/equivalence/): one request answered through the eval door with
// every shortcut it may take and again with some or all of them turned off (the engine-only field `exact`,
// assembly/base/exact.ts, or an older alias such as `exactRoundTrip`) must be the same answer, byte for byte.

import assert from "node:assert/strict";
import { kinplace } from "./engine.ts";

const enc = new TextEncoder();
const dec = new TextDecoder();

/** A request object. */
export type Req = Record<string, unknown>;

/** The answer line of `req` (a request object, or a raw line). */
export function answer(req: Req | Uint8Array): string {
  return dec.decode(kinplace.evaluateLine(req instanceof Uint8Array ? req : enc.encode(JSON.stringify(req))));
}

/** `req` answered with each of `variants` merged in equals its answer as given; returns that answer. */
export function sameAnswers(req: Req, variants: Req[], what = ""): string {
  const want = answer(req);
  for (const v of variants) {
    const got = answer({ ...req, ...v });
    assert.equal(got, want, `${JSON.stringify(v)} changes the answer${what ? " (" + what + ")" : ""} of ${JSON.stringify(req).slice(0, 2000)}`);
  }
  return want;
}

/** A raw request line with `member` (e.g. `"exact":true`) added before its closing brace. */
export function withMember(line: Uint8Array, member: string): Uint8Array {
  let end = line.length - 1;
  while (end > 0 && line[end] !== 0x7d) end--;
  const m = enc.encode("," + member);
  const out = new Uint8Array(line.length + m.length);
  out.set(line.subarray(0, end));
  out.set(m, end);
  out.set(line.subarray(end), end + m.length);
  return out;
}
