//go:build kube && !kruise && minorge34

package main

// kubelet.resizeAdmission's access to the allocation manager (1.34+, contract: admit.go).

import (
	"unsafe"

	v1 "k8s.io/api/core/v1"
	"k8s.io/kubernetes/pkg/kubelet/allocation"
)

// managerPtr is the *manager inside an allocation.Manager.
func managerPtr(m allocation.Manager) unsafe.Pointer {
	return (*efaceWords)(unsafe.Pointer(&m)).data
}

//go:linkname allocGetAllocatedPods k8s.io/kubernetes/pkg/kubelet/allocation.(*manager).getAllocatedPods
func allocGetAllocatedPods(m unsafe.Pointer, activePods []*v1.Pod) []*v1.Pod
