// resource.Quantity against the real Go code: every vector in generated/quantity-vectors.ts was produced
// by k8s.io/apimachinery's ParseQuantity / json.Unmarshal, MarshalJSON, String() and go-spew %#v.

import { ByteSink } from "../io/sink";
import { clearError, hasError, errorCode, writeErrorJSON } from "../base/errors";
import { writeJSONString } from "../json/strings";
import { parseQuantity } from "../quantity/parse";
import { unmarshalQuantityJSON } from "../quantity/unmarshal";
import { writeQuantityString, writeQuantityJSON } from "../quantity/canonical";
import { writeQuantityInternals } from "../quantity/internals";
import { Quantity, formatName } from "../quantity/quantity";
import { quantityMilliValue, quantityValue, quantityScaledValue, quantitySign } from "../quantity/scaled";
import { parseQuantityOr, QuantityError } from "../quantity/parse";
import { QUANTITY_VECTORS } from "./generated/quantity-vectors";

/** ASCII/latin text of a sink. */
function text(s: ByteSink): string {
  return String.UTF8.decodeUnsafe(s.ptr, <usize>s.len);
}

/** Bytes of a string as UTF-8 in a fresh buffer. */
function bytesOf(s: string): ByteSink {
  const b = new ByteSink(s.length + 4);
  b.utf8(s);
  return b;
}

function hexVal(c: i32): i32 {
  return c <= 0x39 ? c - 0x30 : c - 0x57;
}

/** Decodes lowercase hex into bytes. */
function unhex(h: string): ByteSink {
  const b = new ByteSink(h.length / 2 + 4);
  for (let i = 0; i + 1 < h.length; i += 2) b.byte((hexVal(h.charCodeAt(i)) << 4) | hexVal(h.charCodeAt(i + 1)));
  return b;
}

/** What the engine says for one input: the error, or the five fields the vectors hold. */
function outcome(q: Quantity | null): string {
  const out = new ByteSink(256);
  if (q === null) {
    out.ascii("ERR\t");
    writeErrorJSON(out, writeJSONString);
    return text(out);
  }
  writeQuantityInternals(out, q);
  out.byte(0x09);
  writeQuantityJSON(out, q);
  out.byte(0x09);
  out.ascii(formatName(q));
  out.byte(0x09);
  writeQuantityString(out, q);
  out.byte(0x09);
  writeQuantityInternals(out, q);
  return text(out);
}

/** The expected line in the engine's terms (Go's error text becomes the E_QUANTITY error object). */
function expected(exp: string): string {
  if (exp.startsWith("ERR\t")) return "ERR\t{\"code\":\"E_QUANTITY\",\"message\":\"" + exp.substring(4) + "\"}";
  return exp;
}

function run(mode: string, input: ByteSink): string {
  clearError();
  const q = mode == "p" ? parseQuantity(input.ptr, input.len) : unmarshalQuantityJSON(input.ptr, input.len);
  return outcome(q);
}

function parsed(s: string): Quantity {
  clearError();
  const b = bytesOf(s);
  const q = parseQuantity(b.ptr, b.len);
  expect(q).not.toBeNull("ParseQuantity(" + s + ") failed");
  return q!;
}

function str(q: Quantity): string {
  const o = new ByteSink(32);
  writeQuantityString(o, q);
  return text(o);
}

function json(q: Quantity): string {
  const o = new ByteSink(32);
  writeQuantityJSON(o, q);
  return text(o);
}

function spew(q: Quantity): string {
  const o = new ByteSink(128);
  writeQuantityInternals(o, q);
  return text(o);
}

/** ParseQuantity(s) then String() and Format, checked. */
function canon(s: string, want: string, format: string): void {
  const q = parsed(s);
  expect(json(q)).toBe("\"" + want + "\"", "MarshalJSON of " + s);
  expect(str(q)).toBe(want, "String of " + s);
  expect(formatName(q)).toBe(format, "Format of " + s);
}

function parseError(s: string, message: string): void {
  clearError();
  const b = bytesOf(s);
  expect(parseQuantity(b.ptr, b.len)).toBeNull("ParseQuantity(" + s + ") should fail");
  expect(hasError()).toBe(true);
  expect(errorCode()).toBe("E_QUANTITY");
  const o = new ByteSink(128);
  writeErrorJSON(o, writeJSONString);
  expect(text(o)).toBe("{\"code\":\"E_QUANTITY\",\"message\":\"" + message + "\"}", s);
}

const FORMAT_WRONG = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

