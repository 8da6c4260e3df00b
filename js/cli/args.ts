// A small command-line parser: options declared per command (flags, single and repeatable values),
// `--name value` and `--name=value`, `--` ends options, a lone `-` is a positional (stdin).

/** How one option is read. */
export interface OptionSpec {
  /** "flag": no value; "value": one value (the last wins); "list": repeatable, values collected. */
  type: "flag" | "value" | "list";
  /** One-letter alias, without the dash. */
  short?: string;
  /** Allowed values, when closed. */
  choices?: readonly string[];
  /** What shell completion offers for the value when it is not closed: files, or these words. */
  complete?: "file" | readonly string[];
}

/** Parsed arguments: positionals in order, options by name. */
export interface ParsedArgs {
  positionals: string[];
  flags: Set<string>;
  values: Map<string, string>;
  lists: Map<string, string[]>;
}

/** A usage error: the message is printed with the command's usage, exit code 2. */
export class UsageError extends Error {
  /** Creates a usage error with a message. */
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/** Parses `args` against `specs` (keys are long names without dashes); throws UsageError. */
export function parseArgs(args: readonly string[], specs: { readonly [name: string]: OptionSpec }): ParsedArgs {
  const out: ParsedArgs = { positionals: [], flags: new Set(), values: new Map(), lists: new Map() };
  const byShort = new Map(Object.entries(specs).flatMap(([n, s]) => (s.short ? [[s.short, n] as const] : [])));
  let i = 0;
  while (i < args.length) {
    const a = args[i++]!;
    if (a === "--") {
      out.positionals.push(...args.slice(i));
      break;
    }
    if (a === "-" || !a.startsWith("-")) {
      out.positionals.push(a);
      continue;
    }
    let name: string;
    let inline: string | undefined;
    if (a.startsWith("--")) {
      const eq = a.indexOf("=");
      name = eq < 0 ? a.slice(2) : a.slice(2, eq);
      inline = eq < 0 ? undefined : a.slice(eq + 1);
    } else {
      const long = byShort.get(a.slice(1, 2));
      if (long === undefined) throw new UsageError(`unknown option ${a}`);
      name = long;
      inline = a.length > 2 ? a.slice(2) : undefined;
    }
    const spec = Object.hasOwn(specs, name) ? specs[name] : undefined;
    if (spec === undefined) throw new UsageError(`unknown option --${name}`);
    if (spec.type === "flag") {
      if (inline !== undefined) throw new UsageError(`option --${name} takes no value`);
      out.flags.add(name);
      continue;
    }
    let value = inline;
    if (value === undefined) {
      if (i >= args.length) throw new UsageError(`option --${name} needs a value`);
      value = args[i++]!;
    }
    if (spec.choices !== undefined && !spec.choices.includes(value)) {
      throw new UsageError(`option --${name}: ${JSON.stringify(value)} is not one of ${spec.choices.join(", ")}`);
    }
    if (spec.type === "value") out.values.set(name, value);
    else out.lists.set(name, [...(out.lists.get(name) ?? []), value]);
  }
  return out;
}

const MINOR = /^1\.(0|[1-9][0-9]{0,2})$/;

/** A "1.N" version option value ("v1.30.2" and "1.30.2" are accepted and cut to the minor); throws UsageError. */
export function minorOption(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const m = /^v?(1\.[0-9]+)(\.[0-9]+)?$/.exec(value);
  if (m === null || !MINOR.test(m[1]!)) throw new UsageError(`option --${name}: ${JSON.stringify(value)} is not a version like 1.30`);
  return m[1];
}

/** `--gate NAME=bool` values as an object; throws UsageError on a malformed one. */
export function gatesOption(values: readonly string[] | undefined): { [gate: string]: boolean } | undefined {
  if (values === undefined || values.length === 0) return undefined;
  const gates: { [gate: string]: boolean } = {};
  for (const v of values.flatMap((x) => x.split(","))) {
    const m = /^([A-Za-z][A-Za-z0-9]*)=(true|false)$/.exec(v.trim());
    if (m === null) throw new UsageError(`option --gate: ${JSON.stringify(v)} is not NAME=true or NAME=false`);
    gates[m[1]!] = m[2] === "true";
  }
  return gates;
}
