// field.ErrorList as the API server builds it: each error's field path, type string and ErrorBody()
// text, and ErrorList.ToAggregate().Error() (deduplicated by message; one error alone, else
// "[e1, e2, ...]").

import { ByteSink } from "../../../io/sink";
import { goQuote } from "../../../json/gostrconv";
import { writeGoString } from "../../../json/strings";
import { joinStrings } from "../../../golang/join";

export const T_REQUIRED = "Required value";
export const T_FORBIDDEN = "Forbidden";
export const T_INVALID = "Invalid value";
export const T_NOT_SUPPORTED = "Unsupported value";
export const T_DUPLICATE = "Duplicate value";
export const T_TOO_LONG = "Too long";
export const T_NOT_FOUND = "Not found";

/** One field.Error: path, type string and the ErrorBody() text. */
export class FieldError {
  constructor(public field: string, public type: string, public body: string) {}

  /** (*field.Error).Error(): "<field>: <body>". */
  text(): string {
    return this.field + ": " + this.body;
  }
}

/** Go's strconv.Quote of an ASCII/UTF-8 string (what %q and %#v print for strings). */
export function quote(s: string): string {
  const b = String.UTF8.encode(s);
  const out = new ByteSink(b.byteLength + 8);
  goQuote(out, changetype<usize>(b), b.byteLength, 26);
  return String.UTF8.decodeUnsafe(out.ptr, <usize>out.len);
}

/** json.Marshal of a string (HTML-escaped, Go 1.22+ short escapes: the 1.34+ oracle builds' Go), as ErrorBody prints values from 1.34. */
export function jsonQuote(v: string): string {
  const b = String.UTF8.encode(v);
  const out = new ByteSink(b.byteLength + 8);
  writeGoString(out, changetype<usize>(b), b.byteLength, true, false, true);
  return String.UTF8.decodeUnsafe(out.ptr, <usize>out.len);
}

/** A Pod's field path as ValidatePodTemplateSpec reports it for the template at `base`. */
export function templatePath(base: string, path: string): string {
  if (path.startsWith("metadata") && (path.length == 8 || path.charCodeAt(8) == 0x2e || path.charCodeAt(8) == 0x5b)) {
    return path.length == 8 ? base : base + (path.charCodeAt(8) == 0x2e ? path.substring(8) : path.substring(8));
  }
  return base + "." + path;
}

/** Default of pod.validateUpdate's `maxErrorBytes`: the most characters (paths, types and messages) an error list holds. */
export const DEFAULT_MAX_ERROR_BYTES: i64 = 16 << 20;

/**
 * An ordered list of field errors, holding at most `maxBytes` characters of paths, types and messages: past that it
 * keeps nothing more and reports `over` (upstream's lists have no bound; some grow with the square of the
 * input, e.g. every extra controller owner reference prints all of them).
 */
export class ErrList {
  list: Array<FieldError> = new Array<FieldError>();
  /** Characters held so far. */
  bytes: i64 = 0;
  /** True once an error did not fit. */
  over: bool = false;

  /**
   * A pod template's path (e.g. "spec.template"): the pod checks written for a Pod's paths then report under it as
   * ValidatePodTemplateSpec does - "metadata.labels" as "spec.template.labels", "spec.x" as "spec.template.spec.x".
   */
  template: string | null = null;

  constructor(public maxBytes: i64 = DEFAULT_MAX_ERROR_BYTES) {}

  /** Appends `e` unless the list is over its size; false when it did not fit. */
  add(e: FieldError): bool {
    if (this.over) return false;
    const base = this.template;
    if (base !== null) e = new FieldError(templatePath(base, e.field), e.type, e.body);
    const n = <i64>e.field.length + <i64>e.body.length + <i64>e.type.length;
    if (this.bytes + n > this.maxBytes) { this.over = true; return false; }
    this.bytes += n;
    this.list.push(e);
    return true;
  }

  /** Number of errors so far. */
  get length(): i32 { return this.list.length; }

  /** field.Required(path, detail). */
  required(path: string, detail: string = ""): void {
    this.push(path, T_REQUIRED, T_REQUIRED, detail);
  }

  /** field.Forbidden(path, detail). */
  forbidden(path: string, detail: string): void {
    this.push(path, T_FORBIDDEN, T_FORBIDDEN, detail);
  }

  /** field.Invalid with a value already rendered as ErrorBody prints it (`"x"`, `5`, `null`, ...). */
  invalid(path: string, rendered: string, detail: string): void {
    this.push(path, T_INVALID, T_INVALID + ": " + rendered, detail);
  }

  /** field.Invalid with a string value (printed with %q). */
  invalidStr(path: string, value: string, detail: string): void {
    this.invalid(path, quote(value), detail);
  }

  /** field.Invalid with an integer value. */
  invalidInt(path: string, value: i64, detail: string): void {
    this.invalid(path, value.toString(), detail);
  }

  /** field.NotSupported(path, value, validValues) with a string-like value. */
  notSupported(path: string, value: string, valid: Array<string>): void {
    let d = "";
    if (valid.length > 0) {
      d = "supported values: ";
      for (let i = 0; i < valid.length; i++) d += (i > 0 ? ", " : "") + quote(valid[i]);
    }
    this.push(path, T_NOT_SUPPORTED, T_NOT_SUPPORTED + ": " + quote(value), d);
  }

  /** field.NotSupported(path, value, validValues) with a value already rendered as ErrorBody prints it. */
  notSupportedRendered(path: string, rendered: string, valid: Array<string>): void {
    let d = "";
    if (valid.length > 0) {
      d = "supported values: ";
      for (let i = 0; i < valid.length; i++) d += (i > 0 ? ", " : "") + quote(valid[i]);
    }
    this.push(path, T_NOT_SUPPORTED, T_NOT_SUPPORTED + ": " + rendered, d);
  }

  /** field.NotFound(path, value) with a string value. */
  notFound(path: string, value: string): void {
    this.push(path, T_NOT_FOUND, T_NOT_FOUND + ": " + quote(value), "");
  }

  /** field.Duplicate(path, value) with a string value. */
  duplicate(path: string, value: string): void {
    this.push(path, T_DUPLICATE, T_DUPLICATE + ": " + quote(value), "");
  }

  /** field.TooLong(path, _, n) with the detail of apimachinery at `minor` (the value is never printed). */
  tooLong(path: string, n: i32, minor: i32): void {
    const detail = minor <= 16 ? "must have at most " + n.toString() + " characters" : minor <= 31 ? "must have at most " + n.toString() + " bytes" : "may not be more than " + n.toString() + " bytes";
    this.add(new FieldError(path, T_TOO_LONG, T_TOO_LONG + ": " + detail));
  }

  /** Appends every error of `o`. */
  addAll(o: ErrList): void {
    for (let i = 0; i < o.list.length; i++) this.add(o.list[i]);
    if (o.over) this.over = true;
  }

  private push(path: string, type: string, head: string, detail: string): void {
    if (this.over) return;
    this.add(new FieldError(path, type, detail.length > 0 ? head + ": " + detail : head));
  }

  /** ErrorList.ToAggregate().Error() ("" when the list is empty). */
  aggregate(): string {
    const seen = new Set<string>();
    const msgs = new Array<string>();
    for (let i = 0; i < this.list.length; i++) {
      const m = this.list[i].text();
      if (seen.has(m)) continue;
      seen.add(m);
      msgs.push(m);
    }
    if (msgs.length == 0) return "";
    if (msgs.length == 1) return msgs[0];
    return "[" + joinStrings(msgs, ", ") + "]";
  }
}
