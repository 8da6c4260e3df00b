//go:build kube && !kruise && minorge32

package main

// kubelet.resizeAdmission's container manager (1.32+, contract: admit.go).

import (
	v1 "k8s.io/api/core/v1"
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

// newAdmitCM: NodeConfig.CPUManagerPolicy and the memory manager's policy field (1.32 ExperimentalMemoryManagerPolicy,
// 1.33+ MemoryManagerPolicy) hold the request's values as they are.
func newAdmitCM(node *v1.Node, cfg admitConfig) *admitCM {
	c := &admitCM{alloc: node.Status.Allocatable}
	setStructField(&c.cfg, "CPUManagerPolicy", cfg.cpuPolicy)
	if hasStructField(&c.cfg, "MemoryManagerPolicy") {
		setStructField(&c.cfg, "MemoryManagerPolicy", cfg.memPolicy)
	} else {
		setStructField(&c.cfg, "ExperimentalMemoryManagerPolicy", cfg.memPolicy)
	}
	return c
}
