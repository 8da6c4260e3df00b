// Writes test/vectors/rollout-*.jsonl from OpenKruise's and Kubernetes' own test tables (ported, not
// oracle runs: the functions are unexported). Each line: {"note", "request", "expect"}; the engine's
// result must hold every member of `expect` with an equal value (a key "a.b" names a nested member,
// "x.length" an array's length).
//
// Run: node --import tsx tools/rollout-port/port.ts   (needs a git mirror of openkruise/kruise with the
// v1.9.0 tag commit, see gosource.ts; the Kubernetes tables come from the Go module cache).

import { writeFileSync } from "node:fs";
import { portCalculateDiffs, type PortedVector } from "./cloneset.ts";
import { portPriority, portScatter, portCloneSetUpdate } from "./updatesort.ts";
import { portDaemonSet } from "./daemonset.ts";
import { portSortPodsToUpdate, portScale, portRolling, portFenceposts } from "./workloads.ts";

function write(name: string, vectors: PortedVector[]): void {
  const url = new URL(`../../test/vectors/${name}`, import.meta.url);
  writeFileSync(url, vectors.map((v) => JSON.stringify(v)).join("\n") + "\n");
  console.log(`${name}: ${vectors.length} vectors`);
}

write("rollout-cloneset-diffs.jsonl", portCalculateDiffs());
write("rollout-cloneset-order.jsonl", [...portCloneSetUpdate(), ...portPriority(), ...portScatter()]);
write("rollout-daemonset.jsonl", portDaemonSet());
write("rollout-statefulset.jsonl", portSortPodsToUpdate());
write("rollout-deployment.jsonl", [...portScale(), ...portRolling(), ...portFenceposts()]);
