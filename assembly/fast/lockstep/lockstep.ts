// The lockstep appscode diff: CreatePatch (assembly/upstream/jsonpatch/appscode.ts) of two JSON texts without reading
// what they have in common. A realistic pair (a manifest before and after an edit) is mostly the same
// bytes, so both texts are walked together keeping only a light stack of the open containers (where
// each starts, the current key or index, a few facts for the checks below). The next byte where they
// differ is found comparing 8 bytes at a time (measureRun); up to it the walk reads the first text alone
// (fastRun: compact text, strings 8 bytes at a time), the second being the same bytes; around a
// difference both are stepped token by token. Where the texts differ, only the innermost differing
// values are read (the fast reader) and diffed (appscode.ts' own handleValues, with the path from the
// stack), then the walk resumes after both; a plain scalar against a plain scalar (strings Go prints as
// they are, short canonical integers, literals: plainPiece) is compared as bytes and its operation
// written directly, without tapes or Path objects. The first text is validated as it is walked: whole
// containers inside a run of equal bytes are skipped by a validating scan (skipSame); when that scan
// meets the difference, the containers it completed on the way are remembered and skipped at once by
// the step-by-step walk that follows (skippedEnd), so no byte is validated twice.
//
// Must equal, byte for byte: the whole diff, assembly/upstream/jsonpatch/appscode.ts appscodeDiff of both texts read
// by json/reader.ts (same operations, same order) - `exact: ["lockstep"]` or `lockstep: false`,
// test/equivalence/lockstep-vs-appscode.test.ts. Anything this walk cannot prove sends the caller back to it
// (LOCK_FALLBACK: "cannot prove", never a guess), which also produces every error:
// - text that is not JSON, a top level that is not an object, numbers out of float64 range, nesting
//   or size at a limit, keys with escapes or invalid UTF-8 on a path;
// - a divergence in the member list of the top-level object (other than members added or removed at
//   its end, below);
// - any path json.Marshal refuses, any engine limit (maxEditMatrix).
// Exactness of the walk:
// - a member list that differs (a key added, removed, renamed) makes the whole object the piece, unless
//   one list is the other plus members at its end (objectTail): the whole diff visits B's keys in
//   document order, then removes A's other keys in document order, so with no repeated key, at most 32
//   members a side and keys that need no decoding, those members' adds (or removes) follow the
//   operations of the common members;
// - an object with differences below it is checked when it closes: duplicate keys (Go keeps the last)
//   or more than 32 members (keys visited in byte order) whose keys are not in strictly increasing byte
//   order in the text make the whole object the piece again (its operations so far are dropped);
// - an array with differences below it must be index-wise in the whole diff (isSimpleArray false for
//   either side, decided by the first non-scalar element, the first-map quirk included); otherwise
//   the whole array is the piece (at once when that is already known, else when it closes). Extra
//   elements of an index-wise array become adds or removes placed before the element diffs, as the
//   whole diff orders them; extra elements of an array with no difference below it (listTail: its common
//   elements are equal) have a known script: A's removed from the last; B's added, index-wise at their
//   indexes in order, or - isSimpleArray true for both sides, extra elements included, the matrix within
//   maxEditMatrix - all at the first extra index, the last first (the Levenshtein backtrace from (m, n)
//   only ever takes the "add" step on row m when A is a prefix of B, and "remove" on column n the other
//   way round);
// - whitespace between tokens may differ; equal values spelled differently (`1.0`/`1`, `"\u0041"`/`"A"`)
//   are pieces whose diff has no operations.
//
// The walk lives in assembly/fast/lockstep/: walk.ts (the steps and the entry points), fastrun.ts (the
// steps inside a run of equal bytes), scan.ts (byte scanning), keys.ts (member keys), pieces.ts (reading
// and diffing the differing values, paths), state.ts (frames and facts).

export { LOCK_OK, LOCK_FALLBACK, appscodeDiffTexts } from "./walk";
