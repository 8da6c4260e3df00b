package kinplace

import (
	"context"
	"math"
	"runtime"
	"sync"
	"sync/atomic"
)

// Options configure an Engine; the zero value is a pool of GOMAXPROCS instances of up to 2 GiB each.
type Options struct {
	// PoolSize is the most instances (and so concurrent calls) the Engine runs; default runtime.GOMAXPROCS(0).
	PoolSize int
	// MemoryLimitPages bounds each instance's linear memory, in 64 KiB pages: default and most 32768 (2 GiB, the
	// engine's own maximum, as under Node), least 96 (the engine's initial memory). A call that needs more fails
	// with E_TOO_LARGE and its instance is replaced.
	MemoryLimitPages uint32
	// Limits are the default read limits of every instance (the setLimits export); zero members keep the
	// engine's defaults (maxDepth 1,000,000, maxBytes 128 MiB, maxItems 10,000). A request's own `limits` override them.
	Limits Limits
	// Interruptible compiles the engine so that a call stops as soon as its context is done (wazero's
	// WithCloseOnContextDone: every loop of the engine checks the context, which makes loop-heavy requests several
	// times slower; docs/go.md has the numbers). Without it a done context still returns E_CANCELED at once, but the
	// call's work runs on to its end (every call is bounded by the engine's limits) before its instance is dropped.
	Interruptible bool
	// CompilationCacheDir, when set, keeps wazero's compiled machine code in that directory across processes;
	// within a process the engine is compiled once per directory either way.
	CompilationCacheDir string
}

// Limits are the engine's read limits (and, in a request, the rollout planners' limits); zero members are unset.
type Limits struct {
	// MaxDepth is the deepest JSON nesting read (default 1,000,000; Go's own 10000 applies below it).
	MaxDepth int `json:"maxDepth,omitempty"`
	// MaxBytes is the largest input read, in bytes (default 128 MiB).
	MaxBytes int `json:"maxBytes,omitempty"`
	// MaxItems is the most elements of one array or members of one object in a Kubernetes object (default 10,000).
	MaxItems int `json:"maxItems,omitempty"`
	// MaxPods bounds the rollout planners' pods and ordinal slots (default 100,000); request only.
	MaxPods int `json:"maxPods,omitempty"`
	// MaxTerms bounds the priority and scatter terms of one workload (default 64); request only.
	MaxTerms int `json:"maxTerms,omitempty"`
	// MaxSimMemory bounds the working memory of one rollout.simulate, in bytes (default 1 GiB); request only.
	MaxSimMemory int64 `json:"maxSimMemory,omitempty"`
}

// Engine evaluates eval-protocol requests on a pool of kinplace.wasm instances; it is safe for concurrent use.
type Engine struct {
	c          *compiled
	limitPages uint32
	limits     Limits
	slots      chan struct{}  // one token per instance in use
	idle       chan *instance // instances ready for a call
	mu         sync.Mutex     // guards closed against release
	closed     bool
	restarts   atomic.Int64
}

// New compiles the engine (once per process) and returns a pool with the given options.
func New(opts Options) (*Engine, error) {
	c, err := compiledFor(compileKey{dir: opts.CompilationCacheDir, interruptible: opts.Interruptible})
	if err != nil {
		return nil, err
	}
	size := opts.PoolSize
	if size <= 0 {
		size = runtime.GOMAXPROCS(0)
	}
	pages := opts.MemoryLimitPages
	if pages == 0 {
		pages = c.maxPages
	}
	if pages < c.minPages || pages > c.maxPages {
		return nil, &Error{Code: CodeBadRequest, Message: "MemoryLimitPages must be between the engine's initial " +
			pagesText(c.minPages) + " and its maximum " + pagesText(c.maxPages) + " (in 64 KiB pages)", Path: "MemoryLimitPages", Offset: -1}
	}
	for _, l := range []struct {
		name string
		v    int
	}{{"MaxDepth", opts.Limits.MaxDepth}, {"MaxBytes", opts.Limits.MaxBytes}, {"MaxItems", opts.Limits.MaxItems}} {
		if l.v < 0 || l.v > math.MaxInt32 {
			return nil, &Error{Code: CodeBadRequest, Message: l.name + " must be an integer between 0 and 2147483647", Path: "Limits." + l.name, Offset: -1}
		}
	}
	return &Engine{c: c, limitPages: pages, limits: opts.Limits, slots: make(chan struct{}, size), idle: make(chan *instance, size)}, nil
}

