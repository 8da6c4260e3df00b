// Errors across the thread boundary: the CLI's typed errors (usage, bad input, engine) travel as plain data and are
// thrown again on the main thread as the same classes, so they are reported exactly as the single-threaded run does.

import { KinplaceError } from "../../errors.js";
import { UsageError } from "../args.js";
import { InputError } from "../source.js";
import type { WireError } from "./protocol.js";

/** An error as plain data. */
export function toWire(e: unknown): WireError {
  if (e instanceof UsageError) return { kind: "usage", message: e.message };
  if (e instanceof InputError) return { kind: "input", message: e.message, file: e.file, line: e.line, column: e.column };
  if (e instanceof KinplaceError) return { kind: "engine", message: e.message, code: e.code, path: e.path, offset: e.offset };
  if (e instanceof Error) return { kind: "other", message: e.message, name: e.name, stack: e.stack };
  return { kind: "other", message: String(e), name: "Error" };
}

/** The error plain data stands for, as its class. */
export function fromWire(w: WireError): Error {
  switch (w.kind) {
    case "usage":
      return new UsageError(w.message);
    case "input":
      return new InputError(w.file, w.line, w.column, w.message);
    case "engine":
      return new KinplaceError(w.code, w.message, { path: w.path, offset: w.offset });
    default: {
      const e = new Error(w.message);
      e.name = w.name;
      if (w.stack !== undefined) e.stack = w.stack;
      return e;
    }
  }
}
