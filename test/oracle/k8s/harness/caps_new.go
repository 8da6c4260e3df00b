//go:build kube && minorge32

package main

import "k8s.io/kubernetes/pkg/capabilities"

// setAllowPrivileged sets the cluster policy's AllowPrivileged (kube-apiserver --allow-privileged) for this
// request (1.32+ has no SetForTests: ResetForTest, then Initialize).
func setAllowPrivileged(v bool) {
	capabilities.ResetForTest()
	capabilities.Initialize(capabilities.Capabilities{AllowPrivileged: v})
}
