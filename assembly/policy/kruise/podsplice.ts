// PatchSpecToPod on the pod's Go JSON text instead of its typed tree. `g` is json.Marshal of the typed
// decode of the pod (what the exact path would encode if nothing changed); the patch changes only a few
// pieces of it: metadata.labels / metadata.annotations (the MetaDataPatch entries, env-from-metadata and
// the state annotation) and the image of the containers of this batch. So the answer is `g` with those
// pieces replaced, each written as encoding/json writes it (map keys sorted bytewise, omitempty).
//
// Preconditions proven on `g` before anything is decided (otherwise `splicePatchPod` returns false, the
// state untouched and nothing written, and the caller takes the exact typed path):
// - no resources are written (no InPlaceWorkloadVerticalScaling resources), the MetaDataPatch is absent
//   or a plain labels/annotations map patch (patchpod.ts `metadataMapPatch`);
// - with a MetaDataPatch, what the exact path's json round trip checks (patchtyped.ts `roundTripSafe`):
//   no number of 16 digits or more (every 64-bit integer beyond 2^53 has one), every Quantity's text a
//   fixed point of ParseQuantity + MarshalJSON (the exact path re-parses each Quantity; equal text means
//   equal output), every RawExtension / FieldsV1 (managedFields) text a fixed point of json.Unmarshal into
//   interface{} + json.Marshal (what the exact path's round trip through a map does to it), no
//   metav1.Fields. The walk follows the schema types of v1.Pod to find them and skips generically the
//   values whose type cannot hold any;
//   When `g` comes from the transcoder (assembly/k8s/transcode: Quantities proved to read back to the same
//   text, raw JSON accepted only as null, which leaves FieldsV1's pointer nil), only the numbers are left
//   to check, and the request tape answers that (the transcoder copies integers as they are written);
// - the pieces are where encoding/json puts them: a container's "image" right after its "name", the
//   metadata object before the containers.
// Speed: one walk over `g` records the pieces (frames on a flat i32 stack, struct members found from the
// field list in order, values of no interest skipped as text, a frame's tail skipped once its pieces are
// recorded — straight to the end of spec / status by the transcoder's top-level ranges), the plan is
// patchplan.ts's, and the answer is `g` copied with JSON-string escaping (8 bytes at a time) around the
// spliced pieces.

import { ByteSink } from "../../io/sink";
import { ResultWriter } from "../../eval/response";
import { hasError, clearError } from "../../errors";
import { writeGoString, unquote, decodeRune, runeSize } from "../../json/strings";
import { Kind, kind, elem, typeNameId } from "../../schema/schema";
import { jsonFields, JFields } from "../../k8s/fields";
import { specialOf, SP_NONE, SP_QUANTITY, SP_RAW, SP_FIELDS } from "../../k8s/types";
import { unmarshalQuantityJSON } from "../../quantity/unmarshal";
import { readJSON, ReadOptions } from "../../json/reader";
import { writeCanonical, WriteOptions, MODE_GO } from "../../json/writer";
import { writeQuantityJSON } from "../../quantity/canonical";
import { UpdateSpec } from "./model";
import { InPlaceState, KTime } from "./state";
import { KruiseOptions } from "./options";
import { fieldStart, fieldLen } from "../../k8s/transcode/transcode";
import { PodReads, planPatch, barrierPriority } from "./patchplan";
import { STATE_KEY, BARRIER_ENV, metadataMapPatch, MetaEntry } from "./patchpod";

// walk tags: where a value sits in the pod
const T_NONE: i32 = 0;
const T_ROOT: i32 = 1;
const T_META: i32 = 2;
const T_SPEC: i32 = 3;
const T_STATUS: i32 = 4;
const T_CONTAINERS: i32 = 5;
const T_CONTAINER: i32 = 6;
const T_STATUSES: i32 = 7;
const T_CSTATUS: i32 = 8;

// frame kinds
const F_STRUCT: i32 = 0;
const F_MAP: i32 = 1;
const F_ARRAY: i32 = 2;

// ---- process-wide memos in static memory (pure functions of their keys)

/** Type (key `t << 1 | quantities`) → may a value of it hold a RawExtension or FieldsV1 (or a Quantity): 2 yes, 1 no. */
const REACH_KEYS: usize = memory.data(4096 * 4);
const REACH_VALS: usize = memory.data(4096);
/** Quantity texts (quotes included, up to 31 bytes) known to be fixed points of ParseQuantity + MarshalJSON. */
const QMEMO: usize = memory.data(512 * 32);

/** True when a value of type `t` may hold a RawExtension or FieldsV1, or (`q`) a Quantity, through any JSON-visible path. */
function reaches(t: i32, q: bool): bool {
  // open addressing, never evicted (a few hundred types per process)
  const key = (t << 1) | (q ? 1 : 0);
  let h = <i32>((<u32>key * <u32>0x9e3779b1) >>> 20);
  for (let probe = 0; probe < 64; probe++) {
    const k = load<i32>(REACH_KEYS + (<usize>h << 2));
    if (k == key + 1) return load<u8>(REACH_VALS + <usize>h) == 2;
    if (k == 0) break;
    h = (h + 1) & 4095;
  }
  const hit = reachesSlow(t, q);
  if (load<i32>(REACH_KEYS + (<usize>h << 2)) == 0) {
    store<i32>(REACH_KEYS + (<usize>h << 2), key + 1);
    store<u8>(REACH_VALS + <usize>h, hit ? 2 : 1);
  }
  return hit;
}

/** `reaches` by a walk over the type graph. */
function reachesSlow(t: i32, q: bool): bool {
  const seen = new Array<i32>();
  const todo = new Array<i32>();
  todo.push(t);
  seen.push(t);
  while (todo.length > 0) {
    const u = todo.pop();
    const sp = specialOf(typeNameId(u));
    if ((q && sp == SP_QUANTITY) || sp == SP_RAW || sp == SP_FIELDS) return true;
    if (sp != SP_NONE) continue;
    const k = kind(u);
    if (k == Kind.Pointer || k == Kind.Slice || k == Kind.Array || k == Kind.Map) {
      const e = elem(u);
      if (e >= 0 && !seen.includes(e)) { seen.push(e); todo.push(e); }
    } else if (k == Kind.Struct) {
      const l = jsonFields(u).list;
      for (let i = 0; i < l.length; i++) {
        const ft = l[i].t;
        if (!seen.includes(ft)) { seen.push(ft); todo.push(ft); }
      }
    } else if (k == Kind.Interface) return true; // unknown contents: walk them
  }
  return false;
}

