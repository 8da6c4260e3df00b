//go:build kube && !kruise && minorge33 && !minorge34

package main

import "k8s.io/kubernetes/pkg/kubelet/allocation"

func newAllocationManager() allocation.Manager { return allocation.NewInMemoryManager() }
