//go:build kruise && !kruisege9

package main

// kruise.preDownload, v1.5.5 .. v1.8.3's release-specific reads (kruise_predownload.go): the CloneSet's threshold is the
// annotation apps.kruise.io/image-predownload-min-updated-ready-pods, the Advanced DaemonSet's hash is
// status.daemonSetHash, the jobs are apps.kruise.io/v1alpha1 ImagePullJobs.

import (
	kruiseappsv1alpha1 "github.com/openkruise/kruise/apis/apps/v1alpha1"
	"github.com/openkruise/kruise/pkg/util/imagejob"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// cloneSetMinReadyPods: the CloneSet controller's min-updated-ready-pods threshold (before v1.9: the annotation).
func cloneSetMinReadyPods(cs *kruiseCloneSet) int {
	return minReadyFromAnnotation(cs.Annotations, int(*cs.Spec.Replicas))
}

// daemonSetStatusHash: the status member the DaemonSet controller compares with the update revision's hash.
func daemonSetStatusHash(ds *kruiseDaemonSet) string { return ds.Status.DaemonSetHash }

// kruiseNodesForJob: the names of the NodeImages imagejob.GetNodeImagesForJob returns for a created job.
func kruiseNodesForJob(r client.Reader, obj client.Object) ([]string, error) {
	imgs, err := imagejob.GetNodeImagesForJob(r, obj.(*kruiseappsv1alpha1.ImagePullJob))
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(imgs))
	for _, n := range imgs {
		out = append(out, n.Name)
	}
	return out, nil
}