/** The JSON names of the fields whose values are RawExtension / FieldsV1 (through pointers, slices, maps) in the last pod type. */
const RAW_NAMES: usize = memory.data(512);
class RawNames {
  static t: i32 = -1;
  /** Every such field is a pointer straight to the raw type (JSON null leaves it nil). */
  static ptrOnly: bool = true;
  /** Bytes used in RAW_NAMES (entries: length byte, name); -1: not provable (an interface, or too many names). */
  static used: i32 = 0;
}

/** Fills RAW_NAMES for pod type `podT` (a walk over its type graph); false when the names cannot be listed. */
function rawNames(podT: i32): bool {
  if (RawNames.t == podT) return RawNames.used >= 0;
  RawNames.t = podT;
  RawNames.used = 0;
  RawNames.ptrOnly = true;
  const seen = new Array<i32>();
  const todo = new Array<i32>();
  todo.push(podT);
  seen.push(podT);
  while (todo.length > 0) {
    const u = todo.pop();
    if (specialOf(typeNameId(u)) != SP_NONE) continue;
    const k = kind(u);
    if (k == Kind.Interface) { RawNames.used = -1; return false; }
    if (k == Kind.Pointer || k == Kind.Slice || k == Kind.Array || k == Kind.Map) {
      const e = elem(u);
      if (e >= 0 && !seen.includes(e)) { seen.push(e); todo.push(e); }
    } else if (k == Kind.Struct) {
      const l = jsonFields(u).list;
      for (let i = 0; i < l.length; i++) {
        const f = l[i];
        let ft = f.t;
        while (ft >= 0) {
          const fk = kind(ft);
          if (fk != Kind.Pointer && fk != Kind.Slice && fk != Kind.Array && fk != Kind.Map) break;
          ft = elem(ft);
        }
        const sp = ft < 0 ? SP_NONE : specialOf(typeNameId(ft));
        if (sp == SP_RAW || sp == SP_FIELDS) {
          if (kind(f.t) != Kind.Pointer || elem(f.t) != ft) RawNames.ptrOnly = false;
          if (RawNames.used + f.nameN + 1 > 512 || f.nameN > 255) { RawNames.used = -1; return false; }
          store<u8>(RAW_NAMES + <usize>RawNames.used, <u8>f.nameN);
          memory.copy(RAW_NAMES + <usize>(RawNames.used + 1), f.nameP, <usize>f.nameN);
          RawNames.used += f.nameN + 1;
        }
        if (!seen.includes(f.t)) { seen.push(f.t); todo.push(f.t); }
      }
    }
  }
  return true;
}

/** True when some `"name":` of RAW_NAMES occurs in g (a member of that name somewhere: its value may be raw JSON). */
function hasRawMember(g: usize, n: i32): bool {
  if (RawNames.used == 0) return false;
  let i = 0;
  while (i + 8 <= n) {
    const x = load<u64>(g + <usize>i);
    const a = x ^ 0x2222222222222222;
    const m = (a - 0x0101010101010101) & ~a & 0x8080808080808080;
    if (m == 0) { i += 8; continue; }
    i += <i32>(ctz(m) >> 3);
    if (rawNameAt(g, n, i)) return true;
    i++;
  }
  for (; i < n; i++) if (load<u8>(g + <usize>i) == 0x22 && rawNameAt(g, n, i)) return true;
  return false;
}

/** True when `"name":` of RAW_NAMES starts at i. */
function rawNameAt(g: usize, n: i32, i: i32): bool {
  let o = 0;
  while (o < RawNames.used) {
    const k = <i32>load<u8>(RAW_NAMES + <usize>o);
    if (i + k + 3 <= n && load<u8>(g + <usize>(i + k + 1)) == 0x22 && load<u8>(g + <usize>(i + k + 2)) == 0x3a &&
      memory.compare(g + <usize>(i + 1), RAW_NAMES + <usize>(o + 1), <usize>k) == 0) return true;
    o += k + 1;
  }
  return false;
}

/** True when the JSON text [p, p+n) is what json.Marshal writes for its own interface{} decode (Kruise's Go 1.23). */
function rawFixed(p: usize, n: i32): bool {
  const t = readJSON(p, n, new ReadOptions());
  if (t === null || hasError()) { clearError(); return false; }
  const o = new WriteOptions();
  o.mode = MODE_GO;
  o.go22 = true;
  o.goMinor = 23;
  const b = new ByteSink(n + 16);
  if (!writeCanonical(t, 0, b, o) || hasError()) { clearError(); return false; }
  return b.len == n && memory.compare(b.ptr, p, <usize>n) == 0;
}

/** True when the Quantity text [p, p+n) (quotes included) marshals back to itself after ParseQuantity. */
function quantityFixed(p: usize, n: i32): bool {
  let slot: usize = 0;
  if (n < 32) {
    let h: u32 = <u32>n * 0x01000193;
    for (let i = 0; i < n; i++) h = (h ^ <u32>load<u8>(p + <usize>i)) * 0x01000193;
    slot = QMEMO + <usize>((h >>> 7) & 511) * 32;
    if (<i32>load<u8>(slot) == n && memory.compare(slot + 1, p, <usize>n) == 0) return true;
  }
  const q = unmarshalQuantityJSON(p, n);
  if (q === null || hasError()) { clearError(); return false; }
  const b = new ByteSink(n + 8);
  writeQuantityJSON(b, q);
  if (hasError()) { clearError(); return false; }
  if (b.len != n || memory.compare(b.ptr, p, <usize>n) != 0) return false;
  if (slot != 0) { store<u8>(slot, <u8>n); memory.copy(slot + 1, p, <usize>n); }
  return true;
}

