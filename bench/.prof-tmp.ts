import { readFileSync } from "node:fs";
const k = await import("/work/main/js/node.ts");
k.initSync(readFileSync("/tmp/mine-prof3.wasm"));
const c = JSON.parse(readFileSync("/work/main/bench/fixtures/hash-container.json", "utf8"));
const t = JSON.parse(readFileSync("/work/main/bench/fixtures/hash-template.json", "utf8"));
const which = process.argv[2];
const t0 = performance.now();
let n = 0;
while (performance.now() - t0 < 4000) { if (which === "t") k.podTemplateHash(t, { kubernetes: "1.30" }); else k.containerHash(c, { kubelet: "1.30" }); n++; }
console.log(n, (performance.now() - t0) / n * 1000, "us");
