package main

// The `verdict` oracle: the real controllers' own comparisons composed into the verdict for the
// kinds whose controllers replace pods on any template change — Deployment
// (deploymentutil.EqualIgnoreHash: verdict_kube.go calls it, verdict_api.go reproduces its three
// lines), ReplicaSet (apiequality.Semantic.DeepEqual of the templates), StatefulSet / DaemonSet and,
// in the Kruise build, CloneSet / Advanced StatefulSet / Advanced DaemonSet under ReCreate (the
// controllers' ControllerRevision data, bytes.Equal as history.EqualRevision compares it). Answers
// {kind, verdict, strategy?, containers}; the engine's reasons and patches are checked against the
// patch ops by test/oracle/verdict.test.ts. An apps/v1 workload update kube-apiserver refuses is "rejected"
// first (verdict_workload.go, kube builds, when applyDefaults is in effect).

import (
	"bytes"
	"encoding/json"

	appsv1 "k8s.io/api/apps/v1"
	v1 "k8s.io/api/core/v1"
	apiequality "k8s.io/apimachinery/pkg/api/equality"
)

const codeUnsupportedKind = "E_UNSUPPORTED_KIND"

func init() {
	ops["verdict"] = opSpec{[]string{"old", "oldText", "new", "newText", "kind", "kubernetes", "kubelet", "kruise", "gates", "strategy", "applyDefaults", "allowPrivileged"}, runVerdict}
}

// kruiseVerdictHook decides for a Kruise kind under an in-place strategy (kruise_verdict.go, Kruise build).
var kruiseVerdictHook func(req *request, kind, strategy string, newData []byte, objs [2]interface{}) (string, []verdictContainer, *protoError)

// kruiseAdmissionHook reports whether OpenKruise's webhooks refuse the update of a Kruise kind (kruise_workload.go,
// Kruise build).
var kruiseAdmissionHook func(req *request, kind string, oldData, newData []byte) (bool, *protoError)

// rejectedVerdict is the verdict of a refused update: rejected, every container of the new template kept (strategy
// written when not "").
func rejectedVerdict(kind, strategy string, obj interface{}) (*result, *protoError) {
	return uniformVerdict(kind, strategy, "rejected", "keep", obj)
}

// uniformVerdict is a verdict in which every container of the new template (obj's) has the same action.
func uniformVerdict(kind, strategy, verdict, action string, obj interface{}) (*result, *protoError) {
	tmpl, perr := templateOfObject(obj)
	if perr != nil {
		return nil, perr
	}
	containers := []verdictContainer{}
	for _, c := range tmpl.Spec.InitContainers {
		containers = append(containers, verdictContainer{Name: c.Name, Action: action, Init: true})
	}
	for _, c := range tmpl.Spec.Containers {
		containers = append(containers, verdictContainer{Name: c.Name, Action: action})
	}
	res := &result{}
	res.str("verdict", verdict)
	res.str("kind", kind)
	if strategy != "" {
		res.str("strategy", strategy)
	}
	cj, _ := json.Marshal(containers)
	res.key("containers")
	res.buf = append(res.buf, cj...)
	return res, nil
}

// workloadVerdictHook reports whether kube-apiserver refuses the update of an apps/v1 workload (verdict_workload.go,
// kube builds); nil in the api flavor.
var workloadVerdictHook func(req *request, kind string, objs [2]interface{}) (bool, *protoError)

// podVerdictHook decides for a Pod (verdict_pod.go, kube builds): objects as decoded (and defaulted)
// and as stored; nil in the api flavor.
var podVerdictHook func(req *request, decoded, stored [2]interface{}) (podVerdictAnswer, *protoError)

// verdictGatesHook (kube builds) sets the request's Kubernetes feature gates before the objects are decoded and
// defaulted: the API server defaults with its gates.
var verdictGatesHook func(req *request) *protoError

// podVerdictAnswer is a Pod's verdict: its containers' actions, and for a change sent to the pods/resize
// subresource, subresource "resize" and (refused) the StatusError text.
type podVerdictAnswer struct {
	verdict     string
	containers  []verdictContainer
	subresource string
	rejection   string
}

