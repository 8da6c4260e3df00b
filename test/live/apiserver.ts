/**
 * Starts a real etcd and kube-apiserver (test/live/build.ts) on loopback for the live suites: etcd on
 * 127.0.0.1 with a temporary data directory, kube-apiserver with a CA, serving certificate, admin client
 * certificate and service-account key made here (openssl), a static admin token, RBAC, and the admission
 * plugins a kubeadm cluster runs (the default set plus NodeRestriction). No controllers run: the suites
 * create what a controller would (namespaces, the `default` ServiceAccount) themselves. Waits for /readyz,
 * writes a kubeconfig, and kills both processes when stopped, when this process exits, and (through a
 * watchdog shell, which also removes the temporary directory) when this process dies without running its exit handlers.
 *
 * Hooks for other suites: `kubeconfigPath()` of a running server, `kubectl()` to run the machine's
 * kubectl against it, `applyValidatingWebhook()` to register an admission webhook served elsewhere.
 */

import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync, readFileSync, openSync, closeSync, existsSync } from "node:fs";
import { freePort } from "../support/ports.ts";
import { request } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureServerBinaries, type ServerBinaries } from "./build.ts";
import { NEWEST } from "../oracle/k8s/versions.ts";

/** A running etcd + kube-apiserver pair. */
export interface LiveServer {
  /** the binaries and the releases they are */
  binaries: ServerBinaries;
  /** https://127.0.0.1:PORT */
  url: string;
  /** the temporary directory holding certificates, logs, the etcd data and the kubeconfig */
  dir: string;
  /** the static admin token (user `kinplace-admin`, group `system:masters`) */
  token: string;
  /** the CA the serving certificate and the admin client certificate are signed by (PEM) */
  caFile: string;
  /** stops both processes and removes the directory (idempotent); keeps the directory when KINPLACE_LIVE_KEEP=1 */
  stop(): Promise<void>;
}

/** Options of startServer(). */
export interface StartOptions {
  /** the Kubernetes minor (default the newest) */
  minor?: string;
  /** extra kube-apiserver flags (e.g. `--feature-gates=...`) */
  apiserverFlags?: string[];
  /** how long to wait for /readyz (default 180 s: 2 shared cores) */
  readyTimeoutMs?: number;
  log?: (s: string) => void;
}

/** The admin token the server accepts (static token file; the suites need no secret). */
const ADMIN_TOKEN = "kinplace-live-admin-token";

let current: LiveServer | undefined;


