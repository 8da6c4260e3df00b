// The Kubernetes hashes against their floor: FNV-1a 32 over the exact bytes each hash feeds FNV (the go-spew
// text DeepHashObject writes), in a hand-written wasm loop with the bytes already in its memory. Each case
// (container hash per kubelet era, pod-template-hash; from raw JSON bytes and from a JS object) is timed
// interleaved with the floor, round after round (floor, case, floor, case, ...), and reported as the median
// and the spread (min–max over rounds) of its time ÷ the floor time of the same round.
// Every engine answer is checked against FNV of the floor bytes before timing.
//
// As a command: node --import tsx bench/hash-floor.ts [rounds] [ms-per-sample]

import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

type Engine = typeof import("../js/node.ts");

/** One row of the floor table. */
export interface FloorRow {
  /** The hash and era, e.g. "container 1.26 (json)". */
  hash: string;
  /** The way in: raw JSON bytes (an eval line, or the engine's direct door) or a JS object (the public API). */
  input: string;
  /** Bytes fed to FNV (the floor's input). */
  floorBytes: number;
  /** Median floor time, µs. */
  floorMicros: number;
  /** Median time of the case, µs. */
  micros: number;
  /** Median of the per-round ratios case ÷ floor. */
  ratio: number;
  /** Lowest and highest per-round ratio. */
  spread: [number, number];
}

/** The floor: FNV-1a 32 over [p, p+n) of its own memory, one byte per iteration (the multiply chain). */
const FLOOR_WAT = `(module
  (memory (export "memory") 1)
  (func (export "fnv") (param $p i32) (param $n i32) (result i32)
    (local $h i32) (local $e i32)
    (local.set $h (i32.const 0x811c9dc5))
    (local.set $e (i32.add (local.get $p) (local.get $n)))
    (block $done
      (br_if $done (i32.ge_u (local.get $p) (local.get $e)))
      (loop $next
        (local.set $h (i32.mul (i32.xor (local.get $h) (i32.load8_u (local.get $p))) (i32.const 0x01000193)))
        (local.set $p (i32.add (local.get $p) (i32.const 1)))
        (br_if $next (i32.lt_u (local.get $p) (local.get $e)))))
    (local.get $h)))`;

/** The floor module's exports. */
interface Floor {
  memory: WebAssembly.Memory;
  fnv(p: number, n: number): number;
}

/** Assembles FLOOR_WAT with binaryen (an ES module) and instantiates it. */
async function loadFloor(): Promise<Floor> {
  const binaryen = (await import("binaryen")).default;
  const m = binaryen.parseText(FLOOR_WAT);
  if (!m.validate()) throw new Error("floor module does not validate");
  const bin = m.emitBinary();
  m.dispose();
  const inst = new WebAssembly.Instance(new WebAssembly.Module(bin as Uint8Array<ArrayBuffer>), {});
  return inst.exports as unknown as Floor;
}

/** FNV-1a 32 in JS (to check the floor module once). */
function fnvJS(b: Uint8Array): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < b.length; i++) h = Math.imul(h ^ b[i]!, 0x01000193) >>> 0;
  return h >>> 0;
}

/** The newest kubelet minor the engine models (docs/ops.md), the name+image era. */
const NEWEST = "1.37";

const enc = new TextEncoder();
const dec = new TextDecoder();

/** go-spew `%#v` of a []byte: `([]uint8)[` + decimals separated by spaces + `]`. */
function spewBytes(b: Uint8Array): Uint8Array {
  return enc.encode(`([]uint8)[${Array.from(b).join(" ")}]`);
}

/** Asks the engine one eval request; throws its error. */
function ask(k: Engine, req: Record<string, unknown>): Record<string, unknown> {
  const a = k.evaluate(req as never) as { ok: boolean; result?: Record<string, unknown>; error?: unknown };
  if (!a.ok) throw new Error(`engine: ${JSON.stringify(a.error)}`);
  return a.result!;
}

/** A request line with the object's raw JSON bytes spliced in as the value of `field`. */
function rawLine(head: Record<string, unknown>, field: string, raw: Uint8Array): Uint8Array {
  const h = JSON.stringify(head);
  const a = enc.encode(`${h.slice(0, -1)},"${field}":`);
  const out = new Uint8Array(a.length + raw.length + 1);
  out.set(a);
  out.set(raw, a.length);
  out[out.length - 1] = 0x7d;
  return out;
}

/** The `hash` member of an answer line. */
function hashOf(answer: Uint8Array): string {
  const s = dec.decode(answer);
  const m = /"hash":"([^"]*)"/.exec(s);
  if (!m) throw new Error(`no hash in ${s.slice(0, 300)}`);
  return m[1]!;
}

/** A hash case: the floor bytes, what the engine answers given their FNV, and the ways in timed against the floor. */
interface HashCase {
  hash: string;
  floor: Uint8Array;
  /** What the engine answers as the hash given FNV `h` of the floor bytes. */
  expect: (h: number) => string;
  ways: { input: string; fn: () => string }[];
}

