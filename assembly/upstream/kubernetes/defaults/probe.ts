// Defaults of probes and lifecycle handlers (k8s.io/kubernetes pkg/apis/core/v1 SetDefaults_Probe,
// SetDefaults_HTTPGetAction, and the generated `+default` of GRPCAction.Service, 1.23+). The handler is the
// embedded `Handler` (≤1.22) or `ProbeHandler` (1.23+) of a Probe, and `*Handler` / `*LifecycleHandler` in
// Lifecycle; both spellings are looked up so one code path serves every minor.

import { StructV } from "../../../typed/value";
import { ptrStruct, structField, intOf, setInt, strEmpty, setStr, isNil, setPtrStr, has } from "./tree";

/** SetDefaults_HTTPGetAction: path "/" and scheme "HTTP". */
export function defaultHTTPGet(h: StructV): void {
  if (strEmpty(h, "Path")) setStr(h, "Path", "/");
  if (strEmpty(h, "Scheme")) setStr(h, "Scheme", "HTTP");
}

/** The embedded handler struct of probe `p` (ProbeHandler or Handler). */
function probeHandler(p: StructV): StructV | null {
  if (has(p, "ProbeHandler")) return structField(p, "ProbeHandler");
  return structField(p, "Handler");
}

/** SetDefaults_Probe plus the handler defaults the generated code applies inside it (`grpc`: the gRPC service's too). */
export function defaultProbe(p: StructV, grpc: bool = true): void {
  if (intOf(p, "TimeoutSeconds") == 0) setInt(p, "TimeoutSeconds", 1);
  if (intOf(p, "PeriodSeconds") == 0) setInt(p, "PeriodSeconds", 10);
  if (intOf(p, "SuccessThreshold") == 0) setInt(p, "SuccessThreshold", 1);
  if (intOf(p, "FailureThreshold") == 0) setInt(p, "FailureThreshold", 3);
  const h = probeHandler(p);
  if (h === null) return;
  const g = ptrStruct(h, "HTTPGet");
  if (g !== null) defaultHTTPGet(g);
  const r = grpc ? ptrStruct(h, "GRPC") : null;
  if (r !== null && isNil(r, "Service")) setPtrStr(r, "Service", "");
}

/** The probes (liveness, readiness, startup) and lifecycle hooks of container `c` (`grpc`: as defaultProbe). */
export function defaultContainerProbes(c: StructV, grpc: bool = true): void {
  const names: StaticArray<string> = ["LivenessProbe", "ReadinessProbe", "StartupProbe"];
  for (let k = 0; k < names.length; k++) {
    const p = ptrStruct(c, names[k]);
    if (p !== null) defaultProbe(p, grpc);
  }
  const l = ptrStruct(c, "Lifecycle");
  if (l === null) return;
  const hooks: StaticArray<string> = ["PostStart", "PreStop"];
  for (let k = 0; k < hooks.length; k++) {
    const h = ptrStruct(l, hooks[k]);
    if (h === null) continue;
    const g = ptrStruct(h, "HTTPGet");
    if (g !== null) defaultHTTPGet(g);
  }
}
