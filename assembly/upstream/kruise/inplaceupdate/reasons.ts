// What CalculateSpec decided for each changed path, and why: the engine's addition to the port (Kruise itself
// returns nil at the first refusal). Every operation of the diff is judged, so the reasons list them all;
// the decision is Kruise's. Consumers decide by a reason's code, never by its message.

import { UpdateSpec } from "./model";

/** Not in place: CalculateSpec returns nil because of this change. */
export const REASON_RECREATE: i32 = 0;
/** Refused by a webhook before any controller sees it (strategy.ts). */
export const REASON_REJECTED: i32 = 1;
/** In place: a container's image; the kubelet restarts the container. */
export const REASON_IMAGE: i32 = 2;
/** In place: cpu/memory of a container resized (InPlaceWorkloadVerticalScaling). */
export const REASON_RESIZE: i32 = 3;
/** In place: a label/annotation read by containers' env through the downward API; kruise-daemon restarts them. */
export const REASON_ENV_METADATA: i32 = 4;
/** In place: template metadata patched onto the pod; no container restarts. */
export const REASON_METADATA: i32 = 5;

/** One judged change: the path as Kruise sees it (after stripping "/spec/template"), the op, the code and the message. */
export class Reason {
  constructor(public path: string, public op: string, public code: i32, public message: string) {}

  /** True when the change can be done in place. */
  get inPlace(): bool {
    return this.code >= REASON_IMAGE;
  }
}

/** The decision: `spec` null means "recreate" (CalculateSpec returned nil). */
export class SpecResult {
  spec: UpdateSpec | null = null;
  reasons: Array<Reason> = new Array<Reason>();
  /** Some change makes CalculateSpec return nil (the spec is not set). */
  refused: bool = false;

  /** Records a reason. */
  add(path: string, op: string, code: i32, message: string): void {
    this.reasons.push(new Reason(path, op, code, message));
  }

  /** Records a change that makes CalculateSpec return nil (Kruise's `return nil`; the other changes are still judged). */
  refuse(path: string, op: string, message: string): void {
    this.add(path, op, REASON_RECREATE, message);
    this.refused = true;
  }

  /** Records why CalculateSpec returns nil before judging any change, and returns this. */
  nil(message: string): SpecResult {
    this.refuse("", "", message);
    return this;
  }
}
