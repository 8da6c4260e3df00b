//go:build kruise && !kruise18

package main

// The OpenKruise v1.9.0 build's release-specific names: CloneSet and Advanced DaemonSet are read as
// apps.kruise.io/v1beta1, PatchSpecToPod returns the resources for the resize subresource, and
// pkg/client's unexported curVersion (//go:linkname) decides ShouldUpdateResourceByResize.

import (
	_ "unsafe" // go:linkname

	appspub "github.com/openkruise/kruise/apis/apps/pub"
	kruiseappsv1beta1 "github.com/openkruise/kruise/apis/apps/v1beta1"
	_ "github.com/openkruise/kruise/pkg/client"
	"github.com/openkruise/kruise/pkg/util/inplaceupdate"
	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/version"
)

type kruiseCloneSet = kruiseappsv1beta1.CloneSet
type kruiseDaemonSet = kruiseappsv1beta1.DaemonSet

//go:linkname kruiseCurVersion github.com/openkruise/kruise/pkg/client.curVersion
var kruiseCurVersion *version.Info

// kruiseSetServerVersion sets the API server version ShouldUpdateResourceByResize reads.
func kruiseSetServerVersion(sv *version.Info) { kruiseCurVersion = sv }

// kruiseSetInPlaceOnly gives a CloneSet the InPlaceOnly pod update policy (v1beta1: rollingUpdate.podUpdatePolicy).
func kruiseSetInPlaceOnly(cs *kruiseCloneSet) {
	cs.Spec.UpdateStrategy.RollingUpdate = &kruiseappsv1beta1.RollingUpdateCloneSetStrategy{PodUpdatePolicy: kruiseappsv1beta1.InPlaceOnlyCloneSetPodUpdateStrategyType}
}

// kruisePatchSpecToPod runs opts.PatchSpecToPod and GenerateResourcePatch of the expected resources (nil when none).
func kruisePatchSpecToPod(opts *inplaceupdate.UpdateOptions, pod *v1.Pod, spec *inplaceupdate.UpdateSpec, state *appspub.InPlaceUpdateState) (*v1.Pod, []byte, error) {
	out, expected, err := opts.PatchSpecToPod(pod, spec, state)
	if err != nil {
		return nil, nil, err
	}
	return out, inplaceupdate.GetNativeVerticalUpdateImpl().GenerateResourcePatch(out, expected), nil
}
