// The strategic merge patch answers written already quoted (assembly/upstream/strategicpatch/encode.ts
// marshalMapQuoted: Go's json.Marshal text with only its `"` and `\` escaped, in one pass) against marshalling
// first and quoting the text as any answer string (`exact: ["quoted"]`): byte for byte, through the eval door,
// on documents whose keys and values hold every byte class the two encoders treat differently (quotes,
// backslashes, HTML characters, control bytes, U+2028/U+2029, non-ASCII, invalid UTF-8 given as raw bytes), for
// Go releases before and after 1.22 (short \b and \f escapes).

import { test } from "node:test";
import assert from "node:assert/strict";
import { rng } from "../oracle/smp-arbitraries.ts";
import { bytes, outerString } from "../oracle/arbitraries.ts";
import { sameAnswers, shown } from "../support/exact.ts";

const PIECES = ['"', "\\", "<", ">", "&", "\u2028", "\u2029", "\u0001", "\b", "\f", "\n", "\t", "\u007f", "é", "😀", "a", "b/c", "~", " ", "\u00a0"];
/** Raw bytes no JSON string may hold as such: invalid UTF-8. */
const RAW = [[0xff], [0xc3], [0xed, 0xa0, 0x80], [0xe2, 0x80], [0xf0, 0x9f, 0x98]];

function text(r: () => number): string {
  let s = "";
  for (let i = 0, n = Math.floor(r() * 6); i < n; i++) s += PIECES[Math.floor(r() * PIECES.length)];
  return s;
}

test("documents with every byte class: the same answer strings, quoted in one pass or after marshalling", () => {
  const r = rng(41);
  let checked = 0;
  for (let trial = 0; trial < 600; trial++) {
    const labels: Record<string, string> = {};
    for (let i = 0; i < 1 + Math.floor(r() * 4); i++) labels[text(r) || "k"] = text(r);
    const a = { metadata: { name: text(r), labels, annotations: { [text(r)]: text(r) } }, spec: { containers: [{ name: text(r) || "c", image: text(r), args: [text(r), text(r)] }] } };
    const b = { metadata: { name: text(r), labels: { ...labels, [text(r)]: text(r) } }, spec: { containers: [{ name: text(r) || "c", image: text(r) }] } };
    const go = ["", ',"go":"1.21"', ',"go":"1.22"', ',"go":"1.27"'][trial % 4]!;
    const lines = [
      `{"op":"smp.diff","type":"Pod"${go},"original":${JSON.stringify(a)},"modified":${JSON.stringify(b)}}`,
      `{"op":"smp.apply","type":"Pod"${go},"original":${JSON.stringify(a)},"patch":${JSON.stringify(b)}}`,
    ].map((l): Uint8Array => new TextEncoder().encode(l));
    // invalid UTF-8 in a value and in a key, as raw bytes of the documents' text
    const raw = RAW[trial % RAW.length]!;
    const doc = bytes('{"metadata":{"labels":{"k', raw, '":"v', raw, '"}},"spec":{"containers":[{"name":"c","image":"i', raw, '"}]}}');
    lines.push(bytes(`{"op":"smp.apply","type":"Pod"${go},"originalText":`, outerString(doc), ',"patch":{"metadata":{"labels":{"x":"<&>"}}}}'));
    lines.push(bytes(`{"op":"smp.diff","type":"Pod"${go},"originalText":"{}","modifiedText":`, outerString(doc), "}"));
    for (const line of lines) {
      const res = sameAnswers(line, [["quoted"], true]);
      assert.equal(res.differs, null, `${shown(line)}\n${res.differs}`);
      checked++;
    }
  }
  assert.ok(checked >= 2400);
});
