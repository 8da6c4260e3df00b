// Exact number conversions (assembly/json/number.ts) against Go and ECMAScript. The loops check every
// vector in generated/number-vectors.ts (produced by Go's strconv/encoding/json and Node); the named
// cases pin the hard values and Go's documented quirks.

import { ByteSink } from "../io/sink";
import {
  parseNumber, parseNumberJS, outOfRange, writeGoFloat64, writeEcmaNumber, writeGoFormatG,
} from "../json/number";
import {
  F64_BITS, F64_GO_JSON, F64_GO_G, F64_ES, F32_BITS, F32_GO_G,
  PARSE_TEXT, PARSE_GO_BITS, PARSE_GO_RANGE, PARSE_JS_BITS,
} from "./generated/number-vectors";

const sink = new ByteSink(64);

const GO_JSON = 0;
const ES = 1;
const GO_G64 = 2;
const GO_G32 = 3;

/** Text written by one of the formatters. */
function fmt(kind: i32, x: f64, goMinor: i32 = 0): string {
  sink.truncate(0);
  if (kind == GO_JSON) writeGoFloat64(sink, x);
  else if (kind == ES) writeEcmaNumber(sink, x);
  else if (kind == GO_G64) writeGoFormatG(sink, x, 64, goMinor);
  else writeGoFormatG(sink, x, 32, goMinor);
  return String.UTF8.decodeUnsafe(sink.ptr, <usize>sink.len);
}

/** parseNumber (Go) or parseNumberJS of a string's UTF-8 bytes. */
function parse(s: string, go: bool = true): f64 {
  const b = String.UTF8.encode(s);
  return go ? parseNumber(changetype<usize>(b), b.byteLength) : parseNumberJS(changetype<usize>(b), b.byteLength);
}

function bits(x: f64): u64 {
  return reinterpret<u64>(x);
}

/** Go and JS agree: same bits, and the range flag as given. */
function expectParse(s: string, want: f64, rangeError: bool = false): void {
  const g = parse(s);
  expect(bits(g)).toBe(bits(want), "parseNumber(" + s + ")");
  expect(outOfRange(g)).toBe(rangeError, "range flag of " + s);
  const j = parse(s, false);
  expect(bits(j)).toBe(bits(want), "parseNumberJS(" + s + ")");
  expect(outOfRange(j)).toBe(rangeError, "JS range flag of " + s);
}

function zeros(n: i32): string {
  return "0".repeat(n);
}

