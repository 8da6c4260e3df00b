#!/usr/bin/env node
// Example controller loop: reads Kubernetes watch events (JSON Lines of {"type","object"}, e.g.
// `kubectl get pods,deploy -A -w --output-watch-events -o json | jq -c .`) from FILE or stdin and
// reports, for every update, whether running pods keep going, restart containers in place, or are
// recreated — predicted offline by kinplace, no cluster access needed.
//   node examples/controller/controller.mjs [FILE|-] [--kubelet 1.N] [--kubernetes 1.N] [--json]

import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { init } from "kinplace";
import { createController } from "./decide.mjs";

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
};
const kubelet = option("--kubelet") ?? "1.37";
const kubernetes = option("--kubernetes");
const asJson = args.includes("--json");
const file = args.filter((a) => a !== "--json")[0] ?? "-";

await init();
const controller = createController({ kubelet, kubernetes });
const input = file === "-" ? process.stdin : createReadStream(file);
let line = 0;
let failed = false;
for await (const text of createInterface({ input, crlfDelay: Infinity })) {
  line++;
  if (text.trim() === "") continue;
  let event;
  try {
    event = JSON.parse(text);
  } catch (e) {
    console.error(`${file}:${line}: ${e.message}`);
    failed = true;
    continue;
  }
  const d = controller.handle(event);
  if (d === undefined) continue;
  if (asJson) {
    console.log(JSON.stringify(d));
    continue;
  }
  const who = `${d.kind} ${d.namespace ? `${d.namespace}/` : ""}${d.name}`;
  if (d.decision === "error") console.log(`${who}: cannot decide (${d.error})`);
  else if (d.decision === "none") console.log(`${who}: no restart`);
  else if (d.decision === "in-place") console.log(`${who}: in place, restarts ${d.restart.join(", ")}`);
  else console.log(`${who}: ${d.decision}${d.restart.length ? ` (${d.restart.join(", ")})` : ""}`);
}
process.exitCode = failed ? 1 : 0;
