//go:build kube && !kruise && minorge35 && !minorge37

package main

import (
	v1 "k8s.io/api/core/v1"
	"k8s.io/kubernetes/pkg/kubelet/allocation/state"
)

func newActuatedState() state.State { return state.NewStateMemory(nil) }

func setContainerActuated(st state.State, pod *v1.Pod, c *v1.Container) error {
	return st.SetContainerResources(pod.UID, c.Name, c.Resources)
}

func setPodLevelActuated(st state.State, pod *v1.Pod) error {
	return st.SetPodLevelResources(pod.UID, pod.Spec.Resources)
}
