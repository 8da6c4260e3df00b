//go:build kube && !kruise && minorge33 && !minorge34

package main

// kubelet.resizeAdmission, kubelet 1.33 (contract: admit.go): (*Kubelet).canResizePod's glue around the real
// v1qos.GetPodQOS, resource.GetResourceRequest and the predicate admit handler; the PodResizePending condition.

import (
	"fmt"

	v1 "k8s.io/api/core/v1"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
	"k8s.io/kubernetes/pkg/api/v1/resource"
	v1qos "k8s.io/kubernetes/pkg/apis/core/v1/helper/qos"
	kubefeatures "k8s.io/kubernetes/pkg/features"
	"k8s.io/kubernetes/pkg/kubelet/lifecycle"
)

func admitDecide(pod *v1.Pod, active []*v1.Pod, node *v1.Node, cfg admitConfig) admitAnswer {
	if v1qos.GetPodQOS(pod) == v1.PodQOSGuaranteed && !utilfeature.DefaultFeatureGate.Enabled(kubefeatures.InPlacePodVerticalScalingExclusiveCPUs) {
		if cfg.cpuPolicy == "static" {
			return fromCondition(false, v1.PodReasonInfeasible, "Resize is infeasible for Guaranteed Pods alongside CPU Manager static policy", false)
		}
		if utilfeature.DefaultFeatureGate.Enabled(kubefeatures.MemoryManager) && cfg.memPolicy == "Static" {
			return fromCondition(false, v1.PodReasonInfeasible, "Resize is infeasible for Guaranteed Pods alongside Memory Manager static policy", false)
		}
	}
	cpuAvailable := node.Status.Allocatable.Cpu().MilliValue()
	memAvailable := node.Status.Allocatable.Memory().Value()
	cpuRequests := resource.GetResourceRequest(pod, v1.ResourceCPU)
	memRequests := resource.GetResourceRequest(pod, v1.ResourceMemory)
	if cpuRequests > cpuAvailable || memRequests > memAvailable {
		var msg string
		if memRequests > memAvailable {
			msg = fmt.Sprintf("memory, requested: %d, capacity: %d", memRequests, memAvailable)
		} else {
			msg = fmt.Sprintf("cpu, requested: %d, capacity: %d", cpuRequests, cpuAvailable)
		}
		return fromCondition(false, v1.PodReasonInfeasible, "Node didn't have enough capacity: "+msg, false)
	}
	attrs := &lifecycle.PodAdmitAttributes{Pod: pod, OtherPods: othersOf(pod, active)}
	if r := predicateHandler(node).Admit(attrs); !r.Admit {
		return fromCondition(false, v1.PodReasonDeferred, r.Message, false)
	}
	return fromCondition(true, "", "", false)
}
