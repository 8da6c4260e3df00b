//go:build kruise && !kruisege7

package main

// The admission decoder of OpenKruise v1.5 / v1.6 (controller-runtime v0.12 / v0.14: a *admission.Decoder,
// NewDecoder returns an error too) and their Advanced StatefulSet validating handler (no client).

import (
	stsvalidating "github.com/openkruise/kruise/pkg/webhook/statefulset/validating"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/webhook/admission"
)

// kruiseDecoder is the type of the handlers' Decoder field.
type kruiseDecoder = *admission.Decoder

// kruiseNewDecoder is admission.NewDecoder of the release's controller-runtime (it fails only on a nil scheme).
func kruiseNewDecoder(s *runtime.Scheme) kruiseDecoder {
	d, err := admission.NewDecoder(s)
	if err != nil {
		panic(err)
	}
	return d
}

// kruiseStsValidating is the Advanced StatefulSet validating handler as kruise-manager builds it.
func kruiseStsValidating(_ client.Client, dec kruiseDecoder) *stsvalidating.StatefulSetCreateUpdateHandler {
	return &stsvalidating.StatefulSetCreateUpdateHandler{Decoder: dec}
}
