// The API server's container defaults on the transcoder's stored bytes: from T = json.Marshal(decode(x)) of a v1.Container
// (the transcoder's output: compact, fields in struct order, map keys sorted) to json.Marshal(defaults(decode(x))), the
// stored bytes of the same container with `applyDefaults: true`, without a value tree. It applies what
// applyContainerDefaults (assembly/upstream/kubernetes/defaults/podspec.ts) applies to one container:
// - absent string / integer / pointer fields that a defaulter fills when zero are written with their default
//   (imagePullPolicy from the image as imageIsLatest reads it, terminationMessagePath / Policy, port protocol, env
//   fieldRef apiVersion and fileKeyRef optional, probe timeout / period / thresholds, httpGet path and scheme); omitempty
//   fields are absent exactly when zero, which the rule tables check per type;
// - a gRPC probe's `"service":null` becomes `""`;
// - resources: requests default to limits (each missing key copied), then every Quantity rounded up to milli scale, written
//   again only when that changes it, the new text checked to read back to itself (the kubelet's decode and encode).
// It gives up (null: the caller runs the exact path) on anything it does not recognise: escaped resource names, a
// member that is not where struct order puts it, a rule that does not fit its field's encoding, a quantity that does not
// parse or round-trip.
//
// Must equal, byte for byte: the `k8s.json` / container.hash path with `applyDefaults: true`: json.Marshal of
// applyDefaultsTo("Container") of the API server's decode (test/equivalence/containerdefaults-vs-defaulters.test.ts,
// through container.hash with and without `exact: ["jsondefaults"]`). Rule tables: a process-wide cache of the
// schema (field indexes and actions per struct type), like the plans.

import { ByteSink } from "../../io/sink";
import { unquote } from "../../json/strings";
import { hasError, clearError } from "../../base/errors";
import { unmarshalQuantityJSON } from "../../quantity/unmarshal";
import { writeQuantityJSON } from "../../quantity/canonical";
import { roundUpMilli } from "../../upstream/kubernetes/defaults/resources";
import { imageIsLatest } from "../../upstream/kubernetes/defaults/image";
import { DEFAULTS_MIN_MINOR } from "../../upstream/kubernetes/defaults/podspec";
import { planOf, planBad, planFields, planField, F_SUBTY, F_CLASS, C_STRUCT, C_PTR_STRUCT, C_SLICE_STRUCT, M_ABSENT_OMIT, M_OMIT_EMPTY } from "./plan";
import { TopFields } from "./state";
import { sameBytes, cmpBytes } from "./bytes";

// struct kinds: where in a container a struct is (its rules)
const K_CONTAINER: i32 = 0;
const K_PORT: i32 = 1;
const K_ENVVAR: i32 = 2;
const K_ENVSOURCE: i32 = 3;
const K_FIELDREF: i32 = 4;
const K_FILEKEYREF: i32 = 5;
const K_PROBE: i32 = 6;
const K_HTTPGET: i32 = 7;
const K_GRPC: i32 = 8;
const K_LIFECYCLE: i32 = 9;
const K_HANDLER: i32 = 10;
const K_RESOURCES: i32 = 11;

// field actions (high nibble) and their argument (low nibble: a struct kind or a default text)
const A_COPY: i32 = 0;
const A_INSERT: i32 = 1; // absent: written with default text `arg`
const A_NULL_TO: i32 = 2; // present as null: written as default text `arg`
const A_OBJ: i32 = 3; // a struct of kind `arg` (or null)
const A_ARRAY: i32 = 4; // an array of structs of kind `arg` (or null)
const A_PULL: i32 = 5; // imagePullPolicy: absent → from the image
const A_IMAGE: i32 = 6; // image: remembered for A_PULL
const A_LIMITS: i32 = 7; // resources.limits: a ResourceList, rounded
const A_REQUESTS: i32 = 8; // resources.requests: limits' missing keys added, rounded

/** The default texts (A_INSERT / A_NULL_TO arguments). */
function defaultText(i: i32): string {
  switch (i) {
    case 0: return "\"/dev/termination-log\"";
    case 1: return "\"File\"";
    case 2: return "\"TCP\"";
    case 3: return "\"v1\"";
    case 4: return "false";
    case 5: return "1";
    case 6: return "10";
    case 7: return "3";
    case 8: return "\"/\"";
    case 9: return "\"HTTP\"";
    case 10: return "\"\"";
    case 11: return "\"Always\"";
    case 12: return "\"IfNotPresent\"";
  }
  return "";
}

// rule tables: open addressing (never evicted during a rewrite; emptied between rewrites when half full), entries
// [key + 1 i32][bad i32][count i32][unused i32][(field index u8, action u8) × R_MAX, by field index]
const R_SLOTS: i32 = 2048;
const R_MAX: i32 = 16;
const R_ENTRY: usize = 16 + <usize>R_MAX * 2;
const R_TABLE: usize = memory.data(R_SLOTS * <i32>R_ENTRY, 16);

/** How many rule tables are cached (static: survives the per-call heap reset). */
class RuleCount {
  static used: i32 = 0;
}

