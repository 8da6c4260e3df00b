// The verdict options of one workload from what a person chose for the whole cluster (the CLI's flags, the web
// page's controls): an OpenKruise kind's controller runs its release's own Kubernetes code, so the chosen
// Kubernetes minor and gates are the API server it sends pod updates and resizes to (`serverVersion`,
// `serverGates`), and the kubelet's minor does not apply; the other kinds take them as `kubernetes`, `kubelet` and
// `gates`. OpenKruise gates go to the OpenKruise kinds only; the pre-download gates to none (kruise.preDownload
// reads them).

import { isKruiseKind, KRUISE_GATES, type WorkloadKind } from "./kinds.js";
import { isPreDownloadGate } from "./predownload.js";

/** What a person chose for the cluster. */
export interface ClusterChoice {
  kubernetes?: string;
  kubelet?: string;
  kruise?: string;
  gates?: { [gate: string]: boolean };
}

/** The version and gate members of a verdict request. */
export interface KindOptions {
  kubernetes?: string;
  kubelet?: string;
  kruise?: string;
  gates?: { [gate: string]: boolean };
  serverVersion?: string;
  serverGates?: { [gate: string]: boolean };
}

/** The verdict's version and gate options for a workload of `kind` under the cluster choice `c` (absent members left out). */
export function kindOptions(kind: WorkloadKind | undefined, c: ClusterChoice): KindOptions {
  const pick = (kruiseGates: boolean) => {
    const out = Object.fromEntries(Object.entries(c.gates ?? {}).filter(([g]) => !isPreDownloadGate(g) && KRUISE_GATES.includes(g) === kruiseGates));
    return Object.keys(out).length > 0 ? out : undefined;
  };
  const o: KindOptions = isKruiseKind(kind)
    ? { kruise: c.kruise, gates: pick(true), serverVersion: c.kubernetes, serverGates: pick(false) }
    : { kubernetes: c.kubernetes, kubelet: c.kubelet, gates: pick(false) };
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== "")) as KindOptions;
}
