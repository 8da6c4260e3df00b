// A tiny static file server for the built page (web/dist): `npm run web` builds and runs it.
// Usage: node web/serve.mjs [--port N] (default 8080; 0 picks a free port). Serves localhost only.

import { createReadStream, statSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize, sep } from "node:path";
import { fileURLToPath } from "node:url";

const TYPES = { ".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".mjs": "text/javascript; charset=utf-8", ".wasm": "application/wasm", ".png": "image/png", ".svg": "image/svg+xml" };

/** Serves `dir` on 127.0.0.1:`port`; resolves with the server and its URL once listening. */
export function serve(dir, port = 0) {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    let rel = decodeURIComponent(url.pathname);
    if (rel.endsWith("/")) rel += "index.html";
    const file = normalize(join(dir, rel));
    if (!file.startsWith(dir + sep)) { res.writeHead(403).end("forbidden"); return; }
    let size;
    try { const st = statSync(file); if (!st.isFile()) throw new Error("not a file"); size = st.size; } catch { res.writeHead(404, { "content-type": "text/plain" }).end("not found"); return; }
    res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream", "content-length": size, "cache-control": "no-store" });
    if (req.method === "HEAD") { res.end(); return; }
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve({ server, url: `http://127.0.0.1:${server.address().port}/` }));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf("--port");
  const port = i > 0 ? Number(process.argv[i + 1]) : Number(process.env.PORT ?? 8080);
  const dir = join(fileURLToPath(new URL(".", import.meta.url)), "dist");
  const { url } = await serve(dir, port);
  console.log(`kinplace manifest checker: ${url}  (Ctrl-C stops; the folder ${dir} also works opened from disk)`);
}