/** Empties the rule tables when half of the slots are used (between rewrites only: a rewrite holds entry addresses). */
function ruleRoom(): void {
  if (RuleCount.used * 2 < R_SLOTS) return;
  memory.fill(R_TABLE, 0, <usize>R_SLOTS * R_ENTRY);
  RuleCount.used = 0;
}

/** The rule entry of struct type `ty` in kind `kind` (built on a miss); check load<i32>(e, 4) != 0 for a type it cannot serve. */
function rulesOf(ty: i32, kind: i32, go24: bool): usize {
  const key = (ty << 5) | (kind << 1) | (go24 ? 1 : 0);
  let i = <i32>((<u32>key * 0x9e3779b1) >> 21);
  let e: usize = 0;
  while (true) {
    e = R_TABLE + <usize>i * R_ENTRY;
    const k = load<i32>(e);
    if (k == key + 1) return e;
    if (k == 0) break;
    i = (i + 1) & (R_SLOTS - 1);
  }
  const plan = planOf(ty, go24);
  if (plan == 0) return BAD_RULES; // the plan pool is full: nothing cached this time
  const r = new Rules(e, plan);
  if (planBad(plan)) r.bad = true;
  else fillRules(r, kind);
  store<i32>(e, r.bad || r.count > R_MAX ? 1 : 0, 4);
  store<i32>(e, r.count < R_MAX ? r.count : R_MAX, 8);
  store<i32>(e, key + 1);
  RuleCount.used++;
  return e;
}

/** A rule entry that serves no type. */
const BAD_RULES: usize = badRules(memory.data(<i32>R_ENTRY, 16));

/** Marks entry `e` as serving no type; returns it. */
function badRules(e: usize): usize {
  store<i32>(e, 1, 4);
  return e;
}

/** A rule table being filled: its entry and the struct's plan. */
class Rules {
  bad: bool = false;
  count: i32 = 0;
  constructor(public e: usize, public plan: usize) {}

  /** Adds field `name`'s action (no such field at this minor: nothing to do), checking the action fits its encoding; rules
   *  are added in field order. */
  set(name: string, action: i32, arg: i32 = 0): void {
    const fi = fieldNamed(this.plan, name);
    if (fi < 0) return;
    const fe = planField(this.plan, fi);
    const mode = load<i32>(fe, 20);
    const cls = load<i32>(fe, <i32>F_CLASS);
    let fits = true;
    if (action == A_INSERT || action == A_PULL) fits = (mode & M_ABSENT_OMIT) != 0;
    else if (action == A_NULL_TO) fits = (mode & M_OMIT_EMPTY) == 0 && load<i32>(fe, 28) == 4 && load<u32>(<usize>load<u32>(fe, 24)) == 0x6c6c756e;
    else if (action == A_OBJ) fits = cls == C_STRUCT || cls == C_PTR_STRUCT;
    else if (action == A_ARRAY) fits = cls == C_SLICE_STRUCT;
    if (!fits || fi > 255) { this.bad = true; return; }
    // keep the list sorted by field index
    const n = this.count;
    if (n >= R_MAX) { this.count++; return; }
    let k = n;
    while (k > 0 && <i32>load<u8>(this.e + 16 + <usize>(k - 1) * 2) > fi) {
      store<u16>(this.e + 16 + <usize>k * 2, load<u16>(this.e + 16 + <usize>(k - 1) * 2));
      k--;
    }
    store<u8>(this.e + 16 + <usize>k * 2, <u8>fi);
    store<u8>(this.e + 16 + <usize>k * 2, <u8>((action << 4) | arg), 1);
    this.count++;
  }
}

/** The field of `plan` named `name`, or -1. */
function fieldNamed(plan: usize, name: string): i32 {
  const b = String.UTF8.encode(name);
  const p = changetype<usize>(b);
  const n = b.byteLength;
  const nf = planFields(plan);
  for (let i = 0; i < nf; i++) {
    const fe = planField(plan, i);
    if (load<i32>(fe, 4) == n && sameBytes(<usize>load<u32>(fe), p, n)) return i;
  }
  return -1;
}

