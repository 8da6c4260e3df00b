// The release facts one strategic-merge-patch call runs under: the Kubernetes minor (which
// k8s.io/apimachinery behaviour) and the Go minor (sort algorithm, slice growth, encoder escapes).
// Set at the start of every call (primitive statics; the cache is replaced before any use).

import { MetaCache, PatchMeta, Strategy } from "./meta";
import { FieldCache } from "../../typed/fields";

/** Facts of the running call. */
export class Env {
  /** Kubernetes minor, e.g. 30 for 1.30 */
  static minor: i32 = 0;
  /** Go minor, e.g. 22 */
  static go: i32 = 0;
  /** Per-call lookup cache (replaced by `begin`). */
  static cache: MetaCache | null = null;
  /** Per-call scratch lookup results for callers that read them before recursing (replaced by `begin`). */
  static meta: PatchMeta | null = null;
  static strategy: Strategy | null = null;

  /** Starts a call. */
  static begin(minor: i32, go: i32): void {
    Env.minor = minor;
    Env.go = go;
    Env.cache = new MetaCache();
    Env.meta = new PatchMeta();
    Env.strategy = new Strategy();
    FieldCache.reset(); // per-call field lists of a previous call point into a reset arena
  }
}
