// Size damage: deep values, long strings, long arrays (elements repeated or junk), objects with many keys,
// big label / annotation maps on every metadata, numbers with many digits. Sizes follow the profile.

import type { Rng } from "./prng.ts";
import type { Profile } from "./profile.ts";
import { Raw } from "./line.ts";
import { places, getAt, setAt, showPath, isContainer, type Place } from "./paths.ts";

type Obj = Record<string, unknown>;
type Mutant = [unknown, string];

/** A place of the request to put a generated value at: one of `kinds` when there is one, else any, else a new member. */
function target(rng: Rng, v: Obj, kinds: Place["kind"][]): Place {
  const all = places(v);
  const fit = all.filter((p) => kinds.includes(p.kind));
  if (fit.length && rng.chance(0.85)) return rng.pick(fit);
  if (all.length) return rng.pick(all);
  return { path: ["value"], kind: "null" };
}

/** Nested arrays / objects `depth` levels deep, balanced or left open, as raw text. */
export function deepText(rng: Rng, depth: number): [string, string] {
  const style = rng.int(0, 4);
  const closed = rng.chance(0.8);
  switch (style) {
    case 0: return ["[".repeat(depth) + (closed ? "]".repeat(depth) : ""), "arrays"];
    case 1: return ['{"a":'.repeat(depth) + "1" + (closed ? "}".repeat(depth) : ""), "objects"];
    case 2: return ['[{"a":'.repeat(depth >> 1) + "null" + (closed ? "}]".repeat(depth >> 1) : ""), "mixed"];
    case 3: return ['{"metadata":'.repeat(depth) + "{}" + (closed ? "}".repeat(depth) : ""), "metadata objects"];
    default: return ["[" + "[1,".repeat(depth) + "2" + (closed ? "]".repeat(depth) + "]" : ""), "arrays with elements"];
  }
}

/** A deep value (nesting up to the profile's depth) at an object or array place. */
export function deep(rng: Rng, v: Obj, p: Profile): Mutant {
  const depth = rng.size(1000, p.maxDepth);
  const place = target(rng, v, ["object", "array"]);
  const [text, style] = deepText(rng, depth);
  return [setAt(v, place.path, new Raw(text)), `deep ${showPath(place.path)} ${style} depth ${depth}`];
}

/** A long string (plain, escapes, multi-byte, or quotes and backslashes) at a string place. */
export function longString(rng: Rng, v: Obj, p: Profile): Mutant {
  const n = rng.size(1000, p.maxString);
  const unit = rng.pick(["a", "\\u00e9", "\\ud83d\\ude00", "\\\"", "\\\\", "é", "😀", "\\ud800", "<>&", "\\n", "/~"]);
  const place = target(rng, v, ["string"]);
  const body = unit.repeat(Math.max(1, Math.floor(n / unit.length)));
  return [setAt(v, place.path, new Raw(`"${body}"`)), `long-string ${showPath(place.path)} ${body.length} chars of ${JSON.stringify(unit)}`];
}

/** An array place stretched to many elements: copies of its own elements, or small junk. */
export function bigArray(rng: Rng, v: Obj, p: Profile): Mutant {
  const place = target(rng, v, ["array"]);
  const cur = getAt(v, place.path);
  const elems = Array.isArray(cur) && cur.length ? cur : [];
  const copy = elems.length > 0 && rng.chance(0.6);
  const unitText = copy ? JSON.stringify(rng.pick(elems)) : rng.pick(["0", "null", "{}", "[]", "\"x\"", "{\"name\":\"x\"}", "{\"metadata\":{}}", "{\"metadata\":{\"name\":\"p\"}}"]);
  const cap = Math.max(1, Math.floor(p.maxLine / (unitText.length + 1)) - 1);
  const n = Math.min(cap, rng.size(1000, p.maxElems));
  return [setAt(v, place.path, new Raw(`[${Array(n).fill(unitText).join(",")}]`)), `big-array ${showPath(place.path)} ${n} x ${unitText.slice(0, 40)}`];
}

/** Distinct keys k0, k1, … as a JSON object body with values of `valueText`. */
function manyMembers(n: number, prefix: string, valueText: (i: number) => string): string {
  const parts = new Array<string>(n);
  for (let i = 0; i < n; i++) parts[i] = `"${prefix}${i}":${valueText(i)}`;
  return `{${parts.join(",")}}`;
}

/** An object place given many members (new keys, or its own values repeated under new keys). */
export function bigMap(rng: Rng, v: Obj, p: Profile): Mutant {
  const place = target(rng, v, ["object"]);
  const n = rng.size(1000, p.maxKeys);
  const val = rng.pick(["\"v\"", "1", "null", "{}", "[]", "true"]);
  const prefix = rng.pick(["k", "key-", "apps.kruise.io/k", "$setElementOrder/k", "a~1b", ""]);
  return [setAt(v, place.path, new Raw(manyMembers(n, prefix, () => val))), `big-map ${showPath(place.path)} ${n} keys "${prefix}…"=${val}`];
}

/** Every metadata object (or the request itself) given big label and annotation maps. */
export function bigLabels(rng: Rng, v: Obj, p: Profile): Mutant {
  const metas = places(v).filter((x) => x.kind === "object" && x.path[x.path.length - 1] === "metadata");
  const n = rng.size(1000, p.maxKeys);
  const which = rng.pick(["labels", "annotations", "both"]);
  const valueLen = rng.pick([1, 8, 63]);
  const labels = new Raw(manyMembers(n, rng.pick(["l", "app.kubernetes.io/l", "x-"]), (i) => `"${String(i).padStart(valueLen, "v")}"`));
  let out: unknown = v;
  const chosen = metas.length ? (rng.chance(0.5) ? metas : [rng.pick(metas)]) : [];
  const targets = chosen.length ? chosen.map((m) => m.path) : [["metadata"]];
  for (const path of targets) {
    const meta = getAt(out, path);
    const m = isContainer(meta) && !Array.isArray(meta) ? { ...(meta as Obj) } : {};
    if (which !== "annotations") m.labels = labels;
    if (which !== "labels") m.annotations = labels;
    out = setAt(out, path, m);
  }
  return [out, `big-labels ${which} ${n} entries on ${targets.length} metadata (${targets.map(showPath).slice(0, 3).join(", ")})`];
}

/** A number place (or any place) given a number with many digits, a huge exponent or a long fraction. */
export function bigNumber(rng: Rng, v: Obj, p: Profile): Mutant {
  const place = target(rng, v, ["number"]);
  const n = rng.size(20, p.maxDigits);
  const forms = [
    () => "9".repeat(n),
    () => "-" + "1".repeat(n),
    () => "0." + "0".repeat(n) + "1",
    () => "1" + "0".repeat(n) + ".5",
    () => `1e${"9".repeat(Math.min(n, 30))}`,
    () => `1e-${"9".repeat(Math.min(n, 30))}`,
    () => `${"1".repeat(n)}e-${n}`,
    () => "0.000000000000000000001e" + n,
  ];
  const text = rng.pick(forms)();
  return [setAt(v, place.path, new Raw(text)), `big-number ${showPath(place.path)} ${text.length} chars ${text.slice(0, 20)}`];
}
