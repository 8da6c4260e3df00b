// Runs the pieces of a command's inputs on the pool and hands back the documents' outcomes in input order, throwing
// each error where the single-threaded run would: a JSON read group's documents only once the whole group was read
// without error, a YAML List's items only once all its parts read as the whole document would (else the document is
// read again whole on this thread), nothing of a block whose assumed start state turns out wrong (it runs again from
// the right one). Three loops share the tasks: the dispatcher sends pieces out (at most `window` ahead of the commit),
// the check loop confirms each chunk in order (and answers its requests, in order), the commit loop hands outcomes out.
// A chunk whose worker is lost runs again on this thread.

import { sameState, exactEnd } from "./json-blocks.js";
import type { ListPart, Piece } from "./pieces.js";
import type { ChunkInput, ChunkResult, Entry, LookupRequest, ReadInfo, Side } from "./protocol.js";
import { readInfo, runChunk, type ChunkEnv } from "./run-chunk.js";
import type { JobRuntime } from "./runtime.js";
import { Deferred, Signal } from "./deferred.js";
import { fromWire } from "./wire-error.js";
import type { WorkerPool } from "./workers.js";
import type { SplitterState } from "../json-split.js";

/** Who holds what a chunk kept: a worker (by index) or this thread. */
export type Holder = number | "main";

/** What the pipeline needs besides its pieces. */
export interface PipelineSetup {
  pool: WorkerPool | undefined;
  /** This thread's runtime (for chunks it reads itself). */
  local: JobRuntime;
  env: ChunkEnv;
  /** How many pieces may be out ahead of the commit. */
  window: number;
  /** The answer to a chunk's request (check's lookups), asked in input order. */
  lookup?(seq: number, request: LookupRequest): Promise<unknown>;
  /** Whether NEW workloads without a pair are to be kept (check). */
  keep?(): boolean;
  /** Whether a committed chunk of input `side` is kept, to be read again later (its holder lost, or a document of it
   *  wanted). */
  retain?(side: Side): boolean;
}

/** An outcome handed out, with the chunk it came from and who ran it. */
export type Committed<O> = { type: "outcome"; side: Side; o: O; seq: number; holder: Holder } | { type: "end"; side: Side };

/** The first thing known about an attempt at a chunk: its request, or its result, or that it failed. */
interface Stage {
  read?: ReadInfo;
  request?: LookupRequest;
  failed?: boolean;
}

/** One run of a chunk. */
interface Attempt {
  chunk: ChunkInput;
  stage: Deferred<Stage>;
  answer?: Deferred<unknown>;
  done: Promise<{ result: ChunkResult<unknown>; holder: Holder }>;
  dropped: boolean;
}

/** A piece in input order and its current attempt. */
interface Task {
  seq: number;
  piece: Piece;
  attempt?: Attempt;
  /** The check loop is done with it. */
  ready: Deferred<void>;
  /** The chunk with its exact start state. */
  exact?: ChunkInput;
  /** A List read again whole (on its first part). */
  whole?: Promise<{ result: ChunkResult<unknown>; holder: Holder }>;
}

/** The entries of an open JSON read group, held until the group is read without error. */
interface Held {
  g: number;
  entries: { entry: Entry<unknown>; side: Side; seq: number; holder: Holder }[];
}

/** Runs pieces on the pool; see the file's comment. */
export class Pipeline<O> {
  readonly #setup: PipelineSetup;
  readonly #pieces: AsyncIterable<Piece>;
  readonly #tasks: Task[] = [];
  readonly #changed = new Signal();
  #produced = false;
  #closed = false;
  #producerError: unknown;
  readonly #failure = new Deferred<unknown>();
  #commitSeq = 0;
  /** Which thread holds what each committed chunk kept. */
  readonly holders = new Map<number, Holder>();
  /** The exact chunk of each committed task, to read it again. */
  readonly chunks = new Map<number, ChunkInput>();

  /** A pipeline over `pieces`. */
  constructor(pieces: AsyncIterable<Piece>, setup: PipelineSetup) {
    this.#pieces = pieces;
    this.#setup = setup;
  }

