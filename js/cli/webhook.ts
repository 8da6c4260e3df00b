// `kinplace webhook`: a validating admission webhook answering UPDATEs of Pods and the workload kinds with
// the verdict as warnings, and denying what a policy file denies (js/webhook/ holds the server).

import { parseArgs, UsageError } from "./args.js";
import { clusterChoice, CLUSTER_SPECS } from "./cluster.js";
import { cliEngine } from "./common.js";
import type { CliIO } from "./command.js";
import { InputError, readSingle } from "./documents.js";
import { kindOptions } from "../present/options.js";
import { appendFileSync, createReadStream } from "node:fs";
import { decide, DEFAULT_DECIDE, VERDICT_ORDER, type DecideOptions, type Judge } from "../webhook/decide.js";
import { readReview, reviewResponse, ReviewError } from "../webhook/review.js";
import { Logger, LOG_LEVELS, type LogLevel } from "../webhook/log.js";
import { Metrics } from "../webhook/metrics.js";
import { DEFAULT_SERVER, startWebhook, type ServerOptions } from "../webhook/server.js";
import { DEFAULT_LIMITS, wholeOption } from "./limits.js";
import { callResult, goSyntaxError, type RawJson } from "./request.js";
import { defineCommand } from "./run.js";

const usage = `Usage: kinplace webhook --tls-cert FILE --tls-key FILE [options]
       kinplace webhook --insecure-http [options]
       kinplace webhook --review FILE [options]

A validating admission webhook (AdmissionReview v1). For every UPDATE of a Pod, Deployment, ReplicaSet,
StatefulSet, DaemonSet, OpenKruise CloneSet, Advanced StatefulSet or Advanced DaemonSet it answers with
the verdict as a warning kubectl prints ("Warning: recreates 30 pods of Deployment shop/web: image of
container app changed"), and denies the update when --policy denies it. Other requests are allowed
untouched. deploy/webhook/ holds a manifest ready to apply and a container image recipe (docs/webhook.md).

Endpoints: POST /validate (AdmissionReviews), GET /healthz, /livez, /readyz (503 while shutting down),
/metrics (Prometheus). Logs: one JSON object per line on stdout. SIGTERM or SIGINT: stop taking
connections, finish the requests in flight, exit 0.

Options:
  --tls-cert FILE          PEM certificate (chain) to serve; re-read when the file changes
  --tls-key FILE           PEM private key of the certificate
  --insecure-http          serve plain HTTP (behind a TLS-terminating proxy, or for local tests)
  --review FILE            answer the AdmissionReview in FILE ("-": stdin) on stdout and exit, without
                           serving (exit 0 allowed, 1 denied)
  --address ADDR           address to listen on (default ${DEFAULT_SERVER.address})
  --port N                 port (default ${DEFAULT_SERVER.port}; 0 picks a free one)
  --path PATH              path AdmissionReviews are posted to (default ${DEFAULT_SERVER.path})
  --policy FILE            judge updates with a policy (YAML or JSON, docs/policy.md): a denial is
                           answered allowed: false with the policy's reasons
  --kubernetes MINOR       the cluster's minor, e.g. 1.33 (default: the newest supported)
  --kubelet MINOR          the kubelets' minor (default: the Kubernetes minor)
  --kruise VERSION         the OpenKruise version (default: the newest supported)
  --gate NAME=BOOL         a Kubernetes or OpenKruise feature gate (repeatable, or comma-separated)
  --warn-at VERDICT        least verdict that gets a warning: in-place (default), recreate or rejected
  --on-error MODE          an update the engine cannot judge: allow (default, with a warning) or deny
  --max-request-bytes N    largest AdmissionReview accepted (default ${DEFAULT_SERVER.maxRequestBytes}; 413 beyond)
  --request-timeout SEC    time a client has to send a whole request (default ${DEFAULT_SERVER.requestTimeoutMs / 1000})
  --shutdown-timeout SEC   time given to requests in flight on shutdown (default ${DEFAULT_SERVER.shutdownTimeoutMs / 1000})
  --log-level LEVEL        debug, info (default), warn or error
  --record FILE            append each AdmissionReview and the answer sent to FILE as a JSON line
                           ({"review":...,"answer":...}; the objects in full: for debugging)

Exit codes: 0 after a clean shutdown, 2 bad usage or a bad policy file, 1 the server could not start
(--review: 0 allowed, 1 denied, 2 a review the webhook would answer with an HTTP error).
`;

const SPECS = {
  "tls-cert": { type: "value", complete: "file" },
  "tls-key": { type: "value", complete: "file" },
  "insecure-http": { type: "flag" },
  review: { type: "value", complete: "file" },
  address: { type: "value" },
  port: { type: "value" },
  path: { type: "value" },
  policy: { type: "value", complete: "file" },
  ...CLUSTER_SPECS,
  "warn-at": { type: "value", choices: VERDICT_ORDER.slice(1) },
  "on-error": { type: "value", choices: ["allow", "deny"] },
  "max-request-bytes": { type: "value" },
  "request-timeout": { type: "value" },
  "shutdown-timeout": { type: "value" },
  "log-level": { type: "value", choices: LOG_LEVELS },
  record: { type: "value", complete: "file" },
} as const;