describe("parseNumber", () => {
  it("reads zeros and signs as Go does", () => {
    expectParse("0", 0.0);
    expectParse("-0", -0.0);
    expectParse("0e5", 0.0);
    expectParse("-0.0e-5", -0.0);
    expectParse("0.000", 0.0);
    expectParse("-0E+999999", -0.0);
    expectParse("1E+2", 100.0);
    expectParse("1e+2", 100.0);
    expectParse("-1e2", -100.0);
    expectParse("12.5e-1", 1.25);
  });

  it("rounds integers around 2^53 to even", () => {
    expectParse("9007199254740991", 9007199254740991.0);
    expectParse("9007199254740992", 9007199254740992.0);
    expectParse("9007199254740993", 9007199254740992.0);
    expectParse("9007199254740994", 9007199254740994.0);
    expectParse("9007199254740995", 9007199254740996.0);
    expectParse("9007199254740993.000000000000000000000000000001", 9007199254740994.0);
    expectParse("9007199254740993." + zeros(3000), 9007199254740992.0);
    expectParse("9007199254740993." + zeros(3000) + "1", 9007199254740994.0);
    expectParse("123456789012345678901234567890", 1.2345678901234568e29);
  });

  it("handles the subnormal and overflow boundaries", () => {
    expectParse("5e-324", reinterpret<f64>(<u64>1));
    expectParse("2.4703282292062327e-324", 0.0);
    expectParse("2.4703282292062328e-324", reinterpret<f64>(<u64>1));
    expectParse("2.2250738585072011e-308", reinterpret<f64>(<u64>0x000fffffffffffff));
    expectParse("2.2250738585072014e-308", reinterpret<f64>(<u64>0x0010000000000000));
    expectParse("1.7976931348623157e308", f64.MAX_VALUE);
    expectParse("1.7976931348623158e308", f64.MAX_VALUE);
    expectParse("1.7976931348623159e308", Infinity, true);
    expectParse("-1.7976931348623159e308", -Infinity, true);
    expectParse("1e999999", Infinity, true);
    expectParse("-1e999999", -Infinity, true);
    expectParse("1e-999999", 0.0);
    expectParse("-1e-999999", -0.0);
    expectParse("1e-400", 0.0);
    expectParse("1" + zeros(400), Infinity, true);
  });

  it("answers the range error with each result", () => {
    expect(outOfRange(parse("1e400"))).toBe(true);
    expect(outOfRange(parse("1"))).toBe(false);
  });

  it("decides exact halfway points with any number of digits", () => {
    // 1 + 2^-53 is halfway between 1 and its successor: ties to even stay at 1.
    expectParse("1.00000000000000011102230246251565404236316680908203125", 1.0);
    expectParse("1.00000000000000011102230246251565404236316680908203124", 1.0);
    expectParse("1.00000000000000011102230246251565404236316680908203125" + zeros(5000) + "1", 1.0000000000000002);
    expectParse("1.00000000000000011102230246251565404236316680908203125" + zeros(5000), 1.0);
    expectParse("0." + "3".repeat(5000), 0.3333333333333333);
    expectParse("0." + zeros(4000) + "1e4001", 1.0);
  });

  it("short decimals", () => {
    expectParse("0.1", 0.1);
    expectParse("0.3", 0.3);
    expectParse("0.30000000000000004", 0.30000000000000004);
    expectParse("1e21", 1e21);
    expectParse("1e-7", 1e-7);
    expectParse("1e23", 1e23);
    expectParse("4.35", 4.35);
    expectParse("-273.15", -273.15);
  });

  it("reproduces Go's exponent saturation (exponents stop growing at 10000)", () => {
    const s = "0." + zeros(200000) + "1e200005";
    // Go reads the exponent as 20000: 0.1e-180000 underflows to 0. The exact value is 1e4.
    expect(bits(parse(s))).toBe(bits(0.0));
    expect(parse(s, false)).toBe(10000.0);
    // Five-digit exponents are still exact in Go.
    expect(parse("0." + zeros(20000) + "1e20005")).toBe(10000.0);
  });

  it("reproduces Go's slow path for integer parts over 800 digits", () => {
    // Go's decimal places the point after its 800th digit when Eisel-Lemire gives up.
    expect(parse("9007199254740993" + zeros(900) + "e-900")).toBe(9.007199254740993e-101);
    expect(parse("9007199254740993" + zeros(900) + "e-900", false)).toBe(9007199254740992.0);
    expect(parse("1" + zeros(800) + "e-800")).toBe(0.1);
    expect(parse("1" + zeros(800) + "e-800", false)).toBe(1.0);
    expect(parse("1" + zeros(799) + "e-799")).toBe(1.0);
    // Go: 1e299 without an error; the exact value overflows.
    expect(parse("1" + zeros(1000) + "e-500")).toBe(1e299);
    expect(outOfRange(parse("1" + zeros(1000) + "e-500"))).toBe(false);
    expect(parse("1" + zeros(1000) + "e-500", false)).toBe(Infinity);
    expect(outOfRange(parse("1" + zeros(1000) + "e-500", false))).toBe(true);
    // When Eisel-Lemire succeeds, Go's answer is exact even for long integer parts.
    expect(parse("1" + zeros(900) + "e-850")).toBe(1e50);
  });

  it("matches Go strconv.ParseFloat and ECMAScript Number() on every vector", () => {
    // Messages are built only for a mismatch (the texts run to 20,000 characters).
    let checked = 0;
    for (let i = 0; i < PARSE_TEXT.length; i++) {
      const s = PARSE_TEXT[i];
      const gf = parse(s);
      const go = bits(gf);
      const goRange = outOfRange(gf);
      if (go != PARSE_GO_BITS[i]) expect(go).toBe(PARSE_GO_BITS[i], "Go ParseFloat(" + s + ")");
      if (goRange != PARSE_GO_RANGE[i]) expect(goRange).toBe(PARSE_GO_RANGE[i], "Go ErrRange of " + s);
      const js = parse(s, false);
      const jsRange = outOfRange(js);
      if (bits(js) != PARSE_JS_BITS[i]) expect(bits(js)).toBe(PARSE_JS_BITS[i], "Number(" + s + ")");
      if (jsRange != !isFinite(js)) expect(jsRange).toBe(!isFinite(js), "JS range flag of " + s);
      checked++;
    }
    expect(checked).toBe(PARSE_TEXT.length);
    expect(checked).toBeGreaterThan(1000);
  });
});

