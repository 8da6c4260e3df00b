// A workload as the cluster holds it: decoded by the API server of the minor, stored as json.Marshal of
// the typed value, read back by the controller or kubelet. The verdict works on both forms: the
// stored JSON (a tape: diffs, patches, revision data) and the re-decoded typed value (equality, hashes).

import { ByteSink } from "../io/sink";
import { hasError, setErrorPath, clearError } from "../base/errors";
import { EXACT_STOREDFORM, EXACT_TRANSCODE, shortcutOn } from "../base/exact";
import { K8S_NEWEST_GO } from "../base/pins";
import { readJSON, ReadOptions } from "../json/reader";
import { Tape, K_OBJECT, K_STRING } from "../json/tape";
import { unquote } from "../json/strings";
import { Val, StructV, SliceV, StrV } from "../typed/value";
import { Decoder, DecodeOptions } from "../typed/decode";
import { marshalInto } from "../upstream/kubernetes/hash";
import { decodesWithJsoniter, warningPaths, embeddedErrorPath } from "../typed/versions";
import { fieldIndex, fieldType } from "../schema/schema";
import { applyDefaultsTo } from "../upstream/kubernetes/defaults/index";
import { DefaultGates } from "../upstream/kubernetes/defaults/apps";
import { Gates } from "../upstream/kubernetes/validation/gates";
import { storedForm } from "../fast/storedform/roundtrip";
import { transcodeStored } from "../fast/transcode/transcode";
import { decodeOptionsFor, decodeAt } from "../typed/decodeat";
import { Value } from "../json/value";
export { decodeOptionsFor, decodeAt };

/** Largest object whose read-back value is taken from roundtrip.ts (its own fast-path bound, as the hash ops use it). */
const SHARE_MAX_BYTES: i32 = 256 * 1024;

/** One object as stored: its type, stored JSON (tape, root node 0) and the typed value read back. */
export class Stored {
  ty: i32 = -1;
  tape: Tape;
  value: Val | null = null;
  /** `value` is roundtrip.ts's proven stored form: json.Marshal(value) is exactly the stored JSON (the tape's bytes). */
  proven: bool = false;
  /** The API server's decode of the request's object (before storing). */
  decoded: Val | null = null;
  constructor(ty: i32, tape: Tape, value: Val | null) {
    this.ty = ty;
    this.tape = tape;
    this.value = value;
  }
}

/**
 * The object given as request value `v` (field `field`) stored as type `ty`, after the API server's
 * defaulters of request type `defaults` when not null; null with an error recorded (path: field). `warnings`:
 * when given, the decode's field-validation texts are added to it (the request is then always decoded itself, never
 * transcoded). `share`:
 * the read-back value may share parts with the decode (callers that change neither); the shortcuts (the
 * transcoder, the stored form) are taken where `exact` (base/exact.ts) allows.
 */
