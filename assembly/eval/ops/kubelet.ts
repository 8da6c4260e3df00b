// Ops `kubelet.podActions` {pod|podText, podStatus, kubelet?, gates?} → {killPod, createSandbox,
// sandboxID, attempt, nextInitContainerToStart, initContainersToStart, containersToStart,
// containersToKill: [{id, name, message, reason}], ephemeralContainersToStart} and
// `kubelet.readyCondition` {pod|podText, oldStatus?, kubelet?, gates?} → {type, status, reason, message,
// observedGeneration}: the kubelet's computePodActions and GeneratePodReadyCondition of kubelet minor
// 1.15-1.37 (assembly/upstream/kubelet). The pod is seen as the kubelet sees it: decoded by the API
// server, stored (json.Marshal), decoded again; container hashes are HashContainer of the minor.

import { ByteSink } from "../../io/sink";
import { fail, hasError, E_BAD_REQUEST, E_UNSUPPORTED_VERSION } from "../../base/errors";
import { readJSON, ReadOptions } from "../../json/reader";
import { K_OBJECT, K_TRUE, K_FALSE, K_NULL } from "../../json/tape";
import { unquote } from "../../json/strings";
import { Request, exactOf } from "./request";
import { ResultWriter } from "../../json/resultwriter";
import { decodeAt } from "../../typed/decodeat";
import { Val } from "../../typed/value";
import { marshalInto } from "../../upstream/kubernetes/hash";
import { k8sMinor, k8sValue } from "./k8sfields";
import { KubeletGates, defaultGates, setGate } from "../../upstream/kubelet/gates";
import { readPodStatus } from "../../upstream/kubelet/status";
import { kpodOf, readyInputOf, v1Type } from "../../upstream/kubelet/pod";
import { computePodActions } from "../../upstream/kubelet/actions";
import { generatePodReadyCondition } from "../../upstream/kubelet/ready";
import { PodActions } from "../../upstream/kubelet/model";
import { Value } from "../../json/value";
import { defaultGoOf, K8S_NEWEST_GO, K8S_MODELLED_MIN } from "../../base/pins";


/** Decode (API server), json.Marshal (stored), decode again (kubelet); null on error. */
function asStored(v: Value, ty: i32, minor: i32, go: i32): Val | null {
  const first = decodeAt(v.tape, v.node, ty, minor, go);
  if (hasError()) return null;
  const out = new ByteSink(v.tape.rawEnd(v.node) - v.tape.rawStart(v.node) + 64);
  if (!marshalInto(out, ty, first, go)) return null;
  const o = new ReadOptions();
  o.goMinor = K8S_NEWEST_GO;
  const t = readJSON(out.ptr, out.len, o);
  if (t === null) return null;
  return decodeAt(t, 0, ty, minor, go);
}

/** The `kubelet` minor (1.15-1.37); -1 with an error recorded. */
function kubeletMinor(req: Request): i32 {
  const k = k8sMinor(req, "kubelet");
  if (k < 0) return -1;
  if (k < K8S_MODELLED_MIN) {
    fail(E_UNSUPPORTED_VERSION, "the kubelet ops model kubelet 1." + K8S_MODELLED_MIN.toString() + " and newer, not \"1." + k.toString() + "\"", -1, "kubelet");
    return -1;
  }
  return k;
}

/** The minor's default gates with the request's `gates` {name: bool} applied in order; null on error. */
function kubeletGates(req: Request, k: i32): KubeletGates | null {
  const g = defaultGates(k);
  const i = req.field("gates");
  if (i < 0) return g;
  const t = req.tape;
  if (t.kind(i) == K_NULL) return g;
  if (t.kind(i) != K_OBJECT) { fail(E_BAD_REQUEST, "\"gates\" must be an object of booleans", -1, "gates"); return null; }
  const n = t.children(i);
  let kk = i + 1;
  for (let m = 0; m < n; m++) {
    const v = t.next(kk);
    const d = new ByteSink(t.len(kk) + 4);
    unquote(d, t.ptr(kk), t.len(kk), false);
    const name = String.UTF8.decodeUnsafe(d.ptr, <usize>d.len);
    if (t.kind(v) != K_TRUE && t.kind(v) != K_FALSE) { fail(E_BAD_REQUEST, "\"gates\" must be an object of booleans", -1, "gates"); return null; }
    const e = setGate(g, k, name, t.kind(v) == K_TRUE);
    if (e.length > 0) { fail(E_BAD_REQUEST, e, -1, "gates"); return null; }
    kk = t.next(v);
  }
  return g;
}

