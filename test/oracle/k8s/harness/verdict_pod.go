//go:build kube

package main

// The `verdict` for a Pod (kube builds): rest.BeforeUpdate with the registry's pod Strategy of this minor on
// both pods as decoded (and defaulted; refused: the StatusError text as `rejection`; accepted with nothing left to change: "none") — with the live resourceVersion the update carries (old's, or
// "1" for both) and, when a pod has none, the request's namespace (old's, else "default") — then, when it passes, the kubelet's real HashContainer (and, 1.27-1.30 with
// InPlacePodVerticalScaling, HashContainerWithoutResources) per container of the stored pods. The
// resize rule (a cpu/memory change with resizePolicy RestartContainer restarts) is kubelet glue
// reproduced here as in the engine. allowPrivileged (default true) as pod.validateUpdate reads it. kubelet must equal kubernetes here (one build per minor).

import (
	"encoding/json"

	v1 "k8s.io/api/core/v1"
	apiequality "k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	genericapirequest "k8s.io/apiserver/pkg/endpoints/request"
	"k8s.io/apimachinery/pkg/api/resource"
	core "k8s.io/kubernetes/pkg/apis/core"
	corev1conv "k8s.io/kubernetes/pkg/apis/core/v1"
	podregistry "k8s.io/kubernetes/pkg/registry/core/pod"
)

func init() {
	podVerdictHook = podVerdictKube
	verdictGatesHook = func(req *request) *protoError {
		resetGates()
		return applyGates(req.field("gates"))
	}
}

// resizeVerdictHook (resize.go, 1.32+ builds): rest.BeforeUpdate of the pods/resize subresource on the verdict's
// decoded pods (new, old); refused reports an error from it.
var resizeVerdictHook func(dNew, dOld *v1.Pod) (rejection string, perr *protoError)

// resourcesOnly: the stored pods (status cleared) differ only in spec.resources and the resources and resizePolicy
// of containers and init containers (the same lists otherwise): what ValidatePodResize says a resize may change.
func resourcesOnly(a, b *v1.Pod) bool {
	strip := func(p *v1.Pod) string {
		raw, _ := json.Marshal(p)
		var m map[string]interface{}
		_ = json.Unmarshal(raw, &m)
		if spec, ok := m["spec"].(map[string]interface{}); ok {
			delete(spec, "resources")
			for _, list := range []string{"containers", "initContainers"} {
				if cs, ok := spec[list].([]interface{}); ok {
					for _, c := range cs {
						if cm, ok := c.(map[string]interface{}); ok {
							delete(cm, "resources")
							delete(cm, "resizePolicy")
						}
					}
				}
			}
		}
		out, _ := json.Marshal(m)
		return string(out)
	}
	return strip(a) == strip(b)
}

// carriedByUpdate is a copy of stored pod n with what rest.BeforeUpdate and the pod strategy's PrepareForUpdate take
// over from the stored pod o: the generation, resourceVersion and namespace, a uid, deletion grace period or pod-level
// resources (1.37, PodLevelResourcesFixDefaulting) n leaves out, the creation and deletion timestamps o has; and
// without the PodLevelResources gate, pod-level resources as DropDisabledPodFields leaves them. It picks the
// verdict's route (the engine's keptByUpdate): what an update cannot change does not stop a resize.
func carriedByUpdate(n, o *v1.Pod, minor int) *v1.Pod {
	c := n.DeepCopy()
	c.Generation, c.ResourceVersion = o.Generation, o.ResourceVersion
	if c.Namespace == "" || o.Namespace == "" {
		c.Namespace = o.Namespace
	}
	if c.UID == "" {
		c.UID = o.UID
	}
	if !o.CreationTimestamp.IsZero() {
		c.CreationTimestamp = o.CreationTimestamp
	}
	if o.DeletionTimestamp != nil && !o.DeletionTimestamp.IsZero() {
		c.DeletionTimestamp = o.DeletionTimestamp
	}
	if c.DeletionGracePeriodSeconds == nil {
		c.DeletionGracePeriodSeconds = o.DeletionGracePeriodSeconds
	}
	keepPodLevelResources(c, o, minor)
	return c
}

