//go:build kruise && kruisege7 && !kruisege8

package main

// The Kruise gates of OpenKruise v1.7.0 that the oracle's ops read, at their defaults (no
// InPlaceWorkloadVerticalScaling, no StatefulSetAutoResizePVCGate yet).

import (
	kruiseappsv1beta1 "github.com/openkruise/kruise/apis/apps/v1beta1"
	kfeatures "github.com/openkruise/kruise/pkg/features"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// kruiseGateDefaults are the gates the in-place update functions read.
var kruiseGateDefaults = map[string]bool{
	string(kfeatures.InPlaceUpdateEnvFromMetadata):           true,
	string(kfeatures.RecreatePodWhenChangeVCTInCloneSetGate): false,
	string(kfeatures.KruiseDaemon):                           true,
}

// kruiseWebhookGateDefaults are the gates the webhooks of workload.validateUpdate read: TemplateNoDefaults
// (mutating: no pod template defaults), StatefulSetAutoDeletePVC (Advanced StatefulSet defaults: the PVC
// retention policy).
var kruiseWebhookGateDefaults = map[string]bool{
	string(kfeatures.TemplateNoDefaults):       false,
	string(kfeatures.StatefulSetAutoDeletePVC): true,
}

// kruiseStsVCTUpdateErrors: v1.7 has no VolumeClaimTemplate update check.
func kruiseStsVCTUpdateErrors(client.Client, *kruiseappsv1beta1.StatefulSet, *kruiseappsv1beta1.StatefulSet) field.ErrorList {
	return nil
}
