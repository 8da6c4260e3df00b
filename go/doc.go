// Package kinplace embeds the kinplace engine (kinplace.wasm: an offline, byte-exact Kubernetes / OpenKruise update
// engine) and runs it on github.com/tetratelabs/wazero, pure Go without cgo, for Go programs such as controllers and
// admission webhooks. The answers are the same bytes as the npm package's under Node.
//
// An Engine is a pool of engine instances, safe for concurrent use: make one per process with New and share it.
// Engine.Eval takes one eval-protocol request line and returns its answer line (docs/architecture.md "The eval
// protocol"); the typed helpers (ContainerHash, PodTemplateHash, Revision, the patch functions, the Kruise ops, the
// rollout planners, Verdict, PolicyCheck) build the request from a struct whose json tags are the protocol's fields
// and decode the result. Options are fields of the requests (Kubernetes minor, Kubelet, Kruise release, Go release)
// and of Options, never global switches.
//
// Failures are *Error (use errors.As) with a stable Code: the engine's codes, plus E_INTERNAL for a trap inside the
// engine (a bug; the instance is replaced), E_TOO_LARGE when a call needs more than the instance's memory bound
// (Options.MemoryLimitPages, default 32768 pages = 2 GiB, the engine's own maximum; the instance is replaced),
// E_CANCELED when the call's context is done, E_CLOSED after Close. Bad input never panics.
//
// The engine is compiled once per process (per Options.CompilationCacheDir and Options.Interruptible); each
// instance starts with 6 MiB of linear memory, which grows to the largest call's needs and stays there.
//
// Where the bytes come from: kinplace.wasm in this folder is the release build of the npm package kinplace of the
// same version (Version; the Go module is tagged go/vVERSION), built with `npx asc --config asconfig.json --target
// release` (byte-reproducible) and copied here by `npm run go:wasm`; the repository's test/go-wasm.test.ts fails when
// the committed copy differs from a fresh build. See docs/go.md in the repository.
package kinplace
