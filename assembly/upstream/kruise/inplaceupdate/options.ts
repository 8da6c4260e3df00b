// The OpenKruise release and feature gates an in-place update call runs under, with the v1.9.0 defaults.
// Gates are process-wide in Kruise; here they are set per call (static fields, reset by the request reader
// eval/ops/kruisefields.ts).

import { Tape, K_OBJECT, K_TRUE, K_FALSE, K_NULL, K_STRING } from "../../../json/tape";
import { unquote } from "../../../json/strings";
import { ByteSink } from "../../../io/sink";
import { fail, E_BAD_REQUEST, E_UNSUPPORTED_VERSION } from "../../../base/errors";
import { kruiseK8sMinorOf } from "../../../base/pins";

/** The gates and release of the current call. */
export class KruiseOptions {
  /** InPlaceUpdateEnvFromMetadata (Beta, default true; forced off when KruiseDaemon is off). */
  static envFromMetadata: bool = true;
  /** InPlaceWorkloadVerticalScaling (Alpha since v1.8.0, default false). */
  static verticalScaling: bool = false;
  /** RecreatePodWhenChangeVCTInCloneSetGate (Alpha since v1.7.0, default false). */
  static recreateOnVCTChange: bool = false;
  /** KruiseDaemon (Beta, default true). */
  static kruiseDaemon: bool = true;
  /** OpenKruise minor: 8 (v1.8.x) or 9 (v1.9.0). */
  static minor: i32 = 9;

  /** Back to the v1.9.0 defaults. */
  static reset(): void {
    KruiseOptions.envFromMetadata = true;
    KruiseOptions.verticalScaling = false;
    KruiseOptions.recreateOnVCTChange = false;
    KruiseOptions.kruiseDaemon = true;
    KruiseOptions.minor = 9;
  }
}

/** The Kubernetes minor of the release's k8s.io/* libraries (and so of its v1 types): 1.32 for v1.9.0, 1.30 for v1.8.3. */
export function kruiseK8sMinor(): i32 {
  return kruiseK8sMinorOf(KruiseOptions.minor);
}

/** The gate names accepted in `gates`, sorted (the order in which they are checked). */
export const KRUISE_GATES: Array<string> = [
  "InPlaceUpdateEnvFromMetadata", "InPlaceWorkloadVerticalScaling", "KruiseDaemon", "RecreatePodWhenChangeVCTInCloneSetGate",
];
