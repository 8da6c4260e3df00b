// `kruise.preDownload` {kind, workload|workloadText, currentRevision|currentRevisionText (CloneSet,
// AdvancedStatefulSet) or oldRevisions (AdvancedDaemonSet), updateRevision|updateRevisionText, pods?, gates?,
// kruise?} → {created, reason, message, jobs, revisionPatch, deletesJobs, nodes[, nodesError]}: OpenKruise's
// image pre-download for in-place updates (assembly/upstream/kruise/predownload). Fields are checked in the
// oracle's order (test/oracle/k8s/harness/kruise_predownload.go): unknown fields, kruise, gates, kind, workload,
// the old revisions, updateRevision, pods, then the fields the controllers dereference.

import { fail, hasError, setErrorPath, errorCode, E_BAD_REQUEST, E_JSON_SYNTAX, E_UNSUPPORTED_VERSION } from "../../base/errors";
import { Tape, K_ARRAY, K_OBJECT } from "../../json/tape";
import { olderTypesAccept } from "../../upstream/kruise/webhook/oldtypes";
import { ByteSink } from "../../io/sink";
import { KRUISE_GO, kruiseK8sMinorOf } from "../../base/pins";
import { Request, onlyFields } from "./request";
import { ResultWriter } from "../../json/resultwriter";
import { Value } from "../../json/value";
import { decodeAt } from "../../typed/decodeat";
import { Val } from "../../typed/value";
import { resolve, minorIndex, nameId } from "../../schema/schema";
import { fld, isSet, strMap, str } from "../../upstream/kubernetes/validation/view";
import { k8sValue, k8sString, missing } from "./k8sfields";
import { readKruiseOptions, kruiseVersionOK, requestKruiseMinor } from "./kruisefields";
import { calculateOptions } from "../../verdict/inplace";
import { TV } from "../../upstream/kruise/inplaceupdate/typed";
import { revisionInput } from "../../upstream/kruise/inplaceupdate/revision";
import { preDownload } from "../../upstream/kruise/predownload/decide";
import { PreDownloadInput, Revision, Decision, PD_CLONESET, PD_ADVANCED_STATEFULSET, PD_ADVANCED_DAEMONSET } from "../../upstream/kruise/predownload/model";
import { writeJob } from "../../upstream/kruise/predownload/job";
import { targetNodes } from "../../upstream/kruise/predownload/selector";
import { goStr } from "../../upstream/kruise/predownload/gomap";
import { withoutNewerMembers } from "../../upstream/kruise/predownload/oldfields";

const FIELDS = ["kind", "workload", "workloadText", "currentRevision", "currentRevisionText", "oldRevisions", "updateRevision", "updateRevisionText", "pods", "gates", "kruise"];
/** The gates of this op beside the in-place update ones, and the Kruise minor each appears in (both are in every
 *  release answered, v1.5.5 on, alpha and off by default). */
const GATES = ["PreDownloadImageForInPlaceUpdate", "PreDownloadImageForDaemonSetUpdate"];
const GATES_SINCE = [5, 5];
/** The oldest Kruise minor this op answers for (each release's pre-download code checked against its own oracle build). */
const PREDOWNLOAD_OLDEST: i32 = 5;

/** The Go type a release's controller reads for `kind` ("" when unknown). */
function workloadTypeName(kind: i32, release: i32): string {
  if (kind == PD_ADVANCED_STATEFULSET) return "v1beta1.StatefulSet";
  const version = release >= 9 ? "v1beta1." : "v1alpha1.";
  return version + (kind == PD_CLONESET ? "CloneSet" : "DaemonSet");
}

/** Decodes request value `v` (an object) into `typeName` at `minor`; null (error at `path`) when it fails. */
function decodeObject(v: Value, path: string, typeName: string, minor: i32): Val | null {
  const ty = resolve(minorIndex(minor), nameId(typeName));
  const val = decodeAt(v.tape, v.node, ty, minor, KRUISE_GO);
  if (hasError()) { setErrorPath(path); return null; }
  return val;
}

