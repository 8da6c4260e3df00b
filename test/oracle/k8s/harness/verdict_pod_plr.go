//go:build kube && minorge32

package main

import v1 "k8s.io/api/core/v1"

// keepPodLevelResources gives c the pod-level resources of o when c has none (k8s.io/api 1.32+ has the field).
func keepPodLevelResources(c, o *v1.Pod) {
	if c.Spec.Resources == nil {
		c.Spec.Resources = o.Spec.Resources
	}
}
