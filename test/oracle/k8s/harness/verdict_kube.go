//go:build kube

package main

import (
	v1 "k8s.io/api/core/v1"
	deploymentutil "k8s.io/kubernetes/pkg/controller/deployment/util"
)

// equalIgnoreHash is the Deployment controller's own template comparison.
func equalIgnoreHash(a, b *v1.PodTemplateSpec) bool { return deploymentutil.EqualIgnoreHash(a, b) }
