// resource.Quantity keeps a value in one of two forms: int64Amount (ParseQuantity's fast path, at most 18
// digits) or inf.Dec (everything else). The engine's quantity code has a branch per form in every operation
// it ports — Cmp (quantityCmpValues' same-scale int64 comparison vs decCmp), MilliValue / Value
// (AsScaledInt64 vs scaledValue), String / MarshalJSON (int64 vs Dec mantissas), Add — and for a value both
// forms can hold (non-negative, no int64 wrap-around) upstream answers the same either way (checked with
// k8s.io/apimachinery v0.30.0 for the shapes generated here). Through the eval door: the same values spelled
// for the int64 path ("1.5") and for the inf.Dec path ("1.50000000000000000000") must answer alike, as
// `quantity` and inside pod.validateUpdate (requests against limits, integer resources, hugepages).

import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { kinplace } from "../support/engine.ts";
import { cases } from "../support/scale.ts";

/** log10 of each suffix's factor, rounded up. */
const EXPONENT: Record<string, number> = { "": 0, m: -3, n: -9, u: -6, k: 3, M: 6, G: 9, T: 12, Ki: 4, Mi: 7, Gi: 10, e3: 3, "e-3": -3, E2: 2, e0: 0 };

/**
 * A non-negative quantity on ParseQuantity's int64 path: at most 18 digits, a suffix of every kind. Decimal
 * spellings end in "000" so that ParseQuantity does not keep the input as the cached string (it keeps "1.004",
 * whose canonical form is "1004m"; an inf.Dec never keeps its input), binary ones carry no fraction (one would
 * send them to the inf.Dec path).
 */
const shortQuantity = fc.record({
  int: fc.oneof(fc.constant("0"), fc.integer({ min: 1, max: 999999 }).map(String), fc.bigInt({ min: 1n, max: 999999999999n }).map(String)),
  frac: fc.option(fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 0, maxLength: 3 }), { nil: undefined }),
  suffix: fc.constantFrom("", "", "m", "n", "u", "k", "M", "G", "T", "Ki", "Mi", "Gi", "e3", "e-3", "E2", "e0"),
}).filter(({ int, suffix }) => int.length + (EXPONENT[suffix] ?? 0) <= 15) // MilliValue within int64 (no wrap-around)
  .map(({ int, frac, suffix }) => {
  const binary = suffix.endsWith("i");
  const f = binary ? undefined : (frac ?? "") + "000";
  return { short: int + (f === undefined ? "" : "." + f) + suffix, int, frac: f, suffix };
});

/** The same value spelled with more than 18 digits, which ParseQuantity reads into an inf.Dec. */
function decSpelling(q: { int: string; frac?: string; suffix: string }): string {
  return q.int + "." + (q.frac ?? "") + "0".repeat(20) + q.suffix;
}

const ask = (req: object): any => kinplace.evaluate(req as never);
const PODS = cases(300, 100);
const options = { numRuns: PODS, interruptAfterTimeLimit: 40_000, markInterruptAsFailure: false };

test("quantity: the int64 spelling and the inf.Dec spelling of a value answer the same string, JSON and format", () => {
  fc.assert(fc.property(shortQuantity, (q) => {
    const a = ask({ op: "quantity", mode: "parse", value: q.short });
    const b = ask({ op: "quantity", mode: "parse", value: decSpelling(q) });
    assert.deepEqual(b, a, `${q.short} and ${decSpelling(q)}`);
  }), options);
});

/** A pod whose first container requests and limits `req` / `lim` of cpu, memory, an extended resource and 2Mi hugepages. */
function pod(req: string, lim: string): object {
  const list = (v: string) => ({ cpu: v, memory: v, "example.com/dev": v, "hugepages-2Mi": v });
  return {
    apiVersion: "v1", kind: "Pod", metadata: { name: "p", namespace: "d", resourceVersion: "1" },
    spec: {
      restartPolicy: "Always", dnsPolicy: "ClusterFirst", terminationGracePeriodSeconds: 30,
      containers: [{ name: "a", image: "i", terminationMessagePolicy: "File", imagePullPolicy: "Always", resources: { requests: list(req), limits: list(lim) } }],
    },
  };
}

test("pod.validateUpdate: requests against limits, integer and hugepage checks agree for both spellings", () => {
  let withErrors = 0;
  fc.assert(fc.property(shortQuantity, shortQuantity, fc.constantFrom("1.34", "1.37"), fc.boolean(), (r, l, minor, decLimit) => {
    const intPod = pod(r.short, l.short);
    const a = ask({ op: "pod.validateUpdate", kubernetes: minor, old: intPod, new: intPod });
    const mixed = pod(decSpelling(r), decLimit ? decSpelling(l) : l.short);
    const b = ask({ op: "pod.validateUpdate", kubernetes: minor, old: mixed, new: mixed });
    assert.equal(a.ok, true, JSON.stringify(a));
    // 1.34+ print quantities as their JSON (the canonical string), so the whole answers must be equal
    assert.deepEqual(b, a, `requests ${r.short} / limits ${l.short}`);
    if (a.result.errors.length > 0) withErrors++;
  }), options);
  assert.ok(withErrors > PODS / 30, `only ${withErrors} of ${PODS} generated pods had errors`);
});

test("pod.validateUpdate 1.15-1.33: the same errors (fields and types) for both spellings", () => {
  fc.assert(fc.property(shortQuantity, shortQuantity, fc.constantFrom("1.15", "1.21", "1.27", "1.33"), (r, l, minor) => {
    const a = ask({ op: "pod.validateUpdate", kubernetes: minor, old: pod(r.short, l.short), new: pod(r.short, l.short) });
    const b = ask({ op: "pod.validateUpdate", kubernetes: minor, old: pod(decSpelling(r), decSpelling(l)), new: pod(decSpelling(r), decSpelling(l)) });
    const shape = (x: any) => x.result.errors.map((e: any) => `${e.field} ${e.type}`);
    assert.deepEqual(shape(b), shape(a), `requests ${r.short} / limits ${l.short}`);
  }), { ...options, numRuns: cases(150) });
});

test("a million-digit quantity and its short exponent spelling validate alike (linear arithmetic, no limit hit)", () => {
  const n = 1_000_000;
  const long = "1" + "0".repeat(n); // an inf.Dec
  const short = "1e" + n; // int64Amount{1, 1000000}, DecimalExponent: String() "10e999999" (the inf.Dec's "10")
  for (const minor of ["1.30", "1.37"]) {
    const a = ask({ op: "pod.validateUpdate", kubernetes: minor, old: pod("1", "2"), new: pod(short, short) });
    const b = ask({ op: "pod.validateUpdate", kubernetes: minor, old: pod("1", "2"), new: pod(long, long) });
    assert.equal(a.ok, true);
    assert.deepEqual(b.result.errors.map((e: any) => e.field + " " + e.type), a.result.errors.map((e: any) => e.field + " " + e.type));
    assert.ok(a.result.errors.some((e: any) => e.type === "Forbidden" && e.field === "spec"), "the update changes the resources");
  }
  assert.deepEqual(ask({ op: "quantity", mode: "parse", value: short }).result, { string: "10e999999", json: "\"10e999999\"", format: "DecimalExponent" });
  assert.deepEqual(ask({ op: "quantity", mode: "parse", value: long }).result, { string: "10", json: "\"10\"", format: "DecimalSI" });
});
