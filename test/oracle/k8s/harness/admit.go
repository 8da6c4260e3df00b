//go:build kube && !kruise && minorge27

package main

// The kubelet's admission of an in-place Pod resize on its node, with the real code of this build's minor:
//
//	kubelet.resizeAdmission {pod|podText, node|nodeText, pods?, kubelet?, gates?, cpuManagerPolicy?, memoryManagerPolicy?}
//	  -> {status: "Admitted"|"Deferred"|"Infeasible", resize, reason, message}
//
// Every object is seen as the kubelet sees it: decoded by the API server, defaulted (SetObjectDefaults_Pod /
// SetObjectDefaults_Node), stored (json.Marshal) and decoded again. A missing metadata.uid is filled in
// ("resized-pod" for the pod, "pod-<i>" for pods[i]); pods in phase Succeeded or Failed are not active (the
// kubelet's GetActivePods), and the pod's own uid is left out of the others.
//
// Eras (admit_1NN.go): 1.27-1.33 (*Kubelet).canResizePod, whose few lines of glue (node allocatable against
// resource.GetResourceRequest, 1.32-1.33's static CPU / memory manager refusals, then canAdmitPod) are written
// here around the real leaf functions; 1.34-1.35 the allocation manager's canResizePod and 1.36+ its canAdmitPod
// with lifecycle.ResizeOperation and the resize admit handler (allocation.NewPodResizesAdmitHandler), all pulled
// with //go:linkname and run on allocation.NewInMemoryManager. The admit handlers are the real predicate admit
// handler (lifecycle.NewPredicateAdmitHandler: node resources through the scheduler's NodeInfo and Fits, node
// name, ports, affinity, NoExecute taints, OS) with AdmissionFailureHandlerStub and no device plugins; the
// kubelet's other handlers (eviction, sysctls, AppArmor, topology, shutdown) admit. The container manager reports
// the policies of the request and the Node's status.allocatable as its absolute allocatable; the runtime runs
// without swap. Critical pods (static, mirror, priority >= 2000000000), which make the kubelet preempt other
// pods, are refused (E_BAD_REQUEST). InPlacePodVerticalScaling is on (a resize exists only with it).
//
// status.resize (1.27-1.32) is "InProgress" when admitted; from 1.33 the PodResizePending condition carries the
// reason (Deferred for any refusal but Infeasible, as the status manager sets it) and the message.

import (
	"bytes"
	"encoding/json"
	"strconv"

	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
	kubetypes "k8s.io/kubernetes/pkg/kubelet/types"
)

var admitFields = []string{"pod", "podText", "node", "nodeText", "pods", "kubelet", "gates", "cpuManagerPolicy", "memoryManagerPolicy"}

func init() {
	ops["kubelet.resizeAdmission"] = opSpec{admitFields, runResizeAdmission}
}

// admitConfig is the node's configuration the decision reads.
type admitConfig struct {
	cpuPolicy, memPolicy string
}

// admitAnswer is what the pod's status shows.
type admitAnswer struct {
	status, resize, reason, message string
}

// decodeStored decodes JSON `data` into obj, defaults and round-trips it; errors carry `path`.
func decodeStored(data []byte, obj interface{}, kind, path string) (interface{}, *protoError) {
	if e := apiDecode(data, obj); e != nil {
		perr := decodeErr(e)
		perr.Path, perr.HasPath = path, true
		return nil, perr
	}
	if perr := applyTypeDefaults(kind, obj, path); perr != nil {
		return nil, perr
	}
	return roundTrip(obj)
}

// admitOptional reads an optional string field.
func admitOptional(req *request, name, def string) (string, *protoError) {
	v, present, err := stringField(req, name)
	if err != nil {
		return "", err
	}
	if !present {
		return def, nil
	}
	return string(v), nil
}

