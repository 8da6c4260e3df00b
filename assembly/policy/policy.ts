// User update policies: a list of rules, each mapping path patterns to the highest effect a change at
// those paths may have (`allow`, `in-place`, `restart-container`, `recreate`) or forbidding any change
// (`deny`), with a message. Read from the request's JSON (the CLI converts YAML), strictly: unknown
// fields, bad patterns and unknown verdicts are E_POLICY errors naming the field.
//
//   {"rules": [{"name"?, "match": "/pattern" | ["/p1", ...], "verdict", "message"?, "kinds"?: [...]}],
//    "default"?: verdict, "apiVersion"?, "kind"?, "metadata"?, "description"?}
//
// Evaluation: every changed path takes the first rule (in order) that matches it and whose `kinds`
// (when given) names the workload's kind; paths no rule takes get `default` (default `allow`). A path
// violates its rule when its effect is above the rule's limit (any change violates `deny`).

import { ByteSink } from "../io/sink";
import { Tape, K_STRING, K_ARRAY, K_OBJECT, F_ESCAPE } from "../json/tape";
import { unquote } from "../json/strings";
import { fail, E_LIMIT } from "../base/errors";
import { MatchRows, Pattern, compilePattern, matchPattern, splitPointer } from "./pattern";
import { verdictLimit, EFFECT_REJECTED } from "./levels";

/** A policy rule or definition is malformed (pattern, verdict, field); `path` names the field. */
export const E_POLICY = "E_POLICY";

/** One compiled rule. */
export class Rule {
  name: string = "";
  patterns: Array<Pattern> = new Array<Pattern>();
  verdict: string = "";
  limit: i32 = 0;
  message: string = "";
  hasMessage: bool = false;
  kinds: Array<string> | null = null;
}

/** A compiled policy. */
export class Policy {
  rules: Array<Rule> = new Array<Rule>();
  defaultVerdict: string = "allow";
  defaultLimit: i32 = EFFECT_REJECTED;
  /** Most pattern matches one evaluation may make (patterns × changed paths): past it, E_LIMIT. */
  maxMatches: i64 = DEFAULT_MAX_POLICY_MATCHES;
}

/** Default of `maxPolicyMatches`: patterns × changed paths one policy evaluation may match (about a second of work). */
export const DEFAULT_MAX_POLICY_MATCHES: i64 = 2_000_000;

/** One violation: a changed path, the rule that judged it, its effect, and the message. */
export class Violation {
  path: string = "";
  rule: string = "";
  verdict: string = "";
  effect: i32 = 0;
  message: string = "";
}

/** The decoded text of string node `i` of `t`. */
export function tapeString(t: Tape, i: i32): string {
  if (!(t.flags(i) & F_ESCAPE)) return String.UTF8.decodeUnsafe(t.ptr(i), <usize>t.len(i));
  const d = new ByteSink(t.len(i) + 4);
  unquote(d, t.ptr(i), t.len(i), false);
  return String.UTF8.decodeUnsafe(d.ptr, <usize>d.len);
}

function bad(path: string, message: string): Policy | null {
  fail(E_POLICY, message, -1, path);
  return null;
}

/** Reads policy object node `root` of `t`; `field` is the request field name (for error paths). Null with E_POLICY recorded. */
export function readPolicy(t: Tape, root: i32, field: string): Policy | null {
  if (t.kind(root) != K_OBJECT) return bad(field, "a policy must be a JSON object with \"rules\"");
  const pol = new Policy();
  let rulesNode = -1;
  const n = t.children(root);
  let k = root + 1;
  for (let m = 0; m < n; m++) {
    const v = t.next(k);
    const key = tapeString(t, k);
    const path = field + "." + key;
    if (key == "rules") {
      if (t.kind(v) != K_ARRAY) return bad(path, "\"rules\" must be an array of rules");
      rulesNode = v;
    } else if (key == "default") {
      if (t.kind(v) != K_STRING) return bad(path, "\"default\" must be a verdict string");
      const d = tapeString(t, v);
      const lim = verdictLimit(d);
      if (lim == -2) return bad(path, unknownVerdict(d));
      pol.defaultVerdict = d;
      pol.defaultLimit = lim;
    } else if (key == "apiVersion" || key == "kind" || key == "description") {
      if (t.kind(v) != K_STRING) return bad(path, "\"" + key + "\" must be a string");
    } else if (key == "metadata") {
      if (t.kind(v) != K_OBJECT) return bad(path, "\"metadata\" must be an object");
    } else {
      return bad(path, "unknown policy field \"" + key + "\" (known: rules, default, apiVersion, kind, metadata, description)");
    }
    k = t.next(v);
  }
  if (rulesNode < 0) return bad(field + ".rules", "a policy needs \"rules\"");
  const rn = t.children(rulesNode);
  let e = rulesNode + 1;
  for (let r = 0; r < rn; r++) {
    const rule = readRule(t, e, field + ".rules[" + r.toString() + "]", r);
    if (rule === null) return null;
    pol.rules.push(rule);
    e = t.next(e);
  }
  return pol;
}

function unknownVerdict(v: string): string {
  return "unknown verdict \"" + v + "\" (allow, in-place, restart-container, recreate or deny)";
}

