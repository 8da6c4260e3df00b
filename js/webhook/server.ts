// The webhook's HTTP(S) server: POST the review path with an AdmissionReview, GET /healthz, /livez, /readyz
// and /metrics. A body over the size limit, a slow client, a malformed review or a bug in one request gets
// an error answer; the server keeps serving. close() stops taking connections, lets requests in flight
// finish (up to the shutdown timeout) and reports not ready meanwhile.

import { readFileSync, statSync } from "node:fs";
import { createServer as createHttp, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttps } from "node:https";
import type { AddressInfo } from "node:net";
import { decide, type DecideOptions, type Judge } from "./decide.js";
import type { Logger } from "./log.js";
import type { Metrics } from "./metrics.js";
import { readReview, reviewResponse, ReviewError } from "./review.js";

/** How the server listens and what it tolerates. */
export interface ServerOptions {
  /** Address to bind ("0.0.0.0" in a pod, "127.0.0.1" locally). */
  address: string;
  /** Port (0: any free port). */
  port: number;
  /** PEM certificate chain and key files; undefined serves plain HTTP (behind a TLS proxy, or in tests). */
  tls?: { certFile: string; keyFile: string };
  /** The path AdmissionReviews are posted to. */
  path: string;
  /** Largest request body accepted, in bytes (413 beyond). */
  maxRequestBytes: number;
  /** Time a client has to send a whole request, in ms (408 beyond). */
  requestTimeoutMs: number;
  /** Time a client has to send the request headers, in ms. */
  headersTimeoutMs: number;
  /** Time close() waits for requests in flight before it drops their connections, in ms. */
  shutdownTimeoutMs: number;
  /** How often the certificate files are checked for a newer version (cert-manager rotates them), in ms; 0 never. */
  certReloadMs: number;
}

/** The defaults of ServerOptions (the API server's webhook timeout is at most 30 s; its objects at most ~3 MiB each). */
export const DEFAULT_SERVER: ServerOptions = {
  address: "0.0.0.0",
  port: 8443,
  path: "/validate",
  maxRequestBytes: 8 << 20,
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  shutdownTimeoutMs: 25_000,
  certReloadMs: 60_000,
};

/** A running webhook. */
export interface WebhookServer {
  /** The base URL it serves ("https://127.0.0.1:8443"). */
  url: string;
  /** True until close() starts. */
  readonly ready: boolean;
  /** Stops taking connections and waits for requests in flight (at most the shutdown timeout). */
  close(): Promise<void>;
}

/** What the server needs besides its options. */
export interface WebhookDeps {
  judge: Judge;
  decide: DecideOptions;
  log: Logger;
  metrics: Metrics;
  /** Called with each AdmissionReview body and the answer sent (the live suite records them as fixtures). */
  record?: (body: Uint8Array, answer: string) => void;
}

/** Reads a request body up to `max` bytes; rejects with a ReviewError beyond it. */
function readBody(req: IncomingMessage, max: number): Promise<Uint8Array> {
  const declared = Number(req.headers["content-length"] ?? "NaN");
  if (declared > max) return Promise.reject(new ReviewError(413, "too-large", `the body has ${declared} bytes; the limit is ${max} (--max-request-bytes)`));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on("data", (c: Buffer) => {
      if (done) return;
      size += c.length;
      if (size > max) {
        done = true;
        reject(new ReviewError(413, "too-large", `the body has more than ${max} bytes (--max-request-bytes)`));
        return;
      }
      chunks.push(c);
    });
    req.on("end", () => {
      if (!done) {
        done = true;
        resolve(new Uint8Array(Buffer.concat(chunks, size)));
      }
    });
    req.on("error", (e) => {
      if (!done) {
        done = true;
        // the client went away mid-body: nothing to answer, and no bug
        reject(new ReviewError(400, "aborted", `the client closed the connection before the body ended: ${e.message}`));
      }
    });
  });
}

/** Sends a response with a body; `close` asks the client to drop the connection (its body may be unread). */
function send(res: ServerResponse, status: number, type: string, body: string, close = false): void {
  if (res.headersSent) return;
  res.writeHead(status, { "content-type": type, "content-length": Buffer.byteLength(body), ...(close ? { connection: "close" } : {}) });
  res.end(body);
}

/** A JSON error body: {"code","message"}. */
function errorBody(code: string, message: string): string {
  return JSON.stringify({ code, message });
}

