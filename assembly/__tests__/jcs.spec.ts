// The RFC 8785 canonicalizer (assembly/json/jcs.ts) and Go 1.27's ParseFloat (assembly/json/atof-go127.ts)
// on the rules of github.com/gowebpki/jcs v1.0.2: output bytes, key order, number text, and each of
// the library's error texts in the order it meets them. (The live oracle suite test/oracle/jcs.test.ts
// holds the engine against the library itself on generated documents.)

import { ByteSink } from "../io/sink";
import { readJSON, ReadOptions } from "../json/reader";
import { writeJCS, compareUTF16Keys } from "../json/jcs";
import { parseFloatGo127 } from "../json/atof-go127";
import { outOfRange } from "../json/number";
import { clearError, hasError, errorCode, errorOffset, takeErrorMessage } from "../base/errors";

/** The canonical form of text bytes, or "ERR " and the E_JCS message; `goMinor` picks the reader. */
function jcsBytes(b: Uint8Array, goMinor: i32 = 27): string {
  clearError();
  const ro = new ReadOptions();
  ro.goMinor = goMinor;
  const t = readJSON(b.dataStart, b.length, ro);
  if (t === null) return "SYNTAX " + takeErrorMessage();
  const out = new ByteSink(64);
  if (!writeJCS(t, 0, b.length, out)) {
    expect(errorCode()).toBe("E_JCS");
    expect(errorOffset()).toBe(-1, "no offset");
    return "ERR " + takeErrorMessage();
  }
  expect(hasError()).toBe(false);
  return String.UTF8.decodeUnsafe(out.ptr, <usize>out.len);
}

/** jcsBytes of a string's UTF-8. */
function jcs(s: string, goMinor: i32 = 27): string {
  return jcsBytes(Uint8Array.wrap(String.UTF8.encode(s)), goMinor);
}

/** Text bytes from ASCII pieces and raw byte values. */
function raw(before: string, bytes: u8[], after: string): Uint8Array {
  const a = String.UTF8.encode(before);
  const c = String.UTF8.encode(after);
  const out = new Uint8Array(a.byteLength + bytes.length + c.byteLength);
  out.set(Uint8Array.wrap(a), 0);
  for (let i = 0; i < bytes.length; i++) out[a.byteLength + i] = bytes[i];
  out.set(Uint8Array.wrap(c), a.byteLength + bytes.length);
  return out;
}

