// Ops `container.hash` {container|containerText, kubelet?, go?, applyDefaults?} → {hash,
// hashWithoutResources? (1.27–1.30), era} and `podTemplateHash` {template|templateText, kubernetes?,
// collisionCount?, applyDefaults?} → {hash}, and `revision` {kind, object|objectText, kubernetes?, go?, collisionCount?, applyDefaults?, kruise? (OpenKruise kinds)}
// → {name, hash, data} (StatefulSet, DaemonSet, CloneSet, AdvancedStatefulSet, AdvancedDaemonSet). The object is seen as the cluster sees it: decoded by the API server,
// stored as json.Marshal of the typed value, decoded again by the kubelet / controller, then hashed.
// The engine-only field `exact` (base/exact.ts) turns shortcuts off: `transcode` (container.hash from the raw bytes),
// `storedform` (the second decode replaced by its normalizations), `spew` (spew hashes without the text, and
// podTemplateHash straight from the tape); `exactRoundTrip: true` is the older name of all three.
// `applyDefaults: true` (container.hash, podTemplateHash, revision of StatefulSet / DaemonSet) runs the
// API server's defaulters of that minor (assembly/upstream/kubernetes/defaults/) right after the API server's decode.

import { ByteSink } from "../../io/sink";
import { fail, hasError, clearError, E_BAD_REQUEST } from "../../base/errors";
import { readJSON, ReadOptions } from "../../json/reader";
import { Tape } from "../../json/tape";
import { Request, exactOf } from "./request";
import { EXACT_STOREDFORM, EXACT_TRANSCODE, EXACT_SPEW, EXACT_JSONDEFAULTS, shortcutOn } from "../../base/exact";
import { ResultWriter } from "../../json/resultwriter";
import { requestType } from "../../typed/types";
import { decodesWithJsoniter } from "../../typed/versions";
import { decodeOptionsFor, decodeAt } from "../../typed/decodeat";
import { Val } from "../../typed/value";
import {
  containerEra, eraName, ERA_STRUCT, hasHashWithoutResources, hashContainer, containerJSONHash, withoutResources,
  marshalInto, templateFnv, collisionHash, hex32,
} from "../../upstream/kubernetes/hash";
import { k8sMinor, kruiseMinor, k8sGo, k8sValue, k8sString, missing } from "./k8sfields";
import { isKruiseKind } from "../../typed/types";
import { statefulSetRevision, daemonSetRevision, Revision } from "../../upstream/kubernetes/revision";
import { applyDefaultsTo } from "../../upstream/kubernetes/defaults/index";
import { storedForm } from "../../fast/storedform/roundtrip";
import { tapeSpewFnv } from "../../fast/spew/spewtape";
import { containerHashRaw, RawHash } from "../../fast/transcode/containerhash";
import { K_STRING } from "../../json/tape";
import { Value } from "../../json/value";
import { defaultGoOf, K8S_NEWEST_GO, KRUISE_MINOR, KRUISE_NEWEST } from "../../base/pins";
import { requestKruiseMinor } from "./kruisefields";
import { kruiseControllerType } from "../../typed/kruisetypes";


/** Objects up to this many bytes take the fast path (their stored JSON stays far below the reader's 128 MiB cap). */
const FAST_MAX_BYTES: i32 = 256 << 10;

/** The API server's decode, then its defaulters for request type `defaults` when not null; null on error (check hasError()). */
function apiDecode(v: Value, ty: i32, minor: i32, go: i32, defaults: string | null, path: string): Val | null {
  const first = decodeAt(v.tape, v.node, ty, minor, go);
  if (hasError()) return null;
  if (defaults !== null) return applyDefaultsTo(defaults, ty, first, minor, path);
  return first;
}

/**
 * The API server's decode, [its defaulters for request type `defaults` when not null], json.Marshal (stored), and
 * the reader's decode of that JSON; null on error (check hasError()). Unless `exact` turns EXACT_STOREDFORM off, the second
 * decode is replaced by `storedForm` (assembly/fast/storedform/roundtrip.ts) whenever that can prove its answer; with `checkOnly`
 * the answer is the first value itself, which json.Marshal writes exactly as the value read back (for hashes of json.Marshal bytes).
 */
