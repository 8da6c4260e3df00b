// `check -o markdown` (a pull-request comment) and the GitHub Actions example that posts it
// (examples/github-actions/kinplace.yml): valid YAML, and its kinplace command lines are real invocations.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { parse } from "yaml";
import { kinplace, root, tempDir } from "./cli-helpers.ts";

const tmp = tempDir();
after(() => tmp.cleanup());

const OLD = "examples/cli/argocd/install-old.yaml";
const NEW = "examples/cli/argocd/install-new.yaml";

describe("check -o markdown", () => {
  test("a marker, a headline, a summary table (one row per workload) and a <details> per workload; exit code as text's", async () => {
    const r = await kinplace(["check", OLD, NEW, "-o", "markdown"]);
    assert.equal(r.status, 1);
    const md = r.stdout.toString();
    const lines = md.split("\n");
    assert.equal(lines[0], "<!-- kinplace check -->");
    assert.equal(lines[1], "### 🔴 kinplace: 2 of 3 workloads recreate their pods or are rejected");
    assert.equal(lines[3], "2 recreate, 1 no change");
    const table = lines.slice(lines.indexOf("| | workload | verdict | what happens |"));
    assert.deepEqual(table.slice(0, 5), [
      "| | workload | verdict | what happens |",
      "|---|---|---|---|",
      "| 🔴 | Deployment argocd-server | recreate | recreates 2 pods: image of container argocd-server changed |",
      "| 🟢 | Deployment argocd-redis | no change | Nothing in the pods changes: no container restarts. |",
      "| 🔴 | StatefulSet argocd-application-controller | recreate | recreates 1 pod: image of container argocd-application-controller changed |",
    ]);
    assert.equal(md.match(/^<details><summary>/gm)?.length, 3);
    assert.equal(md.match(/^<\/details>$/gm)?.length, 3);
    assert.match(md, /^<details><summary>Deployment argocd-server: <b>recreate<\/b><\/summary>$/m);
    // the whole patches, in fenced blocks, inside the details
    assert.match(md, /^merge patch:\n\n```json\n\{"spec":\{"containers":\[\{"args":\["\/usr\/local\/bin\/argocd-server"\].*\}\n```$/m);
    // every fence is closed
    assert.equal((md.match(/^```/gm)?.length ?? 0) % 2, 0);
    // --patches none: the same report without the patches
    const none = (await kinplace(["check", OLD, NEW, "-o", "markdown", "--patches", "none"])).stdout.toString();
    assert.equal(none, md.replace(/\n\*\*Patches of the pod template\*\*\n(\n.*:\n\n```json\n.*\n```\n)+/g, ""));
    assert.doesNotMatch(none, /```/);
  });

  test("no disruption: a green headline, exit 0; a policy's decision in the details", async () => {
    const r = await kinplace(["check", "examples/cli/cloneset-old.yaml", "examples/cli/cloneset-image.yaml", "-o", "markdown", "--policy", "examples/cli/policy.yaml"]);
    assert.equal(r.status, 0, r.stderr);
    const md = r.stdout.toString();
    assert.match(md, /^### 🟢 kinplace: no pod is recreated \(1 workload\)$/m);
    assert.match(md, /^\| 🟡 \| CloneSet default\/sample \| in place \| updates 5 pods in place \(restarts container app\): image of container app changed \|$/m);
    assert.match(md, /^\*\*Policy: allowed\*\*$/m);
    assert.match(md, /^- `\/spec\/template\/spec\/containers\/0\/image`: \*\*restart\*\*: in-place: image of container "app" becomes "nginx:1\.26"/m);
  });

  test("markdown is check's: the other commands refuse it", async () => {
    const r = await kinplace(["hash", OLD, "-o", "markdown"]);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /option --output: "markdown" is not one of text, json, yaml/);
  });
});

describe("examples/github-actions/kinplace.yml", () => {
  const path = join(root, "examples/github-actions/kinplace.yml");
  const text = readFileSync(path, "utf8");
  const workflow = parse(text) as { on: unknown; jobs: { [job: string]: { steps: { name?: string; run?: string; uses?: string }[] } } };

  test("is valid YAML with a pull_request trigger and a job of steps", () => {
    assert.ok(Object.hasOwn(workflow.on as object, "pull_request"));
    const steps = workflow.jobs["check"]!.steps;
    assert.ok(steps.some((s) => s.uses?.startsWith("actions/checkout@")));
    assert.ok(steps.some((s) => s.run?.includes("kinplace check")));
    // every run script is valid bash (the expressions GitHub fills in left out)
    for (const s of steps.filter((x) => x.run !== undefined)) execFileSync("bash", ["-n", "-c", s.run!.replace(/\$\{\{[^}]*\}\}/g, "x")]);
  });

  test("its kinplace command lines run: on a base and head tree as the workflow builds them", async () => {
    const runs = workflow.jobs["check"]!.steps.flatMap((s) => (s.run ?? "").split("\n"));
    const commands = runs.flatMap((l) => [...l.matchAll(/(?:^|\$\(|;|&&|\|\|)\s*(kinplace [^)|;&>]*)/g)].map((m) => m[1]!.replace(/\s+[0-9]?$/, "")));
    assert.equal(commands.length, 2, commands.join("\n"));
    const temp = tmp.dir;
    for (const side of ["base", "head"]) mkdirSync(join(temp, side, "deploy"), { recursive: true });
    cpSync(join(root, OLD), join(temp, "base/deploy/argocd.yaml"));
    cpSync(join(root, NEW), join(temp, "head/deploy/argocd.yaml"));
    for (const line of commands) {
      const args = line.split(/\s+/).slice(1).map((w) => w.replace(/^"(.*)"$/, "$1").replaceAll("$RUNNER_TEMP", temp));
      assert.ok(args.every((a) => !a.includes("$") && !a.includes('"')), `a word the test cannot expand: ${line}`);
      const r = await kinplace(args);
      assert.ok(r.status === 0 || r.status === 1, `${line}: exit ${r.status}: ${r.stderr}`);
      assert.ok(r.stdout.length > 0, line);
      if (args[0] === "check") assert.match(r.stdout.toString(), /^<!-- kinplace check -->\n/);
    }
  });
});
