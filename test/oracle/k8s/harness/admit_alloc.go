//go:build kube && !kruise && minorge34

package main

// kubelet.resizeAdmission's stand-ins for the allocation manager's collaborators (1.34+, contract: admit.go).

import (
	"reflect"
	"unsafe"

	v1 "k8s.io/api/core/v1"
	"k8s.io/kubernetes/pkg/kubelet/allocation"
	"k8s.io/kubernetes/pkg/kubelet/cm"
)

// admitCM is the container manager: the request's policies, the Node's allocatable as the absolute allocatable.
type admitCM struct {
	cm.ContainerManager
	cfg   cm.NodeConfig
	alloc v1.ResourceList
}

func (c *admitCM) GetNodeConfig() cm.NodeConfig                { return c.cfg }
func (c *admitCM) GetNodeAllocatableAbsolute() v1.ResourceList { return c.alloc }

func newAdmitCM(node *v1.Node, cfg admitConfig) *admitCM {
	c := &admitCM{alloc: node.Status.Allocatable}
	v := reflect.ValueOf(&c.cfg).Elem()
	v.FieldByName("CPUManagerPolicy").SetString(cfg.cpuPolicy)
	v.FieldByName("MemoryManagerPolicy").SetString(cfg.memPolicy)
	return c
}

// managerPtr is the *manager inside an allocation.Manager.
func managerPtr(m allocation.Manager) unsafe.Pointer {
	return (*efaceWords)(unsafe.Pointer(&m)).data
}

//go:linkname allocGetAllocatedPods k8s.io/kubernetes/pkg/kubelet/allocation.(*manager).getAllocatedPods
func allocGetAllocatedPods(m unsafe.Pointer, activePods []*v1.Pod) []*v1.Pod
