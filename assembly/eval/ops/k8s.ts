// Ops `k8s.json` {type, value|valueText, kubernetes?, go?, applyDefaults?} → {json, warnings}: decode as
// the API server of that minor does, [run its defaulters (assembly/upstream/kubernetes/defaults/) for Pod,
// PodTemplateSpec, Container, Deployment, ReplicaSet, StatefulSet, DaemonSet], then json.Marshal the
// typed struct with that Go release;
// `quantity` {value|valueText, mode: "parse"|"json", kubernetes?} → {string, json, format};
// `spew` {type, value|valueText, kubernetes?} → {text}: go-spew `%#v` under the kubelet's hashing config.

import { ByteSink } from "../../io/sink";
import { K_STRING } from "../../json/tape";
import { unquote, writeJSONString, writeJSONStr } from "../../json/strings";
import { fail, hasError, clearError, E_BAD_REQUEST } from "../../base/errors";
import { Request } from "./request";
import { ResultWriter } from "../../json/resultwriter";
import { requestType, isKruiseKind } from "../../typed/types";
import { decodesWithJsoniter, warningPaths, embeddedErrorPath } from "../../typed/versions";
import { Decoder, DecodeOptions } from "../../typed/decode";
import { Encoder, EncodeOptions } from "../../typed/encode";
import { Val } from "../../typed/value";
import { Spewer } from "../../upstream/gospew/spew";
import { parseQuantity } from "../../quantity/parse";
import { unmarshalQuantityJSON } from "../../quantity/unmarshal";
import { writeQuantityJSON, writeQuantityString } from "../../quantity/canonical";
import { Quantity, formatName } from "../../quantity/quantity";
import { Tape } from "../../json/tape";
import { readJSON, ReadOptions } from "../../json/reader";
import { boolField } from "./hash";
import { applyDefaultsTo } from "../../upstream/kubernetes/defaults/index";
import { k8sString, k8sMinor, kruiseMinor, k8sGo, k8sValue, k8sRawValue, routedMinor, missing } from "./k8sfields";
import { Value } from "../../json/value";
import { defaultGoOf, KRUISE_MINOR, KRUISE_GO, K8S_NEWEST_GO, K8S_STRICT_WARNINGS_MINOR } from "../../base/pins";

/** The type, minor and Go release a typed op works with. */
class Target {
  ty: i32 = -1;
  name: string = "";
  minor: i32 = 0;
  go: i32 = 0;
}

/** Reads `type` (or `kind`), the version field and (when `withGo`) `go`; null with an error recorded. */
function target(req: Request, typeField: string, withGo: bool): Target | null {
  if (req.field(typeField) < 0) { missing(typeField); return null; }
  const nb = k8sString(req, typeField);
  if (nb === null) return null;
  const name = String.UTF8.decodeUnsafe(nb.ptr, <usize>nb.len);
  const kruise = isKruiseKind(name);
  const probe = kruise ? KRUISE_MINOR : routedMinor(req, "kubernetes");
  if (requestType(name, probe) < 0) {
    fail(E_BAD_REQUEST, "unknown " + typeField + " \"" + name + "\"", -1, typeField);
    return null;
  }
  const r = new Target();
  r.minor = kruise ? kruiseMinor(req, "kubernetes") : k8sMinor(req, "kubernetes");
  if (r.minor < 0) return null;
  r.ty = requestType(name, r.minor);
  r.name = name;
  if (withGo) {
    r.go = k8sGo(req, r.minor, kruise);
    if (r.go < 0) return null;
  } else {
    r.go = kruise ? KRUISE_GO : defaultGoOf(r.minor);
  }
  return r;
}

/** Decoder options for a minor and Go release. */
function decodeOptions(minor: i32, go: i32): DecodeOptions {
  const o = new DecodeOptions();
  o.minor = minor;
  o.jsoniter = decodesWithJsoniter(minor);
  o.warnPaths = warningPaths(minor);
  o.embeddedPath = embeddedErrorPath(minor);
  o.goMinor = go;
  return o;
}

/** Decodes the request's value into the target type. */
function decodeValue(v: Value, tg: Target, warnings: bool): Decoder | null {
  const o = decodeOptions(tg.minor, tg.go);
  o.warnings = warnings;
  const d = new Decoder(v.tape, o);
  d.jit.dataStart = v.tape.rawStart(v.node);
  d.jit.dataEnd = v.tape.rawEnd(v.node);
  return d;
}

/**
 * Field-validation warnings as sigs.k8s.io/json's UnmarshalStrict reports them for the value; for
 * json-iterator minors a separate strict decode (the oracle uses the sigs.k8s.io/json of K8S_STRICT_WARNINGS_MINOR there),
 * whose own failure (e.g. an integer json-iterator silently wraps) means no warnings.
 */
function strictWarnings(v: Value, tg: Target): Array<string> {
  const o = decodeOptions(decodesWithJsoniter(tg.minor) ? K8S_STRICT_WARNINGS_MINOR : tg.minor, tg.go);
  o.minor = tg.minor;
  const d = new Decoder(v.tape, o);
  d.decodeTop(tg.ty, v.node);
  if (hasError()) {
    clearError();
    return new Array<string>();
  }
  return d.warnings;
}