/** Starts the webhook server; resolves once it listens. */
export async function startWebhook(options: ServerOptions, deps: WebhookDeps): Promise<WebhookServer> {
  const { log, metrics } = deps;
  let ready = true;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const path = url.pathname;
    res.on("finish", () => metrics.requests.inc({ path: path === options.path || ["/healthz", "/livez", "/readyz", "/metrics"].includes(path) ? path : "other", code: String(res.statusCode) }));
    if (req.method === "GET" && (path === "/healthz" || path === "/livez")) return send(res, 200, "text/plain; charset=utf-8", "ok\n");
    if (req.method === "GET" && path === "/readyz") return ready ? send(res, 200, "text/plain; charset=utf-8", "ok\n") : send(res, 503, "text/plain; charset=utf-8", "shutting down\n");
    if (req.method === "GET" && path === "/metrics") return send(res, 200, "text/plain; version=0.0.4; charset=utf-8", metrics.render());
    if (path !== options.path) return send(res, 404, "application/json", errorBody("not-found", `no such path ${JSON.stringify(path)}; AdmissionReviews go to ${options.path}`));
    if (req.method !== "POST") {
      res.setHeader("allow", "POST");
      return send(res, 405, "application/json", errorBody("method", `${req.method ?? "?"} ${options.path}: only POST`));
    }
    const type = req.headers["content-type"] ?? "";
    if (!/^application\/json\s*(;|$)/i.test(type)) {
      return send(res, 415, "application/json", errorBody("media-type", `content-type ${JSON.stringify(type)}: want application/json`), true);
    }
    const started = process.hrtime.bigint();
    metrics.inFlight++;
    try {
      const raw = await readBody(req, options.maxRequestBytes);
      const review = readReview(raw);
      const outcome = decide(review, deps.judge, deps.decide);
      const body = reviewResponse(review, outcome.decision);
      send(res, 200, "application/json", body);
      deps.record?.(raw, body);
      metrics.reviews.inc({ kind: outcome.kind || "other", verdict: outcome.verdict, allowed: String(outcome.decision.allowed) });
      if (outcome.errorCode !== undefined) metrics.errors.inc({ code: outcome.errorCode });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      log.log(outcome.verdict === "skipped" ? "debug" : "info", "review", {
        uid: review.uid,
        kind: `${review.kind.group}/${review.kind.version}/${review.kind.kind}`,
        namespace: review.namespace,
        name: review.name,
        operation: review.operation,
        subResource: review.subResource || undefined,
        user: review.user,
        dryRun: review.dryRun,
        verdict: outcome.verdict,
        allowed: outcome.decision.allowed,
        denied: outcome.denied || undefined,
        error: outcome.errorCode,
        warnings: outcome.decision.warnings.length,
        ms: Math.round(ms * 1000) / 1000,
      });
    } catch (e) {
      if (e instanceof ReviewError) {
        log.log("warn", "bad request", { code: e.code, status: e.status, error: e.message, remote: req.socket.remoteAddress });
        send(res, e.status, "application/json", errorBody(e.code, e.message), e.status === 413);
      } else {
        log.log("error", "internal error", { error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
        send(res, 500, "application/json", errorBody("internal", "kinplace webhook: internal error (logged)"));
      }
    } finally {
      metrics.inFlight--;
      metrics.observe(Number(process.hrtime.bigint() - started) / 1e9);
    }
  };

  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    handle(req, res).catch((e: unknown) => {
      log.log("error", "internal error", { error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
      send(res, 500, "application/json", errorBody("internal", "kinplace webhook: internal error (logged)"));
    });
  };

  // how often Node checks the request and header timeouts (its default, 30 s, would let a slow client linger)
  const checkEvery = Math.max(100, Math.min(1000, Math.floor(options.requestTimeoutMs / 4)));
  let server: Server;
  let reload: NodeJS.Timeout | undefined;
  if (options.tls !== undefined) {
    const { certFile, keyFile } = options.tls;
    const stamp = (): string => `${statSync(certFile).mtimeMs}/${statSync(keyFile).mtimeMs}`;
    let seen = stamp();
    const https = createHttps({ cert: readFileSync(certFile), key: readFileSync(keyFile), connectionsCheckingInterval: checkEvery }, listener);
    if (options.certReloadMs > 0) {
      reload = setInterval(() => {
        try {
          const now = stamp();
          if (now === seen) return;
          https.setSecureContext({ cert: readFileSync(certFile), key: readFileSync(keyFile) });
          seen = now;
          log.log("info", "certificate reloaded", { certFile });
        } catch (e) {
          log.log("error", "certificate reload failed (the old one stays in use)", { error: e instanceof Error ? e.message : String(e) });
        }
      }, options.certReloadMs);
      reload.unref();
    }
    server = https;
  } else {
    server = createHttp({ connectionsCheckingInterval: checkEvery }, listener);
  }
  server.requestTimeout = options.requestTimeoutMs;
  server.headersTimeout = Math.min(options.headersTimeoutMs, options.requestTimeoutMs);
  server.keepAliveTimeout = 30_000;
  server.on("clientError", (err: NodeJS.ErrnoException, socket) => {
    log.log("debug", "client error", { error: err.message, code: err.code });
    if (socket.writable && !socket.destroyed) {
      const status = err.code === "ERR_HTTP_REQUEST_TIMEOUT" ? "408 Request Timeout" : err.code === "HPE_HEADER_OVERFLOW" ? "431 Request Header Fields Too Large" : "400 Bad Request";
      socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
    } else socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.address, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const url = `${options.tls !== undefined ? "https" : "http"}://${host}:${address.port}`;
  log.log("info", "listening", { url, path: options.path, tls: options.tls !== undefined, maxRequestBytes: options.maxRequestBytes });

  let closing: Promise<void> | undefined;
  return {
    url,
    get ready() {
      return ready;
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        ready = false;
        if (reload !== undefined) clearInterval(reload);
        log.log("info", "shutting down", { inFlight: metrics.inFlight });
        const force = setTimeout(() => server.closeAllConnections(), options.shutdownTimeoutMs);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          log.log("info", "stopped");
          resolve();
        });
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}