describe("jcs output", () => {
  it("drops white space and keeps array order", () => {
    expect(jcs(" [ 1 , [ ] , { } , true , false , null ] ")).toBe("[1,[],{},true,false,null]");
    expect(jcs('\t"a"\n')).toBe('"a"');
    expect(jcs("null")).toBe("null");
  });

  it("sorts keys by UTF-16 code units, after decoding escapes", () => {
    expect(jcs('{"b":1,"a":2,"aa":3,"":4}')).toBe('{"":4,"a":2,"aa":3,"b":1}');
    // U+1F600 is D83D DE00 in UTF-16, so it sorts before U+E000 and U+FFFF (not after, as in UTF-8)
    expect(jcs('{"\uffff":1,"\ue000":2,"\u{1f600}":3,"\u00e9":4}')).toBe('{"\u00e9":4,"\u{1f600}":3,"\ue000":2,"\uffff":1}');
    expect(jcs('{"\\u0062":1,"\\u0061":2}')).toBe('{"a":2,"b":1}');
    expect(jcs('{"b":{"d":1,"c":2},"a":[{"z":0,"y":1}]}')).toBe('{"a":[{"y":1,"z":0}],"b":{"c":2,"d":1}}');
  });

  it("sorts wide objects", () => {
    let text = "{";
    let want = "{";
    for (let i = 0; i < 300; i++) {
      if (i > 0) text += ",";
      text += '"k' + (299 - i).toString().padStart(3, "0") + '":' + i.toString();
    }
    for (let i = 0; i < 300; i++) {
      if (i > 0) want += ",";
      want += '"k' + i.toString().padStart(3, "0") + '":' + (299 - i).toString();
    }
    expect(jcs(text + "}")).toBe(want + "}");
  });

  it("escapes only quote, backslash and controls (short forms where JSON has them)", () => {
    expect(jcs('"\\u0000\\u0001\\b\\t\\n\\u000b\\f\\r\\u001f\\"\\\\\\/\\u007f<>&\\u2028\\u2029\\u00e9\\ud83d\\ude00"'))
      .toBe('"\\u0000\\u0001\\b\\t\\n\\u000b\\f\\r\\u001f\\"\\\\/\u007f<>&\u2028\u2029\u00e9\u{1f600}"');
    expect(jcs('{"\\n":"\\u0041"}')).toBe('{"\\n":"A"}');
  });

  it("prints numbers as ECMAScript does, -0 as 0", () => {
    expect(jcs("[-0, -0.0, 0e5, 1.0, 1e2, 1E+2, 123e-2, 1e21, 1e20, 999999999999999999999]")).toBe("[0,0,0,1,100,100,1.23,1e+21,100000000000000000000,1e+21]");
    expect(jcs("[1e-6, 1e-7, 0.0000015, 1.5e-7, 5e-324, 1.7976931348623157e308, 333333333.33333329, 4.50, 2e-3]"))
      .toBe("[0.000001,1e-7,0.0000015,1.5e-7,5e-324,1.7976931348623157e+308,333333333.3333333,4.5,0.002]");
    expect(jcs("[123456789012345, 1234567890123456789, -9007199254740993, 1e-400, -1e-400]"))
      .toBe("[123456789012345,1234567890123456800,-9007199254740992,0,0]");
  });
});

/** Code points where UTF-8 and UTF-16 order part, and their neighbours. */
const POINTS: i32[] = [0x41, 0x7f, 0x80, 0xe9, 0x7ff, 0x800, 0xd7ff, 0xe000, 0xe001, 0xfffd, 0xffff, 0x10000, 0x1f600, 0x10ffff];

/** A fixed-seed linear congruential generator (no closures in AssemblyScript). */
let seed: u32 = 12345;
function next(): u32 {
  seed = seed * 1664525 + 1013904223;
  return seed >> 8;
}

describe("UTF-16 key order", () => {
  it("agrees with UTF-16 string comparison on generated keys", () => {
    const a = new ByteSink(64);
    const b = new ByteSink(64);
    let differ = 0;
    let below = 0;
    for (let round = 0; round < 20000; round++) {
      a.truncate(0);
      b.truncate(0);
      const n = <i32>(next() % 6);
      for (let i = 0; i < n; i++) {
        const cp = POINTS[next() % <u32>POINTS.length];
        a.utf8(String.fromCodePoint(cp));
        // b shares a prefix with a, then goes its own way
        if (next() % 4 != 0) b.utf8(String.fromCodePoint(cp));
        else b.utf8(String.fromCodePoint(POINTS[next() % <u32>POINTS.length]));
      }
      if (next() % 3 == 0) b.utf8(String.fromCodePoint(POINTS[next() % <u32>POINTS.length]));
      // AssemblyScript strings are UTF-16 and compare by code units
      const sa = String.UTF8.decodeUnsafe(a.ptr, <usize>a.len);
      const sb = String.UTF8.decodeUnsafe(b.ptr, <usize>b.len);
      const want = sa < sb ? -1 : sa > sb ? 1 : 0;
      const got = compareUTF16Keys(a.ptr, a.len, b.ptr, b.len);
      if ((got < 0 ? -1 : got > 0 ? 1 : 0) != (want < 0 ? -1 : want > 0 ? 1 : 0)) differ++;
      if (want < 0) below++;
    }
    expect(differ).toBe(0);
    expect(below).toBeGreaterThan(5000);
  });
});

