// Command benchpeer is the native Go peer of the benchmark (bench/lib/go-peer.ts drives it): it loads the cases
// named in a spec file, then runs them on command, so the benchmark can alternate Go's rounds with its own in the
// same machine state. The cases are the Go code kinplace reproduces: encoding/json Unmarshal(interface{}) + Marshal,
// github.com/appscode/jsonpatch v1.0.1 CreatePatch (+ json.Marshal of the operations), the kubelet's JSON-era
// HashContainer and controller.ComputeHash for Kubernetes 1.30 (k8s.io/api v0.30.14; the upstream functions written
// out, as in the k8s oracle, so the module needs only k8s.io/api and k8s.io/apimachinery), on a decoded struct and
// from JSON bytes, and hash/fnv FNV-1a 32.
//
// Protocol (one line each way): after start it prints {"go":…,"goos":…,"goarch":…,"cpus":…}. Then
//
//	run I N     → "WALL CPU": the wall-clock and CPU (user + system, this process) nanoseconds of N calls of case I
//	gc 0        → collects the garbage (runtime.GC) and replies "ok" (not timed)
//	answer I    → the answer of case I as a JSON string (the benchmark checks it against the engine's)
//	quit        → exits
//
// Errors are printed as a line starting with "error ".
//
// Usage: benchpeer SPEC.json   (SPEC: {"cases":[{"kind":"json.roundtrip","files":["/abs/file.json"]}, …]})
//
//	benchpeer -schema      (the Go type schema of v1.PodTemplateSpec for bench/ts-hash/schema-1.30.json)
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"hash"
	"hash/fnv"
	"os"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	appscode "github.com/appscode/jsonpatch"
	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/util/dump"
	"k8s.io/apimachinery/pkg/util/rand"
)

// deepHashObject is pkg/util/hash.DeepHashObject of Kubernetes 1.28+.
func deepHashObject(hasher hash.Hash, objectToWrite interface{}) {
	hasher.Reset()
	fmt.Fprintf(hasher, "%v", dump.ForHash(objectToWrite))
}

// hashContainer is pkg/kubelet/container.HashContainer of Kubernetes 1.16-1.30.
func hashContainer(container *v1.Container) uint64 {
	hash := fnv.New32a()
	containerJSON, _ := json.Marshal(container)
	deepHashObject(hash, containerJSON)
	return uint64(hash.Sum32())
}

// computeHash is pkg/controller.ComputeHash without a collision count.
func computeHash(template *v1.PodTemplateSpec) string {
	podTemplateSpecHasher := fnv.New32a()
	deepHashObject(podTemplateSpecHasher, *template)
	return rand.SafeEncodeString(fmt.Sprint(podTemplateSpecHasher.Sum32()))
}

// spec is the file the benchmark writes: the cases to load, in order.
type spec struct {
	Cases []struct {
		Kind  string   `json:"kind"`
		Files []string `json:"files"`
	} `json:"cases"`
}

// benchCase is one loaded case: a call to time and the answer of one call.
type benchCase struct {
	call   func()
	answer func() (string, error)
}

// sink keeps results alive so the calls are not optimized away.
var sink interface{}

// load builds the case of one spec entry.
func load(kind string, files []string) (benchCase, error) {
	data := make([][]byte, len(files))
	for i, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return benchCase{}, err
		}
		data[i] = b
	}
	need := func(n int) error {
		if len(data) != n {
			return fmt.Errorf("%s takes %d files, got %d", kind, n, len(data))
		}
		return nil
	}
	switch kind {
	case "json.roundtrip":
		if err := need(1); err != nil {
			return benchCase{}, err
		}
		f := func() ([]byte, error) {
			var v interface{}
			if err := json.Unmarshal(data[0], &v); err != nil {
				return nil, err
			}
			return json.Marshal(v)
		}
		return benchCase{call: func() { sink, _ = f() }, answer: func() (string, error) { b, err := f(); return string(b), err }}, nil
	case "jsonpatch.diff":
		if err := need(2); err != nil {
			return benchCase{}, err
		}
		f := func() ([]byte, error) {
			ops, err := appscode.CreatePatch(data[0], data[1])
			if err != nil {
				return nil, err
			}
			return json.Marshal(ops)
		}
		return benchCase{call: func() { sink, _ = f() }, answer: func() (string, error) { b, err := f(); return string(b), err }}, nil
	case "container.hash.object", "container.hash.bytes":
		if err := need(1); err != nil {
			return benchCase{}, err
		}
		var c v1.Container
		if err := json.Unmarshal(data[0], &c); err != nil {
			return benchCase{}, err
		}
		if kind == "container.hash.object" {
			return benchCase{call: func() { sink = hashContainer(&c) }, answer: func() (string, error) { return strconv.FormatUint(hashContainer(&c), 16), nil }}, nil
		}
		f := func() (uint64, error) {
			var x v1.Container
			if err := json.Unmarshal(data[0], &x); err != nil {
				return 0, err
			}
			return hashContainer(&x), nil
		}
		return benchCase{call: func() { sink, _ = f() }, answer: func() (string, error) { h, err := f(); return strconv.FormatUint(h, 16), err }}, nil
	case "podTemplateHash.object", "podTemplateHash.bytes":
		if err := need(1); err != nil {
			return benchCase{}, err
		}
		var t v1.PodTemplateSpec
		if err := json.Unmarshal(data[0], &t); err != nil {
			return benchCase{}, err
		}
		if kind == "podTemplateHash.object" {
			return benchCase{call: func() { sink = computeHash(&t) }, answer: func() (string, error) { return computeHash(&t), nil }}, nil
		}
		f := func() (string, error) {
			var x v1.PodTemplateSpec
			if err := json.Unmarshal(data[0], &x); err != nil {
				return "", err
			}
			return computeHash(&x), nil
		}
		return benchCase{call: func() { sink, _ = f() }, answer: f}, nil
	case "fnv32a":
		if err := need(1); err != nil {
			return benchCase{}, err
		}
		f := func() uint32 {
			h := fnv.New32a()
			h.Write(data[0])
			return h.Sum32()
		}
		return benchCase{call: func() { sink = f() }, answer: func() (string, error) { return strconv.FormatUint(uint64(f()), 16), nil }}, nil
	}
	return benchCase{}, fmt.Errorf("unknown case kind %q", kind)
}

