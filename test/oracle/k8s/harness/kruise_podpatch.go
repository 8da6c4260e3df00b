//go:build kruise

package main

// kruise.verdictPod {old|oldText, new|newText, kind?, kruise?, gates?, strategy?, now} -> {verdict, pod}:
// the `verdict` op's answer (verdict.go + kruise_verdict.go) and, when it is "in-place", the pod update
// the controller sends, by the real code: inplaceupdate.NewForTypedClient over client-go's fake
// clientset holding a pod made of the old stored template (name "pod-0" and namespace "default" when the
// template has none), with the kind's revision adapter (CloneSet: clonesetutils.RevisionAdapterImpl;
// Advanced StatefulSet / DaemonSet: revisionadapter.NewDefaultImpl) and UpdateOptions (CloneSet:
// clonesetcore.New(cs).GetUpdateOptions() + lifecycle.SetPodLifecycle(Updating); Advanced StatefulSet:
// the grace of rollingUpdate.inPlaceUpdateStrategy + SetPodLifecycle(Updating) when the pod has a
// lifecycle state; Advanced DaemonSet: daemonset.getInPlaceUpdateOptions, //go:linkname), Update(pod,
// oldRevision, newRevision, opts) with the revisions the controllers build (status.collisionCount of
// each workload). `pod` is the RFC 7396 merge patch (evanphx CreateMergePatch) from json.Marshal of the
// pod before to json.Marshal of the object the pods "update" call received, both without `status`
// (the condition goes through UpdateStatus; the resize subresource patch is a separate request).
// inplaceupdate.Clock is `now`; SetPodLifecycle's time.Now() timestamp is replaced by `now` in UTC
// (RFC 3339), as a controller running at `now` in UTC writes it. Server version: `serverVersion` ("1.N"; default
// Kruise's pinned minor). `resize`: the strategic merge patch the controller sends to the pod's resize subresource
// (v1.9.0, servers from 1.32; with a grace period, the one it sends when the grace ends: Update without the grace),
// null when none; `stored`: json.Marshal of the pod before, without status (what the resize applies to).
// `serverGates` is the engine's (the server's answer to the resize is composed by test/oracle/verdict-podpatch-cases.ts).

import (
	"encoding/json"
	"time"
	_ "unsafe" // go:linkname

	jsonpatch "github.com/evanphx/json-patch"
	appspub "github.com/openkruise/kruise/apis/apps/pub"
	kruiseappsv1beta1 "github.com/openkruise/kruise/apis/apps/v1beta1"
	clonesetcore "github.com/openkruise/kruise/pkg/controller/cloneset/core"
	clonesetutils "github.com/openkruise/kruise/pkg/controller/cloneset/utils"
	_ "github.com/openkruise/kruise/pkg/controller/daemonset"
	"github.com/openkruise/kruise/pkg/util/inplaceupdate"
	"github.com/openkruise/kruise/pkg/util/lifecycle"
	"github.com/openkruise/kruise/pkg/util/revisionadapter"
	appsv1 "k8s.io/api/apps/v1"
	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/version"
	kubefake "k8s.io/client-go/kubernetes/fake"
	k8stesting "k8s.io/client-go/testing"
)

//go:linkname kruiseDsInPlaceUpdateOptions github.com/openkruise/kruise/pkg/controller/daemonset.getInPlaceUpdateOptions
func kruiseDsInPlaceUpdateOptions() *inplaceupdate.UpdateOptions

func init() {
	ops["kruise.verdictPod"] = opSpec{[]string{"old", "oldText", "new", "newText", "kind", "kruise", "gates", "strategy", "now", "serverVersion", "serverGates"}, runKruiseVerdictPod}
}

// verdictPodRevision is the ControllerRevision the controller of obj builds (name, hash label, data).
func verdictPodRevision(t typeEntry, obj interface{}) (*appsv1.ControllerRevision, *protoError) {
	r, e := t.revision(obj, nil)
	if e != nil {
		return nil, plainErr(codeInternal, "revision: "+e.Error())
	}
	cr := &appsv1.ControllerRevision{Data: runtime.RawExtension{Raw: r.data}}
	cr.Name = r.name
	cr.Labels = map[string]string{appsv1.ControllerRevisionHashLabelKey: r.hash}
	return cr, nil
}

// stripStatus is json.Marshal(pod) without its status member.
func stripStatus(pod *v1.Pod) ([]byte, error) {
	b, err := json.Marshal(pod)
	if err != nil {
		return nil, err
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, err
	}
	delete(m, "status")
	return json.Marshal(m)
}

