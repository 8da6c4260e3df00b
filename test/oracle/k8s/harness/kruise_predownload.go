//go:build kruise

package main

// kruise.preDownload {kind, workload|workloadText, currentRevision|currentRevisionText (CloneSet,
// AdvancedStatefulSet) or oldRevisions (AdvancedDaemonSet), updateRevision|updateRevisionText, pods?,
// gates?, kruise?} -> {created, reason, message, jobs, revisionPatch, deletesJobs, nodes}
//
// OpenKruise's image pre-download for in-place updates (gates PreDownloadImageForInPlaceUpdate for the
// CloneSet and Advanced StatefulSet controllers, PreDownloadImageForDaemonSetUpdate for the Advanced
// DaemonSet one; KruiseDaemon=false turns both off, as features.SetDefaultFeatureGates does at start-up).
//
// Real code: the controllers' unexported createImagePullJobsForInPlaceUpdate (//go:linkname: CloneSet
// ReconcileCloneSet, Advanced StatefulSet defaultStatefulSetControl with its package's sigsruntimeClient,
// Advanced DaemonSet ReconcileDaemonSet), which run CalculatePartitionReplicas, the intstr helpers,
// CanUpdateInPlace, diffImagesBetweenRevisions and imagejob/utilfunction's CreateJobForWorkload[WithStrategy];
// the nodes the jobs pull on come from pkg/util/imagejob.GetNodeImagesForJob over the request's pods.
// Glue reproduced here (inline in the controllers' Reconcile / syncDaemonSet): the gate, the "revisions
// differ" test and the min-updated-ready-pods threshold (CloneSet v1.9.0: the spec field
// rollingUpdate.inPlaceUpdateStrategy.imagePreDownloadMinUpdatedReadyPods; v1.8.x and the Advanced
// StatefulSet: the annotation apps.kruise.io/image-predownload-min-updated-ready-pods; the Advanced
// DaemonSet reads it and ignores it). Which skip branch ran is read from the controller's own klog
// messages (captured through klog.SetLogger at verbosity 4); the jobs are the objects the controller
// hands to client.Create, encoded as controller-runtime's REST client sends them (the scheme's JSON
// serializer with apiVersion/kind set; without the encoder's trailing newline), sorted by name (the
// controller creates them in Go map order). revisionPatch: the strategic merge patch the controller
// sends to the update revision (null when none). deletesJobs: the controller deletes the workload's
// ImagePullJobs (the revisions agree). nodes: with `pods`, the names of the nodes whose NodeImage gets
// the pull (sorted; every node is assumed to have its NodeImage), null without pods or jobs.
//
// Request contract (the controllers dereference these after the API server's defaults): spec.selector,
// spec.replicas (CloneSet, Advanced StatefulSet) and spec.updateStrategy.rollingUpdate (Advanced
// DaemonSet) must be set; otherwise E_BAD_REQUEST at path "workload".

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unsafe"

	"github.com/go-logr/logr"
	kruiseappsv1beta1 "github.com/openkruise/kruise/apis/apps/v1beta1"
	"github.com/openkruise/kruise/pkg/controller/cloneset"
	"github.com/openkruise/kruise/pkg/controller/daemonset"
	"github.com/openkruise/kruise/pkg/controller/statefulset"
	kfeatures "github.com/openkruise/kruise/pkg/features"
	utilfeature "github.com/openkruise/kruise/pkg/util/feature"
	appsv1 "k8s.io/api/apps/v1"
	v1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	intstrutil "k8s.io/apimachinery/pkg/util/intstr"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/tools/record"
	"k8s.io/component-base/featuregate"
	"k8s.io/klog/v2"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

//go:linkname kruiseCloneSetCreateJobs github.com/openkruise/kruise/pkg/controller/cloneset.(*ReconcileCloneSet).createImagePullJobsForInPlaceUpdate
func kruiseCloneSetCreateJobs(r *cloneset.ReconcileCloneSet, cs *kruiseCloneSet, currentRevision, updateRevision *appsv1.ControllerRevision) error

//go:linkname kruiseStsCreateJobs github.com/openkruise/kruise/pkg/controller/statefulset.(*defaultStatefulSetControl).createImagePullJobsForInPlaceUpdate
func kruiseStsCreateJobs(dss unsafe.Pointer, sts *kruiseappsv1beta1.StatefulSet, currentRevision, updateRevision *appsv1.ControllerRevision) error

