//go:build kube && !kruise && minorge33

package main

import (
	v1 "k8s.io/api/core/v1"
	kubeletstatus "k8s.io/kubernetes/pkg/kubelet/status"
)

// readyCondition is this minor's status.GeneratePodReadyCondition.
func readyCondition(pod *v1.Pod, old *v1.PodStatus) v1.PodCondition {
	return kubeletstatus.GeneratePodReadyCondition(pod, old, pod.Status.Conditions, pod.Status.ContainerStatuses, pod.Status.Phase)
}

func observedGeneration(c *v1.PodCondition) int64 { return c.ObservedGeneration }