// jsonEqual: the two pods marshal to the same JSON.
func jsonEqual(a, b *v1.Pod) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return string(ja) == string(jb)
}

// podRequestInfo is the request info of a PUT of pod ns/name.
func podRequestInfo(ns, name string) *genericapirequest.RequestInfo {
	return &genericapirequest.RequestInfo{
		IsResourceRequest: true,
		Path:              "/api/v1/namespaces/" + ns + "/pods/" + name,
		Verb:              "update",
		APIPrefix:         "api",
		APIGroup:          "",
		APIVersion:        "v1",
		Namespace:         ns,
		Resource:          "pods",
		Name:              name,
		Parts:             []string{"pods", name},
	}
}

// gateEnabled is DefaultFeatureGate.Enabled for a gate known to this minor (false when unknown).
// (gateState in validate.go: DefaultMutableFeatureGate.GetAll does not exist before 1.22.)
func gateEnabled(name string) bool {
	v, _ := gateState(name)
	return v
}

func toInternal(p *v1.Pod) (*core.Pod, *protoError) {
	out := &core.Pod{}
	if err := corev1conv.Convert_v1_Pod_To_core_Pod(p, out, nil); err != nil {
		return nil, plainErr(codeInternal, "conversion: "+err.Error())
	}
	return out, nil
}

func quantityChanged(a, b v1.ResourceList, name v1.ResourceName) bool {
	qa, oka := a[name]
	qb, okb := b[name]
	if oka != okb {
		return true
	}
	return oka && qa.Cmp(qb) != 0
}

var _ = resource.Quantity{}

// kubeletAction: keep or restart for one container the kubelet compares.
func kubeletAction(a, b *v1.Container, minor int, ippvs bool) string {
	changed := hashContainer(a) != hashContainer(b)
	if changed && ippvs {
		if ha, ok := hashContainerWithoutResources(a); ok {
			hb, _ := hashContainerWithoutResources(b)
			changed = ha != hb
		}
	}
	if changed {
		return "restart"
	}
	if !ippvs || minor < 27 {
		return "keep"
	}
	for _, name := range []v1.ResourceName{v1.ResourceCPU, v1.ResourceMemory} {
		if quantityChanged(a.Resources.Limits, b.Resources.Limits, name) || quantityChanged(a.Resources.Requests, b.Resources.Requests, name) {
			if resizeRestarts(b, string(name)) {
				return "restart"
			}
		}
	}
	return "keep"
}

// resizeRestarts reads the container's resizePolicy through its JSON (the field exists from 1.27).
func resizeRestarts(c *v1.Container, name string) bool {
	b, _ := json.Marshal(c)
	var w struct {
		ResizePolicy []struct {
			ResourceName  string `json:"resourceName"`
			RestartPolicy string `json:"restartPolicy"`
		} `json:"resizePolicy"`
	}
	_ = json.Unmarshal(b, &w)
	for _, p := range w.ResizePolicy {
		if p.ResourceName == name {
			return p.RestartPolicy == "RestartContainer"
		}
	}
	return false
}

// initRestartable: the init container's restartPolicy is Always (a sidecar), read through its JSON.
func initRestartable(c *v1.Container) bool {
	b, _ := json.Marshal(c)
	var w struct {
		RestartPolicy string `json:"restartPolicy"`
	}
	_ = json.Unmarshal(b, &w)
	return w.RestartPolicy == "Always"
}

func podVerdictKube(req *request, decoded, stored [2]interface{}) (podVerdictAnswer, *protoError) {
	v, containers, subresource, rejection, perr := podVerdictOf(req, decoded, stored)
	return podVerdictAnswer{v, containers, subresource, rejection}, perr
}

