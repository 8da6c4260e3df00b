//go:build kube

package main

// What the API server of this build's minor does on PUT /apis/apps/v1/namespaces/{ns}/{resource}/{name}
// for a workload, up to and including rest.BeforeUpdate:
//
//	workload.validateUpdate {kind, old|oldText, new|newText, kubernetes?, gates?, applyDefaults?}
//	  -> {errors: [{field, type, message}], message, warnings}
//
// kind is Deployment, StatefulSet, DaemonSet or ReplicaSet (apps/v1); the OpenKruise kinds CloneSet,
// AdvancedStatefulSet and AdvancedDaemonSet are answered by the Kruise builds (kruise_workload.go, reached
// through kruiseWorkloadHook: their webhooks; `kruise` and `pods` are theirs). Both objects are decoded as the
// API server decodes an apps/v1 body of that kind (apiDecode; an apiVersion other than apps/v1 is
// refused with the update handler's text, a kind other than the request's with this harness's text,
// both E_BAD_REQUEST with the object's path), defaulted with the real apps/v1
// SetObjectDefaults_<kind> unless applyDefaults is false, and converted to the internal version
// (k8s.io/kubernetes/pkg/apis/apps) by legacyscheme.Scheme with apps and core installed, as the
// server's codec does (a conversion error, e.g. a DaemonSet's deprecated.daemonset.template.generation
// annotation that is not an integer, is E_DECODE with the object's path, and so is a panic of the
// conversion, "panic: " + its value: see convertWorkload). The old object stands for
// the stored one. Then the real rest.BeforeUpdate with the registry's Strategy of the kind
// (k8s.io/kubernetes/pkg/registry/apps/<kind>), a context carrying the namespace (new's, else
// "default", as the URL would name it), a RequestInfo of the update (group apps, version v1, the
// resource, verb update, new's name: the apps/v1 selector immutability and, from 1.37, declarative
// validation read it) and, from 1.19, a warning recorder (warning.WithWarningRecorder) that keeps the
// texts in order, skips empty ones and dedupes as the server's recorder does (its 4 KiB header
// truncation is not applied). pkg/capabilities' AllowPrivileged is true for every request (as most
// clusters run kube-apiserver --allow-privileged=true; privileged template containers validate).
//
// Answer: when BeforeUpdate returns a *StatusError of reason Invalid, errors = its Details.Causes in
// order ({field: Field, type: field.ErrorType(Type).String(), message: Message = ErrorBody()}) and
// message = its Error(); when it returns nil, errors = [] and message = ""; warnings = the recorded
// texts (also when refused: warnings added before validation stay). Any other error from
// BeforeUpdate is E_BAD_REQUEST with its Error() text and path "new". Gates: as pod.validateUpdate
// (applyGates / resetGates in validate.go). Checks in order: kind, kubernetes, applyDefaults, gates,
// old, new.

import (
	"context"
	"fmt"

	appsv1 "k8s.io/api/apps/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
	genericapirequest "k8s.io/apiserver/pkg/endpoints/request"
	"k8s.io/apiserver/pkg/registry/rest"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
	apps "k8s.io/kubernetes/pkg/apis/apps"
	_ "k8s.io/kubernetes/pkg/apis/apps/install"
	_ "k8s.io/kubernetes/pkg/apis/core/install"
	"k8s.io/kubernetes/pkg/registry/apps/daemonset"
	"k8s.io/kubernetes/pkg/registry/apps/deployment"
	"k8s.io/kubernetes/pkg/registry/apps/replicaset"
	"k8s.io/kubernetes/pkg/registry/apps/statefulset"
)

// kruiseWorkloadHook answers workload.validateUpdate for an OpenKruise kind (set by kruise_workload.go in
// the Kruise builds; nil elsewhere).
var kruiseWorkloadHook func(req *request, kind string) (*result, *protoError)

func init() {
	ops["workload.validateUpdate"] = opSpec{[]string{"kind", "old", "oldText", "new", "newText", "kubernetes", "kruise", "gates", "applyDefaults", "pods"}, runWorkloadValidateUpdate}
}

// workloadKind is one apps/v1 kind the op accepts.
type workloadKind struct {
	resource    string
	strategy    rest.RESTUpdateStrategy
	newV1       func() runtime.Object
	newInternal func() runtime.Object
}

var workloadKinds = map[string]workloadKind{
	"Deployment": {"deployments", deployment.Strategy,
		func() runtime.Object { return &appsv1.Deployment{} }, func() runtime.Object { return &apps.Deployment{} }},
	"StatefulSet": {"statefulsets", statefulset.Strategy,
		func() runtime.Object { return &appsv1.StatefulSet{} }, func() runtime.Object { return &apps.StatefulSet{} }},
	"DaemonSet": {"daemonsets", daemonset.Strategy,
		func() runtime.Object { return &appsv1.DaemonSet{} }, func() runtime.Object { return &apps.DaemonSet{} }},
	"ReplicaSet": {"replicasets", replicaset.Strategy,
		func() runtime.Object { return &appsv1.ReplicaSet{} }, func() runtime.Object { return &apps.ReplicaSet{} }},
}

