// json.Unmarshal (encoding/json of the Go release of Kruise's image, kruiseGoOf) of the JSON values OpenKruise reads into
// its own structs, with the value Go fills and the error Go returns, byte for byte:
//   appspub.InPlaceUpdateState       apps.kruise.io/inplace-update-state (and the legacy key); kruise.patchPod's state
//   inplaceupdate.UpdateSpec         apps.kruise.io/inplace-update-grace (and the legacy key); kruise.patchPod's updateSpec
//   appspub.RuntimeContainerMetaSet  apps.kruise.io/runtime-containers-meta
// encoding/json's decodeState for these structs, read side by side with decode.go: checkValid first (a syntax
// error is the whole answer), then the value; keys match a field exactly or case-folded (Go 1.21+ foldName),
// unknown keys are skipped, null leaves a value as it is (nil for maps, slices, pointers), a repeated key
// decodes into what the first one left (maps and pointees merge, slices reuse their elements), a map element
// starts from zero. A value of the wrong JSON type is an UnmarshalTypeError that is saved (the first one is
// reported) while decoding goes on; an error returned by an UnmarshalJSON method (metav1.Time's time.Parse or
// its inner json.Unmarshal into a string, resource.Quantity's parse) stops decoding and is returned, even
// over a saved type error. The texts come from typed/typeerror.ts; the Kubernetes types inside (ObjectMeta,
// ResourceRequirements, PodTemplateSpec, metav1.Time) are decoded by the typed Decoder, which shares this
// decode's error context and saved error, with plain encoding/json's rules (foldKeys, no warnings) and the
// Kubernetes minor the Kruise release pins.
// The structs, json tags and type names (OpenKruise apis/apps/pub/inplace_update.go and
// pkg/util/inplaceupdate/inplace_update.go; v1.8.3 and v1.9.0 differ only in v1.8.3's
// RuntimeContainerHashes.plainHashWithoutResources):
//   InPlaceUpdateState{revision string; updateTimestamp metav1.Time; lastContainerStatuses
//     map[string]InPlaceUpdateContainerStatus{imageID string}; updateEnvFromMetadata, updateResources,
//     updateImages bool; nextContainerImages map[string]string; nextContainerRefMetadata map[string]metav1.ObjectMeta;
//     nextContainerResources map[string]v1.ResourceRequirements; preCheckBeforeNext *InPlaceUpdatePreCheckBeforeNext
//     {containersRequiredReady []string}; containerBatchesRecord []InPlaceUpdateContainerBatch{timestamp metav1.Time;
//     containers []string}}
//   UpdateSpec{revision string; containerImages map[string]string; containerRefMetadata map[string]metav1.ObjectMeta;
//     containerResources map[string]v1.ResourceRequirements; metaDataPatch []byte; updateEnvFromMetadata bool;
//     graceSeconds int32; oldTemplate, newTemplate *v1.PodTemplateSpec}
//   RuntimeContainerMetaSet{containers []RuntimeContainerMeta{name, containerID string; restartCount int32;
//     hashes RuntimeContainerHashes{plainHash uint64; extractedEnvFromMetadataHash uint64;
//     plainHashWithoutResources uint64 (v1.8.x)}}}

import { ByteSink } from "../../../io/sink";
import { Tape, K_NULL, K_TRUE, K_FALSE, K_NUMBER, K_STRING, K_ARRAY, K_OBJECT, F_ESCAPE, F_HIGH, F_INT } from "../../../json/tape";
import { unquote } from "../../../json/strings";
import { readJSON, ReadOptions } from "../../../json/reader";
import { hasError, errorCode, takeErrorMessage, E_JSON_SYNTAX, E_JSON_DEPTH, E_JSON_TYPE, E_DECODE, E_QUANTITY } from "../../../base/errors";
import { KRUISE_NEWEST, kruiseK8sMinorOf, kruiseGoOf } from "../../../base/pins";
import { decodeBase64 } from "../../../golang/base64";
import { Kind, elem, spewName } from "../../../schema/schema";
import { Decoder, DecodeOptions, goIntInto } from "../../../typed/decode";
import { JField } from "../../../typed/fields";
import { jsonValueName, goEmbeddedErrorPath } from "../../../typed/typeerror";
import { Val, IntV, TimeV } from "../../../typed/value";
import { TV, fieldOf, fieldNamed, entriesOf, entryStr, entryQuantity } from "./typed";
import { kruiseType, T_POD, T_TEMPLATE } from "./types";
import { UpdateSpec, StrMap, ObjMeta, ResReq, QMap, Named } from "./model";
import { InPlaceState, KTime, Batch } from "./state";

