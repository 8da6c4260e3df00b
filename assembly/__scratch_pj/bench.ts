import { readJSON, readJSONLike, ReadOptions } from "../json/reader";
import { appscodeDiff, AppscodeOptions } from "../patch/appscode";
import { writeMergeDiff } from "../patch/merge";
import { ByteSink } from "../io/sink";
let inPtr: usize = 0;
export function input(len: i32): usize { heap.reset(); inPtr = heap.alloc(<usize>len); return inPtr; }
export function run(lenA: i32, lenB: i32, what: i32, k: i32): i32 {
  const a = readJSON(inPtr, lenA, new ReadOptions())!;
  const b = readJSONLike(inPtr + <usize>lenA, lenB, new ReadOptions(), a)!;
  let n = 0;
  for (let i = 0; i < k; i++) {
    const out = new ByteSink(1024);
    if (what == 0) appscodeDiff(a, 0, b, 0, new AppscodeOptions(), out);
    else writeMergeDiff(a, 0, b, 0, true, out);
    n += out.len;
  }
  return n;
}
