//go:build kube && hwr

package main

import (
	v1 "k8s.io/api/core/v1"
	kubecontainer "k8s.io/kubernetes/pkg/kubelet/container"
)

func init() { features = append(features, "HashContainerWithoutResources") }

// hashContainerWithoutResources is the kubelet's (1.27-1.30) second hash.
func hashContainerWithoutResources(c *v1.Container) (uint64, bool) {
	return kubecontainer.HashContainerWithoutResources(c), true
}
