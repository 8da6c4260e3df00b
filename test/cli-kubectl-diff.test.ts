// `kinplace kubectl-diff LIVE MERGED`, kubectl diff's external diff program: pairing kubectl's two directories
// by file name, created / pruned / unchanged / other kinds, kubectl's argument order (the variable's words after
// the directories), KINPLACE_DIFF_FLAGS, the unified diff, and kubectl diff's exit codes. Needs `npm run build`.

import assert from "node:assert/strict";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { jsonLines, kinplace, root, tempDir } from "./cli-helpers.ts";

const LIVE = join(root, "examples/kubectl-diff/LIVE");
const MERGED = join(root, "examples/kubectl-diff/MERGED");

/** A copy of the example directories to edit. */
function copy(): ReturnType<typeof tempDir> & { live: string; merged: string } {
  const t = tempDir();
  const live = join(t.dir, "LIVE");
  const merged = join(t.dir, "MERGED");
  cpSync(LIVE, live, { recursive: true });
  cpSync(MERGED, merged, { recursive: true });
  return { ...t, live, merged };
}

test("kubectl's argument order: the directories first, then the words of KUBECTL_EXTERNAL_DIFF", async () => {
  const plain = await kinplace(["kubectl-diff", LIVE, MERGED]);
  const asKubectl = await kinplace([LIVE, MERGED, "kubectl-diff"]);
  assert.equal(asKubectl.status, 1);
  assert.equal(asKubectl.stdout.toString(), plain.stdout.toString());
  const withDiff = await kinplace([LIVE, MERGED, "kubectl-diff", "--diff"]);
  assert.equal(withDiff.status, 1);
  const text = withDiff.stdout.toString();
  assert.match(text, /^apps\/v1 Deployment shop\/web: recreates 6 pods: image of container app changed\n--- .*LIVE\/apps\.v1\.Deployment\.shop\.web\t/m);
  assert.match(text, /^-      - image: registry\.example\.com\/web:1\.8\.0\n\+      - image: registry\.example\.com\/web:1\.9\.0$/m);
});

test("no differences: exit 0 and nothing printed (identical files skipped, an empty pair ignored)", async () => {
  const t = tempDir();
  try {
    for (const d of ["LIVE", "MERGED"]) {
      mkdirSync(join(t.dir, d));
      writeFileSync(join(t.dir, d, "apps.v1.Deployment.shop.web"), readFileSync(join(LIVE, "apps.v1.Deployment.shop.web")));
      writeFileSync(join(t.dir, d, "v1.ConfigMap.shop.gone"), "");
    }
    const r = await kinplace(["kubectl-diff", join(t.dir, "LIVE"), join(t.dir, "MERGED")]);
    assert.equal(r.status, 0);
    assert.equal(r.stdout.toString(), "");
  } finally {
    t.cleanup();
  }
});

test("a pruned object: deleted", async () => {
  const t = copy();
  try {
    writeFileSync(join(t.merged, "apps.v1.Deployment.shop.web"), "");
    const r = await kinplace(["kubectl-diff", t.live, t.merged, "-o", "json"]);
    assert.equal(r.status, 1);
    const web = jsonLines(r.stdout).find((l) => l["file"] === "apps.v1.Deployment.shop.web");
    assert.deepEqual(web, { file: "apps.v1.Deployment.shop.web", object: "apps/v1 Deployment shop/web", change: "deleted", sentence: "deleted (pruned)" });
  } finally {
    t.cleanup();
  }
});

test("a workload the engine cannot judge is reported on stderr, the others still shown, exit 2", async () => {
  const t = copy();
  try {
    const f = join(t.merged, "apps.v1.Deployment.shop.web");
    writeFileSync(f, readFileSync(f, "utf8").replace("cpu: 250m", "cpu: lots"));
    const r = await kinplace(["kubectl-diff", t.live, t.merged]);
    assert.equal(r.status, 2);
    assert.match(r.stderr.toString(), /MERGED\/apps\.v1\.Deployment\.shop\.web:1:1: E_QUANTITY: quantities must match/);
    assert.match(r.stdout.toString(), /CloneSet shop\/checkout: updates 4 pods in place/);
    assert.doesNotMatch(r.stdout.toString(), /Deployment shop\/web/);
  } finally {
    t.cleanup();
  }
});

test("KINPLACE_DIFF_FLAGS carries options kubectl would drop; bad ones are usage errors (exit 2)", async () => {
  const old = await kinplace(["kubectl-diff", LIVE, MERGED, "-o", "json"], { env: { KINPLACE_DIFF_FLAGS: "--kubernetes 1.21 --kruise 1.5" } });
  assert.equal(old.status, 1);
  assert.equal(jsonLines(old.stdout).find((l) => l["file"] === "apps.v1.Deployment.shop.web")?.["verdict"], "recreate");
  const bad = await kinplace(["kubectl-diff", LIVE, MERGED], { env: { KINPLACE_DIFF_FLAGS: "--kubernetes 9" } });
  assert.equal(bad.status, 2);
  assert.match(bad.stderr.toString(), /option --kubernetes: "9" is not a version like 1\.30/);
  const unknown = await kinplace(["kubectl-diff", LIVE, MERGED], { env: { KINPLACE_DIFF_FLAGS: "--kruise 1.4" } });
  assert.equal(unknown.status, 2);
});

test("directories that cannot be read: exit 2 with the path, no usage dump", async () => {
  const r = await kinplace(["kubectl-diff", join(root, "no-such-dir"), MERGED]);
  assert.equal(r.status, 2);
  assert.match(r.stderr.toString(), /no-such-dir: cannot read: ENOENT/);
  assert.doesNotMatch(r.stderr.toString(), /Usage:/);
  const one = await kinplace(["kubectl-diff", LIVE]);
  assert.equal(one.status, 2);
  assert.match(one.stderr.toString(), /needs the LIVE and MERGED directories/);
});
