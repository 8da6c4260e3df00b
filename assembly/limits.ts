// Explicit limits on what one call may read; defaults follow Go's encoding/json where it has one.
// Static fields are wasm globals, so they survive the per-call heap reset.

/** Process-wide default limits; a request may override them for one call. */
export class Limits {
  /** Deepest nesting accepted (Go's scanner stops at 10000). */
  static maxDepth: i32 = 10000;
  /** Largest input accepted, in bytes. */
  static maxBytes: i32 = 128 << 20;
}
