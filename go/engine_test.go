package kinplace_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	kinplace "github.com/kinplace/kinplace/go"
)

// newEngine returns an Engine closed when the test ends.
func newEngine(t testing.TB, opts kinplace.Options) *kinplace.Engine {
	t.Helper()
	e, err := kinplace.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = e.Close() })
	return e
}

// asError returns err as an *kinplace.Error, failing the test when it is not one.
func asError(t *testing.T, err error) *kinplace.Error {
	t.Helper()
	var ke *kinplace.Error
	if !errors.As(err, &ke) {
		t.Fatalf("want a *kinplace.Error, got %T %v", err, err)
	}
	return ke
}

func TestEvalAnswersLinesAsTheProtocol(t *testing.T) {
	e := newEngine(t, kinplace.Options{})
	ctx := context.Background()
	for _, c := range []struct{ line, answer string }{
		{`{"id":1,"op":"fnv","variant":"fnv32a","text":"hello"}`, `{"id":1,"ok":true,"result":{"hex":"4f9f2cab","value":1335831723}}`},
		{`{"op":"container.hash","kubelet":"1.31","container":{"name":"app","image":"nginx"}}`, `{"ok":true,"result":{"hash":"807ef53b","era":"name-image"}}`},
		{`{"op":"json.go","value":[1.50,"é"]}`, `{"ok":true,"result":{"json":"[1.5,\"é\"]"}}`},
		// failed answers are answers, not Go errors
		{`{"op":"nope"}`, `{"ok":false,"error":{"code":"E_UNKNOWN_OP","message":"unknown op \"nope\"","path":"op"}}`},
		{`{"op":`, `{"ok":false,"error":{"code":"E_JSON_SYNTAX","message":"unexpected end of JSON input","offset":6}}`},
	} {
		got, err := e.Eval(ctx, []byte(c.line))
		if err != nil || string(got) != c.answer {
			t.Errorf("%s\n got %s %v\nwant %s", c.line, got, err, c.answer)
		}
	}
}

func TestTypedErrorsCarryCodePathAndOffset(t *testing.T) {
	e := newEngine(t, kinplace.Options{})
	ctx := context.Background()
	_, err := e.KruiseInplaceSpec(ctx, kinplace.KruiseInplaceSpecRequest{NewRevision: json.RawMessage(`{}`)})
	ke := asError(t, err)
	if ke.Code != kinplace.CodeBadRequest || ke.Path == "" || ke.Offset != -1 {
		t.Errorf("missing oldRevision: %+v", ke)
	}
	_, err = e.ContainerHash(ctx, kinplace.ContainerHashRequest{ContainerText: kinplace.Text(`{"name": "a", "image": }`), Kubelet: "1.30"})
	ke = asError(t, err)
	if ke.Code != kinplace.CodeJSONSyntax || ke.Offset != 24 || !strings.Contains(ke.Error(), "E_JSON_SYNTAX") {
		t.Errorf("bad container text: %+v (%v)", ke, ke)
	}
	_, err = e.ContainerHash(ctx, kinplace.ContainerHashRequest{Container: json.RawMessage(`{"name":"a"}`), Kubelet: "1.99"})
	if ke = asError(t, err); ke.Code != kinplace.CodeUnsupportedVersion {
		t.Errorf("kubelet 1.99: %+v", ke)
	}
	_, err = e.ContainerHash(ctx, kinplace.ContainerHashRequest{Container: func() {}, Kubelet: "1.30"})
	if ke = asError(t, err); ke.Code != kinplace.CodeBadRequest {
		t.Errorf("a value json.Marshal refuses: %+v", ke)
	}
}

