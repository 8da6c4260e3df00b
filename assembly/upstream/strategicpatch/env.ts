// What one strategic-merge-patch call runs under, passed down as an argument: the Kubernetes minor (which
// k8s.io/apimachinery behaviour), the Go minor (sort algorithm, slice growth, encoder escapes), the shortcuts it
// may take (base/exact.ts) and its per-call lookup cache. A new Env per call; nothing here is static.

import { MetaCache, PatchMeta, Strategy } from "./meta";
import { ListSearch, Scans } from "./lookups";
import { Indexed } from "./listindex";
import { shortcutOn, EXACT_LISTINDEX, EXACT_FIELDMEMO } from "../../base/exact";

/** The facts and the state of one call. */
export class Env {
  /** The call's field lookups (its Go minor, the memo switch, the field lists computed so far). */
  cache: MetaCache;
  /** Lookup results of diff.ts, read before it recurses (rewritten by every lookup). */
  meta: PatchMeta = new PatchMeta();
  strategy: Strategy = new Strategy();
  /** The list searches: upstream's scans (lookups.ts), or the hashed shortcut (listindex.ts). */
  lists: ListSearch;
  /** `minor`: Kubernetes minor (30 for 1.30); `go`: Go minor; `exact`: the shortcuts turned off (base/exact.ts). */
  constructor(public minor: i32, public go: i32, exact: u32 = 0) {
    this.lists = shortcutOn(exact, EXACT_LISTINDEX) ? new Indexed() : new Scans();
    this.cache = new MetaCache(go, shortcutOn(exact, EXACT_FIELDMEMO));
  }
}
