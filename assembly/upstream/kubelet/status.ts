// Reads the request's `podStatus` (the runtime's view of a pod, kubecontainer.PodStatus) from the
// request tape: {sandboxes: [{id, attempt, ready, network, ip}], containers: [{id, name, state,
// exitCode, reason, hash, hashWithoutResources, restartCount, liveness, startup, sandbox}]}, newest
// first. Unknown members and wrong types are E_BAD_REQUEST naming the path.

import { ByteSink } from "../../io/sink";
import { Tape, K_STRING, K_OBJECT, K_ARRAY, K_NUMBER, K_TRUE, K_FALSE, K_NULL, F_INT } from "../../json/tape";
import { unquote } from "../../json/strings";
import { fail, hasError, E_BAD_REQUEST } from "../../base/errors";
import {
  KPodStatus, KSandbox, KStatus, CS_CREATED, CS_RUNNING, CS_EXITED, CS_UNKNOWN,
  NS_POD, NS_CONTAINER, NS_NODE, NS_TARGET, PROBE_NONE, PROBE_SUCCESS, PROBE_FAILURE,
} from "./model";

/** The decoded text of string node k. */
function keyText(t: Tape, k: i32): string {
  const d = new ByteSink(t.len(k) + 4);
  unquote(d, t.ptr(k), t.len(k), false);
  return String.UTF8.decodeUnsafe(d.ptr, <usize>d.len);
}

/** Records E_BAD_REQUEST for `path`. */
function bad(path: string, msg: string): bool {
  return fail(E_BAD_REQUEST, "\"" + path + "\" " + msg, -1, path);
}

/** A string member; null with an error otherwise. */
function strOf(t: Tape, v: i32, path: string): string | null {
  if (t.kind(v) != K_STRING) { bad(path, "must be a string"); return null; }
  return keyText(t, v);
}

/** An integer member within [lo, hi]; 0 with an error otherwise. */
function intOf(t: Tape, v: i32, path: string, lo: i64, hi: i64): i64 {
  if (t.kind(v) != K_NUMBER || !(t.flags(v) & F_INT) || t.len(v) > 19) { bad(path, "must be an integer"); return 0; }
  const p = t.ptr(v);
  const n = t.len(v);
  const neg = load<u8>(p) == 0x2d;
  let x: u64 = 0;
  for (let j = neg ? 1 : 0; j < n; j++) {
    const d = <u64>(load<u8>(p + <usize>j) - 0x30);
    if (x > (<u64>0xffffffffffffffff - d) / 10) { bad(path, "is out of range"); return 0; }
    x = x * 10 + d;
  }
  if ((!neg && x > <u64>hi) || (neg && x > <u64>(-lo))) { bad(path, "is out of range"); return 0; }
  return neg ? -(<i64>x) : <i64>x;
}

/** A boolean member; false with an error otherwise. */
function boolOf(t: Tape, v: i32, path: string): bool {
  const k = t.kind(v);
  if (k == K_TRUE) return true;
  if (k != K_FALSE) bad(path, "must be a boolean");
  return false;
}

/** strconv.ParseUint(s, 16, 64) of a stored hash annotation; false when it is not one. */
function parseHex(s: string, out: StaticArray<u64>): bool {
  if (s.length == 0 || s.length > 16) return false;
  let x: u64 = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let d = -1;
    if (c >= 0x30 && c <= 0x39) d = c - 0x30;
    else if (c >= 0x61 && c <= 0x66) d = c - 0x61 + 10;
    else if (c >= 0x41 && c <= 0x46) d = c - 0x41 + 10;
    if (d < 0) return false;
    x = (x << 4) | <u64>d;
  }
  out[0] = x;
  return true;
}

/** A probe result member ("success" | "failure"). */
function probeOf(t: Tape, v: i32, path: string): i32 {
  const s = strOf(t, v, path);
  if (s === null) return PROBE_NONE;
  if (s == "success") return PROBE_SUCCESS;
  if (s == "failure") return PROBE_FAILURE;
  bad(path, "must be \"success\" or \"failure\"");
  return PROBE_NONE;
}