function readRule(t: Tape, node: i32, path: string, index: i32): Rule | null {
  if (t.kind(node) != K_OBJECT) { fail(E_POLICY, "a rule must be an object", -1, path); return null; }
  const rule = new Rule();
  rule.name = "rules[" + index.toString() + "]";
  let hasMatch = false;
  let hasVerdict = false;
  const n = t.children(node);
  let k = node + 1;
  for (let m = 0; m < n; m++) {
    const v = t.next(k);
    const key = tapeString(t, k);
    const fp = path + "." + key;
    if (key == "match") {
      hasMatch = true;
      if (t.kind(v) == K_STRING) {
        if (!addPattern(rule, tapeString(t, v), fp)) return null;
      } else if (t.kind(v) == K_ARRAY && t.children(v) > 0) {
        let e = v + 1;
        for (let i = 0; i < t.children(v); i++) {
          const ep = fp + "[" + i.toString() + "]";
          if (t.kind(e) != K_STRING) { fail(E_POLICY, "a pattern must be a string", -1, ep); return null; }
          if (!addPattern(rule, tapeString(t, e), ep)) return null;
          e = t.next(e);
        }
      } else { fail(E_POLICY, "\"match\" must be a pattern or a non-empty array of patterns", -1, fp); return null; }
    } else if (key == "verdict") {
      hasVerdict = true;
      if (t.kind(v) != K_STRING) { fail(E_POLICY, "\"verdict\" must be a string", -1, fp); return null; }
      const d = tapeString(t, v);
      const lim = verdictLimit(d);
      if (lim == -2) { fail(E_POLICY, unknownVerdict(d), -1, fp); return null; }
      rule.verdict = d;
      rule.limit = lim;
    } else if (key == "name" || key == "message" || key == "description") {
      if (t.kind(v) != K_STRING) { fail(E_POLICY, "\"" + key + "\" must be a string", -1, fp); return null; }
      if (key == "name") rule.name = tapeString(t, v);
      if (key == "message") { rule.message = tapeString(t, v); rule.hasMessage = true; }
    } else if (key == "kinds") {
      if (t.kind(v) != K_ARRAY) { fail(E_POLICY, "\"kinds\" must be an array of kind names", -1, fp); return null; }
      const kinds = new Array<string>();
      let e = v + 1;
      for (let i = 0; i < t.children(v); i++) {
        if (t.kind(e) != K_STRING) { fail(E_POLICY, "a kind must be a string", -1, fp + "[" + i.toString() + "]"); return null; }
        kinds.push(tapeString(t, e));
        e = t.next(e);
      }
      rule.kinds = kinds;
    } else {
      fail(E_POLICY, "unknown rule field \"" + key + "\" (known: name, match, verdict, message, kinds, description)", -1, fp);
      return null;
    }
    k = t.next(v);
  }
  if (!hasMatch) { fail(E_POLICY, "a rule needs \"match\"", -1, path + ".match"); return null; }
  if (!hasVerdict) { fail(E_POLICY, "a rule needs \"verdict\"", -1, path + ".verdict"); return null; }
  return rule;
}

function addPattern(rule: Rule, text: string, path: string): bool {
  const p = compilePattern(text);
  if (p.error.length > 0) return fail(E_POLICY, p.error, -1, path);
  rule.patterns.push(p);
  return true;
}

/** The first rule of `pol` that takes `segments` for workload kind `kind`, or null. */
export function ruleFor(pol: Policy, segments: Array<string>, kind: string, rows: MatchRows = new MatchRows()): Rule | null {
  for (let i = 0; i < pol.rules.length; i++) {
    const r = pol.rules[i];
    const ks = r.kinds;
    if (ks !== null && !ks.includes(kind)) continue;
    for (let j = 0; j < r.patterns.length; j++) {
      if (matchPattern(r.patterns[j], segments, rows)) return r;
    }
  }
  return null;
}

/**
 * Judges changed paths (JSON pointers into the workload, with the effect each has) by `pol` for a
 * workload of kind `kind`; returns the violations in path order.
 */
export function evaluatePolicy(pol: Policy, paths: Array<string>, effects: Array<i32>, kind: string): Array<Violation> {
  const out = new Array<Violation>();
  // every changed path may be matched against every pattern: a product of two input sizes, bounded explicitly
  let patterns: i64 = 0;
  for (let i = 0; i < pol.rules.length; i++) patterns += pol.rules[i].patterns.length;
  if (patterns * <i64>paths.length > pol.maxMatches) {
    fail(E_LIMIT, "the policy needs " + (patterns * <i64>paths.length).toString() + " pattern matches (" + patterns.toString() + " patterns × " +
      paths.length.toString() + " changed paths), more than maxPolicyMatches (" + pol.maxMatches.toString() + ")", -1, "maxPolicyMatches");
    return out;
  }
  const rows = new MatchRows();
  for (let i = 0; i < paths.length; i++) {
    const segs = splitPointer(paths[i]).segments;
    if (segs === null) continue; // paths come from the engine's own diff: always valid pointers
    const r = ruleFor(pol, segs, kind, rows);
    const limit = r === null ? pol.defaultLimit : r.limit;
    const effect = effects[i];
    if (effect <= limit) continue;
    const v = new Violation();
    v.path = paths[i];
    v.rule = r === null ? "default" : r.name;
    v.verdict = r === null ? pol.defaultVerdict : r.verdict;
    v.effect = effect;
    if (r !== null && r.hasMessage) v.message = r.message;
    else if (limit < 0) v.message = "policy forbids changing " + paths[i];
    else v.message = "the change at " + paths[i] + " would " + effectPhrase(effect) + ": the policy allows at most " + v.verdict;
    out.push(v);
  }
  return out;
}

function effectPhrase(e: i32): string {
  if (e == 1) return "update the pod in place";
  if (e == 2) return "restart a container";
  if (e == 3) return "recreate the pod";
  if (e == 4) return "be rejected";
  return "change nothing in running pods";
}