//go:linkname kruiseStsRuntimeClient github.com/openkruise/kruise/pkg/controller/statefulset.sigsruntimeClient
var kruiseStsRuntimeClient client.Client

//go:linkname kruiseDsCreateJobs github.com/openkruise/kruise/pkg/controller/daemonset.(*ReconcileDaemonSet).createImagePullJobsForInPlaceUpdate
func kruiseDsCreateJobs(r *daemonset.ReconcileDaemonSet, ds *kruiseDaemonSet, oldRevisions []*appsv1.ControllerRevision, updateRevision *appsv1.ControllerRevision) error

const (
	preDownloadGate   = "PreDownloadImageForInPlaceUpdate"
	preDownloadDsGate = "PreDownloadImageForDaemonSetUpdate"
	minReadyKey       = "apps.kruise.io/image-predownload-min-updated-ready-pods"
	createdKey        = "apps.kruise.io/pre-predownload-created"
	ignoredKey        = "apps.kruise.io/image-predownload-ignored"
)

// klogVerbosity sets klog's -v (the controllers' skip messages are V(4)).
var klogVerbosity = func() *flag.FlagSet {
	fs := flag.NewFlagSet("klog-v", flag.ContinueOnError)
	klog.InitFlags(fs)
	return fs
}()

func init() {
	ops["kruise.preDownload"] = opSpec{[]string{"kind", "workload", "workloadText", "currentRevision", "currentRevisionText", "oldRevisions", "updateRevision", "updateRevisionText", "pods", "gates", "kruise"}, runKruisePreDownload}
}

// logLine is one captured klog call: its message and key/value pairs.
type logLine struct {
	msg string
	kv  []interface{}
}

// captureSink is a logr sink keeping every message.
type captureSink struct{ lines *[]logLine }

func (s captureSink) Init(logr.RuntimeInfo) {}
func (s captureSink) Enabled(int) bool      { return true }
func (s captureSink) Info(_ int, msg string, kv ...interface{}) {
	*s.lines = append(*s.lines, logLine{msg, kv})
}
func (s captureSink) Error(_ error, msg string, kv ...interface{}) {
	*s.lines = append(*s.lines, logLine{msg, kv})
}
func (s captureSink) WithValues(...interface{}) logr.LogSink { return s }
func (s captureSink) WithName(string) logr.LogSink           { return s }

// captureClient is the controllers' client: Create and Patch are recorded, nothing else is called.
type captureClient struct {
	client.Client
	jobs    []capturedJob
	patches []string
}

type capturedJob struct {
	name string
	body []byte
	obj  client.Object
}

func (c *captureClient) Create(_ context.Context, obj client.Object, _ ...client.CreateOption) error {
	b, err := encodeAsRESTClient(obj)
	if err != nil {
		return err
	}
	c.jobs = append(c.jobs, capturedJob{obj.GetName(), b, obj})
	return nil
}

func (c *captureClient) Patch(_ context.Context, obj client.Object, patch client.Patch, _ ...client.PatchOption) error {
	b, err := patch.Data(obj)
	if err != nil {
		return err
	}
	c.patches = append(c.patches, string(b))
	return nil
}

// encodeAsRESTClient: the body controller-runtime's client POSTs (WithoutConversion codec, JSON), no trailing newline.
func encodeAsRESTClient(obj runtime.Object) ([]byte, error) {
	gvks, _, err := clientgoscheme.Scheme.ObjectKinds(obj)
	if err != nil {
		return nil, err
	}
	info, ok := runtime.SerializerInfoForMediaType(clientgoscheme.Codecs.SupportedMediaTypes(), runtime.ContentTypeJSON)
	if !ok {
		return nil, fmt.Errorf("no JSON serializer")
	}
	enc := clientgoscheme.Codecs.WithoutConversion().EncoderForVersion(info.Serializer, gvks[0].GroupVersion())
	b, err := runtime.Encode(enc, obj)
	return bytes.TrimSuffix(b, []byte("\n")), err
}