/** Runs openssl with `args` in `cwd`; throws with its stderr on failure. */
function openssl(cwd: string, args: string[]): void {
  const r = spawnSync("openssl", args, { cwd, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`openssl ${args.join(" ")}: ${r.stderr}`);
}

/** Makes ca.{crt,key}, the serving pair server.{crt,key} (127.0.0.1, localhost), the admin client pair admin.{crt,key} and the service-account key sa.{key,pub}. */
function makeCertificates(dir: string): void {
  const ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
  openssl(dir, ["req", "-x509", ...ec, "-keyout", "ca.key", "-out", "ca.crt", "-days", "2", "-subj", "/CN=kinplace-live-ca", "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign,digitalSignature"]);
  const sign = (name: string, subj: string, ext: string) => {
    openssl(dir, ["req", "-new", ...ec, "-keyout", `${name}.key`, "-out", `${name}.csr`, "-subj", subj]);
    writeFileSync(join(dir, `${name}.ext`), ext);
    openssl(dir, ["x509", "-req", "-in", `${name}.csr`, "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial", "-out", `${name}.crt`, "-days", "2", "-extfile", `${name}.ext`]);
  };
  sign("server", "/CN=kube-apiserver", "basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\nsubjectAltName=IP:127.0.0.1,DNS:localhost,DNS:kubernetes,DNS:kubernetes.default,DNS:kubernetes.default.svc\n");
  sign("admin", "/O=system:masters/CN=kinplace-admin", "basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\nextendedKeyUsage=clientAuth\n");
  openssl(dir, ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-out", "sa.key"]);
  openssl(dir, ["pkey", "-in", "sa.key", "-pubout", "-out", "sa.pub"]);
}

/** The kubeconfig of the admin user (client certificate and token both given; the server accepts either). */
function kubeconfigText(url: string, dir: string): string {
  return [
    "apiVersion: v1",
    "kind: Config",
    "clusters:",
    "- name: kinplace-live",
    "  cluster:",
    `    server: ${url}`,
    `    certificate-authority: ${join(dir, "ca.crt")}`,
    "users:",
    "- name: kinplace-admin",
    "  user:",
    `    token: ${ADMIN_TOKEN}`,
    "contexts:",
    "- name: kinplace-live",
    "  context:",
    "    cluster: kinplace-live",
    "    user: kinplace-admin",
    "    namespace: default",
    "current-context: kinplace-live",
    "",
  ].join("\n");
}

/** GET `path` on the server with the admin token; resolves with status and body (never rejects on HTTP errors). */
function get(url: string, path: string, ca: Buffer): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const req = request(`${url}${path}`, { ca, headers: { Authorization: `Bearer ${ADMIN_TOKEN}` }, timeout: 5000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on("error", (e) => resolve({ status: 0, body: String(e) }));
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.end();
  });
}

/** Spawns a server process with its output in `logFile`. */
function launch(bin: string, args: string[], logFile: string): ChildProcess {
  const fd = openSync(logFile, "a");
  try {
    return spawn(bin, args, { stdio: ["ignore", fd, fd] });
  } finally {
    closeSync(fd);
  }
}

/** The last lines of a log file (for failure messages). */
function tail(file: string, n = 30): string {
  return existsSync(file) ? readFileSync(file, "utf8").split("\n").slice(-n).join("\n") : "(no log)";
}

/** Kills a child (SIGKILL) if it is still running. */
function kill(p: ChildProcess | undefined): void {
  if (p && p.exitCode === null && p.signalCode === null) {
    try {
      p.kill("SIGKILL");
    } catch {
      /* already gone */
    }
  }
}

/**
 * Builds (if needed) and starts etcd and kube-apiserver of `minor`; resolves once /readyz answers ok.
 * One server per process: a second call while one runs returns it.
 */
export async function startServer(opts: StartOptions = {}): Promise<LiveServer> {
  if (current) return current;
  const log = opts.log ?? (() => {});
  const binaries = await ensureServerBinaries(opts.minor ?? NEWEST, log);
  const dir = mkdtempSync(join(tmpdir(), "kinplace-live-"));
  const procs: ChildProcess[] = [];
  let watchdog: ChildProcess | undefined;
  let stopped = false;
  const onExit = () => procs.forEach(kill);
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.off("exit", onExit);
    const exited = procs.map((p) => (p.exitCode !== null || p.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => p.once("exit", () => r()))));
    procs.forEach(kill);
    await Promise.all(exited);
    kill(watchdog);
    if (current?.dir === dir) current = undefined;
    if (process.env.KINPLACE_LIVE_KEEP !== "1") rmSync(dir, { recursive: true, force: true });
  };
  process.on("exit", onExit);
  try {
    makeCertificates(dir);
    writeFileSync(join(dir, "tokens.csv"), `${ADMIN_TOKEN},kinplace-admin,kinplace-admin-uid,"system:masters"\n`);
    const [etcdClient, etcdPeer, securePort] = [await freePort(), await freePort(), await freePort()];
    const etcdURL = `http://127.0.0.1:${etcdClient}`;
    const peerURL = `http://127.0.0.1:${etcdPeer}`;
    const etcd = launch(binaries.etcdBinary, [
      "--name=kinplace-live",
      `--data-dir=${join(dir, "etcd")}`,
      `--listen-client-urls=${etcdURL}`,
      `--advertise-client-urls=${etcdURL}`,
      `--listen-peer-urls=${peerURL}`,
      `--initial-advertise-peer-urls=${peerURL}`,
      `--initial-cluster=kinplace-live=${peerURL}`,
      "--unsafe-no-fsync",
      "--log-level=warn",
    ], join(dir, "etcd.log"));
    procs.push(etcd);
    const apiserver = launch(binaries.apiserver, [
      `--etcd-servers=${etcdURL}`,
      "--bind-address=127.0.0.1",
      `--secure-port=${securePort}`,
      // a documentation address (TEST-NET-1) for the kubernetes Service; no endpoint reconciler writes it
      "--advertise-address=192.0.2.1",
      "--endpoint-reconciler-type=none",
      "--service-cluster-ip-range=10.96.0.0/12",
      `--cert-dir=${join(dir, "certs")}`,
      `--tls-cert-file=${join(dir, "server.crt")}`,
      `--tls-private-key-file=${join(dir, "server.key")}`,
      `--client-ca-file=${join(dir, "ca.crt")}`,
      `--token-auth-file=${join(dir, "tokens.csv")}`,
      `--service-account-key-file=${join(dir, "sa.pub")}`,
      `--service-account-signing-key-file=${join(dir, "sa.key")}`,
      "--service-account-issuer=https://kubernetes.default.svc.cluster.local",
      "--authorization-mode=Node,RBAC",
      // kubeadm's kube-apiserver manifest: the default plugins plus NodeRestriction, privileged pods allowed
      "--enable-admission-plugins=NodeRestriction",
      "--allow-privileged=true",
      "--profiling=false",
      ...(opts.apiserverFlags ?? []),
    ], join(dir, "kube-apiserver.log"));
    procs.push(apiserver);
    // kills both (and removes the directory) if this process dies without its exit handlers (SIGKILL, a crash)
    const cleanup = process.env.KINPLACE_LIVE_KEEP === "1" ? "" : `; rm -rf '${dir}'`;
    watchdog = spawn("sh", ["-c", `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; kill -9 ${etcd.pid} ${apiserver.pid} 2>/dev/null; sleep 1${cleanup}`], { stdio: "ignore", detached: true });
    watchdog.unref();
    const url = `https://127.0.0.1:${securePort}`;
    const ca = readFileSync(join(dir, "ca.crt"));
    const deadline = Date.now() + (opts.readyTimeoutMs ?? 180_000);
    let last = { status: 0, body: "" };
    for (;;) {
      for (const p of procs) if (p.exitCode !== null || p.signalCode !== null) throw new Error(`${p === etcd ? "etcd" : "kube-apiserver"} exited (${p.exitCode ?? p.signalCode}):\n${tail(join(dir, p === etcd ? "etcd.log" : "kube-apiserver.log"))}`);
      last = await get(url, "/readyz", ca);
      if (last.status === 200) break;
      if (Date.now() > deadline) throw new Error(`kube-apiserver not ready after ${opts.readyTimeoutMs ?? 180_000} ms: ${last.status} ${last.body.slice(0, 2000)}\n${tail(join(dir, "kube-apiserver.log"))}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    writeFileSync(join(dir, "kubeconfig"), kubeconfigText(url, dir));
    log(`live servers: kube-apiserver ${binaries.kubernetes} + etcd ${binaries.etcd} ready at ${url} (${dir})`);
    current = { binaries, url, dir, token: ADMIN_TOKEN, caFile: join(dir, "ca.crt"), stop };
    return current;
  } catch (e) {
    await stop();
    throw e;
  }
}

/** The kubeconfig of the running server (admin user, namespace `default`); throws when none runs. */
export function kubeconfigPath(): string {
  if (!current) throw new Error("no live kube-apiserver is running (startServer first)");
  return join(current.dir, "kubeconfig");
}

/** What one kubectl run produced. */
export interface KubectlResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the machine's kubectl against the running server (its own discovery cache in the server's directory); `kubeconfig` another way in (a proxy's), `env` its environment. */
export function kubectl(args: string[], input?: string, kubeconfig: string = kubeconfigPath(), env?: NodeJS.ProcessEnv): Promise<KubectlResult> {
  return new Promise((resolve, reject) => {
    const child = spawn("kubectl", ["--kubeconfig", kubeconfig, "--cache-dir", join(current!.dir, "kube-cache"), ...args], { stdio: ["pipe", "pipe", "pipe"], env: env ?? process.env });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (b: Buffer) => out.push(b));
    child.stderr.on("data", (b: Buffer) => err.push(b));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString() }));
    child.stdin.on("error", () => {});
    child.stdin.end(input ?? "");
  });
}

/**
 * Registers a ValidatingWebhookConfiguration (`config`: its metadata and webhooks, e.g. `clientConfig.url` at an
 * https://127.0.0.1 server the caller runs, with its CA in `caBundle`) through kubectl apply. The admission chain
 * picks it up through an informer, within about a second: a caller that needs it in force retries its first request.
 */
export async function applyValidatingWebhook(config: Record<string, unknown>): Promise<void> {
  const r = await kubectl(["apply", "-f", "-"], JSON.stringify({ apiVersion: "admissionregistration.k8s.io/v1", kind: "ValidatingWebhookConfiguration", ...config }));
  if (r.status !== 0) throw new Error(`kubectl apply of the ValidatingWebhookConfiguration failed: ${r.stderr}`);
}
