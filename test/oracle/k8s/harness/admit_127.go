//go:build kube && !kruise && minorge27 && !minorge32

package main

// kubelet.resizeAdmission, kubelet 1.27-1.31 (contract: admit.go): (*Kubelet).canResizePod's glue around the real
// resource.GetResourceRequest and the predicate admit handler; status.resize InProgress / Deferred / Infeasible.

import (
	v1 "k8s.io/api/core/v1"
	"k8s.io/kubernetes/pkg/api/v1/resource"
	"k8s.io/kubernetes/pkg/kubelet/lifecycle"
)

func admitDecide(pod *v1.Pod, active []*v1.Pod, node *v1.Node, cfg admitConfig) admitAnswer {
	podCopy := pod.DeepCopy()
	cpuAvailable := node.Status.Allocatable.Cpu().MilliValue()
	memAvailable := node.Status.Allocatable.Memory().Value()
	cpuRequests := resource.GetResourceRequest(podCopy, v1.ResourceCPU)
	memRequests := resource.GetResourceRequest(podCopy, v1.ResourceMemory)
	if cpuRequests > cpuAvailable || memRequests > memAvailable {
		return fromResizeStatus(v1.PodResizeStatusInfeasible)
	}
	attrs := &lifecycle.PodAdmitAttributes{Pod: podCopy, OtherPods: othersOf(pod, active)}
	if r := predicateHandler(node).Admit(attrs); !r.Admit {
		return fromResizeStatus(v1.PodResizeStatusDeferred)
	}
	return fromResizeStatus(v1.PodResizeStatusInProgress)
}
