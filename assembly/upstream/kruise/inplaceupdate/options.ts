// The OpenKruise release and feature gates an in-place update call runs under, with the v1.9.0 defaults.
// Gates are process-wide in Kruise (utilfeature.DefaultFeatureGate); here they are one value per call, read
// from the request once (eval/ops/kruisefields.ts) and passed to every function that reads a gate.

import { kruiseK8sMinorOf, kruiseGoOf, KRUISE_RESIZE_SERVER } from "../../../base/pins";

/** The gates and release of one call. */
export class KruiseOptions {
  /** InPlaceUpdateEnvFromMetadata (Beta, default true; forced off when KruiseDaemon is off). */
  envFromMetadata: bool = true;
  /** InPlaceWorkloadVerticalScaling (Alpha since v1.8.0, default false). */
  verticalScaling: bool = false;
  /** RecreatePodWhenChangeVCTInCloneSetGate (Alpha since v1.7.0, default false). */
  recreateOnVCTChange: bool = false;
  /** KruiseDaemon (Beta, default true). */
  kruiseDaemon: bool = true;
  /** OpenKruise minor: 5 (v1.5.5), 6 (v1.6.0), 7 (v1.7.0), 8 (v1.8.x) or 9 (v1.9.0). */
  minor: i32 = 9;

  /** The Kubernetes minor of the release's k8s.io/* libraries (and so of its v1 types): 1.32 for v1.9.0 .. 1.24 for v1.5.5. */
  k8sMinor(): i32 {
    return kruiseK8sMinorOf(this.minor);
  }

  /** The Go minor the release is answered with (23 for v1.9.0 and v1.8.3, 20 for v1.7.0, 19 before: base/pins.ts). */
  go(): i32 {
    return kruiseGoOf(this.minor);
  }

  /** client.ShouldUpdateResourceByResize(): v1.9.0 resizes through the subresource on servers from 1.32 (v1.8.x never). */
  resizeOn(server: i32): bool {
    return this.minor >= 9 && server >= KRUISE_RESIZE_SERVER;
  }
}

/** The gate names accepted in `gates`, sorted (the order in which they are checked). */
export const KRUISE_GATES: Array<string> = [
  "InPlaceUpdateEnvFromMetadata", "InPlaceWorkloadVerticalScaling", "KruiseDaemon", "RecreatePodWhenChangeVCTInCloneSetGate",
];

/** The OpenKruise minor that introduced gate `name` of KRUISE_GATES (older releases refuse it as unknown, as their feature gate does). */
export function gateSince(name: string): i32 {
  if (name == "InPlaceWorkloadVerticalScaling") return 8;
  if (name == "RecreatePodWhenChangeVCTInCloneSetGate") return 7;
  return 5;
}
