// A shortcut of PatchSpecToPod's MetaDataPatch step (upstream/kruise/inplaceupdate/patchpod.ts
// `MetaDataPatcher.apply`: json.Marshal(pod) → StrategicMergePatch → json.Unmarshal into a fresh v1.Pod,
// which it must equal byte for byte once the pod is encoded): a plain label/annotation patch (metamap.ts) is
// applied to the typed pod's maps in place when that round trip provably changes nothing else but Quantities
// (no 64-bit integer beyond 2^53, no RawExtension / FieldsV1 bytes, no resources written in the same call):
// each Quantity is replaced by ParseQuantity of its own JSON, as the round trip reads it. Anything else gives
// up to the round trip.

import { ByteSink } from "../../io/sink";
import { hasError } from "../../base/errors";
import { Kind, kind, elem, fieldType, typeNameId } from "../../schema/schema";
import { specialOf, SP_NONE, SP_QUANTITY, SP_RAW, SP_FIELDS } from "../../typed/types";
import { jsonFields } from "../../typed/fields";
import { Val, StrV, IntV, PtrV, SliceV, MapV, StructV, QuantityV } from "../../typed/value";
import { writeQuantityJSON } from "../../quantity/canonical";
import { unmarshalQuantityJSON } from "../../quantity/unmarshal";
import { Quantity } from "../../quantity/quantity";
import { TV } from "../../upstream/kruise/inplaceupdate/typed";
import { UpdateSpec } from "../../upstream/kruise/inplaceupdate/model";
import { MetaDataPatcher, PatchOptions } from "../../upstream/kruise/inplaceupdate/patchpod";
import { typeOfField, ensureStruct, ensureMap, mapApplyAll } from "../../upstream/kruise/inplaceupdate/typedpod";
import { metadataMapPatch, MetaEntry } from "./metamap";

const MAX_SAFE: i64 = 9007199254740992; // 2^53: integers up to here survive float64

/**
 * Walks the typed pod: false when the round trip could change something other than Quantities (a 64-bit
 * integer beyond 2^53, RawExtension / FieldsV1 bytes); the Quantities are appended to `qs`.
 */
function roundTripSafe(ty: i32, root: Val | null, qs: Array<QuantityV>): bool {
  const ts = new Array<i32>();
  const vs = new Array<Val | null>();
  ts.push(ty);
  vs.push(root);
  while (ts.length > 0) {
    const t = ts.pop();
    const v = vs.pop();
    if (v === null) continue;
    const sp = specialOf(typeNameId(t));
    if (sp != SP_NONE) {
      if (sp == SP_QUANTITY) { qs.push(changetype<QuantityV>(v)); continue; }
      if (sp == SP_RAW || sp == SP_FIELDS) return false;
      continue; // Time; IntOrString: int32 / string, both survive
    }
    switch (kind(t)) {
      case Kind.Pointer: ts.push(elem(t)); vs.push(changetype<PtrV>(v).to); break;
      case Kind.Struct: {
        // the JSON-visible fields only (json.Marshal writes nothing else), through embedded structs
        const s = changetype<StructV>(v);
        const l = jsonFields(t).list;
        for (let i = 0, n = l.length; i < n; i++) {
          const f = unchecked(l[i]);
          let cur: Val | null = s;
          let ct = t;
          const last = f.path.length - 1;
          for (let j = 0; j < last && cur !== null; j++) {
            let et = fieldType(ct, f.path[j]);
            cur = changetype<StructV>(cur).f[f.path[j]];
            if (cur !== null && kind(et) == Kind.Pointer) { cur = changetype<PtrV>(cur).to; et = elem(et); }
            ct = et;
          }
          if (cur === null) continue;
          const fv = changetype<StructV>(cur).f[f.path[last]];
          if (fv === null) continue;
          ts.push(f.t);
          vs.push(fv);
        }
        break;
      }
      case Kind.Slice: {
        if (!(v instanceof SliceV)) break; // []byte
        const s = changetype<SliceV>(v);
        const et = elem(t);
        for (let i = 0; i < s.len; i++) { ts.push(et); vs.push(s.items[i]); }
        break;
      }
      case Kind.Map: {
        const m = changetype<MapV>(v);
        const et = elem(t);
        for (let i = 0; i < m.vals.length; i++) { ts.push(et); vs.push(m.vals[i]); }
        break;
      }
      case Kind.Int: case Kind.Int64: case Kind.Uint: case Kind.Uint64: case Kind.Uintptr: {
        const x = changetype<IntV>(v).v;
        if (x > MAX_SAFE || x < -MAX_SAFE) return false;
        break;
      }
      default: break;
    }
  }
  return true;
}

/** Replaces each Quantity by ParseQuantity of its JSON (what json.Unmarshal of json.Marshal(pod) reads); false on failure. */
function reparseQuantities(qs: Array<QuantityV>): bool {
  const b = new ByteSink(64);
  for (let i = 0; i < qs.length; i++) {
    b.truncate(0);
    writeQuantityJSON(b, qs[i].q);
    if (hasError()) return false;
    const q: Quantity | null = unmarshalQuantityJSON(b.ptr, b.len);
    if (q === null) return false;
    qs[i].q = q;
  }
  return true;
}

/** The MetaDataPatch of a plain label/annotation patch applied to the typed pod's maps in place, where proven; else the round trip. */
export class MapEntriesPatcher extends MetaDataPatcher {
  apply(pod: TV, spec: UpdateSpec, opts: PatchOptions): TV | null {
    const writesResources = opts.gates.verticalScaling && spec.containerResources.size > 0;
    const entries: Array<MetaEntry> | null = writesResources ? null : metadataMapPatch(spec.patch.ptr, spec.patch.len);
    const qs = new Array<QuantityV>();
    if (entries === null || !roundTripSafe(pod.t, pod.v, qs)) return super.apply(pod, spec, opts);
    if (!reparseQuantities(qs)) return null;
    const metaT = typeOfField(pod.t, "metadata");
    const meta = ensureStruct(changetype<StructV>(pod.v), pod.t, "metadata");
    // the entries of each map applied in order (delete the key, then set it unless null), in one pass per map
    for (let kind = 0; kind < 2; kind++) {
      const kp = new Array<usize>(), kn = new Array<i32>(), vs = new Array<Val | null>();
      let m: MapV | null = null;
      for (let i = 0; i < entries.length; i++) {
        const e = entries[i];
        if (e.kind != kind) continue;
        if (m === null) m = ensureMap(meta, metaT, kind == 0 ? "labels" : "annotations");
        kp.push(e.kp); kn.push(e.kn);
        if (e.vn < 0) { vs.push(null); continue; }
        const v = new StrV(elem(m.t));
        v.p = e.vp;
        v.n = e.vn;
        vs.push(v);
      }
      if (m !== null) mapApplyAll(m, kp, kn, vs);
    }
    return pod;
  }
}