function asStored(v: Value, ty: i32, minor: i32, go: i32, defaults: string | null, path: string, exact: u32, checkOnly: bool = false): Val | null {
  let first = apiDecode(v, ty, minor, go, defaults, path);
  if (hasError()) return null;
  if (shortcutOn(exact, EXACT_STOREDFORM) && v.tape.rawEnd(v.node) - v.tape.rawStart(v.node) <= FAST_MAX_BYTES) {
    const rt = storedForm(ty, first, go, checkOnly);
    if (!rt.gaveUp && !hasError()) return rt.value;
    // not provable: start again (storedForm rewrote parts of the first value in place); the exact path
    // reports any error itself
    clearError();
    first = apiDecode(v, ty, minor, go, defaults, path);
    if (hasError()) return null;
  }
  const out = new ByteSink(v.tape.rawEnd(v.node) - v.tape.rawStart(v.node) + 64);
  if (!marshalInto(out, ty, first, go)) return null;
  const o = new ReadOptions();
  o.goMinor = K8S_NEWEST_GO;
  const t = readJSON(out.ptr, out.len, o);
  if (t === null) return null;
  return decodeAt(t, 0, ty, minor, go);
}

/** The raw JSON text of field index `i`. */
function rawText(req: Request, i: i32): string {
  const t = req.tape;
  return String.UTF8.decodeUnsafe(t.src + <usize>t.rawStart(i), <usize>(t.rawEnd(i) - t.rawStart(i)));
}

/** Optional boolean field (absent: false); -1 with an error when not a JSON boolean. */
export function boolField(req: Request, name: string): i32 {
  const i = req.field(name);
  if (i < 0) return 0;
  const s = rawText(req, i);
  if (s == "true") return 1;
  if (s == "false") return 0;
  fail(E_BAD_REQUEST, "\"" + name + "\" must be a boolean", -1, name);
  return -1;
}

/** The shortcuts the request turns off: `exact`, with `exactRoundTrip: true` as transcode, storedform and spew; -1 with an error. */
function exactBits(req: Request): i64 {
  const bits = exactOf(req);
  if (bits < 0) return -1;
  const old = boolField(req, "exactRoundTrip");
  if (old < 0) return -1;
  return old == 1 ? bits | <i64>(EXACT_TRANSCODE | EXACT_STOREDFORM | EXACT_SPEW) : bits;
}

/** Parsed optional int32 field (strconv.ParseInt(text, 10, 32) of its raw JSON text). */
class Int32Field {
  present: bool = false;
  value: i32 = 0;
}

/** Reads optional int32 field `name`; null with an error recorded. */
function int32Field(req: Request, name: string): Int32Field | null {
  const r = new Int32Field();
  const i = req.field(name);
  if (i < 0) return r;
  const s = rawText(req, i);
  let neg = false;
  let k = 0;
  if (s.length > 0 && (s.charCodeAt(0) == 0x2d || s.charCodeAt(0) == 0x2b)) { neg = s.charCodeAt(0) == 0x2d; k = 1; }
  let v: i64 = 0;
  let ok = k < s.length;
  for (; k < s.length && ok; k++) {
    const c = s.charCodeAt(k) - 0x30;
    if (c < 0 || c > 9) { ok = false; break; }
    v = v * 10 + c;
    if (v > 2147483648) ok = false;
  }
  if (ok && (neg ? v > 2147483648 : v > 2147483647)) ok = false;
  if (!ok) {
    fail(E_BAD_REQUEST, "\"" + name + "\" must be an int32 integer", -1, name);
    return null;
  }
  r.present = true;
  r.value = <i32>(neg ? -v : v);
  return r;
}

/** `container.hash`: the kubelet's HashContainer (and HashContainerWithoutResources) of that minor. */
export function opContainerHash(req: Request, res: ResultWriter): bool {
  const minor = k8sMinor(req, "kubelet");
  if (minor < 0) return false;
  const go = k8sGo(req, minor, false);
  if (go < 0) return false;
  const defaults = boolField(req, "applyDefaults");
  if (defaults < 0) return false;
  const bits = exactBits(req);
  if (bits < 0) return false;
  const exact = <u32>bits;
  const ty = requestType("Container", minor);
  if (rawAllowed(minor, defaults == 1, exact) && rawContainerHash(req, minor, ty, go, defaults == 1, res)) return true;
  const v = k8sValue(req, "container");
  if (v === null) return false;
  const r = containerHashOf(v, minor, ty, go, defaults == 1, exact);
  if (r === null) return false;
  writeContainerHash(res, minor, r);
  return true;
}

