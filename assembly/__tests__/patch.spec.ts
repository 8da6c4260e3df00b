// Unit specs of the patch engine's building blocks: the mutable tree, Go's compaction,
// strconv.Quote/Atoi texts, pointer segments, and the patch engines on small inputs. The full
// behaviour is checked against the Go libraries by test/oracle/patch.test.ts.

import { ByteSink } from "../io/sink";
import { clearError, hasError, errorCode } from "../base/errors";
import { readJSON, ReadOptions } from "../json/reader";
import { Tape } from "../json/tape";
import { rawNode, expandObject, expandArray, setMember, deleteMember, memberIndex, writeNode, WRITE_GO, WRITE_RAW, Bytes, newString } from "../json/dom";
import { writeCompact } from "../json/compact";
import { goQuote, goAtoi, atoiError, isPrint } from "../json/gostrconv";
import { goEqual } from "../json/goequal";
import { decodeSegment, splitPath, makePath, bytesStr } from "../upstream/jsonpatch/pointer";
import { appscodeDiff, AppscodeOptions } from "../upstream/jsonpatch/appscode";
import { minimalDiff } from "../patch/minimal";
import { applyPatch } from "../upstream/jsonpatch/apply";
import { mergePatchApply, writeMergeDiff, resemblesArray, MERGE_OK } from "../upstream/jsonpatch/merge";

function text(s: ByteSink): string {
  return String.UTF8.decodeUnsafe(s.ptr, <usize>s.len);
}

function bytesOf(s: string): ByteSink {
  const b = new ByteSink(s.length * 3 + 4);
  b.utf8(s);
  return b;
}

function parse(s: string): Tape {
  const b = bytesOf(s);
  const t = readJSON(b.ptr, b.len, new ReadOptions());
  return t!;
}

function key(s: string): Bytes {
  const b = bytesOf(s);
  return new Bytes(b.ptr, b.len);
}

describe("dom", () => {
  it("expands objects like Go maps (last duplicate wins, keys sorted) and writes them", () => {
    const n = rawNode(parse('{"b":1,"a":{"y":2,"x":1.50},"b":[1,null]}'), 0);
    expect(expandObject(n)).toBe(true);
    expect(n.size).toBe(2);
    const raw = new ByteSink(64);
    writeNode(n, raw, WRITE_RAW, true);
    expect(text(raw)).toBe('{"a":{"y":2,"x":1.50},"b":[1,null]}');
    const go = new ByteSink(64);
    writeNode(n, go, WRITE_GO, true);
    expect(text(go)).toBe('{"a":{"x":1.5,"y":2},"b":[1,null]}');
  });

  it("sets, finds and deletes members; a nil map writes null", () => {
    const n = rawNode(parse("{}"), 0);
    expandObject(n);
    setMember(n, key("z"), newString(bytesOf("<").ptr, 1));
    setMember(n, key("a"), null);
    const mi = memberIndex(n, key("a").ptr, 1);
    expect(mi >= 0).toBe(true);
    expect(n.items![mi]).toBeNull();
    const out = new ByteSink(32);
    writeNode(n, out, WRITE_GO, true);
    expect(text(out)).toBe('{"a":null,"z":"\\u003c"}');
    expect(deleteMember(n, key("a").ptr, 1)).toBe(true);
    expect(deleteMember(n, key("a").ptr, 1)).toBe(false);
    const nil = rawNode(parse("null"), 0);
    expect(expandObject(nil)).toBe(true);
    expect(nil.isNil).toBe(true);
    const arr = rawNode(parse('"s"'), 0);
    expect(expandArray(arr)).toBe(false);
  });
});

describe("compact", () => {
  it("keeps bytes, order and spellings; escapes <, >, &, U+2028 only for Marshal", () => {
    const t = parse(' { "b" : [ 1.0 , "<\u2028>" ] , "a" : true } ');
    const m = new ByteSink(64);
    writeCompact(t, 0, m);
    expect(text(m)).toBe('{"b":[1.0,"\\u003c\\u2028\\u003e"],"a":true}');
    const c = new ByteSink(64);
    writeCompact(t, 0, c, false);
    expect(text(c)).toBe('{"b":[1.0,"<\u2028>"],"a":true}');
  });
});

