// Which in-place update parts answer a call: the ports of OpenKruise's pkg/util/inplaceupdate
// (upstream/kruise/inplaceupdate) with the shortcuts that equal them injected where the request's `exact`
// bits (base/exact.ts) allow — as Kruise's own UpdateOptions inject CalculateSpec and PatchSpecToPod. The
// verdict, the kruise.* ops and the rollout planners compose their calls here.

import { EXACT_KRUISESPEC, EXACT_PODSPLICE, shortcutOn } from "../base/exact";
import { KruiseOptions } from "../upstream/kruise/inplaceupdate/options";
import { UpdateOptions } from "../upstream/kruise/inplaceupdate/calculate";
import { PatchOptions } from "../upstream/kruise/inplaceupdate/patchpod";
import { TV } from "../upstream/kruise/inplaceupdate/typed";
import { KruiseSpecReads, HeldTemplateReads } from "../fast/kruisespec/templatereads";
import { MapEntriesPatcher } from "../fast/podsplice/typedmeta";

/** CalculateSpec's options: `gates`, GracePeriodSeconds `grace`, the template reads `exact` allows. */
export function calculateOptions(gates: KruiseOptions, grace: i32, exact: u32): UpdateOptions {
  const o = new UpdateOptions();
  o.gates = gates;
  o.gracePeriodSeconds = grace;
  if (shortcutOn(exact, EXACT_KRUISESPEC)) o.templates = new KruiseSpecReads();
  return o;
}

/** CalculateSpec's options for revisions built from templates the caller holds decoded (`oldT`, `newT`: what the revision data decodes to). */
export function heldTemplateOptions(gates: KruiseOptions, grace: i32, exact: u32, oldT: TV, newT: TV): UpdateOptions {
  const o = calculateOptions(gates, grace, exact);
  if (shortcutOn(exact, EXACT_KRUISESPEC)) o.templates = new HeldTemplateReads(oldT, newT);
  return o;
}

/** PatchSpecToPod's options: `gates`, the server minor `server`, the MetaDataPatch application `exact` allows. */
export function patchOptions(gates: KruiseOptions, server: i32, exact: u32): PatchOptions {
  const o = new PatchOptions();
  o.gates = gates;
  o.resize = gates.resizeOn(server);
  if (shortcutOn(exact, EXACT_PODSPLICE)) o.metaDataPatch = new MapEntriesPatcher();
  return o;
}
