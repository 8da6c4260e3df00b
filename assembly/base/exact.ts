// Which shortcuts a call may take. Every shortcut under fast/ answers exactly as the readable port it stands
// for, or gives up; a request can turn shortcuts off (the engine-only request field `exact`: `true` for all,
// or a list of the names below) so that tests compare each shortcut with its port through the public door.
// The value travels as an argument from the request reader down to where a shortcut is chosen, never as a
// static switch.

/** The stored round trip's normalizations instead of the second decode (fast/storedform). */
export const EXACT_STOREDFORM: u32 = 1 << 0;
/** Raw bytes to stored json.Marshal bytes in one pass (fast/transcode). */
export const EXACT_TRANSCODE: u32 = 1 << 1;
/** FNV of go-spew text without writing it, and straight from the tape (fast/spew). */
export const EXACT_SPEW: u32 = 1 << 2;
/** The lockstep appscode diff of two texts (fast/lockstep). */
export const EXACT_LOCKSTEP: u32 = 1 << 3;
/** PatchSpecToPod on the pod's Go JSON text (fast/podsplice). */
export const EXACT_PODSPLICE: u32 = 1 << 4;
/** CalculateSpec's reads without the whole typed decode, and the metadata patch from the maps (fast/kruisespec). */
export const EXACT_KRUISESPEC: u32 = 1 << 5;
/** Equal JSON text taken as an equal Go value (fast/sametext). */
export const EXACT_SAMETEXT: u32 = 1 << 6;
/** Request lines answered before they are read into a tape (eval/lines). */
export const EXACT_LINES: u32 = 1 << 7;
/** The memo of the last kruise.patchPod call's UpdateSpec and splice plan (fast/podsplice/specmemo.ts). */
export const EXACT_MEMO: u32 = 1 << 8;
/** The reader's one-pass fast tape, and reading a second document against the first (json/fastread.ts). */
export const EXACT_FASTREAD: u32 = 1 << 9;
/** Indexed lists: strategicpatch's hashed list searches (upstream/strategicpatch/listindex.ts) and the tree-held containers a
 * JSON Patch apply edits (upstream/jsonpatch/edits.ts), instead of the scans and copies upstream makes. */
export const EXACT_LISTINDEX: u32 = 1 << 10;
/** strategicpatch's memoized and flat-struct field lookups (upstream/strategicpatch/meta.ts) instead of typeFields. */
export const EXACT_FIELDMEMO: u32 = 1 << 11;
/** The strategic merge patch result marshalled straight into the answer's quoted string (upstream/strategicpatch/encode.ts). */
export const EXACT_QUOTED: u32 = 1 << 12;
/** The rollout planners' shortcuts (assembly/rollout/fast*.ts: ActivePods keys, the priority and PreparingUpdate sorts, indexed selectors). */
export const EXACT_ROLLOUT: u32 = 1 << 13;
/** The API server's container defaults applied to the transcoded stored bytes (fast/transcode/containerdefaults.ts)
 * instead of the defaulters on the decoded value. */
export const EXACT_JSONDEFAULTS: u32 = 1 << 14;
/** Every shortcut off. */
export const EXACT_ALL: u32 = 0x7fff;

/** The names of the bits, in bit order (the values of the request field `exact`). */
export const EXACT_NAMES: StaticArray<string> = [
  "storedform", "transcode", "spew", "lockstep", "podsplice", "kruisespec", "sametext", "lines", "memo", "fastread",
  "listindex", "fieldmemo", "quoted", "rollout", "jsondefaults",
];

/** The bit of shortcut name `name`, or 0 when unknown. */
export function exactBit(name: string): u32 {
  for (let i = 0; i < EXACT_NAMES.length; i++) if (EXACT_NAMES[i] == name) return (<u32>1) << <u32>i;
  return 0;
}

/** True when shortcut `bit` may be taken under `exact` (the bits turned off). */
@inline export function shortcutOn(exact: u32, bit: u32): bool {
  return (exact & bit) == 0;
}

/** The shortcut names, comma separated (for error messages). */
export function exactNames(): string {
  let s = "";
  for (let i = 0; i < EXACT_NAMES.length; i++) s += (i > 0 ? ", " : "") + EXACT_NAMES[i];
  return s;
}
