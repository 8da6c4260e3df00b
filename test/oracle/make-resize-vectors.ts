// Writes test/vectors/resize-validate.jsonl.gz: pod.validateResize requests (realistic stored pods and resize
// edits of them from resize-arbitraries.ts, plus request errors) for every Kubernetes minor with the pods/resize
// subresource (1.32-1.37), and the no-subresource answer of 1.31, each answered by that minor's Go oracle
// binary (kube-apiserver's decode, defaulting, conversion and rest.BeforeUpdate with the pod ResizeStrategy).
//
//   node --import tsx test/oracle/make-resize-vectors.ts [PER_MINOR] [--stats]
//
// Every line is asked REPEAT times (default 4) in one process and must get the same answer each time up to the
// go-cmp diff (normalizeResize): a generated request whose upstream answer depends on Go's map order stops the
// run. KINPLACE_RESIZE_OUT changes the output path, KINPLACE_K8S_SEED the seed (default 20261130),
// KINPLACE_VALIDATE_ONLY="1.33 1.34" limits the minors (debugging). --stats prints, per minor, how many were
// refused and the error texts seen.

import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { askKey } from "./k8s/drive.ts";
import { classOfGo, goMinorOf, minorInfo } from "./k8s/versions.ts";
import { RESIZE_MINORS, noSubresourceLines, normalizeResize, resizeRequest, resizeRequestErrors, storedPod } from "./resize-arbitraries.ts";

const args = process.argv.slice(2);
const perMinor = Number(args.find((a) => /^\d+$/.test(a)) ?? 150);
const stats = args.includes("--stats");
const seed = Number(process.env.KINPLACE_K8S_SEED ?? 20261130);
const repeat = Number(process.env.KINPLACE_RESIZE_REPEAT ?? 4);
const only = (process.env.KINPLACE_VALIDATE_ONLY ?? "").split(/[\s,]+/).filter(Boolean);
const outPath = process.env.KINPLACE_RESIZE_OUT ?? new URL("../vectors/resize-validate.jsonl.gz", import.meta.url).pathname;

const keyOf = (minor: string) => `${minor}-${classOfGo(goMinorOf(minorInfo(minor)!.releaseGo))}`;

const out: string[] = [];
const minors = ["1.31", ...RESIZE_MINORS];
for (const [i, minor] of minors.entries()) {
  if (only.length > 0 && !only.includes(minor)) continue;
  const [pod] = fc.sample(storedPod, { numRuns: 1, seed: seed + 1000 + i });
  let lines: string[];
  if (minor === "1.31") lines = noSubresourceLines(minor, pod!);
  else {
    const [gen] = fc.sample(fc.array(resizeRequest(minor), { minLength: perMinor, maxLength: perMinor }), { numRuns: 1, seed: seed + i });
    lines = [...gen!, ...resizeRequestErrors(minor, pod!)];
  }
  const all = await askKey(keyOf(minor), Array.from({ length: repeat }, () => lines).flat());
  const answers = all.slice(0, lines.length);
  for (let k = 0; k < lines.length; k++) {
    const a = answers[k]!;
    if (a.includes('"E_INTERNAL"') || a.includes('"E_UNKNOWN_OP"')) throw new Error(`${minor}: oracle failed on ${lines[k]!.slice(0, 300)}: ${a}`);
    for (let r = 1; r < repeat; r++) {
      const b = all[r * lines.length + k]!;
      if (!isDeepStrictEqual(normalizeResize(a), normalizeResize(b))) throw new Error(`${minor}: the answer changes from run to run on ${lines[k]}:\n${a}\n${b}`);
    }
    out.push(`{"request":${JSON.stringify(lines[k])},"answer":${a}}`);
  }
  let refused = 0, okAnswers = 0, protocol = 0;
  const texts = new Map<string, number>();
  for (const a of answers.slice(0, minor === "1.31" ? lines.length : perMinor)) {
    const v = JSON.parse(a);
    if (!v.ok) { protocol++; texts.set(`${v.error.code}: ${v.error.message.slice(0, 90)}`, (texts.get(`${v.error.code}: ${v.error.message.slice(0, 90)}`) ?? 0) + 1); continue; }
    if (v.result.errors.length) refused++; else okAnswers++;
    for (const e of v.result.errors) {
      const t = `${e.field.replace(/\[\d+\]/g, "[i]")}: ${e.message.split("\n")[0].replace(/"[^"]*"/g, '"…"').slice(0, 110)}`;
      texts.set(t, (texts.get(t) ?? 0) + 1);
    }
  }
  console.error(`${minor}: ${lines.length} vectors (${keyOf(minor)}): ${okAnswers} accepted, ${refused} refused, ${protocol} protocol errors among the generated`);
  if (stats) for (const [t, n] of [...texts].sort((x, y) => y[1] - x[1])) console.error(`  ${String(n).padStart(4)}  ${t}`);
}
const text = out.join("\n") + "\n";
writeFileSync(outPath, outPath.endsWith(".gz") ? gzipSync(text, { level: 9 }) : text);
console.error(`wrote ${out.length} vectors to ${outPath}`);
