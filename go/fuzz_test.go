package kinplace_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math/rand"
	"strings"
	"sync"
	"testing"

	kinplace "github.com/kinplace/kinplace/go"
)

var (
	fuzzOnce   sync.Once
	fuzzEngine *kinplace.Engine
	fuzzErr    error
)

// sharedEngine is one Engine for every fuzz input (instances are reused, as in a long-running process).
func sharedEngine(t testing.TB) *kinplace.Engine {
	fuzzOnce.Do(func() { fuzzEngine, fuzzErr = kinplace.New(kinplace.Options{PoolSize: 1}) })
	if fuzzErr != nil {
		t.Fatal(fuzzErr)
	}
	return fuzzEngine
}

// seedLines are requests of many ops, good and slightly broken (the fuzzer's starting points; testdata/fuzz holds more).
var seedLines = []string{
	`{"id":1,"op":"fnv","variant":"fnv32a","text":"hello"}`,
	`{"op":"json.go","valueText":"{\"b\":1,\"a\":\"<x>\",\"b\":2}","go":"1.21"}`,
	`{"op":"json.jcs","value":{"b":1e21,"a":0.1}}`,
	`{"op":"container.hash","kubelet":"1.30","container":{"name":"app","image":"nginx","resources":{"limits":{"cpu":"1"}}}}`,
	`{"op":"podTemplateHash","template":{"spec":{"containers":[{"name":"a","image":"b"}]}},"collisionCount":1}`,
	`{"op":"revision","kind":"StatefulSet","object":{"metadata":{"name":"web"},"spec":{"template":{"spec":{"containers":[{"name":"a"}]}}}}}`,
	`{"op":"jsonpatch.diff","from":{"a":[1,2,3]},"to":{"a":[1,3,4]}}`,
	`{"op":"jsonpatch.apply","documentText":"{\"b\":1.50}","patch":[{"op":"add","path":"/c","value":"<x>"}]}`,
	`{"op":"mergepatch.apply","original":{"a":1},"patch":{"a":null}}`,
	`{"op":"smp.diff","type":"Pod","original":{"spec":{"containers":[{"name":"a","image":"x:1"}]}},"modified":{"spec":{"containers":[{"name":"a","image":"x:2"}]}}}`,
	`{"op":"kruise.partition","partition":"50%","replicas":7}`,
	`{"op":"scaled","value":"25%","total":10,"roundUp":true,"variant":"kruise"}`,
	`{"op":"kruise.inplaceSpec","oldRevision":{"metadata":{"name":"w-1"},"data":{"spec":{"template":{"spec":{"containers":[{"name":"a","image":"x:1"}]}}}}},"newRevision":{"metadata":{"name":"w-2"},"data":{"spec":{"template":{"spec":{"containers":[{"name":"a","image":"x:2"}]}}}}}}`,
	`{"op":"verdict","old":{"kind":"Pod","spec":{"containers":[{"name":"a","image":"x:1"}]}},"new":{"kind":"Pod","spec":{"containers":[{"name":"a","image":"x:2"}]}}}`,
	`{"op":"rollout.cloneset","cloneSet":{"spec":{"replicas":2}},"pods":[],"currentRevision":"a","updateRevision":"b"}`,
	`{"op":"quantity","value":"1.5Gi","mode":"parse"}`,
	`{"op":"k8s.json","type":"Container","valueText":"{\"name\":\"a\",\"name\":\"b\"}"}`,
	`{"op":"kubelet.readyCondition","pod":{"status":{"phase":"Running"}}}`,
	`{"op":"pod.validateUpdate","old":{},"new":{}}`,
	"{\"op\":\"json.go\",\"valueText\":\"\xff\xfe\"}",
	`{"op":"json.go","value":[[[[[[[[[[]]]]]]]]]]}`,
	`{"op":`,
	``,
	`[]`,
}

// checkAnswer fails when a line got anything but one valid JSON answer object (a trap is a bug: E_INTERNAL).
func checkAnswer(t *testing.T, line, answer []byte, err error) {
	t.Helper()
	if err != nil {
		var ke *kinplace.Error
		if !errors.As(err, &ke) {
			t.Fatalf("%.200q: a non-kinplace error %T %v", line, err, err)
		}
		t.Fatalf("%.200q: %v", line, err)
	}
	var a struct {
		OK    *bool           `json:"ok"`
		Error *map[string]any `json:"error"`
	}
	if !json.Valid(answer) || json.Unmarshal(answer, &a) != nil || a.OK == nil || (!*a.OK && a.Error == nil) {
		t.Fatalf("%.200q: not an answer: %.300s", line, answer)
	}
}

