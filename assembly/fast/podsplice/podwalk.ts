// The walk over a pod's Go JSON text that finds what the splice (podsplice.ts) changes or reads: the
// metadata members, each container's name, image and env, each container status's name and imageID. It
// follows the schema types of v1.Pod (frames on a flat i32 stack, struct members found from the field list
// in order), skips values of no interest as text, and a frame's tail once its pieces are recorded (straight
// to the end of spec / status by the transcoder's top-level ranges). With `strict` it also proves the round
// trip's preconditions (podroundtrip.ts) on every value whose type can hold a Quantity or raw JSON.

import { Kind, kind, elem, typeNameId } from "../../schema/schema";
import { jsonFields, JFields } from "../../typed/fields";
import { specialOf, SP_NONE, SP_QUANTITY, SP_RAW, SP_FIELDS } from "../../typed/types";
import { TopFields } from "../transcode/state";
import { barrierPriority, BARRIER_ENV } from "../../upstream/kruise/inplaceupdate/patchplan";
import { reaches, rawFixed, quantityFixed } from "./podroundtrip";
import { strEnd, Scan, skipValue, skipRest, gStr, member, textIs } from "./goscan";
import { ByteSink } from "../../io/sink";
import { quoteInto, quoteValue } from "./quoteinto";

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

/** Why a splicePatchPod did not apply (for requireFastPath's message): one per attempt, filled by the walk and the splice. */
export class SpliceWhy {
  reason: string = "";