describe("writeGoFloat64", () => {
  it("prints integers, zeros and the 'f'/'e' switch like encoding/json", () => {
    expect(fmt(GO_JSON, 0.0)).toBe("0");
    expect(fmt(GO_JSON, -0.0)).toBe("-0");
    expect(fmt(GO_JSON, 1.0)).toBe("1");
    expect(fmt(GO_JSON, -42.0)).toBe("-42");
    expect(fmt(GO_JSON, 9007199254740993.0)).toBe("9007199254740992");
    expect(fmt(GO_JSON, 9007199254740994.0)).toBe("9007199254740994");
    expect(fmt(GO_JSON, 1e20)).toBe("100000000000000000000");
    expect(fmt(GO_JSON, 1e21)).toBe("1e+21");
    expect(fmt(GO_JSON, 123456789012345678901234567890.0)).toBe("1.2345678901234568e+29");
    expect(fmt(GO_JSON, 1e-6)).toBe("0.000001");
    expect(fmt(GO_JSON, 1e-7)).toBe("1e-7");
    expect(fmt(GO_JSON, -1.5e-7)).toBe("-1.5e-7");
    expect(fmt(GO_JSON, 1.5e-10)).toBe("1.5e-10");
    expect(fmt(GO_JSON, 1e-100)).toBe("1e-100");
    expect(fmt(GO_JSON, 0.1)).toBe("0.1");
    expect(fmt(GO_JSON, 0.30000000000000004)).toBe("0.30000000000000004");
    expect(fmt(GO_JSON, 5e-324)).toBe("5e-324");
    expect(fmt(GO_JSON, f64.MAX_VALUE)).toBe("1.7976931348623157e+308");
    expect(fmt(GO_JSON, 2.2250738585072014e-308)).toBe("2.2250738585072014e-308");
  });

  it("matches Go json.Marshal on every vector, and parses back", () => {
    let checked = 0;
    for (let i = 0; i < F64_BITS.length; i++) {
      const x = reinterpret<f64>(F64_BITS[i]);
      const s = fmt(GO_JSON, x);
      if (s != F64_GO_JSON[i]) expect(s).toBe(F64_GO_JSON[i], "json.Marshal(" + F64_GO_G[i] + ")");
      if (bits(parse(s)) != F64_BITS[i]) expect(bits(parse(s))).toBe(F64_BITS[i], "round trip of " + s);
      checked++;
    }
    expect(checked).toBe(F64_BITS.length);
    expect(checked).toBeGreaterThan(1000);
  });
});

describe("writeEcmaNumber", () => {
  it("prints Number::toString", () => {
    expect(fmt(ES, 0.0)).toBe("0");
    expect(fmt(ES, -0.0)).toBe("0");
    expect(fmt(ES, -1.0)).toBe("-1");
    expect(fmt(ES, 1e20)).toBe("100000000000000000000");
    expect(fmt(ES, 1e21)).toBe("1e+21");
    expect(fmt(ES, 1.5e300)).toBe("1.5e+300");
    expect(fmt(ES, 1e-6)).toBe("0.000001");
    expect(fmt(ES, 1e-7)).toBe("1e-7");
    expect(fmt(ES, 1.23e-18)).toBe("1.23e-18");
    expect(fmt(ES, 0.1)).toBe("0.1");
    expect(fmt(ES, 123.456)).toBe("123.456");
    expect(fmt(ES, 5e-324)).toBe("5e-324");
    expect(fmt(ES, f64.MAX_VALUE)).toBe("1.7976931348623157e+308");
    expect(fmt(ES, 9007199254740994.0)).toBe("9007199254740994");
    expect(fmt(ES, 123456789012345678901234567890.0)).toBe("1.2345678901234568e+29");
  });

  it("matches ECMAScript String(x) on every vector", () => {
    let checked = 0;
    for (let i = 0; i < F64_BITS.length; i++) {
      const x = reinterpret<f64>(F64_BITS[i]);
      const s = fmt(ES, x);
      if (s != F64_ES[i]) expect(s).toBe(F64_ES[i], "String(" + F64_GO_G[i] + ")");
      if (parse(s, false) != x) expect(parse(s, false)).toBe(x, "round trip of " + s);
      checked++;
    }
    expect(checked).toBe(F64_BITS.length);
    expect(checked).toBeGreaterThan(1000);
  });
});

