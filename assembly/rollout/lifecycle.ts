// OpenKruise lifecycle hooks (pub.Lifecycle: preDelete, inPlaceUpdate, preNormal), each a set of
// finalizers and labels; a pod is "hooked" when it carries any of them, "all hooked" when it carries all.

import { Obj, StrMap } from "./objects";
import { Pod } from "./pod";
import { K_STRING } from "../json/tape";
import { strAt } from "./objects";

/** One pub.LifecycleHook. */
export class Hook {
  finalizers: Array<string> = new Array<string>();
  labels: StrMap = new StrMap();
  markPodNotReady: bool = false;
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
  const fa = h.arr("finalizersHandler");
  if (fa >= 0) {
    const t = o.t;
    const n = t.children(fa);
    let e = fa + 1;
    for (let k = 0; k < n; k++) {
      if (t.kind(e) == K_STRING) r.finalizers.push(strAt(t, e));
      e = t.next(e);
    }
  }
  r.labels = h.map("labelsHandler");
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

/** lifecycle.IsPodHooked: the pod carries one of the hook's finalizers or labels. */
export function isPodHooked(h: Hook | null, p: Pod): bool {
  if (h === null) return false;
  for (let i = 0; i < h.finalizers.length; i++) if (p.hasFinalizer(h.finalizers[i])) return true;
  for (let i = 0; i < h.labels.size; i++) if (p.labels.at(h.labels.keys[i]) == h.labels.vals[i]) return true;
  return false;
}

/** lifecycle.IsPodAllHooked: the pod carries all of the hook's finalizers and labels. */
export function isPodAllHooked(h: Hook | null, p: Pod): bool {
  if (h === null) return false;
  for (let i = 0; i < h.finalizers.length; i++) if (!p.hasFinalizer(h.finalizers[i])) return false;
  for (let i = 0; i < h.labels.size; i++) if (p.labels.at(h.labels.keys[i]) != h.labels.vals[i]) return false;
  return true;
}
