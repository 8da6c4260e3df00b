//go:build kube && !kruise

package main

// Kubelet prediction with the real kubelet code of this build's minor:
//
//	kubelet.podActions     {pod|podText, podStatus, kubelet?, gates?} -> {killPod, createSandbox, sandboxID, attempt,
//	                         nextInitContainerToStart, initContainersToStart, containersToStart, containersToKill, ephemeralContainersToStart}
//	kubelet.readyCondition {pod|podText, oldStatus?, kubelet?, gates?} -> {type, status, reason, message, observedGeneration}
//
// podActions: the unexported (*kubeGenericRuntimeManager).computePodActions is pulled with
// //go:linkname (kubelet_cpa_*.go: one declaration and podActions mirror per layout era) and called on
// a manager allocated through reflection (its type found in the binary's type links) whose probe
// managers (prober/results.NewManager, one per request, filled from podStatus) and internal lifecycle
// (cm.NewFakeInternalContainerLifecycle) are set; 1.33+: the actuated resources of every container are
// recorded as its spec's (no resize in flight). podStatus becomes a kubecontainer.PodStatus (sandbox
// statuses through the CRI types' JSON, container statuses field by field). readyCondition:
// status.GeneratePodReadyCondition(spec|pod, oldStatus, pod.status.conditions,
// pod.status.containerStatuses, pod.status.phase); observedGeneration is 0 before 1.33. Both ops see the
// pod as the kubelet does: decoded, stored (json.Marshal) and decoded again (roundTrip).

import (
	"encoding/json"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"unsafe"

	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/kubernetes/pkg/kubelet/cm"
	kubecontainer "k8s.io/kubernetes/pkg/kubelet/container"
	"k8s.io/kubernetes/pkg/kubelet/kuberuntime"
	proberesults "k8s.io/kubernetes/pkg/kubelet/prober/results"
)

func init() {
	ops["kubelet.podActions"] = opSpec{[]string{"pod", "podText", "podStatus", "kubelet", "gates"}, runKubeletPodActions}
	ops["kubelet.readyCondition"] = opSpec{[]string{"pod", "podText", "oldStatus", "kubelet", "gates"}, runKubeletReadyCondition}
}

// keepKubeRuntime keeps the manager's type descriptor in the binary (a conversion to an interface).
var keepKubeRuntime interface{} = kuberuntime.NewKubeGenericRuntimeManager

//go:linkname typelinks reflect.typelinks
func typelinks() (sections []unsafe.Pointer, offset [][]int32)

//go:linkname resolveTypeOff reflect.resolveTypeOff
func resolveTypeOff(rtype unsafe.Pointer, off int32) unsafe.Pointer

type efaceWords struct{ typ, data unsafe.Pointer }

// findNamedType finds the named type pkgPath.name through the pointer types the binary links.
func findNamedType(pkgPath, name string) reflect.Type {
	sections, offsets := typelinks()
	for i, base := range sections {
		for _, off := range offsets[i] {
			var probe interface{} = (*int)(nil)
			(*efaceWords)(unsafe.Pointer(&probe)).typ = resolveTypeOff(base, off)
			t := reflect.TypeOf(probe)
			if t.Kind() == reflect.Ptr && t.Elem().Name() == name && t.Elem().PkgPath() == pkgPath {
				return t.Elem()
			}
		}
	}
	return nil
}

var managerType reflect.Type

// setField stores v into the (unexported) field name of the struct at p.
func setField(p reflect.Value, name string, v interface{}) {
	f := p.Elem().FieldByName(name)
	if !f.IsValid() {
		panic("kubeGenericRuntimeManager has no field " + name)
	}
	reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem().Set(reflect.ValueOf(v))
}

// newManager allocates a kubeGenericRuntimeManager with the members computePodActions reads.
func newManager(pod *v1.Pod, liveness, startup proberesults.Manager) unsafe.Pointer {
	if keepKubeRuntime == nil {
		panic("unreachable")
	}
	if managerType == nil {
		managerType = findNamedType("k8s.io/kubernetes/pkg/kubelet/kuberuntime", "kubeGenericRuntimeManager")
		if managerType == nil {
			panic("kubeGenericRuntimeManager type not found in the type links")
		}
	}
	m := reflect.New(managerType)
	setField(m, "livenessManager", liveness)
	if m.Elem().FieldByName("startupManager").IsValid() { // startup probes: 1.17+ (1.16's are not wired)
		setField(m, "startupManager", startup)
	}
	setField(m, "internalLifecycle", cm.NewFakeInternalContainerLifecycle())
	setActuated(m, pod, setField)
	return unsafe.Pointer(m.Pointer())
}

