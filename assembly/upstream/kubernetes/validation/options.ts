// The PodValidationOptions of one pod update (pkg/apis/core/validation PodValidationOptions, filled by the
// pod strategy's GetValidationOptionsFromPodSpecAndMeta with each minor's feature-gate defaults), plus what
// the checks read beside them: the minor, the request's gates, the old pod's spec and the cluster's
// AllowPrivileged policy. One instance per validated update, computed before any check runs (levelopts.ts,
// podopts.ts) and passed down as an argument; only data here.

import { Val } from "../../../typed/value";
import { Gates } from "./gates";

/** The options of one pod update validation. */
export class PodValidationOptions {
  /** The old pod's spec (null: the zero spec). */
  oldSpec: Val | null = null;
  /** The cluster policy's AllowPrivileged (kube-apiserver --allow-privileged; the request's allowPrivileged, default true). */
  allowPrivileged: bool = true;

  // pod-level options (levelopts.ts)
  /** AllowInvalidLabelValueInSelector (1.26+). */
  invalidLabelValueInSelector: bool = false;
  /** AllowInvalidTopologySpreadConstraintLabelSelector (1.27+). */
  invalidSpreadSelector: bool = false;
  /** AllowInvalidLabelValueInRequiredNodeAffinity (1.33+). */
  invalidRequiredNodeAffinityValue: bool = false;
  /** haveSameExpandedDNSConfig (1.22-1.25, where ExpandedDNSConfig is off). */
  sameExpandedDNS: bool = false;
  /** AllowRelaxedDNSSearchValidation at 1.32 (gate off: the old searches use "." or "_"). */
  relaxedDNSSearch: bool = false;
  /** OldPodViolatesMatchLabelKeysValidation (1.34+). */
  oldViolatesMatchLabelKeys: bool = false;
  /** AllowInvalidPodDeletionCost (1.21: gate off; 1.22+: the old pod's cost was already invalid). */
  invalidDeletionCost: bool = false;
  /** AllowTaintTolerationComparisonOperators (1.35+: the old pod used Lt/Gt; the gate is off by default). */
  tolerationComparison: bool = false;
  /** ResourceIsPod (1.28+): the spec is a Pod's (a template's hostNetwork port may leave hostPort 0). */
  resourceIsPod: bool = true;
  /** 1.15-1.19: SCTP ports allowed (SCTPSupport on, or the old pod used SCTP). */
  sctp: bool = true;

  // the volume, mount and env source options (podopts.ts)
  /** AllowDownwardAPIHugePages (1.20-1.26; always from 1.27). */
  hugePages: bool = false;
  /** AllowHostIPsField (1.28-1.31). */
  hostIPs: bool = true;
  /** AllowRelaxedEnvironmentVariableValidation (1.30+). */
  relaxedEnv: bool = false;
  /** AllowEnvFilesValidation (1.34+). */
  envFiles: bool = false;
  /** AllowNonLocalProjectedTokenPath (1.30+). */
  nonLocalTokenPath: bool = false;
  /** AllowEmptyImageVolumeReference (1.37). */
  emptyImageRef: bool = false;

  /** Options of an update at Kubernetes `minor` with the request's `gates`; every option at its zero value. */
  constructor(public minor: i32, public gates: Gates) {}
}
