// Request lines for the rollout ops the oracle answers for real: `scaled` (three IntOrString variants)
// and `kruise.partition`. Values mix upstream's own test inputs with generated percents, integers,
// floats, hex floats, infinities, separators, junk and bad field types.

import fc from "fast-check";

/** OpenKruise and Kubernetes test inputs (tools_test.go, intstr_test.go) and edge cases of the parsers. */
export const EDGE_VALUES: readonly string[] = [
  "123", "0", "-7", "2147483647", "-2147483648", "null",
  `"90%"`, `"99.99%"`, `"0.01%"`, `"%"`, `"90#"`, `"#%"`, `"90"`, `"99%"`, `"100%"`, `"1%"`, `"0%"`, `"50%"`, `"20%"`,
  `"12.5%"`, `"1.5%"`, `"-5%"`, `"+5%"`, `"05%"`, `"2%0%"`, `"%%5%"`, `"5%%"`, `""`, `" 5%"`, `"5 %"`,
  `"NaN%"`, `"nan%"`, `"+nan%"`, `"inf%"`, `"-Inf%"`, `"+infinity%"`, `"infin%"`, `"1e400%"`, `"1e-400%"`, `"1e2%"`, `"1E2%"`,
  `".5%"`, `"5.%"`, `".%"`, `"0x1p-2%"`, `"0X1P4%"`, `"0x1%"`, `"0x%"`, `"0x.8p1%"`, `"0x1.fffffffffffff8p1023%"`,
  `"0x1p-1075%"`, `"0x1.000000000000000001p-1074%"`, `"0x1.0000000000000000000000001p0%"`, `"1_000%"`, `"1__0%"`, `"_1%"`, `"1_%"`,
  `"0x_1p0%"`, `"0b101%"`, `"99999999999999999999%"`, `"9223372036854775807%"`, `"-9223372036854775808%"`, `"9223372036854775808%"`,
  `"1e308%"`, `"1.7976931348623157e308%"`, `"\\u00e9%"`, `"\\u0001%"`, `"\\ud800%"`, `"\\u2028%"`, `"é5%"`, `"abc"`, `"5e%"`, `"5e+%"`,
];

/** Totals: small, around the ones the tests use, zero, negative, big. */
export const EDGE_TOTALS: readonly number[] = [0, 1, 3, 5, 9, 10, 95, 99, 100, 999, 1000, -7, 2147483647, 123456789012345];

const variants = ["kubernetes", "kubernetes-deprecated", "kruise"] as const;

/** A `scaled` request line. */
export function scaledLine(variant: string, value: string, total: number | null, roundUp: boolean | null): string {
  let s = `{"op":"scaled","variant":${JSON.stringify(variant)},"value":${value}`;
  if (total !== null) s += `,"total":${total}`;
  if (roundUp !== null) s += `,"roundUp":${roundUp}`;
  return s + "}";
}

/** A `kruise.partition` request line. */
export function partitionLine(partition: string, replicas: string | null): string {
  return `{"op":"kruise.partition","partition":${partition}${replicas === null ? "" : `,"replicas":${replicas}`}}`;
}

/** Every edge value against every variant, the edge totals and both roundings. */
export function edgeLines(): string[] {
  const out: string[] = [];
  for (const v of EDGE_VALUES) for (const variant of variants) for (const total of EDGE_TOTALS) for (const ru of [true, false]) out.push(scaledLine(variant, v, total, ru));
  for (const v of EDGE_VALUES) for (const r of [null, "null", "0", "1", "2", "9", "10", "99", "999", "-3", "2147483647"]) out.push(partitionLine(v, r));
  out.push(
    scaledLine("x", "1", null, null), `{"op":"scaled","value":1}`, `{"op":"scaled","variant":"kruise"}`, scaledLine("kruise", "1.5", 1, null),
    scaledLine("kruise", "true", 1, null), scaledLine("kruise", "[1]", 1, null), scaledLine("kruise", "2147483648", 1, null),
    `{"op":"scaled","variant":"kruise","value":"5%","total":1.5}`, `{"op":"scaled","variant":"kruise","value":"5%","total":"5"}`,
    `{"op":"scaled","variant":"kruise","value":"5%","roundUp":1}`, `{"op":"scaled","variant":7,"value":"5%"}`,
    `{"op":"kruise.partition"}`, `{"op":"kruise.partition","partition":"1%","replicas":"x"}`, `{"op":"kruise.partition","partition":"1%","replicas":2147483648}`,
    `{"op":"kruise.partition","partition":{},"replicas":3}`,
  );
  return out;
}

/** A JSON string literal of generated percent-like text. */
const percentText = fc.oneof(
  fc.tuple(fc.integer({ min: -1000, max: 100000 }), fc.constantFrom("%", "", "%%")).map(([n, s]) => `${n}${s}`),
  fc.tuple(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.constantFrom("%", "")).map(([n, s]) => `${n}${s}`),
  fc.tuple(fc.integer({ min: 0, max: 10000 }), fc.integer({ min: 0, max: 999 }), fc.constantFrom("%", "%%")).map(([a, b, s]) => `${a}.${b}${s}`),
  fc.tuple(fc.stringMatching(/^[-+]?(0[xX][0-9a-fA-F_]{0,20}(\.[0-9a-fA-F]{0,20})?[pP][-+]?[0-9]{1,4}|[0-9_]{0,25}(\.[0-9_]{0,25})?([eE][-+]?[0-9_]{0,5})?|[iI][nN][fF]([iI][nN][iI][tT][yY])?|[nN][aA][nN])$/), fc.constant("%")).map(([a, s]) => a + s),
  fc.string({ maxLength: 8 }).map((s) => s + "%"),
  fc.string({ maxLength: 8 }),
).map((s) => JSON.stringify(s));

/** A generated `scaled` or `kruise.partition` request line. */
export const rolloutLine: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(fc.constantFrom(...variants), fc.oneof(percentText, fc.integer({ min: -2147483648, max: 2147483647 }).map(String)),
    fc.option(fc.oneof(fc.integer({ min: -100, max: 5000 }), fc.integer({ min: -2147483648, max: 2147483647 })), { nil: null }),
    fc.option(fc.boolean(), { nil: null })).map(([v, value, total, ru]) => scaledLine(v, value, total, ru)),
  fc.tuple(fc.oneof(percentText, fc.integer({ min: -10, max: 2000 }).map(String), fc.constant("null")),
    fc.option(fc.oneof(fc.integer({ min: -5, max: 2000 }).map(String), fc.constant("null")), { nil: null })).map(([p, r]) => partitionLine(p, r)),
);