// verdictKinds: request kind names by (apiVersion group is Kruise, kind).
func verdictKind(data []byte) string {
	var tm struct {
		APIVersion string `json:"apiVersion"`
		Kind       string `json:"kind"`
	}
	_ = json.Unmarshal(data, &tm)
	kruise := len(tm.APIVersion) > 15 && tm.APIVersion[:15] == "apps.kruise.io/"
	switch {
	case tm.Kind == "StatefulSet" && kruise:
		return "AdvancedStatefulSet"
	case tm.Kind == "DaemonSet" && kruise:
		return "AdvancedDaemonSet"
	}
	return tm.Kind
}

// verdictContainer is one entry of the answer's containers.
type verdictContainer struct {
	Name   string `json:"name"`
	Action string `json:"action"`
	Init   bool   `json:"init,omitempty"`
}

// templateSpec extracts spec.template of a decoded workload through its JSON (any kind).
func templateOfObject(obj interface{}) (*v1.PodTemplateSpec, *protoError) {
	b, err := json.Marshal(obj)
	if err != nil {
		return nil, plainErr(codeInternal, "json.Marshal: "+err.Error())
	}
	var w struct {
		APIVersion string `json:"apiVersion"`
		Spec       struct {
			Template v1.PodTemplateSpec `json:"template"`
		} `json:"spec"`
	}
	if err := json.Unmarshal(b, &w); err != nil {
		return nil, plainErr(codeInternal, "template: "+err.Error())
	}
	return &w.Spec.Template, nil
}

// strategyOf is the Kruise update strategy an object names (ReCreate when none).
func strategyOf(kind string, data []byte) string {
	var w struct {
		APIVersion string `json:"apiVersion"`
		Spec       struct {
			UpdateStrategy struct {
				Type          string `json:"type"`
				RollingUpdate struct {
					PodUpdatePolicy   string `json:"podUpdatePolicy"`
					RollingUpdateType string `json:"rollingUpdateType"`
				} `json:"rollingUpdate"`
			} `json:"updateStrategy"`
		} `json:"spec"`
	}
	_ = json.Unmarshal(data, &w)
	s := ""
	switch kind {
	case "CloneSet":
		// v1beta1 names the in-place policy in rollingUpdate.podUpdatePolicy (its type is RollingUpdate or OnDelete)
		if w.APIVersion == "apps.kruise.io/v1beta1" {
			s = w.Spec.UpdateStrategy.RollingUpdate.PodUpdatePolicy
		} else {
			s = w.Spec.UpdateStrategy.Type
		}
	case "AdvancedStatefulSet":
		s = w.Spec.UpdateStrategy.RollingUpdate.PodUpdatePolicy
	case "AdvancedDaemonSet":
		s = w.Spec.UpdateStrategy.RollingUpdate.RollingUpdateType
		if s != "" && s != "InPlaceIfPossible" {
			s = "ReCreate"
		}
	}
	if s == "" {
		s = "ReCreate"
	}
	return s
}

