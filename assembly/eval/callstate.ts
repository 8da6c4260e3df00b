// The state of one call that lives in static memory (wasm globals) rather than in the per-call arena, and
// its reset at the start of every call: whatever an earlier call left behind (a trap stops a call halfway,
// before it could clear its state) must never change a later answer. Process-wide caches are not here:
// they are keyed by the exact bytes they depend on (docs/architecture.md, "State that outlives a call").

import { clearError } from "../base/errors";
import { DocBytes } from "./ops/patchinput";

/** Resets every per-call static of the protocol layer; called by `input()` before anything else runs. */
export function beginCall(): void {
  clearError();
  DocBytes.clear();
}
