// A real kube-apiserver's AdmissionReviews and kubectl diff directories, without Go or a server:
// test/fixtures/apiserver/webhook-1.37.json.gz holds what the live suite (test/live/webhook.test.ts) saw — the
// AdmissionReviews kube-apiserver sent to `kinplace webhook` for updates made with kubectl (apply, set image, label)
// with the answers it gave, kubectl's stderr for each, and the LIVE / MERGED directories kubectl diff handed to
// `kinplace kubectl-diff` with what it printed. The webhook's decision must give the same answer bytes, every warning
// must be one kubectl printed, and kubectl-diff must print the same lines on the same directories.

import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { gunzipSync } from "node:zlib";
import { parse } from "yaml";
import { loadEngine } from "../js/cli/engine.ts";
import { callResult } from "../js/cli/request.ts";
import { kindOptions } from "../js/present/options.ts";
import { decide, DEFAULT_DECIDE, type Judge } from "../js/webhook/decide.ts";
import { readReview, reviewResponse } from "../js/webhook/review.ts";
import { memberSpans } from "../js/webhook/spans.ts";
import { kinplace, tempDir } from "./cli-helpers.ts";

interface Fixture {
  kubernetes: string;
  policy: string;
  reviews: string[];
  kubectl: { args: string[]; status: number | null; stderr: string }[];
  diffs: { extra: string[]; live: { [f: string]: string }; merged: { [f: string]: string }; stdout: string; status: number | null }[];
}

const fixture = JSON.parse(gunzipSync(readFileSync(new URL("./fixtures/apiserver/webhook-1.37.json.gz", import.meta.url))).toString("utf8")) as Fixture;
const engine = loadEngine();
const policy = JSON.stringify(parse(fixture.policy));
const judge: Judge = (kind, old, next) => callResult(engine, "verdict", { ...kindOptions(kind, {}) }, { old, new: next, policy }).result;

test(`kube-apiserver ${fixture.kubernetes}'s AdmissionReviews: the webhook answers the recorded bytes, and kubectl printed each warning`, () => {
  assert.ok(fixture.reviews.length >= 4, `${fixture.reviews.length} reviews`);
  const encoder = new TextEncoder();
  const printed = fixture.kubectl.flatMap((k) => k.stderr.split("\n").filter((l) => l.startsWith("Warning: ")).map((l) => l.slice("Warning: ".length)));
  const verdicts = new Set<string>();
  for (const line of fixture.reviews) {
    const bytes = encoder.encode(line);
    const spans = memberSpans(bytes, 0);
    const [r0, r1] = spans.get("review")!;
    const [a0, a1] = spans.get("answer")!;
    const review = readReview(bytes.subarray(r0, r1));
    const outcome = decide(review, judge, DEFAULT_DECIDE);
    verdicts.add(`${outcome.verdict}${outcome.denied ? " denied" : ""}`);
    assert.equal(reviewResponse(review, outcome.decision), line.slice(a0, a1), review.uid);
    for (const w of outcome.decision.warnings) assert.ok(printed.includes(w), `kubectl printed no "Warning: ${w}"`);
  }
  assert.ok(verdicts.has("recreate") && verdicts.has("recreate denied") && verdicts.has("in-place"), [...verdicts].join(", "));
});

/** A unified diff's header lines name temporary directories and times: kept as the file name only. */
function normalize(text: string): string {
  return text.replace(/^(---|\+\+\+) \S*\/(LIVE|MERGED)[^/]*\/(\S+)\t.*$/gm, "$1 $2/$3");
}

test("kubectl diff's LIVE and MERGED directories: kinplace kubectl-diff prints what it printed there", async () => {
  assert.ok(fixture.diffs.length >= 3);
  for (const [i, d] of fixture.diffs.entries()) {
    const t = tempDir();
    try {
      for (const [side, files] of [["LIVE", d.live], ["MERGED", d.merged]] as const) {
        mkdirSync(join(t.dir, side));
        for (const [name, text] of Object.entries(files)) writeFileSync(join(t.dir, side, name), text);
      }
      if (Object.keys(d.live).length === 0 && Object.keys(d.merged).length === 0) {
        assert.equal(d.status, 0, "kubectl found no differences");
        assert.equal(d.stdout, "");
        continue;
      }
      const r = await kinplace([join(t.dir, "LIVE"), join(t.dir, "MERGED"), "kubectl-diff", ...d.extra]);
      assert.equal(normalize(r.stdout.toString()), normalize(d.stdout), `diff ${i}`);
      assert.equal(r.status, d.status, `diff ${i}: exit code`);
    } finally {
      t.cleanup();
    }
  }
});
