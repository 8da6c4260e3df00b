//go:build kube && minorge32

package main

// What kube-apiserver of this build's minor (1.32+: the minors that have the subresource) answers to a PATCH
// or PUT of a Pod's `resize` subresource (in-place pod vertical scaling), up to and including
// rest.BeforeUpdate:
//
//	pod.validateResize {old|oldText, new|newText, kubernetes?, gates?, applyDefaults?, maxErrorBytes?}
//	  -> {errors: [{field, type, message}], message, warnings}
//
// old is the stored Pod, new the Pod as the request leaves it (a PATCH: the stored pod with the patch
// applied; a PUT: the body). Checks in order:
//
//  1. kubernetes (checkMinor: an unknown minor is E_UNSUPPORTED_VERSION `unsupported kubernetes version
//     "1.99"`, path kubernetes). A minor before 1.32 has no resize subresource: the request never reaches a
//     handler and go-restful's 404 goes through the API server's service error handler, whose StatusError
//     text is E_NOT_FOUND `the server could not find the requested resource`, path kubernetes (resize_none.go;
//     the other fields are not looked at).
//  2. applyDefaults (optional boolean, default true; else E_BAD_REQUEST `"applyDefaults" must be a boolean`).
//  3. maxErrorBytes: accepted and ignored (the engine's bound on its error list; Go keeps none).
//  4. gates: as pod.validateUpdate's (applyGates / resetGates in validate.go: {name: bool} in the order
//     written over the minor's defaults; a refused gate, e.g. InPlacePodVerticalScaling false at 1.35+ where it
//     is locked, is E_BAD_REQUEST with upstream's text, path gates).
//  5. With InPlacePodVerticalScaling off (1.32's default; 1.33-1.34 when the request turns it off)
//     pkg/registry/core/rest does not register pods/resize: the same E_NOT_FOUND `the server could not find
//     the requested resource`, path gates.
//  6. old, then new: decoded as the API server decodes a v1 body (apiDecode; errors as pod.validateUpdate's,
//     with the object's path; an apiVersion other than v1 is E_BAD_REQUEST `the API version in the data (X)
//     does not match the expected API version (v1)`, a kind other than Pod `the kind in the data (X) does not
//     match the expected kind (Pod)`, path old / new), defaulted with the real SetObjectDefaults_Pod unless
//     applyDefaults is false (the stored pod is defaulted when it is read from etcd, the request's pod when it
//     is decoded or patched), and converted to the internal version by legacyscheme.Scheme (core installed).
//
// Then the real rest.BeforeUpdate with pkg/registry/core/pod's ResizeStrategy (its PrepareForUpdate keeps
// only the containers' resources and resizePolicy of the new pod, per minor, and its ValidateUpdate runs
// ValidatePodResize of pkg/apis/core/validation), in a context holding the namespace (old's, else new's, else
// "default"; a new pod without one takes it, a stored pod without a resourceVersion gets "1", a new pod without
// one the stored one's: storedBeforeUpdate in workload.go), a RequestInfo of the subresource (PATCH
// /api/v1/namespaces/{ns}/pods/{name}/resize: group "", version v1, resource pods, subresource resize, verb
// patch; 1.37's declarative validation reads it) and the warning recorder. pkg/capabilities' AllowPrivileged
// is true. The answer is workload.validateUpdate's (beforeUpdateAnswer in workload.go): a StatusError of reason
// Invalid gives errors = its causes in order ({field, type: field.ErrorType(Type).String(), message}) and
// message = its Error() (`Pod "web-0" is invalid: ...`); no error gives errors [] and message ""; warnings are
// the recorded texts (the resize strategy records none in 1.32-1.37); any other BeforeUpdate error (a new pod
// in another namespace) is E_BAD_REQUEST with its text, path new. 1.32's "only cpu and memory resources are
// mutable" message ends in a go-cmp diff after its newline, which go-cmp randomizes: compare up to the
// newline (normalizeResize in test/oracle/resize-arbitraries.ts). 1.32 refuses any other metadata change (a
// new uid) with ValidateImmutableField on the whole ObjectMeta, whose %#v text prints the creation time as
// time.Date(..., time.Local) in the oracle process's zone (UTC for the committed vectors).
//
// Not modelled: the handler's checks before the registry (the name on the URL is the stored pod's, so a new
// name is answered by ValidateObjectMetaUpdate here), admission plugins, the patch itself and conflicts.

import (
	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	genericapirequest "k8s.io/apiserver/pkg/endpoints/request"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
	core "k8s.io/kubernetes/pkg/apis/core"
	kubefeatures "k8s.io/kubernetes/pkg/features"
	podregistry "k8s.io/kubernetes/pkg/registry/core/pod"
)

