//go:build kube && !kruise && minorge33 && !minorge35

package main

import (
	"reflect"

	v1 "k8s.io/api/core/v1"
)

// setActuated records the pod's resources as actuated (no resize in flight).
func setActuated(m reflect.Value, pod *v1.Pod, set func(reflect.Value, string, interface{})) {
	am := newAllocationManager()
	if err := am.SetActuatedResources(pod, nil); err != nil {
		panic(err)
	}
	set(m, "allocationManager", am)
}