describe("quantity vectors from the real Go code", () => {
  it("has the generated table", () => {
    expect(QUANTITY_VECTORS.length).toBeGreaterThan(2900);
  });

  it("matches every ParseQuantity and UnmarshalJSON vector byte for byte", () => {
    let mismatches = "";
    let count = 0;
    let parses = 0;
    let jsons = 0;
    for (let i = 0; i < QUANTITY_VECTORS.length; i++) {
      const v = QUANTITY_VECTORS[i];
      const t1 = v.indexOf("\t");
      const t2 = v.indexOf("\t", t1 + 1);
      const mode = v.substring(0, t1);
      const input = unhex(v.substring(t1 + 1, t2));
      const want = expected(v.substring(t2 + 1));
      const got = run(mode, input);
      if (mode == "p") parses++; else jsons++;
      if (got != want) {
        count++;
        if (count <= 10) mismatches += "\n" + mode + " " + v.substring(t1 + 1, t2) + "\n  got  " + got + "\n  want " + want;
      }
    }
    expect(parses).toBeGreaterThan(2500);
    expect(jsons).toBeGreaterThan(300);
    expect(mismatches).toBe("", count.toString() + " mismatches");
  });
});

describe("canonical strings (spec sheet §4.4 and known answers)", () => {
  it("keeps canonical spellings and canonicalises the rest", () => {
    canon("100m", "100m", "DecimalSI");
    canon("0.1", "100m", "DecimalSI");
    canon("0.5", "500m", "DecimalSI");
    canon("1.5", "1500m", "DecimalSI");
    canon("1500m", "1500m", "DecimalSI");
    canon("1000m", "1", "DecimalSI");
    canon("1.0", "1", "DecimalSI");
    canon("1000", "1k", "DecimalSI");
    canon("1000000", "1M", "DecimalSI");
    canon("1000M", "1G", "DecimalSI");
    canon("1234567", "1234567", "DecimalSI");
    canon("12000000", "12M", "DecimalSI");
    canon("1e3", "1e3", "DecimalExponent");
    canon("1E3", "1E3", "DecimalExponent");
    canon("1E+3", "1E+3", "DecimalExponent");
    canon("1e-3", "1e-3", "DecimalExponent");
    canon("1.5e3", "1500", "DecimalExponent");
    canon("1Gi", "1Gi", "BinarySI");
    canon("1024Mi", "1Gi", "BinarySI");
    canon("1536Mi", "1536Mi", "BinarySI");
    canon("1.5Gi", "1536Mi", "BinarySI");
    canon("0.5Gi", "512Mi", "BinarySI");
    canon("500Mi", "500Mi", "BinarySI");
    canon("1000Ki", "1000Ki", "BinarySI");
    canon("100Ki", "100Ki", "BinarySI");
    canon("0m", "0", "DecimalSI");
    canon("500M", "500M", "DecimalSI");
    canon("1G", "1G", "DecimalSI");
  });

  it("reproduces the parser's quirks", () => {
    canon("1000E", "1", "DecimalSI");
    canon("1024Ei", "9223372036854775807", "BinarySI");
    canon("-1024Ei", "-9223372036854775807", "BinarySI");
    canon("01", "01", "DecimalSI");
    canon("1.", "1.", "DecimalSI");
    canon("+1", "+1", "DecimalSI");
    canon("1.Gi", "1.Gi", "BinarySI");
    canon("Gi", "0", "BinarySI");
    canon("m", "0", "DecimalSI");
    canon(".", "0", "DecimalSI");
    canon("-", "0", "DecimalSI");
    canon(".5", "500m", "DecimalSI");
    canon("5.", "5.", "DecimalSI");
    canon("0.0000000001", "1n", "DecimalSI");
    canon("1.0000000001", "1000000001n", "DecimalSI");
    canon("-0.0000000001", "-1n", "DecimalSI");
    canon("0.5Ki", "512", "BinarySI");
    canon("1.1Ki", "1126400m", "BinarySI");
    canon("9223372036854775807", "9223372036854775807", "DecimalSI");
    canon("9223372036854775808", "9223372036854775808", "DecimalSI");
    canon("1e9223372036854775807", "100e-3", "DecimalExponent");
    canon("1e4294967297", "10", "DecimalExponent");
    canon("1.55e-2147483647", "1550e2147483646", "DecimalExponent");
  });

  it("reports upstream's error texts", () => {
    parseError("", FORMAT_WRONG);
    parseError(" 1", FORMAT_WRONG);
    parseError("1 ", FORMAT_WRONG);
    parseError("1.2.3", FORMAT_WRONG);
    parseError("abc", FORMAT_WRONG);
    parseError("1e", "unable to parse quantity's suffix");
    parseError("1K", "unable to parse quantity's suffix");
    parseError("1e9223372036854775808", "unable to parse quantity's suffix");
    parseError("Pi", "unable to parse numeric part of quantity");
    parseError("-e-10", "unable to parse numeric part of quantity");
    parseError("1234567890123456789e2147483639", "runtime error: index out of range [-2147483648]");
  });
});

