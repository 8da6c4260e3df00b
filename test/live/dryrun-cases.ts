/**
 * Cases of the live dry-run suite: (old, new) manifest pairs of Deployments, StatefulSets, DaemonSets,
 * ReplicaSets and bare Pods, drawn from the project's generators — the verdict's realistic revision pairs
 * (test/oracle/verdict-edits.ts), the workload update edits upstream refuses or warns about
 * (test/oracle/workload-arbitraries.ts), the pod update edits (test/oracle/validate-arbitraries.ts) and the
 * resizes (test/oracle/resize-arbitraries.ts). The stored objects those generators draw become manifests: the
 * fields a server sets (uid, resourceVersion, generation, creationTimestamp, status) are dropped from the old
 * one and from the new one where the edit left them as they were (an edited uid stays: a manifest may carry
 * one); the new one never carries a resourceVersion (kubectl would send it as a precondition, a conflict the
 * engine does not model). Pairs whose edit renames or moves the object are not updates and are left out, as are
 * requests naming gates (the server runs with its defaults) or `applyDefaults: false`. Each case's object gets
 * a unique name (`<name>-<index>`).
 */

import fc from "fast-check";
import { pair } from "../oracle/verdict-edits.ts";
import { workloadRequest, WORKLOAD_KINDS } from "../oracle/workload-arbitraries.ts";
import { request as podRequest } from "../oracle/validate-arbitraries.ts";
import { resizeRequest } from "../oracle/resize-arbitraries.ts";

/** A JSON object. */
export type Obj = Record<string, any>;

/** The kinds the suite covers. */
export const DRYRUN_KINDS = ["Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "Pod"] as const;
export type DryRunKind = (typeof DRYRUN_KINDS)[number];

/** Which generator a case came from. */
export type CaseSource = "verdict-edits" | "workload" | "pod-update" | "pod-resize";

/** One case: create `old` for real, then `kubectl apply --dry-run=server` `new`. */
export interface DryRunCase {
  id: string;
  kind: DryRunKind;
  source: CaseSource;
  old: Obj;
  new: Obj;
  /** the edits' names where the generator gives them */
  edits?: string[];
}

const SERVER_SET = ["uid", "resourceVersion", "generation", "creationTimestamp"] as const;

/** The manifest of a stored object: without the fields the server sets. */
function manifestOf(stored: Obj): Obj {
  const m = structuredClone(stored);
  delete m.status;
  for (const k of SERVER_SET) delete m.metadata?.[k];
  return m;
}

/** The new manifest: server-set fields dropped where the edit kept them, resourceVersion always. */
function newManifestOf(edited: Obj, stored: Obj): Obj {
  const m = structuredClone(edited);
  delete m.status;
  if (m.metadata && typeof m.metadata === "object") {
    for (const k of SERVER_SET) if (k === "resourceVersion" || JSON.stringify(m.metadata[k]) === JSON.stringify(stored.metadata?.[k])) delete m.metadata[k];
  }
  return m;
}

/** Whether new is the same object as old (same name, and the same namespace or none: kubectl's default is old's namespace here). */
function sameObject(old: Obj, nu: Obj): boolean {
  return nu.metadata?.name === old.metadata?.name && (nu.metadata?.namespace ?? "default") === (old.metadata?.namespace ?? "default") && nu.kind === old.kind && nu.apiVersion === old.apiVersion;
}

/** Gives a case's two manifests their unique name. */
function named(c: Omit<DryRunCase, "id">, index: number): DryRunCase {
  const id = `${c.source}-${index}`;
  for (const o of [c.old, c.new]) o.metadata.name = `${o.metadata.name}-${index}`;
  return { id, ...c };
}

/** A request line of the oracle generators, read back into its (stored old, edited new) pair; undefined when it names gates or turns defaults off. */
function fromRequest(line: string): { old: Obj; new: Obj } | undefined {
  const r = JSON.parse(line) as Obj;
  if (r.gates !== undefined || r.applyDefaults === false) return undefined;
  const old = r.old ?? JSON.parse(r.oldText);
  const nu = r.new ?? JSON.parse(r.newText);
  // the generators drop apiVersion/kind now and then (the op's `kind` names it); a manifest needs them
  nu.apiVersion ??= old.apiVersion;
  nu.kind ??= old.kind;
  return { old, new: nu };
}

/** Cases per source and kind for one run: `perKind` pairs of each kind from each generator that has it. */
export function dryRunCases(perKind: number, seed: number, minor: string): DryRunCase[] {
  const out: Omit<DryRunCase, "id">[] = [];
  let s = seed;
  const sample = <T>(arb: fc.Arbitrary<T>, n: number): T[] => fc.sample(arb, { seed: s++, numRuns: n });
  for (const kind of DRYRUN_KINDS) {
    for (const p of sample(pair(kind), perKind)) out.push({ kind, source: "verdict-edits", old: p.old, new: p.new, edits: p.edits });
  }
  const fromStored = (kind: DryRunKind, source: CaseSource, lines: string[]) => {
    for (const l of lines) {
      const r = fromRequest(l);
      if (!r || !sameObject(r.old, r.new)) continue;
      const m = { kind, source, old: manifestOf(r.old), new: newManifestOf(r.new, r.old) };
      // a static pod's mirror references no service account (kube-apiserver refuses one that does)
      if (kind === "Pod" && r.old.metadata?.annotations?.["kubernetes.io/config.mirror"] !== undefined) {
        for (const f of ["serviceAccountName", "serviceAccount"]) {
          if (m.new.spec?.[f] === m.old.spec[f]) delete m.new.spec[f];
          delete m.old.spec[f];
        }
      }
      out.push(m);
    }
  };
  for (const kind of WORKLOAD_KINDS) fromStored(kind, "workload", sample(workloadRequest(minor, kind), perKind * 2));
  fromStored("Pod", "pod-update", sample(podRequest(minor), perKind * 2));
  fromStored("Pod", "pod-resize", sample(resizeRequest(minor), perKind * 2));
  return out.map(named);
}
