// A one-entry memo across kruise.patchPod calls, which must answer exactly as the same call computed cold
// (upstream/kruise/inplaceupdate/unmarshal.ts readUpdateSpec, patchplan.ts planPatch): a declared cache keyed by
// the exact bytes it depends on (docs/architecture.md, "State that outlives a call"), neither read nor
// written when the request's `memo` bit is off. The arena is reset between calls, so what is
// kept lives in two static byte regions (never in arena objects) and is rebuilt into fresh objects on a hit.
// - the UpdateSpec: kept with the key bytes of everything its reading depends on (which field held it, the
//   exact request bytes of its value, the Kruise release, the request's read limits); a call whose key is the same bytes gets a
//   copy of the kept UpdateSpec instead of unquoting, reading and converting the text again. Only an
//   UpdateSpec that read without error, without containerResources, and whose record fits is kept.
// - the splice's last plan (podsplice.ts SplicePrep: the plan and the bytes of the pod reads it was made
//   from): kept with a key that adds what the plan depends on besides the reads (the time, the state's
//   bytes or its absence, the gates and release, the server version); podsplice.ts checks the reads.
// Anything that does not match, fit or read back exactly is a miss: the caller computes as without the memo.
// A region is marked invalid before it is written and valid only once complete (a trap leaves it invalid).

import { ByteSink } from "../../io/sink";
import { UpdateSpec, StrMap, ObjMeta } from "../../upstream/kruise/inplaceupdate/model";
import { SplicePrep } from "./podsplice";

const SPEC_CAP: i32 = 32768;
const PLAN_CAP: i32 = 32768;
/** The UpdateSpec record: [valid i32][key len i32][key][record len i32][record]. */
const SPEC_MEM: usize = memory.data(SPEC_CAP, 16);
/** The plan record: [valid i32][key len i32][key][record len i32][record]. */
const PLAN_MEM: usize = memory.data(PLAN_CAP, 16);
/** Plan strings per list (podsplice.ts MEMO_MAX). */
const PREP_MAX: i32 = 64;

/** Appends the i32 `v` to `b`. */
export function putInt(b: ByteSink, v: i32): void {
  b.reserve(4);
  store<i32>(b.ptr + <usize>b.len, v);
  b.len += 4;
}

/** Appends the bytes [p, p+n) to `b`, their length first. */
export function putBytes(b: ByteSink, p: usize, n: i32): void {
  putInt(b, n);
  b.bytes(p, n);
}

/** Appends string `s` (UTF-16 code units, exactly as held) to `b`, its byte length first. */
function putStr(b: ByteSink, s: string): void {
  const n = s.length << 1;
  putInt(b, n);
  b.reserve(n);
  memory.copy(b.ptr + <usize>b.len, changetype<usize>(s), <usize>n);
  b.len += n;
}

/** Appends a string map (-1 for null). */
function putMap(b: ByteSink, m: StrMap | null): void {
  if (m === null) { putInt(b, -1); return; }
  putInt(b, m.size);
  for (let i = 0; i < m.size; i++) { putStr(b, m.keys[i]); putStr(b, m.vals[i]); }
}

/** A reader over one record. */
class Rd {
  constructor(public p: usize, public end: usize) {}
  int(): i32 { const v = load<i32>(this.p); this.p += 4; return v; }
  str(): string {
    const n = this.int();
    const s = String.UTF16.decodeUnsafe(this.p, <usize>n);
    this.p += <usize>n;
    return s;
  }
  map(): StrMap | null {
    const n = this.int();
    if (n < 0) return null;
    const m = new StrMap();
    for (let i = 0; i < n; i++) { const k = this.str(); m.set(k, this.str()); }
    return m;
  }
}

/** Stores key and record into the region at `mem` of `cap` bytes; invalid when they do not fit. */
function store2(mem: usize, cap: i32, key: ByteSink, rec: ByteSink): void {
  store<i32>(mem, 0);
  if (<i64>key.len + <i64>rec.len + 12 > <i64>cap) return;
  store<i32>(mem, key.len, 4);
  memory.copy(mem + 8, key.ptr, <usize>key.len);
  const r = mem + 8 + <usize>key.len;
  store<i32>(r, rec.len);
  memory.copy(r + 4, rec.ptr, <usize>rec.len);
  store<i32>(mem, 1);
}

/** The record of the region at `mem` when it is valid and its key is the bytes of `key`; null otherwise. */
function recall(mem: usize, key: ByteSink): Rd | null {
  if (load<i32>(mem) != 1 || load<i32>(mem, 4) != key.len) return null;
  if (memory.compare(mem + 8, key.ptr, <usize>key.len) != 0) return null;
  const r = mem + 8 + <usize>key.len;
  return new Rd(r + 4, r + 4 + <usize>load<i32>(r));
}

/** Forgets both records (tests; and any caller that cannot vouch for them). */
export function forgetSpecMemo(): void {
  store<i32>(SPEC_MEM, 0);
  store<i32>(PLAN_MEM, 0);
}

