// The request fields `kruise` and `gates` of the OpenKruise ops and verdicts, read into the Kruise part's
// options (upstream/kruise/inplaceupdate/options.ts) with the oracle's checks, order and texts.

import { Tape, K_OBJECT, K_TRUE, K_FALSE, K_NULL, K_STRING } from "../../json/tape";
import { unquote } from "../../json/strings";
import { ByteSink } from "../../io/sink";
import { fail, E_BAD_REQUEST, E_UNSUPPORTED_VERSION } from "../../base/errors";
import { Request } from "./request";
import { KruiseOptions, KRUISE_GATES } from "../../upstream/kruise/inplaceupdate/options";

function keyText(t: Tape, k: i32): string {
  const d = new ByteSink(t.len(k) + 4);
  unquote(d, t.ptr(k), t.len(k), true);
  return String.UTF8.decodeUnsafe(d.ptr, <usize>d.len);
}

/** Reads `kruise` ("1.8" | "1.9", default "1.9") and `gates` ({name: bool}); false with a typed error. */
export function readKruiseOptions(req: Request): bool {
  KruiseOptions.reset();
  const t = req.tape;
  const kv = req.field("kruise");
  if (kv >= 0) {
    if (t.kind(kv) != K_STRING) return fail(E_BAD_REQUEST, "\"kruise\" must be a string", -1, "kruise");
    const v = keyText(t, kv);
    if (v == "1.9") KruiseOptions.minor = 9;
    else if (v == "1.8") KruiseOptions.minor = 8;
    else return fail(E_UNSUPPORTED_VERSION, "unsupported kruise version \"" + v + "\"", -1, "kruise");
  }
  const g = req.field("gates");
  if (g >= 0 && t.kind(g) != K_NULL) {
    if (t.kind(g) != K_OBJECT) return fail(E_BAD_REQUEST, "\"gates\" must be an object of booleans", -1, "gates");
    // check in sorted name order, as the oracle does
    const names = new Array<string>();
    const vals = new Array<i32>();
    const n = t.children(g);
    let k = g + 1;
    for (let m = 0; m < n; m++) {
      const v = t.next(k);
      const name = keyText(t, k);
      let j = names.indexOf(name);
      if (j < 0) { names.push(name); vals.push(v); } else vals[j] = v;
      k = t.next(v);
    }
    const order = names.slice(0);
    order.sort((a: string, b: string): i32 => (a < b ? -1 : a > b ? 1 : 0));
    for (let i = 0; i < order.length; i++) {
      const name = order[i];
      const v = vals[names.indexOf(name)];
      if (!KRUISE_GATES.includes(name)) return fail(E_BAD_REQUEST, "unknown feature gate \"" + name + "\"", -1, "gates/" + name);
      const kind = t.kind(v);
      if (kind != K_TRUE && kind != K_FALSE) return fail(E_BAD_REQUEST, "feature gate \"" + name + "\" must be a boolean", -1, "gates/" + name);
      const on = kind == K_TRUE;
      if (name == "InPlaceUpdateEnvFromMetadata") KruiseOptions.envFromMetadata = on;
      else if (name == "InPlaceWorkloadVerticalScaling") KruiseOptions.verticalScaling = on;
      else if (name == "KruiseDaemon") KruiseOptions.kruiseDaemon = on;
      else KruiseOptions.recreateOnVCTChange = on;
    }
  }
  if (!KruiseOptions.kruiseDaemon) KruiseOptions.envFromMetadata = false;
  return true;
}
