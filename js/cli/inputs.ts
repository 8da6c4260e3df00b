// What the reading commands take besides the limits: files or directories (`-R` walks subdirectories, as
// kubectl's `-f DIR -R`) and the namespace an object without one is in (`-n`, default "default", as kubectl).

import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { asObject, workloadKind } from "../present/kinds.js";
import { UsageError, type ParsedArgs } from "./args.js";
import { InputError, type SourceDoc } from "./source.js";
import { LIMIT_SPECS, limitsOption, limitsUsage, type InputLimits } from "./limits.js";

/** How a reading command reads its inputs. */
export interface InputOptions {
  limits: InputLimits;
  /** Directories are walked into their subdirectories (-R). */
  recursive: boolean;
  /** The namespace of a workload or Pod written without one. */
  namespace: string;
  /** True when -n was given: a workload in another namespace is then an error (kubectl's rule). */
  namespaceGiven: boolean;
}

/** The option specs of the input options, for parseArgs. */
export const INPUT_SPECS = {
  recursive: { type: "flag", short: "R" },
  namespace: { type: "value", short: "n" },
  ...LIMIT_SPECS,
} as const;

/** kubectl's rule for a namespace name (a DNS label). */
const DNS_LABEL = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;

/** The input options given by -R, -n and the limits; throws UsageError on a bad value. */
export function inputOptions(a: ParsedArgs): InputOptions {
  const given = a.values.get("namespace");
  if (given !== undefined && !DNS_LABEL.test(given)) throw new UsageError(`option --namespace: ${JSON.stringify(given)} is not a namespace name (a DNS label: lowercase letters, digits and "-")`);
  return { limits: limitsOption(a), recursive: a.flags.has("recursive"), namespace: given ?? "default", namespaceGiven: given !== undefined };
}

/** The usage lines of the input options, their descriptions at `column` like the command's other options. */
export function inputsUsage(column: number): string {
  const line = (name: string, text: string): string => `  ${name.padEnd(column - 2)}${text}`;
  return [
    line("-R, --recursive", "read the directories given as inputs and their subdirectories"),
    line("", "(without -R, a directory's own .yaml, .yml and .json files)"),
    line("-n, --namespace NS", 'the namespace of workloads and Pods written without one (default'),
    line("", '"default", as kubectl); with -n, one in another namespace is an error'),
    limitsUsage(column),
  ].join("\n");
}

/** File names a directory input reads, as kubectl's -f DIR does. */
const MANIFEST = /\.(ya?ml|json)$/;

/** The files an input path names, in the order they are read: the path itself, or a directory's .yaml, .yml and .json
 *  files by name (with `recursive`, its subdirectories' too, each after the files before it by name); "-" is stdin. */
export function inputFiles(path: string, recursive: boolean): string[] {
  if (path === "-") return [path];
  let isDir: boolean;
  try {
    isDir = statSync(path).isDirectory();
  } catch {
    return [path]; // reading it reports why not
  }
  if (!isDir) return [path];
  const out: string[] = [];
  const stack = [path];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    const entries = readdirSync(dir, { withFileTypes: true }).sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
    const subdirs: string[] = [];
    for (const e of entries) {
      const p = join(dir, e.name);
      if (e.isDirectory()) subdirs.push(p);
      else if (MANIFEST.test(e.name) && (e.isFile() || (e.isSymbolicLink() && statSync(p).isFile()))) out.push(p);
    }
    if (recursive) stack.push(...subdirs.reverse());
  }
  if (out.length === 0) throw new InputError(path, 0, 0, `no .yaml, .yml or .json files in this directory${recursive ? " or below it" : " (-R reads its subdirectories)"}`);
  return out;
}

/** True for the objects the namespace option applies to: workloads and Pods (all namespaced). */
function namespaced(value: { [key: string]: unknown }): boolean {
  return workloadKind(value) !== undefined || (value["kind"] === "ReplicaSet" && String(value["apiVersion"] ?? "").startsWith("apps/"));
}

/** The namespace `doc`'s object is in: its own, else the option's (workloads and Pods; "" for other kinds written
 *  without one). With -n given, a workload in another namespace is an InputError with kubectl's message. */
export function namespaceOf(doc: SourceDoc, options: Pick<InputOptions, "namespace" | "namespaceGiven">): string {
  const own = asObject(doc.value["metadata"])?.["namespace"];
  const ns = typeof own === "string" ? own : "";
  if (!namespaced(doc.value)) return ns;
  if (ns !== "" && options.namespaceGiven && ns !== options.namespace) {
    const p = doc.locate?.(["metadata", "namespace"]) ?? { line: doc.line, column: doc.column };
    throw new InputError(doc.file, p.line, p.column, `the namespace from the provided object "${ns}" does not match the namespace "${options.namespace}". You must pass '--namespace=${ns}' to perform this operation.`);
  }
  return ns === "" ? options.namespace : ns;
}

/** The object with metadata.namespace set to `namespace` (a shallow copy, for keys and labels; the bytes sent to the
 *  engine are the input's own). */
export function inNamespace(value: { [key: string]: unknown }, namespace: string): { [key: string]: unknown } {
  const meta = asObject(value["metadata"]) ?? {};
  return meta["namespace"] === namespace || namespace === "" ? value : { ...value, metadata: { ...meta, namespace } };
}
