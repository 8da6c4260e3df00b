// Command benchhash times, natively, what the kinplace hash benchmark (bench/hash.ts) times in wasm and
// TypeScript: the kubelet's HashContainer of the JSON era (1.16–1.30, identical code; json.Marshal of the container, then
// DeepHashObject of those bytes: FNV-32a over go-spew's `%#v`) and controller.ComputeHash of a pod
// template (FNV-32a over go-spew of the PodTemplateSpec) for Kubernetes 1.30 (k8s.io/api v0.30.14).
// Both functions are the upstream code of k8s.io/kubernetes 1.30 written out here (pkg/util/hash
// DeepHashObject with k8s.io/apimachinery's dump.ForHash, pkg/kubelet/container HashContainer,
// pkg/controller ComputeHash) so the module needs only k8s.io/api and k8s.io/apimachinery; the answers
// are printed next to the timings and bench/hash.ts checks them against the engine.
//
// Usage: benchhash -container FILE -template FILE [-test.benchtime 1s]   → one JSON object
//        benchhash -schema                                                → the Go type schema of
//        v1.PodTemplateSpec (field order, JSON names, omitempty, spew type names) that the TypeScript
//        reference implementation (bench/ts-hash/) walks; written to bench/ts-hash/schema-1.30.json.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"hash"
	"hash/fnv"
	"os"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"testing"

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

type result struct {
	Name      string  `json:"name"`
	Bytes     int     `json:"bytes"`
	OpsPerSec float64 `json:"opsPerSec"`
	NsPerOp   int64   `json:"nsPerOp"`
	AllocsOp  int64   `json:"allocsPerOp"`
}

func run(name string, size int, fn func(b *testing.B)) result {
	r := testing.Benchmark(func(b *testing.B) { b.ReportAllocs(); fn(b) })
	res := result{Name: name, Bytes: size, NsPerOp: r.NsPerOp(), AllocsOp: r.AllocsPerOp()}
	if r.T > 0 {
		res.OpsPerSec = float64(r.N) / r.T.Seconds()
	}
	return res
}

func main() {
	testing.Init()
	containerFile := flag.String("container", "bench/fixtures/hash-container.json", "the container fixture")
	templateFile := flag.String("template", "bench/fixtures/hash-template.json", "the pod template fixture")
	schema := flag.Bool("schema", false, "print the type schema of v1.PodTemplateSpec and exit")
	flag.Parse()
	if *schema {
		printSchema()
		return
	}
	cdata, err := os.ReadFile(*containerFile)
	check(err)
	tdata, err := os.ReadFile(*templateFile)
	check(err)
	var c v1.Container
	check(json.Unmarshal(cdata, &c))
	var t v1.PodTemplateSpec
	check(json.Unmarshal(tdata, &t))
	containerHash := strconv.FormatUint(hashContainer(&c), 16)
	templateHash := computeHash(&t)
	spewText := fmt.Sprintf("%v", dump.ForHash(mustMarshal(&c)))
	templateText := fmt.Sprintf("%v", dump.ForHash(t))
	var results []result
	results = append(results, run("container.hash.object", len(cdata), func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			_ = hashContainer(&c)
		}
	}))
	results = append(results, run("container.hash.bytes", len(cdata), func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			var x v1.Container
			if err := json.Unmarshal(cdata, &x); err != nil {
				b.Fatal(err)
			}
			_ = hashContainer(&x)
		}
	}))
	results = append(results, run("podTemplateHash.object", len(tdata), func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			_ = computeHash(&t)
		}
	}))
	results = append(results, run("podTemplateHash.bytes", len(tdata), func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			var x v1.PodTemplateSpec
			if err := json.Unmarshal(tdata, &x); err != nil {
				b.Fatal(err)
			}
			_ = computeHash(&x)
		}
	}))
	text := []byte(spewText)
	results = append(results, run("fnv32a.containerSpew", len(text), func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			h := fnv.New32a()
			h.Write(text)
			_ = h.Sum32()
		}
	}))
	out, _ := json.Marshal(map[string]interface{}{
		"go": runtime.Version(), "goos": runtime.GOOS, "goarch": runtime.GOARCH, "cpus": runtime.NumCPU(),
		"containerHash": containerHash, "templateHash": templateHash,
		"containerSpewBytes": len(spewText), "templateSpewBytes": len(templateText), "results": results,
	})
	fmt.Println(string(out))
}

func mustMarshal(c *v1.Container) []byte {
	b, err := json.Marshal(c)
	check(err)
	return b
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchhash:", err)
		os.Exit(1)
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
