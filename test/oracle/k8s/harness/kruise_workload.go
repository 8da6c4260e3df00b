//go:build kruise

package main

// What OpenKruise's admission webhooks (this build's release: v1.9.0 or v1.8.3) answer to an UPDATE of a
// CloneSet, an Advanced StatefulSet or an Advanced DaemonSet:
//
//	workload.validateUpdate {kind, old|oldText, new|newText, kruise?, gates?, applyDefaults?, pods?}
//	  -> {errors: [{field, type, message}], message, warnings}
//
// kind is CloneSet, AdvancedStatefulSet or AdvancedDaemonSet. The apps/v1 kinds of the op are answered by
// the Kubernetes builds (workload.go, which hands these three kinds here and refuses `kruise` and `pods`
// for its own: `"kruise" applies to OpenKruise kinds only`).
// `kruise` is "1.9" (default) or "1.8"; the router sends each to its build (other values:
// kruiseVersionField, E_UNSUPPORTED_VERSION `unsupported kruise version "V"`, `"kruise" must be a string`).
//
// Request errors, in the order checked (E_BAD_REQUEST unless said otherwise):
//   - `kubernetes` present (any value, null included), path kubernetes:
//     `"kubernetes" does not apply to OpenKruise kinds: the webhooks validate with the Kubernetes libraries of their Kruise release`
//   - `kruise`; `applyDefaults` (`"applyDefaults" must be a boolean`); `gates` (kruiseGatesFrom, read as the
//     kruise.* ops read it, over kruiseWorkloadGates: the Kruise gates on the webhook path, v1.9.0
//     DefaultHostNetworkHostPortsInPodTemplates (default false), StatefulSetAutoDeletePVC (true),
//     StatefulSetAutoResizePVCGate (false), TemplateNoDefaults (false), v1.8.3 the same without the first;
//     plus the in-place update ops' four, InPlaceUpdateEnvFromMetadata, InPlaceWorkloadVerticalScaling,
//     KruiseDaemon, RecreatePodWhenChangeVCTInCloneSetGate, accepted and unused here, so that one `gates`
//     object serves every Kruise op. `"gates" must be an object of booleans` (path gates); in sorted name
//     order `unknown feature gate "X"`, `feature gate "X" must be a boolean` (path gates/X))
//   - old, then new: valueField (`missing "old" or "oldText"`, `"old" and "oldText" are exclusive` path oldText)
//   - old's apiVersion, then new's, when it is a non-empty string (otherwise it counts as absent and the
//     decode below reports a wrong type): one the release's CRD does not serve for the kind, path old|new:
//     `the API version in the data (V) is not served for KIND by openkruise/kruise vX.Y.Z (served: apps.kruise.io/v1alpha1, apps.kruise.io/v1beta1)`
//     (KIND the request's kind; the served list in the CRD's order)
//   - both present and different, path new:
//     `the API version in the data (NEW) does not match the old object's (OLD)`
//   - the version served is new's apiVersion, else old's, else CloneSet apps.kruise.io/v1alpha1,
//     AdvancedStatefulSet apps.kruise.io/v1beta1, AdvancedDaemonSet apps.kruise.io/v1alpha1. Served
//     (read from the release's config/crd/bases, embedded by build.ts): v1.9.0 all three kinds at v1alpha1
//     and v1beta1; v1.8.3 CloneSet and Advanced DaemonSet at v1alpha1 only, Advanced StatefulSet at both.
//   - old, then new, decoded into the typed Kruise struct of that version as the API server's serializer
//     decodes a typed body (apiDecode: sigs.k8s.io/json, case-sensitive; fields the version lacks are
//     dropped): E_JSON_SYNTAX (+offset), E_JSON_TYPE, E_QUANTITY or E_DECODE with the object's path
//     (decodeErr); then the data's kind, when set, must be the CRD's (CloneSet, StatefulSet, DaemonSet),
//     path old|new: `the kind in the data (K) does not match the expected kind (StatefulSet)`
//   - the namespace, as the API server's update handler treats the URL's: the request's namespace is old's,
//     else new's, else "default"; new naming another one, path new:
//     `the namespace of the provided object does not match the namespace sent on the request`; an object
//     without one is given it (its JSON re-encoded).
//   - pods: not an array of objects, path pods or pods/I: `"pods" must be an array of Pod objects`; each
//     decoded as a v1 Pod (decodeErr, path pods/I); two with the same namespace and name, path pods/I:
//     `duplicate pod "NS/NAME"`; the fake client refusing one (a panic of its builder), path pods: its text.
//
// Then, as the API server and kruise-manager do:
//  1. applyDefaults (default true): each object gets the structural defaults of the CRD's schema of that
//     version (every `default:` of the release's CRD, applied by the real apiextensions structural
//     defaulting, as the API server does on decoding; today only v1beta1 CloneSet
//     spec.scaleStrategy.enablePVCReuse: false in v1.9.0); then the real MUTATING handler of the kind
//     (mcloneset.kb.io, mstatefulset.kb.io, mdaemonset.kb.io): the old object stands for the stored one and
//     is mutated as on CREATE; the new one as on UPDATE with the mutated old one as OldObject (the CloneSet
//     and Advanced StatefulSet handlers inject pod template defaults only when the template differs from
//     the old one). Its JSON patch is applied with the library the API server of the release's Kubernetes
//     minor applies it with (1.32: gopkg.in/evanphx/json-patch.v4; 1.30: github.com/evanphx/json-patch),
//     and the structural defaults run again after a non-empty patch (the API server's mutating
//     dispatcher). A denial here answers like a validating one, naming the mutating webhook.
//  2. The real VALIDATING handler (vcloneset.kb.io, vstatefulset.kb.io, vdaemonset.kb.io) on the UPDATE:
//     Operation Update, Object.Raw = new, OldObject.Raw = old, Resource/Kind apps.kruise.io/<version>,
//     name and namespace from new's metadata; its client is a controller-runtime fake client holding
//     `pods` (the v1alpha1 CloneSet's scaleStrategy.podsToDelete lookups: an absent pod answers
//     `pods "NAME" not found`; nothing else is stored, so the Advanced StatefulSet's
//     StatefulSetAutoResizePVCGate check finds no StorageClass); its decoder admission.NewDecoder.
// Both handlers run wrapped as kruise-manager serves them (admission.Webhook, kruiseServe): the response is
// completed, and controller-runtime v0.20 (Kruise v1.9.0) turns a panic of the handler into a denial
// (`panic: <value> [recovered]`; the Advanced StatefulSet handler panics on an undefaulted rollingUpdate,
// i.e. with applyDefaults false); v0.18 (Kruise v1.8.3) does not recover it and the API server's call
// fails: E_INTERNAL `the webhook handler panics ...`.
//
// Between the mutating and the validating webhooks the API server's rest.BeforeUpdate settles the metadata
// (kruiseBeforeUpdate): a new object without a resourceVersion carries the stored one's (as kubectl apply's
// patch of the stored object does; the stored object's is "1" when it names none), the stored object's
// generation, uid (when the new one has none), creationTimestamp and deletion fields. The API server's other
// checks of an update (the name against the URL, OpenAPI schema validation, pruning of unknown fields) are not
// modelled; the webhooks' own ObjectMeta checks answer instead (name / uid "field is immutable").
//
// Answer: denied -> message = the API server's text for a webhook denial, webhookerrors.ToStatusErr(webhook,
// Result).Error() (`admission webhook "vcloneset.kb.io" denied the request: ` + Result.Message); errors =
// the field.ErrorList behind the denial, in order and with its duplicates ({field: Field, type:
// Type.String(), message: ErrorBody()}; the message holds ToAggregate()'s text, which drops repeated
// texts), recomputed by calling the functions the handler calls (exported ones directly, unexported
// functions and methods through //go:linkname; kruise_workload_v19.go / _v18.go for each release's own)
// on objects decoded from the same bytes, and checked: ToAggregate().Error() must equal Result.Message
// (E_INTERNAL `self-check: ...` otherwise); errors = [] when the denial is a plain error (the Advanced
// StatefulSet's `invalid template modified with InPlaceOnly strategy: OP PATH, currently only image update
// is allowed for InPlaceOnly`, a recovered panic, the decoder's errors). Allowed -> errors [], message "".
// warnings = the response warnings of the new object's mutation and of the validation, deduped in order
// (none of these handlers warns: always []).
//
// Answers upstream itself gives at random are E_INTERNAL `nondeterministic upstream answer: ...`, so that
// no suite records one: the InPlaceOnly checks (v1alpha1 CloneSet, Advanced StatefulSet) name the first
// JSON patch between the template specs (appscode/jsonpatch, which orders an object's members randomly)
// that is not a replace of a container image, so more than one such patch makes the text random; and a
// bad value printed with %#v that holds a non-nil pointer shows its address (an Advanced StatefulSet's
// rollingUpdate under OnDelete with a partition, a strategy of an unknown type with a rollingUpdate,
// volumeClaimTemplates).
//
// Gates: the request's Kruise gates for this request (reset to their defaults afterwards); the
// Kubernetes gates (k8s.io/apiserver's, read by the pod template validation) at their defaults, as
// kruise-manager sets none.

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	_ "unsafe" // go:linkname

	appscodejsonpatch "github.com/appscode/jsonpatch"
	kruiseappsv1alpha1 "github.com/openkruise/kruise/apis/apps/v1alpha1"
	kruiseappsv1beta1 "github.com/openkruise/kruise/apis/apps/v1beta1"
	utilfeature "github.com/openkruise/kruise/pkg/util/feature"
	csmutating "github.com/openkruise/kruise/pkg/webhook/cloneset/mutating"
	csvalidating "github.com/openkruise/kruise/pkg/webhook/cloneset/validating"
	dsmutating "github.com/openkruise/kruise/pkg/webhook/daemonset/mutating"
	dsvalidating "github.com/openkruise/kruise/pkg/webhook/daemonset/validating"
	stsmutating "github.com/openkruise/kruise/pkg/webhook/statefulset/mutating"
	stsvalidating "github.com/openkruise/kruise/pkg/webhook/statefulset/validating"
	admissionv1 "k8s.io/api/admission/v1"
	v1 "k8s.io/api/core/v1"
	apiextensionsinternal "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	structuraldefaulting "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	kruntime "k8s.io/apimachinery/pkg/runtime"
	utiljson "k8s.io/apimachinery/pkg/util/json"
	"k8s.io/apimachinery/pkg/util/validation/field"
	webhookerrors "k8s.io/apiserver/pkg/admission/plugin/webhook/errors"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/webhook/admission"
	"sigs.k8s.io/yaml"
)