/** One sandbox status object. */
function readSandbox(t: Tape, obj: i32, path: string): KSandbox | null {
  if (t.kind(obj) != K_OBJECT) { bad(path, "must be an object"); return null; }
  const s = new KSandbox();
  const n = t.children(obj);
  let k = obj + 1;
  for (let m = 0; m < n && !hasError(); m++) {
    const v = t.next(k);
    const name = keyText(t, k);
    const p = path + "." + name;
    if (t.kind(v) != K_NULL) {
      if (name == "id") { const x = strOf(t, v, p); if (x !== null) s.id = x; }
      else if (name == "attempt") s.attempt = <u32>intOf(t, v, p, 0, 4294967295);
      else if (name == "ready") s.ready = boolOf(t, v, p);
      else if (name == "ip") { const x = strOf(t, v, p); if (x !== null) s.ip = x; }
      else if (name == "network") {
        const x = strOf(t, v, p);
        if (x == "POD") s.network = NS_POD;
        else if (x == "CONTAINER") s.network = NS_CONTAINER;
        else if (x == "NODE") s.network = NS_NODE;
        else if (x == "TARGET") s.network = NS_TARGET;
        else if (x !== null) bad(p, "must be POD, CONTAINER, NODE or TARGET");
      } else bad(p, "is not a known member");
    }
    k = t.next(v);
  }
  return hasError() ? null : s;
}

/** One container status object. */
function readContainer(t: Tape, obj: i32, path: string): KStatus | null {
  if (t.kind(obj) != K_OBJECT) { bad(path, "must be an object"); return null; }
  const s = new KStatus();
  let hasName = false;
  let hasState = false;
  const h = new StaticArray<u64>(1);
  const n = t.children(obj);
  let k = obj + 1;
  for (let m = 0; m < n && !hasError(); m++) {
    const v = t.next(k);
    const name = keyText(t, k);
    const p = path + "." + name;
    if (t.kind(v) != K_NULL) {
      if (name == "id") { const x = strOf(t, v, p); if (x !== null) s.id = x; }
      else if (name == "name") { const x = strOf(t, v, p); if (x !== null) { s.name = x; hasName = true; } }
      else if (name == "state") {
        const x = strOf(t, v, p);
        hasState = true;
        if (x == "created") s.state = CS_CREATED;
        else if (x == "running") s.state = CS_RUNNING;
        else if (x == "exited") s.state = CS_EXITED;
        else if (x == "unknown") s.state = CS_UNKNOWN;
        else if (x !== null) bad(p, "must be created, running, exited or unknown");
      } else if (name == "exitCode") s.exitCode = intOf(t, v, p, -2147483648, 2147483647);
      else if (name == "reason") { const x = strOf(t, v, p); if (x !== null) s.reason = x; }
      else if (name == "hash" || name == "hashWithoutResources") {
        const x = strOf(t, v, p);
        if (x !== null) {
          if (!parseHex(x, h)) bad(p, "must be a hexadecimal hash (as the container's hash annotation stores it)");
          else if (name == "hash") s.hash = h[0];
        }
      } else if (name == "restartCount") intOf(t, v, p, 0, 2147483647);
      else if (name == "liveness") s.liveness = probeOf(t, v, p);
      else if (name == "startup") s.startup = probeOf(t, v, p);
      else if (name == "sandbox") { const x = strOf(t, v, p); if (x !== null) s.sandbox = x; }
      else bad(p, "is not a known member");
    }
    k = t.next(v);
  }
  if (!hasError() && !hasName) bad(path + ".name", "is required");
  if (!hasError() && !hasState) bad(path + ".state", "is required");
  return hasError() ? null : s;
}

/** Reads podStatus node `obj` of tape `t`; null with an error recorded. */
export function readPodStatus(t: Tape, obj: i32): KPodStatus | null {
  const path = "podStatus";
  if (t.kind(obj) != K_OBJECT) { bad(path, "must be an object"); return null; }
  const st = new KPodStatus();
  const n = t.children(obj);
  let k = obj + 1;
  for (let m = 0; m < n && !hasError(); m++) {
    const v = t.next(k);
    const name = keyText(t, k);
    const p = path + "." + name;
    if (t.kind(v) != K_NULL) {
      if (name == "sandboxes" || name == "containers") {
        if (t.kind(v) != K_ARRAY) { bad(p, "must be an array"); break; }
        const c = t.children(v);
        let e = v + 1;
        for (let i = 0; i < c && !hasError(); i++) {
          const ep = p + "[" + i.toString() + "]";
          if (name == "sandboxes") { const s = readSandbox(t, e, ep); if (s !== null) st.sandboxes.push(s); }
          else { const s = readContainer(t, e, ep); if (s !== null) st.containers.push(s); }
          e = t.next(e);
        }
      } else bad(p, "is not a known member");
    }
    k = t.next(v);
  }
  return hasError() ? null : st;
}
