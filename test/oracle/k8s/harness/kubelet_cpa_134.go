//go:build kube && !kruise && minorge34 && !minorge35

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
	reason    string
}

type podActionsMirror struct {
	KillPod                    bool
	CreateSandbox              bool
	SandboxID                  string
	Attempt                    uint32
	InitContainersToStart      []int
	ContainersToStart          []int
	ContainersToKill           map[kubecontainer.ContainerID]killInfoMirror
	EphemeralContainersToStart []int
	ContainersToUpdate         unsafe.Pointer
	UpdatePodResources         bool
}

//go:linkname computePodActionsLinked k8s.io/kubernetes/pkg/kubelet/kuberuntime.(*kubeGenericRuntimeManager).computePodActions
func computePodActionsLinked(m unsafe.Pointer, ctx context.Context, pod *v1.Pod, podStatus *kubecontainer.PodStatus) podActionsMirror

// computeActions calls the real computePodActions and reads its answer.
func computeActions(m unsafe.Pointer, pod *v1.Pod, ps *kubecontainer.PodStatus) actionsView {
	a := computePodActionsLinked(m, context.Background(), pod, ps)
	v := actionsView{killPod: a.KillPod, createSandbox: a.CreateSandbox, sandboxID: a.SandboxID, attempt: a.Attempt, toStart: a.ContainersToStart}
	for id, k := range a.ContainersToKill {
		v.toKill = append(v.toKill, killInfo{id: id.ID, name: k.name, message: k.message, reason: string(k.reason)})
	}
	v.initToStart = a.InitContainersToStart
	v.ephemeralToStart = a.EphemeralContainersToStart
	return v
}