describe("jcs errors", () => {
  it("names the first invalid UTF-8 byte", () => {
    expect(jcsBytes(raw('"a', [0xff], '"'))).toBe("ERR Invalid UTF-8 sequence at byte 0xff");
    expect(jcsBytes(raw('["', [0xe2, 0x82], '", "\\u00e9\u0080"]'))).toBe("ERR Invalid UTF-8 sequence at byte 0xe2");
    expect(jcsBytes(raw('["\\u00e9\u0080", "', [0x80], '"]'))).toBe("ERR Invalid UTF-8 sequence at byte 0x80");
    expect(jcsBytes(raw('{"k', [0xed, 0xa0, 0x80], '":1}'))).toBe("ERR Invalid UTF-8 sequence at byte 0xed");
    expect(jcsBytes(raw('"', [0xc0, 0xaf], '"'))).toBe("ERR Invalid UTF-8 sequence at byte 0xc0");
    expect(jcsBytes(raw('"', [0xf4, 0x90, 0x80, 0x80], '"'))).toBe("ERR Invalid UTF-8 sequence at byte 0xf4");
    expect(jcsBytes(raw('"', [0xef, 0xbf, 0xbd], '"'))).toBe('"\ufffd"');
  });

  it("wants a high surrogate escape followed at once by a low one", () => {
    expect(jcs('"\\uDC00"')).toBe("ERR Invalid high surrogate: \\udc00");
    expect(jcs('["\\ud800\\uD800"]')).toBe("ERR Invalid low surrogate: \\ud800");
    expect(jcs('["\\ud800\\u0041"]')).toBe("ERR Invalid low surrogate: \\u0041");
    expect(jcs('["\\ud800x"]')).toBe("ERR Missing surrogate");
    expect(jcs('["\\ud800\\n"]')).toBe("ERR Missing surrogate");
    expect(jcs('["\\ud800\\\\u"]')).toBe("ERR Missing surrogate");
    expect(jcs('["\\ud800"]')).toBe("ERR Missing surrogate");
    expect(jcs('{"\\udbff":1}')).toBe("ERR Missing surrogate");
    expect(jcs('"\\ud800" ')).toBe("ERR Missing surrogate");
    // the library reads the two bytes after the escape wherever they are: past the end of the input,
    // or a non-ASCII byte among them
    expect(jcs('"\\ud800"')).toBe("ERR Unexpected EOF reached");
    expect(jcs('"\\ud800\u00e9"')).toBe("ERR Unexpected non-ASCII character");
    expect(jcs('"\\ud800a\u00e9"')).toBe("ERR Unexpected non-ASCII character");
    expect(jcsBytes(raw('"\\ud800', [0xff], '"'))).toBe("ERR Unexpected non-ASCII character");
    expect(jcs('"\\ud800\\udc00"')).toBe('"\u{10000}"');
  });

  it("refuses numbers beyond float64, quoting at most 32 bytes of them", () => {
    expect(jcs("[1, 1e309]")).toBe('ERR Number out of range: "1e309"');
    expect(jcs("-1.8e308")).toBe('ERR Number out of range: "-1.8e308"');
    expect(jcs("1" + "0".repeat(400))).toBe('ERR Number out of range: "' + "1" + "0".repeat(31) + '" (truncated from 401 bytes)');
  });

  it("refuses repeated keys once the object is read, naming the smallest one", () => {
    expect(jcs('{"b":1,"a":2,"b":3,"a":4}')).toBe('ERR Duplicate key: "a"');
    expect(jcs('{"a":1,"\\u0061":2}')).toBe('ERR Duplicate key: "a"');
    expect(jcs('{"\\u0001\\u00ad\\u2028":1,"\\u0001\\u00ad\\u2028":2}')).toBe('ERR Duplicate key: "\\x01\\u00ad\\u2028"');
    const long = "\u00e9".repeat(17);
    expect(jcs('{"' + long + '":1,"' + long + '":2}')).toBe('ERR Duplicate key: "' + "\u00e9".repeat(16) + '" (truncated from 34 bytes)');
    const cut = "a" + "\u00e9".repeat(16);
    expect(jcs('{"' + cut + '":1,"' + cut + '":2}')).toBe('ERR Duplicate key: "a' + "\u00e9".repeat(15) + '\\xc3" (truncated from 33 bytes)');
  });

  it("reports the first error in reading order", () => {
    // a value inside the object comes before the object's end
    expect(jcs('{"a":1,"a":2,"b":"\\udc00"}')).toBe("ERR Invalid high surrogate: \\udc00");
    expect(jcs('{"a":1,"a":[1e999]}')).toBe('ERR Number out of range: "1e999"');
    // a finished object comes before later values; an inner object before its outer one
    expect(jcs('[{"a":1,"a":2},1e999]')).toBe('ERR Duplicate key: "a"');
    expect(jcs('{"x":1,"x":{"b":1,"b":2}}')).toBe('ERR Duplicate key: "b"');
    expect(jcs('{"k\\ud800":1,"k":1e999}')).toBe("ERR Missing surrogate");
  });

  it("stops at 10000 levels when the reader has no limit (Go 1.13)", () => {
    const ok = "[".repeat(10000) + "]".repeat(10000);
    expect(jcs(ok, 13)).toBe(ok);
    expect(jcs("[".repeat(10001) + "]".repeat(10001), 13)).toBe("ERR Maximum nesting depth of 10000 exceeded");
    expect(jcs('{"a":'.repeat(10001) + "1" + "}".repeat(10001), 13)).toBe("ERR Maximum nesting depth of 10000 exceeded");
  });
});

