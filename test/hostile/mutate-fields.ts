// Request-level damage on the parsed request: fields of every wrong JSON type, `xText` variants with junk,
// missing, unknown and duplicate fields, unknown versions, other and malformed op names, per-request limits,
// engine-only switches.

import type { Rng } from "./prng.ts";
import { Raw, Members, concat, utf8 } from "./line.ts";
import { BAD_BYTES } from "./mutate-bytes.ts";
import { places, getAt, setAt, deleteAt, showPath, type Step } from "./paths.ts";
import { ALL_OPS } from "./corpus.ts";

type Obj = Record<string, unknown>;

/** A mutated request (a value for toLine, Raw pieces allowed) and what was done. */
export type Mutant = [unknown, string];

/** One value of every JSON type, plus numbers and strings Go and the engine treat specially. */
export const WRONG_VALUES: unknown[] = [
  null, true, false, 0, -1, 1.5, new Raw("1e400"), new Raw("-0"), new Raw("9223372036854775808"), new Raw("-9223372036854775809"),
  new Raw("1E+2"), "", "x", "\u0000", "\ud800", "null", "{}", [], [null], [[]], {}, { "": null }, { x: {} },
];

/** Version strings no release is called, and near-misses of real ones. */
export const BAD_VERSIONS: unknown[] = [
  "1.8", "1.10", "1.11", "1.13", "1.14", "1.38", "1.99", "2.0", "0.0", "", "1", "1.", ".20", "v1.20", "1.020", "1.2e1", " 1.20", "1.20 ", "1.20\u0000",
  "1.-1", "1.4294967297", "1.99999999999999999999", "1.20.3", "1.9.0", "１.２０", "1.20\n", 1.2, 120, null, true, [], {},
];

/** The version fields of the protocol. */
const VERSION_FIELDS = ["go", "kubernetes", "kubelet", "kruise", "serverVersion", "apiVersion"];

/** Engine-only switches and options that change the path taken. */
const SWITCHES = ["exactPath", "exactRoundTrip", "requireFastPath", "lockstep", "exactDecode", "applyDefaults", "hashWithoutResources", "roundUp", "forceScale", "inPlace", "allowPrivileged", "sortCandidates"];

/** Field names used somewhere in the protocol (for unknown / misplaced fields). */
const KNOWN_FIELDS = ["id", "op", "go", "kubernetes", "kubelet", "kruise", "value", "valueText", "text", "base64", "variant", "type", "mode", "format",
  "pod", "podText", "pods", "podsText", "old", "oldText", "new", "newText", "kind", "policy", "policyText", "strategy", "gates", "now", "state",
  "updateSpec", "from", "to", "fromText", "toText", "document", "documentText", "patch", "patchText", "original", "modified", "maxEditMatrix",
  "flavor", "container", "template", "object", "collisionCount", "limits", "workload", "model", "nodes", "hash", "replicaSets", ...SWITCHES];

/** A top-level field name of the request, or undefined when it has none but `op`. */
function someField(rng: Rng, v: Obj): string | undefined {
  const keys = Object.keys(v).filter((k) => k !== "op");
  return keys.length ? rng.pick(keys) : undefined;
}

/** A field (top level, or any place inside, half the time) set to a value of the wrong type. */
export function wrongType(rng: Rng, v: Obj): Mutant {
  const all = places(v);
  const top = all.filter((p) => p.path.length === 1);
  const place = rng.chance(0.5) && top.length ? rng.pick(top) : all.length ? rng.pick(all) : undefined;
  const w = rng.pick(WRONG_VALUES);
  if (!place) return [{ ...v, [rng.pick(KNOWN_FIELDS)]: w }, "wrong-type (added)"];
  return [setAt(v, place.path, w), `wrong-type ${showPath(place.path)}=${show(w)}`];
}

/** A field removed (top level or inside). */
export function missing(rng: Rng, v: Obj): Mutant {
  const all = places(v);
  const top = all.filter((p) => p.path.length === 1);
  const place = rng.chance(0.6) && top.length ? rng.pick(top) : all.length ? rng.pick(all) : undefined;
  if (!place) return [{}, "missing everything"];
  return [deleteAt(v, place.path), `missing ${showPath(place.path)}`];
}

