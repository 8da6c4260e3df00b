// The worker pool of `check`, `hash` and `plan` (js/cli/pool/): for generated cluster dumps of a few thousand
// realistic objects (workloads with their ReplicaSets and Pods, Services and ConfigMaps that are skipped with notes,
// workloads the engine cannot judge), read as a JSON List, one-line JSON, a stream of JSON objects, a YAML List, a YAML
// stream and a directory, `--jobs 2` (the threshold forced to 0) prints exactly what `--jobs 1` prints, on stdout and
// stderr, with the same exit code, in every output format; and so it does when the input goes wrong in its middle,
// when a worker dies, and from stdin. KINPLACE_POOL_TRACE shows that the chunks were read by workers. Needs
// `npm run build`.

import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { stringify } from "yaml";
import { kinplace, tempDir } from "./cli-helpers.ts";
import { clusterObjects, dumpJson, dumpYaml, dumpYamlStream } from "./support/cluster-dump.ts";

type Obj = { [key: string]: unknown };

const tmp = tempDir();
const path = (name: string): string => join(tmp.dir, name);
let traces = 0;

before(() => {
  const old = clusterObjects({ objects: 2000 });
  const neu = clusterObjects({ objects: 2000, release: "new", invalid: 97 });
  const clean = clusterObjects({ objects: 2000, release: "new" });
  tmp.file("old.json", dumpJson(old));
  tmp.file("new.json", dumpJson(neu));
  tmp.file("clean.json", dumpJson(clean));
  tmp.file("old.yaml", dumpYaml(old));
  tmp.file("new.yaml", dumpYamlStream(neu));
  tmp.file("clean.yaml", dumpYaml(clean));
  tmp.file("clean-stream.yaml", dumpYamlStream(clean));
  tmp.file("compact.json", JSON.stringify({ apiVersion: "v1", items: clean, kind: "List", metadata: {} }));
  tmp.file("stream.json", clean.map((o) => JSON.stringify(o, null, 2)).join("\n"));
  // a JSON document that does not parse (a missing colon) and one that breaks the structure, both past the middle
  const text = dumpJson(clean);
  const at = text.indexOf('"kind": "ConfigMap"', Math.floor(text.length * 0.6));
  tmp.file("bad-doc.json", `${text.slice(0, at)}"kind" "ConfigMap"${text.slice(at + '"kind": "ConfigMap"'.length)}`);
  const brace = text.indexOf('"data": {', Math.floor(text.length * 0.7));
  tmp.file("bad-split.json", `${text.slice(0, brace)}"data": ]${text.slice(brace + '"data": {'.length)}`);
  // a YAML List with a duplicate key in an item past the middle, and one with an anchor and its alias in one item
  const yaml = dumpYaml(clean);
  const dup = yaml.indexOf("\n  kind: Service\n", Math.floor(yaml.length * 0.6));
  tmp.file("bad-dup.yaml", `${yaml.slice(0, dup)}\n  kind: Service\n  kind: Service${yaml.slice(dup + "\n  kind: Service".length)}`);
  // a YAML stream with a document past the middle that does not read
  const stream = dumpYamlStream(clean);
  const broken = stream.indexOf("\nkind: ConfigMap\n", Math.floor(stream.length * 0.6));
  tmp.file("bad-stream.yaml", `${stream.slice(0, broken)}\nkind: [ConfigMap\n${stream.slice(broken + "\nkind: ConfigMap\n".length)}`);
  const anchored = clean.map((o, i) => (i === 1000 ? { ...o, spec: { ...(o["spec"] as Obj), selectorCopy: "@ALIAS@" } } : o));
  const withAlias = stringify({ apiVersion: "v1", items: anchored, kind: "List", metadata: {} }, { lineWidth: 0, indentSeq: false, aliasDuplicateObjects: false })
    .replace("\n    selector:\n", "\n    selector: &sel\n")
    .replace("selectorCopy: \"@ALIAS@\"", "selectorCopy: *sel");
  tmp.file("alias.yaml", withAlias);
  // objects without a namespace but one, in the middle, for -n
  const bare = clean.map((o, i) => {
    const meta = { ...(o["metadata"] as Obj) };
    if (i !== 1200) delete meta["namespace"];
    return { ...o, metadata: meta };
  });
  tmp.file("bare.json", dumpJson(bare));
  // a directory of manifests (JSON and YAML, in name order)
  mkdirSync(path("dir"));
  tmp.file("dir/a.json", dumpJson(clean.slice(0, 800)));
  tmp.file("dir/b.yaml", dumpYamlStream(clean.slice(800, 1400)));
  tmp.file("dir/c.json", dumpJson(clean.slice(1400)));
});

