// A straightforward go-spew `%#v` (the kubelet's hashing config: DisableMethods, SortKeys, no pointer
// addresses) of a decoded JSON value for the TypeScript reference hashes, walking the Go schema: every
// struct field in declaration order with `(type)` prefixes, `<nil>` for nil pointers, slices and maps,
// element types omitted inside slices and maps (`<*>` for pointers there), Quantity / IntOrString /
// metav1.Time internals.

import { schema } from "./schema.ts";
import { parseQuantity } from "./quantity.ts";

const QUANTITY = "resource.Quantity";
const INT_OR_STRING = "intstr.IntOrString";
const TIME = "v1.Time";

/** `%#v` of `v` as Go type `name` into `out`; `noType` = spew's ignoreNextType. */
export function spew(name: string, v: unknown, out: string[], noType = false): void {
  const t = schema[name]!;
  if (t.kind === "ptr") {
    if (v === undefined || v === null) { out.push(noType ? "<nil>" : `(${name})<nil>`); return; }
    out.push(noType ? "<*>" : `(${name})`);
    spew(t.elem!, v, out, true);
    return;
  }
  if (!noType) out.push(`(${name})`);
  if (name === QUANTITY) {
    if (v === undefined || v === null) { out.push("{i:(resource.int64Amount){value:(int64)0 scale:(resource.Scale)0} d:(resource.infDecAmount){Dec:(*inf.Dec)<nil>} s:(string) Format:(resource.Format)}"); return; }
    const q = parseQuantity(v as string);
    out.push(`{i:(resource.int64Amount){value:(int64)${q.value} scale:(resource.Scale)${q.scale}} d:(resource.infDecAmount){Dec:(*inf.Dec)<nil>} s:(string)${q.s} Format:(resource.Format)${q.format}}`);
    return;
  }
  if (name === INT_OR_STRING) {
    const s = typeof v === "string";
    out.push(`{Type:(intstr.Type)${s ? 1 : 0} IntVal:(int32)${s ? 0 : (v ?? 0)} StrVal:(string)${s ? v : ""}}`);
    return;
  }
  if (name === TIME) {
    if (v !== undefined && v !== null) throw new Error("timestamps are not supported by the reference");
    out.push("{Time:(time.Time){wall:(uint64)0 ext:(int64)0 loc:(*time.Location)<nil>}}");
    return;
  }
  switch (t.kind) {
    case "slice": {
      if (v === undefined || v === null) { out.push("<nil>"); return; }
      out.push("[");
      (v as unknown[]).forEach((e, i) => { if (i > 0) out.push(" "); spew(t.elem!, e, out, true); });
      out.push("]");
      return;
    }
    case "map": {
      if (v === undefined || v === null) { out.push("<nil>"); return; }
      const o = v as Record<string, unknown>;
      out.push("map[");
      Object.keys(o).sort().forEach((k, i) => { if (i > 0) out.push(" "); spew(t.key!, k, out, true); out.push(":"); spew(t.elem!, o[k], out, true); });
      out.push("]");
      return;
    }
    case "struct": {
      out.push("{");
      const o = (v ?? {}) as Record<string, unknown>;
      t.fields!.forEach((f, i) => {
        if (i > 0) out.push(" ");
        out.push(f.name + ":");
        spew(f.type, f.embedded ? o : o[f.json], out);
      });
      out.push("}");
      return;
    }
    case "string": out.push(String(v ?? "")); return;
    case "bool": out.push(v ? "true" : "false"); return;
    default: out.push(String(v ?? 0));
  }
}
