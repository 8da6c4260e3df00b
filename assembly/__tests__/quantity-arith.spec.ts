// Quantity Add / Cmp / DeepCopy (assembly/quantity/arith.ts) against k8s.io/apimachinery v0.34.4 (pkg/api/resource is identical in v0.34.12, the 1.34 pin): every
// expectation below was printed by Go (resource.MustParse(a); x := a.DeepCopy(); x.Cmp(b); a.Add(b); then
// a.String(), a.Format and the int64Amount or inf.Dec fields).

import { ByteSink } from "../io/sink";
import { clearError } from "../base/errors";
import { parseQuantity } from "../quantity/parse";
import { writeQuantityString } from "../quantity/canonical";
import { Quantity, formatName } from "../quantity/quantity";
import { BigDec } from "../quantity/bigdec";
import { quantityAdd, quantityCmp, quantityDeepCopy } from "../quantity/arith";

function parsed(s: string): Quantity {
  clearError();
  const b = new ByteSink(s.length + 4);
  b.utf8(s);
  const q = parseQuantity(b.ptr, b.len);
  expect(q).not.toBeNull("ParseQuantity(" + s + ")");
  return q!;
}

function str(q: Quantity): string {
  const o = new ByteSink(32);
  writeQuantityString(o, q);
  return String.UTF8.decodeUnsafe(o.ptr, <usize>o.len);
}

/** The Dec's unscaled integer in decimal. */
function unscaled(d: BigDec): string {
  if (d.n == 0) return "0";
  let s = d.neg ? "-" : "";
  for (let i = d.n - 1; i >= 0; i--) s += String.fromCharCode(0x30 + d.digit(i));
  for (let i: i64 = 0; i < d.zeros; i++) s += "0";
  return s;
}

/** Internals as "int value scale" or "dec unscaled scale". */
function internals(q: Quantity): string {
  const d = q.dec;
  if (d === null) return "int " + q.value.toString() + " " + q.scale.toString();
  expect(q.value).toBe(0, "int64Amount cleared");
  return "dec " + unscaled(d) + " " + d.scale.toString();
}

function add(a: string, b: string, want: string, format: string, cmp: i32, inner: string): void {
  const x = parsed(a);
  const y = parsed(b);
  const yBefore = str(quantityDeepCopy(y));
  const c = quantityDeepCopy(x);
  expect(quantityCmp(c, y)).toBe(cmp, a + " Cmp " + b);
  str(x); // caches x's string, which Add must clear
  expect(quantityAdd(x, y)).toBe(true);
  expect(x.sLen).toBe(0, "Add clears the cached string");
  expect(internals(x)).toBe(inner, a + " + " + b + " internals");
  expect(str(x)).toBe(want, a + " + " + b);
  expect(formatName(x)).toBe(format, a + " + " + b + " Format");
  expect(str(y)).toBe(yBefore, "y unchanged");
}

describe("Quantity Add and Cmp as apimachinery", () => {
  it("adds on the int64 fast path, the receiver's format kept unless it is zero", () => {
    add("0", "1Ki", "1Ki", "BinarySI", -1, "int 1024 0");
    add("1Ki", "500m", "1024500m", "BinarySI", 1, "int 1024500 -3");
    add("100m", "1.5", "1600m", "DecimalSI", -1, "int 1600 -3");
    add("1", "-1", "0", "DecimalSI", 1, "int 0 0");
    add("1E", "1000E", "1001E", "DecimalSI", -1, "int 1001 18");
    add("01", "0", "1", "DecimalSI", 1, "int 1 0");
    add("2e-3", "1e3", "1000002e-3", "DecimalExponent", -1, "int 1000002 -3");
    add("1.5e3", "1Mi", "1050076", "DecimalExponent", -1, "int 1050076 0");
    add("0.000000001", "1", "1000000001n", "DecimalSI", -1, "int 1000000001 -9");
    add("1000m", "0", "1", "DecimalSI", 1, "int 1000 -3");
  });
  it("continues in inf.Dec at the larger scale on overflow or a Dec operand", () => {
    add("0.5Gi", "512Mi", "1Gi", "BinarySI", 0, "dec 1073741824000000000 9");
    add("9223372036854775807", "9223372036854775807", "18446744073709551614", "DecimalSI", 0, "dec 18446744073709551614000000000 9");
    add("12345678901234567890", "1n", "12345678901234567890000000001n", "DecimalSI", 1, "dec 12345678901234567890000000001 9");
    add("-9223372036854775807", "-9223372036854775807", "-18446744073709551614", "DecimalSI", 0, "dec -18446744073709551614000000000 9");
  });
  it("Cmp turns the receiver into its Dec form when the other side is a Dec", () => {
    const a = parsed("1");
    expect(quantityCmp(a, parsed("0.5Gi"))).toBe(-1);
    expect(a.dec).not.toBeNull();
    const b = parsed("2");
    expect(quantityCmp(b, parsed("1"))).toBe(1);
    expect(b.dec).toBeNull();
  });
});
