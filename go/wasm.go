package kinplace

import (
	"context"
	_ "embed" // go:embed of the engine
	"sync"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
)

// engineWasm is the release build of the engine (build/kinplace.wasm of the npm package of the same version,
// copied here by `npm run go:wasm`; test/go-wasm.test.ts fails when it differs from a fresh build).
//
//go:embed kinplace.wasm
var engineWasm []byte

// Version is the kinplace release this module embeds: the npm package version (the Go module is tagged go/vVERSION).
const Version = "0.1.0"

// WasmBytes returns a copy of the embedded kinplace.wasm (for tools that want to hash or ship it).
func WasmBytes() []byte { return append([]byte(nil), engineWasm...) }

// compiled is the process-wide wazero runtime and compiled engine for one compilation cache directory.
type compiled struct {
	runtime  wazero.Runtime
	module   wazero.CompiledModule
	minPages uint32 // the engine's initial memory (asconfig.json initialMemory)
	maxPages uint32 // the engine's own maximum memory (asconfig.json maximumMemory)
	// interruptible: compiled with WithCloseOnContextDone (a done context stops a call at its next loop)
	interruptible bool
}

// compileKey names one compilation: the cache directory ("" = wazero's in-memory cache) and whether loops check
// the context (wazero's WithCloseOnContextDone).
type compileKey struct {
	dir           string
	interruptible bool
}

// compileOnce holds the compiled engine of one compileKey.
type compileOnce struct {
	once sync.Once
	c    *compiled
	err  error
}

var (
	compiledMu sync.Mutex
	compiledBy = map[compileKey]*compileOnce{}
)

// compiledFor returns the engine compiled once per process for key.
func compiledFor(key compileKey) (*compiled, error) {
	compiledMu.Lock()
	o := compiledBy[key]
	if o == nil {
		o = &compileOnce{}
		compiledBy[key] = o
	}
	compiledMu.Unlock()
	o.once.Do(func() { o.c, o.err = compile(key) })
	return o.c, o.err
}

// compile makes the runtime (memory capped at the engine's own 2 GiB; with key.interruptible, every loop of the
// engine checks whether the call's context is done), registers the env.abort import and compiles kinplace.wasm.
func compile(key compileKey) (*compiled, error) {
	dir := key.dir
	ctx := context.Background()
	var cache wazero.CompilationCache
	if dir == "" {
		cache = wazero.NewCompilationCache()
	} else {
		c, err := wazero.NewCompilationCacheWithDir(dir)
		if err != nil {
			return nil, newError(CodeInternal, "kinplace: compilation cache directory: "+err.Error(), err)
		}
		cache = c
	}
	cfg := wazero.NewRuntimeConfig().
		WithCloseOnContextDone(key.interruptible).
		WithMemoryLimitPages(engineMaxPages).
		WithCompilationCache(cache)
	rt := wazero.NewRuntimeWithConfig(ctx, cfg)
	_, err := rt.NewHostModuleBuilder("env").
		NewFunctionBuilder().
		WithGoModuleFunction(api.GoModuleFunc(abort), []api.ValueType{api.ValueTypeI32, api.ValueTypeI32, api.ValueTypeI32, api.ValueTypeI32}, nil).
		Export("abort").
		Instantiate(ctx)
	if err != nil {
		_ = rt.Close(ctx)
		return nil, newError(CodeInternal, "kinplace: host module: "+err.Error(), err)
	}
	mod, err := rt.CompileModule(ctx, engineWasm)
	if err != nil {
		_ = rt.Close(ctx)
		return nil, newError(CodeInternal, "kinplace: compiling kinplace.wasm: "+err.Error(), err)
	}
	mem, ok := mod.ExportedMemories()["memory"]
	if !ok {
		_ = rt.Close(ctx)
		return nil, newError(CodeInternal, "kinplace: not a kinplace engine: missing export 'memory'", nil)
	}
	maxPages, ok := mem.Max()
	if !ok {
		maxPages = engineMaxPages
	}
	for _, name := range requiredExports {
		if _, ok := mod.ExportedFunctions()[name]; !ok {
			_ = rt.Close(ctx)
			return nil, newError(CodeInternal, "kinplace: not a kinplace engine: missing export '"+name+"'", nil)
		}
	}
	return &compiled{runtime: rt, module: mod, minPages: mem.Min(), maxPages: maxPages, interruptible: key.interruptible}, nil
}

// engineMaxPages is the engine's maximum linear memory in 64 KiB pages (asconfig.json maximumMemory: 2 GiB).
const engineMaxPages = 32768

// requiredExports are the functions of the ABI (docs/architecture.md "ABI") the host calls.
var requiredExports = []string{"input", "evaluate", "evaluateDocs", "output", "status", "setLimits"}