describe("UnmarshalJSON as a manifest field sees it", () => {
  it("turns null into the zero Quantity with an empty Format", () => {
    clearError();
    const b = bytesOf("null");
    const q = unmarshalQuantityJSON(b.ptr, b.len)!;
    expect(formatName(q)).toBe("");
    expect(json(q)).toBe("\"0\"");
    expect(spew(q)).toBe("{i:(resource.int64Amount){value:(int64)0 scale:(resource.Scale)0} d:(resource.infDecAmount){Dec:(*inf.Dec)<nil>} s:(string) Format:(resource.Format)}");
  });

  it("trims spaces, accepts numbers, never decodes escapes", () => {
    clearError();
    let b = bytesOf("\" 1Gi \"");
    expect(str(unmarshalQuantityJSON(b.ptr, b.len)!)).toBe("1Gi");
    b = bytesOf("\"\u00a01.5\u3000\"");
    expect(str(unmarshalQuantityJSON(b.ptr, b.len)!)).toBe("1500m");
    b = bytesOf("1.5");
    expect(str(unmarshalQuantityJSON(b.ptr, b.len)!)).toBe("1500m");
    b = bytesOf("\"\\u0031\"");
    expect(unmarshalQuantityJSON(b.ptr, b.len)).toBeNull();
    expect(errorCode()).toBe("E_QUANTITY");
    clearError();
    b = bytesOf("\"\u200b1\""); // zero-width space is not white space
    expect(unmarshalQuantityJSON(b.ptr, b.len)).toBeNull();
    clearError();
    b = bytesOf("true");
    expect(unmarshalQuantityJSON(b.ptr, b.len)).toBeNull();
  });
});

describe("go-spew internals", () => {
  it("prints an int64Amount quantity and caches String() like Go", () => {
    const q = parsed("1.5");
    expect(spew(q)).toBe("{i:(resource.int64Amount){value:(int64)15 scale:(resource.Scale)-1} d:(resource.infDecAmount){Dec:(*inf.Dec)<nil>} s:(string) Format:(resource.Format)DecimalSI}");
    expect(str(q)).toBe("1500m");
    expect(spew(q)).toBe("{i:(resource.int64Amount){value:(int64)15 scale:(resource.Scale)-1} d:(resource.infDecAmount){Dec:(*inf.Dec)<nil>} s:(string)1500m Format:(resource.Format)DecimalSI}");
  });

  it("prints an inf.Dec quantity with its big.nat words", () => {
    expect(spew(parsed("12345678901234567890"))).toBe("{i:(resource.int64Amount){value:(int64)0 scale:(resource.Scale)0} d:(resource.infDecAmount){Dec:(*inf.Dec){unscaled:(big.Int){neg:(bool)false abs:(big.nat)[5097733592002180096 669260594]} scale:(inf.Scale)9}} s:(string) Format:(resource.Format)DecimalSI}");
    expect(spew(parsed("-1024Ei"))).toBe("{i:(resource.int64Amount){value:(int64)0 scale:(resource.Scale)0} d:(resource.infDecAmount){Dec:(*inf.Dec){unscaled:(big.Int){neg:(bool)true abs:(big.nat)[9223372036854775807]} scale:(inf.Scale)0}} s:(string) Format:(resource.Format)BinarySI}");
    expect(spew(parsed("0.0Ki"))).toBe("{i:(resource.int64Amount){value:(int64)0 scale:(resource.Scale)0} d:(resource.infDecAmount){Dec:(*inf.Dec){unscaled:(big.Int){neg:(bool)false abs:(big.nat)<nil>} scale:(inf.Scale)1}} s:(string) Format:(resource.Format)BinarySI}");
  });
});