  /** The task at `seq` once the dispatcher made it, or undefined after the last. */
  async #taskAt(seq: number): Promise<Task | undefined> {
    for (;;) {
      if (seq < this.#tasks.length) return this.#tasks[seq];
      if (this.#produced) return undefined;
      await this.#changed.wait();
    }
  }

  /** Starts an attempt at `task` with `chunk`: on a worker, or here when none is left or the piece says so. */
  #start(task: Task, chunk: ChunkInput, here = false): Attempt {
    const { pool, local, env } = this.#setup;
    const piece = task.piece as Extract<Piece, { type: "chunk" }>;
    const stage = new Deferred<Stage>();
    const attempt: Attempt = { chunk, stage, dropped: false, done: undefined as unknown as Attempt["done"] };
    const keep = this.#setup.keep?.() ?? false;
    const onRequest = (request: unknown): Promise<unknown> => {
      if (attempt.answer === undefined) {
        attempt.answer = new Deferred<unknown>();
        const r = request as LookupRequest;
        stage.resolve({ read: r.read, request: r });
      }
      return attempt.answer.promise;
    };
    const runHere = async (): Promise<{ result: ChunkResult<unknown>; holder: Holder }> => {
      const result = await runChunk(chunk, local.docJob(task.seq, piece.side, onRequest as never, keep), env);
      return { result, holder: "main" };
    };
    // a worker lost (or failing) runs the chunk again here, unless it is dropped anyway
    const again = (): Promise<{ result: ChunkResult<unknown>; holder: Holder }> => (attempt.dropped ? Promise.resolve({ result: { entries: [], aliasNodes: 0 }, holder: "main" }) : runHere());
    attempt.done = here || pool === undefined || pool.live === 0
      ? Promise.resolve().then(runHere)
      : pool.run(task.seq, piece.side, chunk, keep, onRequest).then((r) => ({ result: r.result, holder: r.worker as Holder }), again);
    attempt.done.then(
      (r) => stage.resolve({ read: readInfo(r.result) }),
      () => stage.resolve({ failed: true }),
    );
    task.attempt = attempt;
    return attempt;
  }

