// User update policies (`policy.check`, and `verdict` with a policy): the pattern matcher against an
// independent reference matcher on random pointers and patterns, the rule semantics (first match,
// limits per verdict, deny, default, kinds), the shipped examples (examples/policies, YAML converted
// as the CLI does), and malformed policies: E_POLICY naming the field, the engine still working.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import fc from "fast-check";
import { parse as parseYAML } from "yaml";
import { kinplace } from "./support/engine.ts";
import { cases } from "./support/scale.ts";

type Answer = { ok: boolean; result?: any; error?: { code: string; message: string; path?: string } };
const ask = (req: Record<string, unknown>): Answer => kinplace.evaluate(req as never) as Answer;

/** A Deployment around containers, labels and tolerations (enough to steer the diff). */
function deployment(o: { image?: string; replicas?: number; labels?: Record<string, string>; annotations?: Record<string, string>; tolerations?: unknown[]; selector?: string; sa?: string } = {}): Record<string, unknown> {
  return {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: { name: "web", namespace: "prod" },
    spec: {
      replicas: o.replicas ?? 3,
      selector: { matchLabels: { app: o.selector ?? "web" } },
      template: {
        metadata: { labels: { app: "web", ...(o.labels ?? {}) }, ...(o.annotations ? { annotations: o.annotations } : {}) },
        spec: { containers: [{ name: "app", image: o.image ?? "nginx:1.20" }], ...(o.tolerations ? { tolerations: o.tolerations } : {}), ...(o.sa ? { serviceAccountName: o.sa } : {}) },
      },
    },
  };
}

function check(policy: unknown, old: unknown, next: unknown): { decision: string; violations: any[]; verdict: string } {
  const a = ask({ op: "policy.check", old, new: next, policy });
  assert.ok(a.ok, JSON.stringify(a));
  return a.result;
}

// ---- the matcher ----

/** Decoded segments of a JSON pointer. */
function segments(p: string): string[] {
  return p === "" ? [] : p.slice(1).split("/").map((s) => s.replaceAll("~1", "/").replaceAll("~0", "~"));
}

