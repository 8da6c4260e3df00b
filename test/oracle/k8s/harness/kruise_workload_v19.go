//go:build kruise && !kruise18

package main

// workload.validateUpdate, the OpenKruise v1.9.0 build's own parts (kruise_workload.go has the rest): the
// v1beta1 CloneSet and Advanced DaemonSet types and validation (ValidateCloneSetUpdateV1beta1, the
// daemonset handler's validateDaemonSetUpdateV1beta1 through //go:linkname), the Kruise gates on the
// webhook path, and the JSON Patch library of the Kubernetes 1.32 API server's mutating dispatcher
// (gopkg.in/evanphx/json-patch.v4).

import (
	_ "unsafe" // go:linkname

	kruiseappsv1alpha1 "github.com/openkruise/kruise/apis/apps/v1alpha1"
	kruiseappsv1beta1 "github.com/openkruise/kruise/apis/apps/v1beta1"
	csvalidating "github.com/openkruise/kruise/pkg/webhook/cloneset/validating"
	dsvalidating "github.com/openkruise/kruise/pkg/webhook/daemonset/validating"
	jsonpatch "gopkg.in/evanphx/json-patch.v4"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/webhook/admission"
)

// kruiseWorkloadNew returns a new object of a kind at an API version (nil when this release has no such type).
func kruiseWorkloadNew(kind, version string) runtime.Object {
	switch kind + "/" + version {
	case "CloneSet/v1alpha1":
		return &kruiseappsv1alpha1.CloneSet{}
	case "CloneSet/v1beta1":
		return &kruiseappsv1beta1.CloneSet{}
	case "AdvancedStatefulSet/v1alpha1":
		return &kruiseappsv1alpha1.StatefulSet{}
	case "AdvancedStatefulSet/v1beta1":
		return &kruiseappsv1beta1.StatefulSet{}
	case "AdvancedDaemonSet/v1alpha1":
		return &kruiseappsv1alpha1.DaemonSet{}
	case "AdvancedDaemonSet/v1beta1":
		return &kruiseappsv1beta1.DaemonSet{}
	}
	return nil
}

//go:linkname kruiseDSValidateUpdateV1beta1 github.com/openkruise/kruise/pkg/webhook/daemonset/validating.(*DaemonSetCreateUpdateHandler).validateDaemonSetUpdateV1beta1
func kruiseDSValidateUpdateV1beta1(h *dsvalidating.DaemonSetCreateUpdateHandler, ds, oldDs *kruiseappsv1beta1.DaemonSet) field.ErrorList

// kruiseV1beta1ValidationErrors: the v1beta1 CloneSet (no InPlaceOnly template check at this version) and
// Advanced DaemonSet update validation.
func kruiseV1beta1ValidationErrors(kind string, areq admission.Request, c client.Client, dec kruiseDecoder) (field.ErrorList, []string, error) {
	if kind == "CloneSet" {
		obj, old := &kruiseappsv1beta1.CloneSet{}, &kruiseappsv1beta1.CloneSet{}
		if err := dec.Decode(areq, obj); err != nil {
			return nil, nil, err
		}
		if err := dec.DecodeRaw(areq.OldObject, old); err != nil {
			return nil, nil, err
		}
		return csvalidating.ValidateCloneSetUpdateV1beta1(obj, old), nil, nil
	}
	obj, old := &kruiseappsv1beta1.DaemonSet{}, &kruiseappsv1beta1.DaemonSet{}
	if err := dec.Decode(areq, obj); err != nil {
		return nil, nil, err
	}
	if err := dec.DecodeRaw(areq.OldObject, old); err != nil {
		return nil, nil, err
	}
	return kruiseDSValidateUpdateV1beta1(&dsvalidating.DaemonSetCreateUpdateHandler{Decoder: dec}, obj, old), nil, nil
}

// kruiseApplyJSONPatch applies a mutating webhook's JSON patch as the API server does; applied is false when
// the patch has no operation (the dispatcher then keeps the object).
func kruiseApplyJSONPatch(patch, doc []byte) ([]byte, bool, error) {
	p, err := jsonpatch.DecodePatch(patch)
	if err != nil {
		return nil, false, err
	}
	if len(p) == 0 {
		return doc, false, nil
	}
	out, err := p.Apply(doc)
	return out, err == nil, err
}
