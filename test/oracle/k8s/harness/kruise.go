//go:build kruise

package main

// OpenKruise v1.9.0 / v1.8.x: its kinds on the types the controllers read (kruise_v19.go,
// kruise_v18.go); the controllers' own revision code is in kruise_revision.go.

import (
	kruiseappsv1alpha1 "github.com/openkruise/kruise/apis/apps/v1alpha1"
	kruiseappsv1beta1 "github.com/openkruise/kruise/apis/apps/v1beta1"
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
)

func init() {
	// as kruise-manager's main.go does: the revision code encodes with clientgoscheme.Codecs
	utilruntime.Must(kruiseappsv1alpha1.AddToScheme(clientgoscheme.Scheme))
	utilruntime.Must(kruiseappsv1beta1.AddToScheme(clientgoscheme.Scheme))
	features = append(features, "openkruise")
	kruiseReleaseField = kruiseVersionField
	typeRegistry["CloneSet"] = typeEntry{new: func() interface{} { return &kruiseCloneSet{} }, kruise: true, revision: cloneSetRevision}
	typeRegistry["AdvancedStatefulSet"] = typeEntry{new: func() interface{} { return &kruiseappsv1beta1.StatefulSet{} }, kruise: true, revision: advancedStatefulSetRevision}
	typeRegistry["AdvancedDaemonSet"] = typeEntry{new: func() interface{} { return &kruiseDaemonSet{} }, kruise: true, revision: advancedDaemonSetRevision}
}
