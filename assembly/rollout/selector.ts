// Label selectors as OpenKruise builds them (v1.9.0 pkg/util/selector.go ValidatedLabelSelectorAsSelector)
// and as k8s.io/apimachinery v0.32 pkg/labels matches them: nil matches nothing, an empty selector
// everything; matchLabels are `=` requirements, matchExpressions use In / NotIn / Exists / DoesNotExist
// (another operator is an error); keys and values are not validated. Selector.matches is
// internalSelector.Matches and Requirement.Matches step for step; assembly/rollout/fastselector.ts
// answers the same from the label side.

import { K_STRING, K_NULL } from "../json/tape";
import { Obj, StrMap, strAt, bad, strEq } from "./objects";

export const OP_IN = 0;
export const OP_NOT_IN = 1;
export const OP_EXISTS = 2;
export const OP_NOT_EXISTS = 3;

/** labels.Requirement: a key, an operator and its values (matchLabels entries are In with one value). */
export class Requirement {
  key: string = "";
  op: i32 = OP_IN;
  values: Array<string> = new Array<string>();

  /** Requirement.hasValue. */
  hasValue(v: string): bool {
    for (let i = 0; i < this.values.length; i++) if (strEq(unchecked(this.values[i]), v)) return true;
    return false;
  }

  /** Requirement.Matches(ls). */
  matches(ls: StrMap): bool {
    const v = ls.get(this.key);
    if (this.op == OP_IN) return v !== null && this.hasValue(v);
    if (this.op == OP_NOT_IN) return v === null || !this.hasValue(v);
    if (this.op == OP_EXISTS) return v !== null;
    return v === null;
  }
}

/** Something that answers labels.Selector.Matches. */
export abstract class LabelMatcher {
  /** labels.Selector.Matches(labels). */
  abstract matches(labels: StrMap): bool;
}

/** A parsed selector. */
export class Selector extends LabelMatcher {
  /** nil selector: labels.Nothing(), matches nothing. */
  nothing: bool = false;
  /** The operator error text (`"X" is not a valid pod selector operator`), or null. */
  error: string | null = null;
  reqs: Array<Requirement> = new Array<Requirement>();

  /** labels.Selector.Empty(): no requirement (matches everything). */
  get empty(): bool { return !this.nothing && this.reqs.length == 0; }

  /** labels.Selector.Matches: every requirement matches. */
  matches(labels: StrMap): bool {
    if (this.nothing) return false;
    for (let i = 0; i < this.reqs.length; i++) if (!unchecked(this.reqs[i]).matches(labels)) return false;
    return true;
  }
}

/** Reads the metav1.LabelSelector member `name` of `o` (absent or null: the nil selector). */
export function readSelector(o: Obj, name: string): Selector {
  const s = new Selector();
  const so = o.obj(name);
  if (!so.present) { s.nothing = true; return s; }
  const ml = so.map("matchLabels");
  for (let i = 0; i < ml.size; i++) {
    const r = new Requirement();
    r.key = ml.keys[i];
    r.values.push(ml.vals[i]);
    s.reqs.push(r);
  }
  const ea = so.arr("matchExpressions");
  if (ea >= 0) {
    const t = o.t;
    const n = t.children(ea);
    let e = ea + 1;
    for (let k = 0; k < n; k++) {
      const eo = so.elem(e, "matchExpressions", k);
      e = t.next(e);
      if (!eo.present) continue;
      const r = new Requirement();
      r.key = eo.str("key");
      const op = eo.str("operator");
      if (op == "In") r.op = OP_IN;
      else if (op == "NotIn") r.op = OP_NOT_IN;
      else if (op == "Exists") r.op = OP_EXISTS;
      else if (op == "DoesNotExist") r.op = OP_NOT_EXISTS;
      else if (s.error === null) s.error = "\"" + op + "\" is not a valid pod selector operator";
      const va = eo.arr("values");
      if (va >= 0) {
        const m = t.children(va);
        let v = va + 1;
        for (let j = 0; j < m; j++) {
          if (t.kind(v) == K_STRING) r.values.push(strAt(t, v));
          else if (t.kind(v) == K_NULL) r.values.push("");
          else bad(eo.sub("values") + "[" + j.toString() + "]", "a string");
          v = t.next(v);
        }
      }
      s.reqs.push(r);
    }
  }
  return s;
}
