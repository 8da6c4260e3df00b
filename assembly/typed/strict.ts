// Field-validation warnings of one object as the API server's strict decode reports them (sigs.k8s.io/json
// UnmarshalStrict: unknown field "spec.x", duplicate field "name"; each text once, in order), for the callers that
// decoded the object already and only need these texts.

import { Tape } from "../json/tape";
import { hasError, clearError } from "../base/errors";
import { Decoder } from "./decode";
import { decodeOptionsFor } from "./decodeat";

/** The strict-decoding texts of node `node` of `t` decoded into type `ty` at Kubernetes `minor` built with Go `go`. */
export function fieldWarnings(t: Tape, node: i32, ty: i32, minor: i32, go: i32): Array<string> {
  const o = decodeOptionsFor(minor, go);
  o.warnings = true;
  const d = new Decoder(t, o);
  d.jit.dataStart = t.rawStart(node);
  d.jit.dataEnd = t.rawEnd(node);
  d.decodeTop(ty, node);
  if (hasError()) {
    clearError();
    return new Array<string>();
  }
  return d.warnings;
}
