//go:build kube && !kruise && minorge34 && !minorge35

package main

// kubelet.resizeAdmission, kubelet 1.34 (contract: admit.go): the allocation manager's canResizePod.

import (
	"unsafe"

	v1 "k8s.io/api/core/v1"
	"k8s.io/kubernetes/pkg/kubelet/allocation"
	"k8s.io/kubernetes/pkg/kubelet/lifecycle"
)

//go:linkname allocCanResizePod k8s.io/kubernetes/pkg/kubelet/allocation.(*manager).canResizePod
func allocCanResizePod(m unsafe.Pointer, allocatedPods []*v1.Pod, pod *v1.Pod) (bool, string, string)

func admitDecide(pod *v1.Pod, all []*v1.Pod, node *v1.Node, cfg admitConfig) (admitAnswer, *protoError) {
	kl, _ := newAdmitKubelet(pod, all, node)
	getActive := kl.GetActivePods
	m := allocation.NewInMemoryManager(newAdmitCM(node, cfg), nil, nil, getActive, nil, nil)
	m.AddPodAdmitHandlers(lifecycle.PodAdmitHandlers{predicateHandler(node)})
	for _, o := range othersOf(pod, getActive()) { // admitted pods: their spec is their allocation
		_ = m.SetAllocatedResources(o)
	}
	p := managerPtr(m)
	fit, reason, message := allocCanResizePod(p, allocGetAllocatedPods(p, getActive()), pod)
	return fromCondition(fit, reason, message, false), nil
}
