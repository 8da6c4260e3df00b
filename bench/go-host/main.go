// Command go-host times the Go host of kinplace.wasm (the module in go/, wazero, no cgo) on request lines, for
// bench/go-host.ts: each case evaluates its lines once per op on a one-instance Engine, as Node's evaluateLine
// does on its one instance. It prints, as JSON, the ops per wall-clock second and per CPU second of every run of
// every case (runs interleaved) and the SHA-256 of each case's answers, so the caller can check they are Node's
// bytes before it compares the times.
//
// Usage: go-host -lines FILE [-runs 7] [-ms 200] [-interruptible]
// FILE: {"cases": [{"name": "...", "lines": ["request line", ...], "typed": "verdict"?}]}; typed "verdict" times
// Engine.Verdict on the line's old/new objects (json.RawMessage in, Verdict out) instead of Eval.
package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"runtime"
	"syscall"
	"time"

	kinplace "github.com/kinplace/kinplace/go"
)

type benchCase struct {
	Name  string   `json:"name"`
	Lines []string `json:"lines"`
	Typed string   `json:"typed"`
}

type report struct {
	Go            string               `json:"go"`
	GOOS          string               `json:"goos"`
	GOARCH        string               `json:"goarch"`
	CPUs          int                  `json:"cpus"`
	Interruptible bool                 `json:"interruptible"`
	CompileMs     float64              `json:"compileMs"`
	Samples       map[string][]float64 `json:"samples"`    // ops per wall-clock second of each run
	CPUSamples    map[string][]float64 `json:"cpuSamples"` // ops per CPU second (the process's user + system time) of each run
	Answers       map[string]string    `json:"answers"`    // SHA-256 of the case's answers, in order
}

// cpuTime is the process's user + system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	must(syscall.Getrusage(syscall.RUSAGE_SELF, &ru))
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func must(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func main() {
	path := flag.String("lines", "", "cases file written by bench/go-host.ts")
	runs := flag.Int("runs", 7, "interleaved runs")
	ms := flag.Int("ms", 200, "milliseconds per run and case")
	interruptible := flag.Bool("interruptible", false, "compile with WithCloseOnContextDone")
	flag.Parse()
	raw, err := os.ReadFile(*path)
	must(err)
	var in struct {
		Cases []benchCase `json:"cases"`
	}
	must(json.Unmarshal(raw, &in))
	ctx := context.Background()
	t0 := time.Now()
	e, err := kinplace.New(kinplace.Options{PoolSize: 1, Interruptible: *interruptible})
	must(err)
	_, err = e.Eval(ctx, []byte(`{"op":"fnv","variant":"fnv32a","text":""}`)) // the first instance
	must(err)
	rep := report{Go: runtime.Version(), GOOS: runtime.GOOS, GOARCH: runtime.GOARCH, CPUs: runtime.NumCPU(), Interruptible: *interruptible,
		CompileMs: float64(time.Since(t0).Microseconds()) / 1000, Samples: map[string][]float64{}, CPUSamples: map[string][]float64{}, Answers: map[string]string{}}

	fns := make([]func(), len(in.Cases))
	for i, c := range in.Cases {
		lines := make([][]byte, len(c.Lines))
		h := sha256.New()
		for j, l := range c.Lines {
			lines[j] = []byte(l)
			a, err := e.Eval(ctx, lines[j])
			must(err)
			h.Write(a)
			h.Write([]byte{'\n'})
		}
		rep.Answers[c.Name] = hex.EncodeToString(h.Sum(nil))
		switch c.Typed {
		case "":
			fns[i] = func() {
				for _, l := range lines {
					if _, err := e.Eval(ctx, l); err != nil {
						panic(err)
					}
				}
			}
		case "verdict":
			var req struct {
				Old, New   json.RawMessage
				Kubernetes string
				Strategy   string
			}
			must(json.Unmarshal(lines[0], &req))
			vr := kinplace.VerdictRequest{Old: req.Old, New: req.New, Kubernetes: req.Kubernetes, Strategy: req.Strategy}
			fns[i] = func() {
				if _, err := e.Verdict(ctx, vr); err != nil {
					panic(err)
				}
			}
		default:
			must(fmt.Errorf("unknown typed case %q", c.Typed))
		}
	}
	// calibrate a batch of about 10 ms per case, then interleave the runs
	batch := make([]int, len(fns))
	for i, fn := range fns {
		n := 1
		for {
			t := time.Now()
			for k := 0; k < n; k++ {
				fn()
			}
			if time.Since(t) > 10*time.Millisecond {
				break
			}
			n *= 2
		}
		batch[i] = n
	}
	for r := 0; r < *runs; r++ {
		for i, fn := range fns {
			ops := 0
			c0 := cpuTime()
			t := time.Now()
			var dt time.Duration
			for dt < time.Duration(*ms)*time.Millisecond {
				for k := 0; k < batch[i]; k++ {
					fn()
				}
				ops += batch[i]
				dt = time.Since(t)
			}
			cpu := cpuTime() - c0
			name := in.Cases[i].Name
			rep.Samples[name] = append(rep.Samples[name], float64(ops)/dt.Seconds())
			rep.CPUSamples[name] = append(rep.CPUSamples[name], float64(ops)/cpu.Seconds())
		}
	}
	out, err := json.Marshal(rep)
	must(err)
	fmt.Println(string(out))
}
