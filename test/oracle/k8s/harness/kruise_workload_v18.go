//go:build kruise && kruise18

package main

// workload.validateUpdate, the OpenKruise v1.8.3 build's own parts (kruise_workload.go has the rest): its
// CloneSet and Advanced DaemonSet exist at v1alpha1 only (CRDs and webhooks), the Kruise gates on the
// webhook path (no DefaultHostNetworkHostPortsInPodTemplates yet), and the JSON Patch library of the
// Kubernetes 1.30 API server's mutating dispatcher (github.com/evanphx/json-patch, which Kruise's go.mod
// pins to v5.6.0+incompatible).

import (
	"errors"

	jsonpatch "github.com/evanphx/json-patch"
	kruiseappsv1alpha1 "github.com/openkruise/kruise/apis/apps/v1alpha1"
	kruiseappsv1beta1 "github.com/openkruise/kruise/apis/apps/v1beta1"
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
	case "AdvancedStatefulSet/v1alpha1":
		return &kruiseappsv1alpha1.StatefulSet{}
	case "AdvancedStatefulSet/v1beta1":
		return &kruiseappsv1beta1.StatefulSet{}
	case "AdvancedDaemonSet/v1alpha1":
		return &kruiseappsv1alpha1.DaemonSet{}
	}
	return nil
}

// kruiseV1beta1ValidationErrors: v1.8.3 serves no v1beta1 CloneSet or Advanced DaemonSet (the CRD check
// refuses the version before this).
func kruiseV1beta1ValidationErrors(kind string, areq admission.Request, c client.Client, dec kruiseDecoder) (field.ErrorList, []string, error) {
	return nil, nil, errors.New("openkruise/kruise v1.8.3 has no v1beta1 " + kind)
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
