// Update strategy outcomes of OpenKruise v1.9.0 for a template change (`kruise.strategy`):
//  - the validating webhook for InPlaceOnly: the appscode diff of json.Marshal(template.spec) old → new
//    must hold only `replace` ops on image paths:
//      CloneSet (apps.kruise.io/v1alpha1 objects; core ValidateCloneSetUpdate, regex ^/containers/N/image$):
//        "spec: Forbidden: only allowed to update images in spec for InPlaceOnly, but found <op> <path>"
//        (v1beta1 CloneSets are not checked by the v1.9.0 webhook);
//      Advanced StatefulSet under InPlaceIfPossible/InPlaceOnly without the InPlaceUpdateReady readiness gate
//        (validatePodUpdatePolicy): "spec.template.spec.readinessGates: Invalid value: []v1.PodReadinessGate(nil):
//        must contains InPlaceUpdateReady when podUpdatePolicy is <policy>" (checked first);
//      Advanced StatefulSet (validateTemplateInPlaceOnly, regex /containers/N/image *unanchored*, so
//        e.g. /containers/0/imagePullPolicy passes):
//        "invalid template modified with InPlaceOnly strategy: <op> <path>, currently only image update is
//        allowed for InPlaceOnly".
//    Kruise names the first offending operation in Go's random map order; `violations` lists them all.
//  - the controller: ReCreate → recreate; InPlaceIfPossible → in place when CalculateSpec accepts the
//    two revisions, else recreate; InPlaceOnly → in place, or stuck with the controller's error
//    (CloneSet: "find Pod <pod> update strategy is InPlaceOnly but can not update in-place"; Advanced
//    StatefulSet: "find strategy is InPlaceOnly but Pod <pod> can not update in-place").
// Revisions are built from the templates as the controllers build them (content `{"spec":{"template":…}}`;
// the diff sees content only). CloneSet InPlaceOnly ignores the volumeClaimTemplates hash.

import { ByteSink } from "../../../io/sink";
import { Tape, K_STRING } from "../../../json/tape";
import { readJSON, ReadOptions } from "../../../json/reader";
import { unquote } from "../../../json/strings";
import { appscodeDiff, AppscodeOptions } from "../../jsonpatch/appscode";
import { RawV } from "../../../typed/value";
import { TV, fieldOf, strOf, sliceLen, sliceAt } from "./typed";
import { encodeTyped } from "./typedpod";
import { goQuote } from "../../../json/gostrconv";
import { defaultCalculateInPlaceUpdateSpec, UpdateOptions } from "./calculate";
import { RevisionInput } from "./revision";
import { SpecResult, REASON_REJECTED } from "./reasons";

/** The outcome of one strategy evaluation. */
export class StrategyResult {
  allowed: bool = true;
  /** The webhook's denial text (first violation), or "". */
  message: string = "";
  /** Every offending "<op> <path>". */
  violations: Array<string> = new Array<string>();
  /** "in-place" | "recreate" | "rejected" | "stuck". */
  outcome: string = "";
  /** The controller's error when stuck, else "". */
  controllerError: string = "";
  spec: SpecResult | null = null;
}

function textOf(t: Tape, i: i32): string {
  const b = new ByteSink(t.len(i) + 4);
  unquote(b, t.ptr(i), t.len(i), true);
  return String.UTF8.decodeUnsafe(b.ptr, <usize>b.len);
}

/** ^/containers/([0-9]+)/image$ (anchored: CloneSet) or unanchored (Advanced StatefulSet). */
function imagePathMatches(p: string, anchored: bool): bool {
  let from = 0;
  while (true) {
    const i = p.indexOf("/containers/", from);
    if (i < 0) return false;
    if (anchored && i != 0) return false;
    let j = i + 12;
    const s = j;
    while (j < p.length && p.charCodeAt(j) >= 0x30 && p.charCodeAt(j) <= 0x39) j++;
    if (j > s && p.substr(j, 6) == "/image" && (!anchored || j + 6 == p.length)) return true;
    if (anchored) return false;
    from = i + 1;
  }
}

/** One appscode patch operation InPlaceOnly refuses. */
export class Violation {
  constructor(public op: string, public path: string) {}
}

/**
 * The operations of the appscode diff of two template specs (json.Marshal texts `a` → `b`) that InPlaceOnly
 * refuses: anything but a `replace` of a container image path (`anchored`: ^/containers/N/image$ as the CloneSet
 * check; else unanchored, as the Advanced StatefulSet webhook). Null with the library's error recorded.
 */
export function inPlaceOnlyViolations(a: ByteSink, b: ByteSink, anchored: bool, go: i32): Array<Violation> | null {
  const ro = new ReadOptions();
  const ta = readJSON(a.ptr, a.len, ro)!;
  const tb = readJSON(b.ptr, b.len, ro)!;
  const out = new ByteSink(256);
  const ao = new AppscodeOptions();
  ao.goMinor = go;
  ao.go27 = false;
  if (!appscodeDiff(ta, 0, tb, 0, ao, out)) return null;
  const pt = readJSON(out.ptr, out.len, ro)!;
  const n = pt.children(0);
  const found = new Array<Violation>();
  let e = 1;
  for (let i = 0; i < n; i++) {
    const op = textOf(pt, pt.member(e, "op"));
    const p = textOf(pt, pt.member(e, "path"));
    if (op != "replace" || !imagePathMatches(p, anchored)) found.push(new Violation(op, p));
    e = pt.next(e);
  }
  return found;
}

/** json.Marshal of a typed value; null with an error. */
function encodeTV(v: TV): ByteSink | null {
  return encodeTyped(v.t, v.v);
}

