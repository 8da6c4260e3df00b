// OpenKruise lifecycle hooks (pub.Lifecycle: preDelete, inPlaceUpdate, preNormal), each a set of
// finalizers and labels; a pod is "hooked" when it carries any of them (OpenKruise v1.9.0
// pkg/util/lifecycle/lifecycle_utils.go IsPodHooked). assembly/rollout/fasthooked.ts answers the same
// from the smaller side.

import { Obj, StrMap } from "./objects";
import { Pod } from "./pod";

/** One pub.LifecycleHook. */
export class Hook {
  finalizers: Array<string> = new Array<string>();
  labels: StrMap = new StrMap();
  markPodNotReady: bool = false;
  /** The keys of labelsHandler whose value is empty. */
  emptyValued: Array<string> = new Array<string>();
  private finalizerSet: Set<string> | null = null;

  /** True when finalizersHandler holds `f`. */
  hasFinalizer(f: string): bool {
    let s = this.finalizerSet;
    if (s === null) {
      s = new Set<string>();
      for (let i = 0; i < this.finalizers.length; i++) s.add(this.finalizers[i]);
      this.finalizerSet = s;
    }
    return s.has(f);
  }
}

/** The hooks of a workload (null: not set). */
export class Lifecycle {
  preDelete: Hook | null = null;
  inPlaceUpdate: Hook | null = null;
  preNormal: Hook | null = null;
}

function readHook(o: Obj, name: string): Hook | null {
  const h = o.obj(name);
  if (!h.present) return null;
  const r = new Hook();
  r.finalizers = h.strs("finalizersHandler");
  r.labels = h.map("labelsHandler");
  for (let i = 0; i < r.labels.size; i++) if (r.labels.vals[i].length == 0) r.emptyValued.push(r.labels.keys[i]);
  r.markPodNotReady = h.bool("markPodNotReady", false);
  return r;
}

/** Reads member `name` of `o` as a pub.Lifecycle (null when absent). */
export function readLifecycle(o: Obj, name: string): Lifecycle | null {
  const l = o.obj(name);
  if (!l.present) return null;
  const r = new Lifecycle();
  r.preDelete = readHook(l, "preDelete");
  r.inPlaceUpdate = readHook(l, "inPlaceUpdate");
  r.preNormal = readHook(l, "preNormal");
  return r;
}

/** lifecycle.IsPodHooked: the pod carries one of the hook's finalizers, or one of its labels has the hook's value (Go's map read). */
export function isPodHooked(h: Hook | null, p: Pod): bool {
  if (h === null) return false;
  for (let i = 0; i < h.finalizers.length; i++) if (p.hasFinalizer(h.finalizers[i])) return true;
  for (let i = 0; i < h.labels.size; i++) if (p.labels.at(h.labels.keys[i]) == h.labels.vals[i]) return true;
  return false;
}
