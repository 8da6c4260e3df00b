// Op `fnv`: {variant: "fnv32"|"fnv32a"|"fnv64"|"fnv64a", text?|base64?} → {hex, value?}.

import { Request } from "./request";
import { ResultWriter } from "../../json/resultwriter";
import { ByteSink } from "../../io/sink";
import { fail, hasError, E_BAD_REQUEST } from "../../base/errors";
import { fnv1_32, fnv1a_32, fnv1_64, fnv1a_64 } from "../../hash/fnv";
import { decodeBase64 } from "../../golang/base64";

/** Hashes `text` (UTF-8) or `base64` bytes with the requested FNV variant. */
export function opFnv(req: Request, res: ResultWriter): bool {
  const variant = req.requireStr("variant");
  if (variant === null) return false;
  const v = variant;
  if (v != "fnv32" && v != "fnv32a" && v != "fnv64" && v != "fnv64a") {
    return fail(E_BAD_REQUEST, "unknown variant \"" + v + "\" (want fnv32, fnv32a, fnv64 or fnv64a)", -1, "variant");
  }
  const hasText = req.has("text");
  const hasB64 = req.has("base64");
  if (hasText && hasB64) return fail(E_BAD_REQUEST, "fields \"text\" and \"base64\" are mutually exclusive", -1, "text");
  let data: ByteSink | null = null;
  if (hasB64) {
    const b = req.bytes("base64");
    if (b === null) return false;
    data = decodeBase64(b.ptr, b.len);
    if (data === null) return false;
  } else {
    data = req.bytes("text");
    if (hasError()) return false;
    if (data === null) return fail(E_BAD_REQUEST, "field \"text\" (or \"base64\") is required", -1, "text");
  }
  const d = data;
  if (v == "fnv32" || v == "fnv32a") {
    const h = v == "fnv32" ? fnv1_32(d.ptr, <usize>d.len) : fnv1a_32(d.ptr, <usize>d.len);
    res.key("hex").byte(0x22); res.out.hex(<u64>h); res.out.byte(0x22);
    res.uint("value", <u64>h);
  } else {
    const h = v == "fnv64" ? fnv1_64(d.ptr, <usize>d.len) : fnv1a_64(d.ptr, <usize>d.len);
    res.key("hex").byte(0x22); res.out.hex(h); res.out.byte(0x22);
  }
  return true;
}
