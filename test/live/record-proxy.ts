/**
 * A recording HTTPS proxy on 127.0.0.1 between kubectl and the live kube-apiserver (test/live/apiserver.ts):
 * forwards every request unchanged (HTTP/1.1; kubectl falls back from HTTP/2 through ALPN) and keeps the
 * exchanges whose method is not GET, plus GETs of single objects, with the raw request body, status,
 * raw response body and the `Warning` headers — what kubectl sent and what the server answered, byte for
 * byte, which kubectl's own output (re-serialized, warnings folded into stderr) does not keep.
 */

import { createServer, request, type Server } from "node:https";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { LiveServer } from "./apiserver.ts";

/** One request and its answer. */
export interface Exchange {
  method: string;
  /** path and query, e.g. /apis/apps/v1/namespaces/default/deployments/web?dryRun=All&fieldManager=... */
  url: string;
  /** the Content-Type kubectl sent (the patch type) */
  contentType: string;
  requestBody: string;
  status: number;
  responseBody: string;
  /** the warning texts of the `Warning: 299 - "..."` headers, in order */
  warnings: string[];
}

/** A running recording proxy. */
export interface RecordingProxy {
  /** a kubeconfig that sends kubectl through the proxy (admin token, the server's CA) */
  kubeconfig: string;
  /** the exchanges whose path is `path` (without query), oldest first */
  exchanges(path: string): Exchange[];
  stop(): Promise<void>;
}

/** Decodes one Warning header value (RFC 7234 `299 - "text"`, as k8s.io/apiserver writes it) into its text. */
export function warningText(header: string): string {
  const m = /^\d{3} \S+ "((?:[^"\\]|\\.)*)"/.exec(header);
  return m ? m[1]!.replace(/\\(.)/g, "$1") : header;
}

/** Starts a proxy in front of `server`, serving the server's own certificate (its SANs include 127.0.0.1). */
export async function startRecordingProxy(server: LiveServer): Promise<RecordingProxy> {
  const target = new URL(server.url);
  const ca = readFileSync(server.caFile);
  const recorded = new Map<string, Exchange[]>();
  const proxy: Server = createServer({ cert: readFileSync(join(server.dir, "server.crt")), key: readFileSync(join(server.dir, "server.key")) }, (req, res) => {
    const body: Buffer[] = [];
    req.on("data", (c: Buffer) => body.push(c));
    req.on("end", () => {
      const requestBody = Buffer.concat(body);
      const headers = { ...req.headers, host: target.host };
      const up = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers, ca }, (ures) => {
        const chunks: Buffer[] = [];
        ures.on("data", (c: Buffer) => chunks.push(c));
        ures.on("end", () => {
          const responseBody = Buffer.concat(chunks);
          const path = (req.url ?? "").split("?")[0]!;
          // discovery and OpenAPI GETs are not kept (large, and not what a suite asks about)
          if (req.method !== "GET" || /\/namespaces\/[^/]+\/[^/]+\/[^/]+$/.test(path)) {
            // rawHeaders keeps each Warning header line on its own (headers.warning joins them with ", ")
            const list: string[] = [];
            for (let i = 0; i + 1 < ures.rawHeaders.length; i += 2) if (ures.rawHeaders[i]!.toLowerCase() === "warning") list.push(warningText(ures.rawHeaders[i + 1]!));
            const ex: Exchange = { method: req.method ?? "", url: req.url ?? "", contentType: String(req.headers["content-type"] ?? ""), requestBody: requestBody.toString(), status: ures.statusCode ?? 0, responseBody: responseBody.toString(), warnings: list };
            recorded.set(path, [...(recorded.get(path) ?? []), ex]);
          }
          res.writeHead(ures.statusCode ?? 502, ures.headers);
          res.end(responseBody);
        });
      });
      up.on("error", (e) => {
        res.writeHead(502);
        res.end(String(e));
      });
      up.end(requestBody);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const port = (proxy.address() as { port: number }).port;
  const kubeconfig = join(server.dir, "kubeconfig-recorded");
  writeFileSync(kubeconfig, readFileSync(join(server.dir, "kubeconfig"), "utf8").replace(server.url, `https://127.0.0.1:${port}`));
  return {
    kubeconfig,
    exchanges: (path) => recorded.get(path) ?? [],
    stop: () => new Promise<void>((resolve) => {
      proxy.closeAllConnections();
      proxy.close(() => resolve());
    }),
  };
}
