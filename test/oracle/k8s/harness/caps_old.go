//go:build kube && !minorge32

package main

import "k8s.io/kubernetes/pkg/capabilities"

// setAllowPrivileged sets the cluster policy's AllowPrivileged (kube-apiserver --allow-privileged) for this request.
func setAllowPrivileged(v bool) {
	capabilities.SetForTests(capabilities.Capabilities{AllowPrivileged: v})
}
