// Errors a person can act on: a bad option value names the option (not the input), a type error points at the field's
// file:line:column, and every usage error is one line and a hint (`see 'kinplace CMD --help'`), never the whole usage.

import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import { stringify } from "yaml";
import { deployment, kinplace, tempDir } from "./cli-helpers.ts";

const tmp = tempDir();
after(() => tmp.cleanup());

const web = deployment("web", ["nginx:1.25"]);
const next = deployment("web", ["nginx:1.26"]);
const old = tmp.file("old.yaml", stringify(web));
const neu = tmp.file("new.yaml", stringify(next));
const cloneOld = "examples/cli/cloneset-old.yaml";
const cloneNew = "examples/cli/cloneset-image.yaml";

describe("usage errors: one line and a hint, exit 2", () => {
  const cases: [string[], string][] = [
    [["check", old, neu, "--bogus"], "kinplace check: unknown option --bogus"],
    [["check", old, neu, "-o", "xml"], 'kinplace check: option --output: "xml" is not one of text, json, yaml, markdown'],
    [["diff", old, neu, "-t", "yaml"], 'kinplace diff: option --type: "yaml" is not one of json, merge, strategic'],
    [["hash"], "kinplace hash: missing FILE"],
    [["plan", old, "--ready-seconds", "-1"], 'kinplace plan: option --ready-seconds: "-1" is not a non-negative integer'],
    [["check", old], "kinplace check: check needs OLD and NEW"],
  ];
  for (const [args, line] of cases) {
    test(args.join(" ").replaceAll(tmp.dir, "."), async () => {
      const r = await kinplace(args);
      assert.equal(r.status, 2);
      assert.equal(r.stderr, `${line}\nsee 'kinplace ${args[0]} --help'\n`);
      assert.equal(r.stdout.length, 0);
    });
  }
  test("an unknown command: the hint is kinplace --help", async () => {
    const r = await kinplace(["frobnicate"]);
    assert.equal(r.status, 2);
    assert.equal(r.stderr, `kinplace: unknown command "frobnicate"\nsee 'kinplace --help'\n`);
  });
});

describe("a bad option value the engine refuses names the option, not the input", () => {
  test("--kubernetes, --kubelet, --kruise, --gate, --strategy", async () => {
    const cases: [string[], string][] = [
      [["check", old, neu, "--kubernetes", "1.99"], 'option --kubernetes: unsupported kubernetes version "1.99"'],
      [["check", old, neu, "--kubelet", "1.3"], 'option --kubelet: unsupported kubelet version "1.3"'],
      [["check", cloneOld, cloneNew, "--kruise", "9.9"], 'option --kruise: unsupported kruise version "9.9"'],
      [["check", cloneOld, cloneNew, "--gate", "NoSuchGate=true"], "option --gate: unrecognized feature gate: NoSuchGate"],
      [["check", old, neu, "--strategy", "InPlaceOnly"], 'option --strategy: "strategy" applies to OpenKruise kinds only (ReCreate, InPlaceIfPossible, InPlaceOnly)'],
      [["plan", cloneNew, "--kruise", "2.0"], 'option --kruise: unsupported kruise version "2.0"'],
    ];
    for (const [args, message] of cases) {
      const r = await kinplace(args);
      assert.equal(r.status, 2, args.join(" "));
      assert.equal(r.stderr, `kinplace ${args[0]}: ${message}\nsee 'kinplace ${args[0]} --help'\n`, args.join(" "));
    }
  });
});

describe("a type error points at the field", () => {
  const bad = { ...next, spec: { ...next.spec, template: { ...next.spec.template, spec: { containers: [{ name: "c0", image: 5 }] } } } };
  const yamlText = stringify(bad);
  /** line:column of `image:` in the YAML text. */
  const lines = yamlText.split("\n");
  const line = lines.findIndex((l) => /\bimage: 5$/.test(l)) + 1;
  const column = lines[line - 1]!.indexOf("image") + 1;

  test("YAML NEW: at the key of the field Go names (no array index in its message)", async () => {
    const f = tmp.file("bad.yaml", yamlText);
    const r = await kinplace(["check", old, f]);
    assert.equal(r.status, 2);
    assert.equal(r.stderr, `kinplace check: ${f}:${line}:${column}: E_JSON_TYPE: json: cannot unmarshal number into Go struct field Container.spec.template.spec.containers.image of type string (at new)\n`);
    const h = await kinplace(["hash", f]);
    assert.match(h.stderr, new RegExp(`^kinplace hash: ${f}:${line}:${column}: E_JSON_TYPE: `));
  });

  test("YAML OLD: at the field (its file is read again for the error), behind other documents; from stdin at the document", async () => {
    const f = tmp.file("bad-old.yaml", `apiVersion: v1\nkind: Service\nmetadata:\n  name: s\n---\n${yamlText}`);
    const r = await kinplace(["check", f, neu]);
    assert.equal(r.status, 2);
    assert.match(r.stderr, new RegExp(`^kinplace check: ${f}:${line + 5}:${column}: E_JSON_TYPE: json: cannot unmarshal number .* \\(at old\\)$`, "m"));
    // stdin cannot be read again: the document's first line
    const s = await kinplace(["check", "-", neu], { input: `apiVersion: v1\nkind: Service\nmetadata:\n  name: s\n---\n${yamlText}` });
    assert.match(s.stderr, /^kinplace check: <stdin>:6:1: E_JSON_TYPE: .* \(at old\)$/m);
  });

  test("JSON OLD and NEW: at the field, in the file that holds it", async () => {
    const text = JSON.stringify(bad, null, 2);
    const f = tmp.file("bad.json", text);
    const at = text.split("\n").findIndex((l) => l.includes('"image": 5')) + 1;
    const col = text.split("\n")[at - 1]!.indexOf('"image"') + 1;
    const asNew = await kinplace(["check", old, f]);
    assert.match(asNew.stderr, new RegExp(`^kinplace check: ${f}:${at}:${col}: E_JSON_TYPE: .* \\(at new\\)$`, "m"));
    const asOld = await kinplace(["check", f, neu]);
    assert.equal(asOld.status, 2);
    assert.match(asOld.stderr, new RegExp(`^kinplace check: ${f}:${at}:${col}: E_JSON_TYPE: .* \\(at old\\)$`, "m"));
  });
});