export function storeObject(v: Value, ty: i32, minor: i32, go: i32, field: string, defaults: string | null, share: bool, exact: u32,
  warnings: Array<string> | null = null, gates: DefaultGates | null = null): Stored | null {
  // not defaulted: the stored JSON straight from the request's bytes (assembly/fast/transcode/; a fixed point of
  // decode → json.Marshal, so the value read back marshals to it again); `decoded` is that value (`share`)
  if (share && defaults === null && warnings === null && shortcutOn(exact, EXACT_TRANSCODE)) {
    const n = v.tape.rawEnd(v.node) - v.tape.rawStart(v.node);
    const out = new ByteSink(n + 256);
    if (transcodeStored(ty, v.tape.src + <usize>v.tape.rawStart(v.node), n, go, out)) {
      const o = new ReadOptions();
      o.goMinor = K8S_NEWEST_GO;
      const t = readJSON(out.ptr, out.len, o);
      if (t !== null) {
        const again = decodeAt(t, 0, ty, minor, go);
        if (!hasError()) {
          const s = new Stored(ty, t, again);
          s.decoded = again;
          s.proven = true;
          return s;
        }
      }
    }
    clearError(); // the exact path below decides (and reports any error)
  }
  // the API server's decode (with `warnings`: also its strict-decoding texts, in the same pass)
  const o0 = decodeOptionsFor(minor, go);
  o0.warnings = warnings !== null;
  const d0 = new Decoder(v.tape, o0);
  d0.jit.dataStart = v.tape.rawStart(v.node);
  d0.jit.dataEnd = v.tape.rawEnd(v.node);
  let first = d0.decodeTop(ty, v.node);
  if (hasError()) { setErrorPath(field); return null; }
  if (warnings !== null) for (let i = 0; i < d0.warnings.length; i++) warnings.push(d0.warnings[i]);
  if (defaults !== null) {
    first = applyDefaultsTo(defaults, ty, first, minor, field, gates);
    if (first === null || hasError()) return null;
  }
  const out = new ByteSink(v.tape.rawEnd(v.node) - v.tape.rawStart(v.node) + 256);
  if (!marshalInto(out, ty, first, go)) { setErrorPath(field); return null; }
  const o = new ReadOptions();
  o.goMinor = K8S_NEWEST_GO;
  const t = readJSON(out.ptr, out.len, o);
  if (t === null) { setErrorPath(field); return null; }
  // the value read back: roundtrip.ts's stored form of the first decode when it proves it (it may share parts
  // with `decoded`: only for callers that never change either), else the decode of the stored JSON
  // (storedForm may rewrite parts of `first` in place: the stored JSON is written already, and `decoded` is not read then)
  if (share && shortcutOn(exact, EXACT_STOREDFORM) && !decodesWithJsoniter(minor) && v.tape.rawEnd(v.node) - v.tape.rawStart(v.node) <= SHARE_MAX_BYTES) {
    const rt = storedForm(ty, first, go);
    if (rt.gaveUp || hasError()) clearError();
    else {
      const s = new Stored(ty, t, rt.value);
      s.decoded = first;
      s.proven = true;
      return s;
    }
  }
  const again = decodeAt(t, 0, ty, minor, go);
  if (hasError()) { setErrorPath(field); return null; }
  const s = new Stored(ty, t, again);
  s.decoded = first;
  return s;
}

/** A typed value with its schema type (-1: no such field). */
export class Field {
  constructor(public ty: i32, public v: Val | null) {}
}

/** Struct field `name` (Go name) of `v` (type `ty`), with its type (-1 when there is no such field). */
export function field(ty: i32, v: Val | null, name: string): Field {
  const i = fieldIndex(ty, name);
  if (i < 0) return new Field(-1, null);
  return new Field(fieldType(ty, i), v === null ? null : changetype<StructV>(v).f[i]);
}

/** The live elements of a slice value (null: nil). */
export function sliceItems(v: Val | null): Array<Val | null> {
  const out = new Array<Val | null>();
  if (v === null) return out;
  const s = changetype<SliceV>(v);
  for (let i = 0; i < s.len; i++) out.push(s.items[i]);
  return out;
}

/** A string value's text ("" for the zero value). */
export function strText(v: Val | null): string {
  if (v === null) return "";
  const s = changetype<StrV>(v);
  return String.UTF8.decodeUnsafe(s.p, <usize>s.n);
}

/** Member `name` (ASCII) of object node `obj`, -1 when absent or `obj` is not an object. */
export function member(t: Tape, obj: i32, name: string): i32 {
  if (obj < 0 || t.kind(obj) != K_OBJECT) return -1;
  return t.member(obj, name);
}

/** The decoded text of string node `i`, or null when `i` is absent or not a string. */
export function stringAt(t: Tape, i: i32): string | null {
  if (i < 0 || t.kind(i) != K_STRING) return null;
  const d = new ByteSink(t.len(i) + 4);
  unquote(d, t.ptr(i), t.len(i), false);
  return String.UTF8.decodeUnsafe(d.ptr, <usize>d.len);
}

/** Field slot `i` of struct value `v` (null: zero struct, so zero field). */
export function slot(v: Val | null, i: i32): Val | null {
  if (v === null) return null;
  return changetype<StructV>(v).f[i];
}

/** The defaulters' gates as a request set them (`g`), at `minor`. */
export function defaultGatesOf(g: Gates, minor: i32): DefaultGates {
  const d = new DefaultGates(minor);
  d.maxUnavailableStatefulSet = g.enabled("MaxUnavailableStatefulSet", minor);
  d.autoDeletePVC = minor >= 35 || g.enabled("StatefulSetAutoDeletePVC", minor);
  d.inPlacePodVerticalScaling = g.enabled("InPlacePodVerticalScaling", minor);
  return d;
}
