// `kinplace diff OLD NEW --type json|merge|strategic`: the patch turning each object of OLD into the
// same object of NEW, exactly as the Go libraries write it.

import { KUBERNETES_MINORS } from "../present/versions.js";
import { identity, objectLabel, workloadKind } from "../present/kinds.js";
import { minorOption, parseArgs, UsageError } from "./args.js";
import { atDoc, cliEngine } from "./common.js";
import type { SourceDoc } from "./documents.js";
import { INPUT_SPECS, inputOptions, inputsUsage } from "./inputs.js";
import { pairObjects, type Stored } from "./pairs.js";
import { callMember } from "./request.js";
import { defineCommand, write } from "./run.js";
import { OUTPUT_FORMATS, structured, type OutputFormat } from "./structured.js";
import { styleFor } from "./style.js";

const usage = `Usage: kinplace diff OLD NEW [options]

Prints the patch that turns each object of OLD into the same object of NEW (YAML or JSON files,
multi-document, "-" for stdin, or directories; objects are paired by kind, namespace and name, and a single object on
each side is paired whatever its name). With one pair the output is the bare patch (ready for
\`kubectl patch --type ...\`); with more, each patch follows a "# Kind namespace/name" line.

Options:
  -t, --type TYPE        json (RFC 6902, default), merge (RFC 7396) or strategic (Kubernetes
                         strategic merge patch; Pods and workloads, other kinds skipped)
  --flavor NAME          JSON Patch flavor: appscode (OpenKruise's diff, default) or minimal
  --kubernetes MINOR     Kubernetes minor of the strategic merge patch (default: the newest supported)
  -o, --output FORMAT    text (default), json ({object, type, patch} per line) or yaml
${inputsUsage(25)}

Exit codes: 0 done, 2 bad usage or bad input.
`;

const SPECS = {
  type: { type: "value", short: "t", choices: ["json", "merge", "strategic"] },
  flavor: { type: "value", choices: ["appscode", "minimal"] },
  kubernetes: { type: "value", complete: KUBERNETES_MINORS },
  output: { type: "value", short: "o", choices: OUTPUT_FORMATS },
  ...INPUT_SPECS,
} as const;

/** The kind an object is paired as: anything with a kind (strategic: workloads only, checked when diffing). */
function anyKind(value: { [key: string]: unknown }): string {
  const k = value["kind"];
  return typeof k === "string" ? k : "";
}

/** The patch text of one pair. */
function patchOf(type: string, old: Stored, doc: SourceDoc, flavor: string | undefined, kubernetes: string | undefined): string {
  const engine = cliEngine();
  return atDoc(doc, () => {
    if (type === "merge") return callMember(engine, "mergepatch.diff", {}, { original: old.json, modified: doc.json }, "patch");
    if (type === "json") return callMember(engine, "jsonpatch.diff", { flavor }, { from: old.json, to: doc.json }, "patch");
    const smpType = workloadKind(doc.value)!; // strategic pairs workloads only
    const text = callMember(engine, "smp.diff", { type: smpType, kubernetes }, { original: old.json, modified: doc.json }, "patch");
    return JSON.parse(text) as string; // smp.diff answers Go's bytes as a JSON string
  }, old);
}

/** The `diff` command. */
export const diffCommand = defineCommand("diff", "the JSON, merge or strategic merge patch from OLD to NEW", usage, async (args, io) => {
  const a = parseArgs(args, SPECS);
  if (a.positionals.length !== 2) {
    throw new UsageError(a.positionals.length < 2 ? "diff needs OLD and NEW" : `unexpected argument ${JSON.stringify(a.positionals[2])}`);
  }
  const [oldPath, newPath] = a.positionals as [string, string];
  if (oldPath === "-" && newPath === "-") throw new UsageError("only one of OLD and NEW can be stdin");
  const type = a.values.get("type") ?? "json";
  const flavor = a.values.get("flavor");
  if (flavor !== undefined && type !== "json") throw new UsageError("--flavor applies to --type json only");
  const kubernetes = minorOption("kubernetes", a.values.get("kubernetes"));
  const format = (a.values.get("output") ?? "text") as OutputFormat;
  const inputs = inputOptions(a);
  const style = styleFor(io.stdout);
  const pending: { label: string; text: string }[] = [];
  let count = 0;
  let first = true;
  const onPair = async (old: Stored, doc: SourceDoc): Promise<void> => {
    const text = patchOf(type, old, doc, flavor, kubernetes);
    if (format !== "text") {
      await write(io.stdout, structured(format, { object: identity(doc.value), type, patch: JSON.parse(text) as unknown }, first));
      first = false;
      return;
    }
    // text: the first patch waits until a second one shows there is more than one
    count++;
    pending.push({ label: `# ${objectLabel(doc.value)}`, text });
    if (count === 1) return;
    for (const p of pending.splice(0)) await write(io.stdout, `${style.dim(p.label)}\n${p.text}\n`);
  };
  // a strategic merge patch needs the kind's schema: the engine has the workloads' (and Pods'), other kinds are skipped
  const pairing = type === "strategic" ? { kindOf: workloadKind, what: "Pod or workload" } : { kindOf: anyKind, what: "object" };
  const notes = await pairObjects(oldPath, newPath, io, { ...pairing, inputs }, onPair);
  for (const p of pending) await write(io.stdout, count === 1 ? `${p.text}\n` : `${style.dim(p.label)}\n${p.text}\n`);
  if (notes.length > 0) io.stderr.write(`${notes.join("\n")}\n`);
  return 0;
}, SPECS);