//go:embed crd/*.yaml
var kruiseCRDFS embed.FS

const kruiseGroup = "apps.kruise.io"

// kruiseWorkloadKind is one OpenKruise kind of the op.
type kruiseWorkloadKind struct {
	dataKind       string // the kind the objects carry
	resource       string
	crd            string // config/crd/bases file
	defaultVersion string // when neither object names an apiVersion
	mutating       string // webhook names (kubebuilder markers)
	validating     string
}

var kruiseWorkloadKinds = map[string]kruiseWorkloadKind{
	"CloneSet":            {"CloneSet", "clonesets", "apps.kruise.io_clonesets.yaml", "v1alpha1", "mcloneset.kb.io", "vcloneset.kb.io"},
	"AdvancedStatefulSet": {"StatefulSet", "statefulsets", "apps.kruise.io_statefulsets.yaml", "v1beta1", "mstatefulset.kb.io", "vstatefulset.kb.io"},
	"AdvancedDaemonSet":   {"DaemonSet", "daemonsets", "apps.kruise.io_daemonsets.yaml", "v1alpha1", "mdaemonset.kb.io", "vdaemonset.kb.io"},
}

func init() {
	kruiseWorkloadHook = runKruiseWorkloadValidateUpdate
	kruiseAdmissionHook = kruiseAdmissionRefused
}