// ---- scanning valid compact JSON (the Go output)

/** Index of the closing quote of the string whose opening quote is at i; -1 past `end`. Sets `Scan.esc` when it has an escape. */
function strEnd(g: usize, i: i32, end: i32): i32 {
  let j = i + 1;
  while (j + 8 <= end) {
    const x = load<u64>(g + <usize>j);
    // bytes equal to `"` or `\`
    const a = x ^ 0x2222222222222222;
    const b = x ^ 0x5c5c5c5c5c5c5c5c;
    const m = (((a - 0x0101010101010101) & ~a) | ((b - 0x0101010101010101) & ~b)) & 0x8080808080808080;
    if (m == 0) { j += 8; continue; }
    j += <i32>(ctz(m) >> 3);
    const c = load<u8>(g + <usize>j);
    if (c == 0x22) return j;
    Scan.esc = true;
    j += 2;
  }
  while (j < end) {
    const c = load<u8>(g + <usize>j);
    if (c == 0x22) return j;
    if (c == 0x5c) { Scan.esc = true; j += 2; continue; }
    j++;
  }
  return -1;
}

/** Scanner flags of the current walk. */
class Scan {
  /** The last strings scanned had an escape. */
  static esc: bool = false;
  /** A number of 16 or more characters was seen. */
  static big: bool = false;
}

@inline function isNumByte(c: i32): bool {
  return (c >= 0x30 && c <= 0x39) || c == 0x2d || c == 0x2b || c == 0x2e || c == 0x65 || c == 0x45;
}

/** Index just past the value starting at i (-1 on malformed input); long numbers set `Scan.big`. */
function skipValue(g: usize, i: i32, end: i32): i32 {
  let depth = 0;
  while (i < end) {
    const c = <i32>load<u8>(g + <usize>i);
    if (c == 0x22) {
      const e = strEnd(g, i, end);
      if (e < 0) return -1;
      i = e + 1;
      if (depth == 0) return i;
    } else if (c == 0x7b || c == 0x5b) { depth++; i++; }
    else if (c == 0x7d || c == 0x5d) { depth--; i++; if (depth <= 0) return depth == 0 ? i : -1; }
    else if (c == 0x2c || c == 0x3a) { if (depth == 0) return -1; i++; }
    else if (c == 0x2d || (c >= 0x30 && c <= 0x39)) {
      const s = i;
      while (i < end && isNumByte(<i32>load<u8>(g + <usize>i))) i++;
      if (i - s >= 16) Scan.big = true;
      if (depth == 0) return i;
    } else if (c == 0x74 || c == 0x6e) { i += 4; if (depth == 0) return i; }
    else if (c == 0x66) { i += 5; if (depth == 0) return i; }
    else return -1;
  }
  return -1;
}

/** Index just past the `}` / `]` closing the object or array whose members continue at i (-1 on malformed input). */
function skipRest(g: usize, i: i32, n: i32): i32 {
  let depth = 1;
  while (i < n) {
    const c = <i32>load<u8>(g + <usize>i);
    if (c == 0x22) {
      const e = strEnd(g, i, n);
      if (e < 0) return -1;
      i = e + 1;
    } else if (c == 0x7b || c == 0x5b) { depth++; i++; }
    else if (c == 0x7d || c == 0x5d) { depth--; i++; if (depth == 0) return i; }
    else if (c == 0x2d || (c >= 0x30 && c <= 0x39)) {
      const s = i;
      while (i < n && isNumByte(<i32>load<u8>(g + <usize>i))) i++;
      if (i - s >= 16) Scan.big = true;
    } else i++;
  }
  return -1;
}

/** The highest field index a frame tagged `tag` records (members past it are not needed); MAX for other tags. */
function lastNeeded(ix: Idx, tag: i32): i32 {
  if (tag == T_SPEC) return ix.containers;
  if (tag == T_STATUS) return ix.containerStatuses;
  if (tag == T_CONTAINER) return max(ix.cName, max(ix.cImage, ix.cEnv));
  if (tag == T_CSTATUS) return max(ix.sName, ix.sImageID);
  return i32.MAX_VALUE;
}

/** The field of `fl` named [p, p+n), looked up from `from` on (Go output lists fields in order), else from the start. */
function lookup(fl: JFields, from: i32, p: usize, n: i32): i32 {
  const l = fl.list;
  const c = l.length;
  const b0 = n > 0 ? load<u8>(p) : 0;
  let i = from < c ? from : 0;
  for (let k = 0; k < c; k++) {
    const f = unchecked(l[i]);
    if (f.nameN == n && (n == 0 || (load<u8>(f.nameP) == b0 && memory.compare(f.nameP, p, <usize>n) == 0))) return i;
    if (++i == c) i = 0;
  }
  return -1;
}

/** True when [p, p+n) is the ASCII text `s`. */
function textIs(p: usize, n: i32, s: string): bool {
  if (n != s.length) return false;
  for (let i = 0; i < n; i++) if (<i32>load<u8>(p + <usize>i) != s.charCodeAt(i)) return false;
  return true;
}

/** What the walk records about the pod's text (value spans are [start, end), strings with their quotes). */
class PodText {
  metaStart: i32 = -1;
  metaEnd: i32 = -1;
  /** metadata members: key start, value end, JSON field index. */
  mKey: Array<i32> = new Array<i32>();
  mEnd: Array<i32> = new Array<i32>();
  mField: Array<i32> = new Array<i32>();
  /** containers: name value, image member (key start .. value end; -1 absent), env value (-1 absent). */
  cStart: Array<i32> = new Array<i32>();
  cNameS: Array<i32> = new Array<i32>();
  cNameE: Array<i32> = new Array<i32>();
  cImageK: Array<i32> = new Array<i32>();
  cImageE: Array<i32> = new Array<i32>();
  cEnvS: Array<i32> = new Array<i32>();
  cEnvE: Array<i32> = new Array<i32>();
  /** container statuses: name and imageID values (-1 absent). */
  sNameS: Array<i32> = new Array<i32>();
  sNameE: Array<i32> = new Array<i32>();
  sIDS: Array<i32> = new Array<i32>();
  sIDE: Array<i32> = new Array<i32>();
}