/** A ControllerRevision request value at `path`; null with an error. */
function revisionOf(v: Value, path: string, minor: i32): Revision | null {
  const val = decodeObject(v, path, "v1.ControllerRevision", minor);
  if (val === null && hasError()) return null;
  const ty = resolve(minorIndex(minor), nameId("v1.ControllerRevision"));
  const tv = new TV(ty, val);
  const meta = fld(val, "ObjectMeta");
  return new Revision(revisionInput(tv), str(fld(meta, "Name")), strMap(fld(meta, "Labels")));
}

/** Field `name` (or `nameText`); null with an error (a text that is not JSON: at path `name`, as the oracle's decode says). */
function valueOf(req: Request, name: string): Value | null {
  const v = k8sValue(req, name);
  if (v === null && errorCode() == E_JSON_SYNTAX) setErrorPath(name);
  return v;
}

/** Field `name` (or `nameText`) as a ControllerRevision; null with an error. */
function revisionField(req: Request, name: string, minor: i32): Revision | null {
  const v = valueOf(req, name);
  if (v === null) return null;
  if (v.tape.kind(v.node) != K_OBJECT) { fail(E_BAD_REQUEST, "\"" + name + "\" must be a ControllerRevision object", -1, name); return null; }
  return revisionOf(v, name, minor);
}

/** The values of array field `name` (each an object, else `bad` at its path); null with an error. */
function objectsOf(req: Request, name: string, bad: string): Array<Value> | null {
  const i = req.field(name);
  const t = req.tape;
  if (t.kind(i) != K_ARRAY) { fail(E_BAD_REQUEST, bad, -1, name); return null; }
  const out = new Array<Value>();
  let e = i + 1;
  for (let k = 0, n = t.children(i); k < n; k++) {
    if (t.kind(e) != K_OBJECT) { fail(E_BAD_REQUEST, bad, -1, name + "/" + k.toString()); return null; }
    out.push(new Value(t, e, t.rawStart(e)));
    e = t.next(e);
  }
  return out;
}

/** The fields the controllers dereference; false with E_BAD_REQUEST at "workload". */
function contractOK(kind: i32, w: Val | null): bool {
  const spec = fld(w, "Spec");
  let what: string | null = null;
  if (!isSet(fld(spec, "Selector"))) what = "spec.selector";
  else if (kind != PD_ADVANCED_DAEMONSET && !isSet(fld(spec, "Replicas"))) what = "spec.replicas";
  else if (kind == PD_ADVANCED_DAEMONSET && !isSet(fld(fld(spec, "UpdateStrategy"), "RollingUpdate"))) what = "spec.updateStrategy.rollingUpdate";
  if (what === null) return true;
  return fail(E_BAD_REQUEST, "\"workload\" must set " + what + " (the controller dereferences it)", -1, "workload");
}

