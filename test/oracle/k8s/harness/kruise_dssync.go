//go:build kruise

package main

// kruise.daemonSetSync {daemonSet, nodes, pods, revisions?, hash, now, gates?, kruise?} -> one sync of OpenKruise's
// Advanced DaemonSet controller (every Kruise build, v1.5.5 .. v1.9.0): the part of rollout.advancedDaemonSet the real
// code decides.
//
// Real code: a daemonset.ReconcileDaemonSet whose unexported fields are set through reflect (kubernetes'
// FakePodControl records the pod creations and deletions; the lifecycle and in-place controls are the real ones over a
// fake clientset holding the pods, which moves a pod's resourceVersion on every write as the API server does; the pod
// lister lists the request's pods in request order and records every Get; the failed-pods backoff runs on a fake
// clock at `now`, which is also the time the rolling update judges availability at). The sync runs as syncDaemonSet
// does: the unexported manage, then (//go:linkname) the expectations check (the controller's own
// ControllerExpectations and hasPodExpectationsSatisfied), isDaemonSetPaused, the update strategy type, and
// rollingUpdate with the current revision (the one of `revisions` labelled controller-revision-hash: `hash`; a bare
// one when none is) and the others as old revisions. refreshUpdateStates is left out: it only writes the pods'
// InPlaceUpdateReady condition for the next sync (the rolling update reads the lister, which does not see it).
//
// Answer (what each part is read from):
//   - nodes [{name, shouldRun, shouldContinueRunning}], desiredNumberScheduled: nodeShouldRunDaemonPod;
//     burstReplicas: getBurstReplicas; maxSurge, maxUnavailable: updatedDesiredNodeCounts (absent when it fails);
//   - manage {create, delete}: the node and pod lists manage hands to syncNodes (its V(4) log lines; with a preDelete
//     hook, the pods syncWithPreparingDelete looks up, in order: the list before the hook's filter);
//   - reason: "manage" (expectations unsatisfied after manage), "paused", "onDelete" (any type but RollingUpdate),
//     "error" with `error`, the text rollingUpdate returns; absent when the rolling update ran;
//   - rollingUpdate {nodesToUpdate (filterDaemonPodsNodeToUpdate after getNodesToDaemonPods, updatedDesiredNodeCounts
//     and filterDaemonPodsToUpdate, the calls rollingUpdate starts with), numUnavailable | numSurge, allowed,
//     candidateCount (its V(5) summary line), chosen (without surge: the pods to replace, in the controller's order:
//     the pods inPlaceUpdatePods looks up, or the list syncNodes gets), replace (the first `allowed` of chosen), pick,
//     inPlace (chosen pods whose revision the in-place update wrote), deferred (chosen pods neither updated nor
//     deleted: beyond burstReplicas), delete (the pods syncNodes gets), create (the nodes syncNodes gets)};
//   - create, delete: what FakePodControl recorded (nodes, pods; sorted); preparingDelete: pods whose lifecycle state
//     label became PreparingDelete in the clientset (sorted).
//
// Go map walks upstream (the rolling update's nodes, the orphaned pods of missing nodes) are random; `chosen` and the
// lists are in the order this run took. Every pod must name the DaemonSet as its controller (no adoption: the
// DaemonSet client is not there); otherwise E_BAD_REQUEST at path "pods".

import (
	"context"
	"encoding/json"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	_ "unsafe" // go:linkname

	"github.com/go-logr/logr"
	appspub "github.com/openkruise/kruise/apis/apps/pub"
	"github.com/openkruise/kruise/pkg/controller/daemonset"
	kruiseExpectations "github.com/openkruise/kruise/pkg/util/expectations"
	"github.com/openkruise/kruise/pkg/util/inplaceupdate"
	"github.com/openkruise/kruise/pkg/util/lifecycle"
	"github.com/openkruise/kruise/pkg/util/revisionadapter"
	appsv1 "k8s.io/api/apps/v1"
	v1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
	kubefake "k8s.io/client-go/kubernetes/fake"
	corelisters "k8s.io/client-go/listers/core/v1"
	clienttesting "k8s.io/client-go/testing"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/tools/record"
	"k8s.io/client-go/util/flowcontrol"
	"k8s.io/klog/v2"
	kubecontroller "k8s.io/kubernetes/pkg/controller"
	daemonutil "k8s.io/kubernetes/pkg/controller/daemon/util"
	testingclock "k8s.io/utils/clock/testing"
)

