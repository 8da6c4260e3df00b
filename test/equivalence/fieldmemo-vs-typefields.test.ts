// strategicpatch's memoized field lookups (assembly/upstream/strategicpatch/meta.ts: the process-wide cache of
// exact matches, the flat-struct scan, the frozen field lists of structs with embedded fields) against the
// forked encoding/json typeFields it stands for: every request is answered with the memo on and with
// `exact: ["fieldmemo"]`, through the eval door, byte for byte. Documents of every smp type, their keys
// respelled the ways the fork's case-insensitive match accepts or refuses (other cases, the Kelvin sign and
// the long s that fold to k and s, unknown names), so that exact, folded and failed lookups all happen, in
// structs with and without embedded fields. Requests are repeated, so the process-wide cache answers too.

import { test } from "node:test";
import assert from "node:assert/strict";
import { realisticPair, rng } from "../oracle/smp-arbitraries.ts";
import { sameAnswers, shown } from "../support/exact.ts";

type J = null | boolean | number | string | J[] | { [k: string]: J };

/** A respelling of a key: its case changed, k/s as the Kelvin sign / long s, or an unknown name. */
function respell(r: () => number, k: string): string {
  if (k.startsWith("$")) return k;
  const p = r();
  if (p < 0.3) return k.toUpperCase();
  if (p < 0.5) return k[0]!.toUpperCase() + k.slice(1);
  if (p < 0.6) return k.replace(/k/i, "\u212a");
  if (p < 0.7) return k.replace(/s/i, "\u017f");
  if (p < 0.75) return k + "x";
  if (p < 0.8) return k.replace(/./, "\u00e9");
  return k;
}

/** `v` with some of its keys respelled (the same respelling for a key everywhere: `memo`). */
function respelled(r: () => number, v: J, rate: number, memo: Map<string, string>): J {
  if (Array.isArray(v)) return v.map((x) => respelled(r, x, rate, memo));
  if (v === null || typeof v !== "object") return v;
  const out: { [k: string]: J } = {};
  for (const [k, x] of Object.entries(v)) {
    let name = memo.get(k);
    if (name === undefined) {
      name = r() < rate ? respell(r, k) : k;
      memo.set(k, name);
    }
    out[name] = respelled(r, x, rate, memo);
  }
  return out;
}

test("realistic objects of every type with respelled keys: the same answers with and without the memo", () => {
  const r = rng(31);
  const deadline = Date.now() + 30_000;
  let checked = 0;
  let refused = 0;
  for (let seed = 1; seed < 2000 && Date.now() < deadline; seed++) {
    const { type, kruise, a, b } = realisticPair(seed);
    const rate = [0, 0.05, 0.2][seed % 3]!;
    const memo = new Map<string, string>();
    const x = respelled(r, a, rate, memo);
    const y = respelled(r, b, rate, r() < 0.5 ? memo : new Map());
    const k = kruise ? ',"kubernetes":"1.32"' : [',"kubernetes":"1.20"', ',"kubernetes":"1.28"', ""][seed % 3]!;
    const lines = [
      `{"op":"smp.diff","type":"${type}"${k},"original":${JSON.stringify(x)},"modified":${JSON.stringify(y)}}`,
      `{"op":"smp.apply","type":"${type}"${k},"original":${JSON.stringify(x)},"patch":${JSON.stringify(y)}}`,
    ];
    for (const line of lines) {
      for (let again = 0; again < 2; again++) {
        const res = sameAnswers(line, [["fieldmemo"]]);
        assert.equal(res.differs, null, `${shown(line)}\n${res.differs}`);
        if (res.plain.includes("unable to find api field")) refused++;
      }
    }
    checked++;
  }
  assert.ok(checked > 100, `only ${checked} pairs checked`);
  assert.ok(refused > 0, "no lookup failed: the failing path is not covered");
});