/** Field index of JSON field `name` of struct type `t` (-1 when absent or not a struct). */
function fieldIdx(t: i32, name: string): i32 {
  while (t >= 0 && kind(t) == Kind.Pointer) t = elem(t);
  if (t < 0 || kind(t) != Kind.Struct) return -1;
  const b = String.UTF8.encode(name);
  return lookup(jsonFields(t), 0, changetype<usize>(b), b.byteLength);
}

/** Type of field index `i` of struct type `t` (pointers followed); -1 when i < 0. */
function fieldT(t: i32, i: i32): i32 {
  while (t >= 0 && kind(t) == Kind.Pointer) t = elem(t);
  return i < 0 ? -1 : jsonFields(t).list[i].t;
}

/** The field indexes the walk records by. */
class Idx {
  metadata: i32 = -1;
  spec: i32 = -1;
  status: i32 = -1;
  containers: i32 = -1;
  containerStatuses: i32 = -1;
  cName: i32 = -1;
  cImage: i32 = -1;
  cEnv: i32 = -1;
  sName: i32 = -1;
  sImageID: i32 = -1;

  constructor(podT: i32) {
    this.metadata = fieldIdx(podT, "metadata");
    this.spec = fieldIdx(podT, "spec");
    this.status = fieldIdx(podT, "status");
    const specT = fieldT(podT, this.spec);
    const statusT = fieldT(podT, this.status);
    this.containers = fieldIdx(specT, "containers");
    this.containerStatuses = fieldIdx(statusT, "containerStatuses");
    const ct = this.containers < 0 ? -1 : elem(fieldT(specT, this.containers));
    const st = this.containerStatuses < 0 ? -1 : elem(fieldT(statusT, this.containerStatuses));
    this.cName = fieldIdx(ct, "name");
    this.cImage = fieldIdx(ct, "image");
    this.cEnv = fieldIdx(ct, "env");
    this.sName = fieldIdx(st, "name");
    this.sImageID = fieldIdx(st, "imageID");
  }
}

/** The Idx of the last pod type (static memory: survives the per-call arena; plain integers only). */
class IdxCache {
  static t: i32 = -1;
}
const IDX_CACHE: usize = memory.data(16 * 4);

/** Idx of pod type `podT`, cached across calls in static memory. */
function idxOf(podT: i32): Idx {
  if (IdxCache.t == podT) {
    const r = changetype<Idx>(__new(offsetof<Idx>(), idof<Idx>()));
    memory.copy(changetype<usize>(r), IDX_CACHE, offsetof<Idx>());
    return r;
  }
  const r = new Idx(podT);
  memory.copy(IDX_CACHE, changetype<usize>(r), offsetof<Idx>());
  IdxCache.t = podT;
  return r;
}

/** Tag of struct member (field index `fi`) of a frame tagged `tag`. */
@inline function memberTag(ix: Idx, tag: i32, fi: i32): i32 {
  if (tag == T_ROOT) {
    if (fi == ix.metadata) return T_META;
    if (fi == ix.spec) return T_SPEC;
    if (fi == ix.status) return T_STATUS;
  } else if (tag == T_SPEC) {
    if (fi == ix.containers) return T_CONTAINERS;
  } else if (tag == T_STATUS) {
    if (fi == ix.containerStatuses) return T_STATUSES;
  }
  return T_NONE;
}

// frame layout in the walk's stack (i32 slots)
const FR_KIND = 0;
const FR_TAG = 1;
const FR_T = 2;
const FR_FIELDS = 3;
const FR_CURSOR = 4;
const FR_KEY = 5;
const FR_FIELD = 6;
const FR_VAL = 7;
const FR_SIZE = 8;
const MAX_FRAMES = 128;

/**
 * Walks `g` (a value of type `podT`) along its schema types, recording the pieces into `pt`. With `strict`
 * (a MetaDataPatch round trip), also proves the round-trip preconditions (the Quantities' only when
 * `quantities`: the transcoder proves them itself). False: the fast path does not apply.
 */