/** A RevisionInput whose data is `{"spec":{"template":<json.Marshal(template)>}}` (the bytes [textP, textP+textN) when given). */
function revisionOf(name: string, tmpl: TV, textP: usize, textN: i32): RevisionInput | null {
  let tp = textP, tn = textN;
  if (tp == 0) {
    const t = encodeTyped(tmpl.t, tmpl.v);
    if (t === null) return null;
    tp = t.ptr;
    tn = t.len;
  }
  const d = new ByteSink(tn + 32);
  d.ascii("{\"spec\":{\"template\":");
  d.bytes(tp, tn);
  d.ascii("}}");
  const raw = new RawV(-1);
  raw.p = d.ptr;
  raw.n = d.len;
  raw.isNil = false;
  const r = new RevisionInput();
  r.name = name;
  r.data = raw;
  return r;
}

/** The bytes json.Marshal writes for a template, when the caller holds them already (a stored object's template member). */
export class StoredText {
  constructor(public p: usize, public n: i32) {}
}

/**
 * Evaluates `policy` ("ReCreate" | "InPlaceIfPossible" | "InPlaceOnly") for kind "CloneSet" or "AdvancedStatefulSet"
 * from template `oldT` to `newT`, CalculateSpec under `opts`; `oldText` / `newText`: json.Marshal of the templates
 * when known (else encoded here). Null with an error recorded.
 */
export function evaluateStrategy(kind: string, apiVersion: string, policy: string, oldT: TV, newT: TV, podName: string, opts: UpdateOptions,
  oldText: StoredText | null = null, newText: StoredText | null = null): StrategyResult | null {
  const r = new StrategyResult();
  const cloneSet = kind == "CloneSet";
  if (!cloneSet && policy != "ReCreate") {
    // validatePodUpdatePolicy: the template must carry the InPlaceUpdateReady readiness gate
    const gs = fieldOf(fieldOf(newT, "spec"), "readinessGates");
    let found = false;
    for (let i = 0, n = sliceLen(gs); i < n; i++) if (strOf(fieldOf(sliceAt(gs, i), "conditionType")) == "InPlaceUpdateReady") found = true;
    if (!found) {
      const v = new ByteSink(64);
      v.ascii("[]v1.PodReadinessGate");
      if (sliceLen(gs) == 0) v.ascii("(nil)"); // stored: an empty list is omitted, so decoded as nil
      else {
        v.byte(0x7b);
        for (let i = 0, n = sliceLen(gs); i < n; i++) {
          if (i > 0) v.ascii(", ");
          v.ascii("v1.PodReadinessGate{ConditionType:");
          const t = strOf(fieldOf(sliceAt(gs, i), "conditionType"));
          const b = new ByteSink(t.length + 8);
          b.utf8(t);
          goQuote(v, b.ptr, b.len, 23);
          v.byte(0x7d);
        }
        v.byte(0x7d);
      }
      r.allowed = false;
      r.message = "spec.template.spec.readinessGates: Invalid value: " + String.UTF8.decodeUnsafe(v.ptr, <usize>v.len) +
        ": must contains InPlaceUpdateReady when podUpdatePolicy is " + policy;
      r.outcome = "rejected";
      const sr = new SpecResult();
      sr.add("/spec/readinessGates", "", REASON_REJECTED, "rejected: " + policy + " needs the InPlaceUpdateReady readiness gate");
      r.spec = sr;
      return r;
    }
  }
  if (policy == "InPlaceOnly" && (!cloneSet || apiVersion == "v1alpha1")) {
    const a = encodeTV(fieldOf(oldT, "spec"));
    const b = encodeTV(fieldOf(newT, "spec"));
    if (a === null || b === null) return null;
    const found = inPlaceOnlyViolations(a, b, cloneSet, opts.gates.go());
    if (found === null) return null; // (the library's error stays recorded)
    const rejections = new SpecResult();
    for (let i = 0; i < found.length; i++) {
      const v = found[i];
      r.violations.push(v.op + " " + v.path);
      rejections.add(v.path, v.op, REASON_REJECTED, "rejected: InPlaceOnly allows only image changes in the template spec");
    }
    if (r.violations.length > 0) {
      r.allowed = false;
      r.message = cloneSet
        ? "spec: Forbidden: only allowed to update images in spec for InPlaceOnly, but found " + r.violations[0]
        : "invalid template modified with InPlaceOnly strategy: " + r.violations[0] + ", currently only image update is allowed for InPlaceOnly";
      r.outcome = "rejected";
      r.spec = rejections;
      return r;
    }
  }
  const oldRev = revisionOf("old", oldT, oldText !== null ? oldText.p : 0, oldText !== null ? oldText.n : 0);
  const newRev = revisionOf("new", newT, newText !== null ? newText.p : 0, newText !== null ? newText.n : 0);
  if (oldRev === null || newRev === null) return null;
  const s = defaultCalculateInPlaceUpdateSpec(oldRev, newRev, opts);
  r.spec = s;
  const inPlace = s.spec !== null;
  if (inPlace && s.reasons.length == 0) r.outcome = "none";
  else if (policy == "ReCreate") r.outcome = "recreate";
  else if (inPlace) r.outcome = "in-place";
  else if (policy == "InPlaceIfPossible") r.outcome = "recreate";
  else {
    r.outcome = "stuck";
    r.controllerError = cloneSet
      ? "find Pod " + podName + " update strategy is InPlaceOnly but can not update in-place"
      : "find strategy is InPlaceOnly but Pod " + podName + " can not update in-place";
  }
  return r;
}
