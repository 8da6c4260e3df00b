// Request fields of the Kubernetes ops, read and refused with the same rules and messages as the
// Go oracle (test/oracle/k8s/harness/proto.go, versions.go): `type`, `kubernetes`, `go`, `mode`,
// and a JSON value given as `x` or `xText`.

import { ByteSink } from "../../io/sink";
import { K_STRING } from "../../json/tape";
import { unquote } from "../../json/strings";
import { readJSON, ReadOptions, goDepthLimit } from "../../json/reader";
import { fail, errorCode, takeErrorMessage, errorOffset, E_BAD_REQUEST, E_UNSUPPORTED_VERSION, E_JSON_SYNTAX, E_JSON_DEPTH } from "../../base/errors";
import { minorIndex, newestMinor } from "../../schema/schema";
import { Request } from "./request";
import { Value } from "../../json/value";
import { defaultGoOf, minGoOf, K8S_GO_MIN, K8S_GO_MAX, KRUISE_NEWEST, K8S_NEWEST_GO, kruiseK8sMinorOf, kruiseReleaseOf, kruiseK8sPatchOf, kruiseGoOf, kruiseMinGoOf } from "../../base/pins";

/** Raw bytes of string field `name` (escapes decoded, raw bytes kept); null when absent or on error. */
export function k8sString(req: Request, name: string): ByteSink | null {
  const i = req.field(name);
  if (i < 0) return null;
  const t = req.tape;
  if (t.kind(i) != K_STRING) {
    fail(E_BAD_REQUEST, "\"" + name + "\" must be a string", -1, name);
    return null;
  }
  const d = new ByteSink(t.len(i) + 4);
  unquote(d, t.ptr(i), t.len(i), true);
  return d;
}

function text(b: ByteSink): string {
  return String.UTF8.decodeUnsafe(b.ptr, <usize>b.len);
}

/** "1.N" → N (no leading zeros, no patch), else -1 (the oracle's parseMinor). */
export function parseDotMinor(b: ByteSink): i32 {
  const n = b.len;
  if (n < 3 || n > 5 || b.at(0) != 0x31 || b.at(1) != 0x2e) return -1;
  if (b.at(2) == 0x30 && n > 3) return -1;
  let v = 0;
  for (let i = 2; i < n; i++) {
    const c = <i32>b.at(i) - 0x30;
    if (c < 0 || c > 9) return -1;
    v = v * 10 + c;
  }
  return v;
}

/** The minor a request's version field names when it is supported, else the newest (for type lookup). */
export function routedMinor(req: Request, name: string): i32 {
  const i = req.field(name);
  if (i < 0 || req.tape.kind(i) != K_STRING) return newestMinor();
  const b = new ByteSink(req.tape.len(i) + 4);
  unquote(b, req.tape.ptr(i), req.tape.len(i), true);
  const m = parseDotMinor(b);
  return m >= 0 && minorIndex(m) >= 0 && text(b) == "1." + m.toString() ? m : newestMinor();
}

/** The Kubernetes minor of version field `name` (default: the newest); -1 with an error when unsupported. */
export function k8sMinor(req: Request, name: string): i32 {
  if (req.field(name) < 0) return newestMinor();
  const b = k8sString(req, name);
  if (b === null) return -1;
  const m = parseDotMinor(b);
  if (m < 0 || minorIndex(m) < 0) {
    fail(E_UNSUPPORTED_VERSION, "unsupported " + name + " version \"" + text(b) + "\"", -1, name);
    return -1;
  }
  return m;
}

/** OpenKruise kinds: the version field may be absent or name the Kubernetes minor OpenKruise minor `release` pins only. */
export function kruiseMinor(req: Request, name: string, release: i32 = KRUISE_NEWEST): i32 {
  const pinned = kruiseK8sMinorOf(release);
  if (req.field(name) < 0) return pinned;
  const b = k8sString(req, name);
  if (b === null) return -1;
  const v = text(b);
  const m = parseDotMinor(b);
  if (m == pinned && v == "1." + m.toString()) return m;
  if (m < 0 || minorIndex(m) < 0) {
    fail(E_UNSUPPORTED_VERSION, "unsupported " + name + " version \"" + v + "\"", -1, name);
    return -1;
  }
  fail(E_UNSUPPORTED_VERSION, "OpenKruise kinds are answered at " + name + " \"1." + pinned.toString() +
    "\" only (openkruise/kruise " + kruiseReleaseOf(release) + " pins k8s.io/kubernetes v" + kruiseK8sPatchOf(release) + ")", -1, name);
  return -1;
}


