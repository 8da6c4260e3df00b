//go:build kruise

package main

// bench.kruiseVerdict {oldRevision, newRevision, pod, iterations} -> {calculateNsPerOp, patchNsPerOp}:
// Kruise's own CalculateSpec (SetOptionsDefaults) on two ControllerRevisions and PatchSpecToPod of the
// resulting spec onto a pod, each timed natively over `iterations` calls (bench/verdict.ts compares the
// engine's `verdict` and pod patches with them). Not an oracle op: a benchmark hook of the Kruise build.

import (
	"encoding/json"
	"time"

	"github.com/openkruise/kruise/apis/apps/pub"
	"github.com/openkruise/kruise/pkg/util/inplaceupdate"
	appsv1 "k8s.io/api/apps/v1"
	v1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

func init() {
	ops["bench.kruiseVerdict"] = opSpec{[]string{"oldRevision", "newRevision", "pod", "iterations"}, runBenchKruiseVerdict}
}

func runBenchKruiseVerdict(req *request) (*result, *protoError) {
	var oldRev, newRev appsv1.ControllerRevision
	var pod v1.Pod
	var n int
	for _, f := range []struct {
		name string
		into interface{}
	}{{"oldRevision", &oldRev}, {"newRevision", &newRev}, {"pod", &pod}, {"iterations", &n}} {
		if err := json.Unmarshal(req.field(f.name), f.into); err != nil {
			return nil, fieldErr(codeBadRequest, f.name, err.Error())
		}
	}
	if n <= 0 {
		n = 1000
	}
	opts := inplaceupdate.SetOptionsDefaults(&inplaceupdate.UpdateOptions{})
	var spec *inplaceupdate.UpdateSpec
	t0 := time.Now()
	for i := 0; i < n; i++ {
		spec = opts.CalculateSpec(&oldRev, &newRev, opts)
	}
	calc := time.Since(t0)
	if spec == nil {
		return nil, plainErr(codeBadRequest, "the revisions are not in-place-able")
	}
	t1 := time.Now()
	for i := 0; i < n; i++ {
		state := &pub.InPlaceUpdateState{Revision: spec.Revision, UpdateTimestamp: metav1.NewTime(t1), UpdateImages: len(spec.ContainerImages) > 0}
		if _, _, err := opts.PatchSpecToPod(pod.DeepCopy(), spec, state); err != nil {
			return nil, plainErr(codeInternal, err.Error())
		}
	}
	patch := time.Since(t1)
	res := &result{}
	res.key("calculateNsPerOp")
	res.buf = append(res.buf, []byte(itoa(calc.Nanoseconds()/int64(n)))...)
	res.key("patchNsPerOp")
	res.buf = append(res.buf, []byte(itoa(patch.Nanoseconds()/int64(n)))...)
	return res, nil
}

func itoa(v int64) string { b, _ := json.Marshal(v); return string(b) }