/** Writes a JSON array of integers. */
function writeInts(o: ByteSink, xs: Array<i32>): void {
  o.byte(0x5b);
  for (let i = 0; i < xs.length; i++) {
    if (i > 0) o.byte(0x2c);
    o.int(xs[i]);
  }
  o.byte(0x5d);
}

/** Byte-wise string order (Go's < on strings): the order containersToKill is written in. */
function cmpBytes(a: string, b: string): i32 {
  const x = String.UTF8.encode(a);
  const y = String.UTF8.encode(b);
  const n = min(x.byteLength, y.byteLength);
  const c = memory.compare(changetype<usize>(x), changetype<usize>(y), <usize>n);
  return c != 0 ? c : x.byteLength - y.byteLength;
}

/** Writes podActions as the op's result members. */
export function writePodActions(res: ResultWriter, pod: Array<string>, a: PodActions): void {
  res.bool("killPod", a.killPod);
  res.bool("createSandbox", a.createSandbox);
  res.str("sandboxID", a.sandboxID);
  res.uint("attempt", a.attempt);
  if (a.nextInit < 0) res.key("nextInitContainerToStart").ascii("null");
  else res.str("nextInitContainerToStart", pod[a.nextInit]);
  writeInts(res.key("initContainersToStart"), a.initToStart);
  writeInts(res.key("containersToStart"), a.toStart);
  const kills = a.kills.slice(0);
  kills.sort((x, y) => cmpBytes(x.id, y.id)); // the IDs are distinct (map keys)
  const o = res.key("containersToKill");
  o.byte(0x5b);
  for (let i = 0; i < kills.length; i++) {
    if (i > 0) o.byte(0x2c);
    const w = new ResultWriter(o);
    o.byte(0x7b);
    w.str("id", kills[i].id);
    w.str("name", kills[i].name);
    w.str("message", kills[i].message);
    w.str("reason", kills[i].reason);
    o.byte(0x7d);
  }
  o.byte(0x5d);
  writeInts(res.key("ephemeralContainersToStart"), a.ephemeralToStart);
}

/** `kubelet.podActions`: computePodActions of the kubelet minor. */
export function opKubeletPodActions(req: Request, res: ResultWriter): bool {
  const k = kubeletMinor(req);
  if (k < 0) return false;
  const g = kubeletGates(req, k);
  if (g === null) return false;
  const v = k8sValue(req, "pod");
  if (v === null) return false;
  const si = req.field("podStatus");
  if (si < 0) return fail(E_BAD_REQUEST, "missing \"podStatus\"", -1, "podStatus");
  const st = readPodStatus(req.tape, si);
  if (st === null) return false;
  const go = defaultGoOf(k);
  const pod = asStored(v, v1Type("v1.Pod", k), k, go);
  if (hasError()) return false;
  const exact = exactOf(req); // "spew": the struct-era container hashes from the spew text
  if (exact < 0) return false;
  const kp = kpodOf(k, pod, go, <u32>exact);
  if (kp === null) return false;
  const a = computePodActions(k, kp, st, g);
  const names = new Array<string>();
  for (let i = 0; i < kp.initContainers.length; i++) names.push(kp.initContainers[i].name);
  writePodActions(res, names, a);
  return true;
}

/** `kubelet.readyCondition`: GeneratePodReadyCondition of the kubelet minor. */
export function opKubeletReadyCondition(req: Request, res: ResultWriter): bool {
  const k = kubeletMinor(req);
  if (k < 0) return false;
  const g = kubeletGates(req, k);
  if (g === null) return false;
  const v = k8sValue(req, "pod");
  if (v === null) return false;
  const go = defaultGoOf(k);
  let old: Val | null = null;
  let hasOld = false;
  const oi = req.field("oldStatus");
  if (oi >= 0 && req.tape.kind(oi) != K_NULL) {
    hasOld = true;
    old = decodeAt(req.tape, oi, v1Type("v1.PodStatus", k), k, go);
    if (hasError()) return false;
  }
  const pod = asStored(v, v1Type("v1.Pod", k), k, go);
  if (hasError()) return false;
  const c = generatePodReadyCondition(k, readyInputOf(pod, hasOld, old), g);
  res.str("type", c.type);
  res.str("status", c.status);
  res.str("reason", c.reason);
  res.str("message", c.message);
  res.int("observedGeneration", c.observedGeneration);
  return true;
}
