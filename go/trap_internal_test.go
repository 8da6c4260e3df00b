package kinplace

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/tetratelabs/wazero/api"
)

// A trap inside the engine (here forced: fnv32 told its input runs past linear memory) is E_INTERNAL,
// the instance is dropped, and the next call answers on a fresh one.
func TestTrapIsInternalAndTheInstanceIsReplaced(t *testing.T) {
	e, err := New(Options{PoolSize: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	ctx := context.Background()
	in, err := e.acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := in.call(ctx, in.input, 8); err != nil {
		t.Fatal(err)
	}
	_, err = in.call(ctx, in.mod.ExportedFunction("fnv32"), api.EncodeI32(1<<30), 1)
	if err == nil {
		t.Fatal("fnv32 past linear memory did not trap")
	}
	_, ferr := e.finish(ctx, in, nil, err)
	var ke *Error
	if !errors.As(ferr, &ke) || ke.Code != CodeInternal || ke.Err == nil {
		t.Fatalf("trap: %v", ferr)
	}
	t.Log(ke.Message)
	if e.Restarts() != 1 {
		t.Errorf("restarts %d, want 1", e.Restarts())
	}
	got, err := e.Eval(ctx, []byte(`{"op":"jsonpatch.diff","from":{"a":1},"to":{"a":2}}`))
	if err != nil || string(got) != `{"ok":true,"result":{"patch":[{"op":"replace","path":"/a","value":2}]}}` {
		t.Errorf("after the trap: %s %v", got, err)
	}
}

// An abort of AssemblyScript's allocator (a block over 1 GiB) is E_TOO_LARGE, any other abort E_INTERNAL with its
// message and source position, as js/core.ts reports them.
func TestAbortsAreClassifiedAsTheJSHost(t *testing.T) {
	e, err := New(Options{PoolSize: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	in, err := e.acquire(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer e.release(in)
	for _, c := range []struct {
		abort      *engineAbort
		code, text string
	}{
		{&engineAbort{"Allocation too large", allocatorFile, 36, 30}, CodeTooLarge, "kinplace: the request needs more than the engine's 2 GiB of memory"},
		{&engineAbort{"Index out of range", "~lib/array.ts", 106, 42}, CodeInternal, "kinplace engine abort: Index out of range (~lib/array.ts:106:42)"},
	} {
		f := in.failure(context.Background(), fmt.Errorf("%w (recovered by wazero)", c.abort), e.limitPages, e.c.maxPages)
		if f.Code != c.code || f.Message != c.text {
			t.Errorf("%v: %+v", c.abort, f)
		}
	}
	if s := pagesText(256); s != "16 MiB" {
		t.Error(s)
	}
}
