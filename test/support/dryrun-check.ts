/**
 * Holds the engine against a real kube-apiserver's answer to `kubectl apply --dry-run=server`: the object
 * kubectl read (`live`), the strategic merge patch it sent and the server's answer (status, body, Warning
 * headers), as test/live/dryrun.test.ts records them and test/fixtures/apiserver/dryrun-1.37.jsonl.gz keeps them.
 *
 * The engine's side: `smp.apply` of the patch to the live object (what the server's patch handler does) gives
 * the object the update carries; the `verdict` of live → that object (fieldValidation as the request's query
 * named it) must be `rejected` exactly when the server refused, with the server's Status message as
 * `rejection` (the go-cmp diff kube-apiserver appends to a Pod's `spec: Forbidden` error, randomized upstream,
 * and the engine's `kinplace: changed` line stand for each other), its Warning headers as `warnings`, and, when
 * accepted, the server's `spec` as `k8s.json` with `applyDefaults` writes it. The verdict of a Pod's change as a
 * user asks it (`resizeVerdict`: without the last-applied annotation kubectl rewrites) may send it to the `resize`
 * subresource: then the server's answer to the verdict's `patches.strategic` sent there (`resize`) must be the
 * verdict's; kubectl apply itself sends a pod update, held against the verdict (or `pod.validateUpdate` when the
 * verdict would route that update to the subresource).
 */

/** The answer of one request as kubectl saw it. */
export interface ServerAnswer {
  /** raw request body (the patch) */
  patch: string;
  /** the request's query string (dryRun, fieldManager, fieldValidation) */
  query: string;
  status: number;
  /** raw response body: the object, or a Status */
  response: string;
  warnings: string[];
}

/** One recorded case: kubectl apply --dry-run=server of an edit of an object created for real. */
export interface DryRunRecord {
  id: string;
  kind: "Deployment" | "StatefulSet" | "DaemonSet" | "ReplicaSet" | "Pod";
  source: string;
  edits?: string[];
  /** the raw body of the GET kubectl made before patching (the stored object) */
  live: string;
  apply: ServerAnswer;
  /** Pods whose change the verdict sends to pods/resize (`resizeVerdict`): the server's answer to its patch there */
  resize?: ServerAnswer;
}

/** What the engine answers to one eval request (the project's `evaluate`). */
export type Evaluate = (request: Record<string, unknown>) => { ok: boolean; result?: any; error?: { code: string; message: string; path?: string } };

/** One disagreement: which part, and both sides. */
export interface Mismatch {
  aspect: "patch" | "outcome" | "message" | "warnings" | "defaults" | "resize-patch";
  /** where the defaulted objects differ (aspect "defaults") */
  path?: string;
  server: unknown;
  engine: unknown;
}

/** The engine's view of one request's outcome. */
interface Outcome {
  refused: boolean;
  message: string;
  /** "field: body" texts of the errors (to cut the diffs out of `message`) */
  errors: string[];
  warnings: string[] | undefined;
}

const FORBIDDEN_HEAD = "Forbidden: pod updates may not change fields other than ";

/** A message with every multi-line error text in `errors` cut after its first line (the diffs neither side can reproduce). */
function cutDiffs(message: string, errors: string[]): string {
  let out = message;
  for (const e of errors) {
    const nl = e.indexOf("\n");
    if (nl >= 0 && e.includes(FORBIDDEN_HEAD)) out = out.split(e).join(e.slice(0, nl) + "\n<diff>");
  }
  return out;
}

/** The server's outcome of an answer. */
function serverOutcome(a: ServerAnswer): Outcome {
  if (a.status >= 200 && a.status < 300) return { refused: false, message: "", errors: [], warnings: a.warnings };
  let status: any;
  try {
    status = JSON.parse(a.response);
  } catch {
    status = { message: a.response };
  }
  const errors = (status.details?.causes ?? []).map((c: any) => (c.field ? `${c.field}: ${c.message}` : String(c.message)));
  return { refused: true, message: String(status.message ?? ""), errors, warnings: a.warnings };
}

/** The engine's outcome of a verdict answer (or of its error). */
function verdictOutcome(v: ReturnType<Evaluate>): Outcome {
  if (!v.ok) return { refused: true, message: v.error!.message, errors: [], warnings: [] };
  const r = v.result;
  const errors = (r.reasons ?? []).filter((x: any) => x.effect === "rejected").map((x: any) => String(x.message));
  return { refused: r.verdict === "rejected", message: r.rejection ?? "", errors, warnings: r.warnings ?? [] };
}

/** Compares two outcomes into `out`. */
function compareOutcomes(server: Outcome, engine: Outcome, out: Mismatch[]): void {
  if (server.refused !== engine.refused) {
    out.push({ aspect: "outcome", server: server.refused ? `refused: ${server.message}` : "accepted", engine: engine.refused ? `refused: ${engine.message}` : "accepted" });
    return;
  }
  if (server.refused) {
    const s = cutDiffs(server.message, server.errors);
    const e = cutDiffs(engine.message, engine.errors);
    if (s !== e) out.push({ aspect: "message", server: s, engine: e });
  }
  if (engine.warnings !== undefined && JSON.stringify(server.warnings) !== JSON.stringify(engine.warnings)) out.push({ aspect: "warnings", server: server.warnings, engine: engine.warnings });
}