// kruiseCRDVersion is one served version of a CRD with its structural schema.
type kruiseCRDVersion struct {
	name   string
	schema *structuralschema.Structural
}

var (
	kruiseCRDOnce sync.Once
	kruiseCRDs    map[string][]kruiseCRDVersion // by CRD file, served versions in the CRD's order
	kruiseCRDErr  error
)

// loadKruiseCRDs parses the embedded CRDs: served versions and their structural schemas, as the
// apiextensions-apiserver builds them (v1 schema converted to the internal one, NewStructural).
func loadKruiseCRDs() {
	kruiseCRDs = map[string][]kruiseCRDVersion{}
	for _, wk := range kruiseWorkloadKinds {
		data, err := kruiseCRDFS.ReadFile("crd/" + wk.crd)
		if err != nil {
			kruiseCRDErr = err
			return
		}
		crd := &apiextensionsv1.CustomResourceDefinition{}
		if err := yaml.Unmarshal(data, crd); err != nil {
			kruiseCRDErr = fmt.Errorf("%s: %v", wk.crd, err)
			return
		}
		if crd.Spec.Group != kruiseGroup || crd.Spec.Names.Kind != wk.dataKind {
			kruiseCRDErr = fmt.Errorf("%s: group %s kind %s", wk.crd, crd.Spec.Group, crd.Spec.Names.Kind)
			return
		}
		for _, v := range crd.Spec.Versions {
			if !v.Served {
				continue
			}
			if v.Schema == nil || v.Schema.OpenAPIV3Schema == nil {
				kruiseCRDErr = fmt.Errorf("%s %s: no schema", wk.crd, v.Name)
				return
			}
			internal := &apiextensionsinternal.JSONSchemaProps{}
			if err := apiextensionsv1.Convert_v1_JSONSchemaProps_To_apiextensions_JSONSchemaProps(v.Schema.OpenAPIV3Schema, internal, nil); err != nil {
				kruiseCRDErr = fmt.Errorf("%s %s: %v", wk.crd, v.Name, err)
				return
			}
			s, err := structuralschema.NewStructural(internal)
			if err != nil {
				kruiseCRDErr = fmt.Errorf("%s %s: %v", wk.crd, v.Name, err)
				return
			}
			kruiseCRDs[wk.crd] = append(kruiseCRDs[wk.crd], kruiseCRDVersion{v.Name, s})
		}
	}
}

// kruiseServed returns the served versions of a kind's CRD.
func kruiseServed(wk kruiseWorkloadKind) ([]kruiseCRDVersion, *protoError) {
	kruiseCRDOnce.Do(loadKruiseCRDs)
	if kruiseCRDErr != nil {
		return nil, plainErr(codeInternal, "reading the OpenKruise CRDs: "+kruiseCRDErr.Error())
	}
	return kruiseCRDs[wk.crd], nil
}

// kruisePeekAPIVersion reads the apiVersion of an object's JSON when it is a non-empty string ("" otherwise:
// the typed decode reports broken JSON and wrong types).
func kruisePeekAPIVersion(data []byte) string {
	var tm struct {
		APIVersion interface{} `json:"apiVersion"`
	}
	if apiDecode(data, &tm) != nil {
		return ""
	}
	s, _ := tm.APIVersion.(string)
	return s
}

// kruiseCheckServed checks an object's apiVersion (when set) against the served versions.
func kruiseCheckServed(apiVersion, name, kind string, served []kruiseCRDVersion) *protoError {
	if apiVersion == "" {
		return nil
	}
	list := make([]string, len(served))
	for i, v := range served {
		list[i] = kruiseGroup + "/" + v.name
		if apiVersion == list[i] {
			return nil
		}
	}
	return fieldErr(codeBadRequest, name, "the API version in the data ("+apiVersion+") is not served for "+kind+
		" by openkruise/kruise "+kruiseVersion+" (served: "+strings.Join(list, ", ")+")")
}