/** `kruise.preDownload`: the ImagePullJobs the workload's controller creates before an in-place update. */
export function opKruisePreDownload(req: Request, res: ResultWriter): bool {
  if (!onlyFields(req, FIELDS)) return false;
  // the releases whose pre-download code is checked against its own oracle build
  if (!kruiseVersionOK(req)) return false;
  const asked = requestKruiseMinor(req);
  if (asked < PREDOWNLOAD_OLDEST) return fail(E_UNSUPPORTED_VERSION, "kruise.preDownload answers for kruise \"1." + PREDOWNLOAD_OLDEST.toString() + "\" and later only", -1, "kruise");
  const extra = new Map<string, bool>();
  const gates = readKruiseOptions(req, GATES, GATES_SINCE, extra);
  if (gates === null) return false;
  if (req.field("kind") < 0) return missing("kind");
  const kb = k8sString(req, "kind");
  if (kb === null) return false;
  const kindName = String.UTF8.decodeUnsafe(kb.ptr, <usize>kb.len);
  const kind = kindName == "CloneSet" ? PD_CLONESET : kindName == "AdvancedStatefulSet" ? PD_ADVANCED_STATEFULSET : kindName == "AdvancedDaemonSet" ? PD_ADVANCED_DAEMONSET : -1;
  if (kind < 0) {
    const b = new ByteSink(kb.len + 80);
    b.ascii("kind must be CloneSet, AdvancedStatefulSet or AdvancedDaemonSet, not ");
    goStr(b, kindName);
    return fail(E_BAD_REQUEST, String.UTF8.decodeUnsafe(b.ptr, <usize>b.len), -1, "kind");
  }
  const release = gates.minor;
  const minor = kruiseK8sMinorOf(release);
  const wv = valueOf(req, "workload");
  if (wv === null) return false;
  if (wv.tape.kind(wv.node) != K_OBJECT) return fail(E_BAD_REQUEST, "\"workload\" must be a " + kindName + " object", -1, "workload");
  // the older releases' JSON types (a v1alpha1 DaemonSet's integer partition, v1.5 - v1.7's integer reserveOrdinals)
  if (!olderTypesAccept(wv.tape, wv.node, kindName, release, kind == PD_ADVANCED_STATEFULSET, "workload")) return false;
  const w = decodeObject(withoutNewerMembers(wv, kind, release), "workload", workloadTypeName(kind, release), minor);
  if (hasError()) return false;
  const input = new PreDownloadInput();
  input.kind = kind;
  input.release = release;
  input.minor = minor;
  input.workload = w;
  if (kind == PD_ADVANCED_DAEMONSET) {
    if (req.field("currentRevision") >= 0 || req.field("currentRevisionText") >= 0) return fail(E_BAD_REQUEST, "the Advanced DaemonSet controller reads \"oldRevisions\", not \"currentRevision\"", -1, "currentRevision");
    if (req.field("oldRevisions") < 0) return missing("oldRevisions");
    const items = objectsOf(req, "oldRevisions", "\"oldRevisions\" must be an array of ControllerRevision objects");
    if (items === null) return false;
    for (let i = 0; i < items.length; i++) {
      const r = revisionOf(items[i], "oldRevisions/" + i.toString(), minor);
      if (r === null) return false;
      input.olds.push(r);
    }
  } else {
    if (req.field("oldRevisions") >= 0) return fail(E_BAD_REQUEST, "the " + kindName + " controller reads \"currentRevision\", not \"oldRevisions\"", -1, "oldRevisions");
    input.current = revisionField(req, "currentRevision", minor);
    if (input.current === null) return false;
  }
  input.update = revisionField(req, "updateRevision", minor);
  if (input.update === null) return false;
  let pods: Array<Val | null> | null = null;
  if (req.field("pods") >= 0) {
    const items = objectsOf(req, "pods", "\"pods\" must be an array of Pod objects");
    if (items === null) return false;
    pods = new Array<Val | null>();
    for (let i = 0; i < items.length; i++) {
      const p = decodeObject(items[i], "pods/" + i.toString(), "v1.Pod", minor);
      if (hasError()) return false;
      pods.push(p);
    }
  }
  if (!contractOK(kind, w)) return false;
  input.daemon = gates.kruiseDaemon;
  const gate = kind == PD_ADVANCED_DAEMONSET ? GATES[1] : GATES[0];
  input.gate = extra.has(gate) && extra.get(gate);
  input.calc = calculateOptions(gates, 0, 0);
  const d = preDownload(input);
  if (hasError()) return false;
  writeDecision(res, d, pods);
  return true;
}

/** Writes the answer members. */
function writeDecision(res: ResultWriter, d: Decision, pods: Array<Val | null> | null): void {
  res.bool("created", d.names.length > 0);
  res.str("reason", d.reason);
  res.str("message", d.message);
  const o = res.key("jobs");
  o.byte(0x5b);
  for (let i = 0; i < d.names.length; i++) {
    if (i > 0) o.byte(0x2c);
    writeJob(o, d.job!, d.names[i], d.images[i]);
  }
  o.byte(0x5d);
  const p = res.key("revisionPatch");
  if (d.mark === null) p.ascii("null");
  else { p.ascii("{\"metadata\":{\"labels\":{\""); p.ascii(d.mark!); p.ascii("\":\"true\"}}}"); }
  res.bool("deletesJobs", d.deletes);
  if (pods === null || d.names.length == 0) { res.key("nodes").ascii("null"); return; }
  const nodes = targetNodes(d.job!.selector, d.job!.namespace, pods);
  if (nodes.err !== null) {
    res.key("nodes").ascii("null");
    res.str("nodesError", nodes.err!);
    return;
  }
  res.strs("nodes", nodes.names);
}