// setUnexported sets an unexported field of a struct through its address.
func setUnexported(structPtr interface{}, name string, value interface{}) {
	f := reflect.ValueOf(structPtr).Elem().FieldByName(name)
	reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem().Set(reflect.ValueOf(value))
}

// preDownloadAnswer is what the op writes.
type preDownloadAnswer struct {
	reason, message string
	jobs            []capturedJob
	patch           string
	deletes         bool
}

func runKruisePreDownload(req *request) (*result, *protoError) {
	if err := kruiseVersionField(req); err != nil {
		return nil, err
	}
	defaults := map[string]bool{preDownloadGate: false, preDownloadDsGate: false}
	for k, v := range kruiseGateDefaults {
		defaults[k] = v
	}
	if err := kruiseGatesFrom(req, defaults, true); err != nil {
		return nil, err
	}
	kind, present, perr := stringField(req, "kind")
	if perr != nil {
		return nil, perr
	}
	if !present {
		return nil, fieldErr(codeBadRequest, "kind", "missing "+quote("kind"))
	}
	k := string(kind)
	if k != "CloneSet" && k != "AdvancedStatefulSet" && k != "AdvancedDaemonSet" {
		return nil, fieldErr(codeBadRequest, "kind", "kind must be CloneSet, AdvancedStatefulSet or AdvancedDaemonSet, not "+quote(k))
	}
	var obj interface{}
	switch k {
	case "CloneSet":
		obj = &kruiseCloneSet{}
	case "AdvancedStatefulSet":
		obj = &kruiseappsv1beta1.StatefulSet{}
	default:
		obj = &kruiseDaemonSet{}
	}
	if err := inplaceDecodeField(req, "workload", k, obj); err != nil {
		return nil, err
	}
	var cur *appsv1.ControllerRevision
	var olds []*appsv1.ControllerRevision
	if k == "AdvancedDaemonSet" {
		if req.field("currentRevision") != nil || req.field("currentRevisionText") != nil {
			return nil, fieldErr(codeBadRequest, "currentRevision", "the Advanced DaemonSet controller reads \"oldRevisions\", not \"currentRevision\"")
		}
		raw := req.field("oldRevisions")
		if raw == nil {
			return nil, fieldErr(codeBadRequest, "oldRevisions", "missing "+quote("oldRevisions"))
		}
		var items []json.RawMessage
		if raw[0] != '[' || json.Unmarshal(raw, &items) != nil {
			return nil, fieldErr(codeBadRequest, "oldRevisions", quote("oldRevisions")+" must be an array of ControllerRevision objects")
		}
		for i, it := range items {
			path := "oldRevisions/" + strconv.Itoa(i)
			if len(it) == 0 || it[0] != '{' {
				return nil, fieldErr(codeBadRequest, path, quote("oldRevisions")+" must be an array of ControllerRevision objects")
			}
			cr := &appsv1.ControllerRevision{}
			if e := apiDecode(it, cr); e != nil {
				pe := decodeErr(e)
				pe.Path, pe.HasPath = path, true
				return nil, pe
			}
			olds = append(olds, cr)
		}
	} else {
		if req.field("oldRevisions") != nil {
			return nil, fieldErr(codeBadRequest, "oldRevisions", "the "+k+" controller reads \"currentRevision\", not \"oldRevisions\"")
		}
		var err *protoError
		if cur, err = inplaceDecodeRevision(req, "currentRevision"); err != nil {
			return nil, err
		}
	}
	upd, err := inplaceDecodeRevision(req, "updateRevision")
	if err != nil {
		return nil, err
	}
	pods, hasPods, err := preDownloadPods(req)
	if err != nil {
		return nil, err
	}
	if err := preDownloadContract(k, obj); err != nil {
		return nil, err
	}
	var ans *preDownloadAnswer
	switch w := obj.(type) {
	case *kruiseCloneSet:
		ans = preDownloadCloneSet(w, cur, upd)
	case *kruiseappsv1beta1.StatefulSet:
		ans = preDownloadStatefulSet(w, cur, upd)
	case *kruiseDaemonSet:
		ans = preDownloadDaemonSet(w, olds, upd)
	}
	sort.SliceStable(ans.jobs, func(i, j int) bool { return ans.jobs[i].name < ans.jobs[j].name })
	res := &result{}
	res.key("created")
	res.buf = strconv.AppendBool(res.buf, len(ans.jobs) > 0)
	res.str("reason", ans.reason)
	res.str("message", ans.message)
	res.key("jobs")
	res.buf = append(res.buf, '[')
	for i, j := range ans.jobs {
		if i > 0 {
			res.buf = append(res.buf, ',')
		}
		res.buf = append(res.buf, j.body...)
	}
	res.buf = append(res.buf, ']')
	res.key("revisionPatch")
	if ans.patch == "" {
		res.buf = append(res.buf, "null"...)
	} else {
		res.buf = append(res.buf, ans.patch...)
	}
	res.key("deletesJobs")
	res.buf = strconv.AppendBool(res.buf, ans.deletes)
	if !hasPods || len(ans.jobs) == 0 {
		res.key("nodes")
		res.buf = append(res.buf, "null"...)
		return res, nil
	}
	nodes, nerr := kruiseNodesForJob(&podReader{pods: pods}, ans.jobs[0].obj)
	if nerr != nil {
		res.key("nodes")
		res.buf = append(res.buf, "null"...)
		res.str("nodesError", nerr.Error())
		return res, nil
	}
	sort.Strings(nodes)
	res.strs("nodes", nodes)
	return res, nil
}