/** What json.Unmarshal returned: the value it filled (error null), or the error text. An engine failure (a limit, a schema type missing) stays in the error slot instead, with both null. */
export class Unmarshaled<T> {
  value: T | null = null;
  error: string | null = null;
}

/** One runtime container meta entry (appspub.RuntimeContainerMeta). */
export class RuntimeMeta {
  name: string = "";
  containerID: string = "";
  restartCount: i32 = 0;
  plainHash: u64 = 0;
  /** v1.8.x only. */
  plainHashWithoutResources: u64 = 0;
  envHash: u64 = 0;
}

// Go struct names (reflect.Type.Name(): the error context) and their json field names, in declaration order.
const STATE = "InPlaceUpdateState";
const STATE_FIELDS: StaticArray<string> = [
  "revision", "updateTimestamp", "lastContainerStatuses", "updateEnvFromMetadata", "updateResources", "updateImages",
  "nextContainerImages", "nextContainerRefMetadata", "nextContainerResources", "preCheckBeforeNext", "containerBatchesRecord",
];
const STATUS = "InPlaceUpdateContainerStatus";
const STATUS_FIELDS: StaticArray<string> = ["imageID"];
const PRECHECK = "InPlaceUpdatePreCheckBeforeNext";
const PRECHECK_FIELDS: StaticArray<string> = ["containersRequiredReady"];
const BATCH = "InPlaceUpdateContainerBatch";
const BATCH_FIELDS: StaticArray<string> = ["timestamp", "containers"];
const SPEC = "UpdateSpec";
const SPEC_FIELDS: StaticArray<string> = [
  "revision", "containerImages", "containerRefMetadata", "containerResources", "metaDataPatch", "updateEnvFromMetadata",
  "graceSeconds", "oldTemplate", "newTemplate",
];
const METASET = "RuntimeContainerMetaSet";
const METASET_FIELDS: StaticArray<string> = ["containers"];
const META = "RuntimeContainerMeta";
const META_FIELDS: StaticArray<string> = ["name", "containerID", "restartCount", "hashes"];
const HASHES = "RuntimeContainerHashes";
const HASHES_FIELDS_19: StaticArray<string> = ["plainHash", "extractedEnvFromMetadataHash"];
const HASHES_FIELDS_18: StaticArray<string> = ["plainHash", "plainHashWithoutResources", "extractedEnvFromMetadataHash"];

/** reflect.Type.String() of the Kruise types (package pub: apis/apps/pub; inplaceupdate: pkg/util/inplaceupdate). */
const T_STATE = "pub.InPlaceUpdateState";
const T_STATUS = "pub.InPlaceUpdateContainerStatus";
const T_PRECHECK = "pub.InPlaceUpdatePreCheckBeforeNext";
const T_BATCH = "pub.InPlaceUpdateContainerBatch";
const T_SPEC = "inplaceupdate.UpdateSpec";
const T_METASET = "pub.RuntimeContainerMetaSet";
const T_META = "pub.RuntimeContainerMeta";
const T_HASHES = "pub.RuntimeContainerHashes";

/** The upper-case ASCII letter of `c` (other values unchanged). */
@inline function upper(c: u32): u32 {
  return c >= 0x61 && c <= 0x7a ? c - 0x20 : c;
}

/**
 * True when key bytes [p, p+n) select the field whose ASCII JSON name is `name`: equal once folded (Go 1.21+
 * foldName: ASCII letters upper-cased, other runes to the smallest of their SimpleFold orbit, of which only
 * U+017F ſ → S and U+212A Kelvin sign → K are ASCII). No two fields of these structs fold alike, so Go's
 * exact-match-first rule never picks differently.
 */
function keyIs(name: string, p: usize, n: i32): bool {
  const an = name.length;
  let i = 0, j = 0;
  while (i < an && j < n) {
    const c = <u32>load<u8>(p + <usize>j);
    let k: u32;
    if (c < 0x80) { k = upper(c); j++; }
    else if (j + 1 < n && c == 0xc5 && load<u8>(p + <usize>j + 1) == 0xbf) { k = 0x53; j += 2; }
    else if (j + 2 < n && c == 0xe2 && load<u8>(p + <usize>j + 1) == 0x84 && load<u8>(p + <usize>j + 2) == 0xaa) { k = 0x4b; j += 3; }
    else return false;
    if (upper(<u32>name.charCodeAt(i)) != k) return false;
    i++;
  }
  return i == an && j == n;
}

