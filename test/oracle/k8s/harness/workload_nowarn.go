//go:build kube && !minorge19

package main

import "context"

// withWarningRecorder: before 1.19 the API server had no warnings (k8s.io/apiserver/pkg/warning).
func withWarningRecorder(ctx context.Context, w *warningTexts) context.Context { return ctx }
