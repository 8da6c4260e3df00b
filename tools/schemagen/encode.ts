// Byte layout of the generated schema tables (read by assembly/schema/schema.ts). All integers little-endian,
// unaligned. Each section is a static data segment:
//   STRINGS  string pool (ASCII). A string ref is 3 bytes: offset u16, length u8. Strings share bytes: a string
//            that occurs inside another (e.g. "v1.Container" in "[]v1.Container") points into it.
//   PKGS     package paths: one string ref per package index.
//   FIELDS   15 bytes per field id: goName (string ref), json (string ref), flags u8, type u16 (name id),
//            patchStrategy tag (string ref), patchMergeKey tag (string ref); an absent tag is the empty string.
//   RECORDS  a record ref (u16) is the record's offset: kind u8, methods u16, name u16 (name id), pkg u8 (package
//            index), then by kind: struct → count u8, count × field id u16; ptr/slice/chan → elem u16 (name id);
//            array → elem u16, len u32; map → key u16, elem u16 (name ids); others → nothing.
//   NAMES    5 bytes per name id, sorted by name bytes: name (string ref), first run u16; plus one sentinel
//            entry whose "first run" is the run count.
//   RUNS     3 bytes per run: from u8 (minor index), rec u16 (record ref, 0xFFFF = absent from here on).
//   KRUISE_SLOTS  2 bytes per OpenKruise release slot: OpenKruise minor u8, pinned Kubernetes minor u8. Slot i has
//            minor index MINOR_COUNT + i (after every Kubernetes minor), so runs cover it like one more minor.
// A name resolves at minor index m to the rec of its last run with from <= m (absent if none).

import type { Model } from "./merge.js";

const KIND_ARRAY = 17, KIND_CHAN = 18, KIND_MAP = 21, KIND_PTR = 22, KIND_SLICE = 23, KIND_STRUCT = 25;

/** Encoded sections. */
export interface Encoded {
  minors: Uint8Array;
  slots: Uint8Array;
  strings: Uint8Array;
  pkgs: Uint8Array;
  fields: Uint8Array;
  records: Uint8Array;
  names: Uint8Array;
  runs: Uint8Array;
  nameCount: number;
  pkgCount: number;
  fieldCount: number;
  recordCount: number;
  runCount: number;
}

class Bytes {
  buf: number[] = [];
  u8(v: number): void {
    if (!(v >= 0 && v <= 0xff && Number.isInteger(v))) throw new Error(`u8 out of range: ${v}`);
    this.buf.push(v);
  }
  u16(v: number): void {
    if (!(v >= 0 && v <= 0xffff && Number.isInteger(v))) throw new Error(`u16 out of range: ${v}`);
    this.buf.push(v & 0xff, v >> 8);
  }
  u32(v: number): void {
    this.buf.push(v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, v >>> 24);
  }
  get length(): number {
    return this.buf.length;
  }
  bytes(): Uint8Array {
    return Uint8Array.from(this.buf);
  }
}

/** Builds a pool holding every string, longest first; a string already inside the pool is not added again,
 *  and a new one may overlap the pool's tail. Returns the pool and each string's offset. */
export function buildPool(all: Iterable<string>): { pool: string; offset: Map<string, number> } {
  const list = [...new Set(all)].sort((a, b) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0));
  let pool = "";
  const offset = new Map<string, number>();
  for (const s of list) {
    if (!/^[\x20-\x7e]*$/.test(s)) throw new Error(`non-ASCII or control character in ${JSON.stringify(s)}`);
    if (s.length > 255) throw new Error(`string longer than 255 bytes: ${s}`);
    const at = pool.indexOf(s);
    if (at >= 0) { offset.set(s, at); continue; }
    let k = Math.min(s.length - 1, pool.length);
    while (k > 0 && !pool.endsWith(s.slice(0, k))) k--;
    offset.set(s, pool.length - k);
    pool += s.slice(k);
  }
  if (pool.length > 0xffff) throw new Error("string pool exceeds 64 KiB");
  return { pool, offset };
}