// kruiseDecodeChecked decodes an object into the typed struct of the version (decode errors with its path)
// and checks the data's kind.
func kruiseDecodeChecked(data []byte, name, kind, version string, wk kruiseWorkloadKind) (metav1.Object, *protoError) {
	obj := kruiseWorkloadNew(kind, version)
	if obj == nil {
		return nil, plainErr(codeInternal, "no "+kind+" type at "+version+" in this build")
	}
	if e := apiDecode(data, obj); e != nil {
		perr := decodeErr(e)
		perr.Path, perr.HasPath = name, true
		return nil, perr
	}
	if k := obj.GetObjectKind().GroupVersionKind().Kind; k != "" && k != wk.dataKind {
		return nil, fieldErr(codeBadRequest, name, "the kind in the data ("+k+") does not match the expected kind ("+wk.dataKind+")")
	}
	return obj.(metav1.Object), nil
}

// kruiseSetNamespace gives an object without a namespace the request's (its JSON re-encoded; unchanged bytes
// otherwise).
func kruiseSetNamespace(raw []byte, meta metav1.Object, ns, name string) ([]byte, *protoError) {
	if meta.GetNamespace() != "" {
		return raw, nil
	}
	meta.SetNamespace(ns)
	var obj map[string]interface{}
	if err := utiljson.Unmarshal(raw, &obj); err != nil {
		return nil, fieldErr(codeDecode, name, err.Error())
	}
	if obj == nil {
		obj = map[string]interface{}{} // the JSON null: an empty object
	}
	m, _ := obj["metadata"].(map[string]interface{})
	if m == nil {
		m = map[string]interface{}{}
		obj["metadata"] = m
	}
	m["namespace"] = ns
	out, err := json.Marshal(obj)
	if err != nil {
		return nil, plainErr(codeInternal, "json.Marshal: "+err.Error())
	}
	return out, nil
}

// kruiseBeforeUpdate settles the metadata as the API server has before its validating webhooks see an update
// (rest.BeforeUpdate, and the stored object's resourceVersion on an update sent without one - what kubectl apply's
// patch of the stored object carries): the stored object's resourceVersion ("1" when it names none) when the new
// one has none, its generation, its uid when the new one has none, its creationTimestamp, deletionTimestamp and
// deletionGracePeriodSeconds (the last when the new one has none). The objects' JSON is re-encoded only when
// something changes.
func kruiseBeforeUpdate(oldRaw, newRaw []byte) ([]byte, []byte, *protoError) {
	var o, n map[string]interface{}
	if err := utiljson.Unmarshal(oldRaw, &o); err != nil {
		return nil, nil, fieldErr(codeDecode, "old", err.Error())
	}
	if err := utiljson.Unmarshal(newRaw, &n); err != nil {
		return nil, nil, fieldErr(codeDecode, "new", err.Error())
	}
	meta := func(obj map[string]interface{}) map[string]interface{} {
		m, _ := obj["metadata"].(map[string]interface{})
		if m == nil {
			m = map[string]interface{}{}
			obj["metadata"] = m
		}
		return m
	}
	if o == nil {
		o = map[string]interface{}{}
	}
	if n == nil {
		n = map[string]interface{}{}
	}
	om, nm := meta(o), meta(n)
	oldChanged, newChanged := false, false
	empty := func(v interface{}) bool { return v == nil || v == "" }
	if empty(om["resourceVersion"]) {
		om["resourceVersion"] = "1"
		oldChanged = true
	}
	set := func(k string, v interface{}) {
		if v == nil {
			if _, ok := nm[k]; ok {
				delete(nm, k)
				newChanged = true
			}
			return
		}
		if !reflect.DeepEqual(nm[k], v) {
			nm[k] = v
			newChanged = true
		}
	}
	if empty(nm["resourceVersion"]) {
		set("resourceVersion", om["resourceVersion"])
	}
	set("generation", om["generation"])
	if empty(nm["uid"]) {
		set("uid", om["uid"])
	}
	if !empty(om["creationTimestamp"]) {
		set("creationTimestamp", om["creationTimestamp"])
	}
	if !empty(om["deletionTimestamp"]) {
		set("deletionTimestamp", om["deletionTimestamp"])
	}
	if om["deletionGracePeriodSeconds"] != nil && nm["deletionGracePeriodSeconds"] == nil {
		set("deletionGracePeriodSeconds", om["deletionGracePeriodSeconds"])
	}
	var err error
	if oldChanged {
		if oldRaw, err = json.Marshal(o); err != nil {
			return nil, nil, plainErr(codeInternal, "json.Marshal: "+err.Error())
		}
	}
	if newChanged {
		if newRaw, err = json.Marshal(n); err != nil {
			return nil, nil, plainErr(codeInternal, "json.Marshal: "+err.Error())
		}
	}
	return oldRaw, newRaw, nil
}

// kruisePods reads the optional `pods` field.
func kruisePods(req *request) ([]client.Object, *protoError) {
	raw := req.field("pods")
	if raw == nil {
		return nil, nil
	}
	bad := func(path string) *protoError {
		return fieldErr(codeBadRequest, path, quote("pods")+" must be an array of Pod objects")
	}
	var items []json.RawMessage
	if raw[0] != '[' || json.Unmarshal(raw, &items) != nil {
		return nil, bad("pods")
	}
	seen := map[string]bool{}
	var pods []client.Object
	for i, it := range items {
		path := "pods/" + strconv.Itoa(i)
		if len(it) == 0 || it[0] != '{' {
			return nil, bad(path)
		}
		pod := &v1.Pod{}
		if e := apiDecode(it, pod); e != nil {
			perr := decodeErr(e)
			perr.Path, perr.HasPath = path, true
			return nil, perr
		}
		key := pod.Namespace + "/" + pod.Name
		if seen[key] {
			return nil, fieldErr(codeBadRequest, path, "duplicate pod "+quote(key))
		}
		seen[key] = true
		pods = append(pods, pod)
	}
	return pods, nil
}