/** The first path at which two JSON values differ (member order included) and the values there, or undefined. */
export function firstDifference(a: unknown, b: unknown, path = ""): { path: string; a: unknown; b: unknown } | undefined {
  if (JSON.stringify(a) === JSON.stringify(b)) return undefined;
  if (a && b && typeof a === "object" && typeof b === "object" && Array.isArray(a) === Array.isArray(b)) {
    const ka = Object.keys(a), kb = Object.keys(b);
    if (ka.join("\0") !== kb.join("\0")) return { path: path || "/", a: ka, b: kb };
    for (const k of ka) {
      const d = firstDifference((a as any)[k], (b as any)[k], `${path}/${k}`);
      if (d) return d;
    }
  }
  return { path: path || "/", a, b };
}

/** The fieldValidation a request's query names (the server's default, Warn, when none). */
function fieldValidationOf(query: string): string {
  return /(?:^|&)fieldValidation=(\w+)/.exec(query)?.[1] ?? "Warn";
}

const LAST_APPLIED = "kubectl.kubernetes.io/last-applied-configuration";

/**
 * The verdict of a Pod change as a user asks it (the patched pod with the stored last-applied annotation: kubectl
 * apply rewrites it, a resize would not) and, when the verdict sends it to pods/resize, the patch it sends there
 * (`patches.strategic`); undefined when it does not.
 */
export function resizeVerdict(live: string, patched: string, minor: string, evaluate: Evaluate): { verdict: ReturnType<Evaluate>; patch: string } | undefined {
  const l = JSON.parse(live), p = JSON.parse(patched);
  const a = l.metadata?.annotations?.[LAST_APPLIED];
  if (a === undefined) delete p.metadata?.annotations?.[LAST_APPLIED];
  else (p.metadata.annotations ??= {})[LAST_APPLIED] = a;
  const verdict = evaluate({ op: "verdict", kind: "Pod", kubernetes: minor, oldText: live, newText: JSON.stringify(p) });
  return verdict.ok && verdict.result.subresource === "resize" ? { verdict, patch: JSON.stringify(verdict.result.patches.strategic) } : undefined;
}

/** The object the update carries: the engine's `smp.apply` of the recorded patch to the live object (its error when it fails). */
export function patchedObject(rec: DryRunRecord, minor: string, evaluate: Evaluate): { text?: string; error?: unknown } {
  const patched = evaluate({ op: "smp.apply", type: rec.kind, kubernetes: minor, originalText: rec.live, patchText: rec.apply.patch });
  return patched.ok ? { text: patched.result.document } : { error: patched.error };
}

/**
 * The engine's disagreements with one recorded case (empty: it agrees on everything). `admit` stands for a mutating
 * admission plugin the engine does not run: it rewrites the patched object before the engine sees it.
 */
export function checkDryRun(rec: DryRunRecord, minor: string, evaluate: Evaluate, admit: (text: string) => string = (t) => t): Mismatch[] {
  const out: Mismatch[] = [];
  const server = serverOutcome(rec.apply);
  const patched = patchedObject(rec, minor, evaluate);
  if (patched.text === undefined) {
    out.push({ aspect: "patch", server: server.refused ? server.message : "applied", engine: patched.error });
    return out;
  }
  const newText = admit(patched.text);
  const verdict = evaluate({ op: "verdict", kind: rec.kind, kubernetes: minor, oldText: rec.live, newText, fieldValidation: fieldValidationOf(rec.apply.query) });
  let engine: Outcome;
  if (verdict.ok && verdict.result.subresource === "resize") {
    // the verdict would send this to pods/resize; kubectl apply sends a pod update: pod.validateUpdate's answer
    const pu = evaluate({ op: "pod.validateUpdate", kubernetes: minor, oldText: rec.live, newText });
    engine = pu.ok
      ? { refused: pu.result.message !== "", message: `Pod ${JSON.stringify(JSON.parse(rec.live).metadata.name)} is invalid: ${pu.result.message}`, errors: pu.result.errors.map((e: any) => `${e.field}: ${e.message}`), warnings: undefined }
      : { refused: true, message: pu.error!.message, errors: [], warnings: undefined };
  } else engine = verdictOutcome(verdict);
  compareOutcomes(server, engine, out);
  if (!server.refused && out.length === 0) {
    const d = evaluate({ op: "k8s.json", type: rec.kind, kubernetes: minor, valueText: newText, applyDefaults: true });
    if (!d.ok) out.push({ aspect: "defaults", server: "accepted", engine: d.error });
    else {
      const spec = JSON.parse(d.result.json).spec;
      // the pod strategy's PrepareForUpdate (1.37+, PodLevelResourcesFixDefaulting on by default) keeps the stored
      // pod-level resources of an update that has none (the verdict's reasons call them kept)
      const stored = JSON.parse(rec.live).spec;
      if (rec.kind === "Pod" && Number(minor.split(".")[1]) >= 37 && spec.resources === undefined && stored?.resources !== undefined) spec.resources = stored.resources;
      const diff = firstDifference(JSON.parse(rec.apply.response).spec, spec, "/spec");
      if (diff) out.push({ aspect: "defaults", path: diff.path, server: diff.a, engine: diff.b });
    }
  }
  if (rec.kind === "Pod") {
    const rv = resizeVerdict(rec.live, newText, minor, evaluate);
    if (rv === undefined) {
      if (rec.resize) out.push({ aspect: "resize-patch", server: rec.resize.patch, engine: "not sent to pods/resize" });
    } else if (!rec.resize) out.push({ aspect: "resize-patch", server: "no resize recorded", engine: rv.patch });
    else if (rec.resize.patch !== rv.patch) out.push({ aspect: "resize-patch", server: rec.resize.patch, engine: rv.patch });
    else compareOutcomes(serverOutcome(rec.resize), verdictOutcome(rv.verdict), out);
  }
  return out;
}
