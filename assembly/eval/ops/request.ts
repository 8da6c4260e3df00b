// Typed access to the fields of one eval request (a JSON object on a Tape), with E_BAD_REQUEST
// errors that name the field. A field `x` that takes a JSON value may instead be given as `xText`,
// a string whose decoded bytes are parsed by the engine's own reader.

import { ByteSink } from "../../io/sink";
import { Value } from "../../json/value";
import { Tape, K_STRING, K_OBJECT, K_ARRAY, K_NUMBER, K_TRUE, K_FALSE, K_NULL, F_ESCAPE, F_INT } from "../../json/tape";
import { unquote } from "../../json/strings";
import { readJSON, ReadOptions } from "../../json/reader";
import { fail, hasError, E_BAD_REQUEST, E_UNSUPPORTED_VERSION } from "../../base/errors";
import { parseMinor } from "../../base/pins";
import { EXACT_ALL, exactBit, exactNames } from "../../base/exact";
import { DocBytes } from "./docbytes";

/** One parsed request object. */
export class Request {
  /** The out-of-line documents of an `evaluateDocs` call (null: the request names its documents itself). */
  docs: DocBytes | null = null;

  constructor(public tape: Tape, public obj: i32, public opts: ReadOptions) {}

  /** Index of the value of field `name`, or -1 when absent (last duplicate wins, as in Go). */
  field(name: string): i32 {
    const t = this.tape;
    let found = -1;
    const n = t.children(this.obj);
    let k = this.obj + 1;
    for (let m = 0; m < n; m++) {
      const v = t.next(k);
      if (t.flags(k) & F_ESCAPE) {
        const d = new ByteSink(t.len(k));
        unquote(d, t.ptr(k), t.len(k), false);
        if (String.UTF8.decodeUnsafe(d.ptr, <usize>d.len) == name) found = v;
      } else if (t.keyIs(k, name)) found = v;
      k = t.next(v);
    }
    return found;
  }

  /** True when field `name` is present and not null. */
  has(name: string): bool {
    const i = this.field(name);
    return i >= 0 && this.tape.kind(i) != K_NULL;
  }

  /** Decoded bytes of string field `name`, null when absent; records an error when not a string. */
  bytes(name: string, raw: bool = false): ByteSink | null {
    const i = this.field(name);
    if (i < 0 || this.tape.kind(i) == K_NULL) return null;
    if (this.tape.kind(i) != K_STRING) {
      fail(E_BAD_REQUEST, "field \"" + name + "\" must be a string", -1, name);
      return null;
    }
    const t = this.tape;
    const d = new ByteSink(t.len(i) + 4);
    if (t.flags(i) & F_ESCAPE || raw) unquote(d, t.ptr(i), t.len(i), raw);
    else unquote(d, t.ptr(i), t.len(i), false);
    return d;
  }

  /** String field `name` decoded, or null when absent (error recorded when of the wrong type). */
  str(name: string): string | null {
    const b = this.bytes(name);
    if (b === null) return null;
    return String.UTF8.decodeUnsafe(b.ptr, <usize>b.len);
  }

  /** Required string field. */
  requireStr(name: string): string | null {
    const s = this.str(name);
    if (s === null && !hasError()) fail(E_BAD_REQUEST, "field \"" + name + "\" is required", -1, name);
    return s;
  }

  /** Optional boolean field; `def` when absent. */
  bool(name: string, def: bool): bool {
    const i = this.field(name);
    if (i < 0 || this.tape.kind(i) == K_NULL) return def;
    const k = this.tape.kind(i);
    if (k == K_TRUE) return true;
    if (k == K_FALSE) return false;
    fail(E_BAD_REQUEST, "field \"" + name + "\" must be a boolean", -1, name);
    return def;
  }

  /** Optional integer field; `def` when absent. */
  int(name: string, def: i64): i64 {
    const i = this.field(name);
    const t = this.tape;
    if (i < 0 || t.kind(i) == K_NULL) return def;
    if (t.kind(i) != K_NUMBER || !(t.flags(i) & F_INT) || t.len(i) > 18) {
      fail(E_BAD_REQUEST, "field \"" + name + "\" must be an integer", -1, name);
      return def;
    }
    let v: i64 = 0;
    const p = t.ptr(i);
    const n = t.len(i);
    const neg = load<u8>(p) == 0x2d;
    for (let j = neg ? 1 : 0; j < n; j++) v = v * 10 + <i64>(load<u8>(p + <usize>j) - 0x30);
    return neg ? -v : v;
  }

