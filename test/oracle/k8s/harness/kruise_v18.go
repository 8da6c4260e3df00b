//go:build kruise && kruise18

package main

// The OpenKruise v1.8 build (github.com/openkruise/kruise v1.8.3, the newest v1.8.x the module proxy
// serves, on k8s.io/kubernetes v1.30.10): the CloneSet and Advanced DaemonSet controllers read
// apps.kruise.io/v1alpha1 (the CloneSet's policy is spec.updateStrategy.type), PatchSpecToPod writes
// resources into the spec (no resize subresource, no server-version check).

import (
	appspub "github.com/openkruise/kruise/apis/apps/pub"
	kruiseappsv1alpha1 "github.com/openkruise/kruise/apis/apps/v1alpha1"
	"github.com/openkruise/kruise/pkg/util/inplaceupdate"
	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/version"
)

type kruiseCloneSet = kruiseappsv1alpha1.CloneSet
type kruiseDaemonSet = kruiseappsv1alpha1.DaemonSet

// kruiseSetServerVersion: v1.8 never asks the API server version (the serverVersion field is only checked).
func kruiseSetServerVersion(*version.Info) {}

// kruiseSetInPlaceOnly gives a CloneSet the InPlaceOnly update strategy (v1alpha1: updateStrategy.type).
func kruiseSetInPlaceOnly(cs *kruiseCloneSet) {
	cs.Spec.UpdateStrategy.Type = kruiseappsv1alpha1.InPlaceOnlyCloneSetUpdateStrategyType
}

// kruisePatchSpecToPod runs opts.PatchSpecToPod (v1.8: no resize patch).
func kruisePatchSpecToPod(opts *inplaceupdate.UpdateOptions, pod *v1.Pod, spec *inplaceupdate.UpdateSpec, state *appspub.InPlaceUpdateState) (*v1.Pod, []byte, error) {
	out, err := opts.PatchSpecToPod(pod, spec, state)
	return out, nil, err
}