/** Encodes the model into the table sections. */
export function encode(model: Model, slots: { kruise: number; minor: number }[] = []): Encoded {
  const pkgList = [...new Set(model.records.map((r) => r.pkg))].sort();
  if (pkgList.length > 255) throw new Error("more than 255 packages");
  const pkgIdx = new Map(pkgList.map((p, i) => [p, i]));
  const { pool, offset } = buildPool([
    ...model.names, ...pkgList, ...model.fields.map((f) => f.goName), ...model.fields.map((f) => f.json),
    ...model.fields.map((f) => f.patchStrategy), ...model.fields.map((f) => f.patchMergeKey),
  ]);
  const str = (b: Bytes, s: string): void => {
    b.u16(offset.get(s)!);
    b.u8(s.length);
  };
  const nameId = new Map(model.names.map((n, i) => [n, i]));
  const nid = (n: string): number => {
    const i = nameId.get(n);
    if (i === undefined) throw new Error(`unknown name ${n}`);
    return i;
  };

  const pkgs = new Bytes();
  for (const p of pkgList) str(pkgs, p);

  const fields = new Bytes();
  for (const f of model.fields) {
    str(fields, f.goName);
    str(fields, f.json);
    fields.u8(f.flags);
    fields.u16(nid(f.type));
    str(fields, f.patchStrategy);
    str(fields, f.patchMergeKey);
  }

  const records = new Bytes();
  const recRef: number[] = [];
  for (const r of model.records) {
    const off = records.length;
    if (off >= 0xffff) throw new Error("record table exceeds 64 KiB");
    recRef.push(off);
    records.u8(r.kind);
    records.u16(r.methods);
    records.u16(nid(r.name));
    records.u8(pkgIdx.get(r.pkg)!);
    switch (r.kind) {
      case KIND_STRUCT:
        records.u8(r.fields.length);
        for (const f of r.fields) records.u16(f);
        break;
      case KIND_PTR:
      case KIND_SLICE:
      case KIND_CHAN:
        records.u16(nid(r.elem));
        break;
      case KIND_ARRAY:
        records.u16(nid(r.elem));
        records.u32(r.len);
        break;
      case KIND_MAP:
        records.u16(nid(r.key));
        records.u16(nid(r.elem));
        break;
    }
  }

  const names = new Bytes();
  const runs = new Bytes();
  let runCount = 0;
  for (const n of model.names) {
    str(names, n);
    names.u16(runCount);
    for (const run of model.runs.get(n)!) {
      runs.u8(run.from);
      runs.u16(run.rec < 0 ? 0xffff : recRef[run.rec]);
      runCount++;
    }
  }
  names.u16(0);
  names.u8(0);
  names.u16(runCount);

  const minors = new Bytes();
  const slotBytes = new Bytes();
  for (const m of model.minors) {
    if (m < 100) { minors.u8(m); continue; }
    const s = slots.find((x) => x.kruise === m - 100);
    if (!s) throw new Error(`slot ${m} has no release`);
    slotBytes.u8(s.kruise);
    slotBytes.u8(s.minor);
  }
  return {
    minors: minors.bytes(),
    slots: slotBytes.bytes(),
    strings: Uint8Array.from(Buffer.from(pool, "ascii")),
    pkgs: pkgs.bytes(),
    fields: fields.bytes(),
    records: records.bytes(),
    names: names.bytes(),
    runs: runs.bytes(),
    nameCount: model.names.length,
    pkgCount: pkgList.length,
    fieldCount: model.fields.length,
    recordCount: model.records.length,
    runCount,
  };
}

/** Total embedded bytes. */
export function totalSize(e: Encoded): number {
  return e.minors.length + e.slots.length + e.strings.length + e.pkgs.length + e.fields.length + e.records.length + e.names.length +
    e.runs.length;
}

function dataLiteral(b: Uint8Array): string {
  const lines: string[] = [];
  for (let i = 0; i < b.length; i += 40) lines.push("  " + Array.from(b.subarray(i, i + 40)).join(","));
  return "memory.data<u8>([\n" + lines.join(",\n") + "\n])";
}

/** AssemblyScript source of the tables, with `header` (comment lines) on top. */
export function assemblyScriptTables(e: Encoded, header: string[]): string {
  const out: string[] = header.map((l) => (l === "" ? "//" : "// " + l));
  out.push("");
  out.push(`/** Number of supported Kubernetes minors. */`);
  out.push(`export const MINOR_COUNT: i32 = ${e.minors.length};`);
  out.push(`/** Number of OpenKruise release slots (minor indexes MINOR_COUNT .. MINOR_COUNT + KRUISE_SLOT_COUNT - 1). */`);
  out.push(`export const KRUISE_SLOT_COUNT: i32 = ${e.slots.length / 2};`);
  out.push(`/** Number of type names. */`);
  out.push(`export const NAME_COUNT: i32 = ${e.nameCount};`);
  out.push(`/** Number of package paths. */`);
  out.push(`export const PKG_COUNT: i32 = ${e.pkgCount};`);
  out.push(`/** Number of distinct fields. */`);
  out.push(`export const FIELD_COUNT: i32 = ${e.fieldCount};`);
  out.push(`/** Number of distinct type records. */`);
  out.push(`export const RECORD_COUNT: i32 = ${e.recordCount};`);
  out.push(`/** Total bytes of the data segments below. */`);
  out.push(`export const TABLE_BYTES: i32 = ${totalSize(e)};`);
  const sec = (name: string, doc: string, b: Uint8Array): void => {
    out.push("");
    out.push(`/** ${doc} (${b.length} bytes). */`);
    out.push(`export const ${name}: usize = ${dataLiteral(b)};`);
  };
  sec("MINORS", "Kubernetes minors, ascending: one u8 each (12 = 1.12)", e.minors);
  sec("KRUISE_SLOTS", "OpenKruise release slots: OpenKruise minor u8, pinned Kubernetes minor u8", e.slots.length ? e.slots : Uint8Array.of(0));
  sec("STRINGS", "String pool (ASCII); a string ref is offset u16 + length u8", e.strings);
  sec("PKGS", "Package paths: one string ref (3 bytes) per package index", e.pkgs);
  sec("FIELDS", "Fields: goName ref, json ref, flags u8, type name id u16, patchStrategy ref, patchMergeKey ref (15 bytes each)", e.fields);
  sec("RECORDS", "Type records at each record ref", e.records);
  sec("NAMES", "Names sorted bytewise: string ref, first run u16 (5 bytes each, plus a sentinel)", e.names);
  sec("RUNS", "Runs: from minor index u8, record ref u16 (0xFFFF = absent)", e.runs);
  out.push("");
  return out.join("\n");
}