function walk(g: usize, n: i32, podT: i32, strict: bool, quantities: bool, jump: bool, pt: PodText): bool {
  Scan.big = false;
  const ix = idxOf(podT);
  // where the spec and status values end (the transcoder's top-level ranges): their tails need no scan
  let specEnd = -1;
  let statusEnd = -1;
  if (jump && !strict && ix.spec >= 0 && ix.status >= 0) {
    if (fieldStart(ix.spec) >= 0) specEnd = fieldStart(ix.spec) + fieldLen(ix.spec);
    if (fieldStart(ix.status) >= 0) statusEnd = fieldStart(ix.status) + fieldLen(ix.status);
  }
  const st = new StaticArray<i32>(MAX_FRAMES * FR_SIZE);
  const sp0 = changetype<usize>(st);
  let top: usize = 0; // byte offset of the next free frame
  let i = 0;
  let t = podT;
  let tag = T_ROOT;
  for (;;) {
    // ---- the value at i, of type t, tagged `tag`
    if (i >= n) return false;
    const c = <i32>load<u8>(g + <usize>i);
    let opened = false;
    while (kind(t) == Kind.Pointer) t = elem(t);
    if (tag == T_NONE && (!strict || !reaches(t, quantities))) {
      i = skipValue(g, i, n);
      if (i < 0) return false;
    } else {
      const sp = specialOf(typeNameId(t));
      // the exact path's json round trip rewrites raw JSON (RawExtension / FieldsV1) as json.Marshal of
      // its interface{} decode: only a value that already is that text survives unchanged (null does not:
      // it comes back as a nil pointer); metav1.Fields always goes to the exact path
      if (strict && sp == SP_FIELDS) return no("metav1.Fields");
      const k = kind(t);
      if (strict && sp == SP_RAW) {
        if (c == 0x6e) return no("a null RawExtension/FieldsV1");
        const e = skipValue(g, i, n);
        if (e < 0 || !rawFixed(g + <usize>i, e - i)) return no("a RawExtension/FieldsV1 json.Marshal would rewrite");
        i = e;
      } else if (c == 0x6e) i += 4; // null
      else if (sp == SP_QUANTITY) {
        if (c != 0x22) return false;
        const e = strEnd(g, i, n);
        if (e < 0) return false;
        if (strict && quantities && !quantityFixed(g + <usize>i, e + 1 - i)) return no("a Quantity whose text changes when read again");
        i = e + 1;
      } else if (sp != SP_NONE || (k != Kind.Struct && k != Kind.Map && k != Kind.Slice && k != Kind.Array) || c == 0x22) {
        // Time, IntOrString, scalars, []byte as base64
        i = skipValue(g, i, n);
        if (i < 0) return false;
      } else {
        if (top >= <usize>(MAX_FRAMES * FR_SIZE * 4)) return false;
        const f = sp0 + top;
        if (k == Kind.Struct) {
          if (c != 0x7b) return false;
          store<i32>(f, F_STRUCT, FR_KIND << 2);
          store<i32>(f, <i32>changetype<usize>(jsonFields(t)), FR_FIELDS << 2);
          store<i32>(f, t, FR_T << 2);
        } else {
          if (c != (k == Kind.Map ? 0x7b : 0x5b)) return false;
          store<i32>(f, k == Kind.Map ? F_MAP : F_ARRAY, FR_KIND << 2);
          store<i32>(f, 0, FR_FIELDS << 2);
          store<i32>(f, elem(t), FR_T << 2);
        }
        store<i32>(f, tag, FR_TAG << 2);
        store<i32>(f, 0, FR_CURSOR << 2);
        top += FR_SIZE * 4;
        if (tag == T_META) pt.metaStart = i;
        else if (tag == T_CONTAINER) {
          pt.cStart.push(i);
          pt.cNameS.push(-1); pt.cNameE.push(-1); pt.cImageK.push(-1); pt.cImageE.push(-1); pt.cEnvS.push(-1); pt.cEnvE.push(-1);
        } else if (tag == T_CSTATUS) {
          pt.sNameS.push(-1); pt.sNameE.push(-1); pt.sIDS.push(-1); pt.sIDE.push(-1);
        }
        i++;
        opened = true;
      }
    }
    // ---- back in the enclosing frames: record the member just finished, then on to the next member / element
    let first = opened;
    for (;;) {
      if (top == 0) return i == n;
      if (i >= n) return false;
      const f = sp0 + top - FR_SIZE * 4;
      const fk = load<i32>(f, FR_KIND << 2);
      const ftag = load<i32>(f, FR_TAG << 2);
      const cc = <i32>load<u8>(g + <usize>i);
      if (!first) {
        if (fk == F_STRUCT && ftag >= T_META) {
          const ks = load<i32>(f, FR_KEY << 2);
          const vs = load<i32>(f, FR_VAL << 2);
          const fi = load<i32>(f, FR_FIELD << 2);
          if (ftag == T_META) { pt.mKey.push(ks); pt.mEnd.push(i); pt.mField.push(fi); }
          else if (ftag == T_CONTAINER) {
            const ci = pt.cStart.length - 1;
            if (fi == ix.cName) { pt.cNameS[ci] = vs; pt.cNameE[ci] = i; }
            else if (fi == ix.cImage) { pt.cImageK[ci] = ks; pt.cImageE[ci] = i; }
            else if (fi == ix.cEnv) { pt.cEnvS[ci] = vs; pt.cEnvE[ci] = i; }
          } else if (ftag == T_CSTATUS) {
            const ci = pt.sNameS.length - 1;
            if (fi == ix.sName) { pt.sNameS[ci] = vs; pt.sNameE[ci] = i; }
            else if (fi == ix.sImageID) { pt.sIDS[ci] = vs; pt.sIDE[ci] = i; }
          }
        }
        if (cc == 0x2c) i++;
        else if (cc == (fk == F_ARRAY ? 0x5d : 0x7d)) {
          i++;
          if (ftag == T_META) pt.metaEnd = i;
          top -= FR_SIZE * 4;
          continue;
        } else return false;
      } else {
        first = false;
        if (cc == (fk == F_ARRAY ? 0x5d : 0x7d)) { // empty
          i++;
          if (ftag == T_META) pt.metaEnd = i;
          top -= FR_SIZE * 4;
          continue;
        }
      }
      // a frame whose pieces are all recorded: the rest of its object is only scanned (not when `strict`:
      // the types decide what to check there)
      if (!strict && fk == F_STRUCT && ftag >= T_SPEC && load<i32>(f, FR_CURSOR << 2) > lastNeeded(ix, ftag)) {
        const to = ftag == T_SPEC ? specEnd : ftag == T_STATUS ? statusEnd : -1;
        if (to > i && to <= n && load<u8>(g + <usize>(to - 1)) == 0x7d) i = to;
        else i = skipRest(g, i, n);
        if (i < 0) return false;
        top -= FR_SIZE * 4;
        continue;
      }
      // the next element / member
      if (fk == F_ARRAY) {
        t = load<i32>(f, FR_T << 2);
        tag = ftag == T_CONTAINERS ? T_CONTAINER : ftag == T_STATUSES ? T_CSTATUS : T_NONE;
        break;
      }
      if (load<u8>(g + <usize>i) != 0x22) return false;
      Scan.esc = false;
      const ke = strEnd(g, i, n);
      if (ke < 0 || ke + 1 >= n || load<u8>(g + <usize>(ke + 1)) != 0x3a) return false;
      store<i32>(f, i, FR_KEY << 2);
      if (fk == F_STRUCT) {
        if (Scan.esc) return false;
        const fl = changetype<JFields>(<usize>load<i32>(f, FR_FIELDS << 2));
        const fi = lookup(fl, load<i32>(f, FR_CURSOR << 2), g + <usize>(i + 1), ke - i - 1);
        if (fi < 0) return false;
        store<i32>(f, fi + 1, FR_CURSOR << 2);
        store<i32>(f, fi, FR_FIELD << 2);
        t = unchecked(fl.list[fi]).t;
        tag = memberTag(ix, ftag, fi);
      } else {
        t = load<i32>(f, FR_T << 2);
        tag = T_NONE;
      }
      i = ke + 2;
      store<i32>(f, i, FR_VAL << 2);
      break;
    }
  }
  return false; // not reached
}