func main() {
	if len(os.Args) == 2 && os.Args[1] == "-schema" {
		printSchema()
		return
	}
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: benchpeer SPEC.json | benchpeer -schema")
		os.Exit(2)
	}
	raw, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchpeer:", err)
		os.Exit(1)
	}
	var s spec
	if err := json.Unmarshal(raw, &s); err != nil {
		fmt.Fprintln(os.Stderr, "benchpeer:", err)
		os.Exit(1)
	}
	out := bufio.NewWriter(os.Stdout)
	cases := make([]benchCase, len(s.Cases))
	loadErrs := make([]error, len(s.Cases))
	for i, c := range s.Cases {
		cases[i], loadErrs[i] = load(c.Kind, c.Files)
	}
	hello, _ := json.Marshal(map[string]interface{}{"go": runtime.Version(), "goos": runtime.GOOS, "goarch": runtime.GOARCH, "cpus": runtime.NumCPU()})
	fmt.Fprintln(out, string(hello))
	out.Flush()
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		f := strings.Fields(in.Text())
		reply := func() string {
			if len(f) == 1 && f[0] == "quit" {
				return ""
			}
			if len(f) == 2 && f[0] == "gc" {
				runtime.GC()
				return "ok"
			}
			if len(f) < 2 {
				return "error bad command"
			}
			i, err := strconv.Atoi(f[1])
			if err != nil || i < 0 || i >= len(cases) {
				return "error bad case index"
			}
			if loadErrs[i] != nil {
				return "error " + loadErrs[i].Error()
			}
			switch {
			case f[0] == "run" && len(f) == 3:
				n, err := strconv.Atoi(f[2])
				if err != nil || n < 1 {
					return "error bad count"
				}
				call := cases[i].call
				c0 := cpuTime()
				t0 := time.Now()
				for k := 0; k < n; k++ {
					call()
				}
				return strconv.FormatInt(time.Since(t0).Nanoseconds(), 10) + " " + strconv.FormatInt(int64(cpuTime()-c0), 10)
			case f[0] == "answer" && len(f) == 2:
				a, err := cases[i].answer()
				if err != nil {
					return "error " + err.Error()
				}
				b, _ := json.Marshal(a)
				return string(b)
			}
			return "error bad command"
		}()
		if reply == "" {
			return
		}
		fmt.Fprintln(out, reply)
		out.Flush()
	}
}

// schemaType is one Go type as the TypeScript reference walks it.
type schemaType struct {
	Kind   string        `json:"kind"`
	Elem   string        `json:"elem,omitempty"`
	Key    string        `json:"key,omitempty"`
	Fields []schemaField `json:"fields,omitempty"`
}

type schemaField struct {
	Name      string `json:"name"`
	JSON      string `json:"json"`
	OmitEmpty bool   `json:"omitempty,omitempty"`
	Embedded  bool   `json:"embedded,omitempty"`
	Type      string `json:"type"`
}

func printSchema() {
	types := map[string]schemaType{}
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		name := t.String()
		if _, ok := types[name]; ok {
			return
		}
		st := schemaType{Kind: t.Kind().String()}
		types[name] = st
		switch t.Kind() {
		case reflect.Ptr, reflect.Slice, reflect.Array:
			st.Elem = t.Elem().String()
			walk(t.Elem())
		case reflect.Map:
			st.Key, st.Elem = t.Key().String(), t.Elem().String()
			walk(t.Key())
			walk(t.Elem())
		case reflect.Struct:
			for i := 0; i < t.NumField(); i++ {
				f := t.Field(i)
				tag := f.Tag.Get("json")
				parts := strings.Split(tag, ",")
				jsonName := parts[0]
				if jsonName == "" && !f.Anonymous {
					jsonName = f.Name
				}
				omit := false
				for _, p := range parts[1:] {
					omit = omit || p == "omitempty"
				}
				st.Fields = append(st.Fields, schemaField{Name: f.Name, JSON: jsonName, OmitEmpty: omit, Embedded: f.Anonymous && parts[0] == "", Type: f.Type.String()})
				walk(f.Type)
			}
		}
		types[name] = st
	}
	walk(reflect.TypeOf(v1.PodTemplateSpec{}))
	out, _ := json.MarshalIndent(types, "", " ")
	fmt.Println(string(out))
}

// cpuTime is the process's user + system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
