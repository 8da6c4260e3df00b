//go:build kruise && kruisege9

package main

// kruise.preDownload, v1.9.0's release-specific reads (kruise_predownload.go): the CloneSet's threshold is the
// spec field rollingUpdate.inPlaceUpdateStrategy.imagePreDownloadMinUpdatedReadyPods, the Advanced DaemonSet's
// hash is status.updateRevision, the jobs are apps.kruise.io/v1beta1 ImagePullJobs.

import (
	kruiseappsv1beta1 "github.com/openkruise/kruise/apis/apps/v1beta1"
	"github.com/openkruise/kruise/pkg/util/imagejob"
	intstrutil "k8s.io/apimachinery/pkg/util/intstr"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// cloneSetMinReadyPods: the CloneSet controller's min-updated-ready-pods threshold (v1.9.0: the spec field).
func cloneSetMinReadyPods(cs *kruiseCloneSet) int {
	ru := cs.Spec.UpdateStrategy.RollingUpdate
	if ru == nil || ru.InPlaceUpdateStrategy == nil || ru.InPlaceUpdateStrategy.ImagePreDownloadMinUpdatedReadyPods == nil {
		return 0
	}
	x := intstrutil.FromInt(int(*ru.InPlaceUpdateStrategy.ImagePreDownloadMinUpdatedReadyPods))
	n, _ := intstrutil.GetScaledValueFromIntOrPercent(&x, int(*cs.Spec.Replicas), true)
	return n
}

// daemonSetStatusHash: the status member the DaemonSet controller compares with the update revision's hash.
func daemonSetStatusHash(ds *kruiseDaemonSet) string { return ds.Status.UpdateRevision }

// kruiseNodesForJob: the names of the NodeImages imagejob.GetNodeImagesForJob returns for a created job.
func kruiseNodesForJob(r client.Reader, obj client.Object) ([]string, error) {
	imgs, err := imagejob.GetNodeImagesForJob(r, obj.(*kruiseappsv1beta1.ImagePullJob))
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(imgs))
	for _, n := range imgs {
		out = append(out, n.Name)
	}
	return out, nil
}