//go:linkname dsManage github.com/openkruise/kruise/pkg/controller/daemonset.(*ReconcileDaemonSet).manage
func dsManage(dsc *daemonset.ReconcileDaemonSet, ctx context.Context, ds *kruiseDaemonSet, nodeList []*v1.Node, hash string) error

//go:linkname dsRollingUpdate github.com/openkruise/kruise/pkg/controller/daemonset.(*ReconcileDaemonSet).rollingUpdate
func dsRollingUpdate(dsc *daemonset.ReconcileDaemonSet, ctx context.Context, ds *kruiseDaemonSet, nodeList []*v1.Node, cur *appsv1.ControllerRevision, old []*appsv1.ControllerRevision) error

//go:linkname dsHasPodExpectationsSatisfied github.com/openkruise/kruise/pkg/controller/daemonset.(*ReconcileDaemonSet).hasPodExpectationsSatisfied
func dsHasPodExpectationsSatisfied(dsc *daemonset.ReconcileDaemonSet, ctx context.Context, ds *kruiseDaemonSet) bool

//go:linkname dsGetNodesToDaemonPods github.com/openkruise/kruise/pkg/controller/daemonset.(*ReconcileDaemonSet).getNodesToDaemonPods
func dsGetNodesToDaemonPods(dsc *daemonset.ReconcileDaemonSet, ctx context.Context, ds *kruiseDaemonSet) (map[string][]*v1.Pod, error)

//go:linkname dsUpdatedDesiredNodeCounts github.com/openkruise/kruise/pkg/controller/daemonset.(*ReconcileDaemonSet).updatedDesiredNodeCounts
func dsUpdatedDesiredNodeCounts(dsc *daemonset.ReconcileDaemonSet, ds *kruiseDaemonSet, nodeList []*v1.Node, nodeToDaemonPods map[string][]*v1.Pod) (int, int, error)

//go:linkname dsFilterDaemonPodsToUpdate github.com/openkruise/kruise/pkg/controller/daemonset.(*ReconcileDaemonSet).filterDaemonPodsToUpdate
func dsFilterDaemonPodsToUpdate(dsc *daemonset.ReconcileDaemonSet, ds *kruiseDaemonSet, nodeList []*v1.Node, hash string, nodeToDaemonPods map[string][]*v1.Pod) (map[string][]*v1.Pod, error)

//go:linkname dsFilterDaemonPodsNodeToUpdate github.com/openkruise/kruise/pkg/controller/daemonset.(*ReconcileDaemonSet).filterDaemonPodsNodeToUpdate
func dsFilterDaemonPodsNodeToUpdate(dsc *daemonset.ReconcileDaemonSet, ds *kruiseDaemonSet, hash string, nodeToDaemonPods map[string][]*v1.Pod) ([]string, error)

//go:linkname dsNodeShouldRunDaemonPod github.com/openkruise/kruise/pkg/controller/daemonset.nodeShouldRunDaemonPod
func dsNodeShouldRunDaemonPod(node *v1.Node, ds *kruiseDaemonSet) (bool, bool)

//go:linkname dsGetBurstReplicas github.com/openkruise/kruise/pkg/controller/daemonset.getBurstReplicas
func dsGetBurstReplicas(ds *kruiseDaemonSet) int

//go:linkname dsIsPaused github.com/openkruise/kruise/pkg/controller/daemonset.isDaemonSetPaused
func dsIsPaused(ds *kruiseDaemonSet) bool

// dsNewPodCache is NewPod's cache of the template pod per DaemonSet UID (cleared around every request: two requests
// may share a UID with different templates).
//
//go:linkname dsNewPodCache github.com/openkruise/kruise/pkg/controller/daemonset.newPodForDSCache
var dsNewPodCache sync.Map

func init() {
	ops["kruise.daemonSetSync"] = opSpec{[]string{"daemonSet", "nodes", "pods", "revisions", "hash", "now", "gates", "kruise"}, runDaemonSetSync}
}

// dsEvent is one thing the controller did that the op reads back: a log line or a pod lister Get.
type dsEvent struct {
	get string // the pod name looked up (a Get), or ""
	msg string
	kv  []interface{}
}

// dsRecorder collects the events of one phase (the rolling update's goroutines log too: locked).
type dsRecorder struct {
	mu     sync.Mutex
	events []dsEvent
}