// warningTexts is the request's warning recorder: texts in order, empty ones skipped, each once.
type warningTexts struct {
	texts []string
	seen  map[string]bool
}

func (w *warningTexts) AddWarning(agent, text string) {
	if len(text) == 0 || w.seen[text] {
		return
	}
	if w.seen == nil {
		w.seen = map[string]bool{}
	}
	w.seen[text] = true
	w.texts = append(w.texts, text)
}

// decodeWorkload decodes, defaults and converts one object of the request (path name).
func decodeWorkload(req *request, name, kind string, k workloadKind, defaults bool) (runtime.Object, *protoError) {
	data, perr := valueField(req, name)
	if perr != nil {
		return nil, perr
	}
	obj := k.newV1()
	if e := apiDecode(data, obj); e != nil {
		perr := decodeErr(e)
		perr.Path, perr.HasPath = name, true
		return nil, perr
	}
	gvk := obj.GetObjectKind().GroupVersionKind()
	if gv := gvk.GroupVersion().String(); gv != "" && gv != "apps/v1" {
		// the update handler's text (the serializer decodes any registered version; the handler refuses it)
		return nil, fieldErr(codeBadRequest, name, "the API version in the data ("+gv+") does not match the expected API version (apps/v1)")
	}
	if gvk.Kind != "" && gvk.Kind != kind {
		return nil, fieldErr(codeBadRequest, name, "the kind in the data ("+gvk.Kind+") does not match the expected kind ("+kind+")")
	}
	if defaults {
		if perr := applyTypeDefaults(kind, obj, name); perr != nil {
			return nil, perr
		}
	}
	return convertWorkload(obj, k, name)
}

// convertWorkload converts a decoded (defaulted) apps/v1 object to the internal version as the server's
// codec does. Its error is E_DECODE (path name); so is a panic of the conversion (1.15-1.16 dereference a
// StatefulSet's rollingUpdate.partition that defaulting only fills for type RollingUpdate, so
// `{"type":"OnDelete","rollingUpdate":{}}` panics there; the server's panic filter answers 500), with
// the text "panic: " + the panic value.
func convertWorkload(obj runtime.Object, k workloadKind, name string) (out runtime.Object, perr *protoError) {
	defer func() {
		if r := recover(); r != nil {
			out, perr = nil, fieldErr(codeDecode, name, fmt.Sprint("panic: ", r))
		}
	}()
	out = k.newInternal()
	if err := legacyscheme.Scheme.Convert(obj, out, nil); err != nil {
		return nil, fieldErr(codeDecode, name, err.Error())
	}
	return out, nil
}

