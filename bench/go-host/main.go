// Command go-host is the Go host's peer in the benchmark (bench/cases/go-host.ts drives it, as bench/lib/go-peer.ts
// drives every Go peer): the module in go/ (kinplace.wasm on wazero, no cgo) evaluates request lines on a
// one-instance Engine, as Node's evaluateLine does on its one instance, when the benchmark asks.
//
// Protocol (one line each way): after start it prints {"go":…,"goos":…,"goarch":…,"cpus":…,"compileMs":…}. Then
//
//	run I N     → "WALL CPU": the wall-clock and CPU (user + system, this process) nanoseconds of N evaluations of case I's line
//	gc 0        → collects the garbage (runtime.GC) and replies "ok" (not timed)
//	answer I    → case I's answer bytes as a JSON string (the benchmark checks they are Node's)
//	quit        → exits
//
// Errors are printed as a line starting with "error ".
//
// Usage: go-host [-interruptible] SPEC.json   (SPEC: {"cases":[{"kind":"eval","files":["/abs/request-line"]}, …]})
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	kinplace "github.com/kinplace/kinplace/go"
)

func main() {
	interruptible := flag.Bool("interruptible", false, "compile with WithCloseOnContextDone")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: go-host [-interruptible] SPEC.json")
		os.Exit(2)
	}
	var spec struct {
		Cases []struct {
			Kind  string   `json:"kind"`
			Files []string `json:"files"`
		} `json:"cases"`
	}
	raw, err := os.ReadFile(flag.Arg(0))
	must(err)
	must(json.Unmarshal(raw, &spec))
	lines := make([][]byte, len(spec.Cases))
	for i, c := range spec.Cases {
		if c.Kind != "eval" || len(c.Files) != 1 {
			must(fmt.Errorf("case %d: only kind \"eval\" with one file", i))
		}
		lines[i], err = os.ReadFile(c.Files[0])
		must(err)
	}
	ctx := context.Background()
	t0 := time.Now()
	e, err := kinplace.New(kinplace.Options{PoolSize: 1, Interruptible: *interruptible})
	must(err)
	_, err = e.Eval(ctx, []byte(`{"op":"fnv","variant":"fnv32a","text":""}`)) // the first instance
	must(err)
	hello, _ := json.Marshal(map[string]interface{}{"go": runtime.Version(), "goos": runtime.GOOS, "goarch": runtime.GOARCH, "cpus": runtime.NumCPU(),
		"compileMs": float64(time.Since(t0).Microseconds()) / 1000})
	out := bufio.NewWriter(os.Stdout)
	fmt.Fprintln(out, string(hello))
	out.Flush()
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		f := strings.Fields(in.Text())
		if len(f) == 1 && f[0] == "quit" {
			return
		}
		fmt.Fprintln(out, reply(ctx, e, lines, f))
		out.Flush()
	}
}

// reply answers one command.
func reply(ctx context.Context, e *kinplace.Engine, lines [][]byte, f []string) string {
	if len(f) == 2 && f[0] == "gc" {
		runtime.GC()
		return "ok"
	}
	if len(f) < 2 {
		return "error bad command"
	}
	i, err := strconv.Atoi(f[1])
	if err != nil || i < 0 || i >= len(lines) {
		return "error bad case index"
	}
	switch {
	case f[0] == "run" && len(f) == 3:
		n, err := strconv.Atoi(f[2])
		if err != nil || n < 1 {
			return "error bad count"
		}
		c0 := cpuTime()
		t0 := time.Now()
		for k := 0; k < n; k++ {
			if _, err := e.Eval(ctx, lines[i]); err != nil {
				return "error " + err.Error()
			}
		}
		return strconv.FormatInt(time.Since(t0).Nanoseconds(), 10) + " " + strconv.FormatInt(int64(cpuTime()-c0), 10)
	case f[0] == "answer" && len(f) == 2:
		a, err := e.Eval(ctx, lines[i])
		if err != nil {
			return "error " + err.Error()
		}
		b, _ := json.Marshal(string(a))
		return string(b)
	}
	return "error bad command"
}

func must(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "go-host:", err)
		os.Exit(1)
	}
}

// cpuTime is the process's user + system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