  /** Records why the splice does not apply; false. */
  no(why: string): bool {
    this.reason = why;
    return false;
  }
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
export function lookup(fl: JFields, from: i32, p: usize, n: i32): i32 {
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

/** What the walk records about the pod's text (value spans are [start, end), strings with their quotes). */
export class PodText {
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
  /** Offsets in the quoted tail (Emit) at each container's name value end and image value end (-1: none). */
  oNameE: Array<i32> = new Array<i32>();
  oImageE: Array<i32> = new Array<i32>();
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
/** The walk's frame stack (static memory: the walk does not nest). */
// scratch: rewritten before every use (a frame's slots are written when it is pushed)
const WALK_FRAMES: usize = memory.data(MAX_FRAMES * FR_SIZE * 4, 16);

/**
 * The quoted text of g past the metadata, written as the walk goes (the answer's pod string is the quoted
 * prefix up to the metadata, the new metadata, then this with the image splices): values the walk skips
 * are skipped and quoted in one pass (quoteValue), the rest is quoted up to each point the walk records.
 */
class Emit {
  /** Past the metadata: writing. */
  on: bool = false;
  /** Bytes of g before `from` are in `tail`. */
  from: i32 = 0;
  constructor(public g: usize, public tail: ByteSink) {}

  /** Quotes g up to x into the tail (when writing); the tail's length (-1 when not writing). */
  flushTo(x: i32): i32 {
    if (!this.on) return -1;
    const t = this.tail;
    if (x > this.from) { quoteInto(t, this.g + <usize>this.from, x - this.from); this.from = x; }
    return t.len;
  }

  /** skipValue (`depth` 0) / skipRest (`depth` 1) of g from i, quoting what it skips into the tail when writing. */
  skip(i: i32, n: i32, depth: i32): i32 {
    if (!this.on) return depth == 0 ? skipValue(this.g, i, n) : skipRest(this.g, i, n);
    this.flushTo(i);
    const e = quoteValue(this.tail, this.g, i, n, depth);
    if (e >= 0) this.from = e;
    return e;
  }
}

/**
 * Walks `g` (a value of type `podT`) along its schema types, recording the pieces into `pt`. With `strict`
 * (a MetaDataPatch round trip), also proves the round-trip preconditions (the Quantities' only when
 * `quantities`: the transcoder proves them itself); `ranges`: the transcoder's top-level value ranges of g, when it may jump over them. Past the metadata, g's text goes quoted into `tail`
 * (Emit), container name / image ends recorded at their offsets there. False: the fast path does not apply.
 */
export function walk(g: usize, n: i32, podT: i32, strict: bool, quantities: bool, ranges: TopFields | null, pt: PodText, tail: ByteSink, why: SpliceWhy): bool {
  Scan.big = false;
  const em = new Emit(g, tail);
  const ix = idxOf(podT);
  // where the spec and status values end (the transcoder's top-level ranges): their tails need no scan
  let specEnd = -1;
  let statusEnd = -1;
  if (ranges !== null && !strict && ix.spec >= 0 && ix.status >= 0) {
    if (ranges.start(ix.spec) >= 0) specEnd = ranges.start(ix.spec) + ranges.len(ix.spec);
    if (ranges.start(ix.status) >= 0) statusEnd = ranges.start(ix.status) + ranges.len(ix.status);
  }
  const sp0 = WALK_FRAMES; // every slot is written before it is read
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
      i = em.skip(i, n, 0);
      if (i < 0) return false;
    } else {
      const sp = specialOf(typeNameId(t));
      // the exact path's json round trip rewrites raw JSON (RawExtension / FieldsV1) as json.Marshal of
      // its interface{} decode: only a value that already is that text survives unchanged (null does not:
      // it comes back as a nil pointer); metav1.Fields always goes to the exact path
      if (strict && sp == SP_FIELDS) return why.no("metav1.Fields");
      const k = kind(t);
      if (strict && sp == SP_RAW) {
        if (c == 0x6e) return why.no("a null RawExtension/FieldsV1");
        const e = skipValue(g, i, n);
        if (e < 0 || !rawFixed(g + <usize>i, e - i)) return why.no("a RawExtension/FieldsV1 json.Marshal would rewrite");
        i = e;
      } else if (c == 0x6e) i += 4; // null
      else if (sp == SP_QUANTITY) {
        if (c != 0x22) return false;
        const e = strEnd(g, i, n);
        if (e < 0) return false;
        if (strict && quantities && !quantityFixed(g + <usize>i, e + 1 - i)) return why.no("a Quantity whose text changes when read again");
        i = e + 1;
      } else if (sp != SP_NONE || (k != Kind.Struct && k != Kind.Map && k != Kind.Slice && k != Kind.Array) || c == 0x22) {
        // Time, IntOrString, scalars, []byte as base64
        i = em.skip(i, n, 0);
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
        if (tag == T_META) {
          if (pt.metaStart >= 0) return false; // (Go writes one; the tail starts past the first)
          pt.metaStart = i;
        }
        else if (tag == T_CONTAINER) {
          pt.cStart.push(i);
          pt.cNameS.push(-1); pt.cNameE.push(-1); pt.cImageK.push(-1); pt.cImageE.push(-1); pt.cEnvS.push(-1); pt.cEnvE.push(-1);
          pt.oNameE.push(-1); pt.oImageE.push(-1);
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
      if (top == 0) {
        if (i != n) return false;
        em.flushTo(n);
        return true;
      }
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
            if (fi == ix.cName) { pt.cNameS[ci] = vs; pt.cNameE[ci] = i; pt.oNameE[ci] = em.flushTo(i); }
            else if (fi == ix.cImage) { pt.cImageK[ci] = ks; pt.cImageE[ci] = i; pt.oImageE[ci] = em.flushTo(i); }
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
          if (ftag == T_META) { pt.metaEnd = i; em.on = true; em.from = i; }
          top -= FR_SIZE * 4;
          continue;
        } else return false;
      } else {
        first = false;
        if (cc == (fk == F_ARRAY ? 0x5d : 0x7d)) { // empty
          i++;
          if (ftag == T_META) { pt.metaEnd = i; em.on = true; em.from = i; }
          top -= FR_SIZE * 4;
          continue;
        }
      }
      // a frame whose pieces are all recorded: the rest of its object is only scanned (not when `strict`:
      // the types decide what to check there)
      if (!strict && fk == F_STRUCT && ftag >= T_SPEC && load<i32>(f, FR_CURSOR << 2) > lastNeeded(ix, ftag)) {
        const to = ftag == T_SPEC ? specEnd : ftag == T_STATUS ? statusEnd : -1;
        if (to > i && to <= n && load<u8>(g + <usize>(to - 1)) == 0x7d) i = to;
        else i = em.skip(i, n, 1);
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

/** True when the JSON string at ns (before `end`) of g is BARRIER_ENV (its raw bytes, unless it has escapes). */
function isBarrier(g: usize, ns: i32, end: i32): bool {
  Scan.esc = false;
  const ne = strEnd(g, ns, end);
  if (ne < 0) return false;
  if (!Scan.esc) return textIs(g + <usize>(ns + 1), ne - ns - 1, BARRIER_ENV);
  return gStr(g, ns, ne + 1) == BARRIER_ENV;
}

/** GetContainerPriority from the text of a container's env array [s, e). */
export function envPriority(g: usize, s: i32, e: i32): i32 {
  if (s < 0 || load<u8>(g + <usize>s) != 0x5b) return i32.MIN_VALUE;
  let i = s + 1;
  if (load<u8>(g + <usize>i) == 0x5d) return i32.MIN_VALUE;
  while (i < e) {
    const ve = skipValue(g, i, e);
    if (ve < 0) return i32.MIN_VALUE;
    const ns = member(g, i, ve, "name");
    if (ns >= 0 && load<u8>(g + <usize>ns) == 0x22 && isBarrier(g, ns, ve)) {
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
