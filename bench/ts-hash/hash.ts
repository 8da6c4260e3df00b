// The straightforward TypeScript implementation the hash benchmark (bench/cases/hash.ts) compares the engine
// with, for Kubernetes 1.30: the kubelet's JSON-era HashContainer (json.Marshal in Go field order, then
// FNV-32a over go-spew's `([]uint8)[123 34 ...]` of those bytes) and controller.ComputeHash (FNV-32a
// over go-spew of the PodTemplateSpec, SafeEncodeString of the decimal sum). Inputs are assumed to be as
// the API server stores them (canonical quantities, no unknown fields): a reference for timing, not a
// general implementation (the engine is that).

import { marshal } from "./gojson.ts";
import { spew } from "./spew.ts";

const encoder = new TextEncoder();

/** FNV-1a 32 over bytes. */
export function fnv1a32(bytes: Uint8Array): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h >>> 0;
}

/** go-spew's `%#v` text of a []byte: `([]uint8)[123 34 ...]`. */
export function spewByteSlice(bytes: Uint8Array): string {
  return "([]uint8)[" + Array.prototype.join.call(bytes, " ") + "]";
}

/** HashContainer (1.16–1.30) of a container object, as lowercase hex. */
export function containerHashTS(container: unknown): string {
  const json = encoder.encode(marshal("v1.Container", container));
  return fnv1a32(encoder.encode(spewByteSlice(json))).toString(16);
}

/** HashContainer from raw JSON bytes (JSON.parse first). */
export function containerHashTSBytes(bytes: Uint8Array): string {
  return containerHashTS(JSON.parse(new TextDecoder().decode(bytes)));
}

/** The spew text HashContainer feeds to FNV (for the FNV dependency-chain limit). */
export function containerSpewText(container: unknown): Uint8Array {
  return encoder.encode(spewByteSlice(encoder.encode(marshal("v1.Container", container))));
}

/** rand.SafeEncodeString. */
function safeEncode(s: string): string {
  const a = "bcdfghjklmnpqrstvwxz2456789";
  let r = "";
  for (let i = 0; i < s.length; i++) r += a[s.charCodeAt(i) % 27];
  return r;
}

/** The spew text ComputeHash feeds to FNV. */
export function templateSpewText(template: unknown): Uint8Array {
  const out: string[] = [];
  spew("v1.PodTemplateSpec", template, out);
  return encoder.encode(out.join(""));
}

/** controller.ComputeHash (no collision count) of a pod template object. */
export function podTemplateHashTS(template: unknown): string {
  return safeEncode(String(fnv1a32(templateSpewText(template))));
}

/** ComputeHash from raw JSON bytes (JSON.parse first). */
export function podTemplateHashTSBytes(bytes: Uint8Array): string {
  return podTemplateHashTS(JSON.parse(new TextDecoder().decode(bytes)));
}
