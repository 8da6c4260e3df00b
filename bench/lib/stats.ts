// Order statistics of timing samples: quantiles, the median and interquartile range, and their Markdown cells.

/** A sample's median and interquartile range (p25–p75), and how many values it has. */
export interface Summary {
  median: number;
  p25: number;
  p75: number;
  n: number;
}

/** The q-quantile (0..1) of values, linearly interpolated between order statistics. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const at = (s.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return s[lo]! + (s[hi]! - s[lo]!) * (at - lo);
}

/** The median and interquartile range of values. */
export function summarize(values: readonly number[]): Summary {
  return { median: quantile(values, 0.5), p25: quantile(values, 0.25), p75: quantile(values, 0.75), n: values.length };
}

/** Half the interquartile range as a percentage of the median: "±4%". */
export function spreadPct(s: Summary): string {
  if (!(s.median > 0) || s.n < 2) return "±?";
  return `±${Math.round(((s.p75 - s.p25) / 2 / s.median) * 100)}%`;
}

/** A duration in nanoseconds with a unit that keeps three significant digits: "812 ns", "14.3 µs", "2.05 ms", "1.20 s". */
export function duration(ns: number): string {
  if (!Number.isFinite(ns)) return "—";
  const [v, unit] = ns >= 1e9 ? [ns / 1e9, "s"] : ns >= 1e6 ? [ns / 1e6, "ms"] : ns >= 1e3 ? [ns / 1e3, "µs"] : [ns, "ns"];
  return `${v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2)} ${unit}`;
}

/** "median (p25–p75)" of durations in nanoseconds, in the median's unit. */
export function durationCell(s: Summary): string {
  return `${duration(s.median)} ${spreadPct(s)}`;
}

/** A ratio with two significant decimals: "3.41×". */
export function ratio(x: number): string {
  if (!Number.isFinite(x)) return "—";
  return `${x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x >= 0.1 ? x.toFixed(2) : x.toPrecision(2)}×`;
}

/** "median× (p25–p75)" of per-round ratios. */
export function ratioCell(s: Summary): string {
  if (s.n === 0) return "—";
  if (s.n === 1) return ratio(s.median);
  return `${ratio(s.median)} (${ratio(s.p25).slice(0, -1)}–${ratio(s.p75)})`;
}

/** Bytes as "412 KB", "1.5 MB", "830 B" (1 KB = 1,024 bytes). */
export function size(bytes: number): string {
  if (bytes >= 1 << 20) return `${(bytes / (1 << 20)).toFixed(1)} MB`;
  if (bytes >= 1 << 10) return `${(bytes / 1024).toFixed(bytes >= 10 << 10 ? 0 : 1)} KB`;
  return `${bytes} B`;
}

/** A per-round ratio "peer time ÷ kinplace time" in words: "3.10× faster (3.02–3.21)" or "1.52× slower (1.49–1.60)". */
export function speedup(s: Summary): string {
  if (s.n === 0) return "—";
  if (s.median >= 1) return `${ratioCell(s)} faster`;
  return `${ratioCell({ median: 1 / s.median, p25: 1 / s.p75, p75: 1 / s.p25, n: s.n })} slower`;
}