// kubeletStatusIn is the request's podStatus.
type kubeletStatusIn struct {
	Sandboxes []struct {
		ID      string `json:"id"`
		Attempt uint32 `json:"attempt"`
		Ready   bool   `json:"ready"`
		Network string `json:"network"`
		IP      string `json:"ip"`
	} `json:"sandboxes"`
	Containers []struct {
		ID                   string `json:"id"`
		Name                 string `json:"name"`
		State                string `json:"state"`
		ExitCode             int    `json:"exitCode"`
		Reason               string `json:"reason"`
		Hash                 string `json:"hash"`
		HashWithoutResources string `json:"hashWithoutResources"`
		RestartCount         int    `json:"restartCount"`
		Liveness             string `json:"liveness"`
		Startup              string `json:"startup"`
		Sandbox              string `json:"sandbox"`
	} `json:"containers"`
}

var networkModes = map[string]int{"": 0, "POD": 0, "CONTAINER": 1, "NODE": 2, "TARGET": 3}

func probeResult(s string) (proberesults.Result, bool, *protoError) {
	switch s {
	case "":
		return proberesults.Success, false, nil
	case "success":
		return proberesults.Success, true, nil
	case "failure":
		return proberesults.Failure, true, nil
	}
	return proberesults.Success, false, fieldErr(codeBadRequest, "podStatus", "probe result must be \"success\" or \"failure\"")
}

// buildPodStatus converts the request's podStatus into this minor's kubecontainer.PodStatus.
func buildPodStatus(pod *v1.Pod, in *kubeletStatusIn, liveness, startup proberesults.Manager) (*kubecontainer.PodStatus, *protoError) {
	ps := &kubecontainer.PodStatus{ID: pod.UID, Name: pod.Name, Namespace: pod.Namespace}
	pv := reflect.ValueOf(ps).Elem()
	sbField := pv.FieldByName("SandboxStatuses")
	for _, s := range in.Sandboxes {
		mode, ok := networkModes[s.Network]
		if !ok {
			return nil, fieldErr(codeBadRequest, "podStatus", "unknown sandbox network mode "+quote(s.Network))
		}
		state := 1
		if s.Ready {
			state = 0
		}
		doc := map[string]interface{}{
			"id":       s.ID,
			"metadata": map[string]interface{}{"attempt": s.Attempt},
			"state":    state,
			"network":  map[string]interface{}{"ip": s.IP},
			"linux":    map[string]interface{}{"namespaces": map[string]interface{}{"options": map[string]interface{}{"network": mode}}},
		}
		raw, _ := json.Marshal(doc)
		sb := reflect.New(sbField.Type().Elem().Elem())
		if err := json.Unmarshal(raw, sb.Interface()); err != nil {
			return nil, plainErr(codeInternal, "sandbox status: "+err.Error())
		}
		sbField.Set(reflect.Append(sbField, sb))
	}
	csField := pv.FieldByName("ContainerStatuses")
	for _, c := range in.Containers {
		switch c.State {
		case "created", "running", "exited", "unknown":
		default:
			return nil, fieldErr(codeBadRequest, "podStatus", "unknown container state "+quote(c.State))
		}
		cs := reflect.New(csField.Type().Elem().Elem())
		e := cs.Elem()
		id := kubecontainer.ContainerID{Type: "containerd", ID: c.ID}
		e.FieldByName("ID").Set(reflect.ValueOf(id))
		e.FieldByName("Name").SetString(c.Name)
		e.FieldByName("State").SetString(c.State)
		e.FieldByName("ExitCode").SetInt(int64(c.ExitCode))
		e.FieldByName("Reason").SetString(c.Reason)
		e.FieldByName("RestartCount").SetInt(int64(c.RestartCount))
		h, err := strconv.ParseUint(c.Hash, 16, 64)
		if err != nil && c.Hash != "" {
			return nil, fieldErr(codeBadRequest, "podStatus", "bad hash "+quote(c.Hash))
		}
		e.FieldByName("Hash").SetUint(h)
		if f := e.FieldByName("HashWithoutResources"); f.IsValid() && c.HashWithoutResources != "" {
			hw, err := strconv.ParseUint(c.HashWithoutResources, 16, 64)
			if err != nil {
				return nil, fieldErr(codeBadRequest, "podStatus", "bad hash "+quote(c.HashWithoutResources))
			}
			f.SetUint(hw)
		}
		csField.Set(reflect.Append(csField, cs))
		// 1.37+: the active sandbox's containers (GetPodStatus: the newest sandbox, when ready)
		if act := pv.FieldByName("ActiveContainerStatuses"); act.IsValid() && len(in.Sandboxes) > 0 && in.Sandboxes[0].Ready {
			sb := c.Sandbox
			if sb == "" {
				sb = in.Sandboxes[0].ID
			}
			if sb == in.Sandboxes[0].ID {
				act.Set(reflect.Append(act, cs))
			}
		}
		for _, p := range []struct {
			s string
			m proberesults.Manager
		}{{c.Liveness, liveness}, {c.Startup, startup}} {
			r, set, perr := probeResult(p.s)
			if perr != nil {
				return nil, perr
			}
			if set {
				p.m.Set(id, r, pod)
			}
		}
	}
	return ps, nil
}

// killInfo is one entry of ContainersToKill, with its container ID.
type killInfo struct{ id, name, message, reason string }

