//go:build kube && !kruise && minorge27

package main

// The kubelet's admission of an in-place Pod resize on its node, with the real code of this build's minor:
//
//	kubelet.resizeAdmission {pod|podText, node|nodeText, pods?, kubelet?, gates?, cpuManagerPolicy?, memoryManagerPolicy?}
//	  -> {status: "Admitted"|"Deferred"|"Infeasible", resize, reason, message}
//
// Every object is seen as the kubelet sees it: decoded by the API server, defaulted (SetObjectDefaults_Pod /
// SetObjectDefaults_Node), stored (json.Marshal) and decoded again. A missing metadata.uid is filled in
// ("resized-pod" for the pod, "pod-<i>" for pods[i]). The kubelet (admit_kl.go) holds every pod of the request and
// the resized pod in its real pod manager (mirror pods are kept apart, a repeated uid replaces the earlier pod);
// its real GetActivePods leaves out the pods in phase Succeeded or Failed; the allocation checkpoint holds each
// other active pod's spec (what the kubelet recorded when it admitted it) and nothing for the resized pod.
//
// Eras (admit_1NN.go): 1.27-1.33 the kubelet's own (*Kubelet).canResizePod (1.27-1.31 return the status.resize
// value, 1.32 also the static CPU / memory manager refusals, 1.33 the PodResizePending reason and message); 1.34-1.35
// the allocation manager's canResizePod and 1.36+ its canAdmitPod with lifecycle.ResizeOperation and the resize
// admit handler (allocation.NewPodResizesAdmitHandler), run on allocation.NewInMemoryManager with the kubelet's
// GetActivePods; all unexported functions pulled with //go:linkname. The admit handlers are the real predicate admit
// handler (lifecycle.NewPredicateAdmitHandler: node resources through the scheduler's NodeInfo and Fits, node
// name, ports, affinity, NoExecute taints, OS) with AdmissionFailureHandlerStub and no device plugins; the
// kubelet's other handlers (eviction, sysctls, AppArmor, topology, shutdown) admit. The container manager reports
// the policies of the request and the Node's status.allocatable as its absolute allocatable; the runtime runs
// without swap. Critical pods (static, mirror, priority >= 2000000000), which make the kubelet preempt other
// pods, are refused (E_BAD_REQUEST). InPlacePodVerticalScaling is on (a resize exists only with it). 1.27-1.31's
// canResizePod panics when it admits a pod with a container status lacking allocatedResources: E_BAD_REQUEST.
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
	a, perr := admitDecide(pod, all, node, cfg)
	if perr != nil {
		return nil, perr
	}
	res := &result{}
	res.str("status", a.status)
	res.str("resize", a.resize)
	res.str("reason", a.reason)
	res.str("message", a.message)
	return res, nil
}

// admitNilMapPanic: kubelet 1.27-1.31's canResizePod, admitting, writes into a container status' nil allocatedResources.
const admitNilMapPanic = "the kubelet panics admitting this resize (assignment to entry in nil map): a status.containerStatuses[] entry of a container with requests has no allocatedResources"

// othersOf drops the pod's own uid from the kubelet's active pods (the filter of canResizePod and the seeding).
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