// preDownloadPods reads the optional `pods` array of v1 Pods.
func preDownloadPods(req *request) ([]v1.Pod, bool, *protoError) {
	raw := req.field("pods")
	if raw == nil {
		return nil, false, nil
	}
	var items []json.RawMessage
	if raw[0] != '[' || json.Unmarshal(raw, &items) != nil {
		return nil, false, fieldErr(codeBadRequest, "pods", quote("pods")+" must be an array of Pod objects")
	}
	pods := make([]v1.Pod, len(items))
	for i, it := range items {
		path := "pods/" + strconv.Itoa(i)
		if len(it) == 0 || it[0] != '{' {
			return nil, false, fieldErr(codeBadRequest, path, quote("pods")+" must be an array of Pod objects")
		}
		if e := apiDecode(it, &pods[i]); e != nil {
			pe := decodeErr(e)
			pe.Path, pe.HasPath = path, true
			return nil, false, pe
		}
	}
	return pods, true, nil
}

// preDownloadContract: the fields the controllers dereference must be set.
func preDownloadContract(kind string, obj interface{}) *protoError {
	bad := func(what string) *protoError {
		return fieldErr(codeBadRequest, "workload", quote("workload")+" must set "+what+" (the controller dereferences it)")
	}
	switch w := obj.(type) {
	case *kruiseCloneSet:
		if w.Spec.Selector == nil {
			return bad("spec.selector")
		}
		if w.Spec.Replicas == nil {
			return bad("spec.replicas")
		}
	case *kruiseappsv1beta1.StatefulSet:
		if w.Spec.Selector == nil {
			return bad("spec.selector")
		}
		if w.Spec.Replicas == nil {
			return bad("spec.replicas")
		}
	case *kruiseDaemonSet:
		if w.Spec.Selector == nil {
			return bad("spec.selector")
		}
		if w.Spec.UpdateStrategy.RollingUpdate == nil {
			return bad("spec.updateStrategy.rollingUpdate")
		}
	}
	return nil
}

// gateOff: the answer when the controller was started with pre-download disabled, or nil.
func gateOff(gate featuregate.Feature) *preDownloadAnswer {
	if !utilfeature.DefaultFeatureGate.Enabled(kfeatures.KruiseDaemon) {
		return &preDownloadAnswer{reason: "gate-off", message: "the KruiseDaemon feature gate is off (it turns " + string(gate) + " off): no ImagePullJob"}
	}
	if !utilfeature.DefaultFeatureGate.Enabled(gate) {
		return &preDownloadAnswer{reason: "gate-off", message: "the " + string(gate) + " feature gate is off: no ImagePullJob"}
	}
	return nil
}

// minReadyFromAnnotation: the annotation's threshold as the Advanced StatefulSet (and v1.8.x CloneSet) controller computes it.
func minReadyFromAnnotation(annotations map[string]string, total int) int {
	s, ok := annotations[minReadyKey]
	if !ok {
		return 0
	}
	x := intstrutil.Parse(s)
	n, _ := intstrutil.GetScaledValueFromIntOrPercent(&x, total, true)
	return n
}

