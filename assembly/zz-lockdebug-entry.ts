export * from "./index";
import { lockstepReason, dbgPieces, dbgBytes, dbgLog } from "./patch/lockstep";
import { fastValue, fastValueEnd } from "./json/fastread";
export function lockReason(): i32 { return lockstepReason; }
export function lockLog(i: i32): i32 { return i < dbgLog.length ? dbgLog[i] : -1; }
export function dbgFast(ptr: usize, len: i32, hint: i32): i32 { const t = fastValue(ptr, len, 9994, hint); return t === null ? -1 : fastValueEnd; }