/** Unknown or misplaced fields added at the top level or inside an object. */
export function unknownField(rng: Rng, v: Obj): Mutant {
  const objects = places(v).filter((p) => p.kind === "object");
  const name = rng.pick([...KNOWN_FIELDS, "unknown", "", "OP", "Op", "op ", "\u017fpec", "$patch", "__proto__", "constructor", "a\u0000b", "\ud800"]);
  const value = rng.pick([...WRONG_VALUES, "junk", { op: "fnv" }]);
  if (rng.chance(0.5) || !objects.length) return [{ ...v, [name]: value }, `unknown-field ${JSON.stringify(name)}=${show(value)}`];
  const p = rng.pick(objects);
  return [setAt(v, p.path, { ...(getAt(v, p.path) as Obj), [name]: value }), `unknown-field ${showPath(p.path)}.${JSON.stringify(name)}=${show(value)}`];
}

/** A member written twice with different values (the last one wins in Go), at the top level or inside. */
export function duplicateKey(rng: Rng, v: Obj): Mutant {
  const objects = [{ path: [] as Step[] }, ...places(v).filter((p) => p.kind === "object")];
  const p = rng.pick(objects);
  const obj = getAt(v, p.path) as Obj;
  const keys = Object.keys(obj);
  if (!keys.length) return [v, "duplicate-key (none)"];
  const k = p.path.length === 0 && rng.chance(0.3) ? "op" : rng.pick(keys);
  const other = k === "op" ? rng.pick([...ALL_OPS, "nope", 1]) : rng.pick(WRONG_VALUES);
  const entries = Object.entries(obj);
  const twice: [string, unknown][] = rng.chance(0.5) ? [[k, other], ...entries] : [...entries, [k, other]];
  return [setAt(v, p.path, new Members(twice)), `duplicate-key ${showPath([...p.path, k])}=${show(other)}`];
}

/** A version field (present or added) set to an unknown version or a wrong type. */
export function badVersion(rng: Rng, v: Obj): Mutant {
  const present = VERSION_FIELDS.filter((f) => f in v);
  const f = present.length && rng.chance(0.7) ? rng.pick(present) : rng.pick(VERSION_FIELDS);
  const bad = rng.pick(BAD_VERSIONS);
  return [{ ...v, [f]: bad }, `bad-version ${f}=${show(bad)}`];
}

/** The op replaced: another op (the fields of one op handed to another), a near-miss name, a wrong type, or removed. */
export function otherOp(rng: Rng, v: Obj): Mutant {
  const names: unknown[] = [...ALL_OPS, ...ALL_OPS, "", " fnv", "json.go ", "JSON.GO", "rollout.", "rollout.nope", "kruise.", "kruise.patchPod\u0000",
    "k8s.json\ud800", 1, null, ["fnv"], { op: "fnv" }];
  if (rng.chance(0.1)) {
    const { op: _op, ...rest } = v;
    return [rest, "op missing"];
  }
  const op = rng.pick(names);
  return [{ ...v, op }, `other-op ${show(op)}`];
}

/** Per-request limits with edge values (they must not outlive the request). */
export function limits(rng: Rng, v: Obj): Mutant {
  const vals: unknown[] = [0, 1, 2, 3, 5, 16, -1, 1000000, 1000001, 2147483647, 2147483648, 1.5, new Raw("1e400"), "3", null, true, []];
  const lim = rng.chance(0.15) ? rng.pick(WRONG_VALUES) : { maxDepth: rng.chance(0.7) ? rng.pick(vals) : undefined, maxBytes: rng.chance(0.7) ? rng.pick(vals) : undefined };
  return [{ ...v, limits: lim }, `limits ${show(lim)}`];
}

/** An engine-only switch set (to true, false or a wrong type). */
export function switches(rng: Rng, v: Obj): Mutant {
  const s = rng.pick(SWITCHES);
  const val = rng.pick([true, true, false, null, 1, "true", []]);
  return [{ ...v, [s]: val }, `switch ${s}=${show(val)}`];
}