describe("strconv", () => {
  it("quotes like %q", () => {
    const s = bytesOf('a"\\\n\u00a0\u00e9\u2028\u{1f600}\u0001');
    const out = new ByteSink(64);
    goQuote(out, s.ptr, s.len);
    expect(text(out)).toBe('"a\\"\\\\\\n\\u00a0\u00e9\\u2028\u{1f600}\\x01"');
    expect(isPrint(0xe9)).toBe(true);
    expect(isPrint(0xad)).toBe(false);
  });

  it("reads indexes like Atoi, with its error texts", () => {
    const cases = ["0", "-1", "+7", "007", "", "-", "x", "1.5", "9223372036854775807", "9223372036854775808", "-9223372036854775808", "99999999999999999999x"];
    const values: i64[] = [0, -1, 7, 7, 0, 0, 0, 0, 9223372036854775807, 0, -9223372036854775808, 0];
    const errs = [0, 0, 0, 0, 1, 1, 1, 1, 0, 2, 0, 2];
    for (let i = 0; i < cases.length; i++) {
      const b = bytesOf(cases[i]);
      const v = goAtoi(b.ptr, b.len);
      expect(v.err).toBe(errs[i], cases[i]);
      if (v.err == 0) expect(v.value).toBe(values[i], cases[i]);
    }
    const b = bytesOf("x");
    const x = goAtoi(b.ptr, b.len);
    const m = new ByteSink(64);
    atoiError(m, b.ptr, b.len, x.err);
    expect(text(m)).toBe('strconv.Atoi: parsing "x": invalid syntax');
  });
});

describe("pointers", () => {
  it("split and decode as evanphx/json-patch; build as appscode's makePath", () => {
    const p = bytesOf("/a~1b/~01/");
    const parts = splitPath(p.ptr, p.len);
    expect(parts.length).toBe(4);
    expect(bytesStr(decodeSegment(parts[1].ptr, parts[1].len))).toBe("a/b");
    expect(bytesStr(decodeSegment(parts[2].ptr, parts[2].len))).toBe("~1");
    const root = new Bytes(0, 0);
    const empty = makePath(root, 0, 0);
    expect(bytesStr(empty)).toBe("/");
    const k = bytesOf("x");
    expect(bytesStr(makePath(empty, k.ptr, k.len))).toBe("/x"); // the library's lost slash
  });
});

describe("patch engines", () => {
  it("appscode: objects key by key, Levenshtein on simple arrays", () => {
    const a = parse('{"a":1,"l":["x","y","z"],"o":{"p":true}}');
    const b = parse('{"a":2,"l":["x","z","w"],"o":{}}');
    const out = new ByteSink(256);
    expect(appscodeDiff(a, 0, b, 0, new AppscodeOptions(), out)).toBe(true);
    expect(text(out)).toBe('[{"op":"replace","path":"/a","value":2},{"op":"add","path":"/l/3","value":"w"},{"op":"remove","path":"/l/1"},{"op":"remove","path":"/o/p"}]');
  });

  it("minimal: moves elements matched by name", () => {
    const a = parse('{"c":[{"name":"a","i":1},{"name":"b","i":2}]}');
    const b = parse('{"c":[{"name":"b","i":2},{"name":"a","i":3}]}');
    const out = new ByteSink(256);
    expect(minimalDiff(a, 0, b, 0, 1 << 22, out)).toBe(true);
    // b stays (the longest run in order), a moves to the end, then its change
    expect(text(out)).toBe('[{"op":"move","from":"/c/0","path":"/c/-"},{"op":"replace","path":"/c/1/i","value":3}]');
  });

  it("apply: untouched values keep their text; errors name the operation", () => {
    const doc = parse('{"b":{"y":1,"x":2.50},"a":[1]}');
    const patch = parse('[{"op":"add","path":"/a/-","value":{"q":1,"p":2}},{"op":"copy","from":"/b","path":"/c"}]');
    const out = new ByteSink(256);
    expect(applyPatch(patch, 0, doc, 0, false, 26, out)).toBe(true);
    expect(text(out)).toBe('{"a":[1,{"q":1,"p":2}],"b":{"y":1,"x":2.50},"c":{"y":1,"x":2.50}}');
    const bad = parse('[{"op":"test","path":"/a/0","value":1},{"op":"remove","path":"/zz"}]');
    expect(applyPatch(bad, 0, doc, 0, false, 26, new ByteSink(64))).toBe(false);
    expect(errorCode()).toBe("E_PATCH_PATH");
    clearError();
  });

  it("merge patches: apply and create as evanphx/json-patch", () => {
    const doc = parse('{"a":{"b":1,"c":2},"d":[1]}');
    const patch = parse('{"a":{"b":null,"e":{"f":null,"g":1}},"d":null}');
    const out = new ByteSink(128);
    expect(mergePatchApply(doc, 0, patch, 0, true, out)).toBe(MERGE_OK);
    expect(text(out)).toBe('{"a":{"c":2,"e":{"g":1}}}');
    const diff = new ByteSink(128);
    writeMergeDiff(parse('{"a":1,"b":{"c":1},"x":[1]}'), 0, parse('{"a":1.0,"b":{"c":2},"y":null}'), 0, true, diff);
    expect(text(diff)).toBe('{"b":{"c":2},"x":null,"y":null}');
    const ws = bytesOf(" \u00a0[1]\n");
    expect(resemblesArray(ws.ptr, ws.len)).toBe(true);
    expect(hasError()).toBe(false);
  });

  it("compares values as Go does", () => {
    const a = parse('[1.0,"\\u0061",{"k":1,"k":2}]');
    const b = parse('[1,"a",{"k":2}]');
    expect(goEqual(a, 0, b, 0)).toBe(true);
  });
});