// Close releases the Engine's instances; calls after it fail with E_CLOSED. The compiled engine stays for the process.
func (e *Engine) Close() error {
	e.mu.Lock()
	e.closed = true
	e.mu.Unlock()
	for {
		select {
		case in := <-e.idle:
			in.close()
		default:
			return nil
		}
	}
}

// Restarts is how many instances were dropped after a trap, an abort or a cancellation (for tests and diagnostics).
func (e *Engine) Restarts() int64 { return e.restarts.Load() }

// MemoryLimitPages is the bound of each instance's linear memory, in 64 KiB pages.
func (e *Engine) MemoryLimitPages() uint32 { return e.limitPages }

// Eval evaluates one eval-protocol request line (no newline; any bytes) and returns the answer line. An answer
// with "ok": false is an answer, not an error: the error is for what kept the engine from answering (a trap:
// E_INTERNAL or E_TOO_LARGE; a cancelled context: E_CANCELED; a closed Engine: E_CLOSED), always an *Error.
func (e *Engine) Eval(ctx context.Context, line []byte) ([]byte, error) {
	return e.run(ctx, line, false, nil, nil)
}

// EvalDocs evaluates a patch request line (jsonpatch.*, mergepatch.*, smp.*) whose two documents are given as raw
// bytes (the evaluateDocs export: nil is an absent document, Go's nil): a stands for the op's from / document /
// original, b for to / patch / modified. Same answer as Eval of the line with those ...Text fields.
func (e *Engine) EvalDocs(ctx context.Context, line, a, b []byte) ([]byte, error) {
	return e.run(ctx, line, true, a, b)
}

// run evaluates on an instance of the pool; a failed instance is dropped.
func (e *Engine) run(ctx context.Context, line []byte, docs bool, a, b []byte) ([]byte, error) {
	if total := int64(len(line)) + int64(len(a)) + int64(len(b)); total > math.MaxInt32 {
		return nil, newError(CodeTooLarge, "kinplace: the request is longer than the engine's 2 GiB input", nil)
	}
	in, err := e.acquire(ctx)
	if err != nil {
		return nil, err
	}
	if e.c.interruptible || ctx.Done() == nil {
		out, err := in.eval(ctx, line, docs, a, b)
		return e.finish(ctx, in, out, err)
	}
	// the call cannot be stopped: wait for it or for the context, whichever comes first
	type result struct {
		out []byte
		err error
	}
	done := make(chan result, 1)
	go func() {
		out, err := in.eval(context.WithoutCancel(ctx), line, docs, a, b)
		done <- result{out, err}
	}()
	select {
	case r := <-done:
		return e.finish(ctx, in, r.out, r.err)
	case <-ctx.Done():
		go func() {
			<-done
			e.drop(in)
		}()
		return nil, newError(CodeCanceled, "kinplace: the call was stopped: "+ctx.Err().Error(), ctx.Err())
	}
}

// finish returns a call's answer and its instance to the pool, or drops the instance after a failure.
func (e *Engine) finish(ctx context.Context, in *instance, out []byte, err error) ([]byte, error) {
	if err != nil {
		f := in.failure(ctx, err, e.limitPages, e.c.maxPages)
		e.drop(in)
		return nil, f
	}
	e.release(in)
	return out, nil
}

// acquire takes an idle instance or makes one, waiting while PoolSize calls run.
func (e *Engine) acquire(ctx context.Context) (*instance, error) {
	if err := ctx.Err(); err != nil {
		return nil, newError(CodeCanceled, "kinplace: the call was stopped: "+err.Error(), err)
	}
	select {
	case e.slots <- struct{}{}:
	case <-ctx.Done():
		return nil, newError(CodeCanceled, "kinplace: the call was stopped: "+ctx.Err().Error(), ctx.Err())
	}
	e.mu.Lock()
	closed := e.closed
	e.mu.Unlock()
	if closed {
		<-e.slots
		return nil, newError(CodeClosed, "kinplace: the engine is closed", nil)
	}
	select {
	case in := <-e.idle:
		return in, nil
	default:
	}
	in, err := newInstance(context.WithoutCancel(ctx), e.c, e.limitPages, e.limits)
	if err != nil {
		<-e.slots
		return nil, err
	}
	return in, nil
}

// release returns a healthy instance to the pool (or closes it when the Engine was closed).
func (e *Engine) release(in *instance) {
	e.mu.Lock()
	if e.closed {
		in.close()
	} else {
		e.idle <- in // never blocks: at most PoolSize instances exist
	}
	e.mu.Unlock()
	<-e.slots
}

// drop closes an instance after a failure; the next call makes a fresh one.
func (e *Engine) drop(in *instance) {
	in.close()
	e.restarts.Add(1)
	<-e.slots
}