  /**
   * The JSON value given as field `name` or as `nameText`. Returns null when neither is present
   * (error recorded when `required`) or when the text does not parse (its error recorded).
   */
  value(name: string, required: bool = true): Value | null {
    const direct = this.field(name);
    const textName = name + "Text";
    let text = this.field(textName);
    if (text >= 0 && this.tape.kind(text) == K_NULL) text = -1; // `xText: null` means absent
    if (direct >= 0 && text >= 0) {
      fail(E_BAD_REQUEST, "fields \"" + name + "\" and \"" + textName + "\" are mutually exclusive", -1, name);
      return null;
    }
    if (direct >= 0) return new Value(this.tape, direct, this.tape.rawStart(direct));
    if (text < 0) {
      if (required) fail(E_BAD_REQUEST, "field \"" + name + "\" (or \"" + textName + "\") is required", -1, name);
      return null;
    }
    const b = this.bytes(textName, true);
    if (b === null) return null;
    const t = readJSON(b.ptr, b.len, this.opts);
    if (t === null) return null;
    return new Value(t, 0, 0);
  }

  /** Go release from field "go" as a minor number; `def` when absent; -1 with an error when unknown. */
  goMinor(def: i32, min: i32, max: i32): i32 {
    const b = this.bytes("go");
    if (b === null) return hasError() ? -1 : def;
    const v = parseMinor(b.ptr, b.len);
    if (v < min || v > max) {
      fail(E_UNSUPPORTED_VERSION, "unsupported Go release \"" + String.UTF8.decodeUnsafe(b.ptr, <usize>b.len) + "\" (supported: 1." + min.toString() + " to 1." + max.toString() + ")", -1, "go");
      return -1;
    }
    return v;
  }
}

/** True when node i of t is an object. */
export function isObject(t: Tape, i: i32): bool {
  return t.kind(i) == K_OBJECT;
}

/**
 * The engine-only request field `exact` (base/exact.ts): absent, null or false → 0 (every shortcut may
 * answer); true → every shortcut off; a list of shortcut names → those off. Returns -1 (as i64) with
 * E_BAD_REQUEST when the field is malformed.
 */
export function exactOf(req: Request): i64 {
  const t = req.tape;
  const i = req.field("exact");
  if (i < 0) return 0;
  const k = t.kind(i);
  if (k == K_NULL || k == K_FALSE) return 0;
  if (k == K_TRUE) return <i64>EXACT_ALL;
  if (k != K_ARRAY) {
    fail(E_BAD_REQUEST, "\"exact\" must be a boolean or a list of shortcut names", -1, "exact");
    return -1;
  }
  let bits: u32 = 0;
  const n = t.children(i);
  let e = i + 1;
  for (let m = 0; m < n; m++) {
    let bit: u32 = 0;
    if (t.kind(e) == K_STRING) {
      const d = new ByteSink(t.len(e) + 4);
      unquote(d, t.ptr(e), t.len(e), false);
      bit = exactBit(String.UTF8.decodeUnsafe(d.ptr, <usize>d.len));
    }
    if (bit == 0) {
      fail(E_BAD_REQUEST, "\"exact\" names an unknown shortcut (known: " + exactNames() + ")", -1, "exact/" + m.toString());
      return -1;
    }
    bits |= bit;
    e = t.next(e);
  }
  return <i64>bits;
}

/** Refuses request members other than op, id, limits, exact and `allowed` (as the oracle's dispatch does; `exact` is the engine's). */
export function onlyFields(req: Request, allowed: Array<string>): bool {
  const t = req.tape;
  const n = t.children(0);
  let k = 1;
  for (let m = 0; m < n; m++) {
    const v = t.next(k);
    const name = String.UTF8.decodeUnsafe(t.ptr(k), <usize>t.len(k));
    if (name != "op" && name != "id" && name != "limits" && name != "exact" && !allowed.includes(name)) {
      return fail(E_BAD_REQUEST, "unknown field \"" + name + "\"", -1, name);
    }
    k = t.next(v);
  }
  return true;
}
