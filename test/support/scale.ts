// How many generated cases the randomized tests run (fast-check numRuns, hostile and order-independence
// requests, sampled vectors): one switch, KINPLACE_TEST_SCALE.
//   unset or "default"  a quarter of each full count (never fewer than `min`): `npm test` in minutes on 2 cores
//   "ci"                every full count, as each test names it (.ci/run)
// Seeds do not depend on the scale: a test with a fixed seed checks, by default, the first of its CI run's cases.

const raw = process.env["KINPLACE_TEST_SCALE"] ?? "default";
if (raw !== "default" && raw !== "ci") throw new Error(`KINPLACE_TEST_SCALE must be "default" or "ci", not ${JSON.stringify(raw)}`);

/** The test scale this run uses (KINPLACE_TEST_SCALE). */
export const TEST_SCALE: "default" | "ci" = raw;

/** A generated-case count: `full` under KINPLACE_TEST_SCALE=ci, otherwise a quarter of it, at least `min` (and at most
 *  `full`); a test that asserts a share of its cases did something names a `min` that keeps the share well above its floor. */
export function cases(full: number, min = 25): number {
  if (TEST_SCALE === "ci") return full;
  return Math.min(full, Math.max(min, Math.ceil(full / 4)));
}