after(() => tmp.cleanup());

/** Runs `args` with `--jobs 1` and with `--jobs 2` on the pool and checks they print the same; returns the first run
 *  and the second's trace (which thread read each chunk). */
async function same(args: string[], options: { input?: string; env?: NodeJS.ProcessEnv } = {}): Promise<{ status: number | null; stdout: string; stderr: string; trace: string }> {
  const trace = path(`trace-${traces++}.txt`);
  const [one, two] = await Promise.all([
    kinplace([...args, "--jobs", "1"], { input: options.input, env: options.env }),
    kinplace([...args, "--jobs", "2", "--jobs-threshold", "0"], { input: options.input, env: { ...options.env, KINPLACE_POOL_TRACE: trace } }),
  ]);
  const label = args.join(" ").replaceAll(tmp.dir, "");
  assert.equal(two.stderr, one.stderr, `stderr of ${label}`);
  assert.ok(two.stdout.equals(one.stdout), `stdout of ${label}:\n${two.stdout.toString().slice(0, 2000)}\n---\n${one.stdout.toString().slice(0, 2000)}`);
  assert.equal(two.status, one.status, `exit code of ${label}`);
  return { status: one.status, stdout: one.stdout.toString(), stderr: one.stderr, trace: existsSync(trace) ? readFileSync(trace, "utf8") : "" };
}

/** Asserts the trace shows the input read in several chunks by workers. */
function onWorkers(trace: string): void {
  assert.match(trace, /^pool of 2 workers$/m);
  assert.ok((trace.match(/^chunk \d+ worker \d$/gm) ?? []).length >= 4, trace);
}

describe("check", () => {
  for (const format of ["text", "json", "yaml", "markdown"]) {
    test(`-o ${format}: JSON dumps, workloads that cannot be judged`, async () => {
      const r = await same(["check", path("old.json"), path("new.json"), "-o", format]);
      assert.equal(r.status, 2);
      assert.match(r.stderr, /E_JSON_TYPE/);
      assert.match(r.stderr, /^skipped in NEW: /m);
      assert.match(r.stderr, /^only in OLD: /m);
      onWorkers(r.trace);
    });
  }

  test("YAML: a List against a stream, patches cut", async () => {
    const r = await same(["check", path("old.yaml"), path("new.yaml"), "--patches", "short"]);
    assert.match(r.stdout, /workloads: /);
    onWorkers(r.trace);
  });

  test("one-line JSON and a stream of JSON objects, NEW from stdin", async () => {
    await same(["check", path("old.json"), path("compact.json"), "-o", "json"]);
    const r = await same(["check", path("old.json"), "-", "-o", "json"], { input: readFileSync(path("stream.json"), "utf8") });
    onWorkers(r.trace);
  });

  test("a directory, and -n with an object of another namespace in the middle", async () => {
    await same(["check", path("old.json"), path("dir"), "-o", "json"]);
    const r = await same(["check", path("bare.json"), path("bare.json"), "-n", "team-0001"]);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /does not match the namespace "team-0001"/);
  });
});