// ---- reading strings of g

/** The Go string value of the JSON string [s, e) of g (quotes included) as an AssemblyScript string; "" when s < 0. */
function gStr(g: usize, s: i32, e: i32): string {
  if (s < 0 || e - s < 2 || load<u8>(g + <usize>s) != 0x22) return "";
  const p = g + <usize>(s + 1);
  const n = e - s - 2;
  let esc = false;
  for (let i = 0; i < n; i++) if (load<u8>(p + <usize>i) == 0x5c) { esc = true; break; }
  if (!esc) return String.UTF8.decodeUnsafe(p, <usize>n);
  const b = new ByteSink(n);
  unquote(b, p, n, false);
  return String.UTF8.decodeUnsafe(b.ptr, <usize>b.len);
}

/** Value start of member `name` of the object starting at `s` in g (-1 absent or not an object). */
function member(g: usize, s: i32, end: i32, name: string): i32 {
  if (s < 0 || load<u8>(g + <usize>s) != 0x7b) return -1;
  let i = s + 1;
  if (load<u8>(g + <usize>i) == 0x7d) return -1;
  for (;;) {
    if (load<u8>(g + <usize>i) != 0x22) return -1;
    const ke = strEnd(g, i, end);
    if (ke < 0) return -1;
    const hit = textIs(g + <usize>(i + 1), ke - i - 1, name);
    i = ke + 2;
    if (hit) return i;
    i = skipValue(g, i, end);
    if (i < 0 || i >= end || load<u8>(g + <usize>i) != 0x2c) return -1;
    i++;
  }
  return -1; // not reached
}

/** GetContainerPriority from the text of a container's env array [s, e). */
function envPriority(g: usize, s: i32, e: i32): i32 {
  if (s < 0 || load<u8>(g + <usize>s) != 0x5b) return i32.MIN_VALUE;
  let i = s + 1;
  if (load<u8>(g + <usize>i) == 0x5d) return i32.MIN_VALUE;
  while (i < e) {
    const ve = skipValue(g, i, e);
    if (ve < 0) return i32.MIN_VALUE;
    const ns = member(g, i, ve, "name");
    if (ns >= 0 && load<u8>(g + <usize>ns) == 0x22 && gStr(g, ns, strEnd(g, ns, ve) + 1) == BARRIER_ENV) {
      let key = "";
      const vf = member(g, i, ve, "valueFrom");
      const cm = vf >= 0 ? member(g, vf, ve, "configMapKeyRef") : -1;
      const k = cm >= 0 ? member(g, cm, ve, "key") : -1;
      if (k >= 0 && load<u8>(g + <usize>k) == 0x22) key = gStr(g, k, strEnd(g, k, ve) + 1);
      return barrierPriority(key);
    }
    i = ve + 1; // past the comma (or the closing bracket)
  }
  return i32.MIN_VALUE;
}

// ---- the new maps

/**
 * One map entry of the rewritten labels / annotations: the key's bytes, its text in g (`gk`, quotes
 * included; 0 for a new key), and the value as g text (`raw` false) or bytes to encode.
 */
class Entry {
  gk: usize = 0;
  gkn: i32 = 0;
  constructor(public kp: usize, public kn: i32, public raw: bool, public vp: usize, public vn: i32) {}
}

/** The entries of the map object [s, e) of g; null on unexpected text. */
function mapEntriesOf(g: usize, s: i32, e: i32): Array<Entry> | null {
  const out = new Array<Entry>();
  if (s < 0 || load<u8>(g + <usize>s) != 0x7b) return out; // null: a nil map
  let i = s + 1;
  if (load<u8>(g + <usize>i) == 0x7d) return out;
  for (;;) {
    if (load<u8>(g + <usize>i) != 0x22) return null;
    Scan.esc = false;
    const ke = strEnd(g, i, e);
    if (ke < 0) return null;
    let kp = g + <usize>(i + 1);
    let kn = ke - i - 1;
    if (Scan.esc) {
      // the key's bytes (Go's escapes of valid UTF-8 decode back exactly)
      const b = new ByteSink(kn);
      unquote(b, kp, kn, false);
      kp = b.ptr;
      kn = b.len;
    }
    const vs = ke + 2;
    const ve = skipValue(g, vs, e);
    if (ve < 0) return null;
    const x = new Entry(kp, kn, false, g + <usize>vs, ve - vs);
    x.gk = g + <usize>i;
    x.gkn = ke + 1 - i;
    out.push(x);
    if (load<u8>(g + <usize>ve) != 0x2c) return out;
    i = ve + 1;
  }
  return null; // not reached
}

/** m[key] = value (later wins) or delete(m, key) when vn < 0. */
function setEntry(m: Array<Entry>, kp: usize, kn: i32, vp: usize, vn: i32): void {
  for (let i = 0; i < m.length; i++) {
    const x = m[i];
    if (x.kn == kn && memory.compare(x.kp, kp, <usize>kn) == 0) {
      if (vn < 0) m.splice(i, 1);
      else { x.raw = true; x.vp = vp; x.vn = vn; }
      return;
    }
  }
  if (vn >= 0) m.push(new Entry(kp, kn, true, vp, vn));
}

/** m[k] = v for AssemblyScript strings (the bytes the typed path's mapSet writes). */
function setStr(m: Array<Entry>, k: string, v: string): void {
  const kb = String.UTF8.encode(k);
  const vb = String.UTF8.encode(v);
  setEntry(m, changetype<usize>(kb), kb.byteLength, changetype<usize>(vb), vb.byteLength);
}

