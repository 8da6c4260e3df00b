// defaultCalculateInPlaceUpdateSpec of openkruise/kruise v1.9.0 (pkg/util/inplaceupdate/inplace_update_defaults.go;
// identical in v1.8.x), to be read side by side with it: diff the two ControllerRevisions' Data.Raw with
// appscode/jsonpatch, strip the first "/spec/template" of each path, and accept only
// - replace of /spec/containers/N/image (N a container of the old template),
// - with InPlaceWorkloadVerticalScaling: replace of /spec/containers/N/resources/{limits,requests}/{cpu,memory}
//   (vertical.ts) when the pod QoS class stays the same,
// - anything under /metadata/ (a strategic merge patch of the template metadata; with
//   InPlaceUpdateEnvFromMetadata, added/replaced labels/annotations read by a container's env through a
//   fieldRef become ContainerRefMetadata instead);
// with RecreatePodWhenChangeVCTInCloneSetGate, different volumeClaimTemplates hashes refuse.
// Kruise returns nil at the first refusal; here every operation is judged, so `reasons` lists them all
// (reasons.ts); the decision is the same. How the templates are read is injected (UpdateOptions.templates:
// templates.ts is the port's own full decode, fast/kruisespec the shortcuts).

import { ByteSink } from "../../../io/sink";
import { Tape, K_STRING, F_ESCAPE } from "../../../json/tape";
import { readJSON, ReadOptions } from "../../../json/reader";
import { unquote } from "../../../json/strings";
import { takeErrorMessage } from "../../../base/errors";
import { appscodeDiff, AppscodeOptions } from "../../jsonpatch/appscode";
import { UpdateSpec, StrMap, ObjMeta } from "./model";
import { RevisionInput, RevisionData, revisionData, vctHashChange } from "./revision";
import { TemplateReads, DecodeTemplates, OLD, NEW } from "./templates";
import { KruiseOptions } from "./options";
import { updateInplaceUpdateMetadata, atoi } from "./vertical";
import { SpecResult, REASON_IMAGE, REASON_RESIZE, REASON_ENV_METADATA, REASON_METADATA } from "./reasons";
import { joinStrings } from "../../../golang/join";

/** UpdateOptions: what CalculateSpec reads besides the revisions. */
export class UpdateOptions {
  /** GracePeriodSeconds. */
  gracePeriodSeconds: i32 = 0;
  /** IgnoreVolumeClaimTemplatesHashDiff. */
  ignoreVolumeClaimTemplatesHashDiff: bool = false;
  /** The feature gates and release. */
  gates: KruiseOptions = new KruiseOptions();
  /** How the templates are read (the port's own decode unless a caller injects a shortcut). */
  templates: TemplateReads = new DecodeTemplates();
}

/** One operation of CreatePatch's result. */
class Operation {
  constructor(public operation: string, public path: string, public value: i32) {}
}

/** jsonpatch.CreatePatch(oldData, newData) read back as operations (values on `tape`); null with the library's error text in `err`. */
class Patches {
  ops: Array<Operation> = new Array<Operation>();
  tape: Tape | null = null;
  err: string = "";
}

/** JSON text of string node `i`. */
function textOf(t: Tape, i: i32): string {
  if ((t.flags(i) & F_ESCAPE) == 0) return String.UTF8.decodeUnsafe(t.ptr(i), <usize>t.len(i));
  const b = new ByteSink(t.len(i) + 4);
  unquote(b, t.ptr(i), t.len(i), true);
  return String.UTF8.decodeUnsafe(b.ptr, <usize>b.len);
}

/** jsonpatch.CreatePatch(oldRevision.Data.Raw, newRevision.Data.Raw) under Go minor `go`. */
function createPatch(a: RevisionData, b: RevisionData, go: i32): Patches {
  const p = new Patches();
  const out = new ByteSink(1024);
  const ao = new AppscodeOptions();
  ao.goMinor = go;
  ao.go27 = false;
  if (!appscodeDiff(a.tape, a.node, b.tape, b.node, ao, out)) {
    p.err = takeErrorMessage();
    return p;
  }
  const t = readJSON(out.ptr, out.len, new ReadOptions())!;
  p.tape = t;
  let e = 1;
  for (let i = 0, n = t.children(0); i < n; i++) {
    p.ops.push(new Operation(textOf(t, t.member(e, "op")), textOf(t, t.member(e, "path")), t.member(e, "value")));
    e = t.next(e);
  }
  return p;
}

/** strings.Replace(p, "/spec/template", "", 1). */
function stripTemplate(p: string): string {
  const i = p.indexOf("/spec/template");
  return i < 0 ? p : p.substring(0, i) + p.substring(i + 14);
}

