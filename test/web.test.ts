// The manifest checker page (web/) in a real browser: the Chromium of the npm package @sparticuz/chromium
// (test/support/browser.ts) driven by playwright-core, the page served by web/serve.mjs and opened from disk
// (file://). Screenshots go to test/artifacts/; the README's (docs/images/) are written from the same page by the last
// test, into docs/images/ with KINPLACE_SCREENSHOTS=docs.

import assert from "node:assert/strict";
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { BrowserContext, Page } from "playwright-core";
import { launchContext } from "./support/browser.ts";
import { EXAMPLES } from "../web/src/examples.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const ARTIFACTS = join(root, "test/artifacts");

let ctx: BrowserContext;
let server: ChildProcess | undefined;
let baseUrl = "";
let profile = "";
const fileUrl = pathToFileURL(join(root, "web/dist/index.html")).href;

/** Starts `node web/serve.mjs --port 0` and resolves with the URL it prints. */
function startServer(): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, "web/serve.mjs"), "--port", "0"], { stdio: ["ignore", "pipe", "pipe"] });
    server = child;
    let out = "";
    const timer = setTimeout(() => reject(new Error(`web/serve.mjs printed no URL: ${out}`)), 15000);
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /http:\/\/127\.0\.0\.1:[0-9]+\//.exec(out);
      if (m) { clearTimeout(timer); resolve(m[0]); }
    });
    child.on("exit", (code) => { clearTimeout(timer); reject(new Error(`web/serve.mjs exited with ${code}: ${out}`)); });
  });
}

/** A new page at `url`, waiting until the engine has answered. */
async function open(url: string): Promise<Page> {
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  (page as Page & { errors?: string[] }).errors = errors;
  await page.goto(url);
  await ready(page);
  return page;
}

/** Waits until the page has recomputed after the last change. */
async function ready(page: Page): Promise<void> {
  await page.waitForSelector('body[data-state="ready"]', { timeout: 30000 });
}

/** Replaces an editor's text by typing it (select all, delete, type). */
async function typeInto(page: Page, id: "old" | "new", text: string): Promise<void> {
  await page.focus(`#${id}`);
  await page.keyboard.press("Control+A");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(text.slice(0, -40));
  await page.keyboard.type(text.slice(-40));
  await ready(page);
}

/** Verdict attribute and sentence. */
async function verdictOf(page: Page): Promise<{ verdict: string; text: string }> {
  const verdict = (await page.getAttribute("#verdict", "data-verdict")) ?? "";
  return { verdict, text: (await page.textContent("#verdict-body")) ?? "" };
}

/** The container table as [name, action, label] rows. */
async function containerRows(page: Page): Promise<string[][]> {
  return page.$$eval("#container-table tbody tr", (rows) => rows.map((r) => [r.getAttribute("data-container") ?? "", r.getAttribute("data-action") ?? "", r.querySelector("td .badge")?.textContent ?? ""]));
}

/** Runs the built CLI (dist/cli/kinplace.mjs) and returns its stdout, whatever its exit code. */
function cli(...args: string[]): string {
  try {
    return execFileSync(process.execPath, [join(root, "dist/cli/kinplace.mjs"), ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  } catch (e) {
    return (e as { stdout: string }).stdout;
  }
}

/** What `kinplace ARGS` prints on stdout and stderr (the notes on skipped objects go to stderr), whatever its exit code. */
function cliBoth(...args: string[]): { stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(root, "dist/cli/kinplace.mjs"), ...args], { encoding: "utf8" });
  return { stdout: r.stdout, stderr: r.stderr };
}

