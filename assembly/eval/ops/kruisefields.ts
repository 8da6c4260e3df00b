// The request fields `kruise` and `gates` of the OpenKruise ops and verdicts, read once into the Kruise part's
// options value (upstream/kruise/inplaceupdate/options.ts) with the oracle's checks, order and texts; and the
// engine-only switches of those ops (`exact`, with the older names `exactDecode` / `exactPath` kept as its
// aliases: true turns every shortcut off).

import { Tape, K_OBJECT, K_TRUE, K_FALSE, K_NULL, K_STRING } from "../../json/tape";
import { unquote } from "../../json/strings";
import { ByteSink } from "../../io/sink";
import { fail, E_BAD_REQUEST, E_UNSUPPORTED_VERSION } from "../../base/errors";
import { EXACT_ALL } from "../../base/exact";
import { Request, exactOf } from "./request";
import { KruiseOptions, KRUISE_GATES, gateSince } from "../../upstream/kruise/inplaceupdate/options";
import { KRUISE_OLDEST, KRUISE_NEWEST } from "../../base/pins";

function keyText(t: Tape, k: i32): string {
  const d = new ByteSink(t.len(k) + 4);
  unquote(d, t.ptr(k), t.len(k), true);
  return String.UTF8.decodeUnsafe(d.ptr, <usize>d.len);
}

/** The OpenKruise minor a `kruise` value names ("1.5" .. "1.9" exactly; no neighbour is ever taken), or -1. */
function kruiseMinorOfText(v: string): i32 {
  for (let m = KRUISE_OLDEST; m <= KRUISE_NEWEST; m++) if (v == "1." + m.toString()) return m;
  return -1;
}

/** Checks `kruise` alone ("1.5" .. "1.9"; absent: fine); false with readKruiseOptions' error. */
export function kruiseVersionOK(req: Request): bool {
  const kv = req.field("kruise");
  if (kv < 0) return true;
  const t = req.tape;
  if (t.kind(kv) != K_STRING) { fail(E_BAD_REQUEST, "\"kruise\" must be a string", -1, "kruise"); return false; }
  const v = keyText(t, kv);
  if (kruiseMinorOfText(v) >= 0) return true;
  fail(E_UNSUPPORTED_VERSION, "unsupported kruise version \"" + v + "\"", -1, "kruise");
  return false;
}

/** The OpenKruise minor `kruise` names (5 .. 9), or the newest (9) when it is absent or names no release; never fails
 *  (the value's own errors are readKruiseOptions'). */
export function kruiseReleaseOrNewest(req: Request): i32 {
  const kv = req.field("kruise");
  if (kv < 0 || req.tape.kind(kv) != K_STRING) return KRUISE_NEWEST;
  const m = kruiseMinorOfText(keyText(req.tape, kv));
  return m < 0 ? KRUISE_NEWEST : m;
}

/** The OpenKruise minor `kruise` names (5 .. 9; absent: 9); -1 with readKruiseOptions' error. */
export function requestKruiseMinor(req: Request): i32 {
  if (!kruiseVersionOK(req)) return -1;
  const kv = req.field("kruise");
  return kv < 0 ? KRUISE_NEWEST : kruiseMinorOfText(keyText(req.tape, kv));
}

/** Reads `kruise` ("1.5" .. "1.9", default "1.9") and `gates` ({name: bool}); null with a typed error. Gates named in
 *  `extra` (accepted from Kruise minor `extraSince[i]` on) are accepted too, their values kept in `extraGates`. */
export function readKruiseOptions(req: Request, extra: Array<string> | null = null, extraSince: Array<i32> | null = null, extraGates: Map<string, bool> | null = null): KruiseOptions | null {
  const o = new KruiseOptions();
  const t = req.tape;
  const kv = req.field("kruise");
  if (kv >= 0) {
    if (t.kind(kv) != K_STRING) { fail(E_BAD_REQUEST, "\"kruise\" must be a string", -1, "kruise"); return null; }
    const v = keyText(t, kv);
    o.minor = kruiseMinorOfText(v);
    if (o.minor < 0) { fail(E_UNSUPPORTED_VERSION, "unsupported kruise version \"" + v + "\"", -1, "kruise"); return null; }
  }
  const g = req.field("gates");
  if (g >= 0 && t.kind(g) != K_NULL) {
    if (t.kind(g) != K_OBJECT) { fail(E_BAD_REQUEST, "\"gates\" must be an object of booleans", -1, "gates"); return null; }
    // check in sorted name order, as the oracle does
    // (a repeated name: the last value wins)
    const byName = new Map<string, i32>();
    const n = t.children(g);
    let k = g + 1;
    for (let m = 0; m < n; m++) {
      const v = t.next(k);
      byName.set(keyText(t, k), v);
      k = t.next(v);
    }
    const order = byName.keys();
    order.sort((a: string, b: string): i32 => (a < b ? -1 : a > b ? 1 : 0));
    for (let i = 0; i < order.length; i++) {
      const name = order[i];
      const v = byName.get(name);
      const x = extra === null ? -1 : extra.indexOf(name);
      const isExtra = x >= 0 && o.minor >= extraSince![x];
      if (!(KRUISE_GATES.includes(name) && gateSince(name) <= o.minor) && !isExtra) { fail(E_BAD_REQUEST, "unknown feature gate \"" + name + "\"", -1, "gates/" + name); return null; }
      const kind = t.kind(v);
      if (kind != K_TRUE && kind != K_FALSE) { fail(E_BAD_REQUEST, "feature gate \"" + name + "\" must be a boolean", -1, "gates/" + name); return null; }
      const on = kind == K_TRUE;
      if (isExtra) { extraGates!.set(name, on); continue; }
      if (name == "InPlaceUpdateEnvFromMetadata") o.envFromMetadata = on;
      else if (name == "InPlaceWorkloadVerticalScaling") o.verticalScaling = on;
      else if (name == "KruiseDaemon") o.kruiseDaemon = on;
      else o.recreateOnVCTChange = on;
    }
  }
  if (!o.kruiseDaemon) o.envFromMetadata = false;
  return o;
}

/**
 * The shortcuts turned off for this request (base/exact.ts): the field `exact`, or every one when the older
 * boolean field `alias` (exactDecode / exactPath; null: none) is true; -1 (as i64) with E_BAD_REQUEST when malformed.
 */
export function readExact(req: Request, alias: string | null): i64 {
  const bits = exactOf(req);
  if (bits < 0 || alias === null) return bits;
  const i = req.field(alias);
  if (i < 0) return bits;
  const k = req.tape.kind(i);
  if (k != K_TRUE && k != K_FALSE) {
    fail(E_BAD_REQUEST, "\"" + alias + "\" must be a boolean", -1, alias);
    return -1;
  }
  return k == K_TRUE ? <i64>EXACT_ALL : bits;
}
