//go:build kube && !kruise && minorge35

package main

import (
	"context"

	v1 "k8s.io/api/core/v1"
	"k8s.io/kubernetes/pkg/kubelet/lifecycle"
	schedulerframework "k8s.io/kubernetes/pkg/scheduler/framework"
)

// predicateHandler is the kubelet's predicate admit handler over `node` (no device plugins, no preemption).
func predicateHandler(node *v1.Node) lifecycle.PodAdmitHandler {
	return lifecycle.NewPredicateAdmitHandler(func(context.Context, bool) (*v1.Node, error) { return node, nil },
		lifecycle.NewAdmissionFailureHandlerStub(),
		func(*schedulerframework.NodeInfo, *lifecycle.PodAdmitAttributes) error { return nil })
}