// FuzzEval: any line gets one answer, never a trap, a panic or a Go error.
func FuzzEval(f *testing.F) {
	for _, s := range seedLines {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		e := sharedEngine(t)
		answer, err := e.Eval(context.Background(), line)
		checkAnswer(t, line, answer, err)
	})
}

// FuzzTypedText: raw text in every document field of the typed helpers never panics, and fails only with *kinplace.Error.
func FuzzTypedText(f *testing.F) {
	for _, s := range []string{`{"name":"a","image":"b"}`, `{"metadata":{"name":"r"},"data":{}}`, `[{"op":"add","path":"/a","value":1}]`, "\xff", `{"a":`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, text []byte) {
		e := sharedEngine(t)
		ctx := context.Background()
		check := func(what string, err error) {
			var ke *kinplace.Error
			if err != nil && (!errors.As(err, &ke) || ke.Code == kinplace.CodeInternal) {
				t.Fatalf("%s %.200q: %v", what, text, err)
			}
		}
		_, err := e.ContainerHash(ctx, kinplace.ContainerHashRequest{ContainerText: kinplace.Text(text), Kubelet: "1.30"})
		check("container.hash", err)
		_, err = e.JSONPatchApply(ctx, text, []byte(`[{"op":"add","path":"/x","value":1}]`), kinplace.JSONPatchApplyOptions{})
		check("jsonpatch.apply", err)
		_, err = e.JSONPatchDiff(ctx, []byte(`{"a":1}`), text, kinplace.JSONPatchDiffOptions{})
		check("jsonpatch.diff", err)
		_, err = e.StrategicMergePatchApply(ctx, []byte(`{"spec":{}}`), text, kinplace.StrategicMergePatchOptions{Type: "Pod"})
		check("smp.apply", err)
		_, err = e.KruiseInplaceSpec(ctx, kinplace.KruiseInplaceSpecRequest{OldRevisionText: kinplace.Text(text), NewRevisionText: kinplace.Text(text)})
		check("kruise.inplaceSpec", err)
	})
}

// Garbage and huge lines: random bytes, every truncation of good requests, deep nesting and long values all get
// answers; none traps.
func TestGarbageAndHugeLinesGetAnswers(t *testing.T) {
	e := newEngine(t, kinplace.Options{PoolSize: 1})
	ctx := context.Background()
	rng := rand.New(rand.NewSource(20261129))
	var lines [][]byte
	for i := 0; i < 300; i++ {
		b := make([]byte, rng.Intn(200))
		rng.Read(b)
		lines = append(lines, b)
	}
	for _, s := range seedLines {
		for n := 0; n <= len(s); n += 1 + len(s)/40 {
			lines = append(lines, []byte(s[:n]))
			mutated := []byte(s)
			if len(mutated) > 0 {
				mutated[rng.Intn(len(mutated))] = byte(rng.Intn(256))
			}
			lines = append(lines, mutated)
		}
	}
	lines = append(lines,
		[]byte(`{"op":"json.go","value":`+strings.Repeat("[", 1_000_000)+strings.Repeat("]", 1_000_000)+`}`),
		[]byte(`{"op":"json.go","go":"1.21","value":`+strings.Repeat(`{"a":`, 10_001)+"1"+strings.Repeat("}", 10_001)+`}`),
		[]byte(`{"op":"fnv","variant":"fnv64a","text":"`+strings.Repeat("\xe9", 20<<20)+`"}`),
		[]byte(`{"op":"container.hash","kubelet":"1.30","container":{"name":"a","env":[`+strings.Repeat(`{"name":"x","value":"y"},`, 20_000)+`{}]}}`),
		[]byte(`{"op":"jsonpatch.diff","fromText":"`+strings.Repeat("[", 100_000)+`","to":{}}`),
	)
	for _, l := range lines {
		answer, err := e.Eval(ctx, l)
		checkAnswer(t, l, answer, err)
	}
	if e.Restarts() != 0 {
		t.Errorf("%d restarts", e.Restarts())
	}
	// the deep and large ones answer with the engine's typed errors
	answer, _ := e.Eval(ctx, lines[len(lines)-2])
	if !bytes.Contains(answer, []byte(`"code":"E_TOO_LARGE"`)) {
		t.Errorf("20,001 env entries: %.300s", answer)
	}
}
