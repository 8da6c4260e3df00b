//go:build kube && !kruise && minorge35

package main

import (
	"reflect"

	v1 "k8s.io/api/core/v1"
)

// setActuated records every container's (and the pod-level) resources as actuated (no resize in flight).
func setActuated(m reflect.Value, pod *v1.Pod, set func(reflect.Value, string, interface{})) {
	st := newActuatedState()
	for _, cs := range [][]v1.Container{pod.Spec.InitContainers, pod.Spec.Containers} {
		for i := range cs {
			if err := setContainerActuated(st, pod, &cs[i]); err != nil {
				panic(err)
			}
		}
	}
	if pod.Spec.Resources != nil {
		if err := setPodLevelActuated(st, pod); err != nil {
			panic(err)
		}
	}
	set(m, "actuatedState", st)
}
