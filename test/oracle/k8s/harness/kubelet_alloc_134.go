//go:build kube && !kruise && minorge34 && !minorge35

package main

import "k8s.io/kubernetes/pkg/kubelet/allocation"

func newAllocationManager() allocation.Manager {
	return allocation.NewInMemoryManager(nil, nil, nil, nil, nil, nil)
}
