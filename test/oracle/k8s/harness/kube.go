//go:build kube

package main

// The real k8s.io/kubernetes code of this minor. Unexported controller
// functions are pulled in with //go:linkname (the upstream code still runs;
// pulls of non-std symbols need no -checklinkname=0).

import (
	_ "unsafe" // go:linkname

	appsv1 "k8s.io/api/apps/v1"
	v1 "k8s.io/api/core/v1"
	corev1defaults "k8s.io/kubernetes/pkg/apis/core/v1"
	"k8s.io/kubernetes/pkg/controller"
	_ "k8s.io/kubernetes/pkg/controller/daemon"
	"k8s.io/kubernetes/pkg/controller/history"
	_ "k8s.io/kubernetes/pkg/controller/statefulset"
	kubecontainer "k8s.io/kubernetes/pkg/kubelet/container"
	hashutil "k8s.io/kubernetes/pkg/util/hash"
)

func init() { features = append(features, "kube=k8s.io/kubernetes") }

const revisionHashLabel = history.ControllerRevisionHashLabel

// hashContainer is the kubelet's HashContainer of this minor.
func hashContainer(c *v1.Container) uint64 { return kubecontainer.HashContainer(c) }

// computeHash is controller.ComputeHash (pod-template-hash) of this minor.
func computeHash(t *v1.PodTemplateSpec, collisionCount *int32) string {
	return controller.ComputeHash(t, collisionCount)
}

// recorder is a hash.Hash that keeps what is written to it.
type recorder struct{ buf []byte }

func (r *recorder) Write(p []byte) (int, error) { r.buf = append(r.buf, p...); return len(p), nil }
func (r *recorder) Sum(b []byte) []byte         { return b }
func (r *recorder) Reset()                      { r.buf = r.buf[:0] }
func (r *recorder) Size() int                   { return 0 }
func (r *recorder) BlockSize() int              { return 1 }

// deepHashText is exactly what hashutil.DeepHashObject of this minor writes.
func deepHashText(obj interface{}) []byte {
	r := &recorder{}
	hashutil.DeepHashObject(r, obj)
	return r.buf
}

// applyPodDefaults runs the API server's generated defaulters for a v1 Pod.
func applyPodDefaults(pod *v1.Pod) *protoError {
	corev1defaults.SetObjectDefaults_Pod(pod)
	return nil
}

//go:linkname stsNewRevision k8s.io/kubernetes/pkg/controller/statefulset.newRevision
func stsNewRevision(set *appsv1.StatefulSet, revision int64, collisionCount *int32) (*appsv1.ControllerRevision, error)

//go:linkname dsGetPatch k8s.io/kubernetes/pkg/controller/daemon.getPatch
func dsGetPatch(ds *appsv1.DaemonSet) ([]byte, error)
