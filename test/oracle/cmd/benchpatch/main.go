// Command benchpatch times the Go patch libraries kinplace reproduces, natively, on the patch
// benchmark pairs (bench/patch-pairs.ts writes them, with pairs.json naming each pair's ops):
// appscode/jsonpatch v1.0.1 CreatePatch (+ json.Marshal of the operations), gopkg.in/evanphx/json-patch.v4
// DecodePatch + Apply, CreateMergePatch, MergePatch, and k8s.io/apimachinery strategicpatch
// CreateTwoWayMergePatch / StrategicMergePatch for apps/v1 Deployment. A separate module (its own
// go.mod) so that the oracle module does not depend on k8s.io/apimachinery.
// Case names: <op>.<pair>, op one of jsonpatch.diff, jsonpatch.apply, mergepatch.diff,
// mergepatch.apply, smp.diff, smp.apply. Prints one JSON object (the shape of cmd/bench's).
//
// Usage: benchpatch -pairs DIR [-test.benchtime 1s]
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	appscode "github.com/appscode/jsonpatch"
	evanphx "gopkg.in/evanphx/json-patch.v4"
	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/apimachinery/pkg/util/strategicpatch"
)

// result is one timed case.
type result struct {
	Name      string  `json:"name"`
	Bytes     int     `json:"bytes"`
	OpsPerSec float64 `json:"opsPerSec"`
	NsPerOp   int64   `json:"nsPerOp"`
	MBPerSec  float64 `json:"mbPerSec"`
	AllocsOp  int64   `json:"allocsPerOp"`
	BytesOp   int64   `json:"allocBytesPerOp"`
}

// pair is one entry of pairs.json.
type pair struct {
	Name string `json:"name"`
	Ops  string `json:"ops"` // all, json or smp
}

func main() {
	testing.Init()
	dir := flag.String("pairs", "", "folder holding pairs.json and <pair>-from.json / <pair>-to.json")
	flag.Parse()
	var pairs []pair
	must(json.Unmarshal(read(*dir, "pairs.json"), &pairs))
	var results []result
	for _, p := range pairs {
		a, b := read(*dir, p.Name+"-from.json"), read(*dir, p.Name+"-to.json")
		size := len(a) + len(b)
		if p.Ops != "smp" {
			ops, err := appscode.CreatePatch(a, b)
			must(err)
			patch, err := json.Marshal(ops)
			must(err)
			results = append(results, run("jsonpatch.diff."+p.Name, size, func(bn *testing.B) {
				for i := 0; i < bn.N; i++ {
					ops, err := appscode.CreatePatch(a, b)
					if err != nil {
						bn.Fatal(err)
					}
					if _, err := json.Marshal(ops); err != nil {
						bn.Fatal(err)
					}
				}
			}))
			results = append(results, run("jsonpatch.apply."+p.Name, len(a)+len(patch), func(bn *testing.B) {
				for i := 0; i < bn.N; i++ {
					dp, err := evanphx.DecodePatch(patch)
					if err != nil {
						bn.Fatal(err)
					}
					if _, err := dp.Apply(a); err != nil {
						bn.Fatal(err)
					}
				}
			}))
			mp, err := evanphx.CreateMergePatch(a, b)
			must(err)
			results = append(results, run("mergepatch.diff."+p.Name, size, func(bn *testing.B) {
				for i := 0; i < bn.N; i++ {
					if _, err := evanphx.CreateMergePatch(a, b); err != nil {
						bn.Fatal(err)
					}
				}
			}))
			results = append(results, run("mergepatch.apply."+p.Name, len(a)+len(mp), func(bn *testing.B) {
				for i := 0; i < bn.N; i++ {
					if _, err := evanphx.MergePatch(a, mp); err != nil {
						bn.Fatal(err)
					}
				}
			}))
		}
		if p.Ops != "json" {
			sp, err := strategicpatch.CreateTwoWayMergePatch(a, b, &appsv1.Deployment{})
			must(err)
			results = append(results, run("smp.diff."+p.Name, size, func(bn *testing.B) {
				for i := 0; i < bn.N; i++ {
					if _, err := strategicpatch.CreateTwoWayMergePatch(a, b, &appsv1.Deployment{}); err != nil {
						bn.Fatal(err)
					}
				}
			}))
			results = append(results, run("smp.apply."+p.Name, len(a)+len(sp), func(bn *testing.B) {
				for i := 0; i < bn.N; i++ {
					if _, err := strategicpatch.StrategicMergePatch(a, sp, &appsv1.Deployment{}); err != nil {
						bn.Fatal(err)
					}
				}
			}))
		}
	}
	out, _ := json.Marshal(map[string]interface{}{
		"go": runtime.Version(), "goos": runtime.GOOS, "goarch": runtime.GOARCH, "cpus": runtime.NumCPU(), "results": results,
	})
	fmt.Println(string(out))
}

// read returns a file of the pairs folder or exits.
func read(dir, name string) []byte {
	data, err := os.ReadFile(filepath.Join(dir, name))
	must(err)
	return data
}

// must exits on an error.
func must(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchpatch:", err)
		os.Exit(1)
	}
}

// run times one case with testing.Benchmark.
func run(name string, size int, fn func(b *testing.B)) result {
	r := testing.Benchmark(func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(size))
		fn(b)
	})
	ns := r.NsPerOp()
	res := result{Name: name, Bytes: size, NsPerOp: ns, AllocsOp: r.AllocsPerOp(), BytesOp: r.AllocedBytesPerOp()}
	if ns > 0 {
		res.OpsPerSec = 1e9 / float64(r.T.Nanoseconds()) * float64(r.N)
		res.MBPerSec = float64(size) * res.OpsPerSec / 1e6
	}
	return res
}
