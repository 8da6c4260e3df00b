//go:build kube && !kruise && minorge27 && !minorge33

package main

// kubelet.resizeAdmission 1.27-1.32 (contract: admit.go): the status manager's allocation checkpoint, in memory
// (state.NewStateMemory, as Start would set a checkpoint), holding what the kubelet recorded when it admitted each
// other active pod (SetPodAllocation: its spec).

import (
	v1 "k8s.io/api/core/v1"
	"k8s.io/kubernetes/pkg/kubelet"
	"k8s.io/kubernetes/pkg/kubelet/status"
	"k8s.io/kubernetes/pkg/kubelet/status/state"
)

// seedStatusAllocation records the allocation of the kubelet's active pods but `pod`.
func seedStatusAllocation(kl *kubelet.Kubelet, sm status.Manager, pod *v1.Pod) {
	setStructField(sm, "state", state.NewStateMemory())
	for _, o := range othersOf(pod, kl.GetActivePods()) {
		_ = sm.SetPodAllocation(o)
	}
}