// kruiseFakeClient is the webhook's client: a controller-runtime fake client holding the pods.
func kruiseFakeClient(pods []client.Object) (c client.Client, perr *protoError) {
	defer func() {
		if r := recover(); r != nil {
			c, perr = nil, fieldErr(codeBadRequest, "pods", fmt.Sprint(r))
		}
	}()
	return fake.NewClientBuilder().WithScheme(clientgoscheme.Scheme).WithObjects(pods...).Build(), nil
}

// kruiseCRDDefault applies the CRD's structural defaults to an object's JSON (unchanged bytes when no
// default applies), as the API server's unstructured defaulter does.
func kruiseCRDDefault(s *structuralschema.Structural, raw []byte) ([]byte, error) {
	var obj interface{}
	if err := utiljson.Unmarshal(raw, &obj); err != nil {
		return nil, err
	}
	m, ok := obj.(map[string]interface{})
	if !ok {
		return raw, nil
	}
	before := kruntime.DeepCopyJSONValue(m)
	structuraldefaulting.Default(m, s)
	if reflect.DeepEqual(before, m) {
		return raw, nil
	}
	return json.Marshal(m)
}

// kruiseAdmission builds the webhook request.
func kruiseAdmission(wk kruiseWorkloadKind, version string, op admissionv1.Operation, obj, old []byte, meta metav1.Object) admission.Request {
	gvk := metav1.GroupVersionKind{Group: kruiseGroup, Version: version, Kind: wk.dataKind}
	gvr := metav1.GroupVersionResource{Group: kruiseGroup, Version: version, Resource: wk.resource}
	r := admissionv1.AdmissionRequest{
		UID: "kinplace", Kind: gvk, Resource: gvr, RequestKind: &gvk, RequestResource: &gvr,
		Name: meta.GetName(), Namespace: meta.GetNamespace(), Operation: op,
	}
	r.Object.Raw = obj
	if old != nil {
		r.OldObject.Raw = old
	}
	return admission.Request{AdmissionRequest: r}
}

// kruiseMutatingHandler and kruiseValidatingHandler are the kind's real handlers.
func kruiseMutatingHandler(kind string, dec kruiseDecoder) admission.Handler {
	switch kind {
	case "CloneSet":
		return &csmutating.CloneSetCreateUpdateHandler{Decoder: dec}
	case "AdvancedStatefulSet":
		return &stsmutating.StatefulSetCreateUpdateHandler{Decoder: dec}
	}
	return &dsmutating.DaemonSetCreateUpdateHandler{Decoder: dec}
}

func kruiseValidatingHandler(kind string, c client.Client, dec kruiseDecoder) admission.Handler {
	switch kind {
	case "CloneSet":
		return &csvalidating.CloneSetCreateUpdateHandler{Client: c, Decoder: dec}
	case "AdvancedStatefulSet":
		return kruiseStsValidating(c, dec)
	}
	return &dsvalidating.DaemonSetCreateUpdateHandler{Decoder: dec}
}

// kruiseServe runs a handler the way kruise-manager serves it: wrapped in controller-runtime's
// admission.Webhook (pkg/webhook/server.go registers &webhook.Admission{Handler: ...}), which completes the
// response and, from controller-runtime v0.20 (Kruise v1.9.0), turns a panic of the handler into a denial
// ("panic: <value> [recovered]", code 500). Without that recovery (v0.18, Kruise v1.8.3) the panic ends the
// HTTP request and the API server's call fails: E_INTERNAL here.
func kruiseServe(h admission.Handler, areq admission.Request) (resp admission.Response, perr *protoError) {
	defer func() {
		if r := recover(); r != nil {
			perr = plainErr(codeInternal, fmt.Sprint("the webhook handler panics (its controller-runtime does not recover it; the API server's call fails): ", r))
		}
	}()
	return (&admission.Webhook{Handler: h}).Handle(context.TODO(), areq), nil
}

// kruiseMutate runs the mutating handler on one object and applies its patch (plus the structural defaults
// after a non-empty patch). A denial comes back as the response (raw nil).
func kruiseMutate(h admission.Handler, areq admission.Request, s *structuralschema.Structural) ([]byte, *admission.Response, *protoError) {
	resp, perr := kruiseServe(h, areq)
	if perr != nil {
		return nil, nil, perr
	}
	if !resp.Allowed {
		return nil, &resp, nil
	}
	raw := areq.Object.Raw
	if len(resp.Patch) == 0 {
		return raw, &resp, nil
	}
	out, applied, err := kruiseApplyJSONPatch(resp.Patch, raw)
	if err != nil {
		return nil, nil, plainErr(codeInternal, "applying the mutating webhook's patch: "+err.Error())
	}
	if !applied {
		return raw, &resp, nil
	}
	out, err = kruiseCRDDefault(s, out)
	if err != nil {
		return nil, nil, plainErr(codeInternal, "defaulting the patched object: "+err.Error())
	}
	return out, &resp, nil
}

