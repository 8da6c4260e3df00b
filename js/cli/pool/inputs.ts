// The pieces of a command's inputs, side after side (OLD's, then NEW's for `check`), each side ended by a marker.

import { cliEngine } from "../common.js";
import type { CliIO } from "../command.js";
import type { InputOptions } from "../inputs.js";
import { progressFor } from "../progress.js";
import { goSyntaxError } from "../request.js";
import type { PoolPlan } from "./decide.js";
import { inputPieces } from "./input-pieces.js";
import type { Piece } from "./pieces.js";
import type { Side } from "./protocol.js";

/** The pieces of `paths` (each on its side) read as `inputs` says, cut as `plan` says. */
export async function* poolPieces(paths: readonly (readonly [string, Side])[], io: CliIO, inputs: InputOptions, plan: PoolPlan): AsyncGenerator<Piece> {
  const ids = { next: 0 };
  const progress = progressFor(io.stderr);
  for (const [path, side] of paths) {
    let failed = false;
    for await (const piece of inputPieces(path, side, { stdin: plan.stdin, limits: inputs.limits, recursive: inputs.recursive, target: plan.target, syntaxError: (b) => goSyntaxError(cliEngine(), b), progress, ids })) {
      yield piece;
      failed ||= piece.type === "error";
    }
    if (failed) return;
    yield { type: "end", side };
  }
}
