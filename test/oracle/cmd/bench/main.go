// Command bench times Go's own encoding/json round trip (Unmarshal into an
// interface{}, then Marshal: what kinplace's json.go op reproduces) on the
// benchmark fixtures, and Go's hash/fnv FNV-1a over 1.5 KB and 1 MiB, natively.
// It prints one JSON object so bench/ can put the numbers next to the engine's.
// Case names: json.roundtrip.manifest-4k, json.roundtrip.manifest-400k,
// fnv1a32.1536, fnv1a32.1048576, fnv1a64.1048576.
//
// Usage: bench [-fixtures DIR] [-benchtime 1s]
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"hash/fnv"
	"io/ioutil"
	"os"
	"path/filepath"
	"runtime"
	"testing"
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

func main() {
	testing.Init()
	dir := flag.String("fixtures", "bench/fixtures", "folder holding manifest-4k.json and manifest-400k.json")
	flag.Parse()
	var results []result
	for _, name := range []string{"manifest-4k", "manifest-400k"} {
		data, err := ioutil.ReadFile(filepath.Join(*dir, name+".json"))
		if err != nil {
			fmt.Fprintln(os.Stderr, "bench:", err)
			os.Exit(1)
		}
		results = append(results, run("json.roundtrip."+name, len(data), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				var v interface{}
				if err := json.Unmarshal(data, &v); err != nil {
					b.Fatal(err)
				}
				if _, err := json.Marshal(v); err != nil {
					b.Fatal(err)
				}
			}
		}))
	}
	// The same bytes as bench/run.ts hashes: (i*131) & 255.
	mib := make([]byte, 1<<20)
	for i := range mib {
		mib[i] = byte(i * 131)
	}
	for _, size := range []int{1536, 1 << 20} {
		data := mib[:size]
		results = append(results, run(fmt.Sprintf("fnv1a32.%d", size), size, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				h := fnv.New32a()
				h.Write(data)
				_ = h.Sum32()
			}
		}))
	}
	results = append(results, run(fmt.Sprintf("fnv1a64.%d", len(mib)), len(mib), func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			h := fnv.New64a()
			h.Write(mib)
			_ = h.Sum64()
		}
	}))
	out, _ := json.Marshal(map[string]interface{}{
		"go": runtime.Version(), "goos": runtime.GOOS, "goarch": runtime.GOARCH, "cpus": runtime.NumCPU(), "results": results,
	})
	fmt.Println(string(out))
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
