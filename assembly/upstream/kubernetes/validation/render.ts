// Bad values as ErrorBody prints the non-scalar ones: fmt's %#v of the internal Go value (up to
// Kubernetes 1.33) or its encoding/json text (1.34+, internal types have no json tags: Go names).

import { Val } from "../../../typed/value";
import { quote } from "./errlist";
import { StrMap, fld, str, sliceLen, at } from "./view";
import { joinStrings } from "../../../golang/join";

/** A map[string]string. */
export function renderMap(m: StrMap, json: bool): string {
  if (m.isNil) return json ? "null" : "map[string]string(nil)";
  const parts = new Array<string>(m.keys.length);
  for (let i = 0; i < m.keys.length; i++) parts[i] = quote(m.keys[i]) + ":" + quote(m.vals[i]);
  return (json ? "{" : "map[string]string{") + joinStrings(parts, json ? "," : ", ") + "}";
}

/** A []string (nil: `[]string(nil)` / `null`). */
export function renderStrings(v: Val | null, json: bool): string {
  if (v === null) return json ? "null" : "[]string(nil)";
  const n = sliceLen(v);
  const parts = new Array<string>(n);
  for (let i = 0; i < n; i++) parts[i] = quote(str(at(v, i)));
  return (json ? "[" : "[]string{") + joinStrings(parts, json ? "," : ", ") + (json ? "]" : "}");
}

function renderReqs(v: Val | null, json: bool): string {
  if (v === null) return json ? "null" : "[]core.NodeSelectorRequirement(nil)";
  const n = sliceLen(v);
  const parts = new Array<string>(n);
  for (let i = 0; i < n; i++) {
    const r = at(v, i);
    parts[i] = json
      ? "{\"Key\":" + quote(str(fld(r, "Key"))) + ",\"Operator\":" + quote(str(fld(r, "Operator"))) + ",\"Values\":" + renderStrings(fld(r, "Values"), true) + "}"
      : "core.NodeSelectorRequirement{Key:" + quote(str(fld(r, "Key"))) + ", Operator:" + quote(str(fld(r, "Operator"))) + ", Values:" + renderStrings(fld(r, "Values"), false) + "}";
  }
  return (json ? "[" : "[]core.NodeSelectorRequirement{") + joinStrings(parts, json ? "," : ", ") + (json ? "]" : "}");
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
  const n = sliceLen(v);
  const parts = new Array<string>(n);
  for (let i = 0; i < n; i++) parts[i] = renderTerm(at(v, i), json);
  return (json ? "[" : "[]core.NodeSelectorTerm{") + joinStrings(parts, json ? "," : ", ") + (json ? "]" : "}");
}