func init() {
	ops["pod.validateResize"] = opSpec{resizeFields, runPodValidateResize}
	resizeVerdictHook = resizeRefused
}

// resizeRefused: rest.BeforeUpdate with the resize strategy on the verdict's decoded pods (their live
// resourceVersion and namespace already set), as runPodValidateResize runs it: its error's text ("" when accepted).
func resizeRefused(dNew, dOld *v1.Pod) (string, *protoError) {
	oldObj, perr := convertWorkload(dOld.DeepCopy(), podResizeKind, "old")
	if perr != nil {
		return "", perr
	}
	newObj, perr := convertWorkload(dNew.DeepCopy(), podResizeKind, "new")
	if perr != nil {
		return "", perr
	}
	err, perr := storedBeforeUpdate(podResizeKind.strategy, newObj, oldObj, &warningTexts{}, resizeRequestInfo)
	if perr != nil {
		return "", perr
	}
	if err == nil {
		return "", nil
	}
	return err.Error(), nil
}

// podResizeKind is the Pod as workload.go's helpers see a kind: the resize subresource's store strategy.
var podResizeKind = workloadKind{"pods", podregistry.ResizeStrategy,
	func() runtime.Object { return &v1.Pod{} }, func() runtime.Object { return &core.Pod{} }}

// decodeResizePod decodes, defaults and converts one pod of the request (path name).
func decodeResizePod(req *request, name string, defaults bool) (runtime.Object, *protoError) {
	data, perr := valueField(req, name)
	if perr != nil {
		return nil, perr
	}
	obj := &v1.Pod{}
	if e := apiDecode(data, obj); e != nil {
		perr := decodeErr(e)
		perr.Path, perr.HasPath = name, true
		return nil, perr
	}
	gvk := obj.GetObjectKind().GroupVersionKind()
	if gv := gvk.GroupVersion().String(); gv != "" && gv != "v1" {
		return nil, fieldErr(codeBadRequest, name, "the API version in the data ("+gv+") does not match the expected API version (v1)")
	}
	if gvk.Kind != "" && gvk.Kind != "Pod" {
		return nil, fieldErr(codeBadRequest, name, "the kind in the data ("+gvk.Kind+") does not match the expected kind (Pod)")
	}
	if defaults {
		if perr := applyTypeDefaults("Pod", obj, name); perr != nil {
			return nil, perr
		}
	}
	return convertWorkload(obj, podResizeKind, name)
}

// runPodValidateResize: the checks above, then rest.BeforeUpdate with the resize strategy.
func runPodValidateResize(req *request) (*result, *protoError) {
	if kruiseVersion != "" {
		return nil, plainErr(codeInternal, "pod.validateResize routed to the OpenKruise build")
	}
	if err := checkMinor(req, "kubernetes"); err != nil {
		return nil, err
	}
	defaults := true
	if req.field("applyDefaults") != nil {
		b, err := boolField(req, "applyDefaults")
		if err != nil {
			return nil, err
		}
		defaults = b
	}
	resetGates()
	if err := applyGates(req.field("gates")); err != nil {
		return nil, err
	}
	if !utilfeature.DefaultFeatureGate.Enabled(kubefeatures.InPlacePodVerticalScaling) {
		return nil, resizeNotFound("gates")
	}
	setAllowPrivileged(true)
	oldObj, perr := decodeResizePod(req, "old", defaults)
	if perr != nil {
		return nil, perr
	}
	newObj, perr := decodeResizePod(req, "new", defaults)
	if perr != nil {
		return nil, perr
	}
	warnings := &warningTexts{}
	err, perr := storedBeforeUpdate(podResizeKind.strategy, newObj, oldObj, warnings, resizeRequestInfo)
	if perr != nil {
		return nil, perr
	}
	return beforeUpdateAnswer(err, warnings)
}

// resizeRequestInfo is the request info of a PATCH of pod ns/name's resize subresource.
func resizeRequestInfo(ns, name string) *genericapirequest.RequestInfo {
	return &genericapirequest.RequestInfo{
		IsResourceRequest: true,
		Path:              "/api/v1/namespaces/" + ns + "/pods/" + name + "/resize",
		Verb:              "patch",
		APIPrefix:         "api",
		APIGroup:          "",
		APIVersion:        "v1",
		Namespace:         ns,
		Resource:          "pods",
		Subresource:       "resize",
		Name:              name,
		Parts:             []string{"pods", name, "resize"},
	}
}
