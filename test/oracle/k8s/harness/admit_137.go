//go:build kube && !kruise && minorge37

package main

// kubelet.resizeAdmission, kubelet 1.37 (contract: admit.go): the allocation manager's canAdmitPod with the resize
// operation, behind the resize admit handler.

import (
	"context"
	"unsafe"

	v1 "k8s.io/api/core/v1"
	"k8s.io/klog/v2"
	"k8s.io/kubernetes/pkg/kubelet/allocation"
	kubecontainer "k8s.io/kubernetes/pkg/kubelet/container"
	"k8s.io/kubernetes/pkg/kubelet/lifecycle"
	kubetypes "k8s.io/kubernetes/pkg/kubelet/types"
)

//go:linkname allocCanAdmitPod k8s.io/kubernetes/pkg/kubelet/allocation.(*manager).canAdmitPod
func allocCanAdmitPod(m unsafe.Pointer, ctx context.Context, allocatedPods []*v1.Pod, pod *v1.Pod, operation lifecycle.Operation) (bool, string, string)

// admitRuntime is a runtime without swap.
type admitRuntime struct{ kubecontainer.Runtime }

func (admitRuntime) GetContainerSwapBehavior(*v1.Pod, *v1.Container) kubetypes.SwapBehavior {
	return kubetypes.NoSwap
}

func admitDecide(pod *v1.Pod, all []*v1.Pod, node *v1.Node, cfg admitConfig) (admitAnswer, *protoError) {
	kl, _ := newAdmitKubelet(pod, all, node)
	getActive := kl.GetActivePods
	m := allocation.NewInMemoryManager(klog.Background(), nil, nil, getActive, nil, nil, nil)
	m.AddPodAdmitHandlers(lifecycle.PodAdmitHandlers{
		allocation.NewPodResizesAdmitHandler(newAdmitCM(node, cfg), admitRuntime{}, m),
		predicateHandler(node),
	})
	for _, o := range othersOf(pod, getActive()) { // admitted pods: their spec is their allocation
		_ = m.SetAllocatedResources(klog.Background(), o)
	}
	p := managerPtr(m)
	fit, reason, message := allocCanAdmitPod(p, context.Background(), allocGetAllocatedPods(p, getActive()), pod, lifecycle.ResizeOperation)
	return fromCondition(fit, reason, message, true), nil
}
