// A command's run on the pool: the workers (started with the command's job and the engine module this thread
// compiled), this thread's own runtime and engine, and the pipeline over the command's pieces; questions about what
// a chunk kept go to the thread that read it, or, when that worker is lost, the chunk is read again here.

import { appendFileSync } from "node:fs";
import { cliEngine, cliModule } from "../common.js";
import type { SourceDoc } from "../documents.js";
import type { InputLimits } from "../limits.js";
import { goSyntaxError } from "../request.js";
import { Pipeline, type Holder, type PipelineSetup } from "./pipeline.js";
import type { Piece } from "./pieces.js";
import type { ChunkInput, JobSpec, Side } from "./protocol.js";
import { runChunk, type ChunkEnv } from "./run-chunk.js";
import { JobRuntime, type Question } from "./runtime.js";
import { WorkerLost, WorkerPool } from "./workers.js";

declare const __KINPLACE_POOL_WORKER__: string | undefined;

/** The worker's entry: the bundled pool-worker.mjs next to the CLI, or worker.ts when run from source. */
function workerEntry(): URL {
  return typeof __KINPLACE_POOL_WORKER__ === "string" ? new URL(__KINPLACE_POOL_WORKER__, import.meta.url) : new URL("./worker.ts", import.meta.url);
}

/** Hooks of a session's pipeline (see PipelineSetup). */
export type SessionHooks = Pick<PipelineSetup, "lookup" | "keep" | "retain">;

/** A command's run on `workers` worker threads. */
export class PoolSession<O> {
  readonly #pool: WorkerPool;
  readonly local: JobRuntime;
  readonly env: ChunkEnv;
  #pipeline: Pipeline<O> | undefined;

  /** Starts the workers for `spec`. */
  constructor(spec: JobSpec, limits: InputLimits, workers: number) {
    this.#pool = new WorkerPool(workers, workerEntry(), cliModule(), spec);
    this.local = new JobRuntime(spec, cliEngine());
    this.env = { limits, syntaxError: (b) => goSyntaxError(cliEngine(), b) };
  }

  /** The pipeline over `pieces` (one per session). */
  pipeline(pieces: AsyncIterable<Piece>, hooks: SessionHooks = {}): Pipeline<O> {
    this.#pipeline = new Pipeline<O>(pieces, { pool: this.#pool, local: this.local, env: this.env, window: 4 * Math.max(1, this.#pool.live), ...hooks });
    return this.#pipeline;
  }

  /** Reads committed chunk `seq` again on this thread (its worker lost): what it keeps is then kept here. */
  async readHere(seq: number, side: Side): Promise<void> {
    const chunk = this.#pipeline!.chunks.get(seq);
    if (chunk === undefined) throw new Error(`chunk ${seq} was not kept`);
    this.#pipeline!.holders.set(seq, "main");
    await runChunk(chunk, this.local.docJob(seq, side, () => Promise.resolve([]), true), this.env);
  }

  /** Asks `holder` a question about chunks `seqs` it read; when it is lost they are read again here first. */
  async ask<R>(holder: Holder, question: Question, seqs: readonly number[], side: Side): Promise<R> {
    if (holder !== "main") {
      try {
        return await this.#pool.ask<R>(holder, question);
      } catch (e) {
        if (!(e instanceof WorkerLost)) throw e;
        for (const seq of seqs) await this.readHere(seq, side);
      }
    }
    return this.local.answer(question) as R;
  }

  /** Tells every thread that what it kept is not needed any more, and lets the chunks kept here go. */
  async forget(): Promise<void> {
    const question: Question = { type: "forget" };
    await this.#pool.askAll(question);
    this.local.answer(question);
    this.#pipeline?.chunks.clear();
  }

  /** Document `index` of committed chunk `seq`, read again on this thread. */
  async document(seq: number, index: number): Promise<SourceDoc> {
    const chunk: ChunkInput | undefined = this.#pipeline!.chunks.get(seq);
    let found: SourceDoc | undefined;
    if (chunk !== undefined) await runChunk(chunk, { process: (doc, i) => (i === index ? (found = doc) : undefined) }, this.env);
    if (found === undefined) throw new Error(`document ${index} of chunk ${seq} was not found`);
    return found;
  }

  /** Stops the pipeline and the workers; KINPLACE_POOL_TRACE=FILE appends which thread read each chunk to FILE (a
   *  diagnostic: the output itself never tells). */
  async close(): Promise<void> {
    this.#pipeline?.close();
    const workers = this.#pool.size;
    await this.#pool.close();
    const trace = process.env["KINPLACE_POOL_TRACE"];
    if (trace !== undefined && trace !== "" && this.#pipeline !== undefined) {
      const lines = [...this.#pipeline.holders].sort((a, b) => a[0] - b[0]).map(([seq, holder]) => `chunk ${seq} ${holder === "main" ? "main" : `worker ${holder}`}`);
      appendFileSync(trace, `pool of ${workers} workers\n${lines.map((l) => `${l}\n`).join("")}`);
    }
  }
}
