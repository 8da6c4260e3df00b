// The documents of the patch ops read from a request (json/document.ts): the raw text of a JSON value
// field `x` as it is in the request line, the decoded content of `xText`, the out-of-line bytes of an
// `evaluateDocs` call, or no bytes at all (Go's nil slice) when none is given.

import { ByteSink } from "../../io/sink";
import { Request } from "./request";
import { K_NULL, K_STRING } from "../../json/tape";
import { unquote } from "../../json/strings";
import { DocInput } from "../../json/document";
import { fail, E_BAD_REQUEST } from "../../base/errors";

/** True when `name` is an op's first document field (`from`, `document`, `original`). */
function firstDoc(name: string): bool { return name == "from" || name == "document" || name == "original"; }

/** True when `name` is an op's second document field (`to`, `patch`, `modified`). */
function secondDoc(name: string): bool { return name == "to" || name == "patch" || name == "modified"; }

/** The out-of-line document standing for field `name`; null with E_BAD_REQUEST when the request also has the field. */
function docBytes(req: Request, name: string): DocInput | null {
  const first = firstDoc(name);
  const d = new DocInput();
  d.name = name;
  if (req.field(name) >= 0 || req.field(name + "Text") >= 0) {
    fail(E_BAD_REQUEST, "field \"" + name + "\" is given as document bytes and in the request", -1, name);
    return null;
  }
  const docs = req.docs!;
  const n = first ? docs.aLen : docs.bLen;
  if (n < 0) return d;
  d.present = true;
  d.ptr = first ? docs.aPtr : docs.bPtr;
  d.len = n;
  return d;
}

/**
 * Reads document field `name` (or `nameText`). Returns null with E_BAD_REQUEST recorded when both
 * are given or the text field is not a string. Same checks, in the same order, as the oracle.
 */
export function docField(req: Request, name: string): DocInput | null {
  if (req.docs !== null && (firstDoc(name) || secondDoc(name))) return docBytes(req, name);
  const d = new DocInput();
  d.name = name;
  const t = req.tape;
  const direct = req.field(name);
  const textName = name + "Text";
  const ti = req.field(textName);
  const hasText = ti >= 0 && t.kind(ti) != K_NULL;
  if (direct >= 0 && hasText) {
    fail(E_BAD_REQUEST, "fields \"" + name + "\" and \"" + textName + "\" are mutually exclusive", -1, name);
    return null;
  }
  if (direct >= 0) {
    d.present = true;
    d.direct = true;
    d.tape = t;
    d.node = direct;
    d.base = t.rawStart(direct);
    return d;
  }
  if (!hasText) return d;
  if (t.kind(ti) != K_STRING) {
    fail(E_BAD_REQUEST, "field \"" + textName + "\" must be a string", -1, textName);
    return null;
  }
  const b = new ByteSink(t.len(ti) + 4);
  unquote(b, t.ptr(ti), t.len(ti), true);
  d.present = true;
  d.ptr = b.ptr;
  d.len = b.len;
  return d;
}