/** The error context to go back to after a field (decode.go restores it after every member). */
class Mark {
  constructor(public struct: i32, public name: string, public len: i32) {}
}

/** The schema handles of the Kubernetes types inside the Kruise structs, at the Kubernetes minor of a Kruise release. */
class K8sTypes {
  objectMeta: i32 = -1;
  resources: i32 = -1;
  time: i32 = -1;
  template: i32 = -1;

  constructor(minor: i32) {
    const pod = kruiseType(T_POD, minor);
    const meta: JField | null = pod < 0 ? null : fieldNamed(pod, "metadata");
    if (meta !== null) {
      this.objectMeta = meta.t;
      const ct = fieldNamed(meta.t, "creationTimestamp");
      if (ct !== null) this.time = ct.t;
    }
    const spec: JField | null = pod < 0 ? null : fieldNamed(pod, "spec");
    if (spec !== null) {
      const cs = fieldNamed(spec.t, "containers");
      if (cs !== null) {
        const res = fieldNamed(elem(cs.t), "resources");
        if (res !== null) this.resources = res.t;
      }
    }
    this.template = kruiseType(T_TEMPLATE, minor);
  }
}

/** One json.Unmarshal call into a Kruise struct. */
class GoUnmarshal {
  t: Tape;
  d: Decoder;
  types: K8sTypes;

  constructor(t: Tape, public kruise: i32) {
    this.t = t;
    const o = new DecodeOptions();
    o.minor = kruiseK8sMinorOf(kruise);
    o.goMinor = kruiseGoOf(kruise);
    o.warnings = false;
    o.foldKeys = true;
    o.embeddedPath = goEmbeddedErrorPath(o.goMinor);
    this.d = new Decoder(t, o);
    this.types = new K8sTypes(o.minor);
  }

  /** An UnmarshalJSON error (or an engine failure) stopped decoding. */
  get stopped(): bool {
    return this.d.aborted || hasError();
  }

  // ----- error context

  /** Enters field `name` of struct `struct`. */
  enter(struct: string, name: string): Mark {
    const d = this.d;
    const m = new Mark(d.ctxStruct, d.ctxName, d.ctxLen);
    d.enterField(struct, name);
    return m;
  }

  leave(m: Mark): void {
    const d = this.d;
    d.ctxStruct = m.struct;
    d.ctxName = m.name;
    d.ctxLen = m.len;
  }

  /** A JSON value of the wrong kind for Go type `goType` (literalStore / array / object's UnmarshalTypeError). */
  mismatch(node: i32, goType: string): void {
    this.d.saveTypeError(jsonValueName(this.t.kind(node)), goType);
  }

  // ----- objects

  /** The field of `names` that key node `k` selects, or -1 (an unknown key: its value is skipped). */
  field(k: i32, names: StaticArray<string>): i32 {
    const t = this.t;
    let p = t.ptr(k), n = t.len(k);
    if ((t.flags(k) & F_ESCAPE) != 0) {
      const b = new ByteSink(n + 4);
      unquote(b, p, n, false);
      p = b.ptr;
      n = b.len;
    }
    for (let i = 0; i < names.length; i++) if (keyIs(names[i], p, n)) return i;
    return -1;
  }

  /** The Go string of string node `i` (unquoted; invalid UTF-8 becomes U+FFFD). */
  text(i: i32): string {
    const t = this.t;
    if ((t.flags(i) & (F_ESCAPE | F_HIGH)) == 0) return String.UTF8.decodeUnsafe(t.ptr(i), <usize>t.len(i));
    const b = new ByteSink(t.len(i) + 4);
    unquote(b, t.ptr(i), t.len(i), false);
    return String.UTF8.decodeUnsafe(b.ptr, <usize>b.len);
  }

  // ----- scalars: a JSON null leaves the value as it is

  str(i: i32, cur: string): string {
    const k = this.t.kind(i);
    if (k == K_STRING) return this.text(i);
    if (k != K_NULL) this.mismatch(i, "string");
    return cur;
  }

  bool(i: i32, cur: bool): bool {
    const k = this.t.kind(i);
    if (k == K_TRUE || k == K_FALSE) return k == K_TRUE;
    if (k != K_NULL) this.mismatch(i, "bool");
    return cur;
  }

