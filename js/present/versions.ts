// The versions the engine supports, for selectors and "per kubelet minor" tables
// (the engine's own list is assembly/typed/versions.ts; an unknown one is refused with E_UNSUPPORTED_VERSION).

/** Kubernetes / kubelet minors the engine has types and hashes for, oldest first. */
export const KUBERNETES_MINORS: readonly string[] = ["1.12", ...Array.from({ length: 23 }, (_, i) => `1.${15 + i}`)];

/** The newest supported Kubernetes minor (the engine's default). */
export const NEWEST_MINOR: string = KUBERNETES_MINORS[KUBERNETES_MINORS.length - 1]!;

/** Numeric order of two "1.N" minors. */
export function compareMinor(a: string, b: string): number {
  return Number(a.split(".")[1]) - Number(b.split(".")[1]);
}