/** The server options of the parsed arguments. */
function serverOptions(a: ReturnType<typeof parseArgs>): ServerOptions {
  const cert = a.values.get("tls-cert");
  const key = a.values.get("tls-key");
  const insecure = a.flags.has("insecure-http");
  if (insecure && (cert !== undefined || key !== undefined)) throw new UsageError("--insecure-http and --tls-cert/--tls-key exclude each other");
  if (!insecure && (cert === undefined || key === undefined)) throw new UsageError("the API server calls webhooks over HTTPS: give --tls-cert and --tls-key (or --insecure-http behind a TLS proxy)");
  const path = a.values.get("path") ?? DEFAULT_SERVER.path;
  if (!path.startsWith("/")) throw new UsageError(`option --path: ${JSON.stringify(path)} does not start with /`);
  return {
    ...DEFAULT_SERVER,
    address: a.values.get("address") ?? DEFAULT_SERVER.address,
    port: wholeOption("port", a.values.get("port"), 0, 65535, DEFAULT_SERVER.port),
    tls: insecure ? undefined : { certFile: cert!, keyFile: key! },
    path,
    maxRequestBytes: wholeOption("max-request-bytes", a.values.get("max-request-bytes"), 1024, 1 << 30, DEFAULT_SERVER.maxRequestBytes),
    requestTimeoutMs: wholeOption("request-timeout", a.values.get("request-timeout"), 1, 3600, DEFAULT_SERVER.requestTimeoutMs / 1000) * 1000,
    shutdownTimeoutMs: wholeOption("shutdown-timeout", a.values.get("shutdown-timeout"), 0, 3600, DEFAULT_SERVER.shutdownTimeoutMs / 1000) * 1000,
  };
}

/** Answers the AdmissionReview of a file as the server would (the response on stdout): 0 allowed, 1 denied, 2 refused. */
async function answerFile(path: string, io: CliIO, deps: { judge: Judge; decide: DecideOptions }): Promise<number> {
  const parts: Uint8Array[] = [];
  try {
    for await (const chunk of path === "-" ? io.stdin : createReadStream(path)) parts.push(chunk as Uint8Array);
  } catch (e) {
    throw new InputError(path, 0, 0, `cannot read: ${(e as Error).message}`);
  }
  let review;
  try {
    review = readReview(Buffer.concat(parts));
  } catch (e) {
    if (!(e instanceof ReviewError)) throw e;
    throw new InputError(path, 0, 0, `HTTP ${e.status} (${e.code}): ${e.message}`);
  }
  const outcome = decide(review, deps.judge, deps.decide);
  io.stdout.write(`${reviewResponse(review, outcome.decision)}\n`);
  return outcome.decision.allowed ? 0 : 1;
}

/** A tiny Pod update every policy can judge: reading the policy file once at start-up finds a bad one. */
const PROBE_POD = '{"apiVersion":"v1","kind":"Pod","metadata":{"name":"probe","namespace":"default"},"spec":{"containers":[{"name":"c","image":"busybox"}]}}';

/** The `webhook` command. */
export const webhookCommand = defineCommand("webhook", "serve the verdict as an admission webhook (warnings, policy denials)", usage, async (args, io) => {
  const a = parseArgs(args, SPECS);
  if (a.positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(a.positionals[0])}`);
  const reviewPath = a.values.get("review");
  const server = reviewPath === undefined ? serverOptions(a) : undefined;
  const cluster = clusterChoice(a);
  const decideOptions: DecideOptions = {
    ...DEFAULT_DECIDE,
    warnAt: (a.values.get("warn-at") ?? DEFAULT_DECIDE.warnAt) as DecideOptions["warnAt"],
    onError: (a.values.get("on-error") ?? DEFAULT_DECIDE.onError) as DecideOptions["onError"],
  };
  const engine = cliEngine();
  let policy: RawJson | undefined;
  const policyPath = a.values.get("policy");
  if (policyPath !== undefined) {
    policy = (await readSingle(policyPath, { stdin: io.stdin, syntaxError: (b) => goSyntaxError(engine, b), limits: DEFAULT_LIMITS })).json;
    // a policy the engine refuses (E_POLICY) stops the start-up here, not at the first update
    callResult(engine, "verdict", {}, { old: PROBE_POD, new: PROBE_POD, policy });
  }
  const judge: Judge = (kind, old, next) => {
    const raw: { [key: string]: RawJson } = { old, new: next };
    if (policy !== undefined) raw["policy"] = policy;
    return callResult(engine, "verdict", { ...kindOptions(kind, cluster) }, raw).result;
  };
  if (reviewPath !== undefined) return answerFile(reviewPath, io, { judge, decide: decideOptions });
  const log = new Logger(io.stdout, (a.values.get("log-level") ?? "info") as LogLevel);
  const metrics = new Metrics();
  let running;
  try {
    const recordPath = a.values.get("record");
    const record = recordPath === undefined ? undefined : (body: Uint8Array, answer: string): void => {
      // a raw line break can only be whitespace between JSON tokens (inside strings it is escaped): one line per review
      appendFileSync(recordPath, `{"review":${new TextDecoder().decode(body).replace(/[\r\n]+/g, " ")},"answer":${answer}}\n`);
    };
    running = await startWebhook(server!, { judge, decide: decideOptions, log, metrics, record });
  } catch (e) {
    log.log("error", "cannot start", { error: e instanceof Error ? e.message : String(e) });
    return 1;
  }
  await new Promise<void>((resolve) => {
    const stop = (signal: string): void => {
      log.log("info", "signal", { signal });
      void running.close().then(resolve);
    };
    process.once("SIGTERM", () => stop("SIGTERM"));
    process.once("SIGINT", () => stop("SIGINT"));
  });
  return 0;
}, SPECS);
