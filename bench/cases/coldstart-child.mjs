// One fresh process of the cold-start rows (bench/coldstart.ts spawns it): imports the built package, loads the
// engine (`initSync()` or `await init()`), then asks each core op and a verdict once, and prints the milliseconds of
// each step as JSON. Plain JavaScript, so that nothing but Node itself runs before the import.

const t0 = performance.now(); // milliseconds since the process started
const k = await import(new URL("../../dist/node.mjs", import.meta.url).href);
const t1 = performance.now();
if (process.argv[2] === "async") await k.init();
else k.initSync();
const t2 = performance.now();
const json = k.goJSONText('{"b":[1,2.50,"<x>"],"a":{"c":null}}');
const t3 = performance.now();
const fnv = k.fnv32a("hello");
const t4 = performance.now();
const patch = k.jsonPatchDiffText('{"a":1,"b":[1,2]}', '{"a":2,"b":[1,2,3]}');
const t5 = performance.now();
const deployment = (image) => ({
  apiVersion: "apps/v1", kind: "Deployment", metadata: { name: "web", namespace: "shop" },
  spec: { selector: { matchLabels: { app: "web" } }, template: { metadata: { labels: { app: "web" } }, spec: { containers: [{ name: "app", image }] } } },
});
const v = k.verdict(deployment("nginx:1.25"), deployment("nginx:1.26"), { kubernetes: "1.33" });
const t6 = performance.now();
if (json !== '{"a":{"c":null},"b":[1,2.5,"\\u003cx\\u003e"]}' || fnv !== 0x4f9f2cab || !patch.startsWith("[") || v.verdict !== "recreate") {
  console.error("unexpected answers", json, fnv, patch, v.verdict);
  process.exit(1);
}
console.log(JSON.stringify({ boot: t0, import: t1 - t0, init: t2 - t1, goJSONText: t3 - t2, fnv32a: t4 - t3, jsonPatchDiffText: t5 - t4, verdict: t6 - t5 }));
