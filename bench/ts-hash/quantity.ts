// resource.Quantity for the TypeScript reference hashes: canonical spellings only (digits and an SI
// suffix, e.g. "500m", "256Mi", "2"), which is what the benchmark fixtures carry. A straightforward
// reference, not a general parser: anything else throws.

/** The fields go-spew prints for a parsed Quantity. */
export interface Q { value: bigint; scale: number; s: string; format: "DecimalSI" | "BinarySI" }

const DEC: Record<string, number> = { "": 0, m: -3, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BIN: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };

/** ParseQuantity of a canonical quantity string. */
export function parseQuantity(s: string): Q {
  const m = /^([0-9]+)([a-zA-Z]*)$/.exec(s);
  if (!m) throw new Error(`quantity ${s} is not canonical`);
  const n = BigInt(m[1]!);
  // ParseQuantity caches the string only on its DecimalSI fast path
  if (m[2]! in BIN) return { value: n << BigInt(BIN[m[2]!]!), scale: 0, s: "", format: "BinarySI" };
  if (m[2]! in DEC) return { value: n, scale: DEC[m[2]!]!, s, format: "DecimalSI" };
  throw new Error(`quantity ${s}: unknown suffix`);
}