// same reports whether the typed result equals the result member of the raw answer to the same request.
func sameAsRaw(t *testing.T, e *kinplace.Engine, line string, typed any) {
	t.Helper()
	answer, err := e.Eval(context.Background(), []byte(line))
	if err != nil {
		t.Fatal(err)
	}
	var a struct {
		Result json.RawMessage `json:"result"`
	}
	if err := json.Unmarshal(answer, &a); err != nil || a.Result == nil {
		t.Fatalf("%s: %s", line, answer)
	}
	want := map[string]any{}
	got := map[string]any{}
	b, _ := json.Marshal(typed)
	_ = json.Unmarshal(a.Result, &want)
	_ = json.Unmarshal(b, &got)
	wb, _ := json.Marshal(want)
	gb, _ := json.Marshal(got)
	if !bytes.Equal(wb, gb) {
		t.Errorf("%s\n typed %s\n   raw %s", line, gb, wb)
	}
}

func TestTypedHelpersAnswerAsTheirOps(t *testing.T) {
	e := newEngine(t, kinplace.Options{})
	ctx := context.Background()
	no := false

	h, err := e.ContainerHash(ctx, kinplace.ContainerHashRequest{Container: map[string]string{"name": "app", "image": "nginx"}, Kubelet: "1.30", ApplyDefaults: &no})
	if err != nil || *h != (kinplace.ContainerHash{Hash: "65b95dba", HashWithoutResources: "65b95dba", Era: "json"}) {
		t.Errorf("container hash: %+v %v", h, err)
	}
	// nil ApplyDefaults is the stored view (defaulted), as the JS API
	h, err = e.ContainerHash(ctx, kinplace.ContainerHashRequest{Container: json.RawMessage(`{"name":"app","image":"nginx"}`), Kubelet: "1.30"})
	if err != nil {
		t.Fatal(err)
	}
	sameAsRaw(t, e, `{"op":"container.hash","kubelet":"1.30","applyDefaults":true,"container":{"name":"app","image":"nginx"}}`, h)

	tpl := json.RawMessage(`{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"name":"app","image":"nginx:1.21"}]}}`)
	pth, err := e.PodTemplateHash(ctx, kinplace.PodTemplateHashRequest{Template: tpl, Kubernetes: "1.30"})
	if err != nil {
		t.Fatal(err)
	}
	sameAsRaw(t, e, `{"op":"podTemplateHash","kubernetes":"1.30","applyDefaults":true,"template":`+string(tpl)+`}`, map[string]string{"hash": pth})

	rev, err := e.Revision(ctx, kinplace.RevisionRequest{Kind: "CloneSet", Kruise: "1.8", Object: json.RawMessage(`{"metadata":{"name":"web"},"spec":{"template":{"spec":{"resources":{"limits":{"cpu":"1"}}}}}}`)})
	if err != nil || rev.Name != "web-79b7c84989" || rev.Hash != "79b7c84989" {
		t.Errorf("revision: %+v %v", rev, err)
	}

	doc, err := e.JSONPatchApply(ctx, []byte(`{"b":1.50, "a":{"y":1,"x":2}}`), []byte(`[{"op":"add","path":"/c","value":"<x>"}]`), kinplace.JSONPatchApplyOptions{})
	if err != nil || string(doc) != `{"a":{"y":1,"x":2},"b":1.50,"c":"\u003cx\u003e"}` {
		t.Errorf("jsonpatch.apply: %s %v", doc, err)
	}
	doc, err = e.JSONPatchApply(ctx, []byte{}, []byte(`[]`), kinplace.JSONPatchApplyOptions{})
	if err != nil || doc == nil || len(doc) != 0 {
		t.Errorf("jsonpatch.apply of an empty document: %q %v", doc, err)
	}
	_, err = e.JSONPatchApply(ctx, []byte(`{}`), []byte(`[{"op":"remove","path":"/x"}]`), kinplace.JSONPatchApplyOptions{})
	if ke := asError(t, err); ke.Code != kinplace.CodePatchPath || ke.Path != "/0" {
		t.Errorf("remove of a missing member: %+v", ke)
	}
	patch, err := e.JSONPatchDiff(ctx, []byte(`{"a":[1,2,3]}`), []byte(`{"a":[1,3,4]}`), kinplace.JSONPatchDiffOptions{})
	if err != nil || string(patch) != `[{"op":"add","path":"/a/3","value":4},{"op":"remove","path":"/a/1"}]` {
		t.Errorf("jsonpatch.diff: %s %v", patch, err)
	}
	_, err = e.JSONPatchDiff(ctx, nil, []byte(`{}`), kinplace.JSONPatchDiffOptions{})
	if ke := asError(t, err); ke.Code != kinplace.CodePatchInvalid {
		t.Errorf("jsonpatch.diff of nil: %+v", ke)
	}
	mp, err := e.MergePatchDiff(ctx, []byte(`{"a":1,"b":{"c":1,"d":2}}`), []byte(`{"a":1,"b":{"c":2}}`), kinplace.GoOptions{})
	if err != nil || string(mp) != `{"b":{"c":2,"d":null}}` {
		t.Errorf("mergepatch.diff: %s %v", mp, err)
	}
	md, err := e.MergePatchApply(ctx, []byte(`{"a":1}`), []byte(`{"b":2}`), kinplace.GoOptions{Go: "1.21"})
	if err != nil || string(md) != `{"a":1,"b":2}` {
		t.Errorf("mergepatch.apply: %s %v", md, err)
	}
	smp, err := e.StrategicMergePatchDiff(ctx, []byte(`{"spec":{"containers":[{"name":"a","image":"x:1"},{"name":"b"}]}}`),
		[]byte(`{"spec":{"containers":[{"name":"a","image":"x:2"}]}}`), kinplace.StrategicMergePatchOptions{Type: "Pod"})
	if err != nil || string(smp) != `{"spec":{"$setElementOrder/containers":[{"name":"a"}],"containers":[{"image":"x:2","name":"a"},{"$patch":"delete","name":"b"}]}}` {
		t.Errorf("smp.diff: %s %v", smp, err)
	}
	sd, err := e.StrategicMergePatchApply(ctx, []byte(`{"spec":{"volumes":[{"name":"v","emptyDir":{}}]}}`),
		[]byte(`{"spec":{"volumes":[{"$retainKeys":["hostPath","name"],"hostPath":{"path":"/x"},"name":"v"}]}}`), kinplace.StrategicMergePatchOptions{Type: "Pod", Kubernetes: "1.30"})
	if err != nil || string(sd) != `{"spec":{"volumes":[{"hostPath":{"path":"/x"},"name":"v"}]}}` {
		t.Errorf("smp.apply: %s %v", sd, err)
	}

	oldRev := `{"metadata":{"name":"web-1"},"data":{"spec":{"template":{"$patch":"replace","metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"name":"app","image":"nginx:1.20"}]}}}}}`
	newRev := `{"metadata":{"name":"web-2"},"data":{"spec":{"template":{"$patch":"replace","metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"name":"app","image":"nginx:1.21"}]}}}}}`
	spec, err := e.KruiseInplaceSpec(ctx, kinplace.KruiseInplaceSpecRequest{OldRevision: json.RawMessage(oldRev), NewRevisionText: kinplace.Text(newRev)})
	if err != nil || !spec.InPlace || spec.UpdateSpec == nil || *spec.UpdateSpec != `{"revision":"web-2","containerImages":{"app":"nginx:1.21"}}` || len(spec.Reasons) != 1 {
		t.Fatalf("kruise.inplaceSpec: %+v %v", spec, err)
	}
	pod := json.RawMessage(`{"metadata":{"name":"web-0","labels":{"app":"web"}},"spec":{"containers":[{"name":"app","image":"nginx:1.20"}]},"status":{"containerStatuses":[{"name":"app","imageID":"id-1"}]}}`)
	pp, err := e.KruisePatchPod(ctx, kinplace.KruisePatchPodRequest{Pod: pod, KruisePatchSpec: kinplace.KruisePatchSpec{UpdateSpecText: kinplace.Text(*spec.UpdateSpec), Now: "2026-01-01T00:00:00Z"}})
	if err != nil || !strings.Contains(pp.Pod, `"image":"nginx:1.21"`) || pp.State == "" {
		t.Errorf("kruise.patchPod: %+v %v", pp, err)
	}
	pps, err := e.KruisePatchPods(ctx, kinplace.KruisePatchPodsRequest{Pods: []json.RawMessage{pod, pod}, KruisePatchSpec: kinplace.KruisePatchSpec{UpdateSpecText: kinplace.Text(*spec.UpdateSpec), Now: "2026-01-01T00:00:00Z"}})
	if err != nil || len(pps) != 2 || pps[1] != *pp {
		t.Errorf("kruise.patchPods: %+v %v", pps, err)
	}
	upd, err := e.KruiseUpdate(ctx, kinplace.KruiseUpdateRequest{Pod: pod, OldRevision: json.RawMessage(oldRev), NewRevision: json.RawMessage(newRev), Now: "2026-01-01T00:00:00Z"})
	if err != nil || !upd.InPlace || !strings.Contains(upd.Pod, "nginx:1.21") {
		t.Errorf("kruise.update: %+v %v", upd, err)
	}
	comp, err := e.KruiseCompleted(ctx, kinplace.KruiseCompletedRequest{Pod: json.RawMessage(upd.Pod)})
	if err != nil || comp.Completed {
		t.Errorf("kruise.completed right after the update: %+v %v", comp, err)
	}
	if _, err := e.KruiseRefresh(ctx, kinplace.KruiseRefreshRequest{Pod: json.RawMessage(upd.Pod), Now: "2026-01-01T00:00:10Z"}); err != nil {
		t.Errorf("kruise.refresh: %v", err)
	}
	tplOld := `{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"name":"app","image":"nginx:1.20"}]}}`
	st, err := e.KruiseStrategy(ctx, kinplace.KruiseStrategyRequest{Kind: "CloneSet", Policy: "InPlaceIfPossible", OldTemplate: json.RawMessage(tplOld), NewTemplate: tpl})
	if err != nil || st.Outcome != "in-place" || !st.Allowed {
		t.Errorf("kruise.strategy: %+v %v", st, err)
	}
	part, err := e.KruisePartition(ctx, "99%", ptr(int32(9)))
	if err != nil || part != 8 {
		t.Errorf("kruise.partition 99%% of 9: %d %v", part, err)
	}
	sc, err := e.Scaled(ctx, "25%", 10, true, "kubernetes")
	if err != nil || sc != 3 {
		t.Errorf("scaled 25%% of 10 up: %d %v", sc, err)
	}
	_, err = e.Scaled(ctx, "1.5%", 10, true, "kubernetes")
	if ke := asError(t, err); ke.Code != kinplace.CodeIntOrString {
		t.Errorf("scaled 1.5%%: %+v", ke)
	}

	dep := func(image string) json.RawMessage {
		return json.RawMessage(`{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"api"},"spec":{"selector":{"matchLabels":{"app":"api"}},"template":{"metadata":{"labels":{"app":"api"}},"spec":{"containers":[{"name":"api","image":"` + image + `"}]}}}}`)
	}
	v, err := e.Verdict(ctx, kinplace.VerdictRequest{Old: dep("api:1"), New: dep("api:2"), Kubernetes: "1.30"})
	if err != nil || v.Verdict != "recreate" || v.Kind != "Deployment" || len(v.Reasons) == 0 || v.Patches.JSON == nil {
		t.Fatalf("verdict: %+v %v", v, err)
	}
	sameAsRaw(t, e, `{"op":"verdict","old":`+string(dep("api:1"))+`,"new":`+string(dep("api:2"))+`,"kubernetes":"1.30"}`, v)
	pc, err := e.PolicyCheck(ctx, kinplace.VerdictRequest{Old: dep("api:1"), New: dep("api:2"),
		Policy: map[string]any{"rules": []any{map[string]any{"name": "no-recreate", "match": "/spec/template/**", "verdict": "restart-container", "message": "window"}}}})
	if err != nil || pc.Decision != "deny" || pc.Verdict != "recreate" || len(pc.Violations) != 1 {
		t.Errorf("policy.check: %+v %v", pc, err)
	}

	cs := json.RawMessage(`{"metadata":{"name":"sample"},"spec":{"replicas":2,"updateStrategy":{"type":"InPlaceIfPossible","maxUnavailable":1}}}`)
	readyPod := func(name, rev string) json.RawMessage {
		return json.RawMessage(`{"metadata":{"name":"` + name + `","labels":{"controller-revision-hash":"` + rev + `"},"creationTimestamp":"2026-01-01T00:00:00Z"},"status":{"phase":"Running","conditions":[{"type":"Ready","status":"True","lastTransitionTime":"2026-01-01T00:00:00Z"}]}}`)
	}
	plan, err := e.PlanCloneSet(ctx, kinplace.CloneSetPlanRequest{CloneSet: cs, Pods: []json.RawMessage{readyPod("sample-0", "r1"), readyPod("sample-1", "r1")},
		CurrentRevision: "r1", UpdateRevision: "r2", RolloutCommon: kinplace.RolloutCommon{Now: "2026-01-01T00:10:00Z"}})
	if err != nil || plan.Replicas != 2 || len(plan.Update) != 1 || plan.Update[0].Action != "in-place" || plan.Diffs.UpdateNum != 2 {
		t.Errorf("rollout.cloneset: %+v %v", plan, err)
	}
	sim, err := e.SimulateRollout(ctx, kinplace.SimulateRequest{Kind: "CloneSet", Workload: cs, Pods: []json.RawMessage{readyPod("sample-0", "r1"), readyPod("sample-1", "r1")},
		CurrentRevision: "r1", UpdateRevision: "r2"})
	if err != nil || sim.Outcome != "complete" {
		t.Errorf("rollout.simulate: %+v %v", sim, err)
	}
	for name, f := range map[string]func() (json.RawMessage, error){
		"rollout.deployment": func() (json.RawMessage, error) {
			return e.PlanDeployment(ctx, kinplace.DeploymentPlanRequest{Deployment: dep("api:2"), ReplicaSets: []any{}})
		},
		"rollout.statefulSet": func() (json.RawMessage, error) {
			return e.PlanStatefulSet(ctx, kinplace.StatefulSetPlanRequest{StatefulSet: json.RawMessage(`{"metadata":{"name":"web"},"spec":{"replicas":1}}`), Pods: []any{}, CurrentRevision: "a", UpdateRevision: "b"})
		},
		"rollout.advancedStatefulSet": func() (json.RawMessage, error) {
			return e.PlanAdvancedStatefulSet(ctx, kinplace.StatefulSetPlanRequest{StatefulSet: json.RawMessage(`{"metadata":{"name":"web"},"spec":{"replicas":1}}`), Pods: []any{}, CurrentRevision: "a", UpdateRevision: "b"})
		},
		"rollout.daemonSet": func() (json.RawMessage, error) {
			return e.PlanDaemonSet(ctx, kinplace.DaemonSetPlanRequest{DaemonSet: json.RawMessage(`{"metadata":{"name":"ds"}}`), Nodes: []string{"n1"}, Pods: []any{}, Hash: "h"})
		},
		"rollout.advancedDaemonSet": func() (json.RawMessage, error) {
			return e.PlanAdvancedDaemonSet(ctx, kinplace.DaemonSetPlanRequest{DaemonSet: json.RawMessage(`{"metadata":{"name":"ds"}}`), Nodes: []string{"n1"}, Pods: []any{}, Hash: "h"})
		},
	} {
		r, err := f()
		if err != nil || !json.Valid(r) || r[0] != '{' {
			t.Errorf("%s: %s %v", name, r, err)
		}
	}
}