// waitOrRun applies the min-updated-ready-pods threshold, then runs `create`.
func waitOrRun(minReady int, updatedReady int32, updateName, statusUpdate string, create func() *preDownloadAnswer) *preDownloadAnswer {
	if updateName != statusUpdate {
		updatedReady = 0
	}
	if int32(minReady) <= updatedReady {
		return create()
	}
	return &preDownloadAnswer{reason: "waiting-updated-ready", message: fmt.Sprintf("waiting for %d updated ready pods before pre-downloading (%d now)", int32(minReady), updatedReady)}
}

func sameRevision() *preDownloadAnswer {
	return &preDownloadAnswer{reason: "same-revision", message: "the current and update revisions are the same: nothing to pre-download; the controller deletes the workload's ImagePullJobs", deletes: true}
}

func preDownloadCloneSet(cs *kruiseCloneSet, cur, upd *appsv1.ControllerRevision) *preDownloadAnswer {
	if a := gateOff(kfeatures.PreDownloadImageForInPlaceUpdate); a != nil {
		return a
	}
	if cur.Name == upd.Name {
		return sameRevision()
	}
	return waitOrRun(cloneSetMinReadyPods(cs), cs.Status.UpdatedReadyReplicas, upd.Name, cs.Status.UpdateRevision, func() *preDownloadAnswer {
		c := &captureClient{}
		r := &cloneset.ReconcileCloneSet{Client: c}
		setUnexported(r, "recorder", record.EventRecorder(&record.FakeRecorder{}))
		return runCreate(c, upd, func() error { return kruiseCloneSetCreateJobs(r, cs, cur, upd) })
	})
}

func preDownloadStatefulSet(sts *kruiseappsv1beta1.StatefulSet, cur, upd *appsv1.ControllerRevision) *preDownloadAnswer {
	if a := gateOff(kfeatures.PreDownloadImageForInPlaceUpdate); a != nil {
		return a
	}
	if cur.Name == upd.Name {
		return sameRevision()
	}
	return waitOrRun(minReadyFromAnnotation(sts.Annotations, int(*sts.Spec.Replicas)), sts.Status.UpdatedReadyReplicas, upd.Name, sts.Status.UpdateRevision, func() *preDownloadAnswer {
		c := &captureClient{}
		kruiseStsRuntimeClient = c
		ctl := statefulset.NewDefaultStatefulSetControl(nil, nil, nil, nil, nil, &record.FakeRecorder{})
		dss := (*[2]unsafe.Pointer)(unsafe.Pointer(&ctl))[1]
		return runCreate(c, upd, func() error { return kruiseStsCreateJobs(dss, sts, cur, upd) })
	})
}

func preDownloadDaemonSet(ds *kruiseDaemonSet, olds []*appsv1.ControllerRevision, upd *appsv1.ControllerRevision) *preDownloadAnswer {
	if a := gateOff(kfeatures.PreDownloadImageForDaemonSetUpdate); a != nil {
		return a
	}
	hash := upd.Labels[appsv1.DefaultDaemonSetUniqueLabelKey]
	if !(ds.Status.UpdatedNumberScheduled != ds.Status.DesiredNumberScheduled || hash != daemonSetStatusHash(ds)) {
		return &preDownloadAnswer{reason: "same-revision", message: "every pod is at the update revision: nothing to pre-download; the controller deletes the DaemonSet's ImagePullJobs", deletes: true}
	}
	c := &captureClient{}
	r := &daemonset.ReconcileDaemonSet{Client: c}
	setUnexported(r, "eventRecorder", record.EventRecorder(&record.FakeRecorder{}))
	return runCreate(c, upd, func() error { return kruiseDsCreateJobs(r, ds, olds, upd) })
}

