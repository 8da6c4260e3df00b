// The engine's one error slot: AssemblyScript has no exceptions, so a failing step records
// its error here and returns a failure value; the entry point turns it into the error JSON.

import { ByteSink } from "../io/sink";

export const E_JSON_SYNTAX = "E_JSON_SYNTAX";
export const E_JSON_DEPTH = "E_JSON_DEPTH";
export const E_TOO_LARGE = "E_TOO_LARGE";
export const E_JSON_TYPE = "E_JSON_TYPE";
export const E_JCS = "E_JCS";
export const E_BAD_REQUEST = "E_BAD_REQUEST";
export const E_UNKNOWN_OP = "E_UNKNOWN_OP";
export const E_UNSUPPORTED_VERSION = "E_UNSUPPORTED_VERSION";
export const E_INTERNAL = "E_INTERNAL";
/** A Kubernetes resource.Quantity that ParseQuantity / UnmarshalJSON rejects; message is upstream's error text. */
export const E_QUANTITY = "E_QUANTITY";
/** Kubernetes typed decoding failed otherwise than by a type error: json-iterator's texts (1.12-1.22), time.Parse's; upstream's message. */
export const E_DECODE = "E_DECODE";

/** Patches: the library refuses a document or patch as a whole (upstream's message, e.g. `invalid JSON Document`). */
export const E_PATCH_INVALID = "E_PATCH_INVALID";
/** Patches: a JSON Patch operation is malformed (unknown op; path or from missing or not a string). */
export const E_PATCH_OP = "E_PATCH_OP";
/** Patches: a JSON pointer does not resolve (a missing object member or parent). */
export const E_PATCH_PATH = "E_PATCH_PATH";
/** Patches: an array index is out of range or not a number. */
export const E_PATCH_INDEX = "E_PATCH_INDEX";
/** Patches: a `test` operation failed. */
export const E_PATCH_TEST = "E_PATCH_TEST";
/** Patches: the Go library panics on this input (message: the Go runtime's text). */
export const E_PATCH_PANIC = "E_PATCH_PANIC";
/** Patches: Go's json.Marshal of the library's result fails (message: Go's MarshalerError text). */
export const E_PATCH_MARSHAL = "E_PATCH_MARSHAL";
/** Patches: an explicit engine limit was hit (e.g. `maxEditMatrix`). */
export const E_PATCH_LIMIT = "E_PATCH_LIMIT";
/** An explicit engine limit of an op other than the patch ops (a request's `limits` member or an op option such as
 * pod.validateUpdate's `maxErrorBytes`, documented with its default) was exceeded; `path` names the field. */
export const E_LIMIT = "E_LIMIT";
/** The API server has no such resource at this minor or with these gates (a 404: `the server could not find the
 * requested resource`, e.g. pods/resize before 1.32 or with InPlacePodVerticalScaling off); `path` names the field. */
export const E_NOT_FOUND = "E_NOT_FOUND";
/** Strategic merge patch: strategicpatch returned an error (message: upstream's text, e.g. `unable to find api field ...`). */
export const E_PATCH_STRATEGIC = "E_PATCH_STRATEGIC";

let errCode: string | null = null;
let errMessage: ByteSink | null = null;
let errOffset: i64 = -1;
let errPath: string | null = null;

/** Clears the error slot (done at the start of every call). */
export function clearError(): void {
  errCode = null;
  errMessage = null;
  errOffset = -1;
  errPath = null;
}

/** True when an error has been recorded in this call. */
export function hasError(): bool {
  return errCode !== null;
}

/** The recorded error code, or "" when none. */
export function errorCode(): string {
  const c = errCode;
  return c === null ? "" : c;
}

/** The recorded error's message (empty when none), and clears the error: for callers that report a different error. */
export function takeErrorMessage(): string {
  const m = errMessage;
  const text = m === null ? "" : String.UTF8.decodeUnsafe(m.ptr, <usize>m.len);
  clearError();
  return text;
}

/** The recorded error's offset (-1 when none or absent). */
export function errorOffset(): i64 {
  return errCode === null ? -1 : errOffset;
}

/** Records an error with a message; returns false so callers can `return fail(...)`. */
export function fail(code: string, message: string, offset: i64 = -1, path: string | null = null): bool {
  if (errCode !== null) return false; // first error wins
  errCode = code;
  const m = new ByteSink(message.length + 8);
  m.utf8(message);
  errMessage = m;
  errOffset = offset;
  errPath = path;
  return false;
}

/** Records an error whose message is already UTF-8 bytes in a sink. */
export function failBytes(code: string, message: ByteSink, offset: i64 = -1, path: string | null = null): bool {
  if (errCode !== null) return false;
  errCode = code;
  errMessage = message;
  errOffset = offset;
  errPath = path;
  return false;
}

/** Sets the JSON path of the recorded error when it has none yet. */
export function setErrorPath(path: string): void {
  if (errCode !== null && errPath === null) errPath = path;
}

/** Writes the recorded error as `{"code":..,"message":..,"path"?:..,"offset"?:..}`. */
export function writeErrorJSON(out: ByteSink, writeString: (out: ByteSink, ptr: usize, len: i32) => void): void {
  out.ascii("{\"code\":\"");
  out.ascii(errorCode());
  out.ascii("\",\"message\":");
  const m = errMessage;
  if (m === null) out.ascii("\"\""); else writeString(out, m.ptr, m.len);
  const p = errPath;
  if (p !== null) {
    out.ascii(",\"path\":");
    const b = new ByteSink(p.length + 8);
    b.utf8(p);
    writeString(out, b.ptr, b.len);
  }
  if (errOffset >= 0) {
    out.ascii(",\"offset\":");
    out.int(errOffset);
  }
  out.byte(0x7d);
}