/** containerImagePatchRexp ^/spec/containers/([0-9]+)/image$ → the index text, or null. */
function containerImageIndex(p: string): string | null {
  if (!p.startsWith("/spec/containers/") || !p.endsWith("/image")) return null;
  const mid = p.substring(17, p.length - 6);
  if (mid.length == 0) return null;
  for (let i = 0; i < mid.length; i++) { const c = mid.charCodeAt(i); if (c < 0x30 || c > 0x39) return null; }
  return mid;
}

/** containerResourcesPatchRexp ^/spec/containers/([0-9]+)/resources/.*$ (`.` does not match a newline). */
function isContainerResourcesPath(p: string): bool {
  if (!p.startsWith("/spec/containers/")) return false;
  let i = 17;
  while (i < p.length && p.charCodeAt(i) >= 0x30 && p.charCodeAt(i) <= 0x39) i++;
  if (i == 17 || p.substr(i, 11) != "/resources/") return false;
  for (let j = i + 11; j < p.length; j++) if (p.charCodeAt(j) == 0x0a) return false;
  return true;
}

/** rfc6901Decoder: "~1" → "/", "~0" → "~" (one left-to-right pass, as strings.Replacer does). */
function rfc6901Decode(s: string): string {
  if (s.indexOf("~") < 0) return s;
  let out = "";
  let i = 0;
  while (i < s.length) {
    if (s.charCodeAt(i) == 0x7e && i + 1 < s.length) {
      const c = s.charCodeAt(i + 1);
      if (c == 0x31) { out += "/"; i += 2; continue; }
      if (c == 0x30) { out += "~"; i += 2; continue; }
    }
    out += s.charAt(i);
    i++;
  }
  return out;
}

/** strings.SplitN(p, "/", 4) when it gives exactly 4 parts, else null. */
function splitN4(p: string): Array<string> | null {
  const out = new Array<string>();
  let start = 0;
  for (let i = 0; i < 3; i++) {
    const j = p.indexOf("/", start);
    if (j < 0) break;
    out.push(p.substring(start, j));
    start = j + 1;
  }
  out.push(p.substring(start));
  return out.length == 4 ? out : null;
}

/** True when some operation changes template metadata (then the new template's env references are read). */
function anyMetadata(ops: Array<Operation>): bool {
  for (let i = 0; i < ops.length; i++) if (stripTemplate(ops[i].path).startsWith("/metadata/")) return true;
  return false;
}