describe("writeGoFormatG", () => {
  it("switches to %e at exponent -5 and 6 (float64)", () => {
    expect(fmt(GO_G64, 123456.0)).toBe("123456");
    expect(fmt(GO_G64, 100000.0)).toBe("100000");
    expect(fmt(GO_G64, 1e6)).toBe("1e+06");
    expect(fmt(GO_G64, 1234567.0)).toBe("1.234567e+06");
    expect(fmt(GO_G64, 0.0001)).toBe("0.0001");
    expect(fmt(GO_G64, 0.00001)).toBe("1e-05");
    expect(fmt(GO_G64, 1.5e-300)).toBe("1.5e-300");
    expect(fmt(GO_G64, 1e21)).toBe("1e+21");
    expect(fmt(GO_G64, 0.0)).toBe("0");
    expect(fmt(GO_G64, -0.0)).toBe("-0");
    expect(fmt(GO_G64, NaN)).toBe("NaN");
    expect(fmt(GO_G64, Infinity)).toBe("+Inf");
    expect(fmt(GO_G64, -Infinity)).toBe("-Inf");
  });

  it("formats float32 values after rounding to float32", () => {
    expect(fmt(GO_G32, 0.1)).toBe("0.1");
    expect(fmt(GO_G32, <f64><f32>0.1)).toBe("0.1");
    expect(fmt(GO_G32, <f64>f32.MAX_VALUE)).toBe("3.4028235e+38");
    expect(fmt(GO_G32, <f64>reinterpret<f32>(<u32>1))).toBe("1e-45");
    expect(fmt(GO_G32, 16777217.0)).toBe("1.6777216e+07");
    expect(fmt(GO_G32, 1e39)).toBe("+Inf");
    expect(fmt(GO_G32, -0.0)).toBe("-0");
    expect(fmt(GO_G32, NaN)).toBe("NaN");
  });

  it("follows the Go release for the float32 tie 2^-12", () => {
    const x = <f64>reinterpret<f32>(<u32>0x39800000); // 0.000244140625
    expect(fmt(GO_G32, x, 21)).toBe("0.00024414062");
    expect(fmt(GO_G32, x, 25)).toBe("0.00024414062");
    expect(fmt(GO_G32, x, 26)).toBe("0.00024414063");
    expect(fmt(GO_G32, -x, 26)).toBe("-0.00024414063");
    expect(fmt(GO_G64, x, 26)).toBe("0.000244140625");
  });

  it("matches Go strconv.FormatFloat(f, 'g', -1, 64) on every vector", () => {
    let checked = 0;
    for (let i = 0; i < F64_BITS.length; i++) {
      const s = fmt(GO_G64, reinterpret<f64>(F64_BITS[i]));
      if (s != F64_GO_G[i]) expect(s).toBe(F64_GO_G[i]);
      checked++;
    }
    expect(checked).toBe(F64_BITS.length);
    expect(checked).toBeGreaterThan(1000);
  });

  it("matches Go strconv.FormatFloat(f, 'g', -1, 32) on every vector", () => {
    let checked = 0;
    for (let i = 0; i < F32_BITS.length; i++) {
      const x = <f64>reinterpret<f32>(F32_BITS[i]);
      const a = fmt(GO_G32, x, 25);
      if (a != F32_GO_G[i]) expect(a).toBe(F32_GO_G[i], "float32 bits " + F32_BITS[i].toString(16));
      const b = fmt(GO_G32, x, 26);
      if (b != F32_GO_G[i]) expect(b).toBe(F32_GO_G[i], "float32 bits " + F32_BITS[i].toString(16) + " (Go 1.26)");
      checked++;
    }
    expect(checked).toBe(F32_BITS.length);
    expect(checked).toBeGreaterThan(1000);
  });
});
