// Seeded rearrangements of the keys of every object in a JSON value (the transcoder suites feed the same objects in
// other key orders: its learned key order, key index and rebuilds).

/** `v` with the entries of every object passed through `arrange` (which may reorder them), `r` a xorshift of `seed` in [0, 1). */
export function rearranged(v: unknown, seed: number, arrange: (e: [string, unknown][], r: () => number) => void): unknown {
  let s = seed >>> 0;
  const r = () => { s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0; return s / 0x100000000; };
  const walk = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(walk);
    if (x === null || typeof x !== "object") return x;
    const e = Object.entries(x as Record<string, unknown>);
    arrange(e, r);
    return Object.fromEntries(e.map(([k, val]) => [k, walk(val)]));
  };
  return walk(v);
}

/** Shuffles `e` in place (Fisher-Yates with `r`). */
export function shuffle(e: unknown[], r: () => number): void {
  for (let i = e.length - 1; i > 0; i--) { const j = Math.floor(r() * (i + 1)); [e[i], e[j]] = [e[j]!, e[i]!]; }
}