// runCreate runs a controller's createImagePullJobsForInPlaceUpdate and reads what it did.
func runCreate(c *captureClient, upd *appsv1.ControllerRevision, call func() error) *preDownloadAnswer {
	var lines []logLine
	_ = klogVerbosity.Set("v", "4")
	klog.SetLogger(logr.New(captureSink{&lines}))
	err := call()
	klog.ClearLogger()
	_ = klogVerbosity.Set("v", "0")
	a := &preDownloadAnswer{jobs: c.jobs}
	if len(c.patches) > 0 {
		a.patch = c.patches[len(c.patches)-1]
	}
	if err != nil {
		a.reason, a.message = "partition-error", "the controller stops: "+err.Error()
		return a
	}
	if a.patch == "" {
		if _, ok := upd.Labels[createdKey]; ok {
			a.reason, a.message = "already-created", "the update revision is labeled "+createdKey+": the jobs were created before"
		} else {
			a.reason, a.message = "already-ignored", "the update revision is labeled "+ignoredKey+": pre-download was ruled out before"
		}
		return a
	}
	for _, l := range lines {
		kv := logFacts(l)
		switch {
		case strings.Contains(l.msg, "update type is ReCreate") || strings.Contains(l.msg, "for certain update type") || strings.Contains(l.msg, "skipped to create ImagePullJob for update type is "):
			a.reason, a.message = "recreate-update", "the workload does not update pods in place: no pre-download"
			return a
		case strings.Contains(l.msg, "less than or equal to") || strings.Contains(l.msg, "skipped to create ImagePullJob for replicas "):
			a.reason, a.message = "few-replicas", fmt.Sprintf("%v replicas: the controller pre-downloads only for more than 3", kv["replicas"])
			return a
		case strings.Contains(l.msg, "all Pods update in one batch"):
			a.reason, a.message = "one-batch", fmt.Sprintf("every pod updates in one batch (partition %v, maxUnavailable %v of %v pods): no pre-download", kv["partition"], kv["maxUnavailable"], kv["replicas"])
			return a
		case strings.Contains(l.msg, "in-place update was not possible") || strings.Contains(l.msg, "could not update in-place") || strings.Contains(l.msg, "can not update in-place"):
			a.reason, a.message = "not-in-place", "the update revision cannot be applied in place: no pre-download"
			return a
		}
	}
	if len(c.jobs) == 0 {
		a.reason, a.message = "no-image-change", "no container image differs from the old revisions: no ImagePullJob"
		return a
	}
	a.reason, a.message = "created", fmt.Sprintf("%d ImagePullJob(s) pre-pull the new images on the nodes of the pods not at the update revision", len(c.jobs))
	return a
}

// logMessageFacts: the numbers a printf-style skip message carries (v1.5.5 and v1.6.0 log with klog.Infof:
// "... replicas 3 <= 3", "... replicas=5, partition=0, maxUnavailable=5").
var logMessageFacts = regexp.MustCompile(`(replicas|partition|maxUnavailable)(?:=| )(-?[0-9]+)`)

// logFacts: a captured line's key/value pairs (structured logging), else the numbers of its printf message.
func logFacts(l logLine) map[string]interface{} {
	kv := map[string]interface{}{}
	for i := 0; i+1 < len(l.kv); i += 2 {
		if s, ok := l.kv[i].(string); ok {
			kv[s] = l.kv[i+1]
		}
	}
	for _, m := range logMessageFacts.FindAllStringSubmatch(l.msg, -1) {
		if _, ok := kv[m[1]]; !ok {
			kv[m[1]] = m[2]
		}
	}
	return kv
}

// podReader is the pod and NodeImage cache GetNodeImagesForJob reads: pods filtered by namespace and the
// label selector, and a NodeImage for every node.
type podReader struct{ pods []v1.Pod }

// getNodeImage: Get's answer (the Get signature differs per controller-runtime: kruise_predownload_get*.go).
func (r *podReader) getNodeImage(key client.ObjectKey, obj client.Object) error {
	if reflect.TypeOf(obj).Elem().Name() != "NodeImage" {
		return apierrors.NewNotFound(schema.GroupResource{}, key.Name)
	}
	obj.SetName(key.Name)
	return nil
}

func (r *podReader) List(_ context.Context, list client.ObjectList, opts ...client.ListOption) error {
	o := &client.ListOptions{}
	o.ApplyOptions(opts)
	pl := list.(*v1.PodList)
	for _, p := range r.pods {
		if p.Namespace != o.Namespace {
			continue
		}
		if o.LabelSelector != nil && !o.LabelSelector.Matches(labels.Set(p.Labels)) {
			continue
		}
		pl.Items = append(pl.Items, p)
	}
	return nil
}
