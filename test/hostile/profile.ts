// How big generated cases may get: the standing test keeps every case small enough to run thousands in a
// minute in-process; the long run goes to the sizes the requirement names (nesting 1e5, 1e5 elements or
// keys, 20,000-digit numbers, lines of tens of MB).

/** Size caps of one generated case. */
export interface Profile {
  name: string;
  /** Longest request line (bytes); bigger mutants are shrunk or skipped. */
  maxLine: number;
  /** Deepest nesting generated. */
  maxDepth: number;
  /** Most elements of one generated array. */
  maxElems: number;
  /** Most members of one generated object. */
  maxKeys: number;
  /** Longest generated string (characters). */
  maxString: number;
  /** Most digits of one generated number or quantity. */
  maxDigits: number;
}

/** The in-process test: modest sizes (every case well under a second on a correct engine). */
export const TEST_PROFILE: Profile = { name: "test", maxLine: 1 << 20, maxDepth: 12_000, maxElems: 3_000, maxKeys: 2_000, maxString: 100_000, maxDigits: 2_000 };

/** The long run: the requirement's sizes. */
export const LONG_PROFILE: Profile = { name: "long", maxLine: 4 << 20, maxDepth: 100_000, maxElems: 600_000, maxKeys: 100_000, maxString: 4 << 20, maxDigits: 100_000 };

/** The order test's bad requests: small, so each can also run on its own fresh engine. */
export const ORDER_PROFILE: Profile = { name: "order", maxLine: 256 << 10, maxDepth: 12_000, maxElems: 2_000, maxKeys: 1_000, maxString: 50_000, maxDigits: 200 };
