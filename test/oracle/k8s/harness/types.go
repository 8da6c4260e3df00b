package main

import (
	appsv1 "k8s.io/api/apps/v1"
	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// typeEntry is one name the k8s.json / spew / revision ops accept.
type typeEntry struct {
	new      func() interface{} // a pointer to a fresh zero value
	kruise   bool               // an OpenKruise type (answered by the Kruise build)
	revision func(obj interface{}, collisionCount *int32) (*revisionResult, error)
}

// typeRegistry maps request type/kind names to upstream Go types. Files with
// build tags add minor-specific names (EphemeralContainer) and Kruise kinds.
var typeRegistry = map[string]typeEntry{
	"Pod":                  {new: func() interface{} { return &v1.Pod{} }},
	"PodSpec":              {new: func() interface{} { return &v1.PodSpec{} }},
	"PodTemplateSpec":      {new: func() interface{} { return &v1.PodTemplateSpec{} }},
	"PodTemplate":          {new: func() interface{} { return &v1.PodTemplate{} }},
	"Container":            {new: func() interface{} { return &v1.Container{} }},
	"ResourceRequirements": {new: func() interface{} { return &v1.ResourceRequirements{} }},
	"SecurityContext":      {new: func() interface{} { return &v1.SecurityContext{} }},
	"Probe":                {new: func() interface{} { return &v1.Probe{} }},
	"EnvVar":               {new: func() interface{} { return &v1.EnvVar{} }},
	"Volume":               {new: func() interface{} { return &v1.Volume{} }},
	"ObjectMeta":           {new: func() interface{} { return &metav1.ObjectMeta{} }},
	"Quantity":             {new: func() interface{} { return &resource.Quantity{} }},
	"Deployment":           {new: func() interface{} { return &appsv1.Deployment{} }},
	"ReplicaSet":           {new: func() interface{} { return &appsv1.ReplicaSet{} }},
	"StatefulSet":          {new: func() interface{} { return &appsv1.StatefulSet{} }, revision: statefulSetRevision},
	"DaemonSet":            {new: func() interface{} { return &appsv1.DaemonSet{} }, revision: daemonSetRevision},
	"ControllerRevision":   {new: func() interface{} { return &appsv1.ControllerRevision{} }},
}

// kruiseKinds are the OpenKruise names; only the Kruise build registers them.
var kruiseKinds = map[string]bool{"CloneSet": true, "AdvancedStatefulSet": true, "AdvancedDaemonSet": true}
