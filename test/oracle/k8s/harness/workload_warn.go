//go:build kube && minorge19

package main

import (
	"context"

	"k8s.io/apiserver/pkg/warning"
)

// withWarningRecorder attaches the request's warning recorder (k8s.io/apiserver/pkg/warning, 1.19+).
func withWarningRecorder(ctx context.Context, w *warningTexts) context.Context {
	return warning.WithWarningRecorder(ctx, w)
}