/** The rules of struct kind `kind` (the defaulters' fields, by JSON name). */
function fillRules(r: Rules, kind: i32): void {
  switch (kind) {
    case K_CONTAINER:
      r.set("image", A_IMAGE);
      r.set("ports", A_ARRAY, K_PORT);
      r.set("env", A_ARRAY, K_ENVVAR);
      r.set("resources", A_OBJ, K_RESOURCES);
      r.set("livenessProbe", A_OBJ, K_PROBE);
      r.set("readinessProbe", A_OBJ, K_PROBE);
      r.set("startupProbe", A_OBJ, K_PROBE);
      r.set("lifecycle", A_OBJ, K_LIFECYCLE);
      r.set("terminationMessagePath", A_INSERT, 0);
      r.set("terminationMessagePolicy", A_INSERT, 1);
      r.set("imagePullPolicy", A_PULL);
      break;
    case K_PORT: r.set("protocol", A_INSERT, 2); break;
    case K_ENVVAR: r.set("valueFrom", A_OBJ, K_ENVSOURCE); break;
    case K_ENVSOURCE:
      r.set("fieldRef", A_OBJ, K_FIELDREF);
      r.set("fileKeyRef", A_OBJ, K_FILEKEYREF);
      break;
    case K_FIELDREF: r.set("apiVersion", A_INSERT, 3); break;
    case K_FILEKEYREF: r.set("optional", A_INSERT, 4); break;
    case K_PROBE:
      r.set("httpGet", A_OBJ, K_HTTPGET);
      r.set("grpc", A_OBJ, K_GRPC);
      r.set("timeoutSeconds", A_INSERT, 5);
      r.set("periodSeconds", A_INSERT, 6);
      r.set("successThreshold", A_INSERT, 5);
      r.set("failureThreshold", A_INSERT, 7);
      break;
    case K_HTTPGET:
      r.set("path", A_INSERT, 8);
      r.set("scheme", A_INSERT, 9);
      break;
    case K_GRPC: r.set("service", A_NULL_TO, 10); break;
    case K_LIFECYCLE:
      r.set("postStart", A_OBJ, K_HANDLER);
      r.set("preStop", A_OBJ, K_HANDLER);
      break;
    case K_HANDLER: r.set("httpGet", A_OBJ, K_HTTPGET); break;
    case K_RESOURCES:
      r.set("limits", A_LIMITS);
      r.set("requests", A_REQUESTS);
      break;
  }
}

/** One rewrite: the output, the minor (imagePullPolicy), the Go switch of the plans, and what was seen of the container. */
class Rewrite {
  /** The container's image value (its quoted text in T), 0 when absent. */
  imageP: usize = 0;
  imageN: i32 = 0;
  /** The limits map just read (its object text in T), 0 when absent. */
  limitsP: usize = 0;
  limitsN: i32 = 0;
  failed: bool = false;
  /** Per struct kind: the type, its rule entry and plan last looked up (valid for this rewrite: plans move only between transcodes). */
  private kinds: usize = heap.alloc(16 * 12);
  /** Spans of the open structs, by nesting. */
  private spans: StaticArray<Span> = new StaticArray<Span>(16);
  private depth: i32 = 0;

  constructor(public out: ByteSink, public minor: i32, public go24: bool, public top: TopFields) {
    memory.fill(this.kinds, 0, 16 * 12);
  }

  /** The rule entry of struct type `ty` in kind `kind` (its plan at `planAt()`), cached for the rewrite; 0 when it cannot serve. */
  rules(ty: i32, kind: i32): usize {
    const k = this.kinds + <usize>kind * 12;
    if (load<i32>(k) == ty + 1) return <usize>load<u32>(k, 4);
    const e = rulesOf(ty, kind, this.go24);
    const plan = planOf(ty, this.go24);
    if (load<i32>(e, 4) != 0 || plan == 0) return 0;
    store<i32>(k, ty + 1);
    store<u32>(k, <u32>e, 4);
    store<u32>(k, <u32>plan, 8);
    return e;
  }

  /** The plan of the kind `rules()` last answered for. */
  @inline planOf(kind: i32): usize {
    return <usize>load<u32>(this.kinds + <usize>kind * 12, 8);
  }

  /** A span for an object opening at `open`, reused by nesting (released by `close()`). */
  open(open: usize): Span {
    const d = this.depth++;
    if (d >= 16) return new Span(open);
    let s = unchecked(this.spans[d]);
    if (s === null) {
      s = new Span(open);
      unchecked(this.spans[d] = s);
      return s;
    }
    s.reset(open);
    return s;
  }

  /** Releases the last span. */
  close(): void {
    this.depth--;
  }
}

/**
 * The lazy copy of one struct object of T: members without a default to apply are not written one by one, runs of them
 * are copied from T when something else has to be written (a default inserted, a value rewritten) or the object ends.
 */
class Span {
  /** T's bytes before this are written. */
  copyFrom: usize;
  /** Where in T the last member seen ends (after `{` when none). */
  prevEnd: usize;
  /** A member was inserted before T's first member, which then needs the comma T does not have. */
  pendingComma: bool = false;
  /** A member was inserted. */
  inserted: bool = false;
  /** The object whose `{` is at `open` in T. */
  constructor(public open: usize) {
    this.copyFrom = open;
    this.prevEnd = open + 1;
  }

  /** Starts over for the object whose `{` is at `open`. */
  reset(open: usize): void {
    this.open = open;
    this.copyFrom = open;
    this.prevEnd = open + 1;
    this.pendingComma = false;
    this.inserted = false;
  }
}

/** Copies T's bytes up to `to` (with the comma an insertion before T's first member requires). */
function flush(out: ByteSink, sp: Span, to: usize): void {
  if (to <= sp.copyFrom) return;
  if (sp.pendingComma && sp.copyFrom > sp.open && load<u8>(sp.copyFrom) != 0x7d) out.byte(0x2c);
  sp.pendingComma = false;
  out.bytes(sp.copyFrom, <i32>(to - sp.copyFrom));
  sp.copyFrom = to;
}