/** parseFloatGo127 of a string: the bits, with the range flag checked. */
function go127(s: string, rangeError: bool = false): u64 {
  const b = String.UTF8.encode(s);
  const v = parseFloatGo127(changetype<usize>(b), b.byteLength);
  expect(outOfRange(v)).toBe(rangeError, "range flag of " + s);
  return reinterpret<u64>(v);
}

describe("Go 1.27 ParseFloat", () => {
  it("rounds correctly and reports only overflow", () => {
    expect(go127("0")).toBe(0);
    expect(go127("-0.0e-5")).toBe(0x8000000000000000);
    expect(go127("10")).toBe(reinterpret<u64>(10.0));
    expect(go127("9007199254740993")).toBe(reinterpret<u64>(9007199254740992.0));
    expect(go127("2.4703282292062327e-324")).toBe(0);
    expect(go127("2.4703282292062328e-324")).toBe(1);
    expect(go127("1e-400")).toBe(0);
    expect(go127("1.7976931348623157e308")).toBe(0x7fefffffffffffff);
    expect(go127("1.7976931348623158e308")).toBe(0x7fefffffffffffff);
    expect(go127("1.7976931348623159e308", true)).toBe(0x7ff0000000000000);
    expect(go127("-1e310", true)).toBe(0xfff0000000000000);
    expect(go127("0.1e309")).toBe(reinterpret<u64>(1e308));
    expect(go127("0.1e310", true)).toBe(0x7ff0000000000000);
  });

  it("rounds the first 19 digits exactly where Go 1.26 fell back to its 800-digit decimal", () => {
    expect(go127("1" + "0".repeat(1000) + "e-999")).toBe(reinterpret<u64>(10.0));
    expect(go127("1" + "0".repeat(10000) + "e-9999")).toBe(reinterpret<u64>(10.0));
  });

  it("keeps Go's exponent saturation at 10000 and its 800-digit decimal for dropped digits", () => {
    expect(go127("1" + "0".repeat(10007) + "e-100005")).toBe(reinterpret<u64>(1e7));
    expect(go127("0." + "0".repeat(10005) + "1e100010")).toBe(reinterpret<u64>(1e-5));
    expect(go127("9007199254740993." + "0".repeat(3000) + "1")).toBe(reinterpret<u64>(9007199254740994.0));
  });
});