// --- the ErrorList behind the validating handler's denial ---------------------------------------------

//go:linkname kruiseCSValidateUpdate github.com/openkruise/kruise/pkg/webhook/cloneset/validating.(*CloneSetCreateUpdateHandler).validateCloneSetUpdate
func kruiseCSValidateUpdate(h *csvalidating.CloneSetCreateUpdateHandler, cloneSet, oldCloneSet *kruiseappsv1alpha1.CloneSet) field.ErrorList

//go:linkname kruiseStsValidate github.com/openkruise/kruise/pkg/webhook/statefulset/validating.validateStatefulSet
func kruiseStsValidate(statefulSet *kruiseappsv1beta1.StatefulSet) field.ErrorList

//go:linkname kruiseStsDecodeObject github.com/openkruise/kruise/pkg/webhook/statefulset/validating.(*StatefulSetCreateUpdateHandler).decodeObject
func kruiseStsDecodeObject(h *stsvalidating.StatefulSetCreateUpdateHandler, req admission.Request, obj *kruiseappsv1beta1.StatefulSet) error

//go:linkname kruiseStsDecodeOldObject github.com/openkruise/kruise/pkg/webhook/statefulset/validating.(*StatefulSetCreateUpdateHandler).decodeOldObject
func kruiseStsDecodeOldObject(h *stsvalidating.StatefulSetCreateUpdateHandler, req admission.Request, oldObj *kruiseappsv1beta1.StatefulSet) error

// kruiseImagePatch: the paths the InPlaceOnly checks let a replace touch (their expression, for the
// self-check below only).
var kruiseImagePatch = regexp.MustCompile("/containers/([0-9]+)/image")

// kruiseInPlaceOnlyPatches lists the JSON patches between two template specs that an InPlaceOnly check
// refuses (it names the first; appscode/jsonpatch orders an object's members randomly).
func kruiseInPlaceOnlyPatches(oldSpec, newSpec *v1.PodSpec) []string {
	a, _ := json.Marshal(oldSpec)
	b, _ := json.Marshal(newSpec)
	patches, err := appscodejsonpatch.CreatePatch(a, b)
	if err != nil {
		return nil
	}
	var out []string
	for _, p := range patches {
		if p.Operation != "replace" || !kruiseImagePatch.MatchString(p.Path) {
			out = append(out, p.Operation+" "+p.Path)
		}
	}
	sort.Strings(out)
	return out
}

// kruiseValidationErrors recomputes what the validating handler validates for an UPDATE: the ErrorList it
// aggregates (nil when it denies with a plain error or allows), the InPlaceOnly check's candidate patches,
// and a decode error of its own decoding.
func kruiseValidationErrors(kind, version string, areq admission.Request, c client.Client, dec kruiseDecoder) (field.ErrorList, []string, error) {
	if version == "v1beta1" && kind != "AdvancedStatefulSet" {
		return kruiseV1beta1ValidationErrors(kind, areq, c, dec)
	}
	switch kind {
	case "CloneSet":
		obj, old := &kruiseappsv1alpha1.CloneSet{}, &kruiseappsv1alpha1.CloneSet{}
		if err := dec.Decode(areq, obj); err != nil {
			return nil, nil, err
		}
		if err := dec.DecodeRaw(areq.OldObject, old); err != nil {
			return nil, nil, err
		}
		var patches []string
		if obj.Spec.UpdateStrategy.Type == kruiseappsv1alpha1.InPlaceOnlyCloneSetUpdateStrategyType {
			patches = kruiseInPlaceOnlyPatches(&old.Spec.Template.Spec, &obj.Spec.Template.Spec)
		}
		h := &csvalidating.CloneSetCreateUpdateHandler{Client: c, Decoder: dec}
		return kruiseCSValidateUpdate(h, obj, old), patches, nil
	case "AdvancedDaemonSet":
		obj, old := &kruiseappsv1alpha1.DaemonSet{}, &kruiseappsv1alpha1.DaemonSet{}
		if err := dec.Decode(areq, obj); err != nil {
			return nil, nil, err
		}
		if err := dec.DecodeRaw(areq.OldObject, old); err != nil {
			return nil, nil, err
		}
		return kruiseDSUpdateErrors(&dsvalidating.DaemonSetCreateUpdateHandler{Decoder: dec}, obj, old), nil, nil
	}
	// Advanced StatefulSet (both versions: the handler converts v1alpha1 to v1beta1)
	h := kruiseStsValidating(c, dec)
	obj, old := &kruiseappsv1beta1.StatefulSet{}, &kruiseappsv1beta1.StatefulSet{}
	if err := kruiseStsDecodeObject(h, areq, obj); err != nil {
		return nil, nil, err
	}
	if err := kruiseStsDecodeOldObject(h, areq, old); err != nil {
		return nil, nil, err
	}
	errs := kruiseStsValidate(obj)
	errs = append(errs, stsvalidating.ValidateStatefulSetUpdate(obj, old)...)
	if len(errs) > 0 {
		return errs, nil, nil
	}
	if errs := kruiseStsVCTUpdateErrors(c, obj, old); len(errs) > 0 {
		return errs, nil, nil
	}
	var patches []string
	if obj.Spec.UpdateStrategy.RollingUpdate != nil && obj.Spec.UpdateStrategy.RollingUpdate.PodUpdatePolicy == kruiseappsv1beta1.InPlaceOnlyPodUpdateStrategyType {
		patches = kruiseInPlaceOnlyPatches(&old.Spec.Template.Spec, &obj.Spec.Template.Spec)
	}
	return nil, patches, nil
}