/** Inserts field `fi`'s member (key of plan `plan`) after the last member seen; the output offset of its value. */
function insertKey(out: ByteSink, sp: Span, plan: usize, fi: i32): i32 {
  flush(out, sp, sp.prevEnd);
  const fe = planField(plan, fi);
  const kt = <usize>load<u32>(fe, 8);
  const kn = load<i32>(fe, 12);
  if (sp.prevEnd > sp.open + 1 || sp.inserted) out.bytes(kt - 1, kn + 1);
  else out.bytes(kt, kn);
  if (sp.prevEnd == sp.open + 1) sp.pendingComma = true;
  sp.inserted = true;
  return out.len;
}

/**
 * json.Marshal(defaults(decode(x))) of the container whose T is the `n` bytes at `p` with its top-level field value ranges in
 * `ttop` (as the transcoder recorded them: offsets from `p`) (type `ty`, Kubernetes `minor`, the plans of Go 1.24+ when
 * `go24`): a new sink with the top-level field ranges in `top`; null when not proved.
 */
export function containerDefaults(p: usize, n: i32, ttop: TopFields, ty: i32, minor: i32, go24: bool, top: TopFields): ByteSink | null {
  if (minor < DEFAULTS_MIN_MINOR || n < 2 || load<u8>(p) != 0x7b || load<u8>(p + <usize>(n - 1)) != 0x7d) return null;
  const pending = hasError();
  ruleRoom();
  const e = rulesOf(ty, K_CONTAINER, go24);
  const plan = planOf(ty, go24);
  if (load<i32>(e, 4) != 0 || plan == 0) return null;
  const out = new ByteSink(n + 256);
  const w = new Rewrite(out, minor, go24, top);
  const sp = new Span(p);
  const nf = planFields(plan);
  let r = 0; // the next rule
  const rules = load<i32>(e, 8);
  for (let i = 0; i < nf && !w.failed; i++) {
    let a = 0;
    if (r < rules && <i32>load<u8>(e + 16 + <usize>r * 2) == i) {
      a = <i32>load<u8>(e + 16 + <usize>r * 2, 1);
      r++;
    }
    const s = ttop.start(i);
    if (s < 0) {
      top.set(i, -1, 0);
      if (a != 0) absent(w, sp, a, plan, i, true);
      continue;
    }
    const vs = p + <usize>s;
    const ve = vs + <usize>ttop.len(i);
    present(w, sp, a, plan, i, vs, ve, true);
  }
  const close = p + <usize>(n - 1);
  flush(out, sp, close + 1);
  if (w.failed || (!pending && hasError())) {
    if (!pending) clearError();
    return null;
  }
  return out;
}

/** True when byte `c` ends a number or literal in compact JSON. */
@inline function delimiter(c: u32): bool {
  return c == 0x2c || c == 0x7d || c == 0x5d;
}

const ONES: u64 = 0x0101010101010101;
const HIGHS: u64 = 0x8080808080808080;

/** High bit set in the lowest byte of x that is zero (exact for the lowest one; ctz finds it). */
@inline function zeroByte(x: u64): u64 {
  return (x - ONES) & ~x & HIGHS;
}

/** The end of the string whose opening quote is at `p` (after its closing quote), 0 when it does not end before `end`. */
function stringEnd(p: usize, end: usize): usize {
  p++;
  while (true) {
    // to the next quote or backslash, 8 bytes at a time
    while (p + 8 <= end) {
      const x = load<u64>(p);
      const m = zeroByte(x ^ 0x2222222222222222) | zeroByte(x ^ 0x5c5c5c5c5c5c5c5c);
      if (m != 0) { p += <usize>(ctz(m) >> 3); break; }
      p += 8;
    }
    if (p >= end) return 0;
    const c = <u32>load<u8>(p);
    if (c == 0x22) return p + 1;
    p += c == 0x5c ? 2 : 1;
  }
  return 0;
}

/** The end of the compact JSON value at `p` (0 when it does not end before `end`). */
function valueEnd(p: usize, end: usize): usize {
  if (p >= end) return 0;
  const c = <u32>load<u8>(p);
  if (c == 0x22) return stringEnd(p, end);
  if (c != 0x7b && c != 0x5b) {
    while (p < end && !delimiter(<u32>load<u8>(p))) p++;
    return p;
  }
  let depth = 0;
  while (true) {
    // to the next quote or bracket (`[` / `]` are `{` / `}` with bit 5 cleared), 8 bytes at a time
    while (p + 8 <= end) {
      const x = load<u64>(p);
      const y = x | 0x2020202020202020;
      const m = zeroByte(x ^ 0x2222222222222222) | zeroByte(y ^ 0x7b7b7b7b7b7b7b7b) | zeroByte(y ^ 0x7d7d7d7d7d7d7d7d);
      if (m != 0) { p += <usize>(ctz(m) >> 3); break; }
      p += 8;
    }
    if (p >= end) return 0;
    const d = <u32>load<u8>(p);
    if (d == 0x22) {
      p = stringEnd(p, end);
      if (p == 0) return 0;
      continue;
    }
    p++;
    if ((d | 0x20) == 0x7b) depth++;
    else if ((d | 0x20) == 0x7d && --depth == 0) return p;
  }
  return 0;
}

