// Explicit limits on what one call may read; defaults follow Go's encoding/json where it has one
// (docs/architecture.md "Limits"). The process-wide defaults are the only state here: set by the `setLimits`
// export, copied into each request's ReadOptions (which its `limits` member may override), never changed by a call.

/** Process-wide default limits; a request may override them for one call. */
export class Limits {
  /** The engine's own nesting cap, above Go's limit (10000 since Go 1.15; none before). */
  static maxDepth: i32 = 1000000;
  /** Largest input accepted, in bytes. */
  static maxBytes: i32 = 128 << 20;
  /** Most elements of one JSON array or members of one JSON object inside the Kubernetes objects of a request
   *  (the request's own top-level lists, such as pods and nodes, aside: their ops limit them). */
  static maxItems: i32 = 10000;
}
