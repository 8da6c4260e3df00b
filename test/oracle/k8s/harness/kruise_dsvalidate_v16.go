//go:build kruise && kruisege6

package main

// The Advanced DaemonSet validating webhook's UPDATE checks, OpenKruise v1.6+: validateDaemonSetUpdate
// (unexported: //go:linkname).

import (
	_ "unsafe" // go:linkname

	kruiseappsv1alpha1 "github.com/openkruise/kruise/apis/apps/v1alpha1"
	dsvalidating "github.com/openkruise/kruise/pkg/webhook/daemonset/validating"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

//go:linkname kruiseDSValidateUpdate github.com/openkruise/kruise/pkg/webhook/daemonset/validating.(*DaemonSetCreateUpdateHandler).validateDaemonSetUpdate
func kruiseDSValidateUpdate(h *dsvalidating.DaemonSetCreateUpdateHandler, ds, oldDs *kruiseappsv1alpha1.DaemonSet) field.ErrorList

// kruiseDSUpdateErrors is the ErrorList the handler aggregates for an UPDATE of old to ds.
func kruiseDSUpdateErrors(h *dsvalidating.DaemonSetCreateUpdateHandler, ds, old *kruiseappsv1alpha1.DaemonSet) field.ErrorList {
	return kruiseDSValidateUpdate(h, ds, old)
}