func (r *dsRecorder) add(e dsEvent) {
	r.mu.Lock()
	r.events = append(r.events, e)
	r.mu.Unlock()
}

func (r *dsRecorder) take() []dsEvent {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.events
	r.events = nil
	return out
}

// dsSink is a logr sink feeding the recorder (klog before v2.100 ends a formatted message with a newline: dropped).
type dsSink struct{ r *dsRecorder }

func (s dsSink) Init(logr.RuntimeInfo) {}
func (s dsSink) Enabled(int) bool      { return true }
func (s dsSink) Info(_ int, msg string, kv ...interface{}) {
	s.r.add(dsEvent{msg: strings.TrimSuffix(msg, "\n"), kv: kv})
}
func (s dsSink) Error(_ error, msg string, kv ...interface{}) {
	s.r.add(dsEvent{msg: strings.TrimSuffix(msg, "\n"), kv: kv})
}
func (s dsSink) WithValues(...interface{}) logr.LogSink { return s }
func (s dsSink) WithName(string) logr.LogSink           { return s }

// dsPodLister lists the request's pods in request order and records every Get.
type dsPodLister struct {
	pods []*v1.Pod
	rec  *dsRecorder
}

func (l *dsPodLister) List(sel labels.Selector) ([]*v1.Pod, error) {
	return l.list("", false, sel), nil
}
func (l *dsPodLister) Pods(ns string) corelisters.PodNamespaceLister {
	return dsPodNamespaceLister{l, ns}
}

func (l *dsPodLister) list(ns string, inNS bool, sel labels.Selector) []*v1.Pod {
	var out []*v1.Pod
	for _, p := range l.pods {
		if (!inNS || p.Namespace == ns) && sel.Matches(labels.Set(p.Labels)) {
			out = append(out, p)
		}
	}
	return out
}

type dsPodNamespaceLister struct {
	l  *dsPodLister
	ns string
}

func (n dsPodNamespaceLister) List(sel labels.Selector) ([]*v1.Pod, error) {
	return n.l.list(n.ns, true, sel), nil
}

func (n dsPodNamespaceLister) Get(name string) (*v1.Pod, error) {
	n.l.rec.add(dsEvent{get: name})
	for _, p := range n.l.pods {
		if p.Namespace == n.ns && p.Name == name {
			return p, nil
		}
	}
	return nil, apierrors.NewNotFound(v1.Resource("pod"), name)
}

// dsRVBase: the resourceVersions the fake API server writes (above any a request gives its pods).
var dsRVBase uint64 = 1 << 40

// dsClientset is a fake clientset over the pods whose writes move the pod's resourceVersion.
func dsClientset(pods []*v1.Pod) *kubefake.Clientset {
	objs := make([]runtime.Object, 0, len(pods))
	for _, p := range pods {
		objs = append(objs, p.DeepCopy())
	}
	cs := kubefake.NewSimpleClientset(objs...)
	react := clienttesting.ObjectReaction(cs.Tracker())
	cs.PrependReactor("*", "pods", func(a clienttesting.Action) (bool, runtime.Object, error) {
		if a.GetVerb() != "update" && a.GetVerb() != "patch" {
			return false, nil, nil
		}
		handled, obj, err := react(a)
		if err != nil || obj == nil {
			return handled, obj, err
		}
		pod, ok := obj.(*v1.Pod)
		if !ok {
			return handled, obj, err
		}
		pod = pod.DeepCopy()
		pod.ResourceVersion = strconv.FormatUint(atomic.AddUint64(&dsRVBase, 1), 10)
		if err := cs.Tracker().Update(v1.SchemeGroupVersion.WithResource("pods"), pod, pod.Namespace); err != nil {
			return true, nil, err
		}
		return true, pod, nil
	})
	return cs
}

// dsSyncAnswer is the op's answer (see the file header).
type dsSyncAnswer struct {
	Nodes          []dsNodeAnswer   `json:"nodes"`
	Desired        int              `json:"desiredNumberScheduled"`
	MaxSurge       *int             `json:"maxSurge,omitempty"`
	MaxUnavailable *int             `json:"maxUnavailable,omitempty"`
	BurstReplicas  int              `json:"burstReplicas"`
	Manage         dsLists          `json:"manage"`
	Reason         string           `json:"reason,omitempty"`
	Error          string           `json:"error,omitempty"`
	RollingUpdate  *dsRollingAnswer `json:"rollingUpdate,omitempty"`
	Create         []string         `json:"create"`
	Delete         []string         `json:"delete"`
	PreparingDel   []string         `json:"preparingDelete"`
}

