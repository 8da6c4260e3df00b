// Which Kubernetes minors the live differential suites build and run.
//
// CI starts with an empty Go cache and has 90 minutes on 2 cores. An oracle build of one minor takes
// about half a minute cold with k8s.io/api + apimachinery only (the api builds) and several minutes with
// k8s.io/kubernetes linked (the kube builds: defaulting, validation, kubelet, verdict), so by default
// ("ci") each suite runs only on the minors of its list that are in the CI sample below; the OpenKruise suites run
// every release (CI_KRUISE_RELEASES), whose builds share most of their modules.
// KINPLACE_ORACLE_SCOPE=full (`npm run test:oracle:all`) runs every minor each suite covers. Either way
// the golden vectors under test/vectors/, written from full runs, check every minor in `npm test`.
// A suite's own KINPLACE_*_MINORS variable still picks minors explicitly.

import { MINORS } from "./k8s/versions.ts";

/** "ci" (the default) or "full". */
export const SCOPE: "ci" | "full" = process.env.KINPLACE_ORACLE_SCOPE === "full" ? "full" : "ci";

/** The api-build minors CI runs: the oldest, each json-iterator / sigs.k8s.io/json era, the Go class boundaries, the newest. */
export const CI_API_MINORS = ["1.12", "1.16", "1.22", "1.30", "1.37"];

/** The kube-build minors CI runs: the newest (each kube build takes 6-10 minutes cold on CI's 2 cores). */
export const CI_KUBE_MINORS = ["1.37"];

/** The kube-build minors the workload update suite runs in CI: the oldest the module proxy builds and the newest (the
 *  one suite that pays for a second kube build, so that every CI run checks both ends of the supported range). */
export const CI_WORKLOAD_MINORS = ["1.15", "1.37"];

/** Whether a live suite whose only build is a slow one of its own (the OpenKruise v1.6, v1.7 and v1.8 builds) runs: full scope only. */
export const SLOW_BUILDS = SCOPE === "full";

/**
 * The OpenKruise releases whose builds CI pays for: every supported one (v1.5.5, v1.6.0, v1.7.0, v1.8.3, v1.9.0), so that
 * each CI run checks at least 1,000 generated pairs per release. The first Kruise build downloads the modules the others
 * mostly share; measured with a cold .ci/run (docs/fidelity.md).
 */
export const CI_KRUISE_RELEASES = ["1.5", "1.6", "1.7", "1.8", "1.9"];

/** Every supported minor, ascending. */
export const ALL_MINORS = MINORS.map((m) => m.minor);

/**
 * The minors of `covered` this run builds: all of them in the full scope, else those in the CI sample
 * of `build` (the newest of `covered` when none is).
 */
export function scopedMinors(covered: string[], build: "api" | "kube"): string[] {
  if (SCOPE === "full") return covered;
  const sample = build === "api" ? CI_API_MINORS : CI_KUBE_MINORS;
  const kept = covered.filter((m) => sample.includes(m));
  return kept.length > 0 ? kept : covered.slice(-1);
}

/** Minors named by the environment variable `name` ("all" = every minor with a kube build), else `otherwise`. */
export function minorsFromEnv(name: string, otherwise: string[]): string[] {
  const selected = (process.env[name] ?? "").split(/[\s,]+/).filter(Boolean);
  if (selected.length === 1 && selected[0] === "all") return ALL_MINORS.filter((m) => m !== "1.12");
  return selected.length > 0 ? selected : otherwise;
}
