// The pods the CloneSet webhook's client can Get (the request's `pods`): looked up by namespace and name, as a
// fake client holding them answers (two pods with one namespace and name are refused by the caller).

import { Val } from "../../../typed/value";
import { fld, str, int, isSet, deref, sliceLen, at } from "../../kubernetes/validation/view";

/** Pods by namespace and name. */
export class PodLookup {
  private byKey: Map<string, Val | null> = new Map<string, Val | null>();

  /** The namespace/name key of the pod added last. */
  lastKey: string = "";

  /** Adds decoded v1.Pod `p`; false when one with the same namespace and name is there already. */
  add(p: Val | null): bool {
    const m = fld(p, "ObjectMeta");
    const k = str(fld(m, "Namespace")) + "/" + str(fld(m, "Name"));
    this.lastKey = k;
    if (this.byKey.has(k)) return false;
    this.byKey.set(k, p);
    return true;
  }

  /** The pod `name` in namespace `ns`, or null when the client would answer NotFound. */
  get(ns: string, name: string): Val | null {
    const k = ns + "/" + name;
    return this.byKey.has(k) ? this.byKey.get(k) : null;
  }

  /** True when pod `p` has an owner reference with controller true (metav1.GetControllerOf). */
  hasController(p: Val | null): bool {
    return this.controllerIndex(p) >= 0;
  }

  /** The UID of pod `p`'s controller owner reference ("" when none). */
  controllerUID(p: Val | null): string {
    const i = this.controllerIndex(p);
    return i < 0 ? "" : str(fld(at(fld(fld(p, "ObjectMeta"), "OwnerReferences"), i), "UID"));
  }

  private controllerIndex(p: Val | null): i32 {
    const refs = fld(fld(p, "ObjectMeta"), "OwnerReferences");
    for (let i = 0; i < sliceLen(refs); i++) {
      const c = fld(at(refs, i), "Controller");
      if (isSet(c) && int(deref(c)) != 0) return i;
    }
    return -1;
  }
}
