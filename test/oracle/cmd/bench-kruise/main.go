// Command bench-kruise times OpenKruise v1.9.0's own pkg/util/inplaceupdate natively for bench/verdict-bench.ts
//: SetOptionsDefaults + CalculateSpec on two CloneSet ControllerRevisions, and
// PatchSpecToPod of the resulting UpdateSpec onto 1,000 pods, each with and without the JSON decode and
// encode around it. Gates as kruise-manager sets them at start-up (InPlaceUpdateEnvFromMetadata on),
// server version 1.32 (pkg/client's curVersion, set through //go:linkname as the oracle harness does).
// It also prints Kruise's answers (UpdateSpec JSON, the first pod's patched JSON at -now) so the
// benchmark can check the engine against them. Built by bench/verdict-go.ts in a module whose go.mod
// is the oracle's Kruise build's (test/oracle/k8s/build.ts).
//
// Usage: bench-kruise -fixture bench/fixtures/verdict.json [-test.benchtime=1s]
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"testing"
	"time"
	_ "unsafe" // go:linkname

	appspub "github.com/openkruise/kruise/apis/apps/pub"
	kfeatures "github.com/openkruise/kruise/pkg/features"
	utilfeature "github.com/openkruise/kruise/pkg/util/feature"
	"github.com/openkruise/kruise/pkg/util/inplaceupdate"
	appsv1 "k8s.io/api/apps/v1"
	v1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/version"
	"k8s.io/klog/v2"
	testingclock "k8s.io/utils/clock/testing"
)

//go:linkname kruiseCurVersion github.com/openkruise/kruise/pkg/client.curVersion
var kruiseCurVersion *version.Info

type fixture struct {
	OldRevision json.RawMessage   `json:"oldRevision"`
	NewRevision json.RawMessage   `json:"newRevision"`
	Pods        []json.RawMessage `json:"pods"`
	Now         string            `json:"now"`
}

type result struct {
	Name        string  `json:"name"`
	NsPerOp     float64 `json:"nsPerOp"`
	OpsPerSec   float64 `json:"opsPerSec"`
	AllocsPerOp int64   `json:"allocsPerOp"`
	BytesPerOp  int64   `json:"allocBytesPerOp"`
}

func must(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// newState is the state Interface.Update starts PatchSpecToPod with.
func newState(spec *inplaceupdate.UpdateSpec, now time.Time) *appspub.InPlaceUpdateState {
	return &appspub.InPlaceUpdateState{Revision: spec.Revision, UpdateTimestamp: metav1.NewTime(now),
		UpdateEnvFromMetadata: spec.UpdateEnvFromMetadata, UpdateImages: len(spec.ContainerImages) > 0, UpdateResources: len(spec.ContainerResources) > 0}
}

func main() {
	testing.Init()
	path := flag.String("fixture", "bench/fixtures/verdict.json", "fixture written by bench/verdict-bench.ts")
	flag.Parse()
	fs := flag.NewFlagSet("klog", flag.ContinueOnError)
	klog.InitFlags(fs)
	_ = fs.Set("logtostderr", "false")
	klog.SetOutput(io.Discard)
	must(utilfeature.DefaultMutableFeatureGate.SetFromMap(map[string]bool{
		string(kfeatures.InPlaceUpdateEnvFromMetadata): true, string(kfeatures.InPlaceWorkloadVerticalScaling): false,
		string(kfeatures.RecreatePodWhenChangeVCTInCloneSetGate): false, string(kfeatures.KruiseDaemon): true}))
	kruiseCurVersion = &version.Info{Major: "1", Minor: "32"}

	raw, err := os.ReadFile(*path)
	must(err)
	var fx fixture
	must(json.Unmarshal(raw, &fx))
	now, err := time.Parse(time.RFC3339, fx.Now)
	must(err)
	inplaceupdate.Clock = testingclock.NewFakeClock(now)
	var oldRev, newRev appsv1.ControllerRevision
	must(json.Unmarshal(fx.OldRevision, &oldRev))
	must(json.Unmarshal(fx.NewRevision, &newRev))
	pods := make([]*v1.Pod, len(fx.Pods))
	for i, p := range fx.Pods {
		pods[i] = &v1.Pod{}
		must(json.Unmarshal(p, pods[i]))
	}
	opts := inplaceupdate.SetOptionsDefaults(&inplaceupdate.UpdateOptions{})
	spec := opts.CalculateSpec(&oldRev, &newRev, opts)
	if spec == nil {
		must(fmt.Errorf("the fixture's revisions are not in-place-able"))
	}
	specJSON, _ := json.Marshal(spec)
	first, _, err := opts.PatchSpecToPod(pods[0].DeepCopy(), spec, newState(spec, now))
	must(err)
	firstJSON, _ := json.Marshal(first)

	cases := []struct {
		name string
		fn   func()
	}{
		{"calculateSpec", func() {
			o := inplaceupdate.SetOptionsDefaults(&inplaceupdate.UpdateOptions{})
			if o.CalculateSpec(&oldRev, &newRev, o) == nil {
				panic("nil spec")
			}
		}},
		{"calculateSpec.json", func() {
			var a, b appsv1.ControllerRevision
			_ = json.Unmarshal(fx.OldRevision, &a)
			_ = json.Unmarshal(fx.NewRevision, &b)
			o := inplaceupdate.SetOptionsDefaults(&inplaceupdate.UpdateOptions{})
			s := o.CalculateSpec(&a, &b, o)
			if _, err := json.Marshal(s); err != nil || s == nil {
				panic("nil spec")
			}
		}},
		{"patchPods", func() {
			for _, p := range pods {
				if _, _, err := opts.PatchSpecToPod(p.DeepCopy(), spec, newState(spec, now)); err != nil {
					panic(err)
				}
			}
		}},
		{"patchPods.json", func() {
			for _, text := range fx.Pods {
				p := &v1.Pod{}
				_ = json.Unmarshal(text, p)
				st := newState(spec, now)
				out, _, err := opts.PatchSpecToPod(p, spec, st)
				if err != nil {
					panic(err)
				}
				_, _ = json.Marshal(out)
				_, _ = json.Marshal(st)
			}
		}},
	}
	var results []result
	for _, c := range cases {
		fn := c.fn
		r := testing.Benchmark(func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				fn()
			}
		})
		ns := float64(r.T.Nanoseconds()) / float64(r.N)
		results = append(results, result{c.name, ns, 1e9 / ns, r.AllocsPerOp(), r.AllocedBytesPerOp()})
	}
	out, _ := json.Marshal(map[string]interface{}{
		"go": runtime.Version(), "goos": runtime.GOOS, "goarch": runtime.GOARCH, "cpus": runtime.NumCPU(), "pods": len(pods),
		"updateSpec": string(specJSON), "firstPod": string(firstJSON), "results": results,
	})
	fmt.Println(string(out))
}
