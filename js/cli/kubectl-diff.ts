// `kinplace kubectl-diff LIVE MERGED`: kubectl diff's external diff program. kubectl writes each object's
// live and merged (server dry-run) versions to two directories under the same file name
// (`group.version.kind.namespace.name`; an empty file for an object created or pruned) and runs
// `$KUBECTL_EXTERNAL_DIFF LIVE MERGED`; this prints, per changed object, what the change does to its pods
// (and with --diff the unified diff), with kubectl diff's exit codes: 0 no differences, 1 differences, 2 error.

import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { identity, objectLabel, workloadKind } from "../present/kinds.js";
import { kindOptions } from "../present/options.js";
import { verdictSentence } from "../present/summary.js";
import { parseArgs, UsageError } from "./args.js";
import { clusterChoice, CLUSTER_SPECS } from "./cluster.js";
import { atDoc, cliEngine } from "./common.js";
import { InputError, readSingle, type SourceDoc } from "./documents.js";
import { EXIT_USAGE } from "./command.js";
import { DEFAULT_LIMITS } from "./limits.js";
import { callResult, goSyntaxError, type RawJson, type Result } from "./request.js";
import { defineCommand, write } from "./run.js";
import { policyView } from "./render-verdict.js";

const usage = `Usage: KUBECTL_EXTERNAL_DIFF="kinplace kubectl-diff" kubectl diff -f FILE ...
       kinplace kubectl-diff LIVE MERGED [options]

kubectl diff's external diff program: for each object kubectl diff finds changed, one line saying what
the change does to its pods ("apps/v1 Deployment shop/web: recreates 3 pods: image of container app
changed"), objects created or pruned, and other kinds changed. LIVE and MERGED are
the directories kubectl writes (files paired by name).

kubectl passes only words of letters, digits, "-" and "=" from KUBECTL_EXTERNAL_DIFF (so no versions or
paths there): give other options in KINPLACE_DIFF_FLAGS, e.g.
  KINPLACE_DIFF_FLAGS="--kubernetes 1.33 --policy ci/policy.yaml" KUBECTL_EXTERNAL_DIFF="kinplace kubectl-diff --diff" kubectl diff -f app/

Options:
  --diff                 also print the unified diff of each changed object (\`diff -u -N\`, as kubectl's default)
  --kubernetes MINOR     the cluster's minor, e.g. 1.33 (default: the newest supported)
  --kubelet MINOR        the kubelets' minor (default: the Kubernetes minor)
  --kruise VERSION       the OpenKruise version (default: the newest supported)
  --gate NAME=BOOL       a Kubernetes or OpenKruise feature gate (repeatable, or comma-separated)
  --policy FILE          judge each workload change with a policy file (docs/policy.md)
  -o, --output FORMAT    text (default) or json (one line per changed object)

Exit codes (kubectl diff's): 0 no differences, 1 differences found, 2 an error (a directory or file that
cannot be read, a workload the engine cannot judge: reported on stderr, the other objects still shown).
`;

const SPECS = {
  diff: { type: "flag" },
  ...CLUSTER_SPECS,
  policy: { type: "value", complete: "file" },
  output: { type: "value", short: "o", choices: ["text", "json"] },
} as const;

