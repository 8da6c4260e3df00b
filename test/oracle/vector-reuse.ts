// Regenerating golden vectors for some Kubernetes minors only (after a minor's pinned patch moved):
// KINPLACE_VECTORS_REFRESH="1.34 1.35" makes the vector writers that support it ask the oracle only the
// request lines of those minors (and lines naming no minor, which mean the newest) and take every other
// answer from the committed file, which must hold the same request line (the writers' seeds do not
// depend on which minors are asked, so the request lines of the other minors come out as before).
// Without the variable everything is asked, as in a full run. Only the refreshed minors' builds are needed.

import { existsSync, readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { MINORS, NEWEST } from "./k8s/versions.ts";

/** The minors to ask anew, or null (a full run: ask everything). */
export const REFRESH: string[] | null = (() => {
  const v = (process.env.KINPLACE_VECTORS_REFRESH ?? "").split(/[\s,]+/).filter(Boolean);
  if (v.length === 0) return null;
  for (const m of v) if (!MINORS.some((x) => x.minor === m)) throw new Error(`KINPLACE_VECTORS_REFRESH: unknown minor ${m}`);
  return v;
})();

/** The end (exclusive) of the JSON string token starting at text[i] === '"'. */
function stringEnd(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === 0x5c) j++;
    else if (c === 0x22) return j + 1;
  }
  throw new Error("unterminated string");
}

/**
 * The answers of a committed vector file (`{"request": R, "answer": A}` lines, A verbatim), by request
 * text, in file order (a request asked twice keeps both answers).
 */
export class OldAnswers {
  private byRequest = new Map<string, string[]>();
  readonly count: number;

  constructor(file: string | URL) {
    const raw = readFileSync(file);
    const text = (String(file).endsWith(".gz") ? gunzipSync(raw) : raw).toString("utf8");
    let n = 0;
    for (const line of text.split("\n")) {
      if (line === "") continue;
      const head = '{"request":';
      if (!line.startsWith(head) || line[head.length] !== '"') throw new Error(`not a request/answer line: ${line.slice(0, 120)}`);
      const end = stringEnd(line, head.length);
      const request = JSON.parse(line.slice(head.length, end)) as string;
      const sep = ',"answer":';
      if (line.slice(end, end + sep.length) !== sep || !line.endsWith("}")) throw new Error(`not a request/answer line: ${line.slice(0, 120)}`);
      const answer = line.slice(end + sep.length, -1);
      const list = this.byRequest.get(request);
      if (list) list.push(answer);
      else this.byRequest.set(request, [answer]);
      n++;
    }
    this.count = n;
  }

  /** The committed answer to `request` (the next one when it was asked more than once), or undefined. */
  take(request: string): string | undefined {
    const list = this.byRequest.get(request);
    if (!list || list.length === 0) return undefined;
    return list.length > 1 ? list.shift() : list[0];
  }
}

/** The committed answers of `file` when only some minors are refreshed, else null. */
export function oldAnswers(file: string | URL): OldAnswers | null {
  if (REFRESH === null) return null;
  if (!existsSync(file)) throw new Error(`KINPLACE_VECTORS_REFRESH needs the committed ${String(file)}`);
  return new OldAnswers(file);
}

/** Whether a request line is asked anew: it names a refreshed minor (`kubernetes`, `kubelet` or `serverVersion`), or it
 *  names no supported minor (no minor, an unknown one, not a JSON object: the newest minor's build answers it) and the
 *  newest minor is refreshed. */
export function refreshes(line: string): boolean {
  if (REFRESH === null) return true;
  const newest = REFRESH.includes(NEWEST);
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    return newest;
  }
  if (v === null || typeof v !== "object" || Array.isArray(v)) return newest;
  const o = v as Record<string, unknown>;
  const named = [o.kubernetes, o.kubelet, o.serverVersion].filter((x) => x !== undefined && x !== null);
  if (named.some((m) => typeof m === "string" && REFRESH.includes(m))) return true;
  return named.length === 0 || named.some((m) => typeof m !== "string" || !MINORS.some((x) => x.minor === m)) ? newest : false;
}

/**
 * Answers `lines` with `ask`, except (when only some minors are refreshed) the lines `keep` says are kept, whose
 * answers come from the committed `file`; a kept line the file lacks is asked too (logged).
 */
export async function askReusing(file: string | URL, lines: string[], ask: (lines: string[]) => Promise<string[]>, keep: (line: string) => boolean = (l) => !refreshes(l)): Promise<string[]> {
  const old = oldAnswers(file);
  if (old === null) return ask(lines);
  const out: (string | undefined)[] = lines.map((l) => (keep(l) ? old.take(l) : undefined));
  const missing = lines.flatMap((l, i) => (out[i] === undefined ? [i] : []));
  const kept = lines.length - missing.length;
  const lost = missing.filter((i) => keep(lines[i]!)).length;
  if (lost > 0) console.error(`${String(file)}: ${lost} kept lines are not in the committed file: asked`);
  const asked = missing.length > 0 ? await ask(missing.map((i) => lines[i]!)) : [];
  missing.forEach((i, k) => (out[i] = asked[k]));
  console.error(`${String(file)}: ${kept} answers reused, ${missing.length} asked (refreshed: ${REFRESH!.join(" ")})`);
  return out as string[];
}
