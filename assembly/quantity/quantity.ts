// The state of a Kubernetes `resource.Quantity` (k8s.io/apimachinery pkg/api/resource), field for
// field: `i int64Amount{value, scale}`, `d infDecAmount{*inf.Dec}`, the cached string `s` and `Format`.
// go-spew prints these raw fields, so they are kept exactly as the Go code leaves them.

import { BigDec } from "./bigdec";

/** Format "DecimalSI" (e.g. 12M). */
export const FORMAT_DECIMAL_SI: i32 = 0;
/** Format "BinarySI" (e.g. 12Mi). */
export const FORMAT_BINARY_SI: i32 = 1;
/** Format "DecimalExponent" (e.g. 12e6). */
export const FORMAT_DECIMAL_EXPONENT: i32 = 2;
/** Format "" — the zero value, left by JSON `null`. */
export const FORMAT_EMPTY: i32 = 3;

/** A parsed Quantity: int64Amount when `dec` is null, otherwise the big decimal; `s` is the cached string. */
export class Quantity {
  /** int64Amount.value (meaningful when `dec` is null; 0 otherwise, as Go leaves it). */
  value: i64 = 0;
  /** int64Amount.scale: the value is `value × 10^scale`. */
  scale: i32 = 0;
  /** d.Dec: the inf.Dec when the value did not fit the int64 fast path, else null. */
  dec: BigDec | null = null;
  /** Pointer to the bytes of the cached string `s` (ASCII), valid while `sLen > 0`. */
  sPtr: usize = 0;
  /** Length of the cached string `s`; 0 means empty (Go's "not cached"). */
  sLen: i32 = 0;
  /** One of FORMAT_DECIMAL_SI, FORMAT_BINARY_SI, FORMAT_DECIMAL_EXPONENT, FORMAT_EMPTY. */
  format: i32 = FORMAT_EMPTY;

  /** True when the value is zero (Go's IsZero). */
  isZero(): bool {
    const d = this.dec;
    if (d !== null) return d.isZero();
    return this.value == 0;
  }

  /** Sets the cached string `s` to a copy of `n` bytes at `p`. */
  setCached(p: usize, n: i32): void {
    if (n <= 0) { this.sPtr = 0; this.sLen = 0; return; }
    const c = heap.alloc(<usize>n);
    memory.copy(c, p, <usize>n);
    this.sPtr = c;
    this.sLen = n;
  }

  /** The cached string `s` as an AssemblyScript string, or null when empty. */
  cachedString(): string | null {
    if (this.sLen == 0) return null;
    return String.UTF8.decodeUnsafe(this.sPtr, <usize>this.sLen);
  }
}

/** The Go name of the quantity's Format ("DecimalSI", "BinarySI", "DecimalExponent" or ""). */
export function formatName(q: Quantity): string {
  return formatNameOf(q.format);
}

/** The Go name of a format constant. */
export function formatNameOf(f: i32): string {
  if (f == FORMAT_DECIMAL_SI) return "DecimalSI";
  if (f == FORMAT_BINARY_SI) return "BinarySI";
  if (f == FORMAT_DECIMAL_EXPONENT) return "DecimalExponent";
  return "";
}
