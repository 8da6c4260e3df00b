// Ops `json.go` {value|valueText, go?} → {json} and `json.jcs` {value|valueText} → {json}.

import { Request } from "../request";
import { ResultWriter } from "../response";
import { ByteSink } from "../../io/sink";
import { writeCanonical, WriteOptions, MODE_GO, MODE_JCS } from "../../json/writer";
import { writeJSONString } from "../../json/strings";
import { GO_MIN, GO_MAX, GO_DEFAULT } from "../../versions";

/** Go json.Marshal of the value decoded into interface{}, for the requested Go release. */
export function opJSONGo(req: Request, res: ResultWriter): bool {
  const go = req.goMinor(GO_DEFAULT, GO_MIN, GO_MAX);
  if (go < 0) return false;
  return writeJSONResult(req, res, MODE_GO, go);
}

/** RFC 8785 canonical form of the value. */
export function opJSONJcs(req: Request, res: ResultWriter): bool {
  // the text is checked by the newest Go's decoder whatever "go" says (the field is not this op's)
  req.opts.goMinor = GO_DEFAULT;
  return writeJSONResult(req, res, MODE_JCS, GO_DEFAULT);
}

function writeJSONResult(req: Request, res: ResultWriter, mode: i32, go: i32): bool {
  const v = req.value("value");
  if (v === null) return false;
  const opts = new WriteOptions();
  opts.mode = mode;
  opts.go22 = go >= 22;
  opts.goMinor = go;
  opts.base = v.base;
  const tmp = new ByteSink(v.tape.srcLen + 16);
  if (!writeCanonical(v.tape, v.node, tmp, opts)) return false;
  writeJSONString(res.key("json"), tmp.ptr, tmp.len);
  return true;
}
