// Helpers to read upstream Go test tables as data: the source of a file at a commit of a local git
// mirror, top-level `{...}` blocks of a composite literal, call arguments, Go string literals.
// Used only by the porters in this folder (the vectors they write are committed).

import { execFileSync } from "node:child_process";

/** The text of `path` at `commit` in the git repository `repo`. */
export function gitShow(repo: string, commit: string, path: string): string {
  return execFileSync("git", ["-C", repo, "show", `${commit}:${path}`], { encoding: "utf8", maxBuffer: 64 << 20 });
}

/** Index just past the bracket matching the one at `open` (skips strings, runes and comments). */
export function matchBracket(src: string, open: number): number {
  const pairs: Record<string, string> = { "{": "}", "(": ")", "[": "]" };
  const stack: string[] = [];
  for (let i = open; i < src.length; i++) {
    const c = src[i]!;
    if (c === '"' || c === "'") {
      i = skipQuoted(src, i);
      continue;
    }
    if (c === "`") {
      i = src.indexOf("`", i + 1);
      continue;
    }
    if (c === "/" && src[i + 1] === "/") {
      i = src.indexOf("\n", i);
      continue;
    }
    if (c in pairs) stack.push(pairs[c]!);
    else if (c === "}" || c === ")" || c === "]") {
      if (stack.pop() !== c) throw new Error(`unbalanced ${c} at ${i}`);
      if (stack.length === 0) return i + 1;
    }
  }
  throw new Error("unterminated bracket");
}

function skipQuoted(src: string, i: number): number {
  const q = src[i];
  for (let j = i + 1; j < src.length; j++) {
    if (src[j] === "\\") j++;
    else if (src[j] === q) return j;
  }
  throw new Error("unterminated string");
}

/** The top-level `{...}` elements of the composite literal whose `{` is at `open`. */
export function elements(src: string, open: number): string[] {
  const end = matchBracket(src, open);
  const out: string[] = [];
  for (let i = open + 1; i < end - 1; i++) {
    const c = src[i]!;
    if (c === "/" && src[i + 1] === "/") { i = src.indexOf("\n", i); continue; }
    if (c === '"') { i = skipQuoted(src, i); continue; }
    if (c === "{") {
      const e = matchBracket(src, i);
      out.push(src.slice(i, e));
      i = e - 1;
    }
  }
  return out;
}

/** Splits a call's or literal's inner text at top-level commas. */
export function splitTop(inner: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let cur = "";
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i]!;
    if (c === '"') {
      const j = skipQuoted(inner, i);
      cur += inner.slice(i, j + 1);
      i = j;
      continue;
    }
    if (c === "(" || c === "{" || c === "[") depth++;
    if (c === ")" || c === "}" || c === "]") depth--;
    if (c === "," && depth === 0) {
      if (cur.trim() !== "") parts.push(cur.trim());
      cur = "";
      continue;
    }
    cur += c;
  }
  if (cur.trim() !== "") parts.push(cur.trim());
  return parts;
}

/** The arguments of the call `name(...)` starting at index `at` (which points at `name`). */
export function callArgs(src: string, at: number, name: string): { args: string[]; end: number } {
  const open = src.indexOf("(", at + name.length - 1);
  const end = matchBracket(src, open);
  return { args: splitTop(src.slice(open + 1, end - 1)), end };
}

/** Every call of `name(` in `src`, in order, with its arguments. */
export function calls(src: string, name: string): string[][] {
  const out: string[][] = [];
  const re = new RegExp(`(?<![A-Za-z0-9_.])${name.replace(/\./g, "\\.")}\\(`, "g");
  for (let m = re.exec(src); m; m = re.exec(src)) {
    const { args, end } = callArgs(src, m.index, name);
    out.push(args);
    re.lastIndex = end;
  }
  return out;
}

/** A Go interpreted string literal's value. */
export function goString(lit: string): string {
  const t = lit.trim();
  if (t.startsWith("`")) return t.slice(1, -1);
  if (!t.startsWith('"')) throw new Error(`not a string literal: ${t}`);
  return JSON.parse(t) as string;
}

/** The value text of field `key:` at the top level of a struct literal body (null when absent). */
export function field(block: string, key: string): string | null {
  const clean = stripComments(block).trim();
  const inner = clean.startsWith("{") ? clean.slice(1, -1) : clean;
  for (const part of splitTop(inner)) {
    const m = new RegExp(`^${key}\\s*:\\s*([\\s\\S]*)$`).exec(part);
    if (m) return m[1]!.trim();
  }
  return null;
}

/** `intstr.FromInt(n)`, `intstr.FromInt32(n)`, `intstr.FromString("x")` → number | string. */
export function intOrString(expr: string): number | string {
  const t = expr.trim().replace(/^&/, "");
  let m = /^intstr(?:util)?\.FromInt(?:32)?\((-?\d+)\)$/.exec(t);
  if (m) return Number(m[1]);
  m = /^intstr(?:util)?\.FromString\(("(?:[^"\\]|\\.)*")\)$/.exec(t);
  if (m) return goString(m[1]!);
  m = /^intstr(?:util)?\.IntOrString\{Type:\s*intstr(?:util)?\.Int,\s*IntVal:\s*(-?\d+)\}$/.exec(t);
  if (m) return Number(m[1]);
  m = /^intstr(?:util)?\.IntOrString\{Type:\s*intstr(?:util)?\.String,\s*StrVal:\s*("(?:[^"\\]|\\.)*")\}$/.exec(t);
  if (m) return goString(m[1]!);
  throw new Error(`not an IntOrString: ${expr}`);
}

/** `k: v` pairs of a struct literal like `expectationDiffs{scaleUpNum: 5}` (integers). */
export function intFields(lit: string): Record<string, number> {
  const open = lit.indexOf("{");
  const inner = lit.slice(open + 1, lit.lastIndexOf("}"));
  const out: Record<string, number> = {};
  for (const part of splitTop(inner)) {
    const m = /^(\w+)\s*:\s*(-?\d+)$/.exec(part);
    if (!m) throw new Error(`unexpected field ${part}`);
    out[m[1]!] = Number(m[2]);
  }
  return out;
}

/** Where the kruise v1.9.0 release tag lives (override with KRUISE_GIT / KRUISE_TAG). */
export const KRUISE_GIT = process.env.KRUISE_GIT ?? "/work/.mirror/openkruise+kruise/repo";
export const KRUISE_TAG = process.env.KRUISE_TAG ?? "b1e001a957ce62bf87894d0212f5e704a8e9c2b4";

/** Removes `//` line comments (outside string literals). */
export function stripComments(src: string): string {
  let out = "";
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (c === '"') {
      const j = skipQuoted(src, i);
      out += src.slice(i, j + 1);
      i = j;
      continue;
    }
    if (c === "/" && src[i + 1] === "/") {
      const nl = src.indexOf("\n", i);
      i = nl < 0 ? src.length : nl - 1;
      continue;
    }
    out += c;
  }
  return out;
}
