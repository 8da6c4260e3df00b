// The tolerations annotation of ValidatePodSpecificAnnotations (ValidateTolerationsInPodAnnotations, every
// minor 1.15-1.37): a non-empty `scheduler.alpha.kubernetes.io/tolerations` value is json.Unmarshal-ed into
// []core.Toleration — a failure is `Invalid` on metadata.annotations with the key as the value and Go's
// error text — and the tolerations go through ValidateTolerations under
// `metadata.annotations.scheduler.alpha.kubernetes.io/tolerations`.
// encoding/json matches the internal type's Go field names case-insensitively (Go's fold, with the Kelvin
// sign and the long s): member names are folded onto the v1 JSON names before the engine's (case-sensitive)
// decode, and type errors name the internal type and its Go fields, as encoding/json's do. The syntax check
// is the Go of the minor's release (`defaultGoOf`): values nested deeper than 10000 levels pass on 1.15-1.18,
// whose API servers were built with Go 1.12-1.13 (the oracle's Go 1.21 build refuses them).

import { ErrList } from "./errlist";
import { ByteSink } from "../../../io/sink";
import { unquote, writeJSONStr } from "../../../json/strings";
import { Tape } from "../../../json/tape";
import { clearError, hasError, takeErrorMessage } from "../../../base/errors";
import { readJSON, ReadOptions } from "../../../json/reader";
import { K_NULL, K_ARRAY, K_OBJECT, K_STRING, K_NUMBER } from "../../../json/tape";
import { Decoder, DecodeOptions } from "../../../typed/decode";
import { requestType } from "../../../typed/types";
import { fieldType, fieldIndex } from "../../../schema/schema";
import { StrMap } from "./view";
import { validateTolerations } from "./tolerations";
import { PodValidationOptions } from "./options";
import { defaultGoOf } from "../../../base/pins";

const KEY = "scheduler.alpha.kubernetes.io/tolerations";

/** ValidateTolerationsInPodAnnotations on the pod's annotations `a` under the update's `opts`. */
export function tolerationsAnnotation(a: StrMap, opts: PodValidationOptions, errs: ErrList): void {
  const minor = opts.minor;
  const k = a.find(KEY);
  if (k < 0 || a.vals[k].length == 0) return;
  const text = String.UTF8.encode(a.vals[k]);
  const ro = new ReadOptions();
  ro.goMinor = defaultGoOf(minor);
  const t = readJSON(changetype<usize>(text), text.byteLength, ro);
  if (t === null) {
    const m = takeErrorMessage();
    clearError();
    errs.invalidStr("metadata.annotations", KEY, m);
    return;
  }
  const kind = t.kind(0);
  if (kind == K_NULL) return;
  if (kind != K_ARRAY) {
    const what = kind == K_OBJECT ? "object" : kind == K_STRING ? "string" : kind == K_NUMBER ? "number" : "bool";
    errs.invalidStr("metadata.annotations", KEY, "json: cannot unmarshal " + what + " into Go value of type []core.Toleration");
    return;
  }
  const folded = foldKeys(t);
  const t2 = readJSON(folded.ptr, folded.len, ro);
  if (t2 === null) { clearError(); return; } // (cannot happen: the folded text is valid JSON)
  const specT = requestType("PodSpec", minor);
  const sliceT = fieldType(specT, fieldIndex(specT, "Tolerations"));
  const o = new DecodeOptions();
  o.minor = minor;
  o.goMinor = defaultGoOf(minor);
  o.warnings = false;
  const d = new Decoder(t2, o);
  const v = d.decodeTop(sliceT, 0);
  if (hasError() || v === null) {
    const m = hasError() ? takeErrorMessage() : "";
    clearError();
    errs.invalidStr("metadata.annotations", KEY, internalNames(m));
    return;
  }
  validateTolerations(v, "metadata.annotations." + KEY, opts, errs);
}

const JSON_NAMES = ["key", "operator", "value", "effect", "tolerationSeconds"];
const FOLDED_NAMES = ["KEY", "OPERATOR", "VALUE", "EFFECT", "TOLERATIONSECONDS"];
const GO_NAMES = ["Key", "Operator", "Value", "Effect", "TolerationSeconds"];

/** encoding/json's foldName: ASCII upper-cased, other runes ToUpper(ToLower(r)) (only the Kelvin sign and the long s fold onto ASCII). */
function foldName(s: string): string {
  const n = s.length;
  const out = new Array<i32>(n);
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c >= 97 && c <= 122) out[i] = c - 32;
    else if (c == 0x212a) out[i] = 0x4b;
    else if (c == 0x17f) out[i] = 0x53;
    else out[i] = c;
  }
  return String.fromCharCodes(out);
}

/** The top-level array `t` again, each object element's member names that fold onto a Toleration field renamed to its v1 JSON name. */
function foldKeys(t: Tape): ByteSink {
  const out = new ByteSink(t.srcLen + 16);
  out.byte(91);
  const n = t.children(0);
  let e = 1;
  for (let i = 0; i < n; i++) {
    if (i > 0) out.byte(44);
    if (t.kind(e) != K_OBJECT) out.bytes(t.src + <usize>t.rawStart(e), t.rawEnd(e) - t.rawStart(e));
    else {
      out.byte(123);
      const m = t.children(e);
      let k = e + 1;
      for (let j = 0; j < m; j++) {
        const v = t.next(k);
        const kb = new ByteSink(t.len(k) + 4);
        unquote(kb, t.ptr(k), t.len(k), true);
        let name = String.UTF8.decodeUnsafe(kb.ptr, <usize>kb.len);
        if (name.length <= 17) { // the longest folded name: TOLERATIONSECONDS
          const f = foldName(name);
          for (let x = 0; x < 5; x++) if (f == FOLDED_NAMES[x]) name = JSON_NAMES[x];
        }
        if (j > 0) out.byte(44);
        writeJSONStr(out, name);
        out.byte(58);
        out.bytes(t.src + <usize>t.rawStart(v), t.rawEnd(v) - t.rawStart(v));
        k = t.next(v);
      }
      out.byte(125);
    }
    e = t.next(e);
  }
  out.byte(93);
  return out;
}

/** A decode error as encoding/json words it for []core.Toleration: internal type names, Go field names. */
function internalNames(m: string): string {
  for (let x = 0; x < 5; x++) m = m.replace("Go struct field Toleration." + JSON_NAMES[x] + " ", "Go struct field Toleration." + GO_NAMES[x] + " ");
  m = m.replace("of type v1.Toleration", "of type core.Toleration");
  m = m.replace("of type v1.TaintEffect", "of type core.TaintEffect");
  return m.replace("of type v1.TolerationOperator", "of type core.TolerationOperator");
}