func runResizeAdmission(req *request) (*result, *protoError) {
	if err := checkMinor(req, "kubelet"); err != nil {
		return nil, err
	}
	resetGates()
	defer resetGates()
	if cur, _ := gateState("InPlacePodVerticalScaling"); !cur {
		if perr := applyGates([]byte(`{"InPlacePodVerticalScaling":true}`)); perr != nil {
			return nil, perr
		}
	}
	if err := applyGates(req.field("gates")); err != nil {
		return nil, err
	}
	if !utilfeature.DefaultFeatureGate.Enabled("InPlacePodVerticalScaling") {
		return nil, fieldErr(codeBadRequest, "gates", "the kubelet admits a resize only with InPlacePodVerticalScaling on")
	}
	cfg := admitConfig{}
	var perr *protoError
	if cfg.cpuPolicy, perr = admitOptional(req, "cpuManagerPolicy", "none"); perr != nil {
		return nil, perr
	}
	if cfg.memPolicy, perr = admitOptional(req, "memoryManagerPolicy", "None"); perr != nil {
		return nil, perr
	}
	data, perr := valueField(req, "pod")
	if perr != nil {
		return nil, perr
	}
	o, perr := decodeStored(data, &v1.Pod{}, "Pod", "pod")
	if perr != nil {
		return nil, perr
	}
	pod := o.(*v1.Pod)
	if pod.UID == "" {
		pod.UID = "resized-pod"
	}
	ndata, perr := valueField(req, "node")
	if perr != nil {
		return nil, perr
	}
	o, perr = decodeStored(ndata, &v1.Node{}, "Node", "node")
	if perr != nil {
		return nil, perr
	}
	node := o.(*v1.Node)
	var all []*v1.Pod
	if raw := req.field("pods"); raw != nil && string(raw) != "null" {
		var items []json.RawMessage
		dec := json.NewDecoder(bytes.NewReader(raw))
		if t, err := dec.Token(); err != nil || t != json.Delim('[') {
			return nil, fieldErr(codeBadRequest, "pods", quote("pods")+" must be an array of pods")
		}
		for dec.More() {
			var m json.RawMessage
			if err := dec.Decode(&m); err != nil {
				return nil, fieldErr(codeBadRequest, "pods", quote("pods")+" must be an array of pods")
			}
			items = append(items, m)
		}
		for i, m := range items {
			path := "pods[" + strconv.Itoa(i) + "]"
			o, perr := decodeStored(m, &v1.Pod{}, "Pod", path)
			if perr != nil {
				return nil, perr
			}
			p := o.(*v1.Pod)
			if p.UID == "" {
				p.UID = types.UID("pod-" + strconv.Itoa(i))
			}
			all = append(all, p)
		}
	}
	if kubetypes.IsCriticalPod(pod) {
		return nil, fieldErr(codeBadRequest, "pod", "a critical pod (static, mirror or priority >= 2000000000) makes the kubelet preempt other pods: not modelled")
	}
	// the kubelet's GetActivePods: terminal pods are not active
	var active []*v1.Pod
	for _, p := range all {
		if p.Status.Phase == v1.PodSucceeded || p.Status.Phase == v1.PodFailed {
			continue
		}
		active = append(active, p)
	}
	a := admitDecide(pod, active, node, cfg)
	res := &result{}
	res.str("status", a.status)
	res.str("resize", a.resize)
	res.str("reason", a.reason)
	res.str("message", a.message)
	return res, nil
}

// othersOf drops the pod's own uid from the active pods (canResizePod's filter).
func othersOf(pod *v1.Pod, active []*v1.Pod) []*v1.Pod {
	var out []*v1.Pod
	for _, p := range active {
		if p.UID != pod.UID {
			out = append(out, p)
		}
	}
	return out
}

// fromResizeStatus: the answer of the status.resize eras (1.27-1.32).
func fromResizeStatus(s v1.PodResizeStatus) admitAnswer {
	switch s {
	case v1.PodResizeStatusInProgress:
		return admitAnswer{status: "Admitted", resize: string(s)}
	case v1.PodResizeStatusDeferred:
		return admitAnswer{status: "Deferred", resize: string(s)}
	case v1.PodResizeStatusInfeasible:
		return admitAnswer{status: "Infeasible", resize: string(s)}
	}
	return admitAnswer{status: "E:" + string(s)}
}

// fromCondition: the answer of the PodResizePending eras (1.33+); reasons other than Infeasible are Deferred
// from 1.36 (the status manager's SetPodResizePendingCondition).
func fromCondition(fit bool, reason, message string, mapReason bool) admitAnswer {
	if fit {
		return admitAnswer{status: "Admitted"}
	}
	if mapReason && reason != "Infeasible" {
		reason = "Deferred"
	}
	return admitAnswer{status: reason, reason: reason, message: message}
}
