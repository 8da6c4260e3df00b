//go:build kube && !minorge32

package main

import v1 "k8s.io/api/core/v1"

// keepPodLevelResources: before 1.32 a pod has no pod-level resources.
func keepPodLevelResources(c, o *v1.Pod, minor int) {}