describe("hash", () => {
  for (const format of ["text", "json", "yaml"]) {
    test(`-o ${format}: a JSON List${format === "text" ? ", a YAML List, a YAML stream" : ""}`, async () => {
      for (const file of format === "text" ? ["clean.json", "clean.yaml", "clean-stream.yaml"] : ["clean.json"]) {
        const r = await same(["hash", path(file), "--kubelet", "1.29,1.30,1.31", "-o", format]);
        assert.equal(r.status, 0);
        onWorkers(r.trace);
      }
    });
  }

  test("one-line JSON, a stream of JSON objects, a directory, stdin", async () => {
    for (const file of ["compact.json", "stream.json", "dir"]) await same(["hash", path(file), "--kubelet", "1.30"]);
    await same(["hash", "-", "--kubelet", "1.30", "-o", "json"], { input: readFileSync(path("clean.json"), "utf8") });
  });

  test("--upgrade: the containers that restart", async () => {
    const r = await same(["hash", path("clean.json"), "--upgrade", "1.27", "1.28", "-o", "json"]);
    assert.ok(r.status === 0 || r.status === 1);
  });

  test("an object the engine refuses stops the command where the single-threaded run stops", async () => {
    const r = await same(["hash", path("new.json"), "--kubelet", "1.30"]);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /E_JSON_TYPE/);
  });

  test("input that goes wrong past its middle: JSON that does not parse, broken structure, YAML", async () => {
    for (const file of ["bad-doc.json", "bad-split.json", "bad-stream.yaml"]) {
      const r = await same(["hash", path(file), "--kubelet", "1.30"]);
      assert.equal(r.status, 2, file);
      assert.ok(r.stdout.length > 1000, `${file}: the objects before the error are printed`);
    }
    // a List is read whole before any of its items is handed out: its error comes first
    const r = await same(["hash", path("bad-dup.yaml"), "--kubelet", "1.30"]);
    assert.equal(r.status, 2);
    assert.equal(r.stdout, "");
    assert.match(r.stderr, /Map keys must be unique/);
  });

  test("YAML aliases: within the limit, and past it (the List is read again whole)", async () => {
    const r = await same(["hash", path("alias.yaml"), "--kubelet", "1.30"]);
    assert.equal(r.status, 0);
    const over = await same(["hash", path("alias.yaml"), "--kubelet", "1.30", "--max-alias-nodes", "1"]);
    assert.equal(over.status, 2);
    assert.match(over.stderr, /--max-alias-nodes/);
  });

  test("a worker that dies: its chunks are read again on the main thread", async () => {
    for (const crash of ["0", "3"]) {
      const r = await same(["hash", path("clean.json"), "--kubelet", "1.30", "-o", "json"], { env: { KINPLACE_POOL_CRASH: crash } });
      assert.match(r.trace, /^chunk \d+ main$/m);
    }
    await same(["check", path("old.json"), path("new.json"), "-o", "json"], { env: { KINPLACE_POOL_CRASH: "3" } });
  });

  test("below the threshold no worker starts", async () => {
    const trace = path("trace-small.txt");
    const r = await kinplace(["hash", "examples/cli/argocd/install-new.yaml", "--kubelet", "1.30", "--jobs", "2"], { env: { KINPLACE_POOL_TRACE: trace } });
    assert.equal(r.status, 0);
    assert.equal(existsSync(trace), false);
    const forced = await kinplace(["hash", "examples/cli/argocd/install-new.yaml", "--kubelet", "1.30", "--jobs", "2", "--jobs-threshold", "0"], { env: { KINPLACE_POOL_TRACE: trace } });
    assert.ok(forced.stdout.equals(r.stdout));
    assert.match(readFileSync(trace, "utf8"), /^pool of 2 workers$/m);
  });
});

describe("plan", () => {
  for (const format of ["text", "json", "yaml"]) {
    test(`-o ${format}: the first workload of a dump over the dump's pods`, async () => {
      for (const file of format === "text" ? ["clean.json", "clean.yaml"] : ["clean.json"]) {
        const r = await same(["plan", path(file), "-o", format]);
        assert.equal(r.status, 0);
        onWorkers(r.trace);
      }
    });
  }

  test("a workload file and a state dump; a worker that dies", async () => {
    await same(["plan", "examples/cli/web-20.yaml", path("clean.json")]);
    await same(["plan", path("clean-stream.yaml"), path("dir")], { env: { KINPLACE_POOL_CRASH: "2" } });
  });

  test("input that goes wrong past its middle", async () => {
    for (const file of ["bad-doc.json", "bad-split.json", "bad-dup.yaml", "bad-stream.yaml"]) {
      const r = await same(["plan", path(file)]);
      assert.equal(r.status, 2, file);
    }
  });
});
