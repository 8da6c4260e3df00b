// apivalidation.ValidateImmutableField(new, old, path) as the workload checks call it: an Invalid "field is
// immutable" error carrying the new value when Semantic.DeepEqual(old, new) is false.

import { Val } from "../../../typed/value";
import { ErrList } from "../validation/errlist";
import { fld } from "../validation/view";
import { semEqual } from "../validation/equal";
import { selectorValue } from "./values";

/** ValidateImmutableField of two values of type `t`, the new one already rendered as ErrorBody prints it. */
export function immutable(t: i32, a: Val | null, b: Val | null, path: string, rendered: string, errs: ErrList): void {
  if (!semEqual(t, a, b, "", null)) errs.invalid(path, rendered, "field is immutable");
}

/** ValidateImmutableField(new.Selector, old.Selector, "spec.selector") of two workload specs; `selType`: the field's (pointer) type. */
export function immutableSelector(ns: Val | null, os: Val | null, selType: i32, minor: i32, errs: ErrList): void {
  const a = fld(ns, "Selector"), b = fld(os, "Selector");
  if (semEqual(selType, a, b, "", null)) return;
  errs.invalid("spec.selector", selectorValue(a, minor >= 34), "field is immutable");
}
