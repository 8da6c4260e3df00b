// The one error type of the public API: every failure of an engine call is a KinplaceError with a
// stable `code` (see docs/errors.md), Go's message text, and a path or byte offset.

/**
 * Error codes the engine and the API report (docs/errors.md; the engine's list is assembly/base/errors.ts).
 * Later engine releases may add codes, so any other string is possible too.
 */
export type KinplaceErrorCode =
  | "E_JSON_SYNTAX"
  | "E_JSON_DEPTH"
  | "E_TOO_LARGE"
  | "E_JSON_TYPE"
  | "E_JCS"
  | "E_BAD_REQUEST"
  | "E_UNKNOWN_OP"
  | "E_UNSUPPORTED_VERSION"
  | "E_INTERNAL"
  | "E_QUANTITY"
  | "E_DECODE"
  | "E_PATCH_INVALID"
  | "E_PATCH_OP"
  | "E_PATCH_PATH"
  | "E_PATCH_INDEX"
  | "E_PATCH_TEST"
  | "E_PATCH_PANIC"
  | "E_PATCH_MARSHAL"
  | "E_PATCH_LIMIT"
  | "E_PATCH_STRATEGIC"
  | "E_LIMIT"
  | "E_UNSUPPORTED_KIND"
  | "E_POLICY"
  | "E_NOT_INITIALIZED"
  | "E_NOT_FOUND"
  | "E_INT_OR_STRING"
  | (string & {});

/** Where an error points: a JSON path (`path`) or a byte offset into the input (`offset`). */
export interface KinplaceErrorDetails {
  path?: string;
  offset?: number;
  cause?: unknown;
}

/** A typed engine error: `code` is stable, `message` is the engine's (Go-compatible) text. */
export class KinplaceError extends Error {
  /** Stable machine-readable error code. */
  readonly code: KinplaceErrorCode;
  /** JSON path of the offending request field or value, when known. */
  declare readonly path?: string;
  /** Byte offset into the input, as Go's `SyntaxError.Offset`, when known. */
  declare readonly offset?: number;

  /** Creates an error with a code, a message and optional path, offset and cause. */
  constructor(code: KinplaceErrorCode, message: string, details: KinplaceErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = "KinplaceError";
    this.code = code;
    if (details.path !== undefined) this.path = details.path;
    if (details.offset !== undefined) this.offset = details.offset;
  }
}

/** The shape of the engine's error JSON (`{"code","message","path"?,"offset"?}`). */
export interface EngineErrorJSON {
  code: KinplaceErrorCode;
  message: string;
  path?: string;
  offset?: number;
}

/** Builds a KinplaceError from the engine's error JSON object. */
export function errorFromJSON(e: EngineErrorJSON): KinplaceError {
  return new KinplaceError(e.code, e.message, { path: e.path, offset: e.offset });
}
