// Ops `smp.diff` {original|originalText, modified|modifiedText, type, kubernetes?, go?} → {patch} and
// `smp.apply` {original|originalText, patch|patchText, type, kubernetes?, go?} → {document}:
// strategicpatch.CreateTwoWayMergePatch / StrategicMergePatch of k8s.io/apimachinery at Kubernetes minor
// `kubernetes` (default: the newest) built with Go `go` (default: the Go of that minor's release build),
// for the Go type `type`. The patch and the document are answered as strings holding the bytes Go
// returns. Checks, in order: type, kubernetes, go, then the documents (as the k8s oracle does).

import { Request } from "./request";
import { ResultWriter } from "../../json/resultwriter";
import { fail, hasError, clearError, E_BAD_REQUEST, E_UNSUPPORTED_VERSION } from "../../base/errors";
import { parseMinor } from "../../base/pins";
import { typeId } from "../../schema/schema";
import { docField } from "./patchinput";
import { goTypeName, isKruiseKind } from "../../upstream/strategicpatch/types";
import { KRUISE_MINOR, KRUISE_GO, KRUISE_MIN_GO, K8S_NEWEST, defaultGoOf, minGoOf } from "../../base/pins";
import { createTwoWayMergePatchMap, strategicMergePatchMap } from "../../upstream/strategicpatch/smp";
import { marshalMapQuoted } from "../../upstream/strategicpatch/encode";
import { DocInput } from "../../json/document";

/** Request facts shared by both ops. */
class Target {
  static schema: i32 = -1;
  static minor: i32 = 0;
  static go: i32 = 0;
}

/** Reads type, kubernetes and go as the k8s oracle checks them. */
function target(req: Request): bool {
  const tv = req.bytes("type");
  if (hasError()) return quoteErr("type");
  if (tv === null) return fail(E_BAD_REQUEST, "missing \"type\"", -1, "type");
  const typeName = String.UTF8.decodeUnsafe(tv.ptr, <usize>tv.len);
  const goName = goTypeName(typeName);
  if (goName.length == 0) return fail(E_BAD_REQUEST, "unknown type \"" + typeName + "\"", -1, "type");
  const kruise = isKruiseKind(typeName);
  // kubernetes
  const kv = req.bytes("kubernetes");
  if (hasError()) return quoteErr("kubernetes");
  let minor = kruise ? KRUISE_MINOR : K8S_NEWEST;
  if (kv !== null) {
    const text = String.UTF8.decodeUnsafe(kv.ptr, <usize>kv.len);
    const m = parseMinor(kv.ptr, kv.len);
    const supported = m >= 0 && defaultGoOf(m) >= 0;
    if (!supported) return fail(E_UNSUPPORTED_VERSION, "unsupported kubernetes version \"" + text + "\"", -1, "kubernetes");
    if (kruise && m != KRUISE_MINOR) {
      return fail(E_UNSUPPORTED_VERSION, "OpenKruise kinds are answered at kubernetes \"1." + KRUISE_MINOR.toString() +
        "\" only (openkruise/kruise v1.9.0 pins k8s.io/kubernetes v1.32.10)", -1, "kubernetes");
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
    if (g < 10 || g > 27) return fail(E_UNSUPPORTED_VERSION, "unsupported go version \"" + text + "\"", -1, "go");
    if (g < lo) {
      return fail(E_UNSUPPORTED_VERSION, "go \"" + text + "\" cannot build kubernetes 1." + minor.toString() +
        " (its go.mod requires go 1." + lo.toString() + ")", -1, "go");
    }
    go = g;
  }
  const t = typeId(minor, goName);
  if (t < 0) return fail(E_BAD_REQUEST, "unknown type \"" + typeName + "\"", -1, "type");
  Target.schema = t;
  Target.minor = minor;
  Target.go = go;
  return true;
}

/** Replaces the request reader's "must be a string" error with the k8s oracle's wording. */
function quoteErr(name: string): bool {
  clearError();
  return fail(E_BAD_REQUEST, "\"" + name + "\" must be a string", -1, name);
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
  if (!target(req)) return false;
  const a = docField(req, "original");
  if (a === null) return false;
  const b = docField(req, "modified");
  if (b === null) return false;
  const patch = createTwoWayMergePatchMap(a, b, Target.schema, Target.minor, Target.go, req.opts);
  if (patch === null) return false;
  // the patch as a string member, quoted while it is marshalled (no second pass over its text)
  marshalMapQuoted(patch, res.key("patch"), Target.go);
  return true;
}

/** StrategicMergePatch(original, patch, type). */
export function opSMPApply(req: Request, res: ResultWriter): bool {
  if (!target(req)) return false;
  const a = docField(req, "original");
  if (a === null) return false;
  const p = docField(req, "patch");
  if (p === null) return false;
  const r = strategicMergePatchMap(a, p, Target.schema, Target.minor, Target.go, req.opts);
  if (r === null) return false;
  // the document as a string member, quoted while it is marshalled (no second pass over its text)
  // (room for about the original's text plus the patch's, and some of the quoting's backslashes; more
  // grows in place, the sink being the arena's last block by then)
  const n = docLength(a) + docLength(p);
  marshalMapQuoted(r, res.key("document"), Target.go, n + (n >> 3) + 64);
  return true;
}