/** Gives up: records it and answers 0. */
function fail(w: Rewrite): usize {
  w.failed = true;
  return 0;
}

/**
 * The struct object of type `ty` and kind `kind` at `p` (in T, ending before `end`) with its defaults, into w.out; the end of
 * the object in T, or 0 (w.failed) when not proved.
 */
function struct(w: Rewrite, p: usize, end: usize, ty: i32, kind: i32): usize {
  const e = w.rules(ty, kind);
  if (e == 0 || p >= end || load<u8>(p) != 0x7b) return fail(w);
  const plan = w.planOf(kind);
  const nf = planFields(plan);
  const sp = w.open(p);
  const rules = load<i32>(e, 8);
  let r = 0; // the next rule
  let j = 0; // the next field in struct order
  let q = p + 1;
  if (q < end && load<u8>(q) == 0x7d) q++;
  else {
    while (true) {
      // the member's key: the next field present, in struct order
      if (q >= end || load<u8>(q) != 0x22) return fail(w);
      const kp = q + 1;
      const ke = stringEnd(q, end);
      if (ke == 0 || ke >= end || load<u8>(ke) != 0x3a) return fail(w);
      const kn = <i32>(ke - 1 - kp);
      while (j < nf) {
        const fe = planField(plan, j);
        if (load<i32>(fe, 4) == kn && sameBytes(<usize>load<u32>(fe), kp, kn)) break;
        if (r < rules && <i32>load<u8>(e + 16 + <usize>r * 2) == j) {
          absent(w, sp, <i32>load<u8>(e + 16 + <usize>r * 2, 1), plan, j, false);
          r++;
        }
        j++;
      }
      if (j >= nf) return fail(w);
      let a = 0;
      if (r < rules && <i32>load<u8>(e + 16 + <usize>r * 2) == j) {
        a = <i32>load<u8>(e + 16 + <usize>r * 2, 1);
        r++;
      }
      const vs = ke + 1;
      const ve = valueEnd(vs, end);
      if (ve == 0) return fail(w);
      present(w, sp, a, plan, j, vs, ve, false);
      if (w.failed) return 0;
      j++;
      q = ve;
      if (q >= end) return fail(w);
      const c = <u32>load<u8>(q);
      q++;
      if (c == 0x2c) continue;
      if (c != 0x7d) return fail(w);
      break;
    }
  }
  while (r < rules) {
    absent(w, sp, <i32>load<u8>(e + 16 + <usize>r * 2, 1), plan, <i32>load<u8>(e + 16 + <usize>r * 2), false);
    r++;
  }
  flush(w.out, sp, q);
  w.close();
  return q;
}

/** Field `fi` of plan `plan` (action byte `a`) is absent from T: writes its default when it has one (its range into w.top when `top`). */
function absent(w: Rewrite, sp: Span, a: i32, plan: usize, fi: i32, top: bool): void {
  const action = a >> 4;
  const out = w.out;
  let vs: i32;
  if (action == A_INSERT || action == A_PULL) {
    vs = insertKey(out, sp, plan, fi);
    out.ascii(action == A_INSERT ? defaultText(a & 15) : defaultText(pullPolicyLatest(w) ? 11 : 12));
  } else if (action == A_REQUESTS && w.limitsP != 0) {
    // requests default to limits: all of limits, rounded
    vs = insertKey(out, sp, plan, fi);
    if (!mergedMap(w, w.limitsP, w.limitsN, 0, 0)) { fail(w); return; }
  } else return;
  if (top) w.top.set(fi, vs, out.len - vs);
}

/** imageIsLatest of the remembered image (absent, the empty image: "IfNotPresent", as pullPolicyFor). */
function pullPolicyLatest(w: Rewrite): bool {
  if (w.imageP == 0) return false;
  const p = w.imageP + 1;
  const n = w.imageN - 2;
  for (let i = 0; i < n; i++) {
    if (load<u8>(p + <usize>i) == 0x5c) {
      // Go's escapes (`\u003c`, ...): the image's bytes decoded
      const d = new ByteSink(n);
      unquote(d, p, n, false);
      return imageIsLatest(d.ptr, d.len, w.minor);
    }
  }
  return imageIsLatest(p, n, w.minor);
}

/**
 * Present field `fi` of plan `plan` (action byte `a`), its value at [vs, ve) in T: rewritten into w.out when its action says
 * so, else left to the lazy copy (its range into w.top when `top`).
 */