func runKruiseVerdictPod(req *request) (*result, *protoError) {
	now, perr := inplaceNowField(req)
	if perr != nil {
		return nil, perr
	}
	sub := &request{}
	for _, m := range req.Members {
		if m.Name != "now" && m.Name != "serverVersion" && m.Name != "serverGates" {
			sub.Members = append(sub.Members, m)
		}
	}
	server, _, perr := stringField(req, "serverVersion")
	if perr != nil {
		return nil, perr
	}
	vres, perr := runVerdict(sub)
	if perr != nil {
		return nil, perr
	}
	var ans struct {
		Verdict  string `json:"verdict"`
		Kind     string `json:"kind"`
		Strategy string `json:"strategy"`
	}
	if err := json.Unmarshal(append(append([]byte{'{'}, vres.buf...), '}'), &ans); err != nil {
		return nil, plainErr(codeInternal, "verdict answer: "+err.Error())
	}
	res := &result{}
	res.str("verdict", ans.Verdict)
	res.key("pod")
	if ans.Verdict != "in-place" {
		res.buf = append(res.buf, "null"...)
		res.key("resize")
		res.buf = append(res.buf, "null"...)
		return res, nil
	}
	t := typeRegistry[ans.Kind]
	var objs [2]interface{}
	for i, name := range []string{"old", "new"} {
		data, err := valueField(req, name)
		if err != nil {
			return nil, err
		}
		obj := t.new()
		if e := apiDecode(data, obj); e != nil {
			return nil, decodeErr(e)
		}
		fresh, err := roundTrip(obj)
		if err != nil {
			return nil, err
		}
		objs[i] = fresh
	}
	tmpl, perr := templateOfObject(objs[0])
	if perr != nil {
		return nil, perr
	}
	oldRev, perr := verdictPodRevision(t, objs[0])
	if perr != nil {
		return nil, perr
	}
	newRev, perr := verdictPodRevision(t, objs[1])
	if perr != nil {
		return nil, perr
	}
	pod := &v1.Pod{ObjectMeta: tmpl.ObjectMeta, Spec: tmpl.Spec}
	if pod.Name == "" {
		pod.Name = "pod-0"
	}
	if pod.Namespace == "" {
		pod.Namespace = "default"
	}
	var adapter revisionadapter.Interface = revisionadapter.NewDefaultImpl()
	var opts *inplaceupdate.UpdateOptions
	switch ans.Kind {
	case "CloneSet":
		adapter = clonesetutils.RevisionAdapterImpl
		opts = clonesetcore.New(objs[1].(*kruiseCloneSet)).GetUpdateOptions()
		opts.AdditionalFuncs = append(opts.AdditionalFuncs, lifecycle.SetPodLifecycle(appspub.LifecycleStateUpdating))
	case "AdvancedStatefulSet":
		set := objs[1].(*kruiseappsv1beta1.StatefulSet)
		opts = &inplaceupdate.UpdateOptions{}
		if ru := set.Spec.UpdateStrategy.RollingUpdate; ru != nil && ru.InPlaceUpdateStrategy != nil {
			opts.GracePeriodSeconds = ru.InPlaceUpdateStrategy.GracePeriodSeconds
		}
		if lifecycle.GetPodLifecycleState(pod) != "" {
			opts.AdditionalFuncs = append(opts.AdditionalFuncs, lifecycle.SetPodLifecycle(appspub.LifecycleStateUpdating))
		}
	default:
		opts = kruiseDsInPlaceUpdateOptions()
	}
	before, e := stripStatus(pod)
	if e != nil {
		return nil, plainErr(codeInternal, "json.Marshal: "+e.Error())
	}
	minor := kruisePinnedMinor[2:]
	if len(server) > 0 {
		minor = string(server)[2:]
	}
	kruiseSetServerVersion(&version.Info{Major: "1", Minor: minor})
	// update runs Update over a fake clientset holding the pod: the pod update it sends and its resize patch
	update := func(opts *inplaceupdate.UpdateOptions) (*v1.Pod, []byte, *protoError) {
		cs := kubefake.NewSimpleClientset(pod.DeepCopy())
		var sent *v1.Pod
		var resize []byte
		cs.PrependReactor("update", "pods", func(a k8stesting.Action) (bool, runtime.Object, error) {
			if a.GetSubresource() == "" {
				sent = a.(k8stesting.UpdateAction).GetObject().(*v1.Pod).DeepCopy()
			}
			return false, nil, nil
		})
		cs.PrependReactor("patch", "pods", func(a k8stesting.Action) (bool, runtime.Object, error) {
			if a.GetSubresource() == "resize" {
				resize = append([]byte(nil), a.(k8stesting.PatchAction).GetPatch()...)
				return true, pod.DeepCopy(), nil // a separate request: not part of the update
			}
			return false, nil, nil
		})
		r := inplaceupdate.NewForTypedClient(cs, adapter).Update(pod.DeepCopy(), oldRev, newRev, opts)
		if r.UpdateErr != nil {
			return nil, nil, plainErr(codeInternal, "Update: "+r.UpdateErr.Error())
		}
		if !r.InPlaceUpdate || sent == nil {
			return nil, nil, plainErr(codeInternal, "the verdict is in-place but Update sent no pod update")
		}
		return sent, resize, nil
	}
	sent, resize, perr := update(opts)
	if perr != nil {
		return nil, perr
	}
	if opts != nil && opts.GracePeriodSeconds > 0 {
		// the resize is sent when the grace period ends, by the same PatchSpecToPod: Update without the grace
		o2 := *opts
		o2.GracePeriodSeconds = 0
		if _, resize, perr = update(&o2); perr != nil {
			return nil, perr
		}
	}
	if _, ok := sent.Annotations[appspub.LifecycleTimestampKey]; ok {
		sent.Annotations[appspub.LifecycleTimestampKey] = now.UTC().Format(time.RFC3339)
	}
	after, e := stripStatus(sent)
	if e != nil {
		return nil, plainErr(codeInternal, "json.Marshal: "+e.Error())
	}
	patch, e := jsonpatch.CreateMergePatch(before, after)
	if e != nil {
		return nil, plainErr(codeInternal, "CreateMergePatch: "+e.Error())
	}
	res.buf = append(res.buf, patch...)
	res.key("resize")
	if resize == nil {
		res.buf = append(res.buf, "null"...)
	} else {
		res.buf = append(res.buf, resize...)
	}
	res.key("stored")
	res.buf = append(res.buf, before...)
	return res, nil
}