/** The raw exports of a kinplace.wasm instance of its own (for the direct doors, which the public API does not expose). */
interface DoorExports {
  memory: WebAssembly.Memory;
  input(len: number): number;
  output(): number;
  hashContainer?(len: number, minor: number, go: number, flags: number): number;
  hashTemplate?(len: number, minor: number, flags: number, collision: number): number;
}

/** A door call on `bytes` already known; null when the build has no such door. */
function doorCalls(x: DoorExports | null): { container: (b: Uint8Array, minor: number, flags: number) => string; template: (b: Uint8Array, minor: number, flags: number) => string } | null {
  if (x === null || x.hashContainer === undefined || x.hashTemplate === undefined) return null;
  const put = (b: Uint8Array) => { const p = x.input(b.length) >>> 0; new Uint8Array(x.memory.buffer).set(b, p); return b.length; };
  return {
    container: (b, minor, flags) => {
      if (x.hashContainer!(put(b), minor, 0, flags) !== 1) throw new Error("container door declined");
      return new DataView(x.memory.buffer).getUint32(x.output() >>> 0, true).toString(16);
    },
    template: (b, minor, flags) => {
      const n = x.hashTemplate!(put(b), minor, flags, 0);
      if (n <= 0) throw new Error("template door declined");
      const o = x.output() >>> 0;
      return String.fromCharCode(...new Uint8Array(x.memory.buffer, o, n));
    },
  };
}

/** controller.ComputeHash's encoding of a Sum32 without collision count: rand.SafeEncodeString of its decimal. */
function safeEncode(h: number): string {
  const a = "bcdfghjklmnpqrstvwxz2456789";
  return Array.from(String(h >>> 0)).map((c) => a[c.charCodeAt(0) % 27]).join("");
}

/** The cases: container hash per kubelet era (struct 1.15, JSON 1.26 and 1.30 (with the hash without resources), name+image newest) and pod-template-hash 1.30. */
export function hashCases(k: Engine, newest: string, x: DoorExports | null): HashCase[] {
  const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));
  const cBytes = fixture("hash-container.json");
  const tBytes = fixture("hash-template.json");
  const c = JSON.parse(dec.decode(cBytes)) as Record<string, unknown>;
  const t = JSON.parse(dec.decode(tBytes)) as unknown;
  const hex = (h: number) => (h >>> 0).toString(16);
  const door = doorCalls(x);
  const cases: HashCase[] = [];
  for (const [kubelet, era] of [["1.15", "struct"], ["1.26", "json"], ["1.30", "json"], [newest, "name-image"]] as const) {
    let floor: Uint8Array;
    if (era === "struct") floor = enc.encode(ask(k, { op: "spew", type: "Container", kubernetes: kubelet, value: c }).text as string);
    else if (era === "json") floor = spewBytes(enc.encode(ask(k, { op: "k8s.json", type: "Container", kubernetes: kubelet, value: c, applyDefaults: true }).json as string));
    else floor = spewBytes(enc.encode(JSON.stringify({ image: c.image, name: c.name })));
    const line = rawLine({ op: "container.hash", kubelet }, "container", cBytes);
    const minor = Number(kubelet.split(".")[1]);
    const ways = [
      { input: "bytes: eval line", fn: () => hashOf(k.evaluateLine(line)) },
      ...(door ? [{ input: "bytes: door", fn: () => door.container(cBytes, minor, 0) }, { input: "bytes: door, defaults", fn: () => door.container(cBytes, minor, 1) }] : []),
      { input: "object: containerHash", fn: () => k.containerHash(c, { kubelet }).hash },
      { input: "object: containerHash, applyDefaults false", fn: () => k.containerHash(c, { kubelet, applyDefaults: false }).hash },
    ];
    cases.push({ hash: `container ${kubelet} (${era})`, floor, expect: hex, ways });
  }
  const tLine = rawLine({ op: "podTemplateHash", kubernetes: "1.30" }, "template", tBytes);
  cases.push({
    hash: "pod-template-hash 1.30",
    floor: enc.encode(ask(k, { op: "spew", type: "PodTemplateSpec", kubernetes: "1.30", value: t }).text as string),
    expect: safeEncode,
    ways: [
      { input: "bytes: eval line", fn: () => hashOf(k.evaluateLine(tLine)) },
      ...(door ? [{ input: "bytes: door", fn: () => door.template(tBytes, 30, 0) }, { input: "bytes: door, defaults", fn: () => door.template(tBytes, 30, 1) }] : []),
      { input: "object: podTemplateHash", fn: () => k.podTemplateHash(t, { kubernetes: "1.30" }) },
      { input: "object: podTemplateHash, applyDefaults false", fn: () => k.podTemplateHash(t, { kubernetes: "1.30", applyDefaults: false }) },
    ],
  });
  return cases;
}