func runVerdict(req *request) (*result, *protoError) {
	oldData, err := valueField(req, "old")
	if err != nil {
		return nil, err
	}
	newData, err := valueField(req, "new")
	if err != nil {
		return nil, err
	}
	kind := verdictKind(oldData)
	if k, present, e := stringField(req, "kind"); e != nil {
		return nil, e
	} else if present {
		kind = string(k)
	}
	t, ok := typeRegistry[kind]
	if !ok || !(kind == "Pod" || kind == "Deployment" || kind == "ReplicaSet" || kind == "StatefulSet" || kind == "DaemonSet" || t.kruise) {
		if kruiseKinds[kind] {
			return nil, plainErr(codeInternal, "OpenKruise kind "+quote(kind)+" routed to a non-Kruise build")
		}
		return nil, fieldErr(codeUnsupportedKind, "kind", "kind "+quote(kind)+" is not answered by the verdict oracle")
	}
	if err := checkMinorFor(req, "kubernetes", t); err != nil {
		return nil, err
	}
	if !t.kruise && req.field("kruise") != nil {
		return nil, fieldErr(codeBadRequest, "kruise", quote("kruise")+" applies to OpenKruise kinds only")
	}
	// applyDefaults: default true for Kubernetes kinds from 1.15 (idempotent on live objects)
	defaults := !t.kruise && parseMinor(buildMinor) >= 15
	if raw := req.field("applyDefaults"); raw != nil {
		var b bool
		if json.Unmarshal(raw, &b) != nil {
			return nil, fieldErr(codeBadRequest, "applyDefaults", quote("applyDefaults")+" must be a boolean")
		}
		if b && t.kruise {
			return nil, fieldErr(codeBadRequest, "applyDefaults", "applyDefaults is not supported for OpenKruise kinds")
		}
		defaults = b
	}
	if verdictGatesHook != nil && !t.kruise {
		if perr := verdictGatesHook(req); perr != nil {
			return nil, perr
		}
	}
	objs, decoded := [2]interface{}{}, [2]interface{}{}
	for i, data := range [][]byte{oldData, newData} {
		obj := t.new()
		if e := apiDecode(data, obj); e != nil {
			return nil, decodeErr(e)
		}
		if defaults {
			if perr := applyTypeDefaults(kind, obj, []string{"old", "new"}[i]); perr != nil {
				return nil, perr
			}
		}
		decoded[i] = obj
		fresh, perr := roundTrip(obj)
		if perr != nil {
			return nil, perr
		}
		objs[i] = fresh
	}
	if kind == "Pod" {
		if podVerdictHook == nil {
			return nil, fieldErr(codeUnsupportedKind, "kind", "Pod verdicts need a kube build (k8s.io/kubernetes validation)")
		}
		a, perr := podVerdictHook(req, decoded, objs)
		if perr != nil {
			return nil, perr
		}
		res := &result{}
		res.str("verdict", a.verdict)
		res.str("kind", kind)
		cj, _ := json.Marshal(a.containers)
		res.key("containers")
		res.buf = append(res.buf, cj...)
		if a.subresource != "" {
			res.str("subresource", a.subresource)
		}
		if a.rejection != "" {
			res.str("rejection", a.rejection)
		}
		return res, nil
	}
	if workloadVerdictHook != nil && defaults && !t.kruise {
		refused, perr := workloadVerdictHook(req, kind, objs)
		if perr != nil {
			return nil, perr
		}
		if refused {
			return rejectedVerdict(kind, "", objs[1])
		}
	}
	strategy := ""
	if t.kruise {
		strategy = strategyOf(kind, newData)
		if s, present, e := stringField(req, "strategy"); e != nil {
			return nil, e
		} else if present {
			strategy = string(s)
		}
		if kind == "AdvancedDaemonSet" && strategy == "InPlaceOnly" {
			return nil, fieldErr(codeBadRequest, "strategy", "an Advanced DaemonSet has no InPlaceOnly strategy (ReCreate or InPlaceIfPossible)")
		}
	}
	if t.kruise && kruiseAdmissionHook != nil {
		// OpenKruise's webhooks first: a refused update changes nothing
		refused, perr := kruiseAdmissionHook(req, kind, oldData, newData)
		if perr != nil {
			return nil, perr
		}
		if refused {
			return rejectedVerdict(kind, strategy, objs[1])
		}
	}
	if t.kruise && strategy != "ReCreate" {
		verdict, containers, perr := kruiseVerdictHook(req, kind, strategy, newData, objs)
		if perr != nil {
			return nil, perr
		}
		res := &result{}
		res.str("verdict", verdict)
		res.str("kind", kind)
		res.str("strategy", strategy)
		cj, _ := json.Marshal(containers)
		res.key("containers")
		res.buf = append(res.buf, cj...)
		return res, nil
	}
	var equal bool
	switch kind {
	case "Deployment":
		equal = equalIgnoreHash(&objs[0].(*appsv1.Deployment).Spec.Template, &objs[1].(*appsv1.Deployment).Spec.Template)
	case "ReplicaSet":
		equal = apiequality.Semantic.DeepEqual(objs[0].(*appsv1.ReplicaSet).Spec.Template, objs[1].(*appsv1.ReplicaSet).Spec.Template)
	default:
		var data [2][]byte
		for i := range objs {
			zero := int32(0)
			r, e := t.revision(objs[i], &zero)
			if e != nil {
				return nil, plainErr(codeInternal, "revision: "+e.Error())
			}
			data[i] = r.data
		}
		equal = bytes.Equal(data[0], data[1])
	}
	verdict, action := "none", "keep"
	if !equal {
		verdict, action = "recreate", "recreate"
	}
	return uniformVerdict(kind, strategy, verdict, action, objs[1])
}
