//go:build kube && !kruise && minorge33 && !minorge34

package main

// kubelet.resizeAdmission, kubelet 1.33 (contract: admit.go): the real (*Kubelet).canResizePod, pulled with
// //go:linkname, with the container manager's NodeConfig and an in-memory allocation manager
// (allocation.NewInMemoryManager) holding what the kubelet recorded when it admitted each other active pod
// (SetAllocatedResources: its spec); the PodResizePending condition.

import (
	_ "unsafe"

	v1 "k8s.io/api/core/v1"
	"k8s.io/kubernetes/pkg/kubelet"
	"k8s.io/kubernetes/pkg/kubelet/allocation"
	"k8s.io/kubernetes/pkg/kubelet/cm"
)

//go:linkname klCanResizePod k8s.io/kubernetes/pkg/kubelet.(*Kubelet).canResizePod
func klCanResizePod(kl *kubelet.Kubelet, pod *v1.Pod) (bool, string, string)

func admitDecide(pod *v1.Pod, all []*v1.Pod, node *v1.Node, cfg admitConfig) (admitAnswer, *protoError) {
	kl, _ := newAdmitKubelet(pod, all, node)
	m := allocation.NewInMemoryManager()
	for _, o := range othersOf(pod, kl.GetActivePods()) {
		_ = m.SetAllocatedResources(o)
	}
	setStructField(kl, "allocationManager", m)
	setStructField(kl, "containerManager", cm.ContainerManager(newAdmitCM(node, cfg)))
	fit, reason, message := klCanResizePod(kl, pod)
	return fromCondition(fit, reason, message, false), nil
}