  /** An integer of Go kind `kind` (`goType` its name): strconv.ParseInt / ParseUint, `number <literal>` when it does not fit. */
  integer(i: i32, cur: i64, kind: i32, goType: string): i64 {
    const t = this.t;
    const k = t.kind(i);
    if (k == K_NULL) return cur;
    if (k != K_NUMBER) { this.mismatch(i, goType); return cur; }
    const r = new IntV(0);
    if (!goIntInto(t.ptr(i), t.len(i), (t.flags(i) & F_INT) != 0, kind, r)) {
      this.d.saveTypeError("number " + String.UTF8.decodeUnsafe(t.ptr(i), <usize>t.len(i)), goType);
      return cur;
    }
    return r.v;
  }

  /** metav1.Time: its UnmarshalJSON (null → zero; json.Unmarshal into a string, then time.Parse(RFC3339)). */
  time(i: i32, cur: KTime): KTime {
    const v = this.d.value(this.types.time, i, null);
    if (this.stopped) return cur;
    const r = new KTime();
    if (v === null) return r;
    const tv = changetype<TimeV>(v);
    r.ext = tv.ext;
    r.nsec = <i64>tv.wall;
    r.zero = r.ext == 0 && r.nsec == 0;
    return r;
  }

  // ----- maps and slices of strings

  /** map[string]string (null: nil; an object merges into `cur`). */
  strMap(i: i32, cur: StrMap | null): StrMap | null {
    const t = this.t;
    const k = t.kind(i);
    if (k == K_NULL) return null;
    if (k != K_OBJECT) { this.mismatch(i, "map[string]string"); return cur; }
    const m = cur !== null ? cur : new StrMap();
    let key = i + 1;
    for (let j = 0, n = t.children(i); j < n; j++) {
      const v = t.next(key);
      m.set(this.text(key), this.str(v, ""));
      key = t.next(v);
    }
    return m;
  }

  /** []string (null: nil; elements decode into the old ones). */
  strings(i: i32, cur: Array<string> | null): Array<string> | null {
    const t = this.t;
    const k = t.kind(i);
    if (k == K_NULL) return null;
    if (k != K_ARRAY) { this.mismatch(i, "[]string"); return cur; }
    const n = t.children(i);
    const out = cur !== null ? cur : new Array<string>();
    let e = i + 1;
    for (let j = 0; j < n; j++) {
      const s = this.str(e, j < out.length ? out[j] : "");
      if (j < out.length) out[j] = s; else out.push(s);
      e = t.next(e);
    }
    if (n == 0) return new Array<string>();
    out.length = n;
    return out;
  }

  // ----- the Kubernetes types

  /** metav1.ObjectMeta as the in-place code keeps it (labels, annotations); the whole struct is decoded. */
  objMeta(i: i32): ObjMeta {
    const m = new ObjMeta();
    const v = this.d.value(this.types.objectMeta, i, null);
    if (this.stopped || v === null) return m;
    const tv = new TV(this.types.objectMeta, v);
    m.labels = strMapOf(fieldOf(tv, "labels"));
    m.annotations = strMapOf(fieldOf(tv, "annotations"));
    return m;
  }

  /** v1.ResourceRequirements as the in-place code keeps it (limits, requests); the whole struct is decoded. */
  resReq(i: i32): ResReq {
    const r = new ResReq();
    const v = this.d.value(this.types.resources, i, null);
    if (this.stopped || v === null) return r;
    const tv = new TV(this.types.resources, v);
    r.limits = qmapOf(fieldOf(tv, "limits"));
    r.requests = qmapOf(fieldOf(tv, "requests"));
    return r;
  }

  /** map[string]metav1.ObjectMeta (null: nil, an empty Named; an object merges into `into`). */
  metas(i: i32, into: Named<ObjMeta>): Named<ObjMeta> {
    const t = this.t;
    const k = t.kind(i);
    if (k == K_NULL) return new Named<ObjMeta>();
    if (k != K_OBJECT) { this.mismatch(i, "map[string]" + spewName(this.types.objectMeta)); return into; }
    let key = i + 1;
    for (let j = 0, n = t.children(i); j < n && !this.stopped; j++) {
      const v = t.next(key);
      into.set(this.text(key), this.objMeta(v));
      key = t.next(v);
    }
    return into;
  }

