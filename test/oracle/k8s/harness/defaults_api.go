//go:build !kube

package main

// applyTypeDefaults needs k8s.io/kubernetes: the api flavor refuses (the
// router sends applyDefaults requests to kube builds; 1.12 has none).
func applyTypeDefaults(name string, obj interface{}, path string) *protoError {
	return fieldErr(codeUnsupported, "applyDefaults",
		"applyDefaults needs k8s.io/kubernetes (pkg/apis/core/v1 defaulters): not in this build (api flavor; kubernetes 1.12 has only this flavor)")
}
