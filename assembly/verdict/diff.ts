// The diff the verdict and user policies judge: appscode/jsonpatch CreatePatch (the library Kruise diffs
// revisions with) between the stored JSON of the old and the new object, read back as operations with
// their JSON pointers and values.

import { ByteSink } from "../io/sink";
import { Tape, K_OBJECT } from "../json/tape";
import { readJSON, ReadOptions } from "../json/reader";
import { appscodeDiff, AppscodeOptions } from "../upstream/jsonpatch/appscode";
import { member, stringAt } from "../stored/stored";
import { K8S_NEWEST_GO } from "../base/pins";

/** The operations of one diff: op name, path, and the value node on `tape` (-1 for remove). */
export class DiffOps {
  /** The patch as CreatePatch marshals it (a JSON array). */
  text: ByteSink = new ByteSink(16);
  tape: Tape | null = null;
  ops: Array<string> = new Array<string>();
  paths: Array<string> = new Array<string>();
  values: Array<i32> = new Array<i32>();

  /** Number of operations. */
  get length(): i32 { return this.ops.length; }
}

/** CreatePatch(old node `a` of `ta`, new node `b` of `tb`) as Go `go` marshals it; null with an error recorded. */
export function diffNodes(ta: Tape, a: i32, tb: Tape, b: i32, go: i32): DiffOps | null {
  const opts = new AppscodeOptions();
  opts.go22 = go >= 22;
  opts.go27 = go >= 27;
  opts.goMinor = go;
  const d = new DiffOps();
  if (!appscodeDiff(ta, a, tb, b, opts, d.text)) return null;
  const ro = new ReadOptions();
  ro.goMinor = K8S_NEWEST_GO;
  const t = readJSON(d.text.ptr, d.text.len, ro);
  if (t === null) return null;
  d.tape = t;
  const n = t.children(0);
  let e = 1;
  for (let i = 0; i < n; i++) {
    if (t.kind(e) == K_OBJECT) {
      const op = stringAt(t, member(t, e, "op"));
      const path = stringAt(t, member(t, e, "path"));
      d.ops.push(op === null ? "" : op);
      d.paths.push(path === null ? "" : path);
      d.values.push(member(t, e, "value"));
    }
    e = t.next(e);
  }
  return d;
}
