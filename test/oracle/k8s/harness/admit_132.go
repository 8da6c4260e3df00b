//go:build kube && !kruise && minorge32 && !minorge33

package main

// kubelet.resizeAdmission, kubelet 1.32 (contract: admit.go): the real (*Kubelet).canResizePod, pulled with
// //go:linkname; status.resize InProgress / Deferred / Infeasible. The container manager's NodeConfig carries the
// policies (1.32 compares CPUManagerPolicy and ExperimentalMemoryManagerPolicy with "static").

import (
	_ "unsafe"

	v1 "k8s.io/api/core/v1"
	"k8s.io/kubernetes/pkg/kubelet"
	"k8s.io/kubernetes/pkg/kubelet/cm"
)

//go:linkname klCanResizePod k8s.io/kubernetes/pkg/kubelet.(*Kubelet).canResizePod
func klCanResizePod(kl *kubelet.Kubelet, pod *v1.Pod) (bool, v1.PodResizeStatus, string)

func admitDecide(pod *v1.Pod, all []*v1.Pod, node *v1.Node, cfg admitConfig) (admitAnswer, *protoError) {
	kl, sm := newAdmitKubelet(pod, all, node)
	seedStatusAllocation(kl, sm, pod)
	setStructField(kl, "containerManager", cm.ContainerManager(newAdmitCM(node, cfg)))
	_, s, _ := klCanResizePod(kl, pod)
	return fromResizeStatus(s), nil
}