  /** map[string]v1.ResourceRequirements (null: nil, an empty Named; an object merges into `into`). */
  resources(i: i32, into: Named<ResReq>): Named<ResReq> {
    const t = this.t;
    const k = t.kind(i);
    if (k == K_NULL) return new Named<ResReq>();
    if (k != K_OBJECT) { this.mismatch(i, "map[string]" + spewName(this.types.resources)); return into; }
    let key = i + 1;
    for (let j = 0, n = t.children(i); j < n && !this.stopped; j++) {
      const v = t.next(key);
      into.set(this.text(key), this.resReq(v));
      key = t.next(v);
    }
    return into;
  }

  /** *v1.PodTemplateSpec (the in-place code never reads it: only its errors matter). */
  template(i: i32, cur: Val | null): Val | null {
    if (this.t.kind(i) == K_NULL) return null;
    return this.d.value(this.types.template, i, cur);
  }

  // ----- InPlaceUpdateState

  state(i: i32, s: InPlaceState): void {
    const t = this.t;
    const k = t.kind(i);
    if (k == K_NULL) return;
    if (k != K_OBJECT) { this.mismatch(i, T_STATE); return; }
    let key = i + 1;
    for (let j = 0, n = t.children(i); j < n; j++) {
      const v = t.next(key);
      let f = this.field(key, STATE_FIELDS);
      // updateResources, updateImages and nextContainerResources arrived in v1.8.0
      if (this.kruise < 8 && (f == 4 || f == 5 || f == 8)) f = -1;
      if (f >= 0) {
        const m = this.enter(STATE, STATE_FIELDS[f]);
        switch (f) {
          case 0: s.revision = this.str(v, s.revision); break;
          case 1: s.updateTimestamp = this.time(v, s.updateTimestamp); break;
          case 2: s.lastContainerStatuses = this.statuses(v, s.lastContainerStatuses); break;
          case 3: s.updateEnvFromMetadata = this.bool(v, s.updateEnvFromMetadata); break;
          case 4: s.updateResources = this.bool(v, s.updateResources); break;
          case 5: s.updateImages = this.bool(v, s.updateImages); break;
          case 6: { const im = this.strMap(v, s.nextContainerImages); s.nextContainerImages = im !== null ? im : new StrMap(); break; }
          case 7: s.nextContainerRefMetadata = this.metas(v, s.nextContainerRefMetadata); break;
          case 8: s.nextContainerResources = this.resources(v, s.nextContainerResources); break;
          case 9: this.preCheck(v, s); break;
          default: s.batches = this.batches(v, s.batches); break;
        }
        if (this.stopped) return;
        this.leave(m);
      }
      key = t.next(v);
    }
  }

  /** map[string]InPlaceUpdateContainerStatus, kept as container → imageID (null: nil). */
  statuses(i: i32, cur: StrMap | null): StrMap | null {
    const t = this.t;
    const k = t.kind(i);
    if (k == K_NULL) return null;
    if (k != K_OBJECT) { this.mismatch(i, "map[string]" + T_STATUS); return cur; }
    const out = cur !== null ? cur : new StrMap();
    let key = i + 1;
    for (let j = 0, n = t.children(i); j < n; j++) {
      const v = t.next(key);
      // a map element starts from the zero value
      let id = "";
      const vk = t.kind(v);
      if (vk == K_OBJECT) {
        let fk = v + 1;
        for (let a = 0, c = t.children(v); a < c; a++) {
          const fv = t.next(fk);
          if (this.field(fk, STATUS_FIELDS) == 0) {
            const m = this.enter(STATUS, "imageID");
            id = this.str(fv, id);
            this.leave(m);
          }
          fk = t.next(fv);
        }
      } else if (vk != K_NULL) this.mismatch(v, T_STATUS);
      out.set(this.text(key), id);
      key = t.next(v);
    }
    return out;
  }

  /** *InPlaceUpdatePreCheckBeforeNext (null: nil; allocated when nil, then decoded into). */
  preCheck(i: i32, s: InPlaceState): void {
    const t = this.t;
    const k = t.kind(i);
    if (k == K_NULL) { s.hasPreCheck = false; s.preCheck = null; return; }
    if (!s.hasPreCheck) { s.hasPreCheck = true; s.preCheck = null; }
    if (k != K_OBJECT) { this.mismatch(i, T_PRECHECK); return; }
    let key = i + 1;
    for (let j = 0, n = t.children(i); j < n; j++) {
      const v = t.next(key);
      if (this.field(key, PRECHECK_FIELDS) == 0) {
        const m = this.enter(PRECHECK, "containersRequiredReady");
        s.preCheck = this.strings(v, s.preCheck);
        this.leave(m);
      }
      key = t.next(v);
    }
  }