function present(w: Rewrite, sp: Span, a: i32, plan: usize, fi: i32, vs: usize, ve: usize, top: bool): void {
  const action = a >> 4;
  const out = w.out;
  sp.prevEnd = ve;
  const isNull = ve - vs == 4 && load<u32>(vs) == 0x6c6c756e;
  if (action == A_IMAGE) {
    if (load<u8>(vs) != 0x22) { fail(w); return; }
    w.imageP = vs;
    w.imageN = <i32>(ve - vs);
  } else if (action == A_LIMITS && !isNull) {
    w.limitsP = vs;
    w.limitsN = <i32>(ve - vs);
  }
  let rewrite = false;
  if (!isNull) {
    rewrite = (action == A_OBJ || action == A_ARRAY) && !keysComplete(vs, ve, a & 15);
    if (action == A_LIMITS || action == A_REQUESTS) {
      const v = mapVerbatim(vs, ve, action == A_REQUESTS ? w.limitsP : 0, w.limitsN);
      if (v < 0) { fail(w); return; }
      rewrite = v == 0;
    }
  } else rewrite = action == A_NULL_TO;
  if (!rewrite) {
    // copied as it is: where it lands once the runs before it are copied
    if (top) w.top.set(fi, <i32>(vs - sp.copyFrom) + out.len + (sp.pendingComma ? 1 : 0), <i32>(ve - vs));
    return;
  }
  flush(out, sp, vs);
  const at = out.len;
  let ok = true;
  switch (action) {
    case A_OBJ: ok = struct(w, vs, ve, load<i32>(planField(plan, fi), <i32>F_SUBTY), a & 15) == ve; break;
    case A_ARRAY: ok = array(w, vs, ve, load<i32>(planField(plan, fi), <i32>F_SUBTY), a & 15); break;
    case A_NULL_TO: out.ascii(defaultText(a & 15)); break;
    case A_LIMITS: ok = mergedMap(w, vs, <i32>(ve - vs), 0, 0); break;
    case A_REQUESTS: ok = mergedMap(w, vs, <i32>(ve - vs), w.limitsP, w.limitsN); break;
  }
  if (!ok) { fail(w); return; }
  sp.copyFrom = ve;
  if (top) w.top.set(fi, at, out.len - at);
}

// Key texts counted by keysComplete (each at least 8 bytes). In T a `"` inside a string is escaped, a string is followed by `,` `:` `}` or `]`,
// and only a key is followed by `:`: so `"name":` (quote, name, quote, colon) matches exactly the member keys `name`.
const KEY_CONTAINER_PORT: usize = keyText(memory.data(48, 8), "\"containerPort\":");
const KEY_PROTOCOL: usize = keyText(memory.data(48, 8), "\"protocol\":");
const KEY_FIELD_REF: usize = keyText(memory.data(48, 8), "\"fieldRef\":{");
const KEY_FIELD_REF_API: usize = keyText(memory.data(48, 8), "\"fieldRef\":{\"apiVersion\":");
const KEY_FILE_KEY_REF: usize = keyText(memory.data(48, 8), "\"fileKeyRef\":");
const KEY_TIMEOUT: usize = keyText(memory.data(48, 8), "\"timeoutSeconds\":");
const KEY_PERIOD: usize = keyText(memory.data(48, 8), "\"periodSeconds\":");
const KEY_SUCCESS: usize = keyText(memory.data(48, 8), "\"successThreshold\":");
const KEY_FAILURE: usize = keyText(memory.data(48, 8), "\"failureThreshold\":");
const KEY_HTTP_GET: usize = keyText(memory.data(48, 8), "\"httpGet\":");
const KEY_PATH: usize = keyText(memory.data(48, 8), "\"path\":\""); // (path is a string: 8 bytes with its opening quote)
const KEY_SCHEME: usize = keyText(memory.data(48, 8), "\"scheme\":");
const KEY_SERVICE_NULL: usize = keyText(memory.data(48, 8), "\"service\":null");

/** Fills static buffer `p` (48 bytes) with [len u8][bytes] of ASCII text `s` once, at start-up; returns `p`. */
function keyText(p: usize, s: string): usize {
  store<u8>(p, <u8>s.length);
  for (let i = 0; i < s.length && i < 47; i++) store<u8>(p + 1 + <usize>i, <u8>s.charCodeAt(i));
  return p;
}

/** True when key text `k` (keyText) is at `q` (before `end`), given the 8 bytes `w` at `q`: one word compared first. */
@inline function at(q: usize, end: usize, w: u64, k: usize): bool {
  const n = <i32>load<u8>(k);
  if (w != load<u64>(k, 1) || <i32>(end - q) < n) return false;
  return sameBytes(q + 8, k + 9, n - 8);
}

/**
 * True when the ports / env array or the probe / lifecycle object [p, end) of T has every key its defaults would fill, so
 * that it is written unchanged (counted, not walked: each struct holds a key at most once, so equal counts mean every
 * struct has it): ports each a protocol; env no fileKeyRef and each fieldRef its apiVersion (its first field); a probe
 * its four numbers, each httpGet a path and a scheme, no null gRPC service; a lifecycle each httpGet a path and a scheme.
 */
