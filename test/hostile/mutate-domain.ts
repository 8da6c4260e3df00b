// Damage that knows the domain: hostile JSON Patch operations and paths, jsonpatch.diff edit-matrix limits
// and long arrays, strategic-merge-patch directives of the wrong shape, pathological quantities, IntOrString
// values and times.

import type { Rng } from "./prng.ts";
import type { Profile } from "./profile.ts";
import { Raw } from "./line.ts";
import { places, getAt, setAt, showPath } from "./paths.ts";
import { WRONG_VALUES, show } from "./mutate-fields.ts";

type Obj = Record<string, unknown>;
type Mutant = [unknown, string];

/** JSON pointers that stress RFC 6901 parsing and index handling. */
export const HOSTILE_POINTERS = [
  "", "/", "~", "/~", "/~2", "/~01", "/~1", "/a~", "/-", "/-/x", "/0", "/00", "/01", "/-1", "/-0", "/1e3", "/ 1", "/+1", "/1 ",
  "/9999999999999999999999", "/18446744073709551616", "/4294967296", "/2147483648", "/2147483647", "/0x10", "//", "a/b", "/a/b~1c", "/\u0000",
  "/spec/containers/-", "/spec/containers/01/image", "/spec/containers/-1", "/spec/containers/1000000000/image", "/metadata/labels/~1~0",
  "/metadata/labels/a~1b", "/metadata/annotations/-", "/spec/template/spec/containers/0/env/-", "/\ud800", "/%2F", "/spec//containers",
];

const PATCH_OPS: unknown[] = ["add", "remove", "replace", "move", "copy", "test", "ADD", "", "Add ", "merge", null, 1, [], {}];