/** The Go release of field `go` for Kubernetes `minor` (default: the minor's release Go; OpenKruise kinds: that of
 *  OpenKruise minor `release`'s image); -1 with an error. */
export function k8sGo(req: Request, minor: i32, kruise: bool, release: i32 = KRUISE_NEWEST): i32 {
  const def = kruise ? kruiseGoOf(release) : defaultGoOf(minor);
  const min = kruise ? kruiseMinGoOf(release) : minGoOf(minor);
  if (req.field("go") < 0) return def;
  const b = k8sString(req, "go");
  if (b === null) return -1;
  const g = parseDotMinor(b);
  if (g < K8S_GO_MIN || g > K8S_GO_MAX) {
    fail(E_UNSUPPORTED_VERSION, "unsupported go version \"" + text(b) + "\"", -1, "go");
    return -1;
  }
  if (g < min) {
    fail(E_UNSUPPORTED_VERSION, "go \"" + text(b) + "\" cannot build kubernetes 1." + minor.toString() +
      " (its go.mod requires go 1." + min.toString() + ")", -1, "go");
    return -1;
  }
  return g;
}

/** The raw JSON text of a value field (not parsed yet). */
export class RawValue {
  p: usize = 0;
  n: i32 = 0;
  /** The value's node when given inline (`name`), -1 when given as `nameText`. */
  node: i32 = -1;
}

/** The text of a value given as `name` or `nameText`, unparsed; null with an error recorded. */
export function k8sRawValue(req: Request, name: string): RawValue | null {
  const textName = name + "Text";
  const v = req.field(name);
  const ti = req.field(textName);
  if (v >= 0 && ti >= 0) {
    fail(E_BAD_REQUEST, "\"" + name + "\" and \"" + textName + "\" are exclusive", -1, textName);
    return null;
  }
  const r = new RawValue();
  if (ti >= 0) {
    const b = k8sString(req, textName);
    if (b === null) return null;
    r.p = b.ptr;
    r.n = b.len;
    return r;
  }
  if (v < 0) {
    fail(E_BAD_REQUEST, "missing \"" + name + "\" or \"" + textName + "\"", -1, name);
    return null;
  }
  const t = req.tape;
  r.p = t.src + <usize>t.rawStart(v);
  r.n = t.rawEnd(v) - t.rawStart(v);
  r.node = v;
  return r;
}

/**
 * The JSON text of a value given as `name` (the bytes in the line) or `nameText` (a string whose
 * decoded bytes are read as JSON by a Go 1.26-era scanner, as sigs.k8s.io/json and encoding/json do).
 */
export function k8sValue(req: Request, name: string): Value | null {
  const textName = name + "Text";
  const v = req.field(name);
  const ti = req.field(textName);
  if (v >= 0 && ti >= 0) {
    fail(E_BAD_REQUEST, "\"" + name + "\" and \"" + textName + "\" are exclusive", -1, textName);
    return null;
  }
  if (ti >= 0) {
    const b = k8sString(req, textName);
    if (b === null) return null;
    const o = new ReadOptions();
    o.maxDepth = req.opts.maxDepth;
    o.maxBytes = req.opts.maxBytes;
    o.maxItems = req.opts.maxItems;
    o.goMinor = K8S_NEWEST_GO;
    const t = readJSON(b.ptr, b.len, o);
    if (t === null) {
      // Go's SyntaxError (its nesting error included) is E_JSON_SYNTAX for these ops; the reader meets Go's
      // nesting limit before the engine's maxDepth cap unless the cap is lower
      const goLimit = goDepthLimit(o.goMinor);
      if (errorCode() == E_JSON_DEPTH && errorOffset() >= 0 && goLimit > 0 && goLimit <= o.maxDepth) {
        const off = errorOffset();
        fail(E_JSON_SYNTAX, takeErrorMessage(), off);
      }
      return null;
    }
    return new Value(t, 0, 0);
  }
  if (v < 0) {
    fail(E_BAD_REQUEST, "missing \"" + name + "\" or \"" + textName + "\"", -1, name);
    return null;
  }
  return new Value(req.tape, v, req.tape.rawStart(v));
}

/** Records `missing "name"` (path name). */
export function missing(name: string): bool {
  return fail(E_BAD_REQUEST, "missing \"" + name + "\"", -1, name);
}