// ptr returns a pointer to v.
func ptr[T any](v T) *T { return &v }

func TestPoolAnswersConcurrentCallsAsOneInstance(t *testing.T) {
	lines := [][]byte{
		[]byte(`{"op":"container.hash","kubelet":"1.30","container":{"name":"app","image":"nginx"}}`),
		[]byte(`{"op":"jsonpatch.diff","from":{"a":[1,2,3]},"to":{"a":[1,3,4]}}`),
		[]byte(`{"op":"json.go","valueText":"{\"b\":1,\"a\":\"<x>\",\"b\":2}","go":"1.21"}`),
		[]byte(`{"op":"kruise.partition","partition":"50%","replicas":7}`),
		[]byte(`{"op":"bad"`),
	}
	ref := newEngine(t, kinplace.Options{PoolSize: 1})
	want := make([][]byte, len(lines))
	for i, l := range lines {
		var err error
		if want[i], err = ref.Eval(context.Background(), l); err != nil {
			t.Fatal(err)
		}
	}
	e := newEngine(t, kinplace.Options{PoolSize: 3})
	var wg sync.WaitGroup
	errs := make(chan string, 100)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for k := 0; k < 40; k++ {
				i := (g + k) % len(lines)
				got, err := e.Eval(context.Background(), lines[i])
				if err != nil || !bytes.Equal(got, want[i]) {
					errs <- string(got) + " " + errString(err)
					return
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for m := range errs {
		t.Error(m)
	}
	if e.Restarts() != 0 {
		t.Errorf("%d restarts", e.Restarts())
	}
}

// errString is err's text, "" for nil.
func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func TestMemoryBoundIsTooLargeAndTheNextCallAnswers(t *testing.T) {
	e := newEngine(t, kinplace.Options{PoolSize: 1, MemoryLimitPages: 256}) // 16 MiB
	if e.MemoryLimitPages() != 256 {
		t.Fatal(e.MemoryLimitPages())
	}
	big := []byte(`{"op":"json.go","value":[` + strings.Repeat(`"xxxxxxxxxxxxxxxx",`, 1<<20) + `0]}`) // 19 MiB
	_, err := e.Eval(context.Background(), big)
	ke := asError(t, err)
	if ke.Code != kinplace.CodeTooLarge || ke.Message != "kinplace: the request needs more than the engine's 16 MiB of memory" || ke.Err == nil {
		t.Fatalf("over the bound: %+v", ke)
	}
	if e.Restarts() != 1 {
		t.Errorf("restarts %d, want 1 (the instance is replaced)", e.Restarts())
	}
	got, err := e.Eval(context.Background(), []byte(`{"op":"fnv","variant":"fnv32a","text":"hello"}`))
	if err != nil || string(got) != `{"ok":true,"result":{"hex":"4f9f2cab","value":1335831723}}` {
		t.Errorf("after E_TOO_LARGE: %s %v", got, err)
	}
	// a request that fits but is bigger than the read limit is the engine's own E_TOO_LARGE answer
	small := newEngine(t, kinplace.Options{PoolSize: 1, Limits: kinplace.Limits{MaxBytes: 1 << 20}})
	got, err = small.Eval(context.Background(), big)
	if err != nil || !bytes.Contains(got, []byte(`"code":"E_TOO_LARGE"`)) {
		t.Errorf("over maxBytes: %.200s %v", got, err)
	}
}

func TestCancelledCallsAreTypedAndTheInstanceIsReplaced(t *testing.T) {
	// a long call: a Levenshtein matrix of 6,000 × 6,000 cells (most of a second here; its deadline is 5 ms)
	var from, to strings.Builder
	from.WriteString(`{"a":[`)
	to.WriteString(`{"a":[`)
	for i := 0; i < 6000; i++ {
		if i > 0 {
			from.WriteByte(',')
			to.WriteByte(',')
		}
		from.WriteString(`{"v":` + itoa(i) + `}`)
		to.WriteString(`{"v":` + itoa(i*7%6001) + `}`)
	}
	from.WriteString(`]}`)
	to.WriteString(`]}`)
	for _, interruptible := range []bool{false, true} {
		e := newEngine(t, kinplace.Options{PoolSize: 1, Interruptible: interruptible})
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		_, err := e.Eval(ctx, []byte(`{"op":"fnv","variant":"fnv32a","text":"x"}`))
		if ke := asError(t, err); ke.Code != kinplace.CodeCanceled || !errors.Is(err, context.Canceled) {
			t.Errorf("cancelled before the call: %+v", ke)
		}
		ctx, cancel = context.WithTimeout(context.Background(), 5*time.Millisecond)
		t0 := time.Now()
		_, err = e.JSONPatchDiff(ctx, []byte(from.String()), []byte(to.String()), kinplace.JSONPatchDiffOptions{MaxEditMatrix: 40_000_000})
		took := time.Since(t0)
		cancel()
		if ke := asError(t, err); ke.Code != kinplace.CodeCanceled || !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("interruptible %v: past the deadline: %+v", interruptible, ke)
		}
		t.Logf("interruptible %v: E_CANCELED after %v", interruptible, took)
		// the next call waits for the pool's one slot and answers on a fresh instance
		got, err := e.Eval(context.Background(), []byte(`{"op":"fnv","variant":"fnv32a","text":"hello"}`))
		if err != nil || string(got) != `{"ok":true,"result":{"hex":"4f9f2cab","value":1335831723}}` {
			t.Errorf("after the cancellation: %s %v", got, err)
		}
		if e.Restarts() != 1 {
			t.Errorf("interruptible %v: restarts %d, want 1", interruptible, e.Restarts())
		}
	}
}

// itoa is strconv.Itoa for the small numbers of the tests.
func itoa(i int) string { return string(json.Number(jsonInt(i))) }

// jsonInt writes an int.
func jsonInt(i int) string { b, _ := json.Marshal(i); return string(b) }

func TestClosedEngineAndBadOptions(t *testing.T) {
	e, err := kinplace.New(kinplace.Options{PoolSize: 2})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Eval(context.Background(), []byte(`{"op":"fnv","variant":"fnv32","text":""}`)); err != nil {
		t.Fatal(err)
	}
	_ = e.Close()
	_, err = e.Eval(context.Background(), []byte(`{"op":"fnv","variant":"fnv32","text":""}`))
	if ke := asError(t, err); ke.Code != kinplace.CodeClosed {
		t.Errorf("after Close: %+v", ke)
	}
	for _, o := range []kinplace.Options{{MemoryLimitPages: 10}, {MemoryLimitPages: 40000}, {Limits: kinplace.Limits{MaxBytes: -1}}} {
		if _, err := kinplace.New(o); asError(t, err).Code != kinplace.CodeBadRequest {
			t.Errorf("%+v: %v", o, err)
		}
	}
}

func TestTextFieldsReachTheEngineAsRawBytes(t *testing.T) {
	e := newEngine(t, kinplace.Options{})
	ctx := context.Background()
	for _, text := range []string{"{\"name\":\"a\xff\",\"image\":\"x\"}", "{\"name\":\"<&>\",\"image\":\"\\u00e9\"}", "{\"name\":\"a\"\n}", "{\"name\":\"\t\"}"} {
		_, err := e.ContainerHash(ctx, kinplace.ContainerHashRequest{ContainerText: kinplace.Text(text), Kubelet: "1.30"})
		q, _ := kinplace.Text(text).MarshalJSON()
		answer, rerr := e.Eval(ctx, []byte(`{"op":"container.hash","containerText":`+string(q)+`,"kubelet":"1.30","applyDefaults":true}`))
		if rerr != nil {
			t.Fatal(rerr)
		}
		if err != nil {
			ke := asError(t, err)
			if !bytes.Contains(answer, []byte(`"code":"`+ke.Code+`"`)) {
				t.Errorf("%q: typed %+v, raw %s", text, ke, answer)
			}
		} else if !bytes.HasPrefix(answer, []byte(`{"ok":true`)) {
			t.Errorf("%q: typed ok, raw %s", text, answer)
		}
	}
}