/**
 * The kubelet hashes of minor `minor` of container value `v` (type `ty`) as the cluster sees it: decoded by the API server,
 * [defaulted,] stored, decoded again by the kubelet (shortcuts not in `exact` allowed); null with an error recorded.
 */
export function containerHashOf(v: Value, minor: i32, ty: i32, go: i32, defaults: bool, exact: u32): RawHash | null {
  const c = asStored(v, ty, minor, go, defaults ? "Container" : null, "container", exact, containerEra(minor) != ERA_STRUCT);
  if (hasError()) return null;
  const h = hashContainer(minor, ty, c, go, exact);
  if (h < 0 || hasError()) return null;
  const r = new RawHash();
  r.hash = <u32>h;
  if (hasHashWithoutResources(minor)) {
    const w = containerJSONHash(ty, withoutResources(ty, c), go);
    if (w < 0 || hasError()) return null;
    r.withoutResources = <u32>w;
  }
  return r;
}

/** Writes the members of a container.hash answer: hash, hashWithoutResources (1.27–1.30), era. */
function writeContainerHash(res: ResultWriter, minor: i32, r: RawHash): void {
  res.str("hash", hex32(r.hash));
  if (hasHashWithoutResources(minor)) res.str("hashWithoutResources", hex32(r.withoutResources));
  res.str("era", eraName(containerEra(minor)));
}

/** Whether container.hash may take the transcoder at `minor` (with the API server's defaults when `defaults`) under `exact`. */
export function rawAllowed(minor: i32, defaults: bool, exact: u32): bool {
  return shortcutOn(exact, EXACT_TRANSCODE) && (!defaults || shortcutOn(exact, EXACT_JSONDEFAULTS)) && containerEra(minor) != ERA_STRUCT;
}

/**
 * container.hash through the transcoder (assembly/fast/transcode/): straight from the container's raw bytes
 * in the line (or the decoded bytes of `containerText`), with the defaults applied to its stored bytes when
 * `defaults`; false, with nothing written, when it cannot prove its answer (then the exact path runs and reports
 * any error).
 */
function rawContainerHash(req: Request, minor: i32, ty: i32, go: i32, defaults: bool, res: ResultWriter): bool {
  const di = req.field("container");
  const ti = req.field("containerText");
  const t = req.tape;
  let r: RawHash | null = null;
  if (di >= 0 && ti < 0) {
    const s = t.rawStart(di);
    r = containerHashRaw(minor, ty, t.src + <usize>s, t.rawEnd(di) - s, go, 1000000, false, defaults);
  } else if (ti >= 0 && di < 0 && t.kind(ti) == K_STRING) {
    const b = k8sString(req, "containerText");
    if (b === null || hasError()) { clearError(); return false; }
    if (b.len > req.opts.maxBytes) return false;
    r = containerHashRaw(minor, ty, b.ptr, b.len, go, req.opts.maxDepth - 1, false, defaults);
  }
  if (r === null || hasError()) { clearError(); return false; }
  writeContainerHash(res, minor, r);
  return true;
}

/** `podTemplateHash`: controller.ComputeHash of the template as the Deployment controller reads it. */
export function opPodTemplateHash(req: Request, res: ResultWriter): bool {
  const minor = k8sMinor(req, "kubernetes");
  if (minor < 0) return false;
  const cc = int32Field(req, "collisionCount");
  if (cc === null) return false;
  const defaults = boolField(req, "applyDefaults");
  if (defaults < 0) return false;
  const bits = exactBits(req);
  if (bits < 0) return false;
  const exact = <u32>bits;
  const v = k8sValue(req, "template");
  if (v === null) return false;
  const h = templateSpewHash(v, minor, requestType("PodTemplateSpec", minor), defaults == 1, exact);
  if (h < 0) return false;
  res.str("hash", collisionHash(<u32>h, cc.present, cc.value));
  return true;
}

/**
 * The FNV-32a of go-spew of template value `v` (PodTemplateSpec type `ty`) at Kubernetes `minor` as the Deployment controller
 * reads it (decoded by the API server, [defaulted,] stored, decoded again), before the collision count: controller.ComputeHash's
 * hash state (shortcuts not in `exact` allowed); -1 with an error recorded.
 */
