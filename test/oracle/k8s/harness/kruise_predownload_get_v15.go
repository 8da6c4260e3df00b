//go:build kruise && !kruisege6

package main

// kruise.preDownload's pod reader for v1.5.5 (controller-runtime v0.12: Get takes no options).

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Get answers a NodeImage for every node (kruise_predownload.go).
func (r *podReader) Get(_ context.Context, key client.ObjectKey, obj client.Object) error {
	return r.getNodeImage(key, obj)
}
