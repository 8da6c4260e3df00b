//go:build kruise && kruisege8

package main

// The InPlaceUpdateState Interface.Update starts with, OpenKruise v1.8+ (with updateImages / updateResources).

import (
	"time"

	appspub "github.com/openkruise/kruise/apis/apps/pub"
	"github.com/openkruise/kruise/pkg/util/inplaceupdate"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// kruiseInitialState is the state updatePodInPlace builds for a spec at `now`.
func kruiseInitialState(spec *inplaceupdate.UpdateSpec, now time.Time) appspub.InPlaceUpdateState {
	return appspub.InPlaceUpdateState{
		Revision:              spec.Revision,
		UpdateTimestamp:       metav1.NewTime(now),
		UpdateEnvFromMetadata: spec.UpdateEnvFromMetadata,
		UpdateImages:          len(spec.ContainerImages) > 0,
		UpdateResources:       len(spec.ContainerResources) > 0,
	}
}