/** A fresh temporary folder with `files` written into it. */
function tmpFiles(files: { [name: string]: string }): string {
  const dir = mkdtempSync(join(tmpdir(), "kinplace-web-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

/** True when the element's box lies within the viewport. */
async function inViewport(page: Page, selector: string): Promise<boolean> {
  const box = await page.locator(selector).first().boundingBox();
  const vp = page.viewportSize()!;
  return box !== null && box.y >= 0 && box.x >= 0 && box.y + box.height <= vp.height && box.x + box.width <= vp.width;
}

/** The rounds table of the rollout as [round, time, inPlace, recreated, surged/created, deleted] rows. */
async function roundRows(page: Page): Promise<string[][]> {
  return page.$$eval("table.rounds tbody tr", (rows) => rows.map((r) => Array.from(r.querySelectorAll("td")).slice(0, 6).map((td) => td.textContent ?? "")));
}

/** The same rows from `kinplace plan -o json` (names sorted as the page sorts them). */
function cliRoundRows(result: { timeline: { round: number; time: number; inPlace?: string[]; recreated?: string[]; surged?: string[]; created?: string[]; deleted?: string[] }[] }): string[][] {
  const list = (v: string[] | undefined): string => [...(v ?? [])].sort((a, b) => a.localeCompare(b, "en", { numeric: true })).join(", ");
  return result.timeline.map((r) => [String(r.round), `${r.time} s`, list(r.inPlace), list(r.recreated), list([...(r.surged ?? []), ...(r.created ?? [])]), list(r.deleted)]);
}

/** Text whose WCAG contrast ratio against its effective background is below 4.5 (a string: evaluated in the page as written). */
const CONTRAST = `(() => {
  const parse = (c) => (c.match(/[0-9.]+/g) || []).map(Number);
  const lum = (rgb) => {
    const [r, g, b] = rgb.slice(0, 3).map((v) => { const s = v / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const bg = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c.length === 3 || (c.length === 4 && c[3] > 0)) return c;
    }
    return [255, 255, 255];
  };
  const out = [];
  let checked = 0;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if ((n.textContent || "").trim() === "" || el.closest("[aria-hidden=true], svg, .visually-hidden, .skip, script, option") || el.offsetParent === null) continue;
    checked++;
    const [a, b] = [lum(parse(getComputedStyle(el).color)), lum(bg(el))];
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    if (ratio < 4.5) out.push(ratio.toFixed(2) + " " + el.tagName + "." + el.className + ": " + (n.textContent || "").trim().slice(0, 30));
  }
  return { checked, low: out };
})()`;

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });

const DEPLOYMENT = (image: string) => JSON.stringify({
  apiVersion: "apps/v1", kind: "Deployment", metadata: { name: "api", namespace: "prod" },
  spec: { replicas: 3, selector: { matchLabels: { app: "api" } }, template: { metadata: { labels: { app: "api" } }, spec: { containers: [{ name: "api", image }, { name: "proxy", image: "envoy:1.30" }] } } },
}, null, 2);

describe("manifest checker page in Chromium", () => {
  before(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    execFileSync(process.execPath, [join(root, "scripts/build-web.mjs")], { stdio: "inherit" });
    baseUrl = await startServer();
    profile = mkdtempSync(join(tmpdir(), "kinplace-chromium-"));
    ctx = await launchContext(profile, { viewport: { width: 1280, height: 900 } });
    await ctx.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl.replace(/\/$/, "") });
  });

  after(async () => {
    await ctx?.close();
    server?.kill();
    if (profile !== "") rmSync(profile, { recursive: true, force: true });
  });

  test("first screen: at 1366×768 the verdict box lies within the viewport, also with several workloads", async () => {
    const page = await open(baseUrl);
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.evaluate(() => window.scrollTo(0, 0));
    assert.equal(await inViewport(page, "#verdict"), true, JSON.stringify(await page.locator("#verdict").boundingBox()));
    await page.click('button[data-example="several-objects"]');
    await ready(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    assert.equal(await inViewport(page, "#verdict"), true, JSON.stringify(await page.locator("#verdict").boundingBox()));
    // the verdict is announced: a polite live region
    assert.equal(await page.getAttribute("#verdict-body", "aria-live"), "polite");
    await page.close();
  });

  test("served over HTTP: the first example answers in place, with the container table and hashes per kubelet minor", async () => {
    const page = await open(baseUrl);
    const v = await verdictOf(page);
    assert.equal(v.verdict, "in-place");
    assert.match(v.text, /in place/);
    assert.match(v.text, /Restarting: app\./);
    assert.deepEqual(await containerRows(page), [["app", "restart", "restarted in place"], ["log-shipper", "keep", "kept"]]);
    // the app container's hash changes at every kubelet minor (its image changed), the sidecar's never does
    const spans = await page.$$eval("#container-table tbody tr", (rows) => rows.map((r) => Array.from(r.querySelectorAll("ul.spans li")).map((li) => li.textContent ?? "")));
    assert.ok(spans[0]!.length >= 2 && spans[0]!.every((s) => /changes/.test(s)), spans[0]!.join(" | "));
    assert.ok(spans[1]!.every((s) => /same/.test(s)), spans[1]!.join(" | "));
    assert.ok(spans.flat().some((s) => /1\.3[0-9]–1\.37/.test(s)), "a span reaching the newest minor");
    assert.ok(spans.flat().some((s) => /selected kubelet/.test(s)));
    // the rollout plan: 5 pods, 20% maxUnavailable → one pod at a time, all in place
    const summary = (await page.textContent("#rollout-summary")) ?? "";
    assert.match(summary, /^Complete after 25 s in 5 rounds: 5 of 5 pods updated \(5 in place\); at least 4 pods available/);
    assert.equal(await page.locator("svg.timeline rect.bar").count(), 5);
    // a partition keeps that many pods at the old revision
    await page.fill("#partition", "2");
    await ready(page);
    assert.match((await page.textContent("#rollout-summary")) ?? "", /: 3 of 5 pods updated \(3 in place\)/);
    assert.equal(new Set(await page.$$eval("svg.timeline text.pod", (ts) => ts.map((t) => t.textContent))).size, 3);
    assert.deepEqual((page as Page & { errors?: string[] }).errors, []);
    await shot(page, "web-http-example");
    await page.close();
  });

  test("opened from disk (file://): the engine loads from the inline bytes and answers", async () => {
    const page = await open(fileUrl);
    assert.equal((await verdictOf(page)).verdict, "in-place");
    await page.click('button[data-example="env-reorder"]');
    await ready(page);
    assert.equal((await verdictOf(page)).verdict, "recreate");
    assert.deepEqual(await containerRows(page), [["api", "recreate", "recreated with the pod"]]);
    await shot(page, "web-file-env-reorder");
    await page.close();
  });

  test("hosting under a Content Security Policy: script-src 'self' 'wasm-unsafe-eval' and style-src 'self' suffice (docs/web.md)", async () => {
    const policies = { enough: "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'", "no wasm": "default-src 'none'; script-src 'self'; style-src 'self'" };
    const states: string[] = [];
    for (const csp of Object.values(policies)) {
      const page = await ctx.newPage();
      const violations: string[] = [];
      page.on("console", (m) => { if (m.type() === "error") violations.push(m.text()); });
      await page.route("http://csp.test/**", (route) => {
        const p = new URL(route.request().url()).pathname;
        const f = p === "/" ? "index.html" : p.slice(1);
        const type = f.endsWith(".js") ? "text/javascript" : f.endsWith(".css") ? "text/css" : "text/html";
        return route.fulfill({ status: 200, headers: { "content-type": type, "content-security-policy": csp }, body: readFileSync(join(root, "web/dist", f)) });
      });
      await page.goto("http://csp.test/");
      await page.waitForSelector('body[data-state="ready"], body[data-state="failed"]', { timeout: 30000 });
      states.push(`${await page.getAttribute("body", "data-state")} ${await page.getAttribute("#verdict", "data-verdict") ?? ""} ${violations.length}`);
      await page.close();
    }
    assert.deepEqual(states, ["ready in-place 0", "failed  0"]);
  });

  test("embedding: the browser entry in a module script fetches kinplace.wasm (application/wasm) and answers", async () => {
    const page = await ctx.newPage();
    const wasm: string[] = [];
    page.on("response", (r) => { if (r.url().endsWith(".wasm")) wasm.push(`${r.status()} ${r.headers()["content-type"]}`); });
    await page.goto(baseUrl + "embed.html");
    await page.waitForSelector("#out[data-verdict]", { timeout: 30000 });
    assert.equal(await page.textContent("#out"), "Deployment: recreate (app recreate)");
    assert.deepEqual(wasm, ["200 application/wasm"]);
    await page.close();
  });

  test("typed manifests: a Deployment image change is a recreate; the reasons' paths highlight the text", async () => {
    const page = await open(baseUrl);
    await typeInto(page, "old", DEPLOYMENT("registry.example.com/api:1.0"));
    await typeInto(page, "new", DEPLOYMENT("registry.example.com/api:1.1"));
    const v = await verdictOf(page);
    assert.equal(v.verdict, "recreate");
    assert.match(v.text, /deleted and created again/);
    assert.match(v.text, /Deployment/);
    assert.deepEqual(await containerRows(page), [["api", "recreate", "recreated with the pod"], ["proxy", "recreate", "recreated with the pod"]]);
    const reasons = await page.$$eval("#reason-list li", (lis) => lis.map((li) => [li.getAttribute("data-effect"), li.querySelector("code.path")?.textContent]));
    assert.deepEqual(reasons, [["recreate", "/spec/template/spec/containers/0/image"]]);
    // the path is marked in the new editor, and "select in the editor" selects the image member
    assert.equal(await page.textContent("#new-backdrop mark.mark-bad"), '"image": "registry.example.com/api:1.1"');
    await page.click("#reason-list .edit-button");
    const selected = await page.$eval("#new", (ta) => (ta as HTMLTextAreaElement).value.slice((ta as HTMLTextAreaElement).selectionStart, (ta as HTMLTextAreaElement).selectionEnd));
    assert.equal(selected, '"image": "registry.example.com/api:1.1"');
    assert.equal(await page.evaluate(() => document.activeElement?.id), "new");
    // the strategic merge patch tab holds the image change keyed by container name
    await page.click("#tab-strategic");
    const smp = JSON.parse((await page.textContent("#patch-strategic")) ?? "null");
    assert.deepEqual(smp.spec.containers, [{ image: "registry.example.com/api:1.1", name: "api" }]);
    // the Deployment's rollout: new pods surge (maxSurge 1 by default 25% of 3 rounded up), old ones go; rows are pods only
    assert.match((await page.textContent("#rollout-summary")) ?? "", /^Complete .*: 3 of 3 pods updated \(3 surged, 3 deleted/);
    const rows = await page.$$eval("svg.timeline text.pod", (ts) => ts.map((t) => t.textContent ?? ""));
    assert.equal(rows.length, 6, rows.join(","));
    await shot(page, "web-typed-deployment");
    await page.close();
  });

  test("rollout plans per kind: StatefulSet from the highest ordinal, DaemonSet per node, a rejected change plans nothing", async () => {
    const page = await open(baseUrl);
    const mk = (apiVersion: string, kind: string, image: string, extra: object = {}) => JSON.stringify({ apiVersion, kind, metadata: { name: "db", namespace: "data" },
      spec: { replicas: 4, selector: { matchLabels: { app: "db" } }, template: { metadata: { labels: { app: "db" } }, spec: { containers: [{ name: "pg", image }] } }, ...extra } }, null, 1);
    await typeInto(page, "old", mk("apps/v1", "StatefulSet", "postgres:16.3"));
    await typeInto(page, "new", mk("apps/v1", "StatefulSet", "postgres:16.4"));
    assert.equal((await verdictOf(page)).verdict, "recreate");
    assert.match((await page.textContent("#rollout-summary")) ?? "", /: 4 of 4 pods updated/);
    const firstRound = await page.$$eval("table.rounds tbody tr:first-child td", (tds) => tds.map((td) => td.textContent));
    assert.equal(firstRound[3], "db-3", firstRound.join("|")); // OrderedReady rolling update: the highest ordinal first
    await typeInto(page, "old", mk("apps/v1", "DaemonSet", "agent:1"));
    await typeInto(page, "new", mk("apps/v1", "DaemonSet", "agent:2"));
    assert.equal(await page.textContent("#replicas-label"), "Nodes");
    assert.match((await page.textContent("#rollout-summary")) ?? "", /: 3 of 3 pods updated/);
    // Advanced StatefulSet with InPlaceIfPossible but without the InPlaceUpdateReady readiness gate: the webhook refuses it
    const sts = { updateStrategy: { type: "RollingUpdate", rollingUpdate: { podUpdatePolicy: "InPlaceIfPossible" } } };
    await typeInto(page, "old", mk("apps.kruise.io/v1beta1", "StatefulSet", "postgres:16.3", sts));
    await typeInto(page, "new", mk("apps.kruise.io/v1beta1", "StatefulSet", "postgres:16.4", sts));
    assert.equal((await verdictOf(page)).verdict, "rejected");
    assert.match((await page.textContent("#rollout-summary")) ?? "", /^Nothing rolls out/);
    await page.close();
  });

  test("a syntax error is pointed at with its line and column; fixing it brings the verdict back", async () => {
    const page = await open(baseUrl);
    const good = DEPLOYMENT("a:1");
    const broken = good.replace('"replicas": 3,', '"replicas": 3,,');
    await typeInto(page, "new", broken);
    assert.equal((await verdictOf(page)).verdict, "syntax-error");
    const msg = (await page.textContent("#new-problem")) ?? "";
    const m = /^New manifest, line ([0-9]+), column ([0-9]+): /.exec(msg);
    assert.ok(m, msg);
    const badLine = broken.split("\n").findIndex((l) => l.includes(",,")) + 1;
    assert.equal(Number(m[1]), badLine, msg);
    assert.match(msg, /invalid character ',' looking for beginning of object key string \(JSON\)/); // Go's encoding/json text, from the engine
    const col = Number(m[2]);
    const lineText = broken.split("\n")[badLine - 1]!;
    assert.ok(col >= lineText.indexOf(",,") + 1 && col <= lineText.length + 1, `column ${col} in ${JSON.stringify(lineText)}`);
    assert.equal(await page.getAttribute("#new", "aria-invalid"), "true");
    assert.equal(await page.textContent("#new-gutter span.err"), String(badLine));
    await page.click("#new-problem button");
    const caretLine = await page.$eval("#new", (ta) => (ta as HTMLTextAreaElement).value.slice(0, (ta as HTMLTextAreaElement).selectionStart).split("\n").length);
    assert.equal(caretLine, badLine);
    await shot(page, "web-syntax-error");
    // delete the extra comma where the caret is: the error goes, the verdict returns
    await typeInto(page, "new", good);
    assert.equal(await page.isHidden("#new-problem"), true);
    assert.notEqual((await verdictOf(page)).verdict, "syntax-error");
    await page.close();
  });

  test("objects of no workload kind are skipped, not refused; an engine refusal and a shape problem never say syntax", async () => {
    const page = await open(baseUrl);
    const cm = (v: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  mode: ${v}\n`;
    await typeInto(page, "old", cm("a"));
    await typeInto(page, "new", cm("b"));
    let v = await verdictOf(page);
    assert.equal(v.verdict, "no-workload");
    assert.match(v.text, /^No workload to compare: neither manifest holds a Deployment/);
    assert.doesNotMatch(v.text, /syntax/i);
    assert.deepEqual(await page.$$eval("#workload-list li", (lis) => lis.map((li) => [li.getAttribute("data-note"), li.textContent])), [["skipped", "ConfigMap settings — skipped (old and new manifest): not a workload kind"]]);
    // a top-level list of scalars is readable YAML but no manifest: a shape problem, not a syntax error
    await typeInto(page, "new", "- 1\n- 2\n");
    v = await verdictOf(page);
    assert.equal(v.verdict, "input-error");
    assert.equal(v.text, "Fix the problem in the new manifest first (see the message under the editor).");
    assert.match((await page.textContent("#new-problem")) ?? "", /^New manifest, line 1, column 3: an array item is not a mapping/);
    assert.doesNotMatch((await page.textContent("#new-problem")) ?? "", /syntax/i);
    // the engine refuses a Deployment whose containers are a number: its Go error, not a syntax message
    const bad = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: d\nspec:\n  template:\n    spec:\n      containers: 5\n";
    await typeInto(page, "old", bad);
    await typeInto(page, "new", bad);
    v = await verdictOf(page);
    assert.equal(v.verdict, "error");
    assert.match(v.text, /The engine refused the input: json: cannot unmarshal number into Go struct field PodSpec\.spec\.template\.spec\.containers/);
    assert.doesNotMatch(v.text, /syntax/i);
    await page.close();
  });

  test("many objects per editor: a Service and a CloneSet are paired as `kinplace check` pairs them, a verdict per workload", async () => {
    const page = await open(baseUrl);
    const ex = EXAMPLES.find((e) => e.id === "several-objects")!;
    await page.click('button[data-example="several-objects"]');
    await ready(page);
    const list = await page.$$eval("#workload-list li", (lis) => lis.map((li) => [li.getAttribute("data-workload") ?? li.getAttribute("data-note"), li.getAttribute("data-verdict"), li.textContent]));
    assert.deepEqual(list, [
      ["apps.kruise.io/CloneSet/shop/web", "in-place", "CloneSet shop/web in place"],
      ["apps/Deployment/shop/api", "recreate", "Deployment shop/api recreate"],
      ["skipped", null, "Service shop/web — skipped (old and new manifest): not a workload kind"],
    ]);
    // the CLI's check on the same texts: the same workloads, verdicts and skipped object
    const dir = tmpFiles({ "old.yaml": ex.state.old, "new.yaml": ex.state.new });
    const { stdout: out, stderr: notes } = cliBoth("check", join(dir, "old.yaml"), join(dir, "new.yaml"));
    const verdicts = [...out.matchAll(/^([A-Z]\S* \S+): (.+)$/gm)].map((m) => `${m[1]} ${m[2]}`);
    assert.deepEqual(verdicts, list.slice(0, 2).map((r) => r[2]), out);
    assert.deepEqual([...notes.matchAll(/^skipped in (OLD|NEW): (\S+ \S+) /gm)].map((m) => m[2]), ["Service shop/web", "Service shop/web"], notes);
    rmSync(dir, { recursive: true, force: true });
    // the first workload is shown; the verdict says which; the list's buttons switch
    let v = await verdictOf(page);
    assert.equal(v.verdict, "in-place");
    assert.match(v.text, /^Workload 1 of 2: CloneSet shop\/web/);
    assert.doesNotMatch(v.text, /syntax/i);
    assert.equal(await page.getAttribute('li[data-workload="apps.kruise.io/CloneSet/shop/web"] button', "aria-pressed"), "true");
    await page.click('li[data-workload="apps/Deployment/shop/api"] button');
    await ready(page);
    v = await verdictOf(page);
    assert.equal(v.verdict, "recreate");
    assert.match(v.text, /^Workload 2 of 2: Deployment shop\/api/);
    assert.deepEqual(await containerRows(page), [["api", "recreate", "recreated with the pod"]]);
    // the side-by-side view shows the Deployment's lines with the editor's line numbers
    const changed = await page.$$eval("#diff-view tr.row-changed td.ln", (tds) => tds.map((td) => td.textContent));
    const envLine = ex.state.new.split("\n").findIndex((l) => l.includes("value: debug")) + 1;
    assert.deepEqual(changed, [String(envLine), String(envLine)]);
    // the choice is part of the link
    await page.waitForFunction(() => document.body.dataset["url"] === "saved");
    await page.waitForTimeout(400);
    const again = await open(page.url());
    assert.equal((await verdictOf(again)).verdict, "recreate");
    await again.close();
    // typed: a Service and a CloneSet in the new editor against the CloneSet alone: no "one manifest per editor"
    await page.click('button[data-example="image-bump"]');
    await ready(page);
    const oldText = await page.$eval("#old", (t) => (t as HTMLTextAreaElement).value);
    const newText = await page.$eval("#new", (t) => (t as HTMLTextAreaElement).value);
    await typeInto(page, "new", "apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n  namespace: shop\nspec:\n  ports:\n    - port: 80\n---\n" + newText);
    v = await verdictOf(page);
    assert.equal(v.verdict, "in-place", v.text);
    assert.equal(await page.isHidden("#new-problem"), true);
    assert.deepEqual(await page.$$eval("#workload-list li", (lis) => lis.map((li) => li.textContent)), ["CloneSet shop/web in place", "Service shop/web — skipped (new manifest): not a workload kind"]);
    assert.ok(oldText.length > 0);
    await page.close();
  });

  test("the side-by-side view: changed lines marked, each reason's lines tagged; a reason scrolls to and highlights its lines", async () => {
    const page = await open(baseUrl);
    await page.click('button[data-example="resources-no-gate"]');
    await ready(page);
    const reasons = await page.$$eval("#reason-list li", (lis) => lis.map((li) => li.querySelector("code.path")?.textContent ?? ""));
    assert.ok(reasons.length >= 2, reasons.join(" | "));
    const rows = await page.$$eval("#diff-view tbody tr", (trs) => trs.map((tr) => ({ kind: tr.getAttribute("data-kind"), reasons: tr.getAttribute("data-reasons"), old: tr.querySelectorAll("td.code")[0]?.textContent ?? "", new: tr.querySelectorAll("td.code")[1]?.textContent ?? "" })));
    const changed = rows.filter((r) => r.kind === "changed");
    assert.deepEqual(changed.map((r) => [r.old.replace(/^[0-9]+/, "").trim(), r.new.replace(/^[0-9]+/, "").trim()]), [["cpu: 250m", "cpu: 500m"], ["cpu: 250m", "cpu: 500m"]]);
    // every reason has tagged rows, and the changed rows carry a reason
    for (let i = 0; i < reasons.length; i++) assert.ok(rows.some((r) => (r.reasons ?? "").split(" ").includes(String(i))), `reason ${i + 1} ${reasons[i]} has no rows`);
    assert.ok(changed.every((r) => r.reasons !== null));
    // unchanged stretches are folded
    assert.match((await page.textContent("#diff-view tr.fold")) ?? "", /^⋯ [0-9]+ unchanged lines$/);
    // clicking the second reason highlights its rows, scrolls them into view and moves focus there
    await page.click("#reason-list li:nth-child(2) .path-button");
    const flashed = await page.$$eval("#diff-view tr.flash", (trs) => trs.map((tr) => tr.getAttribute("data-reasons") ?? ""));
    assert.ok(flashed.length > 0 && flashed.every((r) => r.split(" ").includes("1")), flashed.join(" | "));
    assert.equal(await inViewport(page, "#diff-view tr.flash"), true);
    assert.equal(await page.evaluate(() => document.activeElement?.classList.contains("flash")), true);
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    assert.equal(outline, "solid");
    await shot(page, "web-diff");
    await page.close();
  });

  test("the rollout starts from the state `kinplace plan` builds: the same pods give the CLI the same rounds", async () => {
    const page = await open(baseUrl);
    const cases: [string, () => Promise<void>][] = [
      ["image bump (CloneSet, in place)", async () => { await page.click('button[data-example="image-bump"]'); await ready(page); }],
      ["env reorder (Deployment)", async () => { await page.click('button[data-example="env-reorder"]'); await ready(page); }],
      ["StatefulSet, 3 replicas, partition 1", async () => {
        const mk = (image: string) => `apiVersion: apps/v1\nkind: StatefulSet\nmetadata:\n  name: db\n  namespace: data\nspec:\n  replicas: 3\n  updateStrategy:\n    rollingUpdate:\n      partition: 1\n  selector:\n    matchLabels:\n      app: db\n  template:\n    metadata:\n      labels:\n        app: db\n    spec:\n      containers:\n        - name: pg\n          image: ${image}\n`;
        await typeInto(page, "old", mk("postgres:16.3"));
        await typeInto(page, "new", mk("postgres:16.4"));
      }],
      ["DaemonSet", async () => {
        const mk = (image: string) => `apiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n  name: agent\nspec:\n  selector:\n    matchLabels:\n      app: agent\n  template:\n    metadata:\n      labels:\n        app: agent\n    spec:\n      containers:\n        - name: a\n          image: ${image}\n`;
        await typeInto(page, "old", mk("agent:1"));
        await typeInto(page, "new", mk("agent:2"));
      }],
    ];
    for (const [name, setUp] of cases) {
      await setUp();
      const start = (await page.textContent("#start-state")) ?? "";
      assert.match((await page.textContent("#rollout-start")) ?? "", /kinplace plan new\.yaml start\.json --old old\.yaml/);
      const dir = tmpFiles({ "old.yaml": await page.$eval("#old", (t) => (t as HTMLTextAreaElement).value), "new.yaml": await page.$eval("#new", (t) => (t as HTMLTextAreaElement).value), "start.json": start });
      const kruise = /--kruise ([0-9.]+)/.exec((await page.textContent("#rollout-start")) ?? "");
      const result = JSON.parse(cli("plan", join(dir, "new.yaml"), join(dir, "start.json"), "--old", join(dir, "old.yaml"), "-o", "json", ...(kruise ? ["--kruise", kruise[1]!] : [])));
      const page_ = await roundRows(page);
      assert.ok(page_.length > 0, name);
      assert.deepEqual(page_, cliRoundRows(result), name);
      assert.ok(((await page.textContent("#rollout-summary")) ?? "").includes(`${result.final.updated} of ${result.final.total} pods updated`), name);
      rmSync(dir, { recursive: true, force: true });
    }
    await page.close();
  });

  test("timeline labels are never cut: long pod names fit the label column", async () => {
    const page = await open(baseUrl);
    await page.click('button[data-example="image-bump"]');
    await ready(page);
    const text = (await page.$eval("#new", (t) => (t as HTMLTextAreaElement).value)).replace("name: web", "name: guestbook-clone").replace("replicas: 5", "replicas: 12");
    await typeInto(page, "new", text);
    await typeInto(page, "old", (await page.$eval("#old", (t) => (t as HTMLTextAreaElement).value)).replace("name: web", "name: guestbook-clone").replace("replicas: 5", "replicas: 12"));
    const labels = await page.$$eval("svg.timeline text.pod", (els) => {
      const ts = els as SVGTextElement[];
      const svg = ts[0]!.ownerSVGElement!.getBoundingClientRect();
      return ts.map((t) => {
        const r = t.getBoundingClientRect();
        const bars = Array.from(t.ownerSVGElement!.querySelectorAll<SVGRectElement>("rect.bar")).map((b) => b.getBoundingClientRect().left);
        return { text: t.textContent ?? "", inside: r.left >= svg.left && r.right <= Math.min(...bars) + 0.5 };
      });
    });
    assert.equal(labels.length, 12);
    assert.ok(labels.some((l) => l.text === "guestbook-clone-11"));
    assert.deepEqual(labels.filter((l) => !l.inside), []);
    await page.close();
  });

  test("patch tabs: click, arrow keys, Home/End; copy buttons copy the shown patch", async () => {
    const page = await open(baseUrl);
    await page.click("#tab-merge");
    assert.equal(await page.isVisible("#panel-merge"), true);
    assert.equal(await page.isHidden("#panel-json"), true);
    const merge = JSON.parse((await page.textContent("#patch-merge")) ?? "null");
    assert.equal(merge.spec.containers[0].image, "nginx:1.27.1");
    await page.keyboard.press("ArrowRight");
    assert.equal(await page.getAttribute("#tab-strategic", "aria-selected"), "true");
    assert.equal(await page.evaluate(() => document.activeElement?.id), "tab-strategic");
    await page.keyboard.press("End");
    assert.equal(await page.evaluate(() => document.activeElement?.id), "tab-pod");
    assert.equal(await page.isVisible("#panel-pod"), true);
    await page.keyboard.press("Home");
    assert.equal(await page.getAttribute("#tab-json", "aria-selected"), "true");
    const json = JSON.parse((await page.textContent("#patch-json")) ?? "null");
    assert.deepEqual(json, [{ op: "replace", path: "/spec/containers/0/image", value: "nginx:1.27.1" }]);
    await page.click('button[data-copy="json"]');
    await page.waitForSelector("body[data-copied]");
    const clip = await page.evaluate(() => navigator.clipboard.readText());
    assert.deepEqual(JSON.parse(clip), json);
    assert.match((await page.textContent("#copy-status")) ?? "", /Copied the JSON patch/);
    await page.close();
  });

  test("the state survives the URL: settings, gates, editors and tab come back from the link", async () => {
    const page = await open(baseUrl);
    await page.click('button[data-example="resources-gate"]');
    await ready(page);
    assert.equal((await verdictOf(page)).verdict, "in-place");
    // (for a CloneSet, the API server OpenKruise resizes pods on: 1.34 takes the resize)
    await page.selectOption("#kubernetes", "1.34");
    await page.selectOption("#kubelet", "1.34");
    await page.fill("#replicas", "8");
    await page.fill("#maxUnavailable", "2");
    await page.click("#tab-merge");
    await ready(page);
    await page.waitForFunction(() => document.body.dataset["url"] === "saved" && location.hash.length > 10);
    await page.waitForTimeout(400); // the last change's URL write
    const url = page.url();
    assert.match(url, /#s=[A-Za-z0-9_-]+$/);
    const before = await page.$eval("#new", (t) => (t as HTMLTextAreaElement).value);
    const summary = await page.textContent("#rollout-summary");
    await page.close();

    for (const u of [url, fileUrl + new URL(url).hash]) {
      const again = await open(u);
      assert.equal(await again.$eval("#new", (t) => (t as HTMLTextAreaElement).value), before);
      assert.equal(await again.inputValue("#kubelet"), "1.34");
      assert.equal(await again.inputValue("#kubernetes"), "1.34");
      assert.equal(await again.inputValue("#replicas"), "8");
      assert.equal(await again.inputValue("#maxUnavailable"), "2");
      assert.equal(await again.inputValue("#gate-InPlaceWorkloadVerticalScaling"), "on");
      assert.equal(await again.getAttribute("#tab-merge", "aria-selected"), "true");
      assert.equal((await verdictOf(again)).verdict, "in-place");
      assert.equal(await again.textContent("#rollout-summary"), summary);
      assert.match(summary ?? "", /of 8 pods updated/);
      await again.close();
    }
    // a damaged link falls back to an example with a message
    const bad = await open(baseUrl + "#s=AAAA");
    assert.match((await bad.textContent("#share-status")) ?? "", /could not be read/);
    await bad.close();
  });

  test("image pre-download: with its gate on, the verdict says which image OpenKruise pre-pulls before the in-place update", async () => {
    const page = await open(baseUrl);
    await page.click('button[data-example="image-bump"]');
    await ready(page);
    assert.equal(await page.$("#verdict-predownload"), null, "nothing is said while the gate is off (its default)");
    await page.selectOption("#gate-PreDownloadImageForInPlaceUpdate", "on");
    await ready(page);
    assert.equal((await verdictOf(page)).verdict, "in-place");
    assert.match((await page.textContent("#verdict-predownload")) ?? "", /^Image pre-download: nginx:1\.27\.1 is pre-pulled on the nodes of the pods still at the old revision before they update \(ImagePullJob web-[0-9a-z]+-app\)\.$/);
    // the gate is part of the shared state: a link brings the sentence back
    await page.waitForFunction(() => document.body.dataset["url"] === "saved" && location.hash.length > 10);
    await page.waitForTimeout(400);
    const again = await open(page.url());
    assert.equal(await again.textContent("#verdict-predownload"), await page.textContent("#verdict-predownload"));
    await again.close();
    await page.close();
  });

  test("every example loads in one click with its verdict", async () => {
    const page = await open(baseUrl);
    const expected: { [id: string]: string } = { "image-bump": "in-place", "env-reorder": "recreate", "resources-no-gate": "recreate", "resources-gate": "in-place", "several-objects": "in-place", "label-env": "in-place" };
    assert.deepEqual(EXAMPLES.map((e) => e.id).sort(), Object.keys(expected).sort());
    for (const ex of EXAMPLES) {
      await page.click(`button[data-example="${ex.id}"]`);
      await ready(page);
      assert.equal((await verdictOf(page)).verdict, expected[ex.id], ex.id);
      assert.equal(await page.$eval("#old", (t) => (t as HTMLTextAreaElement).value), ex.state.old);
    }
    // the label read by an env: the container reading it restarts, the other is kept
    assert.deepEqual((await containerRows(page)).map((r) => r.slice(0, 2)), [["app", "restart"], ["log-shipper", "keep"]]);
    await shot(page, "web-label-env");
    // the strategy override: the image bump under ReCreate recreates every pod, and the rollout recreates them
    await page.click('button[data-example="image-bump"]');
    await ready(page);
    await page.selectOption("#strategy", "ReCreate");
    await ready(page);
    assert.equal((await verdictOf(page)).verdict, "recreate");
    assert.match((await verdictOf(page)).text, /strategy ReCreate/);
    assert.match((await page.textContent("#rollout-summary")) ?? "", /5 of 5 pods updated \(5 recreated, /);
    assert.equal(await page.locator("svg.timeline rect.bar-bad").count(), 5);
    await page.close();
  });

  test("keyboard: skip link, Tab reaches the examples, Enter loads one; focus is visible", async () => {
    const page = await open(baseUrl);
    await page.keyboard.press("Tab");
    assert.equal(await page.evaluate(() => document.activeElement?.className), "skip");
    await page.keyboard.press("Tab");
    assert.equal(await page.evaluate(() => (document.activeElement as HTMLElement).dataset["example"]), "image-bump");
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle + " " + getComputedStyle(document.activeElement!).outlineWidth);
    assert.match(outline, /^solid [3-9]/);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await ready(page);
    assert.equal((await verdictOf(page)).verdict, "recreate");
    // Tab moves on into the old and new editors, then the version selectors and the gates (Tab is not trapped)
    const order: string[] = [];
    for (let i = 0; i < 24; i++) {
      await page.keyboard.press("Tab");
      order.push(await page.evaluate(() => document.activeElement?.id ?? ""));
    }
    const at = (id: string) => order.indexOf(id);
    assert.ok(at("old") >= 0 && at("old") < at("new") && at("new") < at("kubernetes") && at("kubernetes") < at("kubelet"), order.join(","));
    // several workloads: after the examples, Tab reaches the workload list (in the verdict box) before the editors;
    // Enter on a workload shows it, and the focused button shows its focus
    await page.focus('button[data-example="several-objects"]');
    await page.keyboard.press("Enter");
    await ready(page);
    const path: string[] = [];
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      path.push(await page.evaluate(() => document.activeElement?.closest("li")?.getAttribute("data-workload") ?? document.activeElement?.id ?? ""));
    }
    assert.ok(path.indexOf("apps/Deployment/shop/api") >= 0 && path.indexOf("apps/Deployment/shop/api") < path.indexOf("old"), path.join(","));
    await page.focus('li[data-workload="apps/Deployment/shop/api"] button');
    await page.keyboard.press("Enter");
    await ready(page);
    assert.equal((await verdictOf(page)).verdict, "recreate");
    // the list is rebuilt: focus goes back to the chosen workload's button, with a visible outline
    assert.equal(await page.evaluate(() => document.activeElement?.closest("li")?.getAttribute("data-workload")), "apps/Deployment/shop/api");
    assert.match(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle + " " + getComputedStyle(document.activeElement!).outlineWidth), /^solid [3-9]/);
    // the reasons' buttons reach the side-by-side view by keyboard
    await page.focus("#reason-list .path-button");
    await page.keyboard.press("Enter");
    assert.equal(await page.evaluate(() => document.activeElement?.classList.contains("flash")), true);
    await page.close();
  });

  test("accessibility: every control is labelled and text meets WCAG AA contrast", async () => {
    const page = await open(baseUrl);
    const unlabelled = await page.$$eval("input, select, textarea, button", (els) =>
      els.filter((e) => {
        const el = e as HTMLInputElement;
        if (el.closest("[aria-hidden=true]") || el.classList.contains("visually-hidden")) return false;
        const name = (el.labels && el.labels.length > 0) || el.getAttribute("aria-label") || (el.tagName === "BUTTON" && (el.textContent ?? "").trim() !== "");
        return !name;
      }).map((e) => e.outerHTML.slice(0, 80)));
    assert.deepEqual(unlabelled, []);
    assert.ok(await page.getAttribute("svg.timeline", "aria-label"));
    // contrast of every visible text node's element against its effective background
    // in the states with the most colors: in place, recreate (with a deployment's surge timeline), a syntax error, an engine error
    const states: [string, () => Promise<void>][] = [
      ["in place", async () => {}],
      ["recreate", async () => { await page.click('button[data-example="env-reorder"]'); await ready(page); }],
      ["syntax error", async () => { await typeInto(page, "new", "kind: Deployment\nspec:\n\treplicas: 1\n"); }],
      ["several objects", async () => { await page.click('button[data-example="several-objects"]'); await ready(page); }],
      ["engine error", async () => { const bad = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: d\nspec:\n  template:\n    spec:\n      containers: 5\n"; await typeInto(page, "old", bad); await typeInto(page, "new", bad); }],
    ];
    for (const [name, setUp] of states) {
      await setUp();
      const { checked, low } = (await page.evaluate(CONTRAST)) as { checked: number; low: string[] };
      assert.ok(checked > 40, `${name}: only ${checked} text nodes checked`);
      assert.deepEqual(low, [], name);
    }
    assert.equal((await verdictOf(page)).verdict, "error");
    // the check itself: grey #999 on white (2.85:1) is reported
    await page.evaluate(() => { const p = document.createElement("p"); p.id = "probe"; p.style.color = "#999999"; p.textContent = "faint probe"; document.querySelector("main")!.append(p); });
    const probe = (await page.evaluate(CONTRAST)) as { low: string[] };
    assert.deepEqual(probe.low, ["2.85 P.: faint probe"]);
    await page.close();
  });

  test("README screenshots: cropped parts of the real page, each at most 150 KB (KINPLACE_SCREENSHOTS=docs writes docs/images/)", async () => {
    const out = process.env["KINPLACE_SCREENSHOTS"] === "docs" ? join(root, "docs/images") : join(ARTIFACTS, "docs-images");
    mkdirSync(out, { recursive: true });
    const page = await open(baseUrl);
    await page.setViewportSize({ width: 1366, height: 768 });
    const shots: { [name: string]: () => Promise<Buffer> } = {
      // the first screen: examples, verdict and the top of the editors
      "web-first-screen.png": async () => {
        await page.click('button[data-example="image-bump"]');
        await ready(page);
        await page.evaluate(() => window.scrollTo(0, 0));
        const main = (await page.locator("main").boundingBox())!;
        return page.screenshot({ clip: { x: main.x - 8, y: 0, width: main.width + 16, height: 700 } });
      },
      // several objects in one file: the per-workload list
      "web-workloads.png": async () => {
        await page.click('button[data-example="several-objects"]');
        await ready(page);
        return page.locator("#verdict").screenshot();
      },
      // the reasons and the side-by-side view, the second reason's lines highlighted
      "web-diff.png": async () => {
        await page.click('button[data-example="resources-no-gate"]');
        await ready(page);
        await page.click("#reason-list li:nth-child(2) .path-button");
        await page.evaluate(() => (document.activeElement as HTMLElement).blur());
        return page.locator("section:has(#reasons)").screenshot();
      },
      // the rollout: summary and timeline
      "web-rollout.png": async () => {
        await page.click('button[data-example="image-bump"]');
        await ready(page);
        const a = (await page.locator("#rollout-summary").boundingBox())!;
        const b = (await page.locator("svg.timeline").boundingBox())!;
        await page.locator("#rollout-summary").scrollIntoViewIfNeeded();
        const a2 = (await page.locator("#rollout-summary").boundingBox())!;
        const dy = a2.y - a.y;
        return page.screenshot({ clip: { x: a.x - 8, y: a.y + dy - 8, width: Math.max(a.width, b.width) + 16, height: b.y + b.height - a.y + 16 } });
      },
    };
    for (const [name, take] of Object.entries(shots)) {
      const png = await take();
      assert.ok(png.length <= 150 * 1024, `${name}: ${png.length} bytes`);
      writeFileSync(join(out, name), png);
      // the committed copy the README shows exists and is small too
      const committed = join(root, "docs/images", name);
      assert.ok(statSync(committed).size <= 150 * 1024, `${committed} is over 150 KB`);
    }
    await page.close();
  });
});
