// The exported ABI of the full kinplace engine (see docs/architecture.md): the shared part (abi.ts) and the eval
// entry points bound to the full op table (eval/dispatch.ts). Every call starts with `input(len)`, which resets
// the per-call arena; results stay readable until the next `input`.

import { evaluateWith, evaluateDocsWith, inputPtr, startOutput } from "./abi";
import { evaluateRequest } from "./eval/dispatch";
import { containerHashDoor, templateHashDoor } from "./eval/hashdoors";

export { input, output, status, setLimits, canonical, fnv32, fnv64 } from "./abi";

/** Evaluates one eval-protocol request line held in the input; returns the response length. */
export function evaluate(len: i32): i32 {
  return evaluateWith(len, evaluateRequest);
}

/**
 * Evaluates a patch request whose two documents follow the request line in the input, as raw bytes:
 * input = line (len bytes) + first document (lenA) + second document (lenB). The first stands for the
 * op's `fromText` / `documentText` / `originalText`, the second for `toText` / `patchText` /
 * `modifiedText`; a negative length is an absent document. Returns the response length (as evaluate).
 */
export function evaluateDocs(len: i32, lenA: i32, lenB: i32): i32 {
  return evaluateDocsWith(len, lenA, lenB, evaluateRequest);
}

/**
 * container.hash of the input text (a v1.Container) for kubelet minor `minor`, Go minor `go` (0: the minor's default) and
 * `flags` (1: applyDefaults): 1 with [hash u32][hashWithoutResources u32][has it u8][era u8] at the output, or 0 when this
 * door declines (the op answers; eval/hashdoors.ts).
 */
export function hashContainer(len: i32, minor: i32, go: i32, flags: i32): i32 {
  return containerHashDoor(inputPtr(), len, minor, go, flags, startOutput(16)) ? 1 : 0;
}

/**
 * podTemplateHash of the input text (a PodTemplateSpec) at Kubernetes minor `minor` with `flags` (1: applyDefaults,
 * 2: collision count `collision` given): the hash's length with its text at the output, or 0 when this door declines.
 */
export function hashTemplate(len: i32, minor: i32, flags: i32, collision: i32): i32 {
  const o = startOutput(16);
  return templateHashDoor(inputPtr(), len, minor, flags, collision, o) ? o.len : 0;
}