// kruiseRecompute is kruiseValidationErrors with a panic of the upstream functions (the handler's own
// panic, recovered into a plain denial) reported as an error.
func kruiseRecompute(kind, version string, areq admission.Request, c client.Client, dec kruiseDecoder) (errs field.ErrorList, patches []string, err error) {
	defer func() {
		if r := recover(); r != nil {
			errs, patches, err = nil, nil, fmt.Errorf("panic: %v", r)
		}
	}()
	return kruiseValidationErrors(kind, version, areq, c, dec)
}

// --- the op -------------------------------------------------------------------------------------------

// kruiseWorkloadGates are the gates the op accepts, at this release's defaults: the webhook path's
// (kruiseWebhookGateDefaults, per release) and the in-place update ops' (kruiseGateDefaults, which this path
// does not read), so that one `gates` object serves every Kruise op.
var kruiseWorkloadGates = func() map[string]bool {
	m := map[string]bool{}
	for k, v := range kruiseGateDefaults {
		m[k] = v
	}
	for k, v := range kruiseWebhookGateDefaults {
		m[k] = v
	}
	return m
}()

// kruiseResetWorkloadGates puts the gates of kruiseWorkloadGates back to their defaults.
func kruiseResetWorkloadGates() {
	_ = utilfeature.DefaultMutableFeatureGate.SetFromMap(kruiseWorkloadGates)
}

