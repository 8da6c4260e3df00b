//go:build kruise && kruisege9

package main

// The Kruise gates of OpenKruise v1.9.0 that the oracle's ops read, at their defaults.

import (
	kruiseappsv1beta1 "github.com/openkruise/kruise/apis/apps/v1beta1"
	kfeatures "github.com/openkruise/kruise/pkg/features"
	utilfeature "github.com/openkruise/kruise/pkg/util/feature"
	stsvalidating "github.com/openkruise/kruise/pkg/webhook/statefulset/validating"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// kruiseGateDefaults are the gates the in-place update functions read.
var kruiseGateDefaults = map[string]bool{
	string(kfeatures.InPlaceUpdateEnvFromMetadata):           true,
	string(kfeatures.InPlaceWorkloadVerticalScaling):         false,
	string(kfeatures.RecreatePodWhenChangeVCTInCloneSetGate): false,
	string(kfeatures.KruiseDaemon):                           true,
}

// kruiseWebhookGateDefaults are the gates the webhooks of workload.validateUpdate read: TemplateNoDefaults
// (mutating: no pod template defaults), StatefulSetAutoDeletePVC (Advanced StatefulSet defaults: the PVC
// retention policy), StatefulSetAutoResizePVCGate (its volumeClaimUpdateStrategy default and
// ValidateVolumeClaimTemplateUpdate), DefaultHostNetworkHostPortsInPodTemplates (SetDefaultPodSpec).
var kruiseWebhookGateDefaults = map[string]bool{
	string(kfeatures.TemplateNoDefaults):                        false,
	string(kfeatures.StatefulSetAutoDeletePVC):                  true,
	string(kfeatures.StatefulSetAutoResizePVCGate):              false,
	string(kfeatures.DefaultHostNetworkHostPortsInPodTemplates): false,
}

// kruiseStsVCTUpdateErrors is the validating handler's VolumeClaimTemplate update check (behind StatefulSetAutoResizePVCGate).
func kruiseStsVCTUpdateErrors(c client.Client, obj, old *kruiseappsv1beta1.StatefulSet) field.ErrorList {
	if utilfeature.DefaultFeatureGate.Enabled(kfeatures.StatefulSetAutoResizePVCGate) {
		return stsvalidating.ValidateVolumeClaimTemplateUpdate(c, obj, old)
	}
	return nil
}
