// The Kubernetes hashes through the engine's direct doors (the hashContainer / hashTemplate exports): the JS value's
// JSON.stringify bytes are written straight into wasm memory (jsonbytes.ts) and the door answers the hash without a
// request line or an answer line. When a door declines (an error, a limit, an option it does not
// take, a value JSON.stringify must judge) these answer null and the caller asks the op, which answers exactly as before.
//
// Must equal: the `container.hash` / `podTemplateHash` op answers (test/hashdoors.test.ts).

import { engine } from "./state.js";
import { writeJSONBytes, NEED_ROOM } from "./jsonbytes.js";

/** A kubelet container hash as the op answers it. */
export interface DoorContainerHash {
  hash: string;
  hashWithoutResources?: string;
  era: "struct" | "json" | "name-image";
}

/** "1.N" as the engine's version fields read it (no leading zero), else undefined. */
const DOT_MINOR = /^1\.([1-9][0-9]{0,2})$/;

const ERAS = ["struct", "json", "name-image"] as const;

/** The last option text minorOf read, and its minor. */
let lastText = "";
let lastMinor = -1;

/** The minor N of a "1.N" option, 0 when absent (the default: the newest minor, the minor's Go release), or -1 (the op judges it). */
function minorOf(v: unknown): number {
  if (v === undefined) return 0;
  if (v === lastText) return lastMinor;
  const m = typeof v === "string" ? DOT_MINOR.exec(v) : null;
  const n = m === null ? -1 : Number(m[1]);
  if (typeof v === "string") {
    lastText = v;
    lastMinor = n;
  }
  return n;
}

/** First room tried for a JS value's JSON text, and the most tried before leaving it to JSON.stringify. */
const FIRST_ROOM = 1 << 14;
const MOST_ROOM = 1 << 26;

/** Puts `value`'s JSON.stringify bytes into the engine's input; their length, or -1 (use the op). */
function put(value: unknown): number {
  const e = engine();
  for (let cap = FIRST_ROOM; cap <= MOST_ROOM; cap *= 8) {
    const n = e.fillInput(cap, (bytes, start, limit) => writeJSONBytes(value, bytes, start, limit));
    if (n !== NEED_ROOM) return n;
  }
  return -1;
}

/** container.hash of JS value `value` through the door; null when it declines. */
export function containerHashByDoor(value: unknown, kubelet: unknown, go: unknown, applyDefaults: unknown): DoorContainerHash | null {
  const minor = minorOf(kubelet);
  const g = minorOf(go);
  if (minor < 0 || g < 0 || typeof applyDefaults !== "boolean") return null;
  const len = put(value);
  if (len < 0) return null;
  const a = engine().containerDoor(len, minor, g, applyDefaults ? 1 : 0);
  if (a === null) return null;
  const r: DoorContainerHash = { hash: a.hash.toString(16) } as DoorContainerHash;
  if (a.hashWithoutResources !== undefined) r.hashWithoutResources = a.hashWithoutResources.toString(16);
  r.era = ERAS[a.era]!;
  return r;
}

/** podTemplateHash of JS value `value` through the door; null when it declines. */
export function podTemplateHashByDoor(value: unknown, kubernetes: unknown, collisionCount: unknown, applyDefaults: unknown): string | null {
  const minor = minorOf(kubernetes);
  if (minor < 0 || typeof applyDefaults !== "boolean") return null;
  const cc = collisionCount;
  if (cc !== undefined && !(typeof cc === "number" && Number.isInteger(cc) && cc >= -0x80000000 && cc <= 0x7fffffff)) return null;
  const len = put(value);
  if (len < 0) return null;
  return engine().templateDoor(len, minor, (applyDefaults ? 1 : 0) | (cc !== undefined ? 2 : 0), cc ?? 0);
}
