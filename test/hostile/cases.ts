// One hostile case from (run seed, case index): an op (every op equally often), a good request of that op,
// one or two mutations picked by weight among those that fit the op, serialized within the profile's size.
// The same seed and index always give the same bytes, so a case is replayed from its number.

import { Rng } from "./prng.ts";
import type { Profile } from "./profile.ts";
import type { Seed } from "./corpus.ts";
import { ALL_OPS } from "./corpus.ts";
import { toLine } from "./line.ts";
import { isContainer } from "./paths.ts";
import * as B from "./mutate-bytes.ts";
import * as F from "./mutate-fields.ts";
import * as S from "./mutate-size.ts";
import * as D from "./mutate-domain.ts";

type Obj = Record<string, unknown>;

/** A generated bad request. */
export interface Case {
  index: number;
  op: string;
  source: string;
  mutation: string;
  line: Uint8Array;
}

interface ValueMutator {
  name: string;
  weight: (op: string) => number;
  apply: (rng: Rng, v: Obj, p: Profile) => [unknown, string];
}

const is = (op: string, ...prefixes: string[]) => prefixes.some((x) => op === x || (x.endsWith(".") && op.startsWith(x)));
const K8S = ["pod.validateUpdate", "kruise.", "verdict", "policy.check", "container.hash", "podTemplateHash", "revision", "k8s.json", "k8s.transcode", "spew", "kubelet.", "smp."];

/** The mutations of a parsed request, with their weights per op. */
const VALUE_MUTATORS: ValueMutator[] = [
  { name: "wrong-type", weight: () => 8, apply: (r, v) => F.wrongType(r, v) },
  { name: "missing", weight: () => 3, apply: (r, v) => F.missing(r, v) },
  { name: "unknown-field", weight: () => 2, apply: (r, v) => F.unknownField(r, v) },
  { name: "duplicate-key", weight: () => 2, apply: (r, v) => F.duplicateKey(r, v) },
  { name: "bad-version", weight: () => 3, apply: (r, v) => F.badVersion(r, v) },
  { name: "other-op", weight: () => 3, apply: (r, v) => F.otherOp(r, v) },
  { name: "limits", weight: () => 2, apply: (r, v) => F.limits(r, v) },
  { name: "switch", weight: () => 2, apply: (r, v) => F.switches(r, v) },
  { name: "text", weight: () => 5, apply: (r, v, p) => F.textVariant(r, v, p.maxDepth) },
  { name: "deep", weight: () => 3, apply: S.deep },
  { name: "long-string", weight: () => 2, apply: S.longString },
  { name: "big-array", weight: () => 3, apply: S.bigArray },
  { name: "big-map", weight: () => 2, apply: S.bigMap },
  { name: "big-labels", weight: (op) => (is(op, ...K8S, "rollout.") ? 3 : 0.5), apply: S.bigLabels },
  { name: "big-number", weight: () => 2, apply: S.bigNumber },
  { name: "json-patch", weight: (op) => (is(op, "jsonpatch.", "mergepatch.") ? 6 : 0.3), apply: D.jsonPatch },
  { name: "edit-matrix", weight: (op) => (op === "jsonpatch.diff" ? 6 : 0.2), apply: D.editMatrix },
  { name: "smp-directives", weight: (op) => (is(op, "smp.", "kruise.", "verdict", "policy.check", "revision", "mergepatch.") ? 5 : 1), apply: (r, v) => D.smpDirectives(r, v) },
  { name: "quantity", weight: (op) => (is(op, "quantity", ...K8S) ? 4 : 0.5), apply: D.quantities },
  { name: "int-or-string", weight: (op) => (is(op, "rollout.", "scaled", "kruise.partition") ? 5 : 1), apply: (r, v) => D.intOrString(r, v) },
  { name: "time", weight: (op) => (is(op, "rollout.", "kruise.", "kubelet.", "verdict", "pod.validateUpdate") ? 2 : 0.5), apply: (r, v) => D.times(r, v) },
];

const BYTE_MUTATORS: [number, (rng: Rng, line: Uint8Array) => [Uint8Array, string]][] = [
  [3, B.truncate], [4, B.invalidUTF8], [3, B.junk], [2, B.splice], [1, B.around],
];

/** One of `items` picked with probability proportional to its weight. */
function weighted<T>(rng: Rng, items: [number, T][]): T {
  const total = items.reduce((a, [w]) => a + w, 0);
  let x = rng.next() * total;
  for (const [w, it] of items) {
    if ((x -= w) < 0) return it;
  }
  return items[items.length - 1]![1];
}

/** A byte-level mutant of a line. */
function byteMutant(rng: Rng, line: Uint8Array): [Uint8Array, string] {
  return weighted(rng, BYTE_MUTATORS)(rng, line);
}

/** Generates case `index` of run `seed` from the seeds grouped by op. */
export function makeCase(seed: number, index: number, byOp: Map<string, Seed[]>, profile: Profile): Case {
  const rng = Rng.forCase(seed, index);
  const ops = [...ALL_OPS.filter((o) => byOp.has(o)), ...(byOp.has("") ? [""] : [])];
  const op = rng.pick(ops);
  const s = rng.pick(byOp.get(op)!);
  for (let attempt = 0; attempt < 4; attempt++) {
    const c = attemptCase(rng, s, profile);
    if (c && c[0].length <= profile.maxLine) return { index, op: op || "(malformed vector)", source: s.source, mutation: c[1], line: c[0] };
  }
  const [line, note] = byteMutant(rng, s.line);
  return { index, op: op || "(malformed vector)", source: s.source, mutation: note, line };
}

/** One try at a mutant of seed `s`: bytes only for non-object seeds and 1 in 5 cases, else 1-2 value mutations, sometimes bytes on top. */
function attemptCase(rng: Rng, s: Seed, p: Profile): [Uint8Array, string] | null {
  if (s.value === undefined || rng.chance(0.2)) return byteMutant(rng, s.line);
  const items = VALUE_MUTATORS.map((m) => [m.weight(s.op), m] as [number, ValueMutator]);
  let v: unknown = s.value;
  const notes: string[] = [];
  for (let n = rng.chance(0.2) ? 2 : 1; n > 0; n--) {
    if (!isContainer(v) || Array.isArray(v)) break;
    const m = weighted(rng, items);
    const [out, note] = m.apply(rng, v as Obj, p);
    v = out;
    notes.push(note);
  }
  let line = toLine(v);
  if (line.length > p.maxLine) return null;
  if (rng.chance(0.08)) {
    const [b, note] = byteMutant(rng, line);
    line = b;
    notes.push(note);
  }
  return [line, notes.join(" + ")];
}