  /** []InPlaceUpdateContainerBatch (null: nil, kept as an empty list; elements decode into the old ones). */
  batches(i: i32, cur: Array<Batch>): Array<Batch> {
    const t = this.t;
    const k = t.kind(i);
    if (k == K_NULL) return new Array<Batch>();
    if (k != K_ARRAY) { this.mismatch(i, "[]" + T_BATCH); return cur; }
    const n = t.children(i);
    if (n == 0) return new Array<Batch>();
    const out = cur;
    let e = i + 1;
    for (let j = 0; j < n; j++) {
      if (j >= out.length) out.push(new Batch());
      this.batch(e, out[j]);
      if (this.stopped) return out;
      e = t.next(e);
    }
    out.length = n;
    return out;
  }

  batch(i: i32, b: Batch): void {
    const t = this.t;
    const k = t.kind(i);
    if (k == K_NULL) return;
    if (k != K_OBJECT) { this.mismatch(i, T_BATCH); return; }
    let key = i + 1;
    for (let j = 0, n = t.children(i); j < n; j++) {
      const v = t.next(key);
      const f = this.field(key, BATCH_FIELDS);
      if (f >= 0) {
        const m = this.enter(BATCH, BATCH_FIELDS[f]);
        if (f == 0) b.timestamp = this.time(v, b.timestamp);
        else b.containers = this.strings(v, b.containers);
        if (this.stopped) return;
        this.leave(m);
      }
      key = t.next(v);
    }
  }

  // ----- UpdateSpec

  spec(i: i32, s: UpdateSpec): void {
    const t = this.t;
    const k = t.kind(i);
    if (k == K_NULL) return;
    if (k != K_OBJECT) { this.mismatch(i, T_SPEC); return; }
    let oldTemplate: Val | null = null, newTemplate: Val | null = null;
    let key = i + 1;
    for (let j = 0, n = t.children(i); j < n; j++) {
      const v = t.next(key);
      let f = this.field(key, SPEC_FIELDS);
      // containerResources arrived in v1.8.0
      if (this.kruise < 8 && f == 3) f = -1;
      if (f >= 0) {
        const m = this.enter(SPEC, SPEC_FIELDS[f]);
        switch (f) {
          case 0: s.revision = this.str(v, s.revision); break;
          case 1: { const im = this.strMap(v, s.containerImages); s.containerImages = im !== null ? im : new StrMap(); break; }
          case 2: s.containerRefMetadata = this.metas(v, s.containerRefMetadata); break;
          case 3: s.containerResources = this.resources(v, s.containerResources); break;
          case 4: this.patchBytes(v, s); break;
          case 5: s.updateEnvFromMetadata = this.bool(v, s.updateEnvFromMetadata); break;
          case 6: s.graceSeconds = <i32>this.integer(v, s.graceSeconds, Kind.Int32, "int32"); break;
          case 7: oldTemplate = this.template(v, oldTemplate); break;
          default: newTemplate = this.template(v, newTemplate); break;
        }
        if (this.stopped) return;
        this.leave(m);
      }
      key = t.next(v);
    }
  }

  /** MetaDataPatch []byte: a string is base64 (a bad one is saved like a type error), an array is read byte by byte. */
  patchBytes(i: i32, s: UpdateSpec): void {
    const t = this.t;
    const k = t.kind(i);
    if (k == K_NULL) { s.hasPatch = false; s.patch = new ByteSink(16); return; }
    if (k == K_STRING) {
      const txt = new ByteSink(t.len(i) + 4);
      unquote(txt, t.ptr(i), t.len(i), false);
      const b = decodeBase64(txt.ptr, txt.len);
      if (b === null) { this.d.saveError(takeErrorMessage()); return; }
      s.hasPatch = true;
      s.patch = b;
      return;
    }
    if (k != K_ARRAY) { this.mismatch(i, "[]uint8"); return; }
    const n = t.children(i);
    const out = new ByteSink(n + 4);
    let e = i + 1;
    for (let j = 0; j < n; j++) {
      const old: i64 = s.hasPatch && j < s.patch.len ? <i64>load<u8>(s.patch.ptr + <usize>j) : 0;
      out.byte(<i32>this.integer(e, old, Kind.Uint8, "uint8"));
      e = t.next(e);
    }
    s.hasPatch = true;
    s.patch = out;
  }

  // ----- RuntimeContainerMetaSet

