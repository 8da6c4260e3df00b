// The API of the core entries (`kinplace/core`): the functions of api.ts that the core engine
// (kinplace-core.wasm: canonical JSON, FNV, JSON Patch, JSON merge patch) answers, with the same behaviour and
// errors as in the full entries. `evaluate` answers the eval ops fnv, json.go, json.jcs, jsonpatch.* and
// mergepatch.*; any other op is E_UNKNOWN_OP.

export {
  evaluate,
  evaluateLine,
  fnv,
  fnv32a,
  goJSON,
  goJSONText,
  jcs,
  jcsText,
  jsonPatchApply,
  jsonPatchApplyText,
  jsonPatchDiff,
  jsonPatchDiffText,
  KinplaceError,
  mergePatchApply,
  mergePatchApplyText,
  mergePatchDiff,
  mergePatchDiffText,
  setLimits,
} from "./api.js";
export type {
  EvalAnswer,
  EvalError,
  EvalRequest,
  FnvResult,
  FnvVariant,
  GoOptions,
  GoVersion,
  JsonPatchApplyOptions,
  JsonPatchDiffOptions,
  JsonPatchFlavor,
  JsonPatchOperation,
  JsonText,
  KinplaceErrorCode,
  KinplaceErrorDetails,
  Limits,
} from "./api.js";