function cmpEntry(a: Entry, b: Entry): i32 {
  const n = a.kn < b.kn ? a.kn : b.kn;
  const d = memory.compare(a.kp, b.kp, <usize>n);
  return d != 0 ? d : a.kn - b.kn;
}

/** Writes the map as json.Marshal does (keys sorted by bytes). */
function writeMap(out: ByteSink, m: Array<Entry>): void {
  for (let i = 1; i < m.length; i++) {
    const x = m[i];
    let j = i;
    while (j > 0 && cmpEntry(m[j - 1], x) > 0) { m[j] = m[j - 1]; j--; }
    m[j] = x;
  }
  out.byte(0x7b);
  for (let i = 0; i < m.length; i++) {
    const x = m[i];
    if (i > 0) out.byte(0x2c);
    if (x.gk != 0) out.bytes(x.gk, x.gkn);
    else writeGoString(out, x.kp, x.kn, true, false);
    out.byte(0x3a);
    if (x.raw) writeGoString(out, x.vp, x.vn, true, false);
    else out.bytes(x.vp, x.vn);
  }
  out.byte(0x7d);
}

// ---- the answer text

/** High bit set in each byte of x that equals `b` (exact per byte). */
@inline function eqBytes(x: u64, b: u64): u64 {
  const a = x ^ (b * 0x0101010101010101);
  return ~(((a & 0x7f7f7f7f7f7f7f7f) + 0x7f7f7f7f7f7f7f7f) | a) & 0x8080808080808080;
}

/** Appends [p, p+n) with JSON string escaping as the answer writer does (writeJSONString without its quotes). */
export function quoteInto(out: ByteSink, p: usize, n: i32): void {
  const end = p + <usize>n;
  while (p < end) {
    out.reserve(<i32>(end - p) + 64);
    let d = out.ptr + <usize>out.len;
    const lim = out.ptr + <usize>out.cap - 32;
    while (p + 8 <= end && d < lim) {
      const x = load<u64>(p);
      // control bytes and bytes >= 0x80 take the general writer below
      if (((x - 0x2020202020202020) & ~x & 0x8080808080808080) != 0 || (x & 0x8080808080808080) != 0) break;
      let m = eqBytes(x, 0x22) | eqBytes(x, 0x5c);
      if (m == 0) { store<u64>(d, x); p += 8; d += 8; continue; }
      // each `"` / `\` of the word gets its backslash
      let from: u64 = 0;
      while (m != 0) {
        const k = ctz(m) >> 3;
        const run = k - from;
        store<u64>(d, x >> (from << 3)); // bytes from..k-1 (the rest is overwritten)
        d += <usize>run;
        store<u8>(d, 0x5c);
        store<u8>(d, <u8>(x >> (k << 3)), 1);
        d += 2;
        from = k + 1;
        m &= m - 1;
      }
      if (from < 8) { store<u64>(d, x >> (from << 3)); d += <usize>(8 - from); }
      p += 8;
    }
    // the tail, and any word with other bytes: one byte (or rune) at a time
    while (p < end && d < lim) {
      const c = <i32>load<u8>(p);
      if (c == 0x22 || c == 0x5c) { store<u16>(d, <u16>(0x5c | (c << 8))); d += 2; p++; continue; }
      if (c >= 0x20 && c < 0x80) {
        store<u8>(d, <u8>c); d++; p++;
        if (p + 8 <= end && (p & 7) == 0) break; // back to words
        continue;
      }
      out.len = <i32>(d - out.ptr);
      const w = c < 0x80 ? 1 : (decodeRune(p, <i32>(end - p)) < 0 ? 1 : runeSize);
      const at = out.len;
      writeGoString(out, p, w, true, false, false);
      // drop the quotes writeGoString put around it
      memory.copy(out.ptr + <usize>at, out.ptr + <usize>(at + 1), <usize>(out.len - at - 2));
      out.len -= 2;
      p += <usize>w;
      d = out.ptr + <usize>out.len;
      break;
    }
    out.len = <i32>(d - out.ptr);
  }
}

/** Why the last splicePatchPod did not apply (for requireFastPath's message). */
export class SpliceWhy {
  static reason: string = "";
}

/** Records why the splice does not apply; false. */
function no(why: string): bool {
  SpliceWhy.reason = why;
  return false;
}

/** Splices of g: [s, e) replaced by `text`. */
class Splice {
  constructor(public s: i32, public e: i32, public text: ByteSink) {}
}

/**
 * PatchSpecToPod on the pod text `g` (json.Marshal of the decoded pod, type `podT`; `fromTranscoder`: written
 * by assembly/k8s/transcode, which proves each Quantity text marshals back to itself after ParseQuantity
 * and accepts raw JSON only as null, its top-level value ranges still in fieldStart / fieldLen;
 * `noLongNumbers`: the pod's text has no number of 16 or more characters, so neither has g): writes the answer's
 * members `pod`, `state` and `resizePatch` (null) and returns true, with `state` updated; false when a
 * precondition fails (then `state` and `res` are untouched).
 */
