// The lockstep appscode diff (assembly/fast/lockstep/lockstep.ts) walks two texts together and reads only what
// differs; it must answer exactly as the whole diff, byte for byte, op order included, errors included.
// `"exact": ["lockstep"]` (and the older `"lockstep": false`, and `"exact": true`: no shortcut at all) makes the op run
// the whole diff, so every pair is answered both ways (through the request line and through the evaluateDocs export)
// and the answers compared. Pairs: realistic manifests with one or several edits, random pairs over every array path,
// and text-level variants (whitespace, spellings of equal values, duplicate keys, objects over 32 members (keys in
// document order and in byte order),
// invalid UTF-8, broken bytes, top levels that are not objects, engine limits).

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { kinplace } from "../support/engine.ts";
import { realisticPair, randomPair, rng } from "../oracle/patch-arbitraries.ts";
import { bytes, outerString } from "../oracle/arbitraries.ts";
import { patchPairs } from "../../bench/patch-pairs.ts";
import { cases } from "../support/scale.ts";

const dec = new TextDecoder();
const enc = new TextEncoder();

/** The answer line of a jsonpatch.diff request with the two documents as text fields. */
function ask(opts: string, a: Uint8Array, b: Uint8Array): string {
  return dec.decode(kinplace.evaluateLine(bytes(`{"op":"jsonpatch.diff"${opts},"fromText":`, outerString(a), `,"toText":`, outerString(b), "}")));
}

/** An answer line as "ok <patch>" or "error <code> <message> <path>". */
function brief(line: string): string {
  const w = JSON.parse(line) as { ok: boolean; result?: { patch: unknown }; error?: { code: string; message: string; path?: string } };
  return w.ok ? `ok ${JSON.stringify(w.result!.patch)}` : `error ${w.error!.code} ${w.error!.message} ${w.error!.path}`;
}

/**
 * Both answers for a pair: [the walk (two texts; or its fallback), the whole diff ("lockstep": false)]; the whole diff is
 * also asked with `exact: ["lockstep"]` and (below 64 KiB) with every shortcut off (`exact: true`), which must answer the same bytes.
 */
function answers(a: Uint8Array, b: Uint8Array, opts: string, viaDocs: boolean): [string, string] {
  const whole = ask(`${opts},"lockstep":false`, a, b);
  // (the benchmark's 400 KB pairs: the whole diff once more, not twice)
  for (const x of a.length + b.length > 1 << 16 ? [`,"exact":["lockstep"]`] : [`,"exact":["lockstep"]`, `,"exact":true`]) {
    assert.equal(ask(`${opts}${x}`, a, b), whole, `${x} != "lockstep":false, opts ${opts}\nfrom ${dec.decode(a).slice(0, 400)}\nto   ${dec.decode(b).slice(0, 400)}`);
  }
  if (!viaDocs || opts !== "") return [ask(opts, a, b), whole];
  // the evaluateDocs export (what jsonPatchDiffText uses): the same patch text, the same error
  let walked: string;
  try {
    walked = `ok ${kinplace.jsonPatchDiffText(a, b)}`;
    walked = `ok ${JSON.stringify(JSON.parse(walked.slice(3)))}`;
  } catch (e) {
    const k = e as { code: string; message: string; path?: string };
    walked = `error ${k.code} ${k.message} ${k.path}`;
  }
  return [walked, brief(whole)];
}

type J = null | boolean | number | string | J[] | { [k: string]: J };

