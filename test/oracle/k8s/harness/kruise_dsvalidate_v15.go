//go:build kruise && !kruisege6

package main

// The Advanced DaemonSet validating webhook's UPDATE checks, OpenKruise v1.5: validateDaemonSet of the new
// object alone (no update rules yet; unexported: //go:linkname).

import (
	_ "unsafe" // go:linkname

	kruiseappsv1alpha1 "github.com/openkruise/kruise/apis/apps/v1alpha1"
	dsvalidating "github.com/openkruise/kruise/pkg/webhook/daemonset/validating"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

//go:linkname kruiseDSValidate github.com/openkruise/kruise/pkg/webhook/daemonset/validating.validateDaemonSet
func kruiseDSValidate(ds *kruiseappsv1alpha1.DaemonSet) field.ErrorList

// kruiseDSUpdateErrors is the ErrorList the handler aggregates for an UPDATE: v1.5 validates the new object only.
func kruiseDSUpdateErrors(_ *dsvalidating.DaemonSetCreateUpdateHandler, ds, _ *kruiseappsv1alpha1.DaemonSet) field.ErrorList {
	return kruiseDSValidate(ds)
}
