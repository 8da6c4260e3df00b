// js/jsonbytes.ts writes the UTF-8 bytes of JSON.stringify(value) straight into a byte array (the hash functions write
// a JS value into wasm memory with it): for every value it does not decline, the bytes must be exactly
// TextEncoder(JSON.stringify(value)), within the room given; values JSON.stringify must judge are declined.

import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { writeJSONBytes, NEED_ROOM, DECLINED } from "../js/jsonbytes.ts";
import { container, podTemplate } from "./oracle/k8s-objects.ts";
import { cases } from "./support/scale.ts";

const enc = new TextEncoder();
const options = { numRuns: cases(2000, 200), interruptAfterTimeLimit: 8_000, markInterruptAsFailure: false };

/** Strings with every kind of code unit JSON.stringify treats differently (controls, quotes, backslashes, DEL, 2- and 3-byte
 *  UTF-8, surrogate pairs, lone surrogates). */
const anyString = fc.oneof(
  fc.string({ unit: "binary", maxLength: 24 }),
  fc.string({ unit: "grapheme", maxLength: 12 }),
  fc.array(fc.constantFrom("\"", "\\", "\b", "\f", "\n", "\r", "\t", "\u0000", "\u001f", "\u007f", "é", "€", "\u2028", "😀", "\ud800", "\udc00", "a", "<", "&"), { maxLength: 12 }).map((a) => a.join("")),
);

const anyNumber = fc.oneof(fc.double(), fc.integer(), fc.constantFrom(-0, 0, 1e21, 1e-7, 5e-324, Number.MAX_VALUE, NaN, Infinity, -Infinity, 2 ** 53 + 2));

/** Values of every shape JSON.stringify writes or drops (undefined, functions and symbols in objects and arrays). */
const { value: anyValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    anyString,
    anyNumber,
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom(undefined, () => 1, Symbol("s")),
    fc.array(tie("value"), { maxLength: 5 }),
    fc.dictionary(anyString, tie("value"), { maxKeys: 5 }),
    fc.dictionary(anyString, tie("value"), { maxKeys: 3 }).map((o) => Object.assign(Object.create(null) as object, o)),
  ),
}));

/** The engine-bound bytes of `v` with `room` bytes of room after `start`, or the code. */
function written(v: unknown, room: number, start = 3): Uint8Array | number {
  const b = new Uint8Array(start + room + 8).fill(0xee);
  const end = writeJSONBytes(v, b, start, start + room);
  if (end < 0) return end;
  assert.ok(end <= start + room, "wrote past the room");
  assert.ok(b.subarray(end).every((x) => x === 0xee) && b.subarray(0, start).every((x) => x === 0xee), "wrote outside its range");
  return b.slice(start, end);
}

/** The reference: JSON.stringify's text as UTF-8 (undefined when it has none). */
function reference(v: unknown): Uint8Array | undefined {
  const s = JSON.stringify(v) as string | undefined;
  return s === undefined ? undefined : enc.encode(s);
}

test("writeJSONBytes = TextEncoder(JSON.stringify) on random values (every string kind, number, dropped member)", () => {
  fc.assert(fc.property(anyValue, (v) => {
    const want = reference(v);
    const got = written(v, 1 << 16);
    if (want === undefined) { assert.equal(got, DECLINED); return; }
    assert.ok(got instanceof Uint8Array, `declined ${String(JSON.stringify(v))}`);
    assert.deepEqual(got, want);
  }), options);
});

test("writeJSONBytes on realistic Kubernetes objects, and with too little room", () => {
  fc.assert(fc.property(fc.oneof(container, podTemplate), fc.nat(), (v, r) => {
    const want = reference(v)!;
    assert.deepEqual(written(v, 1 << 20), want);
    // any room below what it needs: NEED_ROOM, never a wrong or partial text
    const room = r % (want.length + 1);
    const got = written(v, room);
    if (got instanceof Uint8Array) assert.deepEqual(got, want);
    else assert.equal(got, NEED_ROOM);
  }), { ...options, numRuns: cases(400, 60) });
});

test("writeJSONBytes declines what JSON.stringify must judge", () => {
  class Point { x = 1; }
  const cyclic: Record<string, unknown> = { a: 1 };
  cyclic.self = cyclic;
  const throwing = { get bad(): number { throw new Error("getter"); } };
  for (const v of [new Date(0), { toJSON: () => 1 }, { a: { toJSON: () => 2 } }, new Point(), [new Map()], Object(1), Object("s"), 10n, { a: 10n }, cyclic, throwing, undefined, () => 1, Symbol("x")]) {
    assert.equal(written(v, 1 << 16), DECLINED, String(v));
  }
  // an enumerable property on Object.prototype (which for-in would visit on every plain object)
  Object.defineProperty(Object.prototype, "polluted", { value: 1, enumerable: true, configurable: true });
  try {
    assert.equal(written({ a: 1 }, 1 << 16), DECLINED);
  } finally {
    delete (Object.prototype as Record<string, unknown>).polluted;
  }
  assert.deepEqual(written({ a: 1 }, 1 << 16), enc.encode(`{"a":1}`));
  // deep nesting is left to JSON.stringify too
  let deep: unknown = 1;
  for (let i = 0; i < 500; i++) deep = [deep];
  assert.equal(written(deep, 1 << 16), DECLINED);
});
