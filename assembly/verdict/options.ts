// The options of a verdict besides the objects: versions, feature gates, applyDefaults, the Kruise strategy
// override and `now` (read from a request by eval/ops/verdictfields.ts).

import { Gates } from "../upstream/kubernetes/validation/gates";
import { KTime } from "../upstream/kruise/inplaceupdate/state";
import { KruiseOptions } from "../upstream/kruise/inplaceupdate/options";
import { K8S_NEWEST } from "../base/pins";

/** fieldValidation Ignore: unknown and duplicate fields are dropped silently. */
export const FV_IGNORE: i32 = 0;
/** fieldValidation Warn: they are dropped with a warning each (the API server's default from 1.25). */
export const FV_WARN: i32 = 1;
/** fieldValidation Strict: the request is refused (kubectl's default, --validate=strict). */
export const FV_STRICT: i32 = 2;

/** The request's options, read once. */
export class VerdictOptions {
  minor: i32 = 0;
  kubelet: i32 = 0;
  go: i32 = 0;
  /** The OpenKruise release and feature gates (Kruise kinds). */
  kruise: KruiseOptions = new KruiseOptions();
  /** The shortcuts turned off (base/exact.ts). */
  exact: u32 = 0;
  /** The gates field node on the request tape (-1 when absent), handed to the parts that read gates themselves. */
  gatesNode: i32 = -1;
  /** Strategy override ("" when absent). */
  strategy: string = "";
  /** Apply the API server's defaults to both objects (default: true for Pods and native kinds from 1.15; idempotent on live objects). */
  applyDefaults: bool = false;
  /** `now` (RFC 3339) for the Kruise pod patch; null when absent. */
  now: KTime | null = null;
  /** Kubernetes gates (Pods and the native kinds), as pod.validateUpdate applies them: in order over the minor's defaults. */
  k8sGates: Gates = new Gates();
  /** The cluster policy's --allow-privileged for the Pod validation (request `allowPrivileged`, default true). */
  allowPrivileged: bool = true;
  /** How the API server treats unknown and duplicate fields of the new object (FV_*; request `fieldValidation`). */
  fieldValidation: i32 = FV_IGNORE;
  /** Kruise kinds: the API server's minor the controller talks to (request `serverVersion`; 0: the newest minor). */
  server: i32 = 0;
  /** Kruise kinds: that API server's feature gates (request `serverGates`, over the server minor's defaults). */
  serverGates: Gates = new Gates();

  /** The API server minor of a Kruise kind's pod requests: `serverVersion`, or the newest minor kinplace knows. */
  serverMinor(): i32 {
    return this.server > 0 ? this.server : K8S_NEWEST;
  }
}