type dsNodeAnswer struct {
	Name                  string `json:"name"`
	ShouldRun             bool   `json:"shouldRun"`
	ShouldContinueRunning bool   `json:"shouldContinueRunning"`
}

type dsLists struct {
	Create []string `json:"create"`
	Delete []string `json:"delete"`
}

type dsRollingAnswer struct {
	NodesToUpdate  []string  `json:"nodesToUpdate"`
	NumUnavailable *int      `json:"numUnavailable,omitempty"`
	NumSurge       *int      `json:"numSurge,omitempty"`
	Allowed        int       `json:"allowed"`
	CandidateCount int       `json:"candidateCount"`
	Chosen         []string  `json:"-"`
	ChosenOut      *[]string `json:"chosen,omitempty"`
	Replace        *[]string `json:"replace,omitempty"`
	Pick           int       `json:"pick"`
	InPlace        []string  `json:"inPlace"`
	Deferred       []string  `json:"deferred"`
	Delete         []string  `json:"delete"`
	Create         []string  `json:"create"`
}

// dsSummary is the rolling update's V(5) summary line: replacements allowed regardless of the budget, the budget,
// the pods (nodes) already unavailable (surging), the candidates.
type dsSummary struct {
	found                         bool
	surge                         bool
	allowed, budget, busy, candid int
}

func runDaemonSetSync(req *request) (*result, *protoError) {
	if err := kruiseRequest(req); err != nil {
		return nil, err
	}
	ds := &kruiseDaemonSet{}
	if err := dsDecode(req, "daemonSet", ds); err != nil {
		return nil, err
	}
	if ds.Spec.Selector == nil {
		return nil, fieldErr(codeBadRequest, "daemonSet", "spec.selector must be set (the API server requires it)")
	}
	var nodes []*v1.Node
	if err := dsDecode(req, "nodes", &nodes); err != nil {
		return nil, err
	}
	var pods []*v1.Pod
	if err := dsDecode(req, "pods", &pods); err != nil {
		return nil, err
	}
	var revisions []*appsv1.ControllerRevision
	if req.field("revisions") != nil {
		if err := dsDecode(req, "revisions", &revisions); err != nil {
			return nil, err
		}
	}
	hashText, present, perr := stringField(req, "hash")
	if perr != nil {
		return nil, perr
	}
	if !present {
		return nil, fieldErr(codeBadRequest, "hash", "missing "+quote("hash"))
	}
	hash := string(hashText)
	nowText, present, perr := stringField(req, "now")
	if perr != nil {
		return nil, perr
	}
	if !present {
		return nil, fieldErr(codeBadRequest, "now", "missing "+quote("now"))
	}
	now, e := time.Parse(time.RFC3339, string(nowText))
	if e != nil {
		return nil, fieldErr(codeBadRequest, "now", quote("now")+" must be an RFC 3339 time")
	}
	for i, p := range pods {
		if p == nil {
			return nil, fieldErr(codeBadRequest, "pods", "pods["+strconv.Itoa(i)+"] is null")
		}
		ref := metav1.GetControllerOf(p)
		if ref == nil || ref.UID != ds.UID || ds.UID == "" {
			return nil, fieldErr(codeBadRequest, "pods", "pods["+strconv.Itoa(i)+"] must name the DaemonSet (its metadata.uid) as controller owner")
		}
	}
	cur := &appsv1.ControllerRevision{ObjectMeta: metav1.ObjectMeta{Labels: map[string]string{appsv1.DefaultDaemonSetUniqueLabelKey: hash}}}
	var old []*appsv1.ControllerRevision
	for _, r := range revisions {
		if r.Labels[appsv1.DefaultDaemonSetUniqueLabelKey] == hash {
			cur = r
		} else {
			old = append(old, r)
		}
	}
	dsNewPodCache.Delete(ds.UID)
	defer dsNewPodCache.Delete(ds.UID)
	a, err := dsSync(ds, nodes, pods, cur, old, hash, now)
	if err != nil {
		return nil, err
	}
	out, _ := json.Marshal(a)
	return &result{buf: out[1 : len(out)-1]}, nil
}

