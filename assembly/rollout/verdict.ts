// The in-place verdict the planners take as input (the policy engine of issue 5 computes it): request
// field `inPlace` is either a boolean for every pod, or an object from pod name to boolean (pods not
// named use `inPlaceDefault`, true unless given). true means upstream's CanUpdateInPlace would say yes
// for that pod's revision change.

import { K_TRUE, K_FALSE, K_OBJECT, K_NULL } from "../json/tape";
import { Obj, StrMap, bad, strAt } from "./objects";

/** Per-pod in-place verdicts. */
export class Verdicts {
  /** -1: per pod (see byName), 0: no pod, 1: every pod. */
  all: i32 = 1;
  byName: StrMap = new StrMap();
  fallback: bool = true;

  /** The verdict for pod `name`. */
  canInPlace(name: string): bool {
    if (this.all >= 0) return this.all == 1;
    const v = this.byName.get(name);
    return v === null ? this.fallback : v == "true";
  }
}

/** Reads `inPlace` and `inPlaceDefault` of the request object `o`. */
export function readVerdicts(o: Obj): Verdicts {
  const v = new Verdicts();
  const i = o.member("inPlace");
  if (i < 0) return v;
  const t = o.t;
  const k = t.kind(i);
  if (k == K_TRUE) { v.all = 1; return v; }
  if (k == K_FALSE) { v.all = 0; return v; }
  if (k != K_OBJECT) { bad("inPlace", "a boolean or an object of booleans"); return v; }
  v.all = -1;
  v.fallback = o.bool("inPlaceDefault", true);
  const n = t.children(i);
  let e = i + 1;
  for (let c = 0; c < n; c++) {
    const val = t.next(e);
    const vk = t.kind(val);
    if (vk != K_TRUE && vk != K_FALSE && vk != K_NULL) { bad("inPlace." + strAt(t, e), "a boolean"); return v; }
    if (vk != K_NULL) v.byName.set(strAt(t, e), vk == K_TRUE ? "true" : "false");
    e = t.next(val);
  }
  return v;
}