// actionsView is what every podActions era reports.
type actionsView struct {
	killPod, createSandbox bool
	sandboxID              string
	attempt                uint32
	nextInit               *v1.Container
	initToStart, toStart   []int
	ephemeralToStart       []int
	toKill                 []killInfo
}

func sortKills(k []killInfo) []killInfo {
	sort.Slice(k, func(i, j int) bool { return k[i].id < k[j].id })
	return k
}

func appendInts(b []byte, xs []int) []byte {
	b = append(b, '[')
	for i, x := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(x), 10)
	}
	return append(b, ']')
}

func runKubeletPodActions(req *request) (*result, *protoError) {
	if err := checkMinor(req, "kubelet"); err != nil {
		return nil, err
	}
	resetGates()
	defer resetGates()
	if err := applyKubeletGateDefaults(); err != nil {
		return nil, err
	}
	if err := applyGates(req.field("gates")); err != nil {
		return nil, err
	}
	data, perr := valueField(req, "pod")
	if perr != nil {
		return nil, perr
	}
	pod := &v1.Pod{}
	if e := apiDecode(data, pod); e != nil {
		return nil, decodeErr(e)
	}
	raw := req.field("podStatus")
	if raw == nil {
		return nil, fieldErr(codeBadRequest, "podStatus", "missing "+quote("podStatus"))
	}
	in := &kubeletStatusIn{}
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(in); err != nil {
		return nil, fieldErr(codeBadRequest, "podStatus", err.Error())
	}
	fresh, perr := roundTrip(pod)
	if perr != nil {
		return nil, perr
	}
	pod = fresh.(*v1.Pod)
	if pod.UID == "" {
		pod.UID = types.UID("pod-uid")
	}
	liveness, startup := proberesults.NewManager(), proberesults.NewManager()
	ps, perr := buildPodStatus(pod, in, liveness, startup)
	if perr != nil {
		return nil, perr
	}
	m := newManager(pod, liveness, startup)
	a := computeActions(m, pod, ps)
	res := &result{}
	res.key("killPod")
	res.buf = strconv.AppendBool(res.buf, a.killPod)
	res.key("createSandbox")
	res.buf = strconv.AppendBool(res.buf, a.createSandbox)
	res.str("sandboxID", a.sandboxID)
	res.key("attempt")
	res.buf = strconv.AppendUint(res.buf, uint64(a.attempt), 10)
	res.key("nextInitContainerToStart")
	if a.nextInit == nil {
		res.buf = append(res.buf, "null"...)
	} else {
		res.buf = appendString(res.buf, a.nextInit.Name)
	}
	res.key("initContainersToStart")
	res.buf = appendInts(res.buf, a.initToStart)
	res.key("containersToStart")
	res.buf = appendInts(res.buf, a.toStart)
	res.key("containersToKill")
	res.buf = append(res.buf, '[')
	for i, k := range sortKills(a.toKill) {
		if i > 0 {
			res.buf = append(res.buf, ',')
		}
		res.buf = append(res.buf, `{"id":`...)
		res.buf = appendString(res.buf, k.id)
		res.buf = append(res.buf, `,"name":`...)
		res.buf = appendString(res.buf, k.name)
		res.buf = append(res.buf, `,"message":`...)
		res.buf = appendString(res.buf, k.message)
		res.buf = append(res.buf, `,"reason":`...)
		res.buf = appendString(res.buf, k.reason)
		res.buf = append(res.buf, '}')
	}
	res.buf = append(res.buf, ']')
	res.key("ephemeralContainersToStart")
	res.buf = appendInts(res.buf, a.ephemeralToStart)
	return res, nil
}

func runKubeletReadyCondition(req *request) (*result, *protoError) {
	if err := checkMinor(req, "kubelet"); err != nil {
		return nil, err
	}
	resetGates()
	defer resetGates()
	if err := applyGates(req.field("gates")); err != nil {
		return nil, err
	}
	data, perr := valueField(req, "pod")
	if perr != nil {
		return nil, perr
	}
	pod := &v1.Pod{}
	if e := apiDecode(data, pod); e != nil {
		return nil, decodeErr(e)
	}
	var old *v1.PodStatus
	if raw := req.field("oldStatus"); raw != nil && string(raw) != "null" {
		old = &v1.PodStatus{}
		if e := apiDecode(raw, old); e != nil {
			return nil, decodeErr(e)
		}
	}
	fresh, perr := roundTrip(pod)
	if perr != nil {
		return nil, perr
	}
	pod = fresh.(*v1.Pod)
	cond := readyCondition(pod, old)
	res := &result{}
	res.str("type", string(cond.Type))
	res.str("status", string(cond.Status))
	res.str("reason", cond.Reason)
	res.str("message", cond.Message)
	res.key("observedGeneration")
	res.buf = strconv.AppendInt(res.buf, observedGeneration(&cond), 10)
	return res, nil
}

// applyKubeletGateDefaults: the answers use the minor's default gates (plus the request's gates).
func applyKubeletGateDefaults() *protoError { return nil }
