//go:build kube && !kruise && minorge27 && !minorge32

package main

// kubelet.resizeAdmission, kubelet 1.27-1.31 (contract: admit.go): the real (*Kubelet).canResizePod, pulled with
// //go:linkname; status.resize InProgress / Deferred / Infeasible. Its last loop writes the admitted requests into
// the copy's status.containerStatuses[].allocatedResources and panics on a status without that map (the kubelet
// would crash): answered E_BAD_REQUEST.

import (
	_ "unsafe"

	"fmt"
	"strings"

	v1 "k8s.io/api/core/v1"
	"k8s.io/kubernetes/pkg/kubelet"
)

//go:linkname klCanResizePod k8s.io/kubernetes/pkg/kubelet.(*Kubelet).canResizePod
func klCanResizePod(kl *kubelet.Kubelet, pod *v1.Pod) (bool, *v1.Pod, v1.PodResizeStatus)

func admitDecide(pod *v1.Pod, all []*v1.Pod, node *v1.Node, cfg admitConfig) (a admitAnswer, perr *protoError) {
	kl, sm := newAdmitKubelet(pod, all, node)
	seedStatusAllocation(kl, sm, pod)
	defer func() {
		if r := recover(); r != nil {
			if s := fmt.Sprint(r); strings.Contains(s, "assignment to entry in nil map") {
				perr = fieldErr(codeBadRequest, "pod", admitNilMapPanic)
				return
			}
			panic(r)
		}
	}()
	_, _, s := klCanResizePod(kl, pod)
	return fromResizeStatus(s), nil
}
