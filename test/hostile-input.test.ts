// Hostile bytes on the foundation's request paths (json.go, json.jcs, fnv, k8s.transcode, container.hash as a line
// the shortcut reads and as one it does not, podTemplateHash): invalid UTF-8 inserted or written at every offset of
// a request line, the line truncated at every offset, a million levels of nesting, inputs far over maxBytes. Every
// request gets a typed answer - never a trap, never E_INTERNAL - and the engine keeps answering.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { engineFromModuleSync } from "../js/instantiate.ts";

const wasm = readFileSync(process.env.KINPLACE_WASM ?? new URL("../build/kinplace.wasm", import.meta.url));
const mod = new WebAssembly.Module(wasm);
const engine = engineFromModuleSync(mod);
const enc = new TextEncoder();
const dec = new TextDecoder();

/** The codes a request may answer with (docs/errors.md), E_INTERNAL excluded. */
const CODES = new Set(["E_JSON_SYNTAX", "E_JSON_DEPTH", "E_TOO_LARGE", "E_JSON_TYPE", "E_JCS", "E_BAD_REQUEST", "E_UNKNOWN_OP",
  "E_UNSUPPORTED_VERSION", "E_QUANTITY", "E_DECODE"]);

/** The answer of `line` on `e`: a JSON answer that is ok or carries one of CODES (a trap or E_INTERNAL fails the test). */
function typed(line: Uint8Array, what: string, e = engine): { ok: boolean; error?: { code: string } } {
  let text: string;
  try {
    text = dec.decode(e.evaluateView(line));
  } catch (err) {
    assert.fail(`${what}: the call failed (${(err as Error).message}) on ${dec.decode(line).slice(0, 300)}`);
  }
  const a = JSON.parse(text) as { ok: boolean; error?: { code: string } };
  if (!a.ok) assert.ok(CODES.has(a.error!.code), `${what}: ${a.error!.code} on ${dec.decode(line).slice(0, 300)}: ${text.slice(0, 300)}`);
  return a;
}

const container = '{"name":"web","image":"nginx:1.25","resources":{"limits":{"cpu":"500m","memory":"1Gi"}},"ports":[{"containerPort":80}],"env":[{"name":"A","value":"x<&>é"}]}';
const LINES = [
  '{"op":"json.go","go":"1.26","value":{"a":[1,-2.5e3,"x\\u00e9",{"b":null,"c":true}],"d":"é😀"}}',
  '{"op":"json.go","go":"1.14","valueText":"{\\"a\\":[1,2,\\"\\u00e9\\"],\\"b\\":{}}"}',
  '{"op":"json.jcs","value":{"b":[1.5,"x"],"a":{"c":null}}}',
  '{"op":"fnv","variant":"fnv32a","text":"héllo wörld"}',
  '{"op":"fnv","variant":"fnv64","base64":"aGVsbG8gd29ybGQ="}',
  `{"op":"k8s.transcode","type":"Container","kubernetes":"1.30","value":${container}}`,
  `{"op":"container.hash","kubelet":"1.26","container":${container}}`,
  `{"op":"container.hash","container":${container},"kubelet":"1.31","go":"1.22"}`,
  `{"op":"container.hash","kubelet":"1.30","containerText":${JSON.stringify(container)}}`,
  `{"op":"podTemplateHash","kubernetes":"1.30","template":{"metadata":{"labels":{"a":"b"}},"spec":{"containers":[${container}]}}}`,
];

test("invalid UTF-8 at every offset and every truncation of a request line: a typed answer", () => {
  for (const text of LINES) {
    const line = enc.encode(text);
    assert.equal(typed(line, "the line itself").ok, true, text);
    for (let i = 0; i <= line.length; i++) {
      for (const b of [0xff, 0x80, 0xc3, 0xed, 0xf4]) {
        typed(Uint8Array.from([...line.subarray(0, i), b, ...line.subarray(i)]), `0x${b.toString(16)} inserted at ${i}`);
        if (i < line.length) typed(Uint8Array.from([...line.subarray(0, i), b, ...line.subarray(i + 1)]), `0x${b.toString(16)} written at ${i}`);
      }
      typed(line.subarray(0, i), `truncated at ${i}`);
    }
  }
});

test("a million levels of nesting in values, texts and containers: a typed answer, no stack overflow", () => {
  const deep = "[".repeat(1_000_000) + "]".repeat(1_000_000);
  const objs = '{"a":'.repeat(1_000_000) + "1" + "}".repeat(1_000_000);
  for (const go of ["1.14", "1.26", "1.27"]) {
    typed(enc.encode(`{"op":"json.go","go":"${go}","valueText":"${deep}"}`), `json.go ${go} deep array`);
    typed(enc.encode(`{"op":"json.go","go":"${go}","value":${objs}}`), `json.go ${go} deep object in the line`);
  }
  typed(enc.encode(`{"op":"json.jcs","valueText":"${deep}"}`), "json.jcs deep");
  typed(enc.encode(`{"op":"k8s.transcode","type":"Container","valueText":"{\\"name\\":\\"a\\",\\"x\\":${deep}}"}`), "k8s.transcode deep unknown field");
  typed(enc.encode(`{"op":"container.hash","kubelet":"1.26","container":{"name":"a","x":${deep}}}`), "container.hash line, deep unknown field");
  typed(enc.encode(`{"op":"container.hash","container":{"name":"a","args":${deep}},"kubelet":"1.30"}`), "container.hash line, deep args");
  typed(enc.encode(`{"op":"podTemplateHash","kubernetes":"1.30","template":{"spec":{"containers":[{"name":"a","x":${deep}}]}}}`), "podTemplateHash deep");
  assert.equal(typed(enc.encode('{"op":"json.go","value":[1]}'), "after").ok, true);
});

test("inputs far over maxBytes: E_TOO_LARGE before anything is read, the engine keeps answering", () => {
  const e = engineFromModuleSync(mod); // its memory grows to hold the input
  e.setLimits(0, 1 << 20);
  const big = "x".repeat(100 << 20);
  for (const line of [`{"op":"json.go","valueText":"${big}"}`, `{"op":"fnv","variant":"fnv32a","text":"${big}"}`,
    `{"op":"container.hash","kubelet":"1.26","container":{"name":"${big}"}}`, `{"op":"k8s.transcode","type":"Container","value":{"name":"${big}"}}`]) {
    const a = typed(enc.encode(line), `100 MB ${line.slice(0, 40)}`, e);
    assert.equal(a.ok ? "ok" : a.error!.code, "E_TOO_LARGE", line.slice(0, 60));
  }
  const small = `{"op":"json.go","limits":{"maxBytes":100},"valueText":"${"y".repeat(1 << 10)}"}`;
  assert.equal(typed(enc.encode(small), "valueText over the request's maxBytes", e).error?.code, "E_TOO_LARGE");
  assert.equal(typed(enc.encode('{"op":"json.go","value":[1]}'), "after", e).ok, true);
});
