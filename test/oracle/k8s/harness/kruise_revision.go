//go:build kruise

package main

// OpenKruise v1.9.0 ControllerRevisions, built by the controllers' own code:
// CloneSet revision.NewRevisionControl().NewRevision (exported), Advanced
// StatefulSet statefulset.newRevision and Advanced DaemonSet daemonset.getPatch
// (unexported: pulled with //go:linkname so the upstream bodies run).

import (
	_ "unsafe" // go:linkname

	kruiseappsv1beta1 "github.com/openkruise/kruise/apis/apps/v1beta1"
	"github.com/openkruise/kruise/pkg/controller/cloneset/revision"
	_ "github.com/openkruise/kruise/pkg/controller/daemonset"
	_ "github.com/openkruise/kruise/pkg/controller/statefulset"
	appsv1 "k8s.io/api/apps/v1"
)

//go:linkname kruiseStsNewRevision github.com/openkruise/kruise/pkg/controller/statefulset.newRevision
func kruiseStsNewRevision(set *kruiseappsv1beta1.StatefulSet, revision int64, collisionCount *int32) (*appsv1.ControllerRevision, error)

//go:linkname kruiseDsGetPatch github.com/openkruise/kruise/pkg/controller/daemonset.getPatch
func kruiseDsGetPatch(ds *kruiseDaemonSet) ([]byte, error)

// cloneSetRevision: the CloneSet controller passes a local copy of status.collisionCount (0 when unset).
func cloneSetRevision(obj interface{}, cc *int32) (*revisionResult, error) {
	cs := obj.(*kruiseCloneSet)
	if cc != nil {
		cs.Status.CollisionCount = cc
	}
	var collisionCount int32
	if cs.Status.CollisionCount != nil {
		collisionCount = *cs.Status.CollisionCount
	}
	cr, err := revision.NewRevisionControl().NewRevision(cs, 1, &collisionCount)
	if err != nil {
		return nil, err
	}
	return &revisionResult{name: cr.Name, hash: cr.Labels[revisionHashLabel], data: cr.Data.Raw}, nil
}

// advancedStatefulSetRevision: same collisionCount handling as the upstream StatefulSet controller.
func advancedStatefulSetRevision(obj interface{}, cc *int32) (*revisionResult, error) {
	set := obj.(*kruiseappsv1beta1.StatefulSet)
	if cc != nil {
		set.Status.CollisionCount = cc
	}
	var collisionCount int32
	if set.Status.CollisionCount != nil {
		collisionCount = *set.Status.CollisionCount
	}
	cr, err := kruiseStsNewRevision(set, 1, &collisionCount)
	if err != nil {
		return nil, err
	}
	return &revisionResult{name: cr.Name, hash: cr.Labels[revisionHashLabel], data: cr.Data.Raw}, nil
}

// advancedDaemonSetRevision: snapshot names it ds.Name + "-" + kubecontroller.ComputeHash(&template, status.collisionCount).
func advancedDaemonSetRevision(obj interface{}, cc *int32) (*revisionResult, error) {
	ds := obj.(*kruiseDaemonSet)
	if cc != nil {
		ds.Status.CollisionCount = cc
	}
	patch, err := kruiseDsGetPatch(ds)
	if err != nil {
		return nil, err
	}
	hash := computeHash(&ds.Spec.Template, ds.Status.CollisionCount)
	return &revisionResult{name: ds.Name + "-" + hash, hash: hash, data: patch}, nil
}
