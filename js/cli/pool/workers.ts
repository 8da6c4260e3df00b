// The CLI's worker threads: one engine each (instantiated from the module the main thread compiled), started with the
// command's job; a chunk is sent to the least busy live worker, and a worker that exits or fails rejects everything
// it was doing with WorkerLost, so the caller can do it again on the main thread instead of waiting forever.

import { Worker } from "node:worker_threads";
import type { ChunkInput, ChunkResult, FromWorker, JobSpec, Side, ToWorker } from "./protocol.js";
import { fromWire } from "./wire-error.js";

/** A worker stopped (it exited, failed or could not start) while it had work. */
export class WorkerLost extends Error {
  /** Creates the error naming the worker and why it stopped. */
  constructor(worker: number, why: string) {
    super(`worker ${worker} stopped: ${why}`);
    this.name = "WorkerLost";
  }
}

/** Work waiting for a worker's answer. */
interface Pending {
  worker: number;
  resolve(value: unknown): void;
  reject(e: Error): void;
  /** Called with each request the worker sends for this chunk; its answer goes back to the worker. */
  onRequest?(request: unknown): Promise<unknown>;
}

/** The chunk a worker ran and which worker it was. */
export interface WorkerRun<O> {
  result: ChunkResult<O>;
  worker: number;
}

/** A fixed set of worker threads running one job. */
export class WorkerPool {
  readonly #workers: (Worker | undefined)[] = [];
  readonly #busy: number[] = [];
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #closing = false;

  /** Starts `size` workers from `entry` with the compiled engine `module` and `job`. */
  constructor(size: number, entry: URL, module: WebAssembly.Module, job: JobSpec) {
    for (let i = 0; i < size; i++) {
      const w = new Worker(entry, { workerData: { module, job } });
      w.on("message", (m: FromWorker) => this.#onMessage(i, m));
      w.on("error", (e: Error) => this.#lose(i, e.message));
      w.on("exit", (code: number) => this.#lose(i, `exit code ${code}`));
      this.#workers.push(w);
      this.#busy.push(0);
    }
  }

  /** How many workers were started. */
  get size(): number {
    return this.#busy.length;
  }

  /** How many workers are still running. */
  get live(): number {
    return this.#workers.filter((w) => w !== undefined).length;
  }

  /** Runs a chunk on the least busy live worker; `onRequest` answers the requests it sends meanwhile. Rejects with
   *  WorkerLost when the worker stops first (or none is left). */
  run<O>(seq: number, side: Side, chunk: ChunkInput, keep: boolean, onRequest?: (request: unknown) => Promise<unknown>): Promise<WorkerRun<O>> {
    let best = -1;
    for (let i = 0; i < this.#workers.length; i++) if (this.#workers[i] !== undefined && (best < 0 || this.#busy[i]! < this.#busy[best]!)) best = i;
    if (best < 0) return Promise.reject(new WorkerLost(-1, "no worker is left"));
    const worker = best;
    return this.#send<ChunkResult<O>>(worker, (id) => ({ type: "chunk", id, seq, side, chunk, keep }), onRequest).then((result) => ({ result, worker }));
  }

  /** Asks worker `worker` a question of the job (about what it kept of the chunks it ran). */
  ask<R>(worker: number, question: unknown): Promise<R> {
    if (this.#workers[worker] === undefined) return Promise.reject(new WorkerLost(worker, "it is gone"));
    return this.#send<R>(worker, (id) => ({ type: "ask", id, question }));
  }

  /** Asks every live worker the same question; a worker lost meanwhile is passed over. */
  async askAll(question: unknown): Promise<void> {
    const asked = this.#workers.map((w, i) => (w === undefined ? undefined : this.ask(i, question).catch((e: unknown) => {
      if (!(e instanceof WorkerLost)) throw e;
    })));
    await Promise.all(asked);
  }

  /** Sends one message expecting one answer. */
  #send<R>(worker: number, message: (id: number) => ToWorker, onRequest?: (request: unknown) => Promise<unknown>): Promise<R> {
    const id = this.#nextId++;
    this.#busy[worker]!++;
    return new Promise<R>((resolve, reject) => {
      this.#pending.set(id, { worker, resolve: resolve as (v: unknown) => void, reject, onRequest });
      this.#workers[worker]!.postMessage(message(id));
    });
  }

  /** Handles a worker's message. */
  #onMessage(worker: number, m: FromWorker): void {
    const p = this.#pending.get(m.id);
    if (p === undefined) return;
    if (m.type === "request") {
      const answer = p.onRequest === undefined ? Promise.resolve(null) : p.onRequest(m.request);
      answer.then(
        (a) => this.#workers[worker]?.postMessage({ type: "answer", id: m.id, answer: a } satisfies ToWorker),
        (e: unknown) => {
          this.#pending.delete(m.id);
          this.#busy[worker]!--;
          p.reject(e instanceof Error ? e : new Error(String(e)));
          this.#workers[worker]?.postMessage({ type: "answer", id: m.id, answer: null } satisfies ToWorker);
        },
      );
      return;
    }
    this.#pending.delete(m.id);
    this.#busy[worker]!--;
    if (m.type === "failed") p.reject(fromWire(m.error));
    else p.resolve(m.type === "result" ? m.result : m.reply);
  }

  /** A worker stopped: everything it had is rejected with WorkerLost. */
  #lose(worker: number, why: string): void {
    if (this.#workers[worker] === undefined) return;
    this.#workers[worker] = undefined;
    if (this.#closing) return;
    for (const [id, p] of this.#pending) {
      if (p.worker !== worker) continue;
      this.#pending.delete(id);
      p.reject(new WorkerLost(worker, why));
    }
  }

  /** Stops every worker. */
  async close(): Promise<void> {
    this.#closing = true;
    const all = this.#workers.filter((w): w is Worker => w !== undefined);
    this.#workers.fill(undefined);
    await Promise.all(all.map((w) => w.terminate()));
  }
}