/** A copy of the kept UpdateSpec when its key is the bytes of `key`; null on a miss. */
export function recallSpec(key: ByteSink): UpdateSpec | null {
  const r = recall(SPEC_MEM, key);
  if (r === null) return null;
  const s = new UpdateSpec();
  s.revision = r.str();
  s.containerImages = r.map()!;
  const nm = r.int();
  for (let i = 0; i < nm; i++) {
    const name = r.str();
    const om = new ObjMeta();
    om.labels = r.map();
    om.annotations = r.map();
    s.containerRefMetadata.set(name, om);
  }
  s.hasPatch = r.int() != 0;
  const pn = r.int();
  s.patch = new ByteSink(pn + 16);
  s.patch.bytes(r.p, pn);
  r.p += <usize>pn;
  s.updateEnvFromMetadata = r.int() != 0;
  s.graceSeconds = r.int();
  return r.p == r.end ? s : null;
}

/** Keeps `spec` (read from the request with key `key`) when it has no containerResources and fits. */
export function rememberSpec(key: ByteSink, spec: UpdateSpec): void {
  store<i32>(SPEC_MEM, 0);
  if (spec.containerResources.size > 0 || key.len > SPEC_CAP) return;
  const b = new ByteSink(1024);
  putStr(b, spec.revision);
  putMap(b, spec.containerImages);
  const m = spec.containerRefMetadata;
  putInt(b, m.size);
  for (let i = 0; i < m.size; i++) {
    putStr(b, m.keys[i]);
    putMap(b, m.vals[i].labels);
    putMap(b, m.vals[i].annotations);
  }
  putInt(b, spec.hasPatch ? 1 : 0);
  putBytes(b, spec.patch.ptr, spec.patch.len);
  putInt(b, spec.updateEnvFromMetadata ? 1 : 0);
  putInt(b, spec.graceSeconds);
  store2(SPEC_MEM, SPEC_CAP, key, b);
}

/** Appends a list of plan strings (null as -1). */
function putStrs(b: ByteSink, a: Array<string | null>, n: i32): void {
  putInt(b, n);
  for (let i = 0; i < n; i++) {
    const s = a[i];
    if (s === null) putInt(b, -1);
    else putStr(b, s);
  }
}

/** Reads a list written by putStrs into `a`; its count, or -1 when it does not fit. */
function readStrs(r: Rd, a: Array<string | null>): i32 {
  const n = r.int();
  if (n < 0 || n > PREP_MAX) return -1;
  for (let i = 0; i < n; i++) {
    if (load<i32>(r.p) < 0) { r.p += 4; a[i] = null; }
    else a[i] = r.str();
  }
  return n;
}

/** Fills `prep` with the kept plan when its key is the bytes of `key`; true on a hit. */
export function recallPlan(key: ByteSink, prep: SplicePrep): bool {
  const r = recall(PLAN_MEM, key);
  if (r === null) return false;
  const kn = r.int();
  if (kn < 4 || kn > prep.key.cap) return false;
  memory.copy(prep.key.ptr, r.p, <usize>kn);
  r.p += <usize>kn;
  const sn = r.int();
  if (sn > prep.state.cap) return false;
  memory.copy(prep.state.ptr, r.p, <usize>sn);
  r.p += <usize>sn;
  if (readStrs(r, prep.images) < 0) return false;
  const nl = readStrs(r, prep.labelKeys);
  if (nl < 0 || readStrs(r, prep.labelVals) != nl) return false;
  const na = readStrs(r, prep.annotationKeys);
  if (na < 0 || readStrs(r, prep.annotationVals) != na) return false;
  if (r.p != r.end) return false;
  prep.key.len = kn;
  prep.state.len = sn;
  prep.nLabels = nl;
  prep.nAnnotations = na;
  prep.valid = true;
  return true;
}

/** Keeps the plan of `prep` (when it holds one) under `key`; otherwise forgets the kept plan. */
export function rememberPlan(key: ByteSink, prep: SplicePrep): void {
  store<i32>(PLAN_MEM, 0);
  if (!prep.valid || prep.key.len < 4) return;
  const nc = load<i32>(prep.key.ptr); // the reads key starts with the container count
  if (nc < 0 || nc > PREP_MAX || prep.nLabels > PREP_MAX || prep.nAnnotations > PREP_MAX) return;
  const b = new ByteSink(prep.key.len + prep.state.len + 1024);
  putBytes(b, prep.key.ptr, prep.key.len);
  putBytes(b, prep.state.ptr, prep.state.len);
  putStrs(b, prep.images, nc);
  putStrs(b, prep.labelKeys, prep.nLabels);
  putStrs(b, prep.labelVals, prep.nLabels);
  putStrs(b, prep.annotationKeys, prep.nAnnotations);
  putStrs(b, prep.annotationVals, prep.nAnnotations);
  store2(PLAN_MEM, PLAN_CAP, key, b);
}