/** The file names of a directory (regular files only), sorted; an InputError when it cannot be read. */
function filesOf(dir: string): string[] {
  try {
    if (!statSync(dir).isDirectory()) throw new InputError(dir, 0, 0, "not a directory (kubectl diff passes two directories)");
    return readdirSync(dir, { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name).sort();
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError(dir, 0, 0, `cannot read: ${(e as Error).message}`);
  }
}

/** The bytes of `dir/name`, or undefined when the file is missing. */
function bytesOf(dir: string, name: string): Buffer | undefined {
  try {
    return readFileSync(join(dir, name));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new InputError(join(dir, name), 0, 0, `cannot read: ${(e as Error).message}`);
  }
}

/** True when the bytes hold no object (missing, empty or whitespace: kubectl's file for an absent version). */
function isEmpty(b: Buffer | undefined): boolean {
  return b === undefined || b.every((x) => x === 0x20 || x === 0x0a || x === 0x0d || x === 0x09);
}

/** "apps/v1 Deployment shop/web" for an object, or the file name when it has no kind. */
function label(value: unknown, file: string): string {
  const id = identity(value);
  return id.kind === "" ? file : `${id.apiVersion} ${objectLabel(value)}`;
}

/** What one changed file pair came to. */
interface Change {
  file: string;
  object: string;
  change: "created" | "deleted" | "changed";
  verdict?: string;
  sentence: string;
  denied?: boolean;
}

/** The `kubectl-diff` command. */
export const kubectlDiffCommand = defineCommand("kubectl-diff", "kubectl diff's external diff: what each change does to the pods", usage, async (args, io) => {
  const extra = (process.env["KINPLACE_DIFF_FLAGS"] ?? "").split(/\s+/).filter((w) => w !== "");
  const a = parseArgs([...args, ...extra], SPECS);
  if (a.positionals.length !== 2) throw new UsageError(a.positionals.length < 2 ? "kubectl-diff needs the LIVE and MERGED directories" : `unexpected argument ${JSON.stringify(a.positionals[2])}`);
  const [live, merged] = a.positionals as [string, string];
  const cluster = clusterChoice(a);
  const json = a.values.get("output") === "json";
  const engine = cliEngine();
  const read = (path: string): Promise<SourceDoc> => readSingle(path, { stdin: io.stdin, syntaxError: (b) => goSyntaxError(engine, b), limits: DEFAULT_LIMITS });
  let policy: RawJson | undefined;
  const policyPath = a.values.get("policy");
  if (policyPath !== undefined) policy = (await read(policyPath)).json;

  const names = [...new Set([...filesOf(live), ...filesOf(merged)])].sort();
  let differences = 0;
  let errors = 0;
  const counts = new Map<string, number>();
  for (const file of names) {
    const before = bytesOf(live, file);
    const after = bytesOf(merged, file);
    if (isEmpty(before) && isEmpty(after)) continue;
    if (before !== undefined && after !== undefined && before.equals(after)) continue;
    differences++;
    let change: Change;
    try {
      const oldDoc = isEmpty(before) ? undefined : await read(join(live, file));
      const newDoc = isEmpty(after) ? undefined : await read(join(merged, file));
      if (oldDoc === undefined) change = { file, object: label(newDoc!.value, file), change: "created", sentence: "created" };
      else if (newDoc === undefined) change = { file, object: label(oldDoc.value, file), change: "deleted", sentence: "deleted (pruned)" };
      else {
        const kind = workloadKind(newDoc.value);
        if (kind === undefined || workloadKind(oldDoc.value) !== kind) {
          change = { file, object: label(newDoc.value, file), change: "changed", sentence: "changed (not a workload: no pods judged)" };
        } else {
          const raw: { [key: string]: RawJson } = { old: oldDoc.json, new: newDoc.json };
          if (policy !== undefined) raw["policy"] = policy;
          const result: Result = atDoc(newDoc, () => callResult(engine, "verdict", { ...kindOptions(kind, cluster) }, raw).result);
          const verdict = String(result["verdict"]);
          const denied = policyView(result["policy"])?.denied === true;
          const sentence = verdictSentence(result, oldDoc.value, newDoc.value, false) ?? "no pod changes";
          change = { file, object: label(newDoc.value, file), change: "changed", verdict, sentence: denied ? `${sentence} (denied by the policy)` : sentence, ...(denied ? { denied } : {}) };
        }
      }
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      errors++;
      io.stderr.write(`kinplace kubectl-diff: ${e.where()}\n`);
      continue;
    }
    const key = change.verdict ?? change.change;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    if (json) await write(io.stdout, `${JSON.stringify(change)}\n`);
    else await write(io.stdout, `${change.object}: ${change.sentence}\n`);
    if (a.flags.has("diff")) {
      const d = spawnSync("diff", ["-u", "-N", join(live, file), join(merged, file)], { maxBuffer: 1 << 30 });
      if (d.error !== undefined || (d.status ?? 2) > 1) {
        errors++;
        io.stderr.write(`kinplace kubectl-diff: diff -u -N failed for ${file}: ${d.error?.message ?? d.stderr.toString()}\n`);
      } else await write(io.stdout, d.stdout.toString());
    }
  }
  if (!json && differences > 1) {
    const parts = [...counts].map(([k, n]) => `${n} ${k}`);
    await write(io.stdout, `${differences} objects differ: ${parts.join(", ")}\n`);
  }
  if (errors > 0) return EXIT_USAGE;
  return differences > 0 ? 1 : 0;
}, SPECS);