  /** Drops an attempt: its result is not used, a request it waits on is answered with null. */
  #drop(attempt: Attempt | undefined): void {
    if (attempt === undefined) return;
    attempt.dropped = true;
    attempt.answer?.resolve(null);
  }

  /** Sends the pieces out, at most `window` ahead of the commit (a List's parts all at once). */
  async #dispatch(): Promise<void> {
    try {
      for await (const piece of this.#pieces) {
        const task: Task = { seq: this.#tasks.length, piece, ready: new Deferred<void>() };
        while (!this.#closed && !this.#inWindow(task)) await this.#changed.wait();
        if (this.#closed) break;
        this.#tasks.push(task);
        if (piece.type === "chunk") this.#start(task, piece.chunk, piece.local === true);
        this.#changed.notify();
      }
    } catch (e) {
      this.#producerError = e;
    }
    this.#produced = true;
    this.#changed.notify();
  }

  /** True when `task` may be sent out now. */
  #inWindow(task: Task): boolean {
    if (task.seq < this.#commitSeq + this.#setup.window) return true;
    const at = this.#tasks[this.#commitSeq]?.piece;
    const list = task.piece.type === "chunk" ? task.piece.list : undefined;
    return list !== undefined && at?.type === "chunk" && at.list?.id === list.id;
  }

  /** Answers an attempt's request (in input order). */
  async #answer(task: Task, stage: Stage): Promise<void> {
    if (stage.request === undefined) return;
    const lookup = this.#setup.lookup;
    task.attempt!.answer!.resolve(lookup === undefined ? null : await lookup(task.seq, stage.request));
  }

  /** Confirms the chunks in order: a JSON block's assumed start state against the state after the block before (a
   *  wrong one runs again from the right one), a List's parts as a whole; then answers their requests. */
  async #check(): Promise<void> {
    try {
      await this.#checkAll();
    } catch (e) {
      this.#failure.resolve(e);
    }
  }

  /** The loop of #check. */
  async #checkAll(): Promise<void> {
    const chainEnds = new Map<number, SplitterState | null>();
    for (let s = 0; ; s++) {
      const task = await this.#taskAt(s);
      if (task === undefined) return;
      const piece = task.piece;
      if (piece.type !== "chunk") {
        task.ready.resolve();
        continue;
      }
      if (piece.list !== undefined) {
        if (piece.list.index === 0) await this.#checkList(task, piece.list);
        continue;
      }
      let stage = await task.attempt!.stage.promise;
      const chunk = piece.chunk;
      if (chunk.type === "json" && piece.chain !== undefined) {
        const before = chainEnds.get(piece.chain);
        if (before === null) {
          // the block before ended in an error: nothing after it is handed out
          this.#drop(task.attempt);
          task.ready.resolve();
          continue;
        }
        let start = chunk.state;
        let assumed = false;
        if (piece.speculative === true && before !== undefined) {
          assumed = sameState(before, chunk.state) && !(stage.read?.readError === true && before.itemIndex !== chunk.state.itemIndex);
          start = before;
          if (!assumed) {
            this.#drop(task.attempt);
            stage = await this.#start(task, { ...chunk, state: before }).stage.promise;
          }
        }
        const end = stage.read?.end;
        chainEnds.set(piece.chain, end === undefined ? null : assumed ? exactEnd(start, chunk.state, end) : end);
        task.exact = { ...chunk, state: start };
      } else task.exact = chunk;
      await this.#answer(task, stage);
      task.ready.resolve();
    }
  }

  /** Confirms a List read in parts: every part read without error and their aliases within the limit, else the whole
   *  document is read again here (its parts' attempts dropped). */
  async #checkList(first: Task, list: ListPart): Promise<void> {
    const tasks: Task[] = [];
    for (let k = 0; k < list.count; k++) tasks.push((await this.#taskAt(first.seq + k))!);
    const stages = await Promise.all(tasks.map((t) => t.attempt!.stage.promise));
    const aliases = stages.reduce((n, st) => n + (st.read?.aliasNodes ?? 0), 0);
    const clean = stages.every((st) => st.failed !== true && st.read?.readError === false) && aliases <= this.#setup.env.limits.maxAliasNodes;
    if (clean) {
      for (const [k, t] of tasks.entries()) {
        t.exact = t.attempt!.chunk;
        await this.#answer(t, stages[k]!);
        t.ready.resolve();
      }
      return;
    }
    for (const t of tasks) this.#drop(t.attempt);
    const whole = this.#start({ seq: first.seq, piece: { ...(first.piece as Extract<Piece, { type: "chunk" }>), list: undefined }, ready: new Deferred<void>() }, list.whole, true);
    first.whole = whole.done;
    first.exact = list.whole;
    // the whole document's requests are answered as they come, in order, on this thread
    const st = await whole.stage.promise;
    if (st.request !== undefined) whole.answer!.resolve(this.#setup.lookup === undefined ? null : await this.#setup.lookup(first.seq, st.request));
    await whole.done.catch(() => undefined);
    for (const t of tasks) t.ready.resolve();
  }

  /** The outcomes of the inputs in order; throws the first error where the single-threaded run throws it. */
  async *outcomes(): AsyncGenerator<Committed<O>> {
    void this.#dispatch();
    const checking = this.#check();
    const failed = this.#failure.promise.then((e) => {
      throw e;
    });
    failed.catch(() => undefined);
    let held: Held | undefined;
    const flush = function* (h: Held | undefined): Generator<Committed<O>> {
      for (const x of h?.entries ?? []) {
        if ("e" in x.entry) throw fromWire(x.entry.e);
        yield { type: "outcome", side: x.side, o: x.entry.o as O, seq: x.seq, holder: x.holder };
      }
    };
    for (let s = 0; ; s++) {
      if (s > 0) this.#release(s - 1);
      this.#commitSeq = s;
      this.#changed.notify();
      const task = await this.#taskAt(s);
      if (task === undefined) break;
      await Promise.race([task.ready.promise, failed]);
      const piece = task.piece;
      if (piece.type === "error") {
        yield* flush(held);
        throw piece.error;
      }
      if (piece.type === "end") {
        yield { type: "end", side: piece.side };
        continue;
      }
      if (piece.list !== undefined) {
        const tasks = task.whole !== undefined ? [task] : this.#listTasks(s, piece.list);
        const runs = task.whole !== undefined ? [await task.whole] : await Promise.all(tasks.map((t) => t.attempt!.done));
        for (const [k, run] of runs.entries()) {
          const seq = s + k;
          this.#committed(seq, piece.side, run.holder, tasks[k]!.exact!);
          for (const e of run.result.entries) {
            if ("e" in e) throw fromWire(e.e);
            yield { type: "outcome", side: piece.side, o: e.o as O, seq, holder: run.holder };
          }
        }
        for (let k = 1; k < piece.list.count; k++) this.#release(s + k - 1);
        s += piece.list.count - 1;
        continue;
      }
      const { result, holder } = await task.attempt!.done;
      const chunk = task.exact!;
      this.#committed(s, piece.side, holder, chunk);
      if (chunk.type === "yaml") {
        for (const e of result.entries) {
          if ("e" in e) throw e.read && piece.readErrorAs !== undefined ? piece.readErrorAs : fromWire(e.e);
          yield { type: "outcome", side: piece.side, o: e.o as O, seq: s, holder };
        }
        continue;
      }
      // JSON: a group's entries are handed out once the group is read without error
      for (const e of result.entries) {
        if (held !== undefined && e.g > held.g) {
          yield* flush(held);
          held = undefined;
        }
        if ("e" in e && e.read) throw fromWire(e.e);
        held ??= { g: e.g, entries: [] };
        held.entries.push({ entry: e, side: piece.side, seq: s, holder });
      }
      const last = chunk.group + chunk.groups.length;
      if (held !== undefined && (chunk.end || held.g < last)) {
        yield* flush(held);
        held = undefined;
      }
    }
    yield* flush(held);
    await checking;
    if (this.#failure.done) await failed;
    if (this.#producerError !== undefined) throw this.#producerError;
  }

  /** Records a committed chunk: who holds what it kept, and the chunk itself when it is to be kept. */
  #committed(seq: number, side: Side, holder: Holder, chunk: ChunkInput): void {
    this.holders.set(seq, holder);
    if (this.#setup.retain?.(side) === true) this.chunks.set(seq, chunk);
  }

  /** Lets a committed task's input and results go. */
  #release(seq: number): void {
    const t = this.#tasks[seq];
    if (t === undefined) return;
    t.attempt = undefined;
    t.whole = undefined;
    t.exact = undefined;
    if (t.piece.type === "chunk") this.#tasks[seq] = { ...t, piece: { type: "end", side: t.piece.side } };
  }

  /** Stops sending pieces out (the commit is over, by an error or at the end). */
  close(): void {
    this.#closed = true;
    this.#produced = true;
    this.#changed.notify();
  }

  /** The tasks of a List. */
  #listTasks(first: number, list: ListPart): Task[] {
    return Array.from({ length: list.count }, (_, k) => this.#tasks[first + k]!);
  }
}
