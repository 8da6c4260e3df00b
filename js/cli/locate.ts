// Where a field of a JSON document is written: the byte offset of the key (or array element) that a field path
// names, found in one pass over the text without building a tree, for messages that point at file:line:column.

/** A field path: object keys and array indexes, e.g. ["spec", "containers", 0, "image"]. */
export type FieldPath = readonly (string | number)[];

/** Splits a Kubernetes field path ("spec.containers[0].image", "metadata.labels[a.b/c]") into its steps. */
export function splitFieldPath(path: string): (string | number)[] {
  const out: (string | number)[] = [];
  let seg = "";
  let have = false;
  for (let i = 0; i < path.length; i++) {
    const c = path[i]!;
    if (c === "[") {
      if (have) out.push(seg);
      const end = path.indexOf("]", i + 1);
      const inner = path.slice(i + 1, end < 0 ? path.length : end);
      out.push(/^[0-9]+$/.test(inner) ? Number(inner) : inner);
      i = end < 0 ? path.length : end;
      seg = "";
      have = false;
    } else if (c === ".") {
      if (have) out.push(seg);
      seg = "";
      have = false;
    } else {
      seg += c;
      have = true;
    }
  }
  if (have) out.push(seg);
  return out;
}

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);

function ws(b: Uint8Array, i: number): number {
  while (i < b.length && WS.has(b[i]!)) i++;
  return i;
}

/** The index just past the string whose opening quote is at `i`. */
function skipString(b: Uint8Array, i: number): number {
  i++;
  while (i < b.length) {
    const c = b[i]!;
    if (c === 0x5c) i += 2;
    else if (c === 0x22) return i + 1;
    else i++;
  }
  return i;
}

/** The index just past the value starting at `i` (nesting counted without recursion). */
function skipValue(b: Uint8Array, i: number): number {
  i = ws(b, i);
  const c = b[i];
  if (c === 0x22) return skipString(b, i);
  if (c === 0x7b || c === 0x5b) {
    let depth = 0;
    while (i < b.length) {
      const d = b[i]!;
      if (d === 0x22) {
        i = skipString(b, i);
        continue;
      }
      if (d === 0x7b || d === 0x5b) depth++;
      else if (d === 0x7d || d === 0x5d) {
        depth--;
        if (depth === 0) return i + 1;
      }
      i++;
    }
    return i;
  }
  while (i < b.length && b[i] !== 0x2c && b[i] !== 0x7d && b[i] !== 0x5d && !WS.has(b[i]!)) i++;
  return i;
}

const decoder = new TextDecoder();

/** The byte offset in `b` of the key (or element) that `path` names, or -1 when the text has no such field. */
export function jsonFieldOffset(b: Uint8Array, path: FieldPath): number {
  let i = ws(b, 0);
  for (let k = 0; k < path.length; k++) {
    const step = path[k]!;
    const c = b[i];
    let found = -1;
    if (c === 0x7b && typeof step === "string") {
      i = ws(b, i + 1);
      while (i < b.length && b[i] === 0x22) {
        const keyStart = i;
        const keyEnd = skipString(b, i);
        let key: unknown;
        try {
          key = JSON.parse(decoder.decode(b.subarray(keyStart, keyEnd)));
        } catch {
          return -1;
        }
        i = ws(b, keyEnd);
        if (b[i] !== 0x3a) return -1;
        i = ws(b, i + 1);
        if (key === step) found = keyStart; // the last of repeated keys wins, as the decoders keep it
        const valueStart = i;
        i = ws(b, skipValue(b, i));
        if (key === step && k < path.length - 1) {
          // keep scanning for a later duplicate only at the last step; descend into this one
          i = valueStart;
          break;
        }
        if (b[i] === 0x2c) i = ws(b, i + 1);
        else break;
      }
      if (found < 0) return -1;
      if (k === path.length - 1) return found;
    } else if (c === 0x5b && typeof step === "number") {
      i = ws(b, i + 1);
      for (let n = 0; n < step; n++) {
        if (b[i] === 0x5d) return -1;
        i = ws(b, skipValue(b, i));
        if (b[i] !== 0x2c) return -1;
        i = ws(b, i + 1);
      }
      if (b[i] === 0x5d || i >= b.length) return -1;
      if (k === path.length - 1) return i;
    } else return -1;
  }
  return i;
}

/** The JSON type names Go's UnmarshalTypeError gives a value ("string", "number", "number 1.5", "bool", "array", "object"). */
function goValueType(v: unknown): string {
  if (typeof v === "string") return "string";
  if (typeof v === "number") return "number";
  if (typeof v === "boolean") return "bool";
  if (Array.isArray(v)) return "array";
  return v === null ? "null" : "object";
}

/**
 * Where in `value` the field of a Go decoding error is (`json: cannot unmarshal number into Go struct field
 * Container.spec.template.spec.containers.image of type string`): Go names the field by its keys from the decoded
 * value's root without array indexes, and the decoded value may be a part of the document (a pod template); the
 * first field in document order whose keys end with the named ones and whose value has the named JSON type.
 */
export function goFieldPath(message: string, value: unknown): (string | number)[] | undefined {
  const m = /cannot unmarshal (\w+)(?: \S+)? into Go struct field [A-Za-z0-9_]+\.(\S+) of type/.exec(message);
  if (m === null) return undefined;
  const want = m[1]!;
  const keys = m[2]!.split(".");
  // an explicit stack in document order: no recursion over the input's depth
  const stack: { v: unknown; path: (string | number)[] }[] = [{ v: value, path: [] }];
  while (stack.length > 0) {
    const { v, path } = stack.pop()!;
    const named = path.filter((p): p is string => typeof p === "string");
    if (named.length >= keys.length && keys.every((k, i) => named[named.length - keys.length + i] === k) && typeof path[path.length - 1] === "string" && goValueType(v) === want) return path;
    if (Array.isArray(v)) for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: [...path, i] });
    else if (typeof v === "object" && v !== null) {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ v: entries[i]![1], path: [...path, entries[i]![0]] });
    }
  }
  return undefined;
}

/** The byte offset in `b` of the value of the object member `path` names (just past its key and colon), or -1. */
export function jsonValueOffset(b: Uint8Array, path: FieldPath): number {
  if (path.length === 0) return ws(b, 0);
  const key = jsonFieldOffset(b, path);
  if (key < 0 || typeof path[path.length - 1] !== "string") return key;
  const colon = ws(b, skipString(b, key));
  return b[colon] === 0x3a ? ws(b, colon + 1) : -1;
}