func runKruiseWorkloadValidateUpdate(req *request, kind string) (*result, *protoError) {
	if req.field("kubernetes") != nil {
		return nil, fieldErr(codeBadRequest, "kubernetes", quote("kubernetes")+" does not apply to OpenKruise kinds: the webhooks validate with the Kubernetes libraries of their Kruise release")
	}
	if err := kruiseVersionField(req); err != nil {
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
	defer kruiseResetWorkloadGates()
	if err := kruiseGatesFrom(req, kruiseWorkloadGates, true); err != nil {
		return nil, err
	}
	oldData, perr := valueField(req, "old")
	if perr != nil {
		return nil, perr
	}
	newData, perr := valueField(req, "new")
	if perr != nil {
		return nil, perr
	}
	return kruiseWorkloadAnswer(req, kind, oldData, newData, defaults)
}

// kruiseAdmissionRefused reports whether OpenKruise's webhooks refuse the update of oldData to newData (the
// verdict's check for the Kruise kinds: the mutating defaults always run, the webhooks' gates at their defaults).
func kruiseAdmissionRefused(req *request, kind string, oldData, newData []byte) (bool, *protoError) {
	resetGates()
	kruiseResetWorkloadGates()
	defer kruiseResetWorkloadGates()
	res, perr := kruiseWorkloadAnswer(req, kind, oldData, newData, true)
	if perr != nil {
		// which refusal text upstream picks may be random; that it refuses is not
		if strings.HasPrefix(perr.Message, "nondeterministic upstream answer: ") {
			return true, nil
		}
		return false, perr
	}
	return !bytes.Contains(res.buf, []byte(`"message":""`)), nil
}

// kruiseWorkloadAnswer is workload.validateUpdate's answer once the request's members are read.
func kruiseWorkloadAnswer(req *request, kind string, oldData, newData []byte, defaults bool) (*result, *protoError) {
	wk := kruiseWorkloadKinds[kind]
	served, perr := kruiseServed(wk)
	if perr != nil {
		return nil, perr
	}
	oldAV, newAV := kruisePeekAPIVersion(oldData), kruisePeekAPIVersion(newData)
	if perr := kruiseCheckServed(oldAV, "old", kind, served); perr != nil {
		return nil, perr
	}
	if perr := kruiseCheckServed(newAV, "new", kind, served); perr != nil {
		return nil, perr
	}
	if oldAV != "" && newAV != "" && oldAV != newAV {
		return nil, fieldErr(codeBadRequest, "new", "the API version in the data ("+newAV+") does not match the old object's ("+oldAV+")")
	}
	version := wk.defaultVersion
	av := newAV
	if av == "" {
		av = oldAV
	}
	if av != "" {
		version = strings.TrimPrefix(av, kruiseGroup+"/")
	}
	var schema *structuralschema.Structural
	for _, v := range served {
		if v.name == version {
			schema = v.schema
		}
	}
	if schema == nil {
		return nil, plainErr(codeInternal, "openkruise/kruise "+kruiseVersion+" does not serve "+kind+" at "+version)
	}
	oldMeta, perr := kruiseDecodeChecked(oldData, "old", kind, version, wk)
	if perr != nil {
		return nil, perr
	}
	newMeta, perr := kruiseDecodeChecked(newData, "new", kind, version, wk)
	if perr != nil {
		return nil, perr
	}
	// the request's namespace is the stored object's (else the new one's, else "default"), as the URL names
	// it; the API server's update handler gives an object without one that namespace and refuses another
	ns := oldMeta.GetNamespace()
	if ns == "" {
		ns = newMeta.GetNamespace()
	}
	if ns == "" {
		ns = metav1.NamespaceDefault
	}
	if n := newMeta.GetNamespace(); n != "" && n != ns {
		return nil, fieldErr(codeBadRequest, "new", "the namespace of the provided object does not match the namespace sent on the request")
	}
	if oldData, perr = kruiseSetNamespace(oldData, oldMeta, ns, "old"); perr != nil {
		return nil, perr
	}
	if newData, perr = kruiseSetNamespace(newData, newMeta, ns, "new"); perr != nil {
		return nil, perr
	}
	pods, perr := kruisePods(req)
	if perr != nil {
		return nil, perr
	}
	c, perr := kruiseFakeClient(pods)
	if perr != nil {
		return nil, perr
	}

	dec := kruiseNewDecoder(clientgoscheme.Scheme)
	warnings := &warningTexts{}
	oldRaw, newRaw := oldData, newData
	if defaults {
		var err error
		if oldRaw, err = kruiseCRDDefault(schema, oldRaw); err != nil {
			return nil, fieldErr(codeDecode, "old", err.Error())
		}
		if newRaw, err = kruiseCRDDefault(schema, newRaw); err != nil {
			return nil, fieldErr(codeDecode, "new", err.Error())
		}
		m := kruiseMutatingHandler(kind, dec)
		out, resp, perr := kruiseMutate(m, kruiseAdmission(wk, version, admissionv1.Create, oldRaw, nil, newMeta), schema)
		if perr != nil {
			return nil, perr
		}
		if out == nil {
			return kruiseDenied(wk.mutating, resp, nil, warnings), nil
		}
		oldRaw = out
		out, resp, perr = kruiseMutate(m, kruiseAdmission(wk, version, admissionv1.Update, newRaw, oldRaw, newMeta), schema)
		if perr != nil {
			return nil, perr
		}
		for _, w := range resp.Warnings {
			warnings.AddWarning("", w)
		}
		if out == nil {
			return kruiseDenied(wk.mutating, resp, nil, warnings), nil
		}
		newRaw = out
	}

	// rest.BeforeUpdate runs between the mutating and the validating webhooks
	if oldRaw, newRaw, perr = kruiseBeforeUpdate(oldRaw, newRaw); perr != nil {
		return nil, perr
	}
	areq := kruiseAdmission(wk, version, admissionv1.Update, newRaw, oldRaw, newMeta)
	resp, perr := kruiseServe(kruiseValidatingHandler(kind, c, dec), areq)
	if perr != nil {
		return nil, perr
	}
	for _, w := range resp.Warnings {
		warnings.AddWarning("", w)
	}
	errs, patches, derr := kruiseRecompute(kind, version, kruiseAdmission(wk, version, admissionv1.Update, newRaw, oldRaw, newMeta), c, dec)
	if len(patches) > 1 {
		return nil, plainErr(codeInternal, "nondeterministic upstream answer: the InPlaceOnly check names the first of "+
			strconv.Itoa(len(patches))+" template patches in random order ("+strings.Join(patches, ", ")+")")
	}
	if resp.Allowed {
		if len(errs) > 0 || derr != nil {
			return nil, plainErr(codeInternal, fmt.Sprintf("self-check: the validating webhook allowed the update, the recomputed validation did not (%v, %v)", errs.ToAggregate(), derr))
		}
		res := &result{}
		res.key("errors")
		res.buf = append(res.buf, "[]"...)
		res.str("message", "")
		res.strs("warnings", warnings.texts)
		return res, nil
	}
	if resp.Result == nil {
		return nil, plainErr(codeInternal, "the validating webhook denied without a result")
	}
	if kruisePrintedPointer.MatchString(resp.Result.Message) {
		return nil, plainErr(codeInternal, "nondeterministic upstream answer: the message prints a pointer's address ("+resp.Result.Message+")")
	}
	if len(errs) > 0 && errs.ToAggregate().Error() != resp.Result.Message {
		return nil, plainErr(codeInternal, "self-check: the recomputed ErrorList ("+errs.ToAggregate().Error()+") is not the webhook's message ("+resp.Result.Message+")")
	}
	return kruiseDenied(wk.validating, &resp, errs, warnings), nil
}

// kruisePrintedPointer finds a pointer printed by %#v inside a bad value (`(*int32)(0xc000a1b2c0)`), an
// address that changes from run to run.
var kruisePrintedPointer = regexp.MustCompile(`\)\(0x[0-9a-f]+\)`)

// kruiseDenied writes a webhook's denial: the API server's text and the ErrorList behind it.
func kruiseDenied(webhook string, resp *admission.Response, errs field.ErrorList, warnings *warningTexts) *result {
	status := resp.Result
	if status == nil {
		status = &metav1.Status{}
	}
	msg := webhookerrors.ToStatusErr(webhook, status.DeepCopy()).Error()
	res := &result{}
	res.key("errors")
	res.buf = append(res.buf, '[')
	for i, e := range errs {
		if i > 0 {
			res.buf = append(res.buf, ',')
		}
		res.buf = append(res.buf, `{"field":`...)
		res.buf = appendString(res.buf, e.Field)
		res.buf = append(res.buf, `,"type":`...)
		res.buf = appendString(res.buf, e.Type.String())
		res.buf = append(res.buf, `,"message":`...)
		res.buf = appendString(res.buf, e.ErrorBody())
		res.buf = append(res.buf, '}')
	}
	res.buf = append(res.buf, ']')
	res.str("message", msg)
	res.strs("warnings", warnings.texts)
	return res
}
