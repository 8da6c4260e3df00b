package main

import (
	"encoding/json"
	"reflect"
	"strconv"

	appsv1 "k8s.io/api/apps/v1"
	v1 "k8s.io/api/core/v1"
)

// opSpec is one op: the request fields it accepts (besides op and id) and its handler.
type opSpec struct {
	fields []string
	run    func(req *request) (*result, *protoError)
}

var ops = map[string]opSpec{
	"k8s.json":        {[]string{"type", "value", "valueText", "kubernetes", "go", "applyDefaults"}, runK8sJSON},
	"quantity":        {[]string{"value", "valueText", "mode", "kubernetes"}, runQuantity},
	"spew":            {[]string{"type", "value", "valueText", "kubernetes"}, runSpew},
	"container.hash":  {[]string{"container", "containerText", "kubelet", "go", "applyDefaults"}, runContainerHash},
	"podTemplateHash": {[]string{"template", "templateText", "kubernetes", "collisionCount", "applyDefaults"}, runPodTemplateHash},
	"revision":        {[]string{"kind", "object", "objectText", "kubernetes", "go", "collisionCount", "applyDefaults", "kruise"}, runRevision},
}

func dispatch(req *request) (*result, *protoError) {
	name, present, err := stringField(req, "op")
	if err != nil {
		return nil, err
	}
	if !present {
		return nil, fieldErr(codeBadRequest, "op", "missing "+quote("op"))
	}
	op, ok := ops[string(name)]
	if !ok {
		return nil, fieldErr(codeUnknownOp, "op", "unknown op "+quote(string(name)))
	}
	for _, m := range req.Members {
		if m.Name == "op" || m.Name == "id" || contains(op.fields, m.Name) {
			continue
		}
		return nil, fieldErr(codeBadRequest, m.Name, "unknown field "+quote(m.Name))
	}
	return op.run(req)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// typeField resolves the "type"/"kind" member against the type registry.
func typeField(req *request, name string) (typeEntry, string, *protoError) {
	v, present, err := stringField(req, name)
	if err != nil {
		return typeEntry{}, "", err
	}
	if !present {
		return typeEntry{}, "", fieldErr(codeBadRequest, name, "missing "+quote(name))
	}
	t, ok := typeRegistry[string(v)]
	if !ok {
		if kruiseKinds[string(v)] {
			return typeEntry{}, "", fieldErr(codeInternal, name, "OpenKruise kind "+quote(string(v))+" routed to a non-Kruise build")
		}
		return typeEntry{}, "", fieldErr(codeBadRequest, name, "unknown "+name+" "+quote(string(v)))
	}
	return t, string(v), nil
}

// checkMinorFor checks the version field; Kruise kinds live at Kruise's pinned minor.
func checkMinorFor(req *request, name string, t typeEntry) *protoError {
	if t.kruise {
		return checkKruiseMinor(req, name)
	}
	if kruiseVersion != "" {
		return plainErr(codeInternal, "a Kubernetes type was routed to the OpenKruise build")
	}
	return checkMinor(req, name)
}

// decodeErr classifies an error of the upstream decoder.
func decodeErr(err error) *protoError {
	if ok, off := syntaxOffset(err); ok {
		return &protoError{Code: codeJSONSyntax, Message: err.Error(), Offset: off}
	}
	msg := err.Error()
	if isQuantityError(err) {
		return plainErr(codeQuantity, msg)
	}
	if len(msg) >= 22 && msg[:22] == "json: cannot unmarshal" {
		return plainErr(codeJSONType, msg)
	}
	return plainErr(codeDecode, msg)
}

// roundTrip re-encodes obj with json.Marshal (the API server storing it) and
// decodes it again into a fresh value (a client such as the kubelet or a
// controller reading it back), as every hash op sees its input.
func roundTrip(obj interface{}) (interface{}, *protoError) {
	stored, err := json.Marshal(obj)
	if err != nil {
		return nil, plainErr(codeInternal, "json.Marshal: "+err.Error())
	}
	fresh := reflect.New(reflect.TypeOf(obj).Elem()).Interface()
	if err := apiDecode(stored, fresh); err != nil {
		return nil, plainErr(codeInternal, "decoding the re-encoded object: "+err.Error())
	}
	return fresh, nil
}

// runK8sJSON: decode as the API server does, warn as its field validation
// does, then json.Marshal the typed struct.
func runK8sJSON(req *request) (*result, *protoError) {
	t, tname, err := typeField(req, "type")
	if err != nil {
		return nil, err
	}
	if err := checkMinorFor(req, "kubernetes", t); err != nil {
		return nil, err
	}
	if err := checkGo(req); err != nil {
		return nil, err
	}
	defaults, err := boolField(req, "applyDefaults")
	if err != nil {
		return nil, err
	}
	data, err := valueField(req, "value")
	if err != nil {
		return nil, err
	}
	obj := t.new()
	if e := apiDecode(data, obj); e != nil {
		return nil, decodeErr(e)
	}
	warnings := strictWarnings(data, t.new)
	if defaults {
		if perr := applyTypeDefaults(tname, obj, "type"); perr != nil {
			return nil, perr
		}
	}
	out, e := json.Marshal(obj)
	if e != nil {
		return nil, plainErr(codeInternal, "json.Marshal: "+e.Error())
	}
	res := &result{}
	res.str("json", string(out))
	res.strs("warnings", warnings)
	return res, nil
}

// runSpew prints the decoded value exactly as hashutil.DeepHashObject feeds it to the hasher.
func runSpew(req *request) (*result, *protoError) {
	t, _, err := typeField(req, "type")
	if err != nil {
		return nil, err
	}
	if err := checkMinorFor(req, "kubernetes", t); err != nil {
		return nil, err
	}
	data, err := valueField(req, "value")
	if err != nil {
		return nil, err
	}
	obj := t.new()
	if e := apiDecode(data, obj); e != nil {
		return nil, decodeErr(e)
	}
	res := &result{}
	res.str("text", string(deepHashText(reflect.ValueOf(obj).Elem().Interface())))
	return res, nil
}

// eraOf names the kubelet container-hash era of a minor.
func eraOf(minor string) string {
	n := parseMinor(minor)
	switch {
	case n <= 15:
		return "struct"
	case n <= 30:
		return "json"
	}
	return "name-image"
}

// runContainerHash: API-server decode (optionally defaulted), stored JSON,
// kubelet decode, then the kubelet's HashContainer of that minor.
func runContainerHash(req *request) (*result, *protoError) {
	if kruiseVersion != "" {
		return nil, plainErr(codeInternal, "container.hash routed to the OpenKruise build")
	}
	if err := checkMinor(req, "kubelet"); err != nil {
		return nil, err
	}
	if err := checkGo(req); err != nil {
		return nil, err
	}
	defaults, err := boolField(req, "applyDefaults")
	if err != nil {
		return nil, err
	}
	data, err := valueField(req, "container")
	if err != nil {
		return nil, err
	}
	c := &v1.Container{}
	if e := apiDecode(data, c); e != nil {
		return nil, decodeErr(e)
	}
	if defaults {
		pod := &v1.Pod{Spec: v1.PodSpec{Containers: []v1.Container{*c}}}
		if perr := applyPodDefaults(pod); perr != nil {
			return nil, perr
		}
		c = &pod.Spec.Containers[0]
	}
	fresh, err := roundTrip(c)
	if err != nil {
		return nil, err
	}
	kc := fresh.(*v1.Container)
	res := &result{}
	res.str("hash", strconv.FormatUint(hashContainer(kc), 16))
	if h, ok := hashContainerWithoutResources(kc); ok {
		res.str("hashWithoutResources", strconv.FormatUint(h, 16))
	}
	res.str("era", eraOf(buildMinor))
	return res, nil
}

// runPodTemplateHash: controller.ComputeHash of the template as the Deployment controller reads it.
func runPodTemplateHash(req *request) (*result, *protoError) {
	if kruiseVersion != "" {
		return nil, plainErr(codeInternal, "podTemplateHash routed to the OpenKruise build")
	}
	if err := checkMinor(req, "kubernetes"); err != nil {
		return nil, err
	}
	cc, err := int32Field(req, "collisionCount")
	if err != nil {
		return nil, err
	}
	defaults, err := boolField(req, "applyDefaults")
	if err != nil {
		return nil, err
	}
	data, err := valueField(req, "template")
	if err != nil {
		return nil, err
	}
	t := &v1.PodTemplateSpec{}
	if e := apiDecode(data, t); e != nil {
		return nil, decodeErr(e)
	}
	if defaults {
		if perr := applyTypeDefaults("PodTemplateSpec", t, "template"); perr != nil {
			return nil, perr
		}
	}
	fresh, err := roundTrip(t)
	if err != nil {
		return nil, err
	}
	res := &result{}
	res.str("hash", computeHash(fresh.(*v1.PodTemplateSpec), cc))
	return res, nil
}

// revisionResult is what a controller's new ControllerRevision gives the op.
type revisionResult struct {
	name, hash string
	data       []byte
}

// runRevision builds the ControllerRevision a controller would create for object.
func runRevision(req *request) (*result, *protoError) {
	t, kind, err := typeField(req, "kind")
	if err != nil {
		return nil, err
	}
	if t.revision == nil {
		return nil, fieldErr(codeBadRequest, "kind", "kind "+quote(kind)+" has no ControllerRevision")
	}
	// `kruise` names the OpenKruise release of a Kruise kind (the router sends each release to its build)
	if t.kruise {
		if err := kruiseReleaseField(req); err != nil {
			return nil, err
		}
	} else if req.field("kruise") != nil {
		return nil, fieldErr(codeBadRequest, "kruise", quote("kruise")+" applies to OpenKruise kinds only")
	}
	if err := checkMinorFor(req, "kubernetes", t); err != nil {
		return nil, err
	}
	if err := checkGo(req); err != nil {
		return nil, err
	}
	cc, err := int32Field(req, "collisionCount")
	if err != nil {
		return nil, err
	}
	defaults, err := boolField(req, "applyDefaults")
	if err != nil {
		return nil, err
	}
	if defaults && t.kruise {
		return nil, fieldErr(codeBadRequest, "applyDefaults", "applyDefaults is not supported for OpenKruise kinds")
	}
	data, err := valueField(req, "object")
	if err != nil {
		return nil, err
	}
	obj := t.new()
	if e := apiDecode(data, obj); e != nil {
		return nil, decodeErr(e)
	}
	if defaults {
		if perr := applyTypeDefaults(kind, obj, "object"); perr != nil {
			return nil, perr
		}
	}
	fresh, err := roundTrip(obj)
	if err != nil {
		return nil, err
	}
	rev, e := t.revision(fresh, cc)
	if e != nil {
		return nil, plainErr(codeInternal, e.Error())
	}
	res := &result{}
	res.str("name", rev.name)
	res.str("hash", rev.hash)
	res.str("data", string(rev.data))
	return res, nil
}

// statefulSetRevision: the StatefulSet controller's getStatefulSetRevisions
// passes a local copy of status.collisionCount (0 when unset), never nil.
func statefulSetRevision(obj interface{}, cc *int32) (*revisionResult, error) {
	set := obj.(*appsv1.StatefulSet)
	if cc != nil {
		set.Status.CollisionCount = cc
	}
	var collisionCount int32
	if set.Status.CollisionCount != nil {
		collisionCount = *set.Status.CollisionCount
	}
	cr, err := stsNewRevision(set, 1, &collisionCount)
	if err != nil {
		return nil, err
	}
	return &revisionResult{name: cr.Name, hash: cr.Labels[revisionHashLabel], data: cr.Data.Raw}, nil
}

// daemonSetRevision: the DaemonSet controller's snapshot names the revision
// ds.Name + "-" + controller.ComputeHash(&template, status.collisionCount).
func daemonSetRevision(obj interface{}, cc *int32) (*revisionResult, error) {
	ds := obj.(*appsv1.DaemonSet)
	if cc != nil {
		ds.Status.CollisionCount = cc
	}
	patch, err := dsGetPatch(ds)
	if err != nil {
		return nil, err
	}
	hash := computeHash(&ds.Spec.Template, ds.Status.CollisionCount)
	return &revisionResult{name: ds.Name + "-" + hash, hash: hash, data: patch}, nil
}
