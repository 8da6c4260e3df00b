// Ops `smp.diff` {original|originalText, modified|modifiedText, type, kubernetes?, go?} → {patch} and
// `smp.apply` {original|originalText, patch|patchText, type, kubernetes?, go?} → {document}:
// strategicpatch.CreateTwoWayMergePatch / StrategicMergePatch of k8s.io/apimachinery at Kubernetes minor
// `kubernetes` (default: the newest) built with Go `go` (default: the Go of that minor's release build),
// for the Go type `type`. The patch and the document are answered as strings holding the bytes Go
// returns. Checks, in order: type, kubernetes, go, then the documents (as the k8s oracle does).

import { Request, exactOf } from "./request";
import { ResultWriter } from "../../json/resultwriter";
import { ByteSink } from "../../io/sink";
import { fail, hasError, clearError, E_BAD_REQUEST, E_UNSUPPORTED_VERSION } from "../../base/errors";
import { parseMinor, K8S_GO_MIN, K8S_GO_MAX } from "../../base/pins";
import { shortcutOn, EXACT_QUOTED } from "../../base/exact";
import { typeId } from "../../schema/schema";
import { docField } from "./patchinput";
import { goTypeName, isKruiseKind } from "../../upstream/strategicpatch/types";
import { KRUISE_MINOR, KRUISE_GO, KRUISE_MIN_GO, K8S_NEWEST, defaultGoOf, minGoOf } from "../../base/pins";
import { createTwoWayMergePatchMap, strategicMergePatchMap } from "../../upstream/strategicpatch/smp";
import { marshalMap, marshalMapQuoted } from "../../upstream/strategicpatch/encode";
import { GMap } from "../../upstream/strategicpatch/value";
import { writeJSONString } from "../../json/strings";
import { DocInput } from "../../json/document";

/** What both ops read from a request: the Go type, the Kubernetes and Go minors, the shortcuts turned off. */
class Target {
  constructor(public schema: i32, public minor: i32, public go: i32, public exact: u32) {}
}

/** Reads type, kubernetes, go (as the k8s oracle checks them) and exact; null with the error recorded. */
function target(req: Request): Target | null {
  const tv = req.bytes("type");
  if (hasError()) return quoteErr("type");
  if (tv === null) return failed(fail(E_BAD_REQUEST, "missing \"type\"", -1, "type"));
  const typeName = String.UTF8.decodeUnsafe(tv.ptr, <usize>tv.len);
  const goName = goTypeName(typeName);
  if (goName.length == 0) return failed(fail(E_BAD_REQUEST, "unknown type \"" + typeName + "\"", -1, "type"));
  const kruise = isKruiseKind(typeName);
  // kubernetes
  const kv = req.bytes("kubernetes");
  if (hasError()) return quoteErr("kubernetes");
  let minor = kruise ? KRUISE_MINOR : K8S_NEWEST;
  if (kv !== null) {
    const text = String.UTF8.decodeUnsafe(kv.ptr, <usize>kv.len);
    const m = parseMinor(kv.ptr, kv.len);
    const supported = m >= 0 && defaultGoOf(m) >= 0;
    if (!supported) return failed(fail(E_UNSUPPORTED_VERSION, "unsupported kubernetes version \"" + text + "\"", -1, "kubernetes"));
    if (kruise && m != KRUISE_MINOR) {
      return failed(fail(E_UNSUPPORTED_VERSION, "OpenKruise kinds are answered at kubernetes \"1." + KRUISE_MINOR.toString() +
        "\" only (openkruise/kruise v1.9.0 pins k8s.io/kubernetes v1.32.10)", -1, "kubernetes"));
    }
    minor = m;
  }
  // go
  let go = kruise ? KRUISE_GO : defaultGoOf(minor);
  const lo = kruise ? KRUISE_MIN_GO : minGoOf(minor);
  const gv = req.bytes("go");
  if (hasError()) return quoteErr("go");
  if (gv !== null) {
    const text = String.UTF8.decodeUnsafe(gv.ptr, <usize>gv.len);
    const g = parseMinor(gv.ptr, gv.len);
    if (g < K8S_GO_MIN || g > K8S_GO_MAX) return failed(fail(E_UNSUPPORTED_VERSION, "unsupported go version \"" + text + "\"", -1, "go"));
    if (g < lo) {
      return failed(fail(E_UNSUPPORTED_VERSION, "go \"" + text + "\" cannot build kubernetes 1." + minor.toString() +
        " (its go.mod requires go 1." + lo.toString() + ")", -1, "go"));
    }
    go = g;
  }
  const t = typeId(minor, goName);
  if (t < 0) return failed(fail(E_BAD_REQUEST, "unknown type \"" + typeName + "\"", -1, "type"));
  const exact = exactOf(req);
  if (exact < 0) return null;
  return new Target(t, minor, go, <u32>exact);
}

/** null after an error was recorded. */
@inline function failed(_recorded: bool): Target | null {
  return null;
}

/** Replaces the request reader's "must be a string" error with the k8s oracle's wording. */
function quoteErr(name: string): Target | null {
  clearError();
  return failed(fail(E_BAD_REQUEST, "\"" + name + "\" must be a string", -1, name));
}

/** Writes map m as the answer's string member (Go's json.Marshal text), quoted while marshalled unless `exact` says not to. */
function writeMarshalled(m: GMap, out: ByteSink, t: Target, sizeHint: i32): void {
  if (shortcutOn(t.exact, EXACT_QUOTED)) {
    marshalMapQuoted(m, out, t.go, sizeHint);
    return;
  }
  const text = new ByteSink(sizeHint > 0 ? sizeHint : 256);
  marshalMap(m, text, t.go);
  writeJSONString(out, text.ptr, text.len);
}

/** Byte length of a document's text (a value given inside the request: its extent there). */
function docLength(d: DocInput): i32 {
  if (!d.present) return 0;
  if (d.direct) {
    const t = d.tape!;
    return t.end(d.node) - t.start(d.node);
  }
  return d.len;
}

/** CreateTwoWayMergePatch(original, modified, type). */
export function opSMPDiff(req: Request, res: ResultWriter): bool {
  const t = target(req);
  if (t === null) return false;
  const a = docField(req, "original");
  if (a === null) return false;
  const b = docField(req, "modified");
  if (b === null) return false;
  const patch = createTwoWayMergePatchMap(a, b, t.schema, t.minor, t.go, req.opts, t.exact);
  if (patch === null) return false;
  // the patch as a string member, quoted while it is marshalled (no second pass over its text)
  writeMarshalled(patch, res.key("patch"), t, 0);
  return true;
}

/** StrategicMergePatch(original, patch, type). */
export function opSMPApply(req: Request, res: ResultWriter): bool {
  const t = target(req);
  if (t === null) return false;
  const a = docField(req, "original");
  if (a === null) return false;
  const p = docField(req, "patch");
  if (p === null) return false;
  const r = strategicMergePatchMap(a, p, t.schema, t.minor, t.go, req.opts, t.exact);
  if (r === null) return false;
  // the document as a string member, quoted while it is marshalled (no second pass over its text)
  // (room for about the original's text plus the patch's, and some of the quoting's backslashes; more
  // grows in place, the sink being the arena's last block by then)
  const n = docLength(a) + docLength(p);
  writeMarshalled(r, res.key("document"), t, n + (n >> 3) + 64);
  return true;
}

