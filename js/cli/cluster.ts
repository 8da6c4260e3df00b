// The cluster a command judges updates for: --kubernetes, --kubelet, --kruise and --gate, read the same way by
// every command that asks the verdict of many objects (webhook, kubectl-diff).

import { KUBERNETES_MINORS } from "../present/versions.js";
import type { ClusterChoice } from "../present/options.js";
import { isPreDownloadGate } from "../present/predownload.js";
import { gatesOption, minorOption, type ParsedArgs } from "./args.js";

/** The option specs of the cluster's versions and gates, for parseArgs. */
export const CLUSTER_SPECS = {
  kubernetes: { type: "value", complete: KUBERNETES_MINORS },
  kubelet: { type: "value", complete: KUBERNETES_MINORS },
  kruise: { type: "value" },
  gate: { type: "list" },
} as const;

/** The cluster choice of parsed arguments (the pre-download gates left out: the verdict does not take them); throws UsageError. */
export function clusterChoice(a: ParsedArgs): ClusterChoice {
  const gates = gatesOption(a.lists.get("gate"));
  return {
    kubernetes: minorOption("kubernetes", a.values.get("kubernetes")),
    kubelet: minorOption("kubelet", a.values.get("kubelet")),
    kruise: a.values.get("kruise"),
    gates: gates === undefined ? undefined : Object.fromEntries(Object.entries(gates).filter(([g]) => !isPreDownloadGate(g))),
  };
}
