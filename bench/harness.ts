// A small timing harness: calibrated batches, interleaved runs, median ops/s. Numbers are reported,
// never asserted.

/** One benchmark case: a name and a function to time. */
export interface Case {
  name: string;
  fn: () => unknown;
}

/** Median ops/s of each case over `runs` interleaved runs of about `ms` milliseconds. */
export function measure(cases: Case[], runs = 7, ms = 200): Map<string, number> {
  const batch = new Map<string, number>();
  for (const c of cases) {
    // warm up and calibrate a batch that takes about 10 ms
    let n = 1;
    for (;;) {
      const t0 = performance.now();
      for (let i = 0; i < n; i++) c.fn();
      const dt = performance.now() - t0;
      if (dt > 10) break;
      n *= 2;
    }
    batch.set(c.name, n);
  }
  const samples = new Map<string, number[]>(cases.map((c) => [c.name, []]));
  for (let r = 0; r < runs; r++) {
    for (const c of cases) {
      const n = batch.get(c.name)!;
      let ops = 0;
      const t0 = performance.now();
      let dt = 0;
      do {
        for (let i = 0; i < n; i++) c.fn();
        ops += n;
        dt = performance.now() - t0;
      } while (dt < ms);
      samples.get(c.name)!.push((ops * 1000) / dt);
    }
  }
  const out = new Map<string, number>();
  for (const [k, v] of samples) {
    v.sort((a, b) => a - b);
    out.set(k, v[Math.floor(v.length / 2)]);
  }
  return out;
}

/** Formats ops/s with thousands separators. */
export function fmt(x: number): string {
  return x >= 100 ? Math.round(x).toLocaleString("en-US") : x.toFixed(1);
}