/** CalculateSpec(oldRevision, newRevision, opts): the UpdateSpec (null: nil, recreate) with a reason per changed path. */
export function defaultCalculateInPlaceUpdateSpec(oldRevision: RevisionInput | null, newRevision: RevisionInput | null, opts: UpdateOptions): SpecResult {
  const res = new SpecResult();
  if (oldRevision === null || newRevision === null) return res.nil("recreate: the pod's revision is not among the workload's revisions");
  const gates = opts.gates;

  const oldData = revisionData(oldRevision, gates.go());
  const newData = revisionData(newRevision, gates.go());
  if (oldData === null || newData === null) return res.nil("recreate: the " + (oldData === null ? "old" : "new") + " revision's data is not a JSON object");
  const patches = createPatch(oldData, newData, gates.go());
  if (patches.tape === null) return res.nil("recreate: the revisions cannot be diffed: " + patches.err);
  const values = patches.tape!;

  // RecreatePodWhenChangeVCTInCloneSetGate: volumeclaimtemplate.CanVCTemplateInplaceUpdate
  const vct = gates.recreateOnVCTChange && !opts.ignoreVolumeClaimTemplatesHashDiff ? vctHashChange(oldRevision, newRevision) : null;
  if (vct !== null) res.refuse("", "", "recreate: the volumeClaimTemplates hash changed (" + vct + ") and RecreatePodWhenChangeVCTInCloneSetGate is on");

  // oldTemp, newTemp := GetTemplateFromRevision(oldRevision), GetTemplateFromRevision(newRevision)
  const temps = opts.templates.read(oldData, newData, anyMetadata(patches.ops), gates);
  if (temps.failed.length > 0) return res.nil("recreate: the " + temps.failed + " revision's data does not decode as a pod template");
  const oldContainers = temps.containers(OLD);

  const updateSpec = new UpdateSpec();
  updateSpec.revision = newRevision.name;
  updateSpec.graceSeconds = opts.gracePeriodSeconds;

  // all patches for podSpec can just update images in pod spec
  const metadataPatches = new Array<Operation>();
  for (let i = 0; i < patches.ops.length; i++) {
    const op = patches.ops[i];
    op.path = stripTemplate(op.path);
    const p = op.path;
    if (!p.startsWith("/spec/")) {
      if (p.startsWith("/metadata/")) { metadataPatches.push(op); continue; }
      res.refuse(p, op.operation, "recreate: only template metadata and fields under spec are compared; this changes the template as a whole");
      continue;
    }
    if (op.operation != "replace") {
      res.refuse(p, op.operation, "recreate: " + op.operation + " under the pod spec cannot be done in place (only replace)");
      continue;
    }
    const idxText = containerImageIndex(p);
    if (idxText !== null) {
      // for example: /spec/containers/0/image
      const idx = atoi(idxText);
      if (idx < 0 || idx >= oldContainers.count) {
        res.refuse(p, op.operation, "recreate: container index " + idxText + " is not in the old template");
        continue;
      }
      const name = oldContainers.names[idx];
      if (op.value < 0 || values.kind(op.value) != K_STRING) {
        res.refuse(p, op.operation, "recreate: the new image is not a string");
        continue;
      }
      const image = textOf(values, op.value);
      updateSpec.containerImages.set(name, image);
      res.add(p, op.operation, REASON_IMAGE, "in-place: image of container \"" + name + "\" becomes \"" + image + "\"");
      continue;
    }
    if (isContainerResourcesPath(p)) {
      if (!gates.verticalScaling) {
        res.refuse(p, op.operation, "recreate: resources change in place only with the InPlaceWorkloadVerticalScaling gate");
        continue;
      }
      const err = updateInplaceUpdateMetadata(op.operation, p, values, op.value, oldContainers, updateSpec);
      if (err !== null) {
        res.refuse(p, op.operation, "recreate: " + err);
        continue;
      }
      const w = p.split("/");
      res.add(p, op.operation, REASON_RESIZE, "in-place: " + w[6] + " " + w[5] + " of container \"" + oldContainers.names[atoi(w[3])] +
        "\" resized (InPlaceWorkloadVerticalScaling)");
      continue;
    }
    res.refuse(p, op.operation, "recreate: only containers[*].image" + (gates.verticalScaling ? " and cpu/memory quantities" : "") +
      " of the pod spec change in place");
  }

  if (gates.verticalScaling && updateSpec.containerResources.size != 0) {
    // when container resources changes exist, we should check pod qos (IsPodQoSChanged)
    const oq = temps.podQOS(OLD);
    const nq: string | null = oq === null ? null : temps.podQOS(NEW);
    if (oq === null || nq === null) return res;
    if (oq != nq) res.refuse("/spec/containers", "", "recreate: the pod QoS class changes from " + oq + " to " + nq);
  }

  if (metadataPatches.length > 0) {
    const newContainers = temps.containers(NEW);
    // the keys env reads: dropped from both metadata before the patch (delete(oldTemp.ObjectMeta.Labels, key), …)
    const delLabels = new Array<string>();
    const delAnnotations = new Array<string>();
    for (let i = 0; i < metadataPatches.length; i++) {
      const op = metadataPatches[i];
      // for example: /metadata/labels/my-label-key
      const words = splitN4(op.path);
      const mapName = words !== null ? words[2] : "";
      const eligible = (op.operation == "replace" || op.operation == "add") && words !== null && (mapName == "labels" || mapName == "annotations");
      const users = new Array<string>();
      if (eligible && gates.envFromMetadata) {
        const key = rfc6901Decode(words![3]);
        for (let c = 0, n = newContainers.count; c < n; c++) {
          if (!newContainers.refersTo(c, "metadata." + mapName, key)) continue;
          const cName = newContainers.names[c];
          if (op.value < 0 || values.kind(op.value) != K_STRING) continue;
          const v = textOf(values, op.value);
          const objMeta = updateSpec.containerRefMetadata.has(cName) ? updateSpec.containerRefMetadata.get(cName) : new ObjMeta();
          if (mapName == "labels") {
            if (objMeta.labels === null) objMeta.labels = new StrMap();
            objMeta.labels!.set(key, v);
            delLabels.push(key);
          } else {
            if (objMeta.annotations === null) objMeta.annotations = new StrMap();
            objMeta.annotations!.set(key, v);
            delAnnotations.push(key);
          }
          updateSpec.containerRefMetadata.set(cName, objMeta);
          updateSpec.updateEnvFromMetadata = true;
          users.push(cName);
        }
      }
      if (users.length > 0) {
        res.add(op.path, op.operation, REASON_ENV_METADATA, "in-place: " + mapName.substring(0, mapName.length - 1) + " read by the env of container" +
          (users.length > 1 ? "s " : " ") + joinStrings(users, ", ") + "; kruise-daemon restarts " + (users.length > 1 ? "them" : "it"));
      } else {
        let m = "in-place: template metadata, patched onto the pod (no container restarts)";
        if (eligible && !gates.envFromMetadata && newContainers.anyRefersTo("metadata." + mapName, rfc6901Decode(words![3]))) {
          m += "; env reading it is not refreshed (InPlaceUpdateEnvFromMetadata is off)";
        }
        res.add(op.path, op.operation, REASON_METADATA, m);
      }
    }
    const patchBytes = new ByteSink(256);
    const err = temps.metadataPatch(delLabels, delAnnotations, patchBytes);
    if (err !== null) res.refuse("/metadata", "", err);
    updateSpec.hasPatch = true;
    updateSpec.patch = patchBytes;
  }

  if (!res.refused) res.spec = updateSpec;
  return res;
}
