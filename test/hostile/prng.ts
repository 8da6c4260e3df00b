// A small seeded PRNG (splitmix32 state, mulberry32 output) for the hostile generators: the same seed and
// case index always give the same case, on any machine, so a case can be regenerated from its number.

/** A deterministic random source with the few helpers the generators need. */
export class Rng {
  #s: number;

  /** Creates a source from a 32-bit state. */
  constructor(state: number) {
    this.#s = state >>> 0;
  }

  /** The source of case `index` under run seed `seed` (independent of every other case). */
  static forCase(seed: number, index: number): Rng {
    return new Rng(mix(mix(seed >>> 0) ^ Math.imul(index + 1, 0x9e3779b1)));
  }

  /** A uniform 32-bit unsigned integer. */
  u32(): number {
    this.#s = (this.#s + 0x6d2b79f5) >>> 0;
    let t = this.#s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.u32() / 4294967296;
  }

  /** An integer in [lo, hi] (inclusive). */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  /** An integer in [lo, hi] spread over orders of magnitude (log-uniform), for sizes. */
  size(lo: number, hi: number): number {
    const a = Math.log(Math.max(1, lo));
    const b = Math.log(Math.max(1, hi));
    return Math.min(hi, Math.max(lo, Math.round(Math.exp(a + this.next() * (b - a)))));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of a non-empty array. */
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)]!;
  }

  /** A shuffled copy of an array (Fisher-Yates). */
  shuffle<T>(xs: readonly T[]): T[] {
    const out = xs.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }
}

/** A 32-bit integer hash (splitmix-style finalizer). */
export function mix(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

/** The run seed from a string or number (env values), defaulting to `def`. */
export function parseSeed(v: string | undefined, def: number): number {
  if (v === undefined || v === "") return def;
  const n = Number(v);
  if (Number.isInteger(n)) return n >>> 0;
  let h = 2166136261;
  for (let i = 0; i < v.length; i++) h = Math.imul(h ^ v.charCodeAt(i), 16777619);
  return h >>> 0;
}
