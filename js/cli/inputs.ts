// What the reading commands take besides the limits: files or directories (`-R` walks subdirectories, as
// kubectl's `-f DIR -R`) and the namespace an object without one is in (`-n`, default "default", as kubectl).

import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { asObject, workloadKind } from "../present/kinds.js";
import { UsageError, type ParsedArgs } from "./args.js";
import { InputError, type SourceDoc } from "./source.js";
import { LIMIT_SPECS, limitsOption, limitsUsage, type InputLimits } from "./limits.js";
import { jsonValueOffset } from "./locate.js";

/** How a reading command reads its inputs. */
export interface InputOptions {
  limits: InputLimits;
  /** Directories are walked into their subdirectories (-R). */
  recursive: boolean;
  /** The namespace of a namespaced object written without one. */
  namespace: string;
  /** True when -n was given: an object in another namespace is then an error (kubectl's rule). */
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
    line("-n, --namespace NS", 'the namespace of objects written without one (default "default",'),
    line("", "as kubectl); with -n, one in another namespace is an error"),
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

/** The kinds of Kubernetes that are not namespaced (offline there is no discovery: other kinds, custom ones included,
 *  are taken as namespaced, as most are). */
const CLUSTER_SCOPED = new Set([
  "Namespace", "Node", "PersistentVolume", "CustomResourceDefinition", "ClusterRole", "ClusterRoleBinding", "StorageClass",
  "PriorityClass", "ValidatingWebhookConfiguration", "MutatingWebhookConfiguration", "ValidatingAdmissionPolicy",
  "ValidatingAdmissionPolicyBinding", "MutatingAdmissionPolicy", "MutatingAdmissionPolicyBinding", "APIService", "IngressClass",
  "RuntimeClass", "CSIDriver", "CSINode", "VolumeAttachment", "CertificateSigningRequest", "FlowSchema",
  "PriorityLevelConfiguration", "ComponentStatus", "ClusterTrustBundle", "DeviceClass", "IPAddress", "ServiceCIDR",
]);

/** True for the objects the namespace option applies to: every kind but the cluster-scoped ones, and the workloads. */
function namespaced(value: { [key: string]: unknown }): boolean {
  return workloadKind(value) !== undefined || (typeof value["kind"] === "string" && !CLUSTER_SCOPED.has(value["kind"]));
}

/** The namespace `doc`'s object is in: its own, else the option's ("" for a cluster-scoped kind). With -n given, an
 *  object in another namespace is an InputError with kubectl's message. */
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

/** The object with metadata.namespace set to `namespace` (a shallow copy, for keys). */
export function inNamespace(value: { [key: string]: unknown }, namespace: string): { [key: string]: unknown } {
  const meta = asObject(value["metadata"]) ?? {};
  return meta["namespace"] === namespace || namespace === "" ? value : { ...value, metadata: { ...meta, namespace } };
}

const encoder = new TextEncoder();

/** `doc`'s JSON text as kubectl sends it: with metadata.namespace set to `namespace` when the object has none (the
 *  member spliced into the input's own bytes, which stay otherwise untouched); the text itself when it has one. */
export function namespacedJson(doc: SourceDoc, namespace: string): Uint8Array | string {
  const meta = asObject(doc.value["metadata"]);
  if (namespace === "" || (meta !== undefined && Object.hasOwn(meta, "namespace"))) return doc.json;
  const bytes = typeof doc.json === "string" ? encoder.encode(doc.json) : doc.json;
  const member = `"namespace":${JSON.stringify(namespace)}`;
  const splice = (at: number, text: string): Uint8Array => {
    const add = encoder.encode(text);
    const out = new Uint8Array(bytes.length + add.length);
    out.set(bytes.subarray(0, at));
    out.set(add, at);
    out.set(bytes.subarray(at), at + add.length);
    return out;
  };
  const open = jsonValueOffset(bytes, meta === undefined ? [] : ["metadata"]);
  if (open < 0 || bytes[open] !== 0x7b) return doc.json; // metadata is not an object: the engine reports it
  let next = open + 1;
  while (next < bytes.length && (bytes[next] === 0x20 || bytes[next] === 0x0a || bytes[next] === 0x0d || bytes[next] === 0x09)) next++;
  const body = meta === undefined ? `"metadata":{${member}}` : member;
  return splice(open + 1, bytes[next] === 0x7d ? body : `${body},`);
}
