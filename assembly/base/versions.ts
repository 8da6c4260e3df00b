// Versions the engine knows. Unknown versions are refused, never mapped to a neighbour.

/** Oldest Go release whose encoding/json behaviour is reproduced (go "1.13": older ones cannot be fetched to check). */
export const GO_MIN: i32 = 13;
/** Newest Go release known to this build (go "1.27"). */
export const GO_MAX: i32 = 27;
/** The Go release used when a request names none: the newest. */
export const GO_DEFAULT: i32 = GO_MAX;

/** Parses "1.N" into N; returns -1 for anything else. */
export function parseMinor(p: usize, n: i32): i32 {
  if (n < 3 || n > 5 || load<u8>(p) != 0x31 || load<u8>(p, 1) != 0x2e) return -1;
  let v = 0;
  for (let i = 2; i < n; i++) {
    const c = <i32>load<u8>(p + <usize>i) - 0x30;
    if (c < 0 || c > 9) return -1;
    if (i == 2 && c == 0 && n > 3) return -1;
    v = v * 10 + c;
  }
  return v;
}
