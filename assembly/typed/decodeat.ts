// Decoding one node of a parsed request into a Kubernetes type as the API server of a minor does:
// the decoder options that minor and Go release imply (json-iterator or sigs.k8s.io/json, warning
// paths, embedded-field error paths), shared by every op and policy module that decodes typed values.

import { Tape } from "../json/tape";
import { Decoder, DecodeOptions } from "./decode";
import { Val } from "./value";
import { decodesWithJsoniter, warningPaths, embeddedErrorPath } from "./versions";

/** Decoder options of Kubernetes `minor` built with Go `go` (warnings off; callers may turn them on). */
export function decodeOptionsFor(minor: i32, go: i32): DecodeOptions {
  const o = new DecodeOptions();
  o.minor = minor;
  o.jsoniter = decodesWithJsoniter(minor);
  o.warnPaths = warningPaths(minor);
  o.embeddedPath = embeddedErrorPath(minor);
  o.goMinor = go;
  o.warnings = false;
  return o;
}

/** Decodes node `node` of `t` into type `ty`; null (zero value) or the value; check hasError(). */
export function decodeAt(t: Tape, node: i32, ty: i32, minor: i32, go: i32): Val | null {
  const d = new Decoder(t, decodeOptionsFor(minor, go));
  d.jit.dataStart = t.rawStart(node);
  d.jit.dataEnd = t.rawEnd(node);
  return d.decodeTop(ty, node);
}
