// Merges the per-minor reflections (plus the OpenKruise reflection, whose own structs are shared by every
// minor and refer to Kubernetes types by name) into one deduplicated model: a type's record depends only on
// its own shape, and every reference is a type *name* resolved per minor.

import { type GoField, type GoReflection, type GoType, isKruise, refsOf } from "./model.js";

/** Bits of a record's method set (receiver kind per interface). */
export const METHOD_BITS: Record<string, [number, number]> = {
  marshalJSON: [1 << 0, 1 << 1],
  unmarshalJSON: [1 << 2, 1 << 3],
  marshalText: [1 << 4, 1 << 5],
  unmarshalText: [1 << 6, 1 << 7],
  isZero: [1 << 8, 1 << 9],
  string: [1 << 10, 1 << 11],
  error: [1 << 12, 1 << 13],
};

/** Bits of a field's flags byte. */
export const FIELD_BITS = {
  exported: 1 << 0,
  anonymous: 1 << 1,
  tagged: 1 << 2,
  skip: 1 << 3,
  omitempty: 1 << 4,
  omitzero: 1 << 5,
  string: 1 << 6,
  inline: 1 << 7,
} as const;

/** One deduplicated struct field. */
export interface FieldModel {
  goName: string;
  json: string;
  flags: number;
  type: string; // type name, resolved per minor
  patchStrategy: string; // `patchStrategy` struct tag ("" when absent)
  patchMergeKey: string; // `patchMergeKey` struct tag ("" when absent)
}

/** One deduplicated type record. */
export interface RecordModel {
  kind: number;
  methods: number;
  name: string;
  pkg: string;
  fields: number[]; // indexes into Model.fields (structs)
  elem: string; // "" when none
  key: string;
  len: number;
}

/** A run of minors (from `from` up to the next run) in which a name maps to `rec` (-1: absent). */
export interface Run {
  from: number; // index into Model.minors
  rec: number; // index into Model.records
}

/** The merged model. */
export interface Model {
  minors: number[];
  names: string[]; // sorted bytewise
  records: RecordModel[];
  fields: FieldModel[];
  runs: Map<string, Run[]>;
  kruiseMissing: Map<number, string[]>; // minor -> OpenKruise types that cannot be resolved there
}

function methodBits(t: GoType): number {
  let bits = 0;
  for (const [k, [v, p]] of Object.entries(METHOD_BITS)) {
    const r = (t.methods as Record<string, string | undefined>)[k];
    if (r === "value") bits |= v;
    else if (r === "pointer") bits |= p;
    else if (r !== undefined && r !== "") throw new Error(`unknown receiver ${r} on ${t.name}`);
  }
  return bits;
}

function fieldFlags(f: GoField): number {
  let b = 0;
  for (const [k, bit] of Object.entries(FIELD_BITS)) if ((f as unknown as Record<string, boolean>)[k]) b |= bit;
  return b;
}

/** The set of types each minor sees: its own Kubernetes types plus the OpenKruise types resolvable there. */
export function typesPerMinor(k8s: Map<number, GoReflection>, kruise: GoReflection | null):
  { perMinor: Map<number, Map<string, GoType>>; kruiseMissing: Map<number, string[]> } {
  const perMinor = new Map<number, Map<string, GoType>>();
  const kruiseMissing = new Map<number, string[]>();
  // OpenKruise's own named types and every unnamed composite type of its reflection (composites are
  // identified by their name alone, e.g. `[]v1.PersistentVolumeClaim`).
  const kTypes = kruise ? kruise.types.filter((t) => isKruise(t) || !t.goName) : [];
  for (const [minor, refl] of k8s) {
    const m = new Map<string, GoType>();
    for (const t of refl.types) m.set(t.name, t);
    const extra = new Map<string, GoType>();
    for (const t of kTypes) {
      const own = m.get(t.name);
      if (own) {
        if (isKruise(t)) throw new Error(`OpenKruise type ${t.name} collides with a Kubernetes type at 1.${minor}`);
        if (JSON.stringify(own) !== JSON.stringify(t)) throw new Error(`composite ${t.name} differs at 1.${minor}`);
        continue;
      }
      extra.set(t.name, t);
    }
    // Drop OpenKruise types whose references do not resolve at this minor, until stable.
    const missing: string[] = [];
    for (let changed = true; changed; ) {
      changed = false;
      for (const [n, t] of extra) {
        if (refsOf(t).every((r) => m.has(r) || extra.has(r))) continue;
        extra.delete(n);
        if (isKruise(t)) missing.push(n);
        changed = true;
      }
    }
    for (const [n, t] of extra) m.set(n, t);
    perMinor.set(minor, m);
    if (missing.length) kruiseMissing.set(minor, missing.sort());
  }
  return { perMinor, kruiseMissing };
}

/** Deduplicates records and fields across minors and computes the per-name runs. */
export function buildModel(perMinor: Map<number, Map<string, GoType>>, kruiseMissing: Map<number, string[]>): Model {
  const minors = [...perMinor.keys()].sort((a, b) => a - b);
  const fields: FieldModel[] = [];
  const fieldIdx = new Map<string, number>();
  const records: RecordModel[] = [];
  const recIdx = new Map<string, number>();
  const internField = (f: GoField): number => {
    const fm: FieldModel = {
      goName: f.name, json: f.json, flags: fieldFlags(f), type: f.type,
      patchStrategy: f.patchStrategy ?? "", patchMergeKey: f.patchMergeKey ?? "",
    };
    const k = JSON.stringify(fm);
    let i = fieldIdx.get(k);
    if (i === undefined) { i = fields.length; fields.push(fm); fieldIdx.set(k, i); }
    return i;
  };
  const internType = (t: GoType): number => {
    const r: RecordModel = {
      kind: t.kindNum,
      methods: methodBits(t),
      name: t.name,
      pkg: t.pkg ?? "",
      fields: (t.fields ?? []).map(internField),
      elem: t.elem ?? "",
      key: t.key ?? "",
      len: t.len ?? 0,
    };
    const k = JSON.stringify(r);
    let i = recIdx.get(k);
    if (i === undefined) { i = records.length; records.push(r); recIdx.set(k, i); }
    return i;
  };
  const allNames = new Set<string>();
  for (const m of perMinor.values()) for (const n of m.keys()) allNames.add(n);
  const names = [...allNames].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  const runs = new Map<string, Run[]>();
  for (const n of names) {
    const list: Run[] = [];
    minors.forEach((minor, mi) => {
      const t = perMinor.get(minor)!.get(n);
      const rec = t ? internType(t) : -1;
      // Before the first run a name is absent, so a list never starts with an "absent" run.
      if (list.length === 0 ? rec !== -1 : list[list.length - 1].rec !== rec) list.push({ from: mi, rec });
    });
    runs.set(n, list);
  }
  // Every reference must resolve in every minor that uses it.
  for (const [minor, m] of perMinor) {
    for (const t of m.values()) {
      for (const r of refsOf(t)) if (!m.has(r)) throw new Error(`1.${minor}: ${t.name} refers to unknown ${r}`);
    }
  }
  return { minors, names, records, fields, runs, kruiseMissing };
}
