// Bad values as ErrorBody prints the non-scalar ones: fmt's %#v of the internal Go value (up to
// Kubernetes 1.33) or its encoding/json text (1.34+, internal types have no json tags: Go names).

import { Val } from "../../../typed/value";
import { quote } from "./errlist";
import { StrMap, fld, str, sliceLen, at } from "./view";

/** A map[string]string. */
export function renderMap(m: StrMap, json: bool): string {
  if (m.isNil) return json ? "null" : "map[string]string(nil)";
  let s = json ? "{" : "map[string]string{";
  for (let i = 0; i < m.keys.length; i++) {
    if (i > 0) s += json ? "," : ", ";
    s += quote(m.keys[i]) + ":" + quote(m.vals[i]);
  }
  return s + "}";
}

function renderStrings(v: Val | null, json: bool): string {
  if (v === null) return json ? "null" : "[]string(nil)";
  let s = json ? "[" : "[]string{";
  for (let i = 0; i < sliceLen(v); i++) {
    if (i > 0) s += json ? "," : ", ";
    s += quote(str(at(v, i)));
  }
  return s + (json ? "]" : "}");
}

function renderReqs(v: Val | null, json: bool): string {
  if (v === null) return json ? "null" : "[]core.NodeSelectorRequirement(nil)";
  let s = json ? "[" : "[]core.NodeSelectorRequirement{";
  for (let i = 0; i < sliceLen(v); i++) {
    if (i > 0) s += json ? "," : ", ";
    const r = at(v, i);
    if (json) {
      s += "{\"Key\":" + quote(str(fld(r, "Key"))) + ",\"Operator\":" + quote(str(fld(r, "Operator"))) +
        ",\"Values\":" + renderStrings(fld(r, "Values"), true) + "}";
    } else {
      s += "core.NodeSelectorRequirement{Key:" + quote(str(fld(r, "Key"))) + ", Operator:" + quote(str(fld(r, "Operator"))) +
        ", Values:" + renderStrings(fld(r, "Values"), false) + "}";
    }
  }
  return s + (json ? "]" : "}");
}

/** One core.NodeSelectorTerm. */
export function renderTerm(t: Val | null, json: bool): string {
  if (json) {
    return "{\"MatchExpressions\":" + renderReqs(fld(t, "MatchExpressions"), true) +
      ",\"MatchFields\":" + renderReqs(fld(t, "MatchFields"), true) + "}";
  }
  return "core.NodeSelectorTerm{MatchExpressions:" + renderReqs(fld(t, "MatchExpressions"), false) +
    ", MatchFields:" + renderReqs(fld(t, "MatchFields"), false) + "}";
}

/** A []core.NodeSelectorTerm. */
export function renderTerms(v: Val | null, json: bool): string {
  if (v === null) return json ? "null" : "[]core.NodeSelectorTerm(nil)";
  let s = json ? "[" : "[]core.NodeSelectorTerm{";
  for (let i = 0; i < sliceLen(v); i++) {
    if (i > 0) s += json ? "," : ", ";
    s += renderTerm(at(v, i), json);
  }
  return s + (json ? "]" : "}");
}