function keysComplete(p: usize, end: usize, kind: i32): bool {
  if (kind != K_PORT && kind != K_ENVVAR && kind != K_PROBE && kind != K_LIFECYCLE) return false;
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  let e = 0;
  let f = 0;
  let g = 0;
  let h = 0;
  let q = p + 1;
  // every key text is at least 8 bytes long: one 8-byte load per candidate; a key's quote follows `{` or `,`
  while (q + 8 <= end) {
    const m = zeroByte(load<u64>(q) ^ 0x2222222222222222);
    if (m == 0) { q += 8; continue; }
    q += <usize>(ctz(m) >> 3);
    if (q + 8 > end) break;
    const prev = load<u8>(q - 1);
    if (prev != 0x7b && prev != 0x2c) { q++; continue; }
    const w = load<u64>(q);
    // the key's first letter picks the texts it may be
    const l = <u32>((w >> 8) & 0xff);
    if (kind == K_PORT) {
      if (l == 0x63) { if (at(q, end, w, KEY_CONTAINER_PORT)) a++; } // c
      else if (l == 0x70 && at(q, end, w, KEY_PROTOCOL)) b++; // p
    } else if (kind == K_ENVVAR) {
      if (l == 0x66) { // f
        if (at(q, end, w, KEY_FIELD_REF)) {
          a++;
          if (at(q, end, w, KEY_FIELD_REF_API)) b++;
        } else if (at(q, end, w, KEY_FILE_KEY_REF)) c++;
      }
    } else {
      switch (l) {
        case 0x68: if (at(q, end, w, KEY_HTTP_GET)) a++; break; // h
        case 0x70: if (at(q, end, w, KEY_PATH)) b++; else if (at(q, end, w, KEY_PERIOD)) e++; break; // p
        case 0x73: if (at(q, end, w, KEY_SCHEME)) c++; else if (at(q, end, w, KEY_SUCCESS)) f++; else if (at(q, end, w, KEY_SERVICE_NULL)) h++; break; // s
        case 0x74: if (at(q, end, w, KEY_TIMEOUT)) d++; break; // t
        case 0x66: if (at(q, end, w, KEY_FAILURE)) g++; break; // f
      }
    }
    q++;
  }
  if (kind == K_PORT) return a == b;
  if (kind == K_ENVVAR) return a == b && c == 0;
  if (b != a || c != a) return false;
  return kind == K_LIFECYCLE || (d == 1 && e == 1 && f == 1 && g == 1 && h == 0);
}

/** The array of structs of type `ty`, kind `kind`, at [p, end) of T with their defaults, into w.out; false when not proved. */
function array(w: Rewrite, p: usize, end: usize, ty: i32, kind: i32): bool {
  if (load<u8>(p) != 0x5b) return false;
  const out = w.out;
  out.byte(0x5b);
  let q = p + 1;
  if (load<u8>(q) == 0x5d) q++;
  else {
    while (true) {
      q = struct(w, q, end, ty, kind);
      if (q == 0 || q >= end) return false;
      const c = <u32>load<u8>(q);
      q++;
      if (c == 0x5d) break;
      if (c != 0x2c) return false;
      out.byte(0x2c);
    }
  }
  out.byte(0x5d);
  return q == end;
}

// the entry mapVerbatim's cursors last read: key content (between the quotes) and value text
let entryK: usize = 0;
let entryKN: i32 = 0;
let entryV: usize = 0;
let entryVN: i32 = 0;

/** Reads the map entry at `q` (a key's quote) of an object ending before `end` into entry*; the position after it (at `,` or `}`), or 0. */
function readEntry(q: usize, end: usize): usize {
  if (q >= end || load<u8>(q) != 0x22) return 0;
  const ke = stringEnd(q, end);
  if (ke == 0 || ke >= end || load<u8>(ke) != 0x3a) return 0;
  entryK = q + 1;
  entryKN = <i32>(ke - 1 - entryK);
  const ve = valueEnd(ke + 1, end);
  if (ve == 0 || ve >= end) return 0;
  entryV = ke + 1;
  entryVN = <i32>(ve - entryV);
  return ve;
}

/** True when Quantity text [p, p+n) of T (canonical) is a multiple of 1m: digits and a suffix of scale ≥ -3, which RoundUp(-3) leaves as it is. */
function wholeMilli(p: usize, n: i32): bool {
  if (n < 3 || load<u8>(p) != 0x22 || load<u8>(p + <usize>(n - 1)) != 0x22) return false;
  let i = 1;
  if (load<u8>(p + 1) == 0x2d) i++;
  const d0 = i;
  while (i < n - 1 && <u32>load<u8>(p + <usize>i) - 0x30 < 10) i++;
  if (i == d0) return false;
  const rest = n - 1 - i;
  if (rest == 0) return true;
  const c = <u32>load<u8>(p + <usize>i);
  if (rest == 1) return c == 0x6d || c == 0x6b || c == 0x4d || c == 0x47 || c == 0x54 || c == 0x50 || c == 0x45; // m k M G T P E
  if (rest == 2) return load<u8>(p + <usize>(i + 1)) == 0x69 && (c == 0x4b || c == 0x4d || c == 0x47 || c == 0x54 || c == 0x50 || c == 0x45); // Ki .. Ei
  return false;
}

/**
 * Whether ResourceList object [p, end) of T is written unchanged by the defaults: 1 when every value is a whole number of
 * milli-units and (`lp` != 0) every key of the limits object [lp, lp+ln) is among its own; 0 when it must be rewritten;
 * -1 when it is not a map of T's form.
 */
