/**
 * The engine's known disagreements with a real kube-apiserver's `kubectl apply --dry-run=server` answers
 * (test/support/dryrun-check.ts). Each is checked, not assumed: a case counts as explained only when the stated
 * cause, put right, leaves no disagreement.
 *
 * - `DefaultTolerationSeconds`: a kubeadm cluster's DefaultTolerationSeconds admission plugin runs on pod updates
 *   too and appends the `node.kubernetes.io/not-ready` / `unreachable` NoExecute tolerations (300 s) a pod no longer
 *   has; kubectl apply replaces the whole `tolerations` list (no merge key) and drops the ones the plugin added at
 *   creation, so the server sees them back while the engine, which runs no admission plugins, sees them removed
 *   ("existing toleration can not be modified"). Checked by applying the plugin to the patched pod.
 * - `patch strict decoding`: with `fieldValidation=Strict` an unknown field in a strategic merge patch is refused by
 *   the patch handler, whose text is ` "" is invalid: patch: Invalid value: "<the patch as a Go map>": strict decoding
 *   error: ...`; the verdict models an update (PUT), refused with the decoder's `<Kind> in version "v1" cannot be
 *   handled as a <Kind>: strict decoding error: ...`. Checked by the part after "strict decoding error: ".
 * - `claim template apiVersion/kind`: the server writes a StatefulSet through its v1 conversion, which sets
 *   `apiVersion: v1` and `kind: PersistentVolumeClaim` on each volumeClaimTemplate
 *   (Convert_apps_StatefulSetSpec_To_v1_StatefulSetSpec); `k8s.json` decodes, defaults and marshals the v1 struct
 *   without that round trip. Checked by adding them to the engine's object.
 */

import { checkDryRun, firstDifference, patchedObject, type DryRunRecord, type Evaluate, type Mismatch } from "./dryrun-check.ts";

/** The engine's disagreements with one record, split into the known ones (by name) and the rest. */
export interface Explained {
  known: string[];
  unexplained: Mismatch[];
}

const NOT_READY = { key: "node.kubernetes.io/not-ready", operator: "Exists", effect: "NoExecute", tolerationSeconds: 300 };
const UNREACHABLE = { key: "node.kubernetes.io/unreachable", operator: "Exists", effect: "NoExecute", tolerationSeconds: 300 };

/** plugin/pkg/admission/defaulttolerationseconds: the two tolerations appended unless one tolerates the taint already. */
export function defaultTolerationSeconds(podText: string): string {
  const pod = JSON.parse(podText);
  const tol: any[] = pod.spec?.tolerations ?? [];
  const tolerates = (key: string) => tol.some((t) => (t.key === key || !t.key) && (t.effect === "NoExecute" || !t.effect));
  const add = [...(tolerates(NOT_READY.key) ? [] : [NOT_READY]), ...(tolerates(UNREACHABLE.key) ? [] : [UNREACHABLE])];
  if (add.length === 0) return podText;
  pod.spec.tolerations = [...tol, ...add];
  return JSON.stringify(pod);
}

const STRICT = "strict decoding error: ";

/** Whether a message mismatch is the patch handler's strict-decoding text for the same error the engine names. */
function strictPatchText(m: Mismatch): boolean {
  if (m.aspect !== "message" || typeof m.server !== "string" || typeof m.engine !== "string") return false;
  const s = /^ "" is invalid: patch: Invalid value: "[\s\S]*?": (strict decoding error: [\s\S]*)$/.exec(m.server);
  const e = m.engine.indexOf(STRICT);
  return s !== null && e >= 0 && m.engine.slice(e) === s[1];
}

/** Whether the defaulted StatefulSets differ only by the claim templates' apiVersion/kind the v1 conversion sets. */
function claimTypeMeta(rec: DryRunRecord, minor: string, evaluate: Evaluate): boolean {
  const text = patchedObject(rec, minor, evaluate).text;
  if (rec.kind !== "StatefulSet" || text === undefined) return false;
  const d = evaluate({ op: "k8s.json", type: rec.kind, kubernetes: minor, valueText: text, applyDefaults: true });
  if (!d.ok) return false;
  const spec = JSON.parse(d.result.json).spec;
  spec.volumeClaimTemplates = spec.volumeClaimTemplates?.map((c: object) => ({ kind: "PersistentVolumeClaim", apiVersion: "v1", ...c }));
  return firstDifference(JSON.parse(rec.apply.response).spec, spec) === undefined;
}

/** Checks one record and names the known disagreements among what the engine answers differently. */
export function explainDryRun(rec: DryRunRecord, minor: string, evaluate: Evaluate): Explained {
  let ms = checkDryRun(rec, minor, evaluate);
  const known: string[] = [];
  if (ms.length > 0 && rec.kind === "Pod") {
    const admitted = checkDryRun(rec, minor, evaluate, defaultTolerationSeconds);
    if (admitted.length < ms.length) known.push("DefaultTolerationSeconds");
    ms = admitted;
  }
  const unexplained: Mismatch[] = [];
  for (const m of ms) {
    if (strictPatchText(m)) known.push("patch strict decoding");
    else if (m.aspect === "defaults" && claimTypeMeta(rec, minor, evaluate)) known.push("claim template apiVersion/kind");
    else unexplained.push(m);
  }
  return { known, unexplained };
}