/** The JSON text of a value (Raw-free parsed values only). */
function text(x: unknown): string {
  return JSON.stringify(x) ?? "null";
}

/** A field given as `xText` instead: junk after the text, cut text, invalid UTF-8, both forms, a text of the wrong type, empty or deep text. */
export function textVariant(rng: Rng, v: Obj, maxDepth: number): Mutant {
  const textual = Object.keys(v).filter((k) => k.endsWith("Text") && typeof v[k] === "string");
  const valued = Object.keys(v).filter((k) => !["op", "id", "kind", "go", "kubernetes", "kubelet", "kruise", "variant", "mode", "type", "now", "flavor", "hash"].includes(k) && !k.endsWith("Text"));
  let base: string;
  let content: string;
  let rest: Obj;
  if (textual.length && (rng.chance(0.5) || !valued.length)) {
    const f = rng.pick(textual);
    base = f.slice(0, -4);
    content = v[f] as string;
    const { [f]: _, ...r } = v;
    rest = r;
  } else if (valued.length) {
    base = rng.pick(valued);
    content = text(v[base]);
    const { [base]: _, ...r } = v;
    rest = r;
  } else {
    base = "value";
    content = "{}";
    rest = v;
  }
  const f = `${base}Text`;
  const how = rng.int(0, 11);
  switch (how) {
    case 0: return [{ ...rest, [f]: content + rng.pick([" x", "}", "]", ",", "\u0000", " {}", "\ufeff", "//"]) }, `text-junk-after ${f}`];
    case 1: return [{ ...rest, [f]: content.slice(0, rng.int(0, Math.max(0, content.length - 1))) }, `text-cut ${f}`];
    case 2: {
      // raw invalid UTF-8 bytes inside the string (kept as they are by the reader)
      const at = rng.int(0, content.length);
      const bad = new Uint8Array(rng.pick(BAD_BYTES));
      const q = (s: string) => JSON.stringify(s).slice(1, -1);
      return [{ ...rest, [f]: new Raw(concat([utf8(`"${q(content.slice(0, at))}`), bad, utf8(`${q(content.slice(at))}"`)])) }, `text-invalid-utf8 ${f}@${at}`];
    }
    case 3: return [{ ...v, [f]: content }, `text-and-value ${f}`];
    case 4: return [{ ...rest, [f]: rng.pick([0, true, [], {}, [content], { x: content }]) }, `text-wrong-type ${f}`];
    case 5: return [{ ...rest, [f]: rng.pick(["", " ", "null", "\ufeff" + content, "\"\"", "[]", "{}", "1e400", "\"\\ud800\""]) }, `text-empty ${f}`];
    case 6: {
      const d = rng.size(100, maxDepth);
      return [{ ...rest, [f]: "[".repeat(d) + (rng.chance(0.5) ? "]".repeat(d) : "") }, `text-deep ${f} depth ${d}`];
    }
    case 7: return [{ ...rest, [f]: text(content) }, `text-of-text ${f}`];
    case 8: return [{ ...rest, [`${f}Text`]: text(content) }, `textText ${f}Text`];
    case 9: return [{ ...rest, [f]: content.replace(/[{[]/, (c) => c.repeat(rng.int(2, 5))) }, `text-unbalanced ${f}`];
    case 10: return [{ ...rest, [f]: content.replace(/"/g, (c) => (rng.chance(0.05) ? "'" : c)) }, `text-quotes ${f}`];
    default: return [{ ...rest, [f]: content.replace(/[0-9]/, rng.pick(["1e999999999", "-", "0x1", "١", "9".repeat(400)])) }, `text-number ${f}`];
  }
}

/** A short readable form of a generated value. */
export function show(x: unknown): string {
  if (x instanceof Raw) return typeof x.text === "string" ? x.text.slice(0, 40) : `<${x.text.length} raw bytes>`;
  if (x instanceof Members) return `{${x.entries.length} members}`;
  const s = JSON.stringify(x) ?? String(x);
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}
