// The pods of a kruise.patchPods / kruise.patchPod line that the line shortcut (eval/lines/patchpods.ts)
// evaluates with its pods replaced by `[]` / `{}`: where each pod's bytes are in the original line. State of
// one evaluation only: set by the shortcut, read by the op, and cleared at the start of every call.

/** The pods of the line being evaluated in line mode (set only during that evaluation). */
export class PodsLine {
  /** opKruisePatchPods reads the pods from the ranges below instead of the request tape. */
  static active: bool = false;
  /** The original line. */
  static src: usize = 0;
  /** Per pod three i32: start, end (byte offsets in src), 1 when it has a number token of 16+ characters. */
  static ranges: usize = 0;
  static count: i32 = 0;
  /** Length of the whole `pods` array text. */
  static rawLen: i32 = 0;
}

/** Back to ordinary evaluation (no line mode). */
export function clearPodsLine(): void {
  PodsLine.active = false;
  PodsLine.src = 0;
  PodsLine.ranges = 0;
  PodsLine.count = 0;
  PodsLine.rawLen = 0;
}
