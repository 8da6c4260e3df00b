//go:build !kube

package main

// The "api" flavor: only k8s.io/api + k8s.io/apimachinery (+ go-spew, hash/fnv)
// of the minor, no k8s.io/kubernetes. Used for 1.12, which predates Go modules
// (k8s.io/kubernetes v1.12.10 cannot be required: its vendored dependencies
// are not in the module zip and the proxy serves no versions for their
// revisions), and as a fast build for every other minor. These functions
// reproduce the k8s.io/kubernetes code line by line: pkg/util/hash
// DeepHashObject (spew config; 1.28+ uses dump.ForHash whose %v output is the
// same), pkg/kubelet/container HashContainer of each era and
// HashContainerWithoutResources (1.27-1.30), pkg/controller ComputeHash,
// pkg/controller/history NewControllerRevision/HashControllerRevision,
// pkg/controller/statefulset getPatch/newRevision and pkg/controller/daemon
// getPatch (all unchanged from 1.12 to 1.37). The kube flavor runs the real
// functions; the oracle's self-check compares both flavors.

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash"
	"hash/fnv"
	"strconv"

	"github.com/davecgh/go-spew/spew"
	appsv1 "k8s.io/api/apps/v1"
	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	"k8s.io/apimachinery/pkg/util/rand"
)

func init() { features = append(features, "kube=reproduced (api flavor)") }

const revisionHashLabel = "controller.kubernetes.io/hash"

// deepHashObject reproduces pkg/util/hash.DeepHashObject.
func deepHashObject(hasher hash.Hash, objectToWrite interface{}) {
	hasher.Reset()
	printer := spew.ConfigState{
		Indent:         " ",
		SortKeys:       true,
		DisableMethods: true,
		SpewKeys:       true,
	}
	printer.Fprintf(hasher, "%#v", objectToWrite)
}

// recorder is a hash.Hash that keeps what is written to it.
type recorder struct{ buf []byte }

func (r *recorder) Write(p []byte) (int, error) { r.buf = append(r.buf, p...); return len(p), nil }
func (r *recorder) Sum(b []byte) []byte         { return b }
func (r *recorder) Reset()                      { r.buf = r.buf[:0] }
func (r *recorder) Size() int                   { return 0 }
func (r *recorder) BlockSize() int              { return 1 }

func deepHashText(obj interface{}) []byte {
	r := &recorder{}
	deepHashObject(r, obj)
	return r.buf
}

// hashContainer reproduces the kubelet's HashContainer of this minor's era.
func hashContainer(container *v1.Container) uint64 {
	hash := fnv.New32a()
	switch eraOf(buildMinor) {
	case "struct": // <= 1.15
		deepHashObject(hash, *container)
	case "json": // 1.16-1.30
		containerJSON, _ := json.Marshal(container)
		deepHashObject(hash, containerJSON)
	default: // 1.31+: pickFieldsToHash
		containerJSON, _ := json.Marshal(map[string]string{"name": container.Name, "image": container.Image})
		deepHashObject(hash, containerJSON)
	}
	return uint64(hash.Sum32())
}

// hashContainerWithoutResources reproduces HashContainerWithoutResources (1.27-1.30).
func hashContainerWithoutResources(container *v1.Container) (uint64, bool) {
	if n := parseMinor(buildMinor); n < 27 || n > 30 {
		return 0, false
	}
	hashWithoutResources := fnv.New32a()
	containerCopy := container.DeepCopy()
	containerCopy.Resources = v1.ResourceRequirements{}
	containerJSON, _ := json.Marshal(containerCopy)
	deepHashObject(hashWithoutResources, containerJSON)
	return uint64(hashWithoutResources.Sum32()), true
}

// computeHash reproduces controller.ComputeHash.
func computeHash(template *v1.PodTemplateSpec, collisionCount *int32) string {
	podTemplateSpecHasher := fnv.New32a()
	deepHashObject(podTemplateSpecHasher, *template)
	if collisionCount != nil {
		collisionCountBytes := make([]byte, 8)
		binary.LittleEndian.PutUint32(collisionCountBytes, uint32(*collisionCount))
		podTemplateSpecHasher.Write(collisionCountBytes)
	}
	return rand.SafeEncodeString(fmt.Sprint(podTemplateSpecHasher.Sum32()))
}