describe("values Go cannot finish in practice", () => {
  // Go's inf.Dec materialises 10^(2^31-ish) here; the engine follows the same arithmetic lazily.
  // Same code path as the Go-checked vectors 1234567890123456789e-100000 → 1e-9 and e100000.
  it("rounds a huge negative exponent up to 1n", () => {
    canon("1e-2147483648", "1e-9", "DecimalExponent");
    canon("-1e-2147483648", "-1e-9", "DecimalExponent");
  });

  it("keeps a huge positive exponent exact without expanding it", () => {
    canon("1234567890123456789e1000000000", "12345678901234567890e999999999", "DecimalExponent");
  });

  it("refuses to print billions of big.nat words", () => {
    const q = parsed("1234567890123456789e1000000000");
    clearError();
    const o = new ByteSink(64);
    expect(writeQuantityInternals(o, q)).toBe(false);
    expect(errorCode()).toBe("E_TOO_LARGE");
  });
});

/** xorshift32 with a fixed seed, so the fuzz run is reproducible. */
let rngState: u32 = 0x9e3779b9;
function rnd(n: i32): i32 {
  let x = rngState;
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  rngState = x;
  return <i32>(x % <u32>n);
}

const ALPHABET = "0123456789.+-eEinumkKMGTP x\"\\";

/** ParseQuantity of `s` (must succeed). */
function q(s: string): Quantity {
  const b = String.UTF8.encode(s);
  return parseQuantityOr(changetype<usize>(b), b.byteLength, new QuantityError())!;
}

describe("ScaledValue, MilliValue and Value (values from k8s.io/apimachinery v0.30.0)", () => {
  it("rounds up on both paths and wraps like Go's int64", () => {
    expect(quantityMilliValue(q("-0.9999999990000000000"))).toBe(-998); // inf.Dec: truncating division, then +1
    expect(quantityValue(q("-0.9999999990000000000"))).toBe(1);
    expect(quantityMilliValue(q("-0.999999999"))).toBe(-1000); // int64: away from zero
    expect(quantityMilliValue(q("18446744073709551.616"))).toBe(0); // big.Int.Int64 of 2^64
    expect(quantityValue(q("18446744073709551.616"))).toBe(18446744073709552);
    expect(quantityMilliValue(q("99999999999999999.9"))).toBe(7766279631452241820); // the wrapped ×100
    expect(quantityMilliValue(q("100000000000000000000.5"))).toBe(200376420520690164);
    expect(quantityValue(q("100000000000000000000.5"))).toBe(7766279631452241921);
    expect(quantityMilliValue(q("1e20"))).toBe(0); // positiveScaleInt64's loop gives 0 on overflow
    expect(quantityMilliValue(q("2.5e-3"))).toBe(3);
    expect(quantityValue(q("5Gi"))).toBe(5368709120);
    expect(quantityScaledValue(q("1.5"), -3)).toBe(1500);
    expect(quantitySign(q("-0"))).toBe(0);
    expect(quantitySign(q("-1" + "0".repeat(30)))).toBe(-1);
  });

  it("does not record an error when ParseQuantity refuses a value (parseQuantityOr)", () => {
    clearError();
    const e = new QuantityError();
    const b = String.UTF8.encode("12Zi");
    expect(parseQuantityOr(changetype<usize>(b), b.byteLength, e)).toBeNull();
    expect(e.text).toBe("quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'");
    expect(hasError()).toBe(false);
  });
});

describe("bad input never traps", () => {
  it("parses 10000 random byte strings to a Quantity or an E_QUANTITY error", () => {
    let ok = 0;
    let bad = 0;
    for (let i = 0; i < 10000; i++) {
      const b = new ByteSink(48);
      const n = rnd(40);
      for (let j = 0; j < n; j++) {
        const r = rnd(40);
        if (r < ALPHABET.length) b.byte(ALPHABET.charCodeAt(r));
        else if (r < 38) b.byte(0x30 + rnd(10));
        else b.byte(0x80 + rnd(128));
      }
      clearError();
      const q = i % 3 == 0 ? unmarshalQuantityJSON(b.ptr, b.len) : parseQuantity(b.ptr, b.len);
      if (q === null) {
        expect(errorCode()).toBe("E_QUANTITY");
        bad++;
        continue;
      }
      expect(hasError()).toBe(false);
      const j = json(q);
      const s = str(q);
      expect(j).toBe("\"" + s + "\"");
      // the canonical text always parses again
      const again = bytesOf(s);
      expect(parseQuantity(again.ptr, again.len)).not.toBeNull(s);
      ok++;
    }
    expect(ok).toBeGreaterThan(300);
    expect(bad).toBeGreaterThan(1000);
  });
});