// runWorkloadValidateUpdate: decode + default + convert both objects, then rest.BeforeUpdate.
func runWorkloadValidateUpdate(req *request) (*result, *protoError) {
	kindName, present, perr := stringField(req, "kind")
	if perr != nil {
		return nil, perr
	}
	if !present {
		return nil, fieldErr(codeBadRequest, "kind", "missing "+quote("kind"))
	}
	kind := string(kindName)
	if kruiseKinds[kind] {
		if kruiseWorkloadHook == nil {
			return nil, fieldErr(codeInternal, "kind", "OpenKruise kind "+quote(kind)+" routed to a non-Kruise build")
		}
		return kruiseWorkloadHook(req, kind)
	}
	if kruiseVersion != "" {
		return nil, plainErr(codeInternal, "workload.validateUpdate of an apps/v1 kind routed to the OpenKruise build")
	}
	k, ok := workloadKinds[kind]
	if !ok {
		return nil, fieldErr(codeBadRequest, "kind", "unknown kind "+quote(kind)+" (want Deployment, StatefulSet, DaemonSet, ReplicaSet, CloneSet, AdvancedStatefulSet or AdvancedDaemonSet)")
	}
	// the OpenKruise kinds' members (answered by the OpenKruise builds)
	if req.field("kruise") != nil {
		return nil, fieldErr(codeBadRequest, "kruise", quote("kruise")+" applies to OpenKruise kinds only")
	}
	if req.field("pods") != nil {
		return nil, fieldErr(codeBadRequest, "pods", quote("pods")+" applies to OpenKruise kinds only")
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
	setAllowPrivileged(true)
	oldObj, perr := decodeWorkload(req, "old", kind, k, defaults)
	if perr != nil {
		return nil, perr
	}
	newObj, perr := decodeWorkload(req, "new", kind, k, defaults)
	if perr != nil {
		return nil, perr
	}
	warnings := &warningTexts{}
	err, perr := workloadBeforeUpdate(k, newObj, oldObj, warnings)
	if perr != nil {
		return nil, perr
	}
	return beforeUpdateAnswer(err, warnings)
}

// beforeUpdateAnswer is the answer for rest.BeforeUpdate's error: a *StatusError of reason Invalid gives its
// causes in order and its Error() text, nil gives no errors and ""; warnings are the recorded texts either
// way. Any other error is E_BAD_REQUEST with its Error() text and path "new".
func beforeUpdateAnswer(err error, warnings *warningTexts) (*result, *protoError) {
	res := &result{}
	res.key("errors")
	res.buf = append(res.buf, '[')
	msg := ""
	if err != nil {
		se, ok := err.(*apierrors.StatusError)
		if !ok || se.ErrStatus.Reason != metav1.StatusReasonInvalid {
			return nil, fieldErr(codeBadRequest, "new", err.Error())
		}
		msg = se.Error()
		if d := se.ErrStatus.Details; d != nil {
			for i, c := range d.Causes {
				if i > 0 {
					res.buf = append(res.buf, ',')
				}
				res.buf = append(res.buf, `{"field":`...)
				res.buf = appendString(res.buf, c.Field)
				res.buf = append(res.buf, `,"type":`...)
				res.buf = appendString(res.buf, field.ErrorType(c.Type).String())
				res.buf = append(res.buf, `,"message":`...)
				res.buf = appendString(res.buf, c.Message)
				res.buf = append(res.buf, '}')
			}
		}
	}
	res.buf = append(res.buf, ']')
	res.str("message", msg)
	res.strs("warnings", warnings.texts)
	return res, nil
}

// workloadBeforeUpdate runs rest.BeforeUpdate of kind k on two internal objects as the registry would: the
// stored object's namespace and resourceVersion carried over (see above), a context with that namespace, the
// update's RequestInfo and the warning recorder. It returns BeforeUpdate's error, or a protocol error.
func workloadBeforeUpdate(k workloadKind, newObj, oldObj runtime.Object, warnings *warningTexts) (error, *protoError) {
	return storedBeforeUpdate(k.strategy, newObj, oldObj, warnings, func(ns, name string) *genericapirequest.RequestInfo {
		return &genericapirequest.RequestInfo{
			IsResourceRequest: true,
			Path:              "/apis/apps/v1/namespaces/" + ns + "/" + k.resource + "/" + name,
			Verb:              "update",
			APIPrefix:         "apis",
			APIGroup:          "apps",
			APIVersion:        "v1",
			Namespace:         ns,
			Resource:          k.resource,
			Name:              name,
			Parts:             []string{k.resource, name},
		}
	})
}

// storedBeforeUpdate runs rest.BeforeUpdate with strategy on two internal objects of a namespaced kind as the
// registry would: the object stands where it is stored (the request's namespace is the stored object's, else
// the new one's, else "default"; a stored object has a resourceVersion, and the registry's unconditional
// update gives a new object without one the stored one's), a context with that namespace, the RequestInfo
// info(namespace, new's name) and the warning recorder. It returns BeforeUpdate's error, or a protocol error.
func storedBeforeUpdate(strategy rest.RESTUpdateStrategy, newObj, oldObj runtime.Object, warnings *warningTexts, info func(ns, name string) *genericapirequest.RequestInfo) (error, *protoError) {
	newMeta, err := meta.Accessor(newObj)
	if err != nil {
		return nil, plainErr(codeInternal, "meta.Accessor: "+err.Error())
	}
	oldMeta, err := meta.Accessor(oldObj)
	if err != nil {
		return nil, plainErr(codeInternal, "meta.Accessor: "+err.Error())
	}
	ns := oldMeta.GetNamespace()
	if ns == "" {
		ns = newMeta.GetNamespace()
	}
	if ns == "" {
		ns = metav1.NamespaceDefault
	}
	if newMeta.GetNamespace() == "" {
		newMeta.SetNamespace(ns)
	}
	if oldMeta.GetNamespace() == "" {
		oldMeta.SetNamespace(ns)
	}
	if oldMeta.GetResourceVersion() == "" {
		oldMeta.SetResourceVersion("1")
	}
	if newMeta.GetResourceVersion() == "" {
		newMeta.SetResourceVersion(oldMeta.GetResourceVersion())
	}
	ctx := genericapirequest.WithNamespace(context.Background(), ns)
	ctx = genericapirequest.WithRequestInfo(ctx, info(ns, newMeta.GetName()))
	ctx = withWarningRecorder(ctx, warnings)

	return rest.BeforeUpdate(strategy, ctx, newObj, oldObj), nil
}
