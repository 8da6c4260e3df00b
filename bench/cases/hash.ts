// The hash rows: the kubelet's container hash in each era (struct ≤1.15, JSON 1.16–1.30, name+image 1.31+) and the
// pod-template-hash, from a JS object and from raw JSON bytes (a request line with the object's bytes spliced in,
// answer bytes out), against the TypeScript implementation in bench/ts-hash/, the upstream Go functions natively
// (test/oracle/cmd/benchpeer: on a decoded struct, and json.Unmarshal + the same from bytes), and the FNV-1a floor:
// a hand-written wasm loop over exactly the bytes the hash covers (bench/lib/fnv-floor.ts). Then FNV-1a itself:
// kinplace fnv32a against the floor, a JS loop and Go's hash/fnv. Every answer is checked before timing.

import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { jsContender, type Contender } from "../lib/interleave.ts";
import { fnvFloor } from "../lib/fnv-floor.ts";
import { goContender, printGroups, startPeer, stopPeer, timeGroup, vsBaseline, type Ctx, type TimedGroup } from "../lib/section.ts";
import { perRoundRatio } from "../lib/interleave.ts";
import { ratioCell, size, speedup } from "../lib/stats.ts";
import { containerHashTS, containerHashTSBytes, containerSpewText, fnv1a32, podTemplateHashTS, podTemplateHashTSBytes, spewByteSlice, templateSpewText } from "../ts-hash/hash.ts";

const enc = new TextEncoder();
const dec = new TextDecoder();
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));

/** A request line with the object's raw JSON bytes spliced in as the value of `field`. */
function rawLine(head: object, field: string, raw: Uint8Array): Uint8Array {
  const a = enc.encode(`${JSON.stringify(head).slice(0, -1)},"${field}":`);
  const out = new Uint8Array(a.length + raw.length + 1);
  out.set(a);
  out.set(raw, a.length);
  out[out.length - 1] = 0x7d;
  return out;
}

/** The hash in an answer line. */
function hashOf(answer: Uint8Array): string {
  const a = JSON.parse(dec.decode(answer)) as { ok: boolean; result?: { hash: string }; error?: unknown };
  if (!a.ok) throw new Error(`engine error: ${JSON.stringify(a.error)}`);
  return a.result!.hash;
}

/** Checks an implementation's answer against the engine's. */
function check(what: string, got: string, want: string): void {
  if (got !== want) throw new Error(`${what}: ${got} != kinplace's ${want}`);
}