/** `k8s.json`: the API server's decode of the value, its warnings, and json.Marshal of the result. */
export function opK8sJSON(req: Request, res: ResultWriter): bool {
  const tg = target(req, "type", true);
  if (tg === null) return false;
  const defaults = boolField(req, "applyDefaults");
  if (defaults < 0) return false;
  const v = k8sValue(req, "value");
  if (v === null) return false;
  const jsoniter = decodesWithJsoniter(tg.minor);
  // json-iterator minors: the value first (its error wins), then the strict pass for the warnings
  const d = decodeValue(v, tg, !jsoniter);
  if (d === null) return false;
  let val = d.decodeTop(tg.ty, v.node);
  if (hasError()) return false;
  const warnings = jsoniter ? strictWarnings(v, tg) : d.warnings;
  if (defaults == 1) { // the API server's defaulters run after the decode (field warnings are the decoder's)
    val = applyDefaultsTo(tg.name, tg.ty, val, tg.minor, "type");
    if (val === null) return false;
  }
  const out = new ByteSink(v.tape.rawEnd(v.node) - v.tape.rawStart(v.node) + 64);
  const eo = new EncodeOptions();
  eo.goMinor = tg.go;
  if (!new Encoder(out, eo).value(tg.ty, val) || hasError()) return false;
  writeJSONString(res.key("json"), out.ptr, out.len);
  const w = res.key("warnings");
  w.byte(0x5b);
  for (let i = 0; i < warnings.length; i++) {
    if (i > 0) w.byte(0x2c);
    writeJSONStr(w, warnings[i]);
  }
  w.byte(0x5d);
  return true;
}

/** `spew`: go-spew `%#v` of the decoded value. */
export function opSpew(req: Request, res: ResultWriter): bool {
  const tg = target(req, "type", false);
  if (tg === null) return false;
  const v = k8sValue(req, "value");
  if (v === null) return false;
  const d = decodeValue(v, tg, false);
  if (d === null) return false;
  const val: Val | null = d.decodeTop(tg.ty, v.node);
  if (hasError()) return false;
  const out = new ByteSink(4096);
  if (!new Spewer(out).top(tg.ty, val) || hasError()) return false;
  writeJSONString(res.key("text"), out.ptr, out.len);
  return true;
}

/** `quantity`: ParseQuantity of a string (mode parse) or json.Unmarshal of a JSON value (mode json). */
export function opQuantity(req: Request, res: ResultWriter): bool {
  const minor = k8sMinor(req, "kubernetes");
  if (minor < 0) return false;
  if (req.field("mode") < 0) return missing("mode");
  const mb = k8sString(req, "mode");
  if (mb === null) return false;
  const rv = k8sRawValue(req, "value");
  if (rv === null) return false;
  const mode = String.UTF8.decodeUnsafe(mb.ptr, <usize>mb.len);
  let q: Quantity;
  if (mode == "parse") {
    // a JSON string; its content (escapes decoded, raw bytes kept) goes to ParseQuantity
    let t: Tape | null = null;
    let node = rv.node;
    if (node >= 0) t = req.tape;
    else if (rv.n >= 2 && load<u8>(rv.p) == 0x22) {
      const o = new ReadOptions();
      o.goMinor = K8S_NEWEST_GO;
      t = readJSON(rv.p, rv.n, o);
      clearError();
      node = 0;
    }
    if (t === null || t.kind(node) != K_STRING) {
      return fail(E_BAD_REQUEST, "\"value\" must be a string in mode \"parse\"", -1, "value");
    }
    const s = new ByteSink(t.len(node) + 4);
    unquote(s, t.ptr(node), t.len(node), true);
    const p = parseQuantity(s.ptr, s.len);
    if (p === null) return false;
    q = p;
  } else if (mode == "json") {
    if (rv.node < 0) {
      // json.Unmarshal checks the whole text first
      const o = new ReadOptions();
      o.goMinor = K8S_NEWEST_GO;
      o.maxDepth = req.opts.maxDepth;
      o.maxBytes = req.opts.maxBytes;
      o.maxItems = req.opts.maxItems;
      if (readJSON(rv.p, rv.n, o) === null) return false;
    }
    const p = unmarshalQuantityJSON(rv.p, rv.n);
    if (p === null) return false;
    q = p;
  } else {
    return fail(E_BAD_REQUEST, "\"mode\" must be \"parse\" or \"json\"", -1, "mode");
  }
  const js = new ByteSink(32);
  writeQuantityJSON(js, q);
  if (hasError()) return false;
  const str = new ByteSink(32);
  writeQuantityString(str, q);
  if (hasError()) return false;
  writeJSONString(res.key("string"), str.ptr, str.len);
  writeJSONString(res.key("json"), js.ptr, js.len);
  res.str("format", formatName(q));
  return true;
}
