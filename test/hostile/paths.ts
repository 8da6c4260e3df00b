// Places inside a parsed request: listing them (without recursion, so deep vector requests are safe),
// reading and replacing the value at one.

/** A member key or element index on the way to a value. */
export type Step = string | number;

/** A place in a request and what its value is. */
export interface Place {
  path: Step[];
  kind: "object" | "array" | "string" | "number" | "boolean" | "null";
}

/** True for a parsed array or plain object (generated Raw / Members pieces are leaves). */
export function isContainer(v: unknown): v is object {
  return v !== null && typeof v === "object" && (Array.isArray(v) || Object.getPrototypeOf(v) === Object.prototype);
}

/** The JSON kind of a parsed value (generated pieces count as null: leaves to replace). */
export function kindOf(v: unknown): Place["kind"] {
  if (v === null || (typeof v === "object" && !isContainer(v))) return "null";
  if (Array.isArray(v)) return "array";
  return typeof v === "object" ? "object" : (typeof v as "string" | "number" | "boolean");
}

/** Up to `max` places of `root` (the root itself excluded), breadth first, so shallow places come first. */
export function places(root: unknown, max = 4000): Place[] {
  const out: Place[] = [];
  const queue: [unknown, Step[]][] = [[root, []]];
  for (let q = 0; q < queue.length && out.length < max; q++) {
    const [v, path] = queue[q]!;
    if (!isContainer(v)) continue;
    const entries: [Step, unknown][] = Array.isArray(v) ? v.map((x, i) => [i, x]) : Object.entries(v);
    for (const [k, x] of entries) {
      const p = [...path, k];
      out.push({ path: p, kind: kindOf(x) });
      if (isContainer(x)) queue.push([x, p]);
      if (out.length >= max) break;
    }
  }
  return out;
}

/** The value at `path`, or undefined. */
export function getAt(root: unknown, path: Step[]): unknown {
  let v: unknown = root;
  for (const k of path) {
    if (!isContainer(v)) return undefined;
    v = (v as Record<string | number, unknown>)[k];
  }
  return v;
}

/** A copy of `root` with the value at `path` replaced by `value` (only the spine is copied). */
export function setAt(root: unknown, path: Step[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [k, ...rest] = path;
  const inner = setAt(getAt(root, [k!]), rest, value);
  if (Array.isArray(root)) {
    const c = root.slice();
    c[k as number] = inner;
    return c;
  }
  return { ...(root as object), [k!]: inner };
}

/** A copy of `root` without the member or element at `path`. */
export function deleteAt(root: unknown, path: Step[]): unknown {
  if (path.length === 0) return root;
  const parent = getAt(root, path.slice(0, -1));
  const k = path[path.length - 1]!;
  let c: unknown;
  if (Array.isArray(parent)) c = parent.filter((_, i) => i !== k);
  else if (isContainer(parent)) {
    const { [k as string]: _, ...rest } = parent as Record<string, unknown>;
    c = rest;
  } else return root;
  return setAt(root, path.slice(0, -1), c);
}

/** The path as a readable string (a.b[2].c). */
export function showPath(path: Step[]): string {
  return path.map((k, i) => (typeof k === "number" ? `[${k}]` : i === 0 ? k : `.${k}`)).join("") || "(root)";
}