/** Milliseconds of CPU time this process has used (user + system): unlike wall time, it does not count the time
 *  other processes on a shared machine hold the core. */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** The clock samples are timed with: CPU time (default) or wall time (HASH_FLOOR_CLOCK=wall). */
const clock = process.env.HASH_FLOOR_CLOCK === "wall" ? () => performance.now() : cpuMs;

/** ns per call of `fn`, run for about `ms` milliseconds in batches of `n`. */
function sample(fn: () => unknown, n: number, ms: number): number {
  let ops = 0;
  const t0 = clock();
  let dt = 0;
  do {
    for (let i = 0; i < n; i++) fn();
    ops += n;
    dt = clock() - t0;
  } while (dt < ms);
  return (dt * 1e6) / ops;
}

/** A batch size that takes about 1 ms (after warming up). */
function calibrate(fn: () => unknown): number {
  let n = 1;
  for (;;) {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) fn();
    if (performance.now() - t0 > 1) return n;
    n *= 2;
  }
}

const median = (v: number[]) => [...v].sort((a, b) => a - b)[v.length >> 1]!;

/** Times every way into every case against the case's floor, interleaved over `rounds` rounds of `ms` ms per sample; returns the rows. */
export async function hashFloorRows(k: Engine, x: DoorExports | null, rounds = 15, ms = 20, only?: (hash: string, input: string) => boolean, newest = NEWEST): Promise<FloorRow[]> {
  const floor = floorCache ?? (floorCache = await loadFloor());
  const rows: FloorRow[] = [];
  for (const hc of hashCases(k, newest, x)) {
    // the floor bytes in the floor module's memory
    const need = hc.floor.length + 16;
    if (floor.memory.buffer.byteLength < need) floor.memory.grow(Math.ceil((need - floor.memory.buffer.byteLength) / 65536));
    new Uint8Array(floor.memory.buffer).set(hc.floor, 0);
    const h = floor.fnv(0, hc.floor.length) >>> 0;
    if (h !== fnvJS(hc.floor)) throw new Error("floor module disagrees with FNV-1a");
    const want = hc.expect(h);
    const floorFn = () => floor.fnv(0, hc.floor.length);
    for (const way of hc.ways) {
      if (only && !only(hc.hash, way.input)) continue;
      const got = way.fn();
      if (got !== want) throw new Error(`${hc.hash} ${way.input}: engine ${got} != FNV of the floor bytes ${want}`);
      const nf = calibrate(floorFn);
      const nc = calibrate(way.fn);
      const fs: number[] = [];
      const cs: number[] = [];
      const rs: number[] = [];
      for (let r = 0; r < rounds; r++) {
        const a = sample(floorFn, nf, ms);
        const b = sample(way.fn, nc, ms);
        fs.push(a);
        cs.push(b);
        rs.push(b / a);
      }
      rows.push({
        hash: hc.hash, input: way.input, floorBytes: hc.floor.length,
        floorMicros: median(fs) / 1000, micros: median(cs) / 1000,
        ratio: median(rs), spread: [Math.min(...rs), Math.max(...rs)],
      });
    }
  }
  return rows;
}

let floorCache: Floor | undefined;

/** Markdown lines for `rows`. */
export function floorTable(rows: FloorRow[]): string[] {
  const out = ["| hash | input | floor bytes | floor µs | kinplace µs | ÷ floor (median) | spread |", "|---|---|---:|---:|---:|---:|---|"];
  for (const r of rows) {
    out.push(`| ${r.hash} | ${r.input} | ${r.floorBytes} | ${r.floorMicros.toFixed(2)} | ${r.micros.toFixed(2)} | ${r.ratio.toFixed(2)}× | ${r.spread[0].toFixed(2)}–${r.spread[1].toFixed(2)} |`);
  }
  return out;
}

/** The raw exports of an instance of its own of the wasm at `wasm` (for the doors). */
export async function doorExports(wasm: Uint8Array): Promise<DoorExports> {
  const { Host } = await import("../js/core.ts");
  const host = new Host();
  const inst = new WebAssembly.Instance(new WebAssembly.Module(wasm as Uint8Array<ArrayBuffer>), host.imports);
  const x = inst.exports as unknown as DoorExports;
  host.memory = x.memory;
  return x;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const k = await import("../js/node.ts");
  const wasm = new Uint8Array(readFileSync(process.env.KINPLACE_WASM ?? new URL("../build/kinplace.wasm", import.meta.url)));
  k.initSync(wasm);
  const filter = process.env.HASH_FLOOR_ONLY;
  const rows = await hashFloorRows(k, await doorExports(wasm), Number(process.argv[2] ?? 15), Number(process.argv[3] ?? 20),
    filter ? (hash, input) => `${hash} ${input}`.includes(filter) : undefined);
  for (const l of floorTable(rows)) console.log(l);
}