// dsDecode reads the request's member `name` (or `nameText`) with encoding/json.
func dsDecode(req *request, name string, into interface{}) *protoError {
	data, err := valueField(req, name)
	if err != nil {
		return err
	}
	if e := json.Unmarshal(data, into); e != nil {
		return fieldErr(codeBadRequest, name, e.Error())
	}
	return nil
}

// dsController builds the ReconcileDaemonSet of one request.
func dsController(pods []*v1.Pod, nodes []*v1.Node, cs *kubefake.Clientset, rec *dsRecorder, now time.Time) (*daemonset.ReconcileDaemonSet, *kubecontroller.FakePodControl, kubecontroller.ControllerExpectationsInterface) {
	nodeIndexer := cache.NewIndexer(cache.MetaNamespaceKeyFunc, cache.Indexers{})
	for _, n := range nodes {
		_ = nodeIndexer.Add(n)
	}
	podControl := &kubecontroller.FakePodControl{}
	adapter := revisionadapter.NewDefaultImpl()
	dsc := &daemonset.ReconcileDaemonSet{}
	setUnexported(dsc, "kubeClient", cs)
	setUnexported(dsc, "eventRecorder", record.EventRecorder(&record.FakeRecorder{}))
	setUnexported(dsc, "podControl", kubecontroller.PodControlInterface(podControl))
	setUnexported(dsc, "lifecycleControl", lifecycle.NewForTypedClient(cs))
	exp := kubecontroller.ControllerExpectationsInterface(kubecontroller.NewControllerExpectations())
	setUnexported(dsc, "expectations", exp)
	setUnexported(dsc, "resourceVersionExpectations", kruiseExpectations.NewResourceVersionExpectation())
	setUnexported(dsc, "podLister", corelisters.PodLister(&dsPodLister{pods: pods, rec: rec}))
	setUnexported(dsc, "nodeLister", corelisters.NewNodeLister(nodeIndexer))
	setUnexported(dsc, "failedPodsBackoff", flowcontrol.NewFakeBackOff(1*time.Second, 15*time.Minute, testingclock.NewFakeClock(now)))
	setUnexported(dsc, "inplaceControl", inplaceupdate.NewForTypedClient(cs, adapter))
	setUnexported(dsc, "revisionAdapter", adapter)
	return dsc, podControl, exp
}

func dsSync(ds *kruiseDaemonSet, nodes []*v1.Node, pods []*v1.Pod, cur *appsv1.ControllerRevision, old []*appsv1.ControllerRevision, hash string, now time.Time) (*dsSyncAnswer, *protoError) {
	ctx := context.TODO()
	rec := &dsRecorder{}
	cs := dsClientset(pods)
	dsc, podControl, exp := dsController(pods, nodes, cs, rec, now)
	a := &dsSyncAnswer{Nodes: []dsNodeAnswer{}, Create: []string{}, Delete: []string{}, PreparingDel: []string{}}
	for _, n := range nodes {
		run, cont := dsNodeShouldRunDaemonPod(n, ds)
		a.Nodes = append(a.Nodes, dsNodeAnswer{n.Name, run, cont})
		if run {
			a.Desired++
		}
	}
	a.BurstReplicas = dsGetBurstReplicas(ds)
	probe, err := dsGetNodesToDaemonPods(dsc, ctx, ds)
	if err != nil {
		return nil, plainErr(codeInternal, "getNodesToDaemonPods: "+err.Error())
	}
	maxSurge, maxUnavailable, countErr := dsUpdatedDesiredNodeCounts(dsc, ds, nodes, probe)
	if countErr == nil {
		a.MaxSurge, a.MaxUnavailable = &maxSurge, &maxUnavailable
	}
	preDelete := ds.Spec.Lifecycle != nil && ds.Spec.Lifecycle.PreDelete != nil

	_ = klogVerbosity.Set("v", "5")
	klog.SetLogger(logr.New(dsSink{rec}))
	defer func() {
		klog.ClearLogger()
		_ = klogVerbosity.Set("v", "0")
	}()
	rec.take()
	if err := dsManage(dsc, ctx, ds, nodes, hash); err != nil {
		return nil, plainErr(codeInternal, "manage: "+err.Error())
	}
	var ok bool
	if a.Manage, ok = dsSyncNodesLists(rec.take(), ds.Name, preDelete, 0); !ok {
		return nil, plainErr(codeInternal, "manage: syncNodes' log lines not found")
	}
	switch {
	case !dsSatisfied(exp, keyOf(ds)) || !dsHasPodExpectationsSatisfied(dsc, ctx, ds):
		a.Reason = "manage"
	case dsIsPaused(ds):
		a.Reason = "paused"
	case string(ds.Spec.UpdateStrategy.Type) != "RollingUpdate":
		a.Reason = "onDelete"
	default:
		ru, rollErr, perr := dsRolling(dsc, ctx, ds, nodes, cur, old, hash, rec, preDelete)
		if perr != nil {
			return nil, perr
		}
		if rollErr != nil {
			a.Reason, a.Error = "error", rollErr.Error()
		}
		a.RollingUpdate = ru
	}
	a.Create, a.Delete = dsRecorded(podControl)
	a.PreparingDel = dsPreparingDelete(cs, pods)
	if a.RollingUpdate != nil {
		a.RollingUpdate.InPlace = dsInPlaced(cs, a.RollingUpdate.Chosen, pods)
		a.RollingUpdate.Deferred = []string{}
		for _, name := range a.RollingUpdate.Chosen {
			if !contains(a.RollingUpdate.InPlace, name) && !contains(a.RollingUpdate.Delete, name) {
				a.RollingUpdate.Deferred = append(a.RollingUpdate.Deferred, name)
			}
		}
	}
	return a, nil
}

