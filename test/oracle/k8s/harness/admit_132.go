//go:build kube && !kruise && minorge32 && !minorge33

package main

// kubelet.resizeAdmission, kubelet 1.32 (contract: admit.go): (*Kubelet).canResizePod's glue around the real
// v1qos.GetPodQOS, resource.GetResourceRequest and the predicate admit handler; the policies are compared as 1.32
// compares them (CPUManagerPolicy == "static", ExperimentalMemoryManagerPolicy == "static").

import (
	v1 "k8s.io/api/core/v1"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
	"k8s.io/kubernetes/pkg/api/v1/resource"
	v1qos "k8s.io/kubernetes/pkg/apis/core/v1/helper/qos"
	kubefeatures "k8s.io/kubernetes/pkg/features"
	"k8s.io/kubernetes/pkg/kubelet/lifecycle"
)

func admitDecide(pod *v1.Pod, active []*v1.Pod, node *v1.Node, cfg admitConfig) admitAnswer {
	if v1qos.GetPodQOS(pod) == v1.PodQOSGuaranteed && !utilfeature.DefaultFeatureGate.Enabled(kubefeatures.InPlacePodVerticalScalingExclusiveCPUs) {
		if utilfeature.DefaultFeatureGate.Enabled(kubefeatures.CPUManager) && cfg.cpuPolicy == "static" {
			return fromResizeStatus(v1.PodResizeStatusInfeasible)
		}
		if utilfeature.DefaultFeatureGate.Enabled(kubefeatures.MemoryManager) && cfg.memPolicy == "static" {
			return fromResizeStatus(v1.PodResizeStatusInfeasible)
		}
	}
	cpuAvailable := node.Status.Allocatable.Cpu().MilliValue()
	memAvailable := node.Status.Allocatable.Memory().Value()
	cpuRequests := resource.GetResourceRequest(pod, v1.ResourceCPU)
	memRequests := resource.GetResourceRequest(pod, v1.ResourceMemory)
	if cpuRequests > cpuAvailable || memRequests > memAvailable {
		return fromResizeStatus(v1.PodResizeStatusInfeasible)
	}
	attrs := &lifecycle.PodAdmitAttributes{Pod: pod, OtherPods: othersOf(pod, active)}
	if r := predicateHandler(node).Admit(attrs); !r.Admit {
		return fromResizeStatus(v1.PodResizeStatusDeferred)
	}
	return fromResizeStatus(v1.PodResizeStatusInProgress)
}