export function splicePatchPod(res: ResultWriter, g: usize, n: i32, podT: i32, fromTranscoder: bool, noLongNumbers: bool, spec: UpdateSpec, state: InPlaceState, now: KTime): bool {
  if (KruiseOptions.verticalScaling && spec.containerResources.size > 0) return no("resources are written");
  let entries: Array<MetaEntry> | null = null;
  if (spec.hasPatch) {
    entries = metadataMapPatch(spec.patch.ptr, spec.patch.len);
    if (entries === null) return no("the MetaDataPatch is not a plain labels/annotations patch");
  }
  const pt = new PodText();
  // From the transcoder (Quantities proved to marshal back to themselves, raw JSON only as null), the
  // round-trip check is: no long number (the walk's skips flag those), and no raw value — none when every
  // raw field is a pointer (null leaves it nil), else no member of such a name at all. Otherwise the walk
  // follows the types to every Quantity and raw value.
  const strict = entries !== null && (!fromTranscoder || !rawNames(podT));
  if (entries !== null && !strict && !RawNames.ptrOnly && hasRawMember(g, n)) return no("a RawExtension/FieldsV1 member");
  // the transcoder's top-level ranges let the walk skip the spec's and status's tails, unless it must
  // see every number
  const jump = fromTranscoder && (entries === null || noLongNumbers);
  SpliceWhy.reason = "unexpected pod text";
  if (!walk(g, n, podT, strict, !fromTranscoder, jump, pt)) return false;
  if (entries !== null && !noLongNumbers && Scan.big) return no("an integer of 16+ digits");
  if (pt.metaStart < 0 || pt.metaEnd < 0) return no("no metadata");
  // metadata maps
  let li = -1;
  let ai = -1;
  const fl = jsonFields(podT);
  const metaF = lookup(fl, 0, changetype<usize>(String.UTF8.encode("metadata")), 8);
  if (metaF < 0) return false;
  const metaT = fl.list[metaF].t;
  const mfl = jsonFields(metaT);
  const labelsF = lookup(mfl, 0, changetype<usize>(String.UTF8.encode("labels")), 6);
  const annotationsF = lookup(mfl, 0, changetype<usize>(String.UTF8.encode("annotations")), 11);
  if (labelsF < 0 || annotationsF < 0 || labelsF > annotationsF) return false;
  for (let k = 0; k < pt.mField.length; k++) {
    if (pt.mField[k] == labelsF) li = k;
    else if (pt.mField[k] == annotationsF) ai = k;
  }
  const labels = li < 0 ? new Array<Entry>() : mapEntriesOf(g, pt.mKey[li] + 9, pt.mEnd[li]);
  const annotations = ai < 0 ? new Array<Entry>() : mapEntriesOf(g, pt.mKey[ai] + 14, pt.mEnd[ai]);
  if (labels === null || annotations === null) return no("unexpected labels/annotations text");
  // containers: image right after name, after the metadata
  const nc = pt.cStart.length;
  for (let k = 0; k < nc; k++) {
    if (pt.cNameS[k] < 0 || pt.cStart[k] < pt.metaEnd) return no("container text out of place");
    if (pt.cImageK[k] >= 0 && pt.cImageK[k] != pt.cNameE[k] + 1) return no("container text out of place");
  }
  // the reads, then the plan (state changes from here on)
  const reads = new PodReads();
  for (let k = 0; k < nc; k++) {
    reads.names.push(gStr(g, pt.cNameS[k], pt.cNameE[k]));
    reads.prios.push(envPriority(g, pt.cEnvS[k], pt.cEnvE[k]));
  }
  for (let k = 0; k < pt.sNameS.length; k++) {
    reads.statusNames.push(gStr(g, pt.sNameS[k], pt.sNameE[k]));
    reads.statusImageIDs.push(gStr(g, pt.sIDS[k], pt.sIDE[k]));
  }
  const plan = planPatch(reads, spec, state, now);

  // the metadata object
  if (entries !== null) {
    for (let k = 0; k < entries.length; k++) {
      const e = entries[k];
      setEntry(e.kind == 0 ? labels : annotations, e.kp, e.kn, e.vp, e.vn);
    }
  }
  for (let k = 0; k < plan.labelKeys.length; k++) setStr(labels, plan.labelKeys[k], plan.labelVals[k]);
  for (let k = 0; k < plan.annotationKeys.length; k++) setStr(annotations, plan.annotationKeys[k], plan.annotationVals[k]);
  const sk = String.UTF8.encode(STATE_KEY);
  setEntry(annotations, changetype<usize>(sk), sk.byteLength, plan.state.ptr, plan.state.len);
  const meta = new ByteSink(pt.metaEnd - pt.metaStart + 512);
  meta.byte(0x7b);
  let firstMember = true;
  let doneL = false;
  let doneA = false;
  for (let k = 0; k <= pt.mField.length; k++) {
    const f = k < pt.mField.length ? pt.mField[k] : 0x7fffffff;
    if (!doneL && f >= labelsF) {
      doneL = true;
      if (labels.length > 0) {
        if (!firstMember) meta.byte(0x2c);
        firstMember = false;
        meta.ascii("\"labels\":");
        writeMap(meta, labels);
      }
    }
    if (!doneA && f >= annotationsF) {
      doneA = true;
      if (annotations.length > 0) {
        if (!firstMember) meta.byte(0x2c);
        firstMember = false;
        meta.ascii("\"annotations\":");
        writeMap(meta, annotations);
      }
    }
    if (k == pt.mField.length || f == labelsF || f == annotationsF) continue;
    if (!firstMember) meta.byte(0x2c);
    firstMember = false;
    meta.bytes(g + <usize>pt.mKey[k], pt.mEnd[k] - pt.mKey[k]);
  }
  meta.byte(0x7d);
  const splices = new Array<Splice>();
  splices.push(new Splice(pt.metaStart, pt.metaEnd, meta));
  for (let k = 0; k < nc; k++) {
    const img = plan.images[k];
    if (img === null) continue;
    const b = new ByteSink(img.length * 3 + 16);
    if (img.length > 0) {
      b.ascii(",\"image\":");
      const ib = String.UTF8.encode(img);
      writeGoString(b, changetype<usize>(ib), ib.byteLength, true, false);
    }
    splices.push(new Splice(pt.cNameE[k], pt.cImageK[k] >= 0 ? pt.cImageE[k] : pt.cNameE[k], b));
  }
  // the answer: g with the splices, quoted; the state; no resize patch
  const out = res.key("pod");
  out.reserve(n + (n >> 2) + 256);
  out.byte(0x22);
  let at = 0;
  for (let k = 0; k < splices.length; k++) {
    const s = splices[k];
    quoteInto(out, g + <usize>at, s.s - at);
    quoteInto(out, s.text.ptr, s.text.len);
    at = s.e;
  }
  quoteInto(out, g + <usize>at, n - at);
  out.byte(0x22);
  res.strBytes("state", plan.state.ptr, plan.state.len);
  res.key("resizePatch").ascii("null");
  return true;
}