/** Reference: backtracking over pattern segments (`**` any run, `*` one, globs by regex). */
function refMatch(pattern: string, path: string): boolean {
  const pat = pattern.slice(1).split("/");
  const segs = segments(path);
  const one = (p: string, s: string): boolean => {
    if (p === "*") return true;
    const parts = p.split("*").map((x) => x.replaceAll("~1", "/").replaceAll("~0", "~").replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    return new RegExp(`^${parts.join("[\\s\\S]*")}$`, "u").test(s);
  };
  const go = (i: number, j: number): boolean => {
    if (i === pat.length) return j === segs.length;
    if (pat[i] === "**") {
      for (let k = j; k <= segs.length; k++) if (go(i + 1, k)) return true;
      return false;
    }
    return j < segs.length && one(pat[i]!, segs[j]!) && go(i + 1, j + 1);
  };
  return go(0, 0);
}

const seg = fc.constantFrom("spec", "template", "containers", "0", "1", "image", "env", "metadata", "labels", "app.kubernetes.io/name", "a~b", "", "x*y");
const encode = (s: string) => s.replaceAll("~", "~0").replaceAll("/", "~1");
const patSeg = fc.oneof(
  { weight: 3, arbitrary: seg.filter((s) => !s.includes("*")).map(encode) },
  { weight: 2, arbitrary: fc.constantFrom("*", "**", "app.*", "*name", "c*s", "*~1*", "a~0*") },
);
const pattern = fc.array(patSeg, { minLength: 1, maxLength: 6 }).map((a) => "/" + a.join("/"));

test("pattern matching on many changed paths at once agrees with the reference matcher", () => {
  // a workload whose diff touches many paths: labels (with "/" in keys), annotations, image, replicas; the "~" key is
  // no valid annotation key, so the objects are judged as written (the API server would refuse any update of them)
  const old = deployment({ labels: { team: "a", "app.kubernetes.io/name": "web" }, annotations: { "a~b": "1" } });
  const next = deployment({ image: "nginx:1.21", replicas: 5, labels: { team: "b", "app.kubernetes.io/name": "api" }, annotations: { "a~b": "2" } });
  const all = ask({ op: "verdict", old, new: next, applyDefaults: false });
  assert.ok(all.ok);
  const changed: string[] = all.result.reasons.map((r: { path: string }) => r.path);
  assert.ok(changed.length >= 5, JSON.stringify(changed));
  fc.assert(
    fc.property(pattern, (pat) => {
      const a = ask({ op: "policy.check", old, new: next, policy: { rules: [{ match: pat, verdict: "deny" }] }, applyDefaults: false });
      assert.ok(a.ok, JSON.stringify(a));
      const r = a.result as { decision: string; violations: { path: string }[] };
      const got = r.violations.map((v) => v.path).sort();
      assert.deepStrictEqual(got, changed.filter((p) => refMatch(pat, p)).sort(), pat);
      assert.equal(r.decision, got.length > 0 ? "deny" : "allow");
    }),
    { numRuns: cases(300), interruptAfterTimeLimit: 20_000 },
  );
});

// ---- semantics ----

test("rule limits: a Deployment template change recreates pods, so only allow and recreate accept it", () => {
  const old = deployment(), next = deployment({ image: "nginx:1.21" });
  const expectDeny: Record<string, boolean> = { allow: false, "in-place": true, "restart-container": true, recreate: false, deny: true };
  for (const [verdict, denies] of Object.entries(expectDeny)) {
    const r = check({ rules: [{ name: "r", match: "/spec/template/**", verdict }] }, old, next);
    assert.equal(r.decision, denies ? "deny" : "allow", verdict);
    assert.equal(r.verdict, "recreate");
    if (denies) {
      assert.deepStrictEqual(r.violations.map((v) => [v.path, v.rule, v.verdict, v.effect]), [["/spec/template/spec/containers/0/image", "r", verdict, "recreate"]]);
    }
  }
  // replicas has no effect on pods: only deny catches it
  for (const verdict of ["allow", "in-place", "restart-container", "recreate"]) {
    assert.equal(check({ rules: [{ match: "/spec/replicas", verdict }] }, old, deployment({ replicas: 9 })).decision, "allow", verdict);
  }
  assert.equal(check({ rules: [{ match: "/spec/replicas", verdict: "deny" }] }, old, deployment({ replicas: 9 })).decision, "deny");
});

test("first matching rule wins, default applies to the rest, kinds filter rules, messages carry through", () => {
  const old = deployment(), next = deployment({ image: "nginx:1.21", replicas: 4 });
  const first = check({ rules: [{ match: "/spec/template/spec/containers/*/image", verdict: "allow" }, { match: "/**", verdict: "deny", message: "frozen" }] }, old, next);
  assert.deepStrictEqual(first.violations.map((v) => [v.path, v.rule, v.message]), [["/spec/replicas", "rules[1]", "frozen"]]);
  const dflt = check({ rules: [{ match: "/spec/replicas", verdict: "allow" }], default: "in-place" }, old, next);
  assert.deepStrictEqual(dflt.violations.map((v) => [v.path, v.rule, v.verdict]), [["/spec/template/spec/containers/0/image", "default", "in-place"]]);
  assert.match(dflt.violations[0].message, /would recreate the pod: the policy allows at most in-place/);
  const kinds = check({ rules: [{ match: "/**", verdict: "deny", kinds: ["CloneSet"] }] }, old, next);
  assert.equal(kinds.decision, "allow");
  const kinds2 = check({ rules: [{ match: "/**", verdict: "deny", kinds: ["Deployment"] }] }, old, next);
  assert.equal(kinds2.violations.length, 2);
  // no change at all: nothing to judge
  assert.deepStrictEqual(check({ rules: [{ match: "/**", verdict: "deny" }] }, old, deployment()), { decision: "allow", violations: [], kind: "Deployment", verdict: "none" });
});

test("verdict with a policy carries the judgement on the same diff", () => {
  const a = ask({ op: "verdict", old: deployment(), new: deployment({ image: "nginx:1.21" }), policyText: JSON.stringify({ rules: [{ match: "/spec/template/**", verdict: "in-place" }] }) });
  assert.ok(a.ok);
  assert.equal(a.result.verdict, "recreate");
  assert.equal(a.result.policy.decision, "deny");
  assert.equal(a.result.policy.violations[0].path, a.result.reasons[0].path);
});

test("maxPolicyMatches bounds patterns × changed paths with E_LIMIT, in policy.check and in verdict", () => {
  const rules = Array.from({ length: 50 }, (_, i) => ({ match: [`/spec/template/metadata/labels/x${i}`, `/spec/x${i}/**`], verdict: "allow" }));
  const req = { old: deployment(), new: deployment({ image: "nginx:1.21" }), policyText: JSON.stringify({ rules }) };
  const paths = (ask({ op: "verdict", ...req }).result.reasons as unknown[]).length;
  for (const op of ["policy.check", "verdict"]) {
    assert.ok(ask({ op, ...req }).ok);
    assert.ok(ask({ op, ...req, maxPolicyMatches: 100 * paths }).ok);
    const e = ask({ op, ...req, maxPolicyMatches: 100 * paths - 1 });
    assert.equal(e.ok, false);
    assert.equal(e.error?.code, "E_LIMIT");
    assert.equal(e.error?.path, "maxPolicyMatches");
    assert.equal(ask({ op, ...req, maxPolicyMatches: 0 }).error?.code, "E_BAD_REQUEST");
  }
});

// ---- the shipped examples ----

function loadPolicy(file: string): unknown {
  const text = readFileSync(new URL(`../examples/policies/${file}`, import.meta.url), "utf8");
  return file.endsWith(".json") ? JSON.parse(text) : parseYAML(text);
}

test("examples/policies: every policy is accepted, the YAML and JSON twins agree, and they judge as documented", () => {
  const files = readdirSync(new URL("../examples/policies/", import.meta.url)).filter((f) => /\.(json|ya?ml)$/.test(f));
  assert.ok(files.length >= 3);
  for (const f of files) {
    const r = ask({ op: "policy.check", old: deployment(), new: deployment(), policy: loadPolicy(f) });
    assert.ok(r.ok, `${f}: ${JSON.stringify(r)}`);
  }
  assert.deepStrictEqual(loadPolicy("no-pod-restarts.yaml"), loadPolicy("no-pod-restarts.json"));
  const npr = loadPolicy("no-pod-restarts.json");
  // a Deployment image bump recreates pods: denied with the image rule's message
  const img = check(npr, deployment(), deployment({ image: "nginx:1.21" }));
  assert.deepStrictEqual(img.violations.map((v) => v.rule), ["images-in-place"]);
  // selector change: denied (the API server refuses it twice: the selector is immutable, and it no longer matches the
  // template's labels, a rejection the template rule sees); annotations and scaling: fine (annotation changes still
  // recreate pods of a Deployment, but the rule allows it)
  assert.deepStrictEqual(check(npr, deployment(), deployment({ selector: "api" })).violations.map((v) => v.rule), ["selector-immutable", "template-in-place"]);
  assert.equal(check(npr, deployment(), deployment({ replicas: 10, annotations: { x: "1" } })).decision, "allow");
  const fs = loadPolicy("frozen-sidecars.json");
  assert.deepStrictEqual(check(fs, deployment(), deployment({ sa: "robot" })).violations.map((v) => v.rule), ["service-account"]);
  assert.deepStrictEqual(check(fs, deployment(), deployment({ tolerations: [{ key: "k", operator: "Exists" }] })).violations.map((v) => v.rule), ["platform-tolerations"]);
  const ci = loadPolicy("ci-gate.yaml");
  assert.equal(check(ci, deployment(), deployment({ image: "nginx:1.21", replicas: 1 })).decision, "allow");
  assert.deepStrictEqual(check(ci, deployment(), deployment({ labels: { v: "2" } })).violations.map((v) => v.rule), ["everything-else"]);
});

// ---- malformed policies ----

test("malformed policies: E_POLICY naming the field; nothing else breaks", () => {
  const cases: [unknown, string, RegExp][] = [
    [[], "policy", /JSON object/],
    [{}, "policy.rules", /needs "rules"/],
    [{ rules: {} }, "policy.rules", /array/],
    [{ rules: [], extra: 1 }, "policy.extra", /unknown policy field "extra"/],
    [{ rules: [], default: "maybe" }, "policy.default", /unknown verdict "maybe"/],
    [{ rules: [1] }, "policy.rules[0]", /must be an object/],
    [{ rules: [{ verdict: "deny" }] }, "policy.rules[0].match", /needs "match"/],
    [{ rules: [{ match: "/a" }] }, "policy.rules[0].verdict", /needs "verdict"/],
    [{ rules: [{ match: "/a", verdict: "restart" }] }, "policy.rules[0].verdict", /unknown verdict "restart"/],
    [{ rules: [{ match: "spec/x", verdict: "deny" }] }, "policy.rules[0].match", /must start with "\/"/],
    [{ rules: [{ match: "", verdict: "deny" }] }, "policy.rules[0].match", /empty pattern/],
    [{ rules: [{ match: "/a**", verdict: "deny" }] }, "policy.rules[0].match", /"\*\*" must be a whole segment/],
    [{ rules: [{ match: "/a~2", verdict: "deny" }] }, "policy.rules[0].match", /invalid escape "~2"/],
    [{ rules: [{ match: "/ok", verdict: "deny" }, { match: ["/ok", 7], verdict: "deny" }] }, "policy.rules[1].match[1]", /must be a string/],
    [{ rules: [{ match: [], verdict: "deny" }] }, "policy.rules[0].match", /non-empty array/],
    [{ rules: [{ match: "/a", verdict: "deny", kinds: "Pod" }] }, "policy.rules[0].kinds", /array/],
    [{ rules: [{ match: "/a", verdict: "deny", when: 1 }] }, "policy.rules[0].when", /unknown rule field "when"/],
  ];
  for (const [policy, path, message] of cases) {
    const r = ask({ op: "policy.check", old: deployment(), new: deployment({ image: "x" }), policy });
    assert.equal(r.ok, false, JSON.stringify(policy));
    assert.equal(r.error!.code, "E_POLICY", JSON.stringify(r));
    assert.equal(r.error!.path, path, JSON.stringify(r));
    assert.match(r.error!.message, message);
  }
  const missing = ask({ op: "policy.check", old: deployment(), new: deployment() });
  assert.equal(missing.error?.code, "E_POLICY");
  const text = ask({ op: "policy.check", old: deployment(), new: deployment(), policyText: "{rules" });
  assert.equal(text.error?.code, "E_JSON_SYNTAX");
  // the engine keeps working
  assert.equal(check({ rules: [{ match: "/**", verdict: "allow" }] }, deployment(), deployment({ image: "y" })).decision, "allow");
});

test("per-path effects drive the judgement on in-place kinds: a CloneSet image bump restarts, a Pod label is in place", () => {
  const cs = (image: string, env = "1") => ({
    apiVersion: "apps.kruise.io/v1alpha1", kind: "CloneSet", metadata: { name: "web" },
    spec: { updateStrategy: { type: "InPlaceIfPossible" }, selector: { matchLabels: { app: "web" } }, template: { metadata: { labels: { app: "web" } }, spec: { containers: [{ name: "app", image, env: [{ name: "A", value: env }] }] } } },
  });
  const pol = { rules: [{ name: "no-recreate", match: "/spec/template/**", verdict: "restart-container" }] };
  const ok = check(pol, cs("a"), cs("b"));
  assert.deepStrictEqual([ok.verdict, ok.decision], ["in-place", "allow"]);
  const env = check(pol, cs("a"), cs("b", "2"));
  assert.equal(env.verdict, "recreate");
  // only the env path breaks the rule: the image bump alone would restart in place
  assert.deepStrictEqual(env.violations.map((v) => [v.path, v.effect]), [["/spec/template/spec/containers/0/env/0/value", "recreate"]]);
  const pod = (labels: Record<string, string>) => ({ apiVersion: "v1", kind: "Pod", metadata: { name: "p", labels }, spec: { containers: [{ name: "app", image: "a" }] } });
  const p = check({ rules: [{ match: "/**", verdict: "in-place" }] }, pod({ a: "1" }), pod({ a: "2" }));
  assert.deepStrictEqual([p.verdict, p.decision], ["in-place", "allow"]);
});
