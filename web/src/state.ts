// The page's state (what the URL shares): the two manifests, versions, gates, strategy, rollout inputs and
// the open patch tab; encoded into the hash fragment as base64url of deflate-raw compressed JSON.

/** Everything a shared link restores. */
export interface PageState {
  old: string;
  new: string;
  /** Kubernetes minor "1.N" ("" = the engine's newest). */
  kubernetes: string;
  /** Kubelet minor "1.N" ("" = the Kubernetes minor). */
  kubelet: string;
  /** OpenKruise release "1.9" or "1.8". */
  kruise: string;
  /** Gates set explicitly (others keep their defaults). */
  gates: { [gate: string]: boolean };
  /** Kruise strategy override ("" = the manifest's own). */
  strategy: string;
  /** Rollout inputs ("" = the manifest's own value). */
  replicas: string;
  partition: string;
  maxUnavailable: string;
  /** The open patch tab. */
  tab: string;
  /** The workload shown when the editors hold several (its pairing key; "" = the first). */
  workload: string;
}

/** The state of a fresh page. */
export function emptyState(): PageState {
  return { old: "", new: "", kubernetes: "", kubelet: "", kruise: "1.9", gates: {}, strategy: "", replicas: "", partition: "", maxUnavailable: "", tab: "json", workload: "" };
}

const PREFIX = "#s=";

/** Bytes as base64url without padding. */
function toBase64Url(bytes: Uint8Array): string {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** base64url (padding optional) as bytes; throws on other characters. */
function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error("the link's state is not base64url");
  const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/** All bytes of a stream. */
async function collect(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** `bytes` through a (de)compression stream. */
function pipe(bytes: Uint8Array, transform: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const source = new Blob([bytes as BlobPart]).stream();
  return collect(source.pipeThrough(transform as unknown as ReadableWritablePair<Uint8Array, Uint8Array>));
}

/** The hash fragment for a state ("#s=" + base64url(deflate-raw(JSON))). */
export async function encodeState(state: PageState): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify(state));
  return PREFIX + toBase64Url(await pipe(json, new CompressionStream("deflate-raw")));
}

/** The state in a hash fragment, filled up with defaults; undefined when the fragment holds none; throws when it is damaged. */
export async function decodeState(hash: string): Promise<PageState | undefined> {
  if (!hash.startsWith(PREFIX)) return undefined;
  const bytes = await pipe(fromBase64Url(hash.slice(PREFIX.length)), new DecompressionStream("deflate-raw"));
  const raw = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw new Error("the link's state is not an object");
  const s = emptyState();
  const r = raw as { [key: string]: unknown };
  for (const key of Object.keys(s) as (keyof PageState)[]) {
    const v = r[key];
    if (key === "gates") {
      if (typeof v === "object" && v !== null && !Array.isArray(v)) {
        for (const [g, on] of Object.entries(v)) if (typeof on === "boolean") s.gates[g] = on;
      }
    } else if (typeof v === "string") {
      s[key] = v;
    }
  }
  return s;
}
