//go:build kube && minorge32

package main

import v1 "k8s.io/api/core/v1"

// keepPodLevelResources sets c's pod-level resources as the pod strategy leaves them (k8s.io/api 1.32+ has the field):
// 1.37 with PodLevelResourcesFixDefaulting, o's when c has none; without PodLevelResources and o using none, none.
func keepPodLevelResources(c, o *v1.Pod, minor int) {
	if minor >= 37 && gateEnabled("PodLevelResourcesFixDefaulting") && c.Spec.Resources == nil {
		c.Spec.Resources = o.Spec.Resources
	}
	if !gateEnabled("PodLevelResources") && (o.Spec.Resources == nil || len(o.Spec.Resources.Requests)+len(o.Spec.Resources.Limits) == 0) {
		c.Spec.Resources = nil
	}
}
