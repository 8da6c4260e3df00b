//go:build kruise

package main

// The `verdict` for the OpenKruise kinds under InPlaceIfPossible / InPlaceOnly (Kruise build): the
// kruise.strategy op of kruise_inplace.go (the InPlaceOnly webhooks, CalculateSpec on the revisions the
// controllers build, the controllers' strategy switch) on the stored workloads' templates, after the
// Advanced StatefulSet webhook's real validatePodUpdatePolicy (//go:linkname) on the new spec. Glue
// reproduced here as in the engine: an Advanced DaemonSet updates in place only with maxSurge 0 (its
// templates go through the same revision shape), and per container: restart when its image or
// env-from-metadata changes, or when a cpu/memory resize meets resizePolicy RestartContainer.

import (
	"encoding/json"
	"strings"
	_ "unsafe" // go:linkname

	kruiseappsv1beta1 "github.com/openkruise/kruise/apis/apps/v1beta1"
	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

//go:linkname kruiseValidatePodUpdatePolicy github.com/openkruise/kruise/pkg/webhook/statefulset/validating.validatePodUpdatePolicy
func kruiseValidatePodUpdatePolicy(spec *kruiseappsv1beta1.StatefulSetSpec, fldPath *field.Path) field.ErrorList

func init() { kruiseVerdictHook = kruiseVerdict }

func kruiseVerdict(req *request, kind, strategy string, newData []byte, objs [2]interface{}) (string, []verdictContainer, *protoError) {
	var tmpl [2]*v1.PodTemplateSpec
	for i := range objs {
		t, perr := templateOfObject(objs[i])
		if perr != nil {
			return "", nil, perr
		}
		tmpl[i] = t
	}
	var w struct {
		APIVersion string `json:"apiVersion"`
		Spec       struct {
			UpdateStrategy struct {
				InPlace struct {
					Grace *int32 `json:"gracePeriodSeconds"`
				} `json:"inPlaceUpdateStrategy"`
				RollingUpdate struct {
					InPlace struct {
						Grace *int32 `json:"gracePeriodSeconds"`
					} `json:"inPlaceUpdateStrategy"`
					MaxSurge json.RawMessage `json:"maxSurge"`
				} `json:"rollingUpdate"`
			} `json:"updateStrategy"`
		} `json:"spec"`
	}
	nb, _ := json.Marshal(objs[1])
	_ = json.Unmarshal(nb, &w)
	// no change outside status: no update is sent
	var cmp [2]map[string]interface{}
	for i := range objs {
		b, _ := json.Marshal(objs[i])
		_ = json.Unmarshal(b, &cmp[i])
		delete(cmp[i], "status")
	}
	if ob, nb2 := mustJSON(cmp[0]), mustJSON(cmp[1]); ob == nb2 {
		return "none", containersOf(tmpl[1], func(string) string { return "keep" }), nil
	}
	if kind == "AdvancedStatefulSet" {
		set := objs[1].(*kruiseappsv1beta1.StatefulSet).DeepCopy()
		if set.Spec.UpdateStrategy.RollingUpdate == nil {
			set.Spec.UpdateStrategy.RollingUpdate = &kruiseappsv1beta1.RollingUpdateStatefulSetStrategy{}
		}
		set.Spec.UpdateStrategy.RollingUpdate.PodUpdatePolicy = kruiseappsv1beta1.PodUpdateStrategyType(strategy)
		if errs := kruiseValidatePodUpdatePolicy(&set.Spec, field.NewPath("spec")); len(errs) > 0 {
			return "rejected", containersOf(tmpl[1], func(string) string { return "keep" }), nil
		}
	}
	grace := w.Spec.UpdateStrategy.InPlace.Grace
	if kind == "AdvancedStatefulSet" {
		grace = w.Spec.UpdateStrategy.RollingUpdate.InPlace.Grace
	}
	// the Advanced DaemonSet (same revision shape, no strategy webhook) is judged as a v1beta1 CloneSet
	apiVersion := "v1beta1"
	if kind != "AdvancedDaemonSet" && strings.HasSuffix(w.APIVersion, "/v1alpha1") {
		apiVersion = "v1alpha1"
	}
	opKind := "CloneSet"
	if kind == "AdvancedStatefulSet" {
		opKind = "AdvancedStatefulSet"
	}
	ot, _ := json.Marshal(tmpl[0])
	nt, _ := json.Marshal(tmpl[1])
	str := func(s string) []byte { b, _ := json.Marshal(s); return b }
	sub := &request{Members: []member{{Name: "kind", Value: str(opKind)}, {Name: "policy", Value: str(strategy)}, {Name: "apiVersion", Value: str(apiVersion)}, {Name: "oldTemplate", Value: ot}, {Name: "newTemplate", Value: nt}}}
	if g := req.field("gates"); g != nil {
		sub.Members = append(sub.Members, member{Name: "gates", Value: g})
	}
	if k := req.field("kruise"); k != nil {
		sub.Members = append(sub.Members, member{Name: "kruise", Value: k})
	}
	if grace != nil {
		gb, _ := json.Marshal(*grace)
		sub.Members = append(sub.Members, member{Name: "gracePeriodSeconds", Value: gb})
	}
	res, perr := runKruiseStrategy(sub)
	if perr != nil {
		return "", nil, perr
	}
	var out struct {
		Outcome    string  `json:"outcome"`
		UpdateSpec *string `json:"updateSpec"`
	}
	if err := json.Unmarshal(append(append([]byte{'{'}, res.buf...), '}'), &out); err != nil {
		return "", nil, plainErr(codeInternal, "kruise.strategy answer: "+err.Error())
	}
	if kind == "AdvancedDaemonSet" && out.Outcome == "in-place" {
		ms := strings.Trim(string(w.Spec.UpdateStrategy.RollingUpdate.MaxSurge), "\"")
		if ms != "" && ms != "null" && ms != "0" && ms != "0%" {
			out.Outcome = "recreate"
		}
	}
	switch out.Outcome {
	case "none":
		return "none", containersOf(tmpl[1], func(string) string { return "keep" }), nil
	case "recreate":
		return "recreate", containersOf(tmpl[1], func(string) string { return "recreate" }), nil
	case "rejected", "stuck":
		return "rejected", containersOf(tmpl[1], func(string) string { return "keep" }), nil
	}
	var spec struct {
		ContainerImages      map[string]string                  `json:"containerImages"`
		ContainerRefMetadata map[string]json.RawMessage         `json:"containerRefMetadata"`
		ContainerResources   map[string]v1.ResourceRequirements `json:"containerResources"`
	}
	if out.UpdateSpec != nil {
		_ = json.Unmarshal([]byte(*out.UpdateSpec), &spec)
	}
	byName := map[string]*v1.Container{}
	for i := range tmpl[1].Spec.Containers {
		byName[tmpl[1].Spec.Containers[i].Name] = &tmpl[1].Spec.Containers[i]
	}
	return "in-place", containersOf(tmpl[1], func(name string) string {
		if _, ok := spec.ContainerImages[name]; ok {
			return "restart"
		}
		if _, ok := spec.ContainerRefMetadata[name]; ok {
			return "restart"
		}
		if r, ok := spec.ContainerResources[name]; ok && byName[name] != nil {
			for n := range r.Limits {
				if resizeRestarts(byName[name], string(n)) {
					return "restart"
				}
			}
			for n := range r.Requests {
				if resizeRestarts(byName[name], string(n)) {
					return "restart"
				}
			}
		}
		return "keep"
	}), nil
}

// containersOf lists a template's init containers (always keep in place; recreated with the pod) then containers.
func containersOf(t *v1.PodTemplateSpec, action func(name string) string) []verdictContainer {
	out := []verdictContainer{}
	for _, c := range t.Spec.InitContainers {
		a := action(c.Name)
		if a == "restart" {
			a = "keep"
		}
		out = append(out, verdictContainer{Name: c.Name, Action: a, Init: true})
	}
	for _, c := range t.Spec.Containers {
		out = append(out, verdictContainer{Name: c.Name, Action: action(c.Name)})
	}
	return out
}

func mustJSON(v interface{}) string {
	b, _ := json.Marshal(v)
	return string(b)
}