function mapVerbatim(p: usize, end: usize, lp: usize, ln: i32): i32 {
  if (load<u8>(p) != 0x7b) return -1;
  let q = p + 1;
  let same = 1;
  // this map's keys, then the limits' keys are looked up in it (both are sorted: one merge pass)
  if (load<u8>(q) != 0x7d) {
    while (true) {
      q = readEntry(q, end);
      if (q == 0) return -1;
      if (!wholeMilli(entryV, entryVN)) same = 0;
      const c = load<u8>(q);
      q++;
      if (c == 0x7d) break;
      if (c != 0x2c) return -1;
    }
  }
  if (q != end) return -1;
  if (lp == 0 || same == 0) return same;
  const lend = lp + <usize>ln;
  let a = lp + 1;
  let b = p + 1;
  if (load<u8>(a) == 0x7d) return 1;
  while (true) {
    a = readEntry(a, lend);
    if (a == 0) return -1;
    const kp = entryK;
    const kn = entryKN;
    // advance this map to the first key not below kp
    let found = false;
    while (load<u8>(b) != 0x7d) {
      const nb = readEntry(b, end);
      if (nb == 0) return -1;
      const d = cmpBytes(entryK, entryKN, kp, kn);
      if (d >= 0) { found = d == 0; break; }
      b = load<u8>(nb) == 0x2c ? nb + 1 : nb;
    }
    if (!found) return 0;
    const c = load<u8>(a);
    a++;
    if (c == 0x7d) return 1;
    if (c != 0x2c) return -1;
  }
  return -1;
}

/** One entry of a ResourceList object in T: key content (unquoted, no escapes) and value text. */
class Entry {
  kp: usize = 0;
  kn: i32 = 0;
  vp: usize = 0;
  vn: i32 = 0;
}

/** The entries of the ResourceList object text [p, p+n), in order; null when a key has escapes or the text is not an object. */
function entries(p: usize, n: i32): Array<Entry> | null {
  const l = new Array<Entry>();
  const end = p + <usize>n;
  if (n < 2 || load<u8>(p) != 0x7b) return null;
  let q = p + 1;
  if (load<u8>(q) == 0x7d) return q + 1 == end ? l : null;
  while (true) {
    if (q >= end || load<u8>(q) != 0x22) return null;
    const ke = stringEnd(q, end);
    if (ke == 0 || ke >= end || load<u8>(ke) != 0x3a) return null;
    const x = new Entry();
    x.kp = q + 1;
    x.kn = <i32>(ke - 1 - x.kp);
    for (let i = 0; i < x.kn; i++) if (load<u8>(x.kp + <usize>i) == 0x5c) return null;
    const ve = valueEnd(ke + 1, end);
    if (ve == 0) return null;
    x.vp = ke + 1;
    x.vn = <i32>(ve - x.vp);
    l.push(x);
    q = ve;
    if (q >= end) return null;
    const c = <u32>load<u8>(q);
    q++;
    if (c == 0x7d) return q == end ? l : null;
    if (c != 0x2c) return null;
  }
  return null;
}

/**
 * Writes the ResourceList object [p, p+n) of T with the entries of [lp, lp+ln) (the limits, 0: none) whose keys it lacks
 * added (keys in Go's sorted order), every value rounded up to milli scale; false when not proved.
 */
function mergedMap(w: Rewrite, p: usize, n: i32, lp: usize, ln: i32): bool {
  const a = entries(p, n);
  if (a === null) return false;
  let b = new Array<Entry>();
  if (lp != 0) {
    const l = entries(lp, ln);
    if (l === null) return false;
    b = l;
  }
  const out = w.out;
  out.byte(0x7b);
  let i = 0;
  let k = 0;
  let count = 0;
  while (i < a.length || k < b.length) {
    let x: Entry;
    if (k >= b.length) x = a[i++];
    else if (i >= a.length) x = b[k++];
    else {
      const d = cmpBytes(a[i].kp, a[i].kn, b[k].kp, b[k].kn);
      if (d < 0) x = a[i++];
      else if (d > 0) x = b[k++];
      else { x = a[i++]; k++; } // requests keeps its own value
    }
    if (count > 0) out.byte(0x2c);
    out.bytes(x.kp - 1, x.kn + 3); // "key":
    if (!roundedQuantity(out, x.vp, x.vn)) return false;
    count++;
  }
  out.byte(0x7d);
  return true;
}

/** Writes the Quantity text [p, p+n) of T rounded up to milli scale (SetDefaults_ResourceList); false when not proved. */
function roundedQuantity(out: ByteSink, p: usize, n: i32): bool {
  const q = unmarshalQuantityJSON(p, n);
  if (q === null || hasError()) return false;
  if (q.dec === null && q.scale >= -3) {
    // RoundUp(-3) leaves it as it is: its text is T's
    out.bytes(p, n);
    return true;
  }
  const at = out.len;
  writeQuantityJSON(out, roundUpMilli(q));
  if (hasError()) return false;
  // the kubelet reads that text again: its own MarshalJSON must give the same bytes
  const q2 = unmarshalQuantityJSON(out.ptr + <usize>at, out.len - at);
  if (q2 === null || hasError()) return false;
  const b = new ByteSink(32);
  writeQuantityJSON(b, q2);
  if (hasError()) return false;
  return b.len == out.len - at && memory.compare(b.ptr, out.ptr + <usize>at, <usize>b.len) == 0;
}