func keyOf(ds *kruiseDaemonSet) string { return ds.Namespace + "/" + ds.Name }

// dsRolling runs rollingUpdate and reads what it decided (nil with the error it returned).
func dsRolling(dsc *daemonset.ReconcileDaemonSet, ctx context.Context, ds *kruiseDaemonSet, nodes []*v1.Node, cur *appsv1.ControllerRevision,
	old []*appsv1.ControllerRevision, hash string, rec *dsRecorder, preDelete bool) (*dsRollingAnswer, error, *protoError) {
	ru := &dsRollingAnswer{NodesToUpdate: []string{}}
	surge, budget := false, 0
	// the calls rollingUpdate starts with, for the node order its filter gives
	m, err := dsGetNodesToDaemonPods(dsc, ctx, ds)
	if err != nil {
		return nil, nil, plainErr(codeInternal, "getNodesToDaemonPods: "+err.Error())
	}
	if maxSurge, maxUnavailable, err := dsUpdatedDesiredNodeCounts(dsc, ds, nodes, m); err == nil {
		surge, budget = maxSurge > 0, maxUnavailable
		if surge {
			budget = maxSurge
		}
		if _, err := dsFilterDaemonPodsToUpdate(dsc, ds, nodes, hash, m); err == nil {
			if names, err := dsFilterDaemonPodsNodeToUpdate(dsc, ds, hash, m); err == nil && names != nil {
				ru.NodesToUpdate = names
			}
		}
	}
	rec.take()
	if err := dsRollingUpdate(dsc, ctx, ds, nodes, cur, old); err != nil {
		return nil, err, nil
	}
	events := rec.take()
	sum := dsSummaryOf(events, ds.Name)
	if !sum.found || sum.surge != surge || sum.budget != budget {
		return nil, nil, plainErr(codeInternal, "rollingUpdate: its summary log line not found (or not about the budget updatedDesiredNodeCounts gave)")
	}
	inPlaceType := !surge && ds.Spec.UpdateStrategy.RollingUpdate != nil && string(ds.Spec.UpdateStrategy.RollingUpdate.Type) == "InPlaceIfPossible"
	skip := 0
	if inPlaceType {
		// inPlaceUpdatePods looks up every pod it is given, in order; syncWithPreparingDelete then looks up the ones
		// left to delete (a pod of the first list again)
		seen := map[string]bool{}
		for _, e := range events {
			if e.get == "" {
				continue
			}
			if seen[e.get] {
				break
			}
			seen[e.get] = true
			ru.Chosen = append(ru.Chosen, e.get)
			skip++
		}
	}
	lists, ok := dsSyncNodesLists(events, ds.Name, preDelete, skip)
	if !ok {
		return nil, nil, plainErr(codeInternal, "rollingUpdate: syncNodes' log lines not found")
	}
	ru.Delete, ru.Create = lists.Delete, lists.Create
	ru.Allowed, ru.CandidateCount = sum.allowed, sum.candid
	busy := sum.busy
	if surge {
		ru.NumSurge = &busy
		ru.Pick = len(ru.Create) - sum.allowed
		return ru, nil, nil
	}
	ru.NumUnavailable = &busy
	if !inPlaceType {
		ru.Chosen = ru.Delete
	}
	if ru.Chosen == nil {
		ru.Chosen = []string{}
	}
	replace := []string{}
	if sum.allowed <= len(ru.Chosen) {
		replace = ru.Chosen[:sum.allowed]
	}
	ru.ChosenOut, ru.Replace = &ru.Chosen, &replace
	ru.Pick = len(ru.Chosen) - sum.allowed
	return ru, nil, nil
}