/** A JSON Patch with hostile operations: pointers, op names, missing or wrong-typed members, many operations. */
function hostilePatch(rng: Rng, p: Profile, doc: unknown): [unknown, string] {
  const docPlaces = places(doc, 500).map((x) => "/" + x.path.map((k) => String(k).replace(/~/g, "~0").replace(/\//g, "~1")).join("/"));
  const pointer = () => (docPlaces.length && rng.chance(0.4) ? rng.pick(docPlaces) + rng.pick(["", "", "/-", "/0", "/01", "/x", "~", "/9999999999"]) : rng.pick(HOSTILE_POINTERS));
  const opOf = () => {
    const o: Obj = { op: rng.chance(0.8) ? rng.pick(["add", "remove", "replace", "move", "copy", "test"]) : rng.pick(PATCH_OPS) };
    if (rng.chance(0.9)) o.path = rng.chance(0.9) ? pointer() : rng.pick(WRONG_VALUES);
    if (rng.chance(0.5)) o.from = rng.chance(0.9) ? pointer() : rng.pick(WRONG_VALUES);
    if (rng.chance(0.7)) o.value = rng.pick([...WRONG_VALUES, "v", { a: [1, 2] }]);
    return o;
  };
  const n = rng.chance(0.1) ? rng.size(100, p.maxElems) : rng.int(1, 6);
  if (n > 50) {
    const one = JSON.stringify(opOf());
    const count = Math.min(n, Math.floor(p.maxLine / (one.length + 1)));
    return [new Raw(`[${Array(count).fill(one).join(",")}]`), `${count} x ${one.slice(0, 60)}`];
  }
  const ops = Array.from({ length: n }, opOf);
  return [ops, JSON.stringify(ops).slice(0, 160)];
}

/** jsonpatch.apply (and diff) given hostile patches, or hostile documents for them. */
export function jsonPatch(rng: Rng, v: Obj, p: Profile): Mutant {
  const docField = ["document", "documentText", "from", "fromText"].find((f) => f in v);
  let doc: unknown = {};
  if (docField) {
    try { doc = docField.endsWith("Text") ? JSON.parse(v[docField] as string) : v[docField]; } catch { doc = {}; }
  }
  const [patch, note] = hostilePatch(rng, p, doc);
  const { patchText: _pt, patch: _p, ...rest } = v;
  if (rng.chance(0.3)) return [{ ...rest, patchText: JSON.stringify(patch instanceof Raw ? [] : patch) }, `json-patch (text) ${note}`];
  return [{ ...rest, op: rng.chance(0.9) ? "jsonpatch.apply" : v.op, patch }, `json-patch ${note}`];
}

/** jsonpatch.diff with an edit-matrix limit of every kind and two long, different arrays to diff. */
export function editMatrix(rng: Rng, v: Obj, p: Profile): Mutant {
  const limits: unknown[] = [0, 1, -1, 2, 1000, 2147483647, 2147483648, 4294967296, 9007199254740991, 999999999999999999, new Raw("1000000000000000000"),
    new Raw("1e400"), 1.5, "1000", null, true];
  const limit = rng.pick(limits);
  const n = rng.size(10, Math.min(p.maxElems, 20000));
  const m = rng.size(10, Math.min(p.maxElems, 20000));
  const a = Array.from({ length: n }, (_, i) => i);
  const b = Array.from({ length: m }, (_, i) => (i * 7919) % (m + 3));
  const nest = rng.pick([(x: unknown) => x, (x: unknown) => ({ spec: { list: x } }), (x: unknown) => ({ a: [x] })]);
  const textForm = rng.chance(0.5);
  const { from: _f, to: _t, fromText: _ft, toText: _tt, ...rest } = v;
  const docs = textForm ? { fromText: JSON.stringify(nest(a)), toText: JSON.stringify(nest(b)) } : { from: nest(a), to: nest(b) };
  return [{ ...rest, op: "jsonpatch.diff", ...docs, maxEditMatrix: limit, ...(rng.chance(0.3) ? { flavor: rng.pick(["minimal", "appscode", "x", 1]) } : {}),
    ...(rng.chance(0.3) ? { lockstep: rng.pick([true, false, 0]) } : {}) }, `edit-matrix ${show(limit)} arrays ${n}x${m}${textForm ? " (text)" : ""}`];
}

/** Strategic-merge-patch directives with wrong types or in wrong places. */
const DIRECTIVES: [string, unknown[]][] = [
  ["$patch", ["replace", "delete", "merge", "junk", "", 1, null, [], {}, ["replace"]]],
  ["$retainKeys", [1, "a", {}, [1], [null], ["a", "a"], [], [[]], ["name", "image"], [{}]]],
  ["$deleteFromPrimitiveList/args", [1, "a", {}, [{}], [null], [[]], ["a"]]],
  ["$deleteFromPrimitiveList/containers", [["a"], [{}], 1]],
  ["$setElementOrder/containers", [1, "x", [1], [{}], [{ name: 1 }], [[]], [{ name: "a" }, { name: "a" }], [{ name: null }], [{ image: "x" }], {}]],
  ["$setElementOrder/env", [[{ name: "A" }], [1], "x", [{ name: {} }]]],
  ["$setElementOrder/finalizers", [["a"], [1], [{}], "x"]],
  ["$setElementOrder/", [[], 1]],
  ["$deleteFromPrimitiveList/", [[], 1]],
  ["$setElementOrder/tolerations", [[{ key: "a" }], [1]]],
  ["$unknownDirective", [1, []]],
];

/** Directives with wrong types inserted into random objects of the request's documents (or lists as whole elements). */
export function smpDirectives(rng: Rng, v: Obj): Mutant {
  // documents given as text are parsed so directives can go inside them
  let base: Obj = v;
  const textFields = Object.keys(v).filter((k) => k.endsWith("Text") && typeof v[k] === "string");
  const parsed: string[] = [];
  for (const f of textFields) {
    try {
      const x = JSON.parse(v[f] as string);
      const { [f]: _, ...rest } = base;
      base = { ...rest, [f.slice(0, -4)]: x };
      parsed.push(f);
    } catch { /* keep the text */ }
  }
  const objects = places(base).filter((x) => x.kind === "object");
  const arrays = places(base).filter((x) => x.kind === "array");
  let out: unknown = base;
  const notes: string[] = [];
  for (let n = rng.int(1, 4); n > 0; n--) {
    const [key, vals] = rng.pick(DIRECTIVES);
    const val = rng.pick(vals);
    if (arrays.length && rng.chance(0.2)) {
      const a = rng.pick(arrays);
      const cur = getAt(out, a.path);
      if (Array.isArray(cur)) {
        out = setAt(out, a.path, [...cur, { [key]: val, name: "x" }]);
        notes.push(`${showPath(a.path)}[+]{${key}:${show(val)}}`);
      }
      continue;
    }
    const o = objects.length ? rng.pick(objects).path : [];
    const cur = getAt(out, o);
    if (cur === null || typeof cur !== "object" || Array.isArray(cur)) continue;
    out = setAt(out, o, { ...(cur as Obj), [key]: val });
    notes.push(`${showPath(o)}.${key}=${show(val)}`);
  }
  return [out, `smp-directives ${notes.join(" ")}${parsed.length ? ` (texts inlined: ${parsed.join(",")})` : ""}`];
}

/** Quantity texts the parser must refuse or bound: huge digit runs, huge exponents, many suffixes, odd signs and numerals. */
export function badQuantity(rng: Rng, p: Profile): unknown {
  const n = rng.size(20, p.maxDigits);
  const forms: (() => unknown)[] = [
    () => "1".repeat(n), () => "9".repeat(n) + "Ei", () => "0." + "0".repeat(n) + "1", () => "1" + "0".repeat(n) + "m", () => "-" + "9".repeat(n) + "n",
    () => "1e999999999", () => "1E-999999999", () => "1e" + "9".repeat(Math.min(n, 40)), () => "1e18Ei", () => "9223372036854775807Ei", () => "-9223372036854775808",
    () => "1Ki1Mi", () => "1KiKi", () => "1mm", () => "1" + "m".repeat(Math.min(n, p.maxString)), () => "1" + "Ki".repeat(Math.min(n, 1000)), () => "1e", () => "+-1",
    () => ".", () => "-.", () => "1.2.3", () => "١", () => "  1", () => "1 ", () => "1\u0000", () => "",
    () => "0.1n", () => "1e-9n", () => "123456789012345678901234567890", () => "1" + "0".repeat(Math.min(n, 30)) + "e-" + Math.min(n, 30),
    () => new Raw("1e400"), () => new Raw("-1e400"), () => 1e308, () => new Raw("1" + "0".repeat(n)), () => new Raw("0." + "0".repeat(n) + "1"), () => 1.5, () => -1,
  ];
  return rng.pick(forms)();
}

/** A place that holds a quantity in a Kubernetes object (resources, storage, sizes, overhead). */
function quantityPlaces(v: Obj): string[][] {
  return places(v).filter((x) => x.kind === "string" && x.path.some((k) => ["requests", "limits", "overhead", "capacity", "allocatable", "sizeLimit", "storage", "resources"].includes(String(k))))
    .map((x) => x.path as string[]);
}

/** Pathological quantities in resource places (or the quantity op's value, or an added cpu limit). */
export function quantities(rng: Rng, v: Obj, p: Profile): Mutant {
  const q = badQuantity(rng, p);
  if (v.op === "quantity" && rng.chance(0.7)) {
    const extra = rng.chance(0.3) ? { mode: rng.pick(["parse", "unmarshal", "x", 1, null]) } : {};
    return [{ ...v, value: q, ...extra }, `quantity value=${show(q)}`];
  }
  const qp = quantityPlaces(v);
  if (qp.length) {
    const path = rng.pick(qp);
    return [setAt(v, path, q), `quantity ${showPath(path)}=${show(q)}`];
  }
  const containers = places(v).filter((x) => x.kind === "array" && x.path[x.path.length - 1] === "containers");
  if (containers.length) {
    const c = rng.pick(containers).path;
    const first = getAt(v, [...c, 0]);
    if (first && typeof first === "object") {
      return [setAt(v, [...c, 0], { ...(first as Obj), resources: { limits: { cpu: q, memory: q }, requests: { cpu: q } } }), `quantity ${showPath(c)}[0].resources=${show(q)}`];
    }
  }
  return [{ ...v, value: q }, `quantity value=${show(q)}`];
}

/** IntOrString and integer fields of rollouts (replicas, partition, maxUnavailable, maxSurge, …) set to edge values. */
export function intOrString(rng: Rng, v: Obj): Mutant {
  const names = new Set(["replicas", "partition", "maxUnavailable", "maxSurge", "value", "total", "minReadySeconds", "revisionHistoryLimit", "desiredNumberScheduled",
    "availableReplicas", "readySeconds", "inPlaceSeconds", "restartCount", "generation", "containerPort", "port", "terminationGracePeriodSeconds", "collisionCount", "observedGeneration"]);
  const all = places(v).filter((x) => names.has(String(x.path[x.path.length - 1])));
  const vals: unknown[] = [-1, 0, 2147483647, 2147483648, -2147483649, 9007199254740993, new Raw("9223372036854775807"), new Raw("9223372036854775808"), new Raw("1e400"),
    1.5, -0.5, "100000000000000000000%", "-5%", "%", "1.5%", "1e3%", "50", "", " 1%", "100%%", "%50", "0x10%", "99999999999%", null, [], {}];
  const val = rng.pick(vals);
  if (!all.length) return [{ ...v, replicas: val }, `int-or-string replicas=${show(val)}`];
  const place = rng.pick(all);
  return [setAt(v, place.path, val), `int-or-string ${showPath(place.path)}=${show(val)}`];
}

/** Time fields (creationTimestamp, now, lastTransitionTime, …) set to malformed or extreme times. */
export function times(rng: Rng, v: Obj): Mutant {
  const all = places(v).filter((x) => /time|Timestamp|^now$|At$/.test(String(x.path[x.path.length - 1])));
  const vals: unknown[] = ["", "2024-13-45T99:99:99Z", "0000-01-01T00:00:00Z", "9999-12-31T23:59:59.999999999+23:59", "1e9", "2024-01-01T00:00:00",
    "2024-01-01T00:00:00.Z", "2024-01-01T00:00:00.0000000000000000000001Z", "-0001-01-01T00:00:00Z", "2024-02-30T00:00:00Z", "2024-01-01T24:00:00Z",
    "2024-01-01T00:00:60Z", "2024-01-01t00:00:00z", "2024-01-01T00:00:00+99:99", "١٩٧٠-01-01T00:00:00Z", 0, null, [], {}];
  const val = rng.pick(vals);
  if (!all.length) return [{ ...v, now: val }, `time now=${show(val)}`];
  const place = rng.pick(all);
  return [setAt(v, place.path, val), `time ${showPath(place.path)}=${show(val)}`];
}