/** Serializations: compact, indented, or with spaces after separators. */
function show(v: J, style: number): string {
  if (style === 1) return JSON.stringify(v, null, 2);
  if (style === 2) return JSON.stringify(v).replace(/([,:])(?=["\d\[{tfn-])/g, "$1 ");
  return JSON.stringify(v);
}

/** Text-level variants of the second document (each keeps or breaks its JSON on purpose). */
const VARIANTS: ((s: string, r: () => number) => string)[] = [
  (s) => s,
  // a space inserted between two tokens
  (s, r) => { const m = [...s.matchAll(/[,:\[{]/g)]; if (!m.length) return s; const i = m[Math.floor(r() * m.length)]!.index! + 1; return s.slice(0, i) + " " + s.slice(i); },
  // equal numbers spelled differently
  (s, r) => s.replace(/([:\[,])(\d+)(?=[,\]}])/g, (all, p, d) => (r() < 0.5 ? `${p}${d}.0` : r() < 0.5 ? `${p}${d}e0` : all)),
  // a letter of a string as a \u escape (same decoded value)
  (s, r) => s.replace(/"([a-z])([a-z]*)"(?=[,\]}])/g, (all, c, rest) => (r() < 0.3 ? `"\\u00${c.charCodeAt(0).toString(16)}${rest}"` : all)),
  // a duplicate member added before or after an existing one (Go keeps the last)
  (s, r) => { const m = [...s.matchAll(/\{"([^"\\]+)":/g)]; if (!m.length) return s; const x = m[Math.floor(r() * m.length)]!; const k = x[1]; const i = x.index! + 1; return s.slice(0, i) + `"${k}":${r() < 0.5 ? '"dup"' : '{"d":[1]}'},` + s.slice(i); },
  // a byte changed, inserted or deleted somewhere (often no longer JSON)
  (s, r) => { const i = Math.floor(r() * (s.length + 1)); const ch = " \n{}[]\",:\\0123456789-.eEtfnu"[Math.floor(r() * 29)]!; const k = r(); return k < 0.33 ? s.slice(0, i) + ch + s.slice(i) : k < 0.66 ? s.slice(0, i) + s.slice(i + 1) : s.slice(0, i) + ch + s.slice(i + 1); },
  // truncated
  (s, r) => s.slice(0, Math.floor(r() * s.length)),
];

/** A string with an invalid UTF-8 byte, as bytes: a quote of a string value gets 0xff before it. */
function withInvalidUTF8(s: string, r: () => number): Uint8Array {
  const b = enc.encode(s);
  const quotes: number[] = [];
  for (let i = 1; i < b.length; i++) if (b[i] === 0x22 && (b[i + 1] === 0x2c || b[i + 1] === 0x7d)) quotes.push(i);
  if (!quotes.length) return b;
  const at = quotes[Math.floor(r() * quotes.length)]!;
  return bytes(b.subarray(0, at), [r() < 0.5 ? 0xff : 0xc3], b.subarray(at));
}

/** An object with `n` members (over 32: the whole diff visits its keys in byte order). */
function wide(n: number, r: () => number): { [k: string]: J } {
  const o: { [k: string]: J } = {};
  for (let i = 0; i < n; i++) o[`k${Math.floor(r() * 1000)}-${i}`] = r() < 0.5 ? i : { v: [i, "x"], w: i };
  return o;
}

/** A pair of documents as bytes, with its request options and a description. */
const pairs = fc.tuple(
  fc.oneof({ weight: 3, arbitrary: realisticPair }, { weight: 2, arbitrary: randomPair }),
  fc.nat(),
  fc.integer({ min: 0, max: VARIANTS.length - 1 }),
  fc.integer({ min: 0, max: 2 }),
  fc.integer({ min: 0, max: 12 }),
).map(([[from, to], seed, variant, style, extra]) => {
  const r = rng(seed);
  let f = from as { [k: string]: J };
  let t = to as J;
  if (extra === 1 && t !== null && typeof t === "object" && !Array.isArray(t)) {
    // objects over 32 members, edited in place
    const w = wide(33 + Math.floor(r() * 8), r);
    const w2 = { ...w };
    for (const k of Object.keys(w2)) if (r() < 0.1) w2[k] = r() < 0.5 ? "changed" : { v: [0], w: -1 };
    f = { ...f, wide: w };
    t = { ...(t as object), wide: w2 };
  }
  if ((extra === 11 || extra === 12) && t !== null && typeof t === "object" && !Array.isArray(t)) {
    // objects over 32 members whose keys are in byte order (as Go writes maps), edited in place; in an array too
    const w = Object.fromEntries(Object.entries(wide(33 + Math.floor(r() * 30), r)).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)));
    const w2 = { ...w };
    for (const k of Object.keys(w2)) if (r() < 0.1) w2[k] = r() < 0.5 ? "changed" : { v: [0], w: -1 };
    f = extra === 11 ? { ...f, wide: w } : { ...f, list: [w, { a: 1 }] };
    t = extra === 11 ? { ...(t as object), wide: w2 } : { ...(t as object), list: [w2, { a: 1 }] };
  }
  const sa = show(f, style);
  let sb = show(t, r() < 0.8 ? style : (style + 1) % 3);
  if (variant > 0) sb = VARIANTS[variant]!(sb, r);
  let a: Uint8Array = enc.encode(sa);
  let b: Uint8Array = enc.encode(sb);
  // the same variant in the first document now and then (duplicate keys, spellings, broken bytes)
  if (extra === 2) a = enc.encode(VARIANTS[variant]!(sa, rng(seed + 1)));
  if (extra === 3) b = withInvalidUTF8(sb, r);
  if (extra === 4) { a = withInvalidUTF8(sa, r); b = withInvalidUTF8(sb, rng(seed)); }
  if (extra === 5) b = enc.encode(`[${sb}]`);
  const opts = extra === 6 ? `,"maxEditMatrix":${1 + Math.floor(r() * 30)}` : extra === 7 ? `,"go":"1.14"`
    : extra === 8 ? `,"limits":{"maxDepth":${2 + Math.floor(r() * 4)}}` : extra === 9 ? `,"limits":{"maxBytes":${50 + Math.floor(r() * 400)}}`
    : extra === 10 ? `,"maxPatchBytes":${1 + Math.floor(r() * 300)}` : "";
  return { a, b, opts, viaDocs: (seed & 1) === 0 };
});

test("the lockstep diff answers exactly as the whole diff (realistic and random pairs, text variants, errors)", () => {
  let walkedOk = 0;
  fc.assert(
    fc.property(pairs, ({ a, b, opts, viaDocs }) => {
      const [walked, whole] = answers(a, b, opts, viaDocs);
      if (walked.includes('"ok":true') || walked.startsWith("ok ")) walkedOk++;
      assert.equal(walked, whole, `opts ${opts}\nfrom ${dec.decode(a).slice(0, 400)}\nto   ${dec.decode(b).slice(0, 400)}`);
    }),
    { numRuns: cases(3000), interruptAfterTimeLimit: 15_000, markInterruptAsFailure: false },
  );
  assert.ok(walkedOk > 100, `only ${walkedOk} pairs diffed without error`);
});

test("the lockstep diff on the benchmark pairs and on hand-picked traps", () => {
  const cases: [string, string][] = [];
  for (const p of patchPairs().filter((p) => p.ops !== "smp")) cases.push([p.fromText, p.toText]);
  const manifest = readFileSync(new URL("../../bench/fixtures/manifest-4k.json", import.meta.url), "utf8");
  cases.push(
    [manifest, manifest],
    [manifest, manifest.replace('"replicas":3', '"replicas":30')],
    [manifest, manifest.replace('"replicas":3', '"replicas":3.0')],
    [manifest, manifest.replace('"nginx:1.27.3"', '"nginx:1.27.\\u0033"')],
    [manifest, JSON.stringify(JSON.parse(manifest), null, 1)],
    ['{"a":1,"a":2}', '{"a":3,"a":2}'], // an edit in the earlier duplicate changes nothing
    ['{"a":1,"a":2}', '{"a":1,"a":3}'],
    ['{"x":{"a":1,"a":2}}', '{"x":{"a":3,"a":2}}'],
    ['{"x":{"a":[1],"b":1,"a":2}}', '{"x":{"a":[2],"b":1,"a":2}}'],
    ['{"l":[{"a":1},{"b":[1]}]}', '{"l":[{"a":1},{"b":[2]}]}'], // first map of scalars: simple (Levenshtein)
    ['{"l":[{"a":[0]},{"b":[1]}]}', '{"l":[{"a":[0]},{"b":[2]}]}'], // index-wise
    ['{"l":[{"a":[0]},{"b":[1]}]}', '{"l":[{"a":[0]},{"b":[1]},{"c":1},3]}'], // index-wise, longer
    ['{"l":[{"a":[0]},{"b":[1]},{"c":1},3]}', '{"l":[{"a":[0]},{"b":[2]}]}'], // index-wise, shorter
    ['{"l":[null,{"b":[1]}]}', '{"l":[null,{"b":[2]}]}'], // a null first: not simple
    ['{"l":[1,2,{"a":[0],"a":1},{"b":[1]}]}', '{"l":[1,2,{"a":[0],"a":1},{"b":[2]}]}'], // first map has a duplicate
    ['{"l":[{"a":1,"b":{"c":1}}]}', '{"l":[{"a":1,"b":{"c":2}}]}'],
    ['{"l":[{"a":1,"b":{"c":1}}]}', '{"l":[{"a":1,"b":"x"}]}'],
    ['{"l":[[1],[2]]}', '{"l":[[1],[3]]}'],
    ['{"l":[1,2,3]}', '{"l":[1,3,2]}'],
    ['{"a":{}}', '{"a":{"b":1}}'],
    ['{"a":[]}', '{"a":[1]}'],
    ['{"a":1}', '{"a":1} x'],
    ['{"a":1} ', ' {"a":1}'],
    ['{"a":1e400}', '{"a":1e400}'],
    ['{"a":1,"b":1e400}', '{"a":2,"b":1e400}'],
    ['{"a\\u0062":1}', '{"a\\u0062":2}'],
    ['{"a\\"b":{"c":1}}', '{"a\\"b":{"c":2}}'], // a key json.Marshal refuses in the path
    ['{"a/b~c":{"<&>":1}}', '{"a/b~c":{"<&>":2}}'],
    ['{"":{"":1}}', '{"":{"":2}}'],
    ['{"a":1}', '[{"a":1}]'],
    ['null', '{"a":1}'],
    ['{"a":"x\\u0000"}', '{"a":"x\\u0000y"}'],
    ['{"a":"x"', '{"a":"y"'],
    ['{"a":tru}', '{"a":true}'],
    ['{"a":01}', '{"a":01}'],
  );
  // the same bad or edge piece inside an unchanged container of both texts (the walk skips whole containers
  // of equal bytes: its checks must refuse what the whole reader refuses), a difference before or after it
  const pieces = ["1e999", "01", '"\u0001"', '"\\x"', '"\\u12g4"', "[]", "{}", " [ 1 , 2 ] ", "truex", "1.", "[1,]", '{"a"1}',
    "[".repeat(70) + "]".repeat(70), '"\\ud800"', "-", "1e", '"tab\\tx"', '"\\u00e9\\u2028"', "-0.0e-0", '"raw\ttab"'];
  for (const piece of pieces) {
    for (const [a, b] of [
      [`{"x":1,"u":{"k":[${piece}]},"y":1}`, `{"x":2,"u":{"k":[${piece}]},"y":1}`],
      [`{"x":1,"u":{"k":[${piece}]},"y":1}`, `{"x":1,"u":{"k":[${piece}]},"y":2}`],
      [`{"l":[{"a":[0]},{"k":${piece}},{"b":1}]}`, `{"l":[{"a":[0]},{"k":${piece}},{"b":2}]}`],
      // inside a container whose skip failed at a later difference: the containers it completed are skipped
      [`{"x":1,"u":{"k":{"z":[${piece}],"w":{"v":${piece}}},"d":1}}`, `{"x":2,"u":{"k":{"z":[${piece}],"w":{"v":${piece}}},"d":2}}`],
      [`{"x":1,"u":{"o":[{"p":[${piece}]},[${piece}]],"q":{"r":[${piece}]},"d":[1,{"e":1}]}}`, `{"x":2,"u":{"o":[{"p":[${piece}]},[${piece}]],"q":{"r":[${piece}]},"d":[1,{"e":2}]}}`],
    ]) cases.push([a!, b!]);
  }
  // scalar vs scalar (the walk's direct path for plain strings, short canonical integers, literals): every
  // pair of these values at places with various paths (keys to escape or not, an empty key, array elements)
  const scalars = ['"x"', '"y"', '""', '"xy"', '"a<b"', '"a&b"', '"a>"', '"\\u0078"', '"\\n"', '"é"', '"\u2028"', '"longer than eight bytes"',
    '"longer than eight bytes!"', '"longer than eight<bytes"', "0", "1", "-1", "-0", "0.0", "1e3", "1000", "1E3", "0.1", "9007199254740992",
    "9007199254740993", "999999999999999", "-99999999999999", "-999999999999999", "1000000000000000", "123456789012345", "true", "false", "null", "{}", "[]", '[1]'];
  const places = [(v: string) => `{"a":${v},"z":1}`, (v: string) => `{"a":{"b/c":{"~d":${v}}}}`, (v: string) => `{"":{"":${v}}}`,
    (v: string) => `{"x":{"<y>":${v}}}`, (v: string) => `{"l":[{"a":[0]},{"k":${v}},1]}`, (v: string) => `{"l":[1,${v},3]}`,
    (v: string) => `{"l":[{"a":[0]},[${v},0]],"m":[${v}]}`];
  for (const place of places) for (const x of scalars) for (const y of scalars) if (x !== y || x === "null") cases.push([place(x), place(y)]);
  cases.push(['{"a":1,"b":"x","c":null,"d":true}', '{"a":2,"b":"y","c":3,"d":null}'], ['{"a":1 ,"b":2}', '{"a":3 ,"b":4}'],
    ['{"a":12}', '{"a":12x}'], ['{"a":"x"}', '{"a":"y'], ['{"a":truee}', '{"a":false}'], ['{"a":1}', '{"a":01}'], ['{"a":-}', '{"a":1}']);
  // members added or removed at the end of an object (the walk writes their adds / removes after the common members')
  const many = (n: number) => Array.from({ length: n }, (_, k) => `"k${k}":${k}`).join(",");
  cases.push(['{"a":1,"b":{"x":1}}', '{"a":1,"b":{"x":2,"y":[1]}}'], ['{"a":1,"b":{"x":1,"y":2}}', '{"a":1,"b":{"x":2}}'],
    ['{"a":1}', '{"a":2,"b":3,"c":{"d":null}}'], ['{"a":1,"b":2,"c":3}', '{"a":2}'], ['{"a":1}', '{"a":1,"b":null}'],
    ['{"o":{"a":1,"b":2}}', '{"o":{"a":1,"b":2,"a":3}}'], ['{"o":{"a":1,"b":2,"a":3}}', '{"o":{"a":1,"b":2}}'],
    ['{"o":{"a":1}}', '{"o":{"a":1,"b":2,"b":3}}'], ['{"o":{"a":1,"a":2}}', '{"o":{"a":1,"a":2,"c":1}}'],
    ['{"o":{"a":1}}', '{"o":{"a":1,"\\u0062":2}}'], ['{"o":{"a":1}}', '{"o":{"a":1,"b\\"":2}}'], ['{"o":{"a":1}}', '{"o":{"a":1,"é":2,"\u2028":3}}'],
    ['{"o":{"a\\u0062":1}}', '{"o":{"a\\u0062":1,"c":2}}'], ['{"o":{"a":1}}', '{"o":{"a":1,"x/y~z":2,"<&>":3,"":4}}'],
    [`{"o":{${many(32)}}}`, `{"o":{${many(33)}}}`], [`{"o":{${many(31)}}}`, `{"o":{${many(32)}}}`], [`{"o":{${many(34)}}}`, `{"o":{${many(31)}}}`],
    ['{"l":[{"a":1},{"b":[1]}]}', '{"l":[{"a":1,"c":2},{"b":[1]}]}'], ['{"l":[{"a":[0]},{"b":1}]}', '{"l":[{"a":[0]},{"b":1,"c":{"d":1}}]}'],
    ['{"l":[{"a":1}]}', '{"l":[{"a":1,"b":[2]}]}'], ['{"l":[{"a":1,"b":[2]}]}', '{"l":[{"a":1}]}'], ['{"l":[1,{"a":1},{"b":2}]}', '{"l":[1,{"a":1,"z":[]},{"b":3}]}'],
    ['{"l":[[{"a":1}],{"c":[1]}]}', '{"l":[[{"a":1,"b":2}],{"c":[2]}]}'], ['{"o":{"a":1 }}', '{"o":{"a":1 , "b" : 2 }}'], ['{"o":{"a":1 ,"b":2}}', '{"o":{"a":1}}'],
    ['{"o":{"a":1}}', '{"o":{"a":1,"b":}}'], ['{"o":{"a":1}}', '{"o":{"a":1,"b":1e999}}'], ['{"o":{"a":1,"b":tru}}', '{"o":{"a":1}}'],
    ['{"o":{"a":1}}', '{"o":{"a":1,"b":2'], ['{"o":{"a":1,"b":2', '{"o":{"a":1}}'], ['{"o":{"a":1}}', '{"o":{"a":1,"b":2]}'], ['{"o":{"a":1}}', '{"o":{"a":1,"b" 2}}'],
    ['{"o":{"a":1}}', `{"o":{"a":1,"b":${"[".repeat(8)}${"]".repeat(8)}}}`]);
  // elements added or removed at the end of an array whose common elements are equal (the script is known)
  cases.push(['{"l":[{"k":"a"}]}', '{"l":[{"k":"a"},{"k":"b"},{"k":"c"}]}'], ['{"l":[{"k":"a"},{"k":"b"},{"k":"c"}]}', '{"l":[{"k":"a"}]}'],
    ['{"l":[1,2]}', '{"l":[1,2,3,4]}'], ['{"l":[1,2,3,4]}', '{"l":[1]}'], ['{"l":[1,2]}', '{"l":[1,2,{"a":1},{"b":[1]}]}'],
    ['{"l":[1,2]}', '{"l":[1,2,{"a":[1]},{"b":1}]}'], ['{"l":[1,2]}', '{"l":[1,2,null,{"b":1}]}'], ['{"l":[1,2,[3]]}', '{"l":[1,2]}'],
    ['{"l":[1,2,{"a":[1]}]}', '{"l":[1,2]}'], ['{"l":[{"a":[1]}]}', '{"l":[{"a":[1]},3,{"b":2}]}'], ['{"l":[1.0,"x"]}', '{"l":[1,"\\u0078",true]}'],
    ['{"l":[1,2]}', '{"l":[1,3,4]}'], ['{"l":[{"a":1,"a":[2]}]}', '{"l":[{"a":1,"a":[2]},{"b":1}]}'], ['{"l":[[1],2]}', '{"l":[[1],2,3]}'],
    ['{"l":[1]}', '{"l":[1,2,3,4,5,6,7,8]}'], ['{"l":[1,2]}', '{"l":[1,2,3}'], ['{"l":[1,2 ]}', '{"l":[1,2 , 3 ]}'], ['{"l":[1,2,x]}', '{"l":[1,2]}'],
    ['{"a":{"l":[{"k":1}],"m":2}}', '{"a":{"l":[{"k":1},{"k":2}],"m":3}}'], ['{"l":[{"m":[{"k":1}]}]}', '{"l":[{"m":[{"k":1},{"k":2}]}]}']);
  for (const [a, b] of cases) {
    for (const opts of ["", `,"go":"1.14"`, `,"maxEditMatrix":2`, `,"limits":{"maxDepth":3}`]) {
      for (const viaDocs of [false, true]) {
        const [walked, whole] = answers(enc.encode(a), enc.encode(b), opts, viaDocs);
        assert.equal(walked, whole, `opts ${opts}\nfrom ${a.slice(0, 300)}\nto   ${b.slice(0, 300)}`);
      }
    }
  }
});

test("the lockstep diff with members or elements added or removed at the end (fast-check)", () => {
  /** A copy of `v` where some objects get members appended or lose their last ones. */
  const edit = (v: J, r: () => number): J => {
    if (Array.isArray(v)) {
      // elements edited now and then, some dropped from the end or added at the end
      const l = v.map((x) => (r() < 0.2 ? edit(x, r) : x)).slice(0, r() < 0.3 ? Math.max(0, v.length - 1 - Math.floor(r() * 2)) : v.length);
      if (r() < 0.3) for (let n = 1 + Math.floor(r() * 3); n > 0; n--) l.push([n, "s", null, { a: n }, { a: [n] }, [n], { b: "x", c: null }][Math.floor(r() * 7)]!);
      return l;
    }
    if (v === null || typeof v !== "object") return v;
    const o: { [k: string]: J } = {};
    const keys = Object.keys(v);
    const drop = r() < 0.3 ? Math.floor(r() * Math.min(3, keys.length + 1)) : 0;
    for (const k of keys.slice(0, keys.length - drop)) o[k] = r() < 0.15 ? (r() < 0.5 ? "changed" : [1, { x: null }]) : edit(v[k]!, r);
    if (r() < 0.3) for (let n = 1 + Math.floor(r() * 3); n > 0; n--) o[["add", "z", "a/b", "~1", "<x>", "é", "n" + n][Math.floor(r() * 7)]!] = r() < 0.5 ? n : { n: [n] };
    return o;
  };
  const value: fc.Arbitrary<J> = fc.letrec<{ v: J }>((tie) => ({
    v: fc.oneof({ depthSize: "small", withCrossShrink: true },
      fc.oneof(fc.integer(), fc.string({ maxLength: 6 }), fc.boolean(), fc.constant(null)),
      fc.array(tie("v"), { maxLength: 4 }),
      fc.dictionary(fc.string({ maxLength: 4 }), tie("v"), { maxKeys: 6 })),
  })).v;
  fc.assert(
    fc.property(fc.dictionary(fc.string({ maxLength: 4 }), value, { minKeys: 1, maxKeys: 8 }), fc.nat(), fc.integer({ min: 0, max: 2 }), (a, seed, style) => {
      const b = edit(a, rng(seed));
      const [walked, whole] = answers(enc.encode(show(a, style)), enc.encode(show(b, style)), "", (seed & 1) === 0);
      assert.equal(walked, whole, `from ${show(a, 0).slice(0, 400)}\nto   ${show(b, 0).slice(0, 400)}`);
    }),
    { numRuns: cases(1500), interruptAfterTimeLimit: 8_000, markInterruptAsFailure: false },
  );
});

test("jsonPatchDiffText's bare request under process-wide limits answers as the whole diff", () => {
  const pairs: [string, string][] = [['{"a":1}', '{"a":2}'], ['{"a":{"b":[1,{"c":2}]}}', '{"a":{"b":[1,{"c":3}],"d":1}}'],
    ['{"l":[{"k":1}]}', '{"l":[{"k":1},{"k":2}]}']];
  // the whole diff under the default limits (its request line, with the documents in it, is longer)
  const wholes = pairs.map(([a, b]) => answers(enc.encode(a), enc.encode(b), "", true)[1]);
  try {
    for (const [maxDepth, maxBytes] of [[1, 0], [2, 0], [3, 0], [1000000, 10], [1000000, 22], [1000000, 23], [1000000, 200]] as const) {
      kinplace.setLimits({ maxDepth, maxBytes });
      for (const [n, [a, b]] of pairs.entries()) {
        if (maxBytes == 23 && n > 0) continue; // (its documents are longer)
        let walked: string;
        try {
          walked = `ok ${JSON.stringify(JSON.parse(kinplace.jsonPatchDiffText(a, b)))}`;
        } catch (e) {
          const k = e as { code: string; message: string; path?: string };
          walked = `error ${k.code} ${k.message} ${k.path}`;
        }
        // the line itself (23 bytes) over maxBytes fails as any request line does; else the whole diff's answer
        if (maxBytes > 0 && maxBytes < 23) assert.equal(walked, `error E_TOO_LARGE input is 23 bytes, over the limit of ${maxBytes} bytes (maxBytes) undefined`);
        else if (maxDepth == 1000000) assert.equal(walked, wholes[n], `limits ${maxDepth} ${maxBytes}\nfrom ${a}\nto   ${b}`);
        else {
          kinplace.setLimits({ maxDepth: 1000000 });
          const whole = answers(enc.encode(a), enc.encode(b), `,"limits":{"maxDepth":${maxDepth}}`, false)[1];
          kinplace.setLimits({ maxDepth });
          assert.equal(walked, brief(whole), `limits ${maxDepth}\nfrom ${a}\nto   ${b}`);
        }
      }
    }
  } finally {
    kinplace.setLimits({ maxDepth: 1000000, maxBytes: 128 << 20 });
  }
});