func podVerdictOf(req *request, decoded, stored [2]interface{}) (string, []verdictContainer, string, string, *protoError) {
	if k, present, e := stringField(req, "kubelet"); e != nil {
		return "", nil, "", "", e
	} else if present && string(k) != buildMinor {
		return "", nil, "", "", fieldErr(codeUnsupported, "kubelet", "the verdict oracle answers kubelet == kubernetes only")
	}
	oldS, newS := stored[0].(*v1.Pod).DeepCopy(), stored[1].(*v1.Pod).DeepCopy()
	oldS.Status, newS.Status = v1.PodStatus{}, v1.PodStatus{}
	ob, _ := json.Marshal(oldS)
	nb, _ := json.Marshal(newS)
	newPod := stored[1].(*v1.Pod)
	if string(ob) == string(nb) {
		return "none", podContainers(newPod, nil, "keep"), "", "", nil
	}
	resetGates()
	if err := applyGates(req.field("gates")); err != nil {
		return "", nil, "", "", err
	}
	if err := applyAllowPrivileged(req); err != nil {
		return "", nil, "", "", err
	}
	dOld, dNew := decoded[0].(*v1.Pod).DeepCopy(), decoded[1].(*v1.Pod).DeepCopy()
	rv := dOld.ResourceVersion
	if rv == "" {
		rv = "1"
	}
	dOld.ResourceVersion, dNew.ResourceVersion = rv, rv
	ns := dOld.Namespace
	if ns == "" {
		ns = "default"
	}
	if dOld.Namespace == "" {
		dOld.Namespace = ns
	}
	if dNew.Namespace == "" {
		dNew.Namespace = ns
	}
	io, perr := toInternal(dOld)
	if perr != nil {
		return "", nil, "", "", perr
	}
	in, perr := toInternal(dNew)
	if perr != nil {
		return "", nil, "", "", perr
	}
	minor := parseMinor(buildMinor)
	subresource := ""
	if carried := carriedByUpdate(newS, oldS, minor); minor >= 32 && gateEnabled("InPlacePodVerticalScaling") && !jsonEqual(carried, oldS) && resourcesOnly(oldS, carried) {
		// a change of resources alone is sent to the pods/resize subresource
		if resizeVerdictHook == nil {
			return "", nil, "", "", plainErr(codeInternal, "the verdict's resize route has no resize strategy in this build")
		}
		subresource = "resize"
		rejection, perr := resizeVerdictHook(dNew, dOld)
		if perr != nil {
			return "", nil, "", "", perr
		}
		if rejection != "" {
			return "rejected", podContainers(newPod, nil, "keep"), subresource, rejection, nil
		}
	} else {
		// rest.BeforeUpdate with the pod strategy: refused, the StatusError kube-apiserver answers the update with;
		// accepted with nothing left to change once it kept the stored values, no change
		err, perr := storedBeforeUpdate(podregistry.Strategy, in, io, &warningTexts{}, podRequestInfo)
		if perr != nil {
			return "", nil, "", "", perr
		}
		if se, ok := err.(*apierrors.StatusError); ok && se.ErrStatus.Reason == metav1.StatusReasonInvalid {
			return "rejected", podContainers(newPod, nil, "keep"), "", err.Error(), nil
		} else if err != nil {
			return "", nil, "", "", fieldErr(codeBadRequest, "new", err.Error())
		}
		if apiequality.Semantic.DeepEqual(in, io) {
			return "none", podContainers(newPod, nil, "keep"), "", "", nil
		}
	}
	ippvs := minor >= 27 && gateEnabled("InPlacePodVerticalScaling")
	oldPod := stored[0].(*v1.Pod)
	return "in-place", podContainers(newPod, func(init bool, i int, c *v1.Container) string {
		if init {
			if !initRestartable(c) || i >= len(oldPod.Spec.InitContainers) {
				return "keep"
			}
			return kubeletAction(&oldPod.Spec.InitContainers[i], c, minor, ippvs)
		}
		if i >= len(oldPod.Spec.Containers) {
			return "keep"
		}
		return kubeletAction(&oldPod.Spec.Containers[i], c, minor, ippvs)
	}, "keep"), subresource, "", nil
}

// podContainers lists the pod's init containers then containers with their actions.
func podContainers(p *v1.Pod, action func(init bool, i int, c *v1.Container) string, def string) []verdictContainer {
	out := []verdictContainer{}
	for pass, list := range [][]v1.Container{p.Spec.InitContainers, p.Spec.Containers} {
		for i := range list {
			a := def
			if action != nil {
				a = action(pass == 0, i, &list[i])
			}
			out = append(out, verdictContainer{Name: list[i].Name, Action: a, Init: pass == 0})
		}
	}
	return out
}