func applyPodDefaults(pod *v1.Pod) *protoError {
	return fieldErr(codeUnsupported, "applyDefaults",
		"applyDefaults needs k8s.io/kubernetes (pkg/apis/core/v1 defaulters): not in this build (api flavor; kubernetes 1.12 has only this flavor)")
}

// patchCodec reproduces client-go scheme.Codecs.LegacyCodec(apps/v1) for a StatefulSet.
var patchCodec runtime.Codec

func init() {
	scheme := runtime.NewScheme()
	if err := appsv1.AddToScheme(scheme); err != nil {
		panic(err)
	}
	patchCodec = serializer.NewCodecFactory(scheme).LegacyCodec(appsv1.SchemeGroupVersion)
}

// stsGetPatch reproduces pkg/controller/statefulset getPatch.
func stsGetPatch(set *appsv1.StatefulSet) ([]byte, error) {
	str, err := runtime.Encode(patchCodec, set)
	if err != nil {
		return nil, err
	}
	var raw map[string]interface{}
	json.Unmarshal([]byte(str), &raw)
	objCopy := make(map[string]interface{})
	specCopy := make(map[string]interface{})
	spec := raw["spec"].(map[string]interface{})
	template := spec["template"].(map[string]interface{})
	specCopy["template"] = template
	template["$patch"] = "replace"
	objCopy["spec"] = specCopy
	patch, err := json.Marshal(objCopy)
	return patch, err
}

// hashControllerRevision reproduces history.HashControllerRevision: FNV-1.
func hashControllerRevision(revision *appsv1.ControllerRevision, probe *int32) string {
	hf := fnv.New32()
	if len(revision.Data.Raw) > 0 {
		hf.Write(revision.Data.Raw)
	}
	if revision.Data.Object != nil {
		deepHashObject(hf, revision.Data.Object)
	}
	if probe != nil {
		hf.Write([]byte(strconv.FormatInt(int64(*probe), 10)))
	}
	return rand.SafeEncodeString(fmt.Sprint(hf.Sum32()))
}

// controllerRevisionName reproduces history.ControllerRevisionName.
func controllerRevisionName(prefix string, hash string) string {
	if len(prefix) > 223 {
		prefix = prefix[:223]
	}
	return fmt.Sprintf("%s-%s", prefix, hash)
}

// stsNewRevision reproduces statefulset newRevision + history.NewControllerRevision
// as far as name, hash label and data go.
func stsNewRevision(set *appsv1.StatefulSet, revision int64, collisionCount *int32) (*appsv1.ControllerRevision, error) {
	patch, err := stsGetPatch(set)
	if err != nil {
		return nil, err
	}
	labelMap := make(map[string]string)
	for k, v := range set.Spec.Template.Labels {
		labelMap[k] = v
	}
	cr := &appsv1.ControllerRevision{Data: runtime.RawExtension{Raw: patch}, Revision: revision}
	cr.Labels = labelMap
	hash := hashControllerRevision(cr, collisionCount)
	cr.Name = controllerRevisionName(set.GetName(), hash)
	cr.Labels[revisionHashLabel] = hash
	return cr, nil
}

// dsGetPatch reproduces pkg/controller/daemon getPatch.
func dsGetPatch(ds *appsv1.DaemonSet) ([]byte, error) {
	dsBytes, err := json.Marshal(ds)
	if err != nil {
		return nil, err
	}
	var raw map[string]interface{}
	err = json.Unmarshal(dsBytes, &raw)
	if err != nil {
		return nil, err
	}
	objCopy := make(map[string]interface{})
	specCopy := make(map[string]interface{})
	spec := raw["spec"].(map[string]interface{})
	template := spec["template"].(map[string]interface{})
	specCopy["template"] = template
	template["$patch"] = "replace"
	objCopy["spec"] = specCopy
	patch, err := json.Marshal(objCopy)
	return patch, err
}