/** Runs the section. */
export async function hashSection(ctx: Ctx): Promise<void> {
  const { k } = ctx;
  const cBytes = new Uint8Array(readFileSync(fixture("hash-container.json")));
  const tBytes = new Uint8Array(readFileSync(fixture("hash-template.json")));
  const c = JSON.parse(dec.decode(cBytes)) as { name: string; image: string };
  const t = JSON.parse(dec.decode(tBytes)) as unknown;
  const mib = new Uint8Array(1 << 20).map((_, i) => (i * 131) & 255);
  const small = mib.subarray(0, 1536);
  writeFileSync(`${ctx.tmp}/fnv-1536.bin`, small);
  writeFileSync(`${ctx.tmp}/fnv-1m.bin`, mib);
  const peer = await startPeer(ctx, "hash", [
    { kind: "container.hash.object", files: [fixture("hash-container.json")] },
    { kind: "container.hash.bytes", files: [fixture("hash-container.json")] },
    { kind: "podTemplateHash.object", files: [fixture("hash-template.json")] },
    { kind: "podTemplateHash.bytes", files: [fixture("hash-template.json")] },
    { kind: "fnv32a", files: [`${ctx.tmp}/fnv-1536.bin`] },
    { kind: "fnv32a", files: [`${ctx.tmp}/fnv-1m.bin`] },
  ]);
  const groups: TimedGroup[] = [];
  const fnvGroups: TimedGroup[] = [];
  try {
    /** Go's contender for case `i`, or a note. */
    const go = async (i: number, label: string, want: string, notes: string[]): Promise<Contender[]> => {
      if (!peer) { notes.push(`Go: ${ctx.goNote}`); return []; }
      const x = await goContender(peer, i, "go", label, want);
      if (typeof x === "string") { notes.push(x); return []; }
      return [x];
    };
    /** The floor contender over `hashed`, checked to give `want` (a 32-bit FNV-1a value). */
    const floor = (hashed: Uint8Array, want: number): Contender => {
      const f = fnvFloor(hashed);
      if (f.hash() !== want) throw new Error(`the FNV floor gives ${f.hash().toString(16)}, expected ${want.toString(16)}`);
      return jsContender("floor", `FNV-1a floor: wasm loop over the ${size(hashed.length)} the hash covers`, () => f.hash());
    };

    // container hash, JSON era (kubelet 1.26: one HashContainer; 1.27-1.30 also compute hashWithoutResources)
    {
      const want = k.containerHash(c, { kubelet: "1.26", applyDefaults: false }).hash;
      const line = rawLine({ op: "container.hash", kubelet: "1.26" }, "container", cBytes);
      const lineDefaults = rawLine({ op: "container.hash", kubelet: "1.26", applyDefaults: true }, "container", cBytes);
      check("kinplace from bytes", hashOf(k.evaluateLine(line)), want);
      check("kinplace with defaults", k.containerHash(c, { kubelet: "1.26" }).hash, want);
      check("kinplace from bytes with defaults", hashOf(k.evaluateLine(lineDefaults)), want);
      check("TypeScript", containerHashTS(c), want);
      const spewText = containerSpewText(c);
      const notesO: string[] = [];
      const notesB: string[] = [];
      groups.push(await timeGroup(ctx, { label: "container hash, kubelet 1.26 (JSON era), JS object in", baseline: "kinplace", contenders: [
        jsContender("kinplace", "kinplace containerHash(object, applyDefaults: false)", () => k.containerHash(c, { kubelet: "1.26", applyDefaults: false })),
        jsContender("kinplace-defaults", "kinplace containerHash(object), defaulted first (the API's default)", () => k.containerHash(c, { kubelet: "1.26" })),
        jsContender("ts", "TypeScript (bench/ts-hash)", () => containerHashTS(c)),
        ...(await go(0, "Go HashContainer on a decoded v1.Container, native", want, notesO)),
        floor(spewText, parseInt(want, 16)),
      ], notes: notesO }));
      groups.push(await timeGroup(ctx, { label: "container hash, kubelet 1.26 (JSON era), JSON bytes in", baseline: "kinplace", contenders: [
        jsContender("kinplace", "kinplace evaluateLine (request bytes in, answer bytes out)", () => k.evaluateLine(line)),
        jsContender("kinplace-defaults", "the same with applyDefaults: true", () => k.evaluateLine(lineDefaults)),
        jsContender("ts", "JSON.parse + TypeScript", () => containerHashTSBytes(cBytes)),
        ...(await go(1, "Go json.Unmarshal + HashContainer, native", want, notesB)),
        floor(spewText, parseInt(want, 16)),
      ], notes: notesB }));
    }
    // container hash, struct era (kubelet 1.15: go-spew of the stored v1.Container)
    {
      const want = k.containerHash(c, { kubelet: "1.15", applyDefaults: false }).hash;
      const line = rawLine({ op: "container.hash", kubelet: "1.15" }, "container", cBytes);
      check("kinplace from bytes, 1.15", hashOf(k.evaluateLine(line)), want);
      const stored = k.evaluate({ op: "k8s.json", type: "Container", value: c, kubernetes: "1.15" } as never) as { ok: boolean; result: { json: string } };
      const spew = k.evaluate({ op: "spew", type: "Container", value: JSON.parse(stored.result.json), kubernetes: "1.15" } as never) as { ok: boolean; result: { text: string } };
      const hashed = enc.encode(spew.result.text);
      groups.push(await timeGroup(ctx, { label: "container hash, kubelet 1.15 (struct era), JS object in", baseline: "kinplace", contenders: [
        jsContender("kinplace", "kinplace containerHash(object, applyDefaults: false)", () => k.containerHash(c, { kubelet: "1.15", applyDefaults: false })),
        floor(hashed, parseInt(want, 16)),
      ] }));
      groups.push(await timeGroup(ctx, { label: "container hash, kubelet 1.15 (struct era), JSON bytes in", baseline: "kinplace", contenders: [
        jsContender("kinplace", "kinplace evaluateLine (request bytes in, answer bytes out)", () => k.evaluateLine(line)),
        floor(hashed, parseInt(want, 16)),
      ] }));
    }
    // container hash, name+image era (kubelet 1.31+: json.Marshal of {"image","name"}, then go-spew of those bytes)
    {
      const want = k.containerHash(c, { kubelet: "1.31", applyDefaults: false }).hash;
      const line = rawLine({ op: "container.hash", kubelet: "1.31" }, "container", cBytes);
      check("kinplace from bytes, 1.31", hashOf(k.evaluateLine(line)), want);
      const hashed = enc.encode(spewByteSlice(enc.encode(JSON.stringify({ image: c.image, name: c.name }))));
      groups.push(await timeGroup(ctx, { label: "container hash, kubelet 1.31 (name+image era), JS object in", baseline: "kinplace", contenders: [
        jsContender("kinplace", "kinplace containerHash(object, applyDefaults: false)", () => k.containerHash(c, { kubelet: "1.31", applyDefaults: false })),
        floor(hashed, parseInt(want, 16)),
      ] }));
      groups.push(await timeGroup(ctx, { label: "container hash, kubelet 1.31 (name+image era), JSON bytes in", baseline: "kinplace", contenders: [
        jsContender("kinplace", "kinplace evaluateLine (request bytes in, answer bytes out)", () => k.evaluateLine(line)),
        floor(hashed, parseInt(want, 16)),
      ] }));
    }
    // pod-template-hash (controller.ComputeHash, Kubernetes 1.30)
    {
      const want = k.podTemplateHash(t, { kubernetes: "1.30", applyDefaults: false });
      const line = rawLine({ op: "podTemplateHash", kubernetes: "1.30" }, "template", tBytes);
      const lineDefaults = rawLine({ op: "podTemplateHash", kubernetes: "1.30", applyDefaults: true }, "template", tBytes);
      check("kinplace from bytes, template", hashOf(k.evaluateLine(line)), want);
      check("kinplace template with defaults", k.podTemplateHash(t, { kubernetes: "1.30" }), want);
      check("kinplace template from bytes with defaults", hashOf(k.evaluateLine(lineDefaults)), want);
      check("TypeScript template", podTemplateHashTS(t), want);
      const hashed = templateSpewText(t);
      const sum = fnv1a32(hashed);
      const notesO: string[] = [];
      const notesB: string[] = [];
      groups.push(await timeGroup(ctx, { label: "pod-template-hash, Kubernetes 1.30, JS object in", baseline: "kinplace", contenders: [
        jsContender("kinplace", "kinplace podTemplateHash(object, applyDefaults: false)", () => k.podTemplateHash(t, { kubernetes: "1.30", applyDefaults: false })),
        jsContender("kinplace-defaults", "kinplace podTemplateHash(object), defaulted first (the API's default)", () => k.podTemplateHash(t, { kubernetes: "1.30" })),
        jsContender("ts", "TypeScript (bench/ts-hash)", () => podTemplateHashTS(t)),
        ...(await go(2, "Go ComputeHash on a decoded v1.PodTemplateSpec, native", want, notesO)),
        floor(hashed, sum),
      ], notes: notesO }));
      groups.push(await timeGroup(ctx, { label: "pod-template-hash, Kubernetes 1.30, JSON bytes in", baseline: "kinplace", contenders: [
        jsContender("kinplace", "kinplace evaluateLine (request bytes in, answer bytes out)", () => k.evaluateLine(line)),
        jsContender("kinplace-defaults", "the same with applyDefaults: true", () => k.evaluateLine(lineDefaults)),
        jsContender("ts", "JSON.parse + TypeScript", () => podTemplateHashTSBytes(tBytes)),
        ...(await go(3, "Go json.Unmarshal + ComputeHash, native", want, notesB)),
        floor(hashed, sum),
      ], notes: notesB }));
    }
    // FNV-1a 32 itself
    for (const [i, bytes] of [[4, small], [5, mib]] as const) {
      const want = k.fnv32a(bytes);
      if (fnv1a32(bytes) !== want) throw new Error("the JS FNV loop disagrees with kinplace");
      const notes: string[] = [];
      fnvGroups.push(await timeGroup(ctx, { label: `FNV-1a 32 of ${size(bytes.length)}`, baseline: "kinplace", contenders: [
        jsContender("kinplace", "kinplace fnv32a(bytes) (bytes copied into wasm)", () => k.fnv32a(bytes)),
        floor(bytes, want),
        jsContender("js", "JS loop (Math.imul)", () => fnv1a32(bytes)),
        ...(await go(i, "Go hash/fnv New32a, native", want.toString(16), notes)),
      ], notes }));
    }
  } finally {
    await stopPeer(ctx, peer);
  }
  ctx.say(`Inputs: \`bench/fixtures/hash-container.json\` (a ${size(cBytes.length)} container: ports, env with fieldRef and secretKeyRef, resources, mounts, probes, lifecycle, securityContext) and \`hash-template.json\` (a ${size(tBytes.length)} pod template: that container and two sidecars, volumes, affinity, tolerations). Both are already in the form the API server stores (defaults present), so every implementation hashes them as given: kinplace with \`applyDefaults: false\`, the work Go's HashContainer / ComputeHash and the TypeScript do; the API's default (defaulting the object first, which gives the same hash here) is the extra kinplace row.`);
  ctx.say();
  printGroups(ctx, groups, "hash");
  ctx.say("How close kinplace is to the floor (kinplace's time ÷ the FNV-1a loop's time over the same bytes, per round):");
  ctx.say();
  ctx.say("| hash | kinplace ÷ FNV-1a floor | by CPU time |");
  ctx.say("|---|---:|---:|");
  for (const g of groups) ctx.say(`| ${g.label} | ${ratioCell(perRoundRatio(g.timing, "kinplace", "floor"))} | ${ratioCell(perRoundRatio(g.timing, "kinplace", "floor", true))} |`);
  ctx.say();
  printGroups(ctx, fnvGroups, "input");
  const find = (label: string) => groups.find((g) => g.label.startsWith(label))!;
  for (const [label, what, input] of [["container hash, kubelet 1.26 (JSON era), JSON bytes", "kubelet container hash (1.26), from bytes", "hash-container.json"],
    ["pod-template-hash, Kubernetes 1.30, JSON bytes", "pod-template-hash, from bytes", "hash-template.json"]] as const) {
    const g = find(label);
    const go = g.timing.contenders.some((c) => c.id === "go") ? `; ${speedup(vsBaseline(g, "go"))} than the upstream Go (json.Unmarshal + hash)` : "";
    ctx.headline({ what, input, result: `${ratioCell(perRoundRatio(g.timing, "kinplace", "floor"))} the time of the FNV-1a floor${go}` });
  }
}
