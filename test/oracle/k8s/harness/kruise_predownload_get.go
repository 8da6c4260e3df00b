//go:build kruise && kruisege6

package main

// kruise.preDownload's pod reader from v1.6.0 on (controller-runtime v0.14+: Get takes GetOptions).

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Get answers a NodeImage for every node (kruise_predownload.go).
func (r *podReader) Get(_ context.Context, key client.ObjectKey, obj client.Object, _ ...client.GetOption) error {
	return r.getNodeImage(key, obj)
}
