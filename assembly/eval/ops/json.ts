// Ops `json.go` {value|valueText, go?} → {json} and `json.jcs` {value|valueText} → {json}.

import { Request } from "./request";
import { ResultWriter } from "../../json/resultwriter";
import { ByteSink } from "../../io/sink";
import { writeCanonical, WriteOptions, MODE_GO } from "../../json/writer";
import { writeJCS } from "../../json/jcs";
import { writeJSONString } from "../../json/strings";
import { GO_MIN, GO_MAX, GO_DEFAULT } from "../../base/pins";

/** Go json.Marshal of the value decoded into interface{}, for the requested Go release. */
export function opJSONGo(req: Request, res: ResultWriter): bool {
  const go = req.goMinor(GO_DEFAULT, GO_MIN, GO_MAX);
  if (go < 0) return false;
  return writeGoResult(req, res, go);
}

/** RFC 8785 canonical form of the value, as github.com/gowebpki/jcs gives it. */
export function opJSONJcs(req: Request, res: ResultWriter): bool {
  // the text is checked by the newest Go's decoder whatever "go" says (the field is not this op's)
  req.opts.goMinor = GO_DEFAULT;
  const v = req.value("value");
  if (v === null) return false;
  const t = v.tape;
  // the library is handed the value's own bytes: a direct value ends with its text, a `valueText`
  // string with its last byte (trailing white space included)
  const inputEnd = t === req.tape ? t.rawEnd(v.node) : t.srcLen;
  const tmp = new ByteSink(t.srcLen + 16);
  if (!writeJCS(t, v.node, inputEnd, tmp)) return false;
  writeJSONString(res.key("json"), tmp.ptr, tmp.len);
  return true;
}

/** Writes {"json": ...} with the Go writer for release `go`. */
function writeGoResult(req: Request, res: ResultWriter, go: i32): bool {
  const v = req.value("value");
  if (v === null) return false;
  const opts = new WriteOptions();
  opts.mode = MODE_GO;
  opts.go22 = go >= 22;
  opts.goMinor = go;
  opts.base = v.base;
  const tmp = new ByteSink(v.tape.srcLen + 16);
  if (!writeCanonical(v.tape, v.node, tmp, opts)) return false;
  writeJSONString(res.key("json"), tmp.ptr, tmp.len);
  return true;
}
