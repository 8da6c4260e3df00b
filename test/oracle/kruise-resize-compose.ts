// The API server's answer to the resize OpenKruise sends to each pod of an in-place update (v1.9.0 with
// InPlaceWorkloadVerticalScaling on servers from 1.32), composed from the real code: the controller's resize patch and
// the pod it applies to (`kruise.verdictPod` in the Kruise build: `resize`, `stored`), then the server of the request's
// `serverVersion` (default: the newest minor, as the engine) in its kube build: `smp.apply` of the patch over the
// stored pod (StrategicMergePatch over its v1.Pod) and `pod.validateResize` (404 without InPlacePodVerticalScaling,
// else the resize strategy's validation) under the request's `serverGates`. Shared by the verdict suites.

import { runOracle } from "./run.ts";
import { MINORS } from "./k8s/versions.ts";

/** The newest Kubernetes minor: the engine's default `serverVersion` for the Kruise kinds. */
export const NEWEST_SERVER = MINORS[MINORS.length - 1]!.minor;

/** What the server answers: accepted ("" rejection), or refused with its text. */
export type ResizeAnswer = { rejection: string };

/** One in-place update the controller resizes: the request's server fields and the oracle's `resize` / `stored`. */
export type ResizeAsk = { serverVersion?: string; serverGates?: Record<string, boolean>; resize: unknown; stored: unknown };

/** The server's answers to `asks`, in order. */
export async function resizeAnswers(asks: ResizeAsk[]): Promise<ResizeAnswer[]> {
  if (asks.length === 0) return [];
  const server = (a: ResizeAsk) => a.serverVersion ?? NEWEST_SERVER;
  // no `go`: the server minor's own release Go (naming it would be refused where the pinned patch's go.mod asks for a
  // newer Go than the x.y.0 release was built with: 1.34.12 says go 1.25, 1.34.0 was built with Go 1.24)
  const patched = (await runOracle(asks.map((a) => JSON.stringify({ op: "smp.apply", type: "Pod", kubernetes: server(a), originalText: JSON.stringify(a.stored), patchText: JSON.stringify(a.resize) })))).map((l) => JSON.parse(l));
  const lines = asks.map((a, i) => {
    const p = patched[i];
    if (!p.ok) throw new Error(`smp.apply failed: ${JSON.stringify(p).slice(0, 300)}`);
    return JSON.stringify({ op: "pod.validateResize", kubernetes: server(a), oldText: JSON.stringify(a.stored), newText: typeof p.result.document === "string" ? p.result.document : JSON.stringify(p.result.document), ...(a.serverGates ? { gates: a.serverGates } : {}) });
  });
  return (await runOracle(lines)).map((l, i) => {
    const a = JSON.parse(l);
    if (!a.ok && a.error.code === "E_NOT_FOUND") return { rejection: a.error.message };
    if (!a.ok) throw new Error(`pod.validateResize failed: ${l.slice(0, 300)} for ${lines[i]!.slice(0, 300)}`);
    return { rejection: a.result.errors.length > 0 ? a.result.message : "" };
  });
}
