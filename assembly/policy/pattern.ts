// Path patterns of user update policies: JSON pointers (RFC 6901, `~0` = `~`, `~1` = `/`) whose
// segments may be `*` (exactly one segment), `**` (any number of segments, none included) or a glob
// with `*` wildcards inside one segment (e.g. `app.kubernetes.io~1*`). Patterns are compiled once per
// call; a bad pattern is an error naming the request field that holds it.

/** Segment kinds. */
const SEG_LITERAL: i32 = 0;
const SEG_ANY: i32 = 1; // `*`
const SEG_MULTI: i32 = 2; // `**`
const SEG_GLOB: i32 = 3; // literal parts around `*`

/** A compiled pattern: one entry per segment. */
export class Pattern {
  kinds: Array<i32> = new Array<i32>();
  /** Literal segments (decoded); glob segments as their decoded parts split at `*`. */
  parts: Array<Array<string>> = new Array<Array<string>>();
  text: string = "";
  /** Why the text is not a valid pattern ("" when it is). */
  error: string = "";
}

/** A JSON pointer split into its decoded segments, or (`segments` null) why it is not one. */
export class Pointer {
  constructor(public segments: Array<string> | null, public error: string) {}
}

/** Splits a JSON pointer into its decoded segments; a bad escape gives null segments and the reason. */
export function splitPointer(p: string): Pointer {
  const out = new Array<string>();
  if (p.length == 0) return new Pointer(out, "");
  let cur = "";
  for (let i = 1; i < p.length; i++) {
    const c = p.charCodeAt(i);
    if (c == 0x2f) { out.push(cur); cur = ""; continue; }
    if (c == 0x7e) {
      const d = i + 1 < p.length ? p.charCodeAt(i + 1) : -1;
      if (d == 0x30) cur += "~";
      else if (d == 0x31) cur += "/";
      else return new Pointer(null, "invalid escape \"~" + (d < 0 ? "" : String.fromCharCode(d)) + "\" (only ~0 and ~1)");
      i++;
      continue;
    }
    cur += String.fromCharCode(c);
  }
  out.push(cur);
  return new Pointer(out, "");
}

/** A pattern whose text `p` is not valid, and why. */
function invalid(p: string, why: string): Pattern {
  const pat = new Pattern();
  pat.text = p;
  pat.error = why;
  return pat;
}

/** Compiles pattern text `p`; the result's `error` says why when it is not a valid pattern. */
export function compilePattern(p: string): Pattern {
  if (p.length == 0) return invalid(p, "empty pattern (patterns are JSON pointers such as /spec/template/spec/containers/*/image)");
  if (p.charCodeAt(0) != 0x2f) return invalid(p, "pattern \"" + p + "\" must start with \"/\"");
  // split on raw "/" first, so that `*` inside a segment is seen before escapes are decoded
  const raw = p.substring(1).split("/");
  const pat = new Pattern();
  pat.text = p;
  for (let i = 0; i < raw.length; i++) {
    const s = raw[i];
    if (s == "**") {
      pat.kinds.push(SEG_MULTI);
      pat.parts.push(new Array<string>());
      continue;
    }
    if (s.includes("**")) return invalid(p, "\"**\" must be a whole segment in pattern \"" + p + "\"");
    if (s == "*") {
      pat.kinds.push(SEG_ANY);
      pat.parts.push(new Array<string>());
      continue;
    }
    const pieces = s.split("*");
    const dec = new Array<string>();
    for (let j = 0; j < pieces.length; j++) {
      const d = splitPointer("/" + pieces[j]);
      if (d.segments === null) return invalid(p, "pattern \"" + p + "\": " + d.error);
      dec.push(d.segments![0]);
    }
    pat.kinds.push(pieces.length == 1 ? SEG_LITERAL : SEG_GLOB);
    pat.parts.push(dec);
  }
  return pat;
}

/** True when segment `s` matches the glob parts (`*` between consecutive parts). */
function globMatch(parts: Array<string>, s: string): bool {
  const first = parts[0];
  if (!s.startsWith(first)) return false;
  let at = first.length;
  const last = parts.length - 1;
  for (let i = 1; i < last; i++) {
    const k = s.indexOf(parts[i], at);
    if (k < 0) return false;
    at = k + parts[i].length;
  }
  const tail = parts[last];
  return s.length - at >= tail.length && s.endsWith(tail);
}

/** The two rows matchPattern works in, reused from call to call within one request (grown as paths get longer). */
export class MatchRows {
  can: StaticArray<bool> = new StaticArray<bool>(16);
  next: StaticArray<bool> = new StaticArray<bool>(16);

  /** Rows of at least `n` entries. */
  fit(n: i32): void {
    if (this.can.length >= n) return;
    this.can = new StaticArray<bool>(n * 2);
    this.next = new StaticArray<bool>(n * 2);
  }
}

/** True when the decoded path segments `path` match pattern `pat` (whole path); `rows`: working space. */
export function matchPattern(pat: Pattern, path: Array<string>, rows: MatchRows = new MatchRows()): bool {
  const m = pat.kinds.length;
  const n = path.length;
  // can[j]: pattern prefix of length i matches path prefix of length j (rolling over i)
  rows.fit(n + 1);
  let can = rows.can;
  let next = rows.next;
  for (let j = 0; j <= n; j++) can[j] = false;
  can[0] = true;
  for (let i = 0; i < m; i++) {
    const k = pat.kinds[i];
    for (let j = 0; j <= n; j++) next[j] = false;
    if (k == SEG_MULTI) {
      let any = false;
      for (let j = 0; j <= n; j++) { any = any || can[j]; next[j] = any; }
    } else {
      for (let j = 1; j <= n; j++) {
        if (!can[j - 1]) continue;
        const s = path[j - 1];
        if (k == SEG_ANY) next[j] = true;
        else if (k == SEG_LITERAL) next[j] = s == pat.parts[i][0];
        else next[j] = globMatch(pat.parts[i], s);
      }
    }
    const t = can; can = next; next = t;
  }
  return can[n];
}
