//go:build kruise && kruisege8

package main

// The admission decoder of OpenKruise v1.8+ (controller-runtime v0.18+: admission.Decoder is an interface) and
// the Advanced StatefulSet validating handler with the client its VolumeClaimTemplate checks read.

import (
	stsvalidating "github.com/openkruise/kruise/pkg/webhook/statefulset/validating"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/webhook/admission"
)

// kruiseDecoder is the type of the handlers' Decoder field.
type kruiseDecoder = admission.Decoder

// kruiseNewDecoder is admission.NewDecoder of the release's controller-runtime.
func kruiseNewDecoder(s *runtime.Scheme) kruiseDecoder { return admission.NewDecoder(s) }

// kruiseStsValidating is the Advanced StatefulSet validating handler as kruise-manager builds it.
func kruiseStsValidating(c client.Client, dec kruiseDecoder) *stsvalidating.StatefulSetCreateUpdateHandler {
	return &stsvalidating.StatefulSetCreateUpdateHandler{Client: c, Decoder: dec}
}