  metaSet(i: i32, out: Array<RuntimeMeta>): Array<RuntimeMeta> {
    const t = this.t;
    const k = t.kind(i);
    if (k == K_NULL) return out;
    if (k != K_OBJECT) { this.mismatch(i, T_METASET); return out; }
    let res = out;
    let key = i + 1;
    for (let j = 0, n = t.children(i); j < n; j++) {
      const v = t.next(key);
      if (this.field(key, METASET_FIELDS) == 0) {
        const m = this.enter(METASET, "containers");
        res = this.metaList(v, res);
        if (this.stopped) return res;
        this.leave(m);
      }
      key = t.next(v);
    }
    return res;
  }

  /** []RuntimeContainerMeta (null: nil, kept as an empty list; elements decode into the old ones). */
  metaList(i: i32, cur: Array<RuntimeMeta>): Array<RuntimeMeta> {
    const t = this.t;
    const k = t.kind(i);
    if (k == K_NULL) return new Array<RuntimeMeta>();
    if (k != K_ARRAY) { this.mismatch(i, "[]" + T_META); return cur; }
    const n = t.children(i);
    if (n == 0) return new Array<RuntimeMeta>();
    const out = cur;
    let e = i + 1;
    for (let j = 0; j < n; j++) {
      if (j >= out.length) out.push(new RuntimeMeta());
      this.meta(e, out[j]);
      e = t.next(e);
    }
    out.length = n;
    return out;
  }

  meta(i: i32, r: RuntimeMeta): void {
    const t = this.t;
    const k = t.kind(i);
    if (k == K_NULL) return;
    if (k != K_OBJECT) { this.mismatch(i, T_META); return; }
    let key = i + 1;
    for (let j = 0, n = t.children(i); j < n; j++) {
      const v = t.next(key);
      const f = this.field(key, META_FIELDS);
      if (f >= 0) {
        const m = this.enter(META, META_FIELDS[f]);
        if (f == 0) r.name = this.str(v, r.name);
        else if (f == 1) r.containerID = this.str(v, r.containerID);
        else if (f == 2) r.restartCount = <i32>this.integer(v, r.restartCount, Kind.Int32, "int32");
        else this.hashes(v, r);
        this.leave(m);
      }
      key = t.next(v);
    }
  }

  hashes(i: i32, r: RuntimeMeta): void {
    const t = this.t;
    const k = t.kind(i);
    if (k == K_NULL) return;
    if (k != K_OBJECT) { this.mismatch(i, T_HASHES); return; }
    // plainHashWithoutResources: v1.8.x only
    const names = this.kruise == 8 ? HASHES_FIELDS_18 : HASHES_FIELDS_19;
    let key = i + 1;
    for (let j = 0, n = t.children(i); j < n; j++) {
      const v = t.next(key);
      const f = this.field(key, names);
      if (f >= 0) {
        const name = names[f];
        const m = this.enter(HASHES, name);
        if (name == "plainHash") r.plainHash = <u64>this.integer(v, <i64>r.plainHash, Kind.Uint64, "uint64");
        else if (name == "extractedEnvFromMetadataHash") r.envHash = <u64>this.integer(v, <i64>r.envHash, Kind.Uint64, "uint64");
        else r.plainHashWithoutResources = <u64>this.integer(v, <i64>r.plainHashWithoutResources, Kind.Uint64, "uint64");
        this.leave(m);
      }
      key = t.next(v);
    }
  }

  // ----- the answer

  /** What json.Unmarshal returns for `value`: an UnmarshalJSON error, else the first saved error, else nil. */
  finish<T>(value: T): Unmarshaled<T> {
    const r = new Unmarshaled<T>();
    if (this.stopped) {
      goError(r);
      return r;
    }
    const s = this.d.saved;
    if (s !== null) r.error = s;
    else r.value = value;
    return r;
  }
}

/** Moves the error in the slot into `r.error` when it is one Go returns (checkValid's syntax error, an UnmarshalJSON method's error); an engine failure (a limit, a schema type missing) stays in the slot. */
function goError<T>(r: Unmarshaled<T>): void {
  if (!hasError()) return;
  const c = errorCode();
  if (c == E_JSON_SYNTAX || c == E_JSON_DEPTH || c == E_JSON_TYPE || c == E_DECODE || c == E_QUANTITY) r.error = takeErrorMessage();
}

