// The entry of a pool worker thread (bundled as dist/cli/pool-worker.mjs): one engine from the module the main thread
// compiled, the command's job, and a loop that reads each chunk it is sent and posts the outcomes back.
// KINPLACE_POOL_CRASH=N (for tests only) makes the worker that receives chunk N exit, as a crash would.

import { parentPort, workerData } from "node:worker_threads";
import { engineFromModuleSync } from "../../instantiate.js";
import { goSyntaxError } from "../request.js";
import type { FromWorker, JobSpec, LookupRequest, ToWorker } from "./protocol.js";
import { runChunk } from "./run-chunk.js";
import { JobRuntime, type Question } from "./runtime.js";
import type { StoredWire } from "./check-jobs.js";
import { toWire } from "./wire-error.js";

const { module, job } = workerData as { module: WebAssembly.Module; job: JobSpec };
const engine = engineFromModuleSync(module);
const runtime = new JobRuntime(job, engine);
const port = parentPort!;
const crashAt = process.env["KINPLACE_POOL_CRASH"];
const answers = new Map<number, (answer: unknown) => void>();
const limits = job.command === "hash" ? job.hash.inputs.limits : job.command === "check" ? job.check.inputs.limits : job.plan.inputs.limits;
const env = { limits, syntaxError: (b: Uint8Array) => goSyntaxError(engine, b) };

/** Posts a message to the main thread. */
function post(m: FromWorker): void {
  port.postMessage(m);
}

port.on("message", (m: ToWorker) => {
  if (m.type === "answer") {
    answers.get(m.id)?.(m.answer);
    answers.delete(m.id);
    return;
  }
  if (m.type === "ask") {
    try {
      post({ type: "reply", id: m.id, reply: runtime.answer(m.question as Question) });
    } catch (e) {
      post({ type: "failed", id: m.id, error: toWire(e) });
    }
    return;
  }
  if (crashAt !== undefined && Number(crashAt) === m.seq) process.exit(70);
  const lookup = (request: LookupRequest): Promise<(StoredWire | null)[] | null> =>
    new Promise((resolve) => {
      answers.set(m.id, resolve as (a: unknown) => void);
      post({ type: "request", id: m.id, request });
    });
  runChunk(m.chunk, runtime.docJob(m.seq, m.side, lookup, m.keep), env).then(
    (result) => post({ type: "result", id: m.id, result }),
    (e: unknown) => post({ type: "failed", id: m.id, error: toWire(e) }),
  );
});
