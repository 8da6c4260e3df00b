// The pods of a kruise.patchPods / kruise.patchPod line that the line shortcut (eval/lines/patchpods.ts)
// evaluates with its pods replaced by `[]` / `{}`: where each pod's bytes are in the original line. Made by
// the shortcut for one evaluation and handed to the op as an argument.

/** The pods' byte ranges in the original line. */
export class PodRanges {
  constructor(
    /** The original line. */
    public src: usize,
    /** Per pod three i32: start, end (byte offsets in src), 1 when it has a number token of 16+ characters. */
    public ranges: usize,
    public count: i32,
    /** Length of the whole `pods` array text (or of the `pod` object). */
    public rawLen: i32,
  ) {}

  /** Start of pod `i` in src. */
  start(i: i32): i32 { return load<i32>(this.ranges + <usize>i * 12); }
  /** End of pod `i` in src. */
  end(i: i32): i32 { return load<i32>(this.ranges + <usize>i * 12, 4); }
  /** True when pod `i` has a number token of 16 or more characters. */
  long(i: i32): bool { return load<i32>(this.ranges + <usize>i * 12, 8) != 0; }
}
