//go:build kube && !kruise && !minorge33

package main

import (
	"reflect"

	v1 "k8s.io/api/core/v1"
	kubeletstatus "k8s.io/kubernetes/pkg/kubelet/status"
)

// setActuated: before 1.33 computePodActions reads no actuated resources.
func setActuated(m reflect.Value, pod *v1.Pod, set func(reflect.Value, string, interface{})) {}

// readyCondition is this minor's status.GeneratePodReadyCondition (oldStatus unused before 1.33).
func readyCondition(pod *v1.Pod, old *v1.PodStatus) v1.PodCondition {
	return kubeletstatus.GeneratePodReadyCondition(&pod.Spec, pod.Status.Conditions, pod.Status.ContainerStatuses, pod.Status.Phase)
}

func observedGeneration(c *v1.PodCondition) int64 { return 0 }
