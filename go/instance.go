package kinplace

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"
	"github.com/tetratelabs/wazero/sys"
)

// instance is one instantiated engine; it serves one call at a time and is dropped after any failure of the
// host (a trap, an abort, a cancellation), so nothing a failed call left behind can change a later answer.
type instance struct {
	mod                                               api.Module
	mem                                               api.Memory
	input, evaluate, evaluateDocs, output, setLimitsF api.Function
	memory                                            *boundedMemory
	stack                                             [3]uint64
}

// newInstance instantiates the compiled engine with its memory bounded to limitPages and limits set.
func newInstance(ctx context.Context, c *compiled, limitPages uint32, limits Limits) (*instance, error) {
	bm := &boundedMemory{limit: uint64(limitPages) << 16}
	actx := experimental.WithMemoryAllocator(ctx, experimental.MemoryAllocatorFunc(func(_, _ uint64) experimental.LinearMemory { return bm }))
	mod, err := c.runtime.InstantiateModule(actx, c.module, wazero.NewModuleConfig().WithName("").WithStartFunctions())
	if err != nil {
		if bm.refused {
			return nil, newError(CodeTooLarge, fmt.Sprintf("kinplace: the engine does not fit in %s of memory", pagesText(limitPages)), err)
		}
		return nil, newError(CodeInternal, "kinplace: instantiating kinplace.wasm: "+err.Error(), err)
	}
	in := &instance{mod: mod, mem: mod.Memory(), memory: bm,
		input: mod.ExportedFunction("input"), evaluate: mod.ExportedFunction("evaluate"), evaluateDocs: mod.ExportedFunction("evaluateDocs"),
		output: mod.ExportedFunction("output"), setLimitsF: mod.ExportedFunction("setLimits")}
	if limits.MaxDepth != 0 || limits.MaxBytes != 0 || limits.MaxItems != 0 {
		in.stack = [3]uint64{api.EncodeI32(int32(limits.MaxDepth)), api.EncodeI32(int32(limits.MaxBytes)), api.EncodeI32(int32(limits.MaxItems))}
		if err := in.setLimitsF.CallWithStack(ctx, in.stack[:]); err != nil {
			in.close()
			return nil, newError(CodeInternal, "kinplace: setLimits: "+err.Error(), err)
		}
	}
	return in, nil
}

// close releases the instance.
func (in *instance) close() { _ = in.mod.Close(context.Background()) }

// call calls f with args and returns its first result (or 0).
func (in *instance) call(ctx context.Context, f api.Function, args ...uint64) (uint64, error) {
	s := in.stack[:max(len(args), 1)]
	copy(s, args)
	if err := f.CallWithStack(ctx, s); err != nil {
		return 0, err
	}
	return s[0], nil
}

// eval runs one request: line, then (docs) the documents a and b (nil: absent), copied into the input; returns a copy of the answer.
func (in *instance) eval(ctx context.Context, line []byte, docs bool, a, b []byte) ([]byte, error) {
	in.memory.refused = false
	bg := context.WithoutCancel(ctx) // input/output are short: only the evaluation watches ctx
	ptr, err := in.call(bg, in.input, api.EncodeI32(int32(len(line)+len(a)+len(b))))
	if err != nil {
		return nil, err
	}
	p := api.DecodeU32(ptr)
	if !in.mem.Write(p, line) || !in.mem.Write(p+uint32(len(line)), a) || !in.mem.Write(p+uint32(len(line)+len(a)), b) {
		return nil, errors.New("input region outside linear memory")
	}
	var n uint64
	if docs {
		n, err = in.call(ctx, in.evaluateDocs, api.EncodeI32(int32(len(line))), docLen(a), docLen(b))
	} else {
		n, err = in.call(ctx, in.evaluate, api.EncodeI32(int32(len(line))))
	}
	if err != nil {
		return nil, err
	}
	optr, err := in.call(bg, in.output)
	if err != nil {
		return nil, err
	}
	view, ok := in.mem.Read(api.DecodeU32(optr), api.DecodeU32(n))
	if !ok {
		return nil, errors.New("output region outside linear memory")
	}
	return append([]byte(nil), view...), nil
}

// docLen is evaluateDocs' length of a document: -1 for an absent (nil) one.
func docLen(d []byte) uint64 {
	if d == nil {
		return api.EncodeI32(-1)
	}
	return api.EncodeI32(int32(len(d)))
}

// failure turns what a call returned into the Error the API reports (js/core.ts asKinplaceError, plus cancellation):
// memory running out (the allocator's abort, a refused growth, or a trap with the engine's own 2 GiB nearly used)
// is E_TOO_LARGE, a cancelled context E_CANCELED, anything else E_INTERNAL.
func (in *instance) failure(ctx context.Context, err error, limitPages, enginePages uint32) *Error {
	var exit *sys.ExitError
	if errors.As(err, &exit) {
		cause := ctx.Err()
		if cause == nil {
			cause = context.Canceled
			if exit.ExitCode() == sys.ExitCodeDeadlineExceeded {
				cause = context.DeadlineExceeded
			}
		}
		return newError(CodeCanceled, "kinplace: the call was stopped: "+cause.Error(), cause)
	}
	var ab *engineAbort
	isAbort := errors.As(err, &ab)
	used := uint64(in.mem.Size())
	// past the engine's own maximum wazero refuses the growth without asking the allocator: then, as js/core.ts,
	// a trap with more than the maximum less the largest block (1 GiB) in use is memory running out
	nearMax := limitPages >= enginePages && used > uint64(enginePages)<<16-1<<30
	if (isAbort && ab.file == allocatorFile) || (!isAbort && (in.memory.refused || nearMax)) {
		return newError(CodeTooLarge, "kinplace: the request needs more than the engine's "+pagesText(limitPages)+" of memory", err)
	}
	if isAbort {
		return newError(CodeInternal, "kinplace engine abort: "+ab.Error(), err)
	}
	return newError(CodeInternal, "kinplace engine trap: "+trapText(err), err)
}

// trapText is the first line of a wazero trap error without its "wasm error: " prefix ("unreachable").
func trapText(err error) string {
	s, _, _ := strings.Cut(err.Error(), "\n")
	return strings.TrimPrefix(s, "wasm error: ")
}

// pagesText writes a number of 64 KiB pages as GiB or MiB ("2 GiB", "64 MiB").
func pagesText(pages uint32) string {
	if pages%16384 == 0 {
		return fmt.Sprintf("%d GiB", pages/16384)
	}
	if pages%16 == 0 {
		return fmt.Sprintf("%d MiB", pages/16)
	}
	return fmt.Sprintf("%d KiB", uint64(pages)*64)
}
