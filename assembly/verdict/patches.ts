// The patches of a template change, computed by the engine's patch libraries on the stored templates:
// RFC 6902 as appscode/jsonpatch CreatePatch (what Kruise diffs revisions with), RFC 7396 as
// evanphx/json-patch CreateMergePatch, and the strategic merge patch
// (strategicpatch.CreateTwoWayMergePatch for v1.PodTemplateSpec, or v1.Pod for a Pod).

import { Tape } from "../json/tape";
import { ReadOptions } from "../json/reader";
import { appscodeDiff, AppscodeOptions } from "../upstream/jsonpatch/appscode";
import { writeMergeDiff } from "../upstream/jsonpatch/merge";
import { createTwoWayMergePatch } from "../upstream/strategicpatch/smp";
import { goTypeName } from "../upstream/strategicpatch/types";
import { typeId } from "../schema/schema";
import { Verdict } from "./result";
import { DocInput } from "../json/document";

function direct(t: Tape, node: i32, name: string): DocInput {
  const d = new DocInput();
  d.present = true;
  d.direct = true;
  d.tape = t;
  d.node = node;
  d.base = t.rawStart(node);
  d.name = name;
  return d;
}

/** Fills v's json/merge/strategic patches from template node `a` of `ta` to `b` of `tb`; false with an error recorded. */
export function templatePatches(ta: Tape, a: i32, tb: Tape, b: i32, pod: bool, minor: i32, go: i32, v: Verdict): bool {
  const opts = new AppscodeOptions();
  opts.go22 = go >= 22;
  opts.go27 = go >= 27;
  opts.goMinor = go;
  if (!appscodeDiff(ta, a, tb, b, opts, v.jsonPatch)) return false;
  writeMergeDiff(ta, a, tb, b, go >= 22, v.mergePatch);
  const schema = typeId(minor, goTypeName(pod ? "Pod" : "PodTemplateSpec"));
  const ro = new ReadOptions();
  ro.goMinor = go;
  return createTwoWayMergePatch(direct(ta, a, "old"), direct(tb, b, "new"), schema, minor, go, ro, v.strategicPatch);
}