// dsSyncNodesLists reads the lists one syncNodes call was given: the nodes to create on (its V(4) line) and the pods
// to delete (with a preDelete hook: the pods syncWithPreparingDelete looks up after the first `skip` lookups, i.e. the
// list before the hook's filter; else its V(4) line).
func dsSyncNodesLists(events []dsEvent, dsName string, preDelete bool, skip int) (lists dsLists, ok bool) {
	var foundCreate, foundDelete bool
	var after []string
	for _, e := range events {
		if e.get != "" {
			continue
		}
		if nodes, found := dsNodesNeedingLine(e, dsName); found {
			lists.Create, foundCreate = nodes, true
		}
		if pods, found := dsPodsToDeleteLine(e, dsName); found {
			after, foundDelete = pods, true
		}
	}
	if !foundCreate || !foundDelete {
		return lists, false
	}
	if lists.Create == nil {
		lists.Create = []string{}
	}
	if after == nil {
		after = []string{}
	}
	lists.Delete = after
	if preDelete {
		lists.Delete = []string{}
		n := 0
		for _, e := range events {
			if e.get == "" {
				continue
			}
			if n >= skip {
				lists.Delete = append(lists.Delete, e.get)
			}
			n++
		}
	}
	return lists, true
}

// dsRecorded: the nodes FakePodControl created pods on and the pods it deleted, sorted.
func dsRecorded(pc *kubecontroller.FakePodControl) ([]string, []string) {
	pc.Lock()
	defer pc.Unlock()
	created := []string{}
	for _, t := range pc.Templates {
		name, err := daemonutil.GetTargetNodeName(&v1.Pod{Spec: t.Spec})
		if err != nil {
			name = t.Spec.NodeName
		}
		created = append(created, name)
	}
	deleted := append([]string{}, pc.DeletePodName...)
	sort.Strings(created)
	sort.Strings(deleted)
	return created, deleted
}

// dsStored: the clientset's copy of each pod, by name.
func dsStored(cs *kubefake.Clientset, pods []*v1.Pod) map[string]*v1.Pod {
	out := map[string]*v1.Pod{}
	for _, p := range pods {
		got, err := cs.CoreV1().Pods(p.Namespace).Get(context.TODO(), p.Name, metav1.GetOptions{})
		if err == nil {
			out[p.Name] = got
		}
	}
	return out
}

// dsPreparingDelete: the pods whose lifecycle state label the sync moved to PreparingDelete, sorted.
func dsPreparingDelete(cs *kubefake.Clientset, pods []*v1.Pod) []string {
	stored := dsStored(cs, pods)
	out := []string{}
	for _, p := range pods {
		s := stored[p.Name]
		key := appspub.LifecycleStateKey
		if s != nil && s.Labels[key] == string(appspub.LifecycleStatePreparingDelete) && p.Labels[key] != string(appspub.LifecycleStatePreparingDelete) {
			out = append(out, p.Name)
		}
	}
	sort.Strings(out)
	return out
}

// dsInPlaced: the pods of `chosen` whose revision label the in-place update wrote, in chosen's order.
func dsInPlaced(cs *kubefake.Clientset, chosen []string, pods []*v1.Pod) []string {
	stored := dsStored(cs, pods)
	out := []string{}
	for _, p := range pods {
		s := stored[p.Name]
		if s != nil && s.Labels[appsv1.DefaultDaemonSetUniqueLabelKey] != p.Labels[appsv1.DefaultDaemonSetUniqueLabelKey] && contains(chosen, p.Name) {
			out = append(out, p.Name)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return indexOf(chosen, out[i]) < indexOf(chosen, out[j]) })
	return out
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}