export function templateSpewHash(v: Value, minor: i32, ty: i32, defaults: bool, exact: u32): i64 {
  const go = defaultGoOf(minor);
  if (shortcutOn(exact, EXACT_SPEW | EXACT_STOREDFORM) && !defaults && ty >= 0 && !decodesWithJsoniter(minor) && v.tape.rawEnd(v.node) - v.tape.rawStart(v.node) <= FAST_MAX_BYTES) {
    // decode, stored round trip and spew hash in one walk of the tape (assembly/fast/spew/spewtape.ts) when it can prove its answer
    const fh = tapeSpewFnv(v.tape, v.node, ty, minor, go);
    if (fh >= 0) return fh;
  }
  const t = asStored(v, ty, minor, go, defaults ? "PodTemplateSpec" : null, "template", exact);
  if (hasError()) return -1;
  const h = templateFnv(ty, t, exact);
  if (h < 0 || hasError()) return -1;
  return h;
}

/** `revision`: the ControllerRevision the StatefulSet, DaemonSet or OpenKruise controller creates for the object. */
export function opRevision(req: Request, res: ResultWriter): bool {
  if (req.field("kind") < 0) return missing("kind");
  const kb = k8sString(req, "kind");
  if (kb === null) return false;
  const kind = String.UTF8.decodeUnsafe(kb.ptr, <usize>kb.len);
  const kruise = isKruiseKind(kind);
  if (!kruise && kind != "StatefulSet" && kind != "DaemonSet") {
    if (requestType(kind, KRUISE_MINOR) >= 0) return fail(E_BAD_REQUEST, "kind \"" + kind + "\" has no ControllerRevision", -1, "kind");
    return fail(E_BAD_REQUEST, "unknown kind \"" + kind + "\"", -1, "kind");
  }
  // OpenKruise kinds: the controllers of the release `kruise` names (v1.9.0 by default: k8s.io/* v0.32.10, Go 1.23),
  // each on its own types at the Kubernetes minor and Go of its own build
  let release = KRUISE_NEWEST;
  if (kruise) {
    release = requestKruiseMinor(req);
    if (release < 0) return false;
  } else if (req.field("kruise") >= 0) return fail(E_BAD_REQUEST, "\"kruise\" applies to OpenKruise kinds only", -1, "kruise");
  const minor = kruise ? kruiseMinor(req, "kubernetes", release) : k8sMinor(req, "kubernetes");
  if (minor < 0) return false;
  const go = k8sGo(req, minor, kruise, release);
  if (go < 0) return false;
  const cc = int32Field(req, "collisionCount");
  if (cc === null) return false;
  const defaults = boolField(req, "applyDefaults");
  if (defaults < 0) return false;
  const bits = exactBits(req);
  if (bits < 0) return false;
  const exact = <u32>bits;
  if (defaults == 1 && kruise) return fail(E_BAD_REQUEST, "applyDefaults is not supported for OpenKruise kinds", -1, "applyDefaults");
  const v = k8sValue(req, "object");
  if (v === null) return false;
  const ty = kruise ? kruiseControllerType(kind, release) : requestType(kind, minor);
  const obj = asStored(v, ty, minor, go, defaults == 1 ? kind : null, "object", exact);
  if (hasError()) return false;
  let r: Revision | null;
  if (kind == "StatefulSet" || kind == "CloneSet" || kind == "AdvancedStatefulSet") {
    // CloneSet revisionControl.NewRevision and Advanced StatefulSet newRevision: the same patch and
    // history.NewControllerRevision naming as the StatefulSet controller (docs/ops.md, "revision")
    r = statefulSetRevision(ty, obj, go, cc.present, cc.value);
  } else {
    const tmplTy = kruise ? kruiseControllerType("PodTemplateSpec", release) : requestType("PodTemplateSpec", minor);
    r = daemonSetRevision(ty, obj, go, cc.present, cc.value, tmplTy, decodeOptionsFor(minor, go), exact);
  }
  if (r === null || hasError()) return false;
  res.str("name", r.name);
  res.str("hash", r.hash);
  res.str("data", String.UTF8.decodeUnsafe(r.data.ptr, <usize>r.data.len));
  return true;
}
