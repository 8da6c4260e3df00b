//go:build kube && !kruise && !minorge16

package main

// kubelet.podActions: computePodActions and its podActions layout for these minors (see kubelet.go).

import (
	"context"
	"unsafe"

	v1 "k8s.io/api/core/v1"
	kubecontainer "k8s.io/kubernetes/pkg/kubelet/container"
)

var _ = context.Background

type killInfoMirror struct {
	container *v1.Container
	name      string
	message   string
}

type podActionsMirror struct {
	KillPod                  bool
	CreateSandbox            bool
	SandboxID                string
	Attempt                  uint32
	NextInitContainerToStart *v1.Container
	ContainersToStart        []int
	ContainersToKill         map[kubecontainer.ContainerID]killInfoMirror
}

//go:linkname computePodActionsLinked k8s.io/kubernetes/pkg/kubelet/kuberuntime.(*kubeGenericRuntimeManager).computePodActions
func computePodActionsLinked(m unsafe.Pointer, pod *v1.Pod, podStatus *kubecontainer.PodStatus) podActionsMirror

// computeActions calls the real computePodActions and reads its answer.
func computeActions(m unsafe.Pointer, pod *v1.Pod, ps *kubecontainer.PodStatus) actionsView {
	a := computePodActionsLinked(m, pod, ps)
	v := actionsView{killPod: a.KillPod, createSandbox: a.CreateSandbox, sandboxID: a.SandboxID, attempt: a.Attempt, toStart: a.ContainersToStart}
	for id, k := range a.ContainersToKill {
		v.toKill = append(v.toKill, killInfo{id: id.ID, name: k.name, message: k.message, reason: ""})
	}
	v.nextInit = a.NextInitContainerToStart
	return v
}
