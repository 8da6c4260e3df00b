// One line per verdict, for places with room for a sentence only: an admission webhook's warnings and the
// lines of `kinplace kubectl-diff` ("recreates 30 pods of Deployment shop/web: env of container app changed").

import { asObject, objectLabel, podTemplate, workloadKind } from "./kinds.js";
import { reasonRows } from "./rows.js";

/** How many pods a workload runs, as the sentence names them: a number, or undefined when the object does not say. */
export function podCount(oldObject: unknown, newObject: unknown): number | undefined {
  const kind = workloadKind(newObject);
  if (kind === "Pod") return 1;
  if (kind === "DaemonSet" || kind === "AdvancedDaemonSet") {
    // one pod per eligible node: the count the controller last reported
    const n = asObject(asObject(oldObject)?.["status"])?.["desiredNumberScheduled"];
    return typeof n === "number" && Number.isSafeInteger(n) && n >= 0 ? n : undefined;
  }
  const replicas = asObject(asObject(newObject)?.["spec"])?.["replicas"];
  if (replicas === undefined) return 1; // every replicated kind defaults spec.replicas to 1
  return typeof replicas === "number" && Number.isSafeInteger(replicas) && replicas >= 0 ? replicas : undefined;
}

/** "30 pods", "1 pod" or "the pods" (count unknown). */
function pods(n: number | undefined): string {
  return n === undefined ? "the pods" : n === 1 ? "1 pod" : `${n} pods`;
}

/** The name of the container at `list`/`index` of the object's pod template, or its index when unnamed. */
function containerName(object: unknown, list: string, index: number): string {
  const items = asObject(podTemplate(object)?.["spec"])?.[list];
  const name = Array.isArray(items) ? asObject(items[index])?.["name"] : undefined;
  return typeof name === "string" && name !== "" ? name : `#${index}`;
}

/** Unescapes one JSON Pointer token. */
function token(t: string): string {
  return t.replace(/~1/g, "/").replace(/~0/g, "~");
}

/** What a reason path is about, in words: "env of container app", "label tier", "pod spec nodeSelector". */
export function pathWords(path: string, object: unknown): string {
  const parts = path.split("/").slice(1).map(token);
  const inTemplate = parts[0] === "spec" && parts[1] === "template";
  const rest = inTemplate ? parts.slice(2) : parts;
  const LISTS: { readonly [list: string]: string } = { containers: "container", initContainers: "init container", ephemeralContainers: "ephemeral container" };
  if (rest[0] === "spec" && rest[1] !== undefined && Object.hasOwn(LISTS, rest[1]) && rest[2] !== undefined && /^[0-9]+$/.test(rest[2])) {
    const who = `${LISTS[rest[1]]} ${containerName(object, rest[1], Number(rest[2]))}`;
    return rest[3] === undefined ? who : `${rest[3]} of ${who}`;
  }
  if (rest[0] === "metadata" && (rest[1] === "labels" || rest[1] === "annotations")) {
    const what = rest[1] === "labels" ? "label" : "annotation";
    return rest[2] === undefined ? `${what}s` : `${what} ${rest[2]}`;
  }
  if (inTemplate && rest[0] === "spec") return rest[1] === undefined ? "pod spec" : `pod spec ${rest[1]}`;
  if (!inTemplate && workloadKind(object) === "Pod" && rest[0] === "spec") return rest[1] === undefined ? "spec" : rest[1];
  if (parts.length === 0 || path === "") return "the object";
  return parts.join(".");
}

/** How much a reason's effect does to the pods (a higher rank names the cause of the verdict). */
const EFFECT_RANK: { readonly [effect: string]: number } = { none: 0, "in-place": 1, restart: 2, recreate: 3, rejected: 4 };

/** The distinct things the verdict's weightiest reasons are about (those of the highest effect: a recreation's cause rather
 *  than the workload's own metadata), at most `max` named ("image of container app, env of container app and 2 more"). */
export function changedWords(result: unknown, object: unknown, max = 3): string {
  const rows = reasonRows(result);
  const rank = (r: (typeof rows)[number]): number => EFFECT_RANK[String(r.details["effect"])] ?? 1;
  const top = Math.max(1, ...rows.map(rank));
  const seen: string[] = [];
  for (const r of rows) {
    if (rank(r) !== top) continue;
    const w = r.path === "" ? "" : pathWords(r.path, object);
    if (w !== "" && !seen.includes(w)) seen.push(w);
  }
  if (seen.length === 0) return "";
  const named = seen.slice(0, max);
  const more = seen.length - named.length;
  if (more > 0) return `${named.join(", ")} and ${more} more`;
  return named.length === 1 ? named[0]! : `${named.slice(0, -1).join(", ")} and ${named[named.length - 1]}`;
}

/** The containers a verdict restarts in place, by name. */
function restarted(result: unknown): string[] {
  const list = asObject(result)?.["containers"];
  if (!Array.isArray(list)) return [];
  return list.flatMap((c) => {
    const o = asObject(c);
    return o?.["action"] === "restart" && typeof o["name"] === "string" ? [o["name"]] : [];
  });
}

/** One sentence for a verdict result of the update from `oldObject` to `newObject` (undefined for `none`); `named` false
 *  leaves the object's name out ("recreates 3 pods: image of container app changed") where a line already names it. */
export function verdictSentence(result: unknown, oldObject: unknown, newObject: unknown, named = true): string | undefined {
  const r = asObject(result) ?? {};
  const verdict = r["verdict"];
  const label = objectLabel(newObject);
  const what = changedWords(result, newObject);
  const because = what === "" ? "" : `: ${what} changed`;
  const n = podCount(oldObject, newObject);
  const of = named ? ` of ${label}` : "";
  if (verdict === "recreate") return `recreates ${pods(n)}${of}${because}`;
  if (verdict === "rejected") {
    const rejection = typeof r["rejection"] === "string" ? r["rejection"] : "refused";
    return `${named ? `${label} is refused` : "refused"}: ${rejection}`;
  }
  if (verdict === "in-place") {
    const names = restarted(result);
    const restarts = names.length === 0 ? "no container restarts" : `restarts container${names.length === 1 ? "" : "s"} ${names.join(", ")}`;
    if (workloadKind(newObject) === "Pod") return `updates ${named ? label : "the pod"} in place (${restarts})${because}`;
    return `updates ${pods(n)}${of} in place (${restarts})${because}`;
  }
  return undefined;
}