/** A map[string]string value of the typed view as a StrMap (null: nil; the last duplicate key wins). */
function strMapOf(v: TV): StrMap | null {
  if (v.v === null) return null;
  const e = entriesOf(v);
  const m = new StrMap();
  for (let i = 0; i < e.keys.length; i++) m.set(e.keys[i], entryStr(e.vals[i]));
  return m;
}

/** A v1.ResourceList value of the typed view as a QMap (null: nil). */
function qmapOf(v: TV): QMap | null {
  if (v.v === null) return null;
  const e = entriesOf(v);
  const m = new QMap();
  for (let i = 0; i < e.keys.length; i++) {
    const q = entryQuantity(e.vals[i]);
    if (q !== null) m.set(e.keys[i], q);
  }
  return m;
}

/** The tape of annotation text `text` as json.Unmarshal's checkValid reads it, or null with `r.error` (or an engine failure). */
function readText<T>(text: string, r: Unmarshaled<T>, kruise: i32): Tape | null {
  const b = String.UTF8.encode(text);
  const o = new ReadOptions();
  o.goMinor = kruiseGoOf(kruise);
  const t = readJSON(changetype<usize>(b), b.byteLength, o);
  if (t === null) goError(r);
  return t;
}

// ---------------------------------------------------------------------------------------------------
// entry points

/** json.Unmarshal(node, &appspub.InPlaceUpdateState{}) under OpenKruise minor `kruise`. */
export function unmarshalState(t: Tape, node: i32, kruise: i32): Unmarshaled<InPlaceState> {
  const u = new GoUnmarshal(t, kruise);
  const s = new InPlaceState();
  u.state(node, s);
  return u.finish<InPlaceState>(s);
}

/** json.Unmarshal(node, &inplaceupdate.UpdateSpec{}) under OpenKruise minor `kruise`. */
export function unmarshalUpdateSpec(t: Tape, node: i32, kruise: i32): Unmarshaled<UpdateSpec> {
  const u = new GoUnmarshal(t, kruise);
  const s = new UpdateSpec();
  u.spec(node, s);
  return u.finish<UpdateSpec>(s);
}

/** json.Unmarshal(node, &appspub.RuntimeContainerMetaSet{}): its containers. */
export function unmarshalRuntimeMetas(t: Tape, node: i32, kruise: i32): Unmarshaled<Array<RuntimeMeta>> {
  const u = new GoUnmarshal(t, kruise);
  const out = u.metaSet(node, new Array<RuntimeMeta>());
  return u.finish<Array<RuntimeMeta>>(out);
}

/** json.Unmarshal([]byte(text), &appspub.InPlaceUpdateState{}). */
export function unmarshalStateText(text: string, kruise: i32): Unmarshaled<InPlaceState> {
  const r = new Unmarshaled<InPlaceState>();
  const t = readText<InPlaceState>(text, r, kruise);
  return t === null ? r : unmarshalState(t, 0, kruise);
}

/** json.Unmarshal([]byte(text), &inplaceupdate.UpdateSpec{}). */
export function unmarshalUpdateSpecText(text: string, kruise: i32): Unmarshaled<UpdateSpec> {
  const r = new Unmarshaled<UpdateSpec>();
  const t = readText<UpdateSpec>(text, r, kruise);
  return t === null ? r : unmarshalUpdateSpec(t, 0, kruise);
}

/** appspub.GetRuntimeContainerMetaSet's json.Unmarshal of the annotation text. */
export function unmarshalRuntimeMetasText(text: string, kruise: i32): Unmarshaled<Array<RuntimeMeta>> {
  const r = new Unmarshaled<Array<RuntimeMeta>>();
  const t = readText<Array<RuntimeMeta>>(text, r, kruise);
  return t === null ? r : unmarshalRuntimeMetas(t, 0, kruise);
}

/**
 * A request's InPlaceUpdateState (kruise.patchPod's `state`): the state when the value is an object that
 * json.Unmarshal takes, else null (the oracle refuses the request; an engine failure stays in the slot).
 */
export function readState(t: Tape, node: i32, kruise: i32 = KRUISE_NEWEST): InPlaceState | null {
  if (t.kind(node) != K_OBJECT) return null;
  const r = unmarshalState(t, node, kruise);
  return r.value;
}

/** A request's UpdateSpec (kruise.patchPod's `updateSpec`): as readState. */
export function readUpdateSpec(t: Tape, node: i32, kruise: i32 = KRUISE_NEWEST): UpdateSpec | null {
  if (t.kind(node) != K_OBJECT) return null;
  const r = unmarshalUpdateSpec(t, node, kruise);
  return r.value;
}
