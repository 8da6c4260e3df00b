//go:build kube && !hwr

package main

import v1 "k8s.io/api/core/v1"

// hashContainerWithoutResources does not exist in this minor's kubelet.
func hashContainerWithoutResources(c *v1.Container) (uint64, bool) { return 0, false }
