//go:build kube

package main

// applyDefaults for k8s.json, podTemplateHash and revision: the API server's
// generated defaulters of this minor (k8s.io/kubernetes pkg/apis/core/v1 and
// pkg/apis/apps/v1 SetObjectDefaults_*), run on the decoded object at the
// default feature gates. container.hash uses applyPodDefaults (kube.go).

import (
	appsv1 "k8s.io/api/apps/v1"
	v1 "k8s.io/api/core/v1"
	appsv1defaults "k8s.io/kubernetes/pkg/apis/apps/v1"
	corev1defaults "k8s.io/kubernetes/pkg/apis/core/v1"
)

// applyTypeDefaults defaults obj (request type name) in place; path names the
// request field for the "no defaulter" error.
func applyTypeDefaults(name string, obj interface{}, path string) *protoError {
	switch o := obj.(type) {
	case *v1.Pod:
		corev1defaults.SetObjectDefaults_Pod(o)
	case *v1.PodTemplate:
		corev1defaults.SetObjectDefaults_PodTemplate(o)
	case *v1.Node:
		corev1defaults.SetObjectDefaults_Node(o)
	case *v1.PodTemplateSpec:
		pt := &v1.PodTemplate{Template: *o}
		corev1defaults.SetObjectDefaults_PodTemplate(pt)
		*o = pt.Template
	case *v1.Container:
		pod := &v1.Pod{Spec: v1.PodSpec{Containers: []v1.Container{*o}}}
		corev1defaults.SetObjectDefaults_Pod(pod)
		*o = pod.Spec.Containers[0]
	case *appsv1.Deployment:
		appsv1defaults.SetObjectDefaults_Deployment(o)
	case *appsv1.ReplicaSet:
		appsv1defaults.SetObjectDefaults_ReplicaSet(o)
	case *appsv1.StatefulSet:
		appsv1defaults.SetObjectDefaults_StatefulSet(o)
	case *appsv1.DaemonSet:
		appsv1defaults.SetObjectDefaults_DaemonSet(o)
	default:
		return fieldErr(codeBadRequest, path, "applyDefaults is not defined for type "+quote(name))
	}
	return nil
}
