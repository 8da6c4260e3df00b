//go:build kruise

package main

// OpenKruise v1.9.0 in-place update, answered by the real
// github.com/openkruise/kruise/pkg/util/inplaceupdate:
//
//	kruise.inplaceSpec {oldRevision|oldRevisionText, newRevision|newRevisionText, gates?, gracePeriodSeconds?, kruise?}
//	    -> {inPlace, updateSpec}: SetOptionsDefaults(&UpdateOptions{GracePeriodSeconds}).CalculateSpec
//	       (defaultCalculateInPlaceUpdateSpec); updateSpec = json.Marshal(spec) as a string, null when nil.
//	kruise.patchPod {pod|podText, updateSpec|updateSpecText, state?|stateText?, now, gates?, serverVersion?, kruise?}
//	    -> {pod, state, resizePatch}: opts.PatchSpecToPod (defaultPatchUpdateSpecToPod) with
//	       inplaceupdate.Clock a fake clock at `now`; pod = json.Marshal(pod), state = json.Marshal(state),
//	       resizePatch = NativeVerticalUpdate.GenerateResourcePatch(pod, expectedResources) (null when none).
//	       Without `state`, the state Update passes: {revision, updateTimestamp: now, updateEnvFromMetadata,
//	       updateImages, updateResources} of the spec.
//	kruise.completed {pod|podText, gates?, kruise?} -> {completed, message?}: DefaultCheckInPlaceUpdateCompleted.
//
// Gates are set per request with DefaultMutableFeatureGate.SetFromMap after resetting the four gates
// these functions read to their v1.9.0 defaults; KruiseDaemon=false forces InPlaceUpdateEnvFromMetadata
// off as features.SetDefaultFeatureGates does at start-up. serverVersion "1.N" (default "1.32") is
// written into pkg/client's unexported curVersion (//go:linkname, v1.9.0: kruise_v19.go), which
// ShouldUpdateResourceByResize reads (v1.8.x has no resize path: kruise_v18.go). `kruise` names this
// build's release ("1.9" or absent in the v1.9.0 build, "1.8" in the v1.8.3 build).

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"
	_ "unsafe" // go:linkname

	appspub "github.com/openkruise/kruise/apis/apps/pub"
	kruiseappsv1beta1 "github.com/openkruise/kruise/apis/apps/v1beta1"
	clonesetcore "github.com/openkruise/kruise/pkg/controller/cloneset/core"
	"github.com/openkruise/kruise/pkg/controller/cloneset/revision"
	kfeatures "github.com/openkruise/kruise/pkg/features"
	utilfeature "github.com/openkruise/kruise/pkg/util/feature"
	"github.com/openkruise/kruise/pkg/util/inplaceupdate"
	"github.com/openkruise/kruise/pkg/util/revisionadapter"
	_ "github.com/openkruise/kruise/pkg/webhook/statefulset/validating"
	appsv1 "k8s.io/api/apps/v1"
	v1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apimachinery/pkg/version"
	kubefake "k8s.io/client-go/kubernetes/fake"
	"k8s.io/klog/v2"
	testingclock "k8s.io/utils/clock/testing"
)

func init() {
	// the upstream code logs through klog; keep the protocol's stderr quiet
	fs := flag.NewFlagSet("klog", flag.ContinueOnError)
	klog.InitFlags(fs)
	_ = fs.Set("logtostderr", "false")
	_ = fs.Set("stderrthreshold", "FATAL")
	klog.SetOutput(io.Discard)
	ops["kruise.inplaceSpec"] = opSpec{[]string{"oldRevision", "oldRevisionText", "newRevision", "newRevisionText", "gates", "gracePeriodSeconds", "kruise"}, runKruiseInplaceSpec}
	ops["kruise.patchPod"] = opSpec{[]string{"pod", "podText", "updateSpec", "updateSpecText", "state", "stateText", "now", "gates", "serverVersion", "kruise"}, runKruisePatchPod}
	ops["kruise.completed"] = opSpec{[]string{"pod", "podText", "gates", "kruise"}, runKruiseCompleted}
}

// kruiseGateDefaults (the gates the in-place update functions read, at the release's defaults): kruise_gates_v*.go.

// kruiseGates resets the gates and applies the request's `gates` object.
func kruiseGates(req *request) *protoError {
	return kruiseGatesFrom(req, kruiseGateDefaults, true)
}

// kruiseGatesFrom resets the gates of `defaults` to their values there and applies the request's `gates`
// object, whose names must be among them (checked in sorted order). daemon: KruiseDaemon=false forces
// InPlaceUpdateEnvFromMetadata off (the in-place update ops).
func kruiseGatesFrom(req *request, defaults map[string]bool, daemon bool) *protoError {
	m := map[string]bool{}
	for k, v := range defaults {
		m[k] = v
	}
	if raw := req.field("gates"); raw != nil && string(raw) != "null" {
		var g map[string]json.RawMessage
		if raw[0] != '{' || json.Unmarshal(raw, &g) != nil {
			return fieldErr(codeBadRequest, "gates", quote("gates")+" must be an object of booleans")
		}
		names := make([]string, 0, len(g))
		for k := range g {
			names = append(names, k)
		}
		sort.Strings(names)
		for _, k := range names {
			if _, ok := defaults[k]; !ok {
				return fieldErr(codeBadRequest, "gates/"+k, "unknown feature gate "+quote(k))
			}
			switch string(g[k]) {
			case "true":
				m[k] = true
			case "false":
				m[k] = false
			default:
				return fieldErr(codeBadRequest, "gates/"+k, "feature gate "+quote(k)+" must be a boolean")
			}
		}
	}
	if daemon && !m[string(kfeatures.KruiseDaemon)] {
		m[string(kfeatures.InPlaceUpdateEnvFromMetadata)] = false
	}
	if err := utilfeature.DefaultMutableFeatureGate.SetFromMap(m); err != nil {
		return plainErr(codeInternal, "SetFromMap: "+err.Error())
	}
	return nil
}

// kruiseRequest checks the fields every kruise.* op shares: the Kruise version, then the gates (set on
// the feature gate for this request).
func kruiseRequest(req *request) *protoError {
	if err := kruiseVersionField(req); err != nil {
		return err
	}
	return kruiseGates(req)
}

// kruiseVersionField accepts the release of this build (kruiseMinorName: "1.9" in the v1.9.0 build, which
// also takes an absent field, "1.8" in the v1.8 build); the router sends each release to its build.
func kruiseVersionField(req *request) *protoError {
	v, present, err := stringField(req, "kruise")
	if err != nil {
		return err
	}
	if (!present && kruiseMinorName == "1.9") || (present && string(v) == kruiseMinorName) {
		return nil
	}
	if !present || string(v) == "1.8" || string(v) == "1.9" {
		return fieldErr(codeUnsupported, "kruise", "this oracle build runs openkruise/kruise "+kruiseVersion+" only")
	}
	return fieldErr(codeUnsupported, "kruise", "unsupported kruise version "+quote(string(v)))
}

// inplaceDecodeField reads the request's object field `name` into `into` (a *typeName) as the
// controller's client does.
func inplaceDecodeField(req *request, name, typeName string, into interface{}) *protoError {
	data, err := valueField(req, name)
	if err != nil {
		return err
	}
	if len(data) > 0 && data[0] != '{' {
		return fieldErr(codeBadRequest, name, quote(name)+" must be a "+typeName+" object")
	}
	if e := apiDecode(data, into); e != nil {
		pe := decodeErr(e)
		pe.Path, pe.HasPath = name, true
		return pe
	}
	return nil
}

// inplaceDecodeRevision reads a ControllerRevision as the controller's client does.
func inplaceDecodeRevision(req *request, name string) (*appsv1.ControllerRevision, *protoError) {
	cr := &appsv1.ControllerRevision{}
	if err := inplaceDecodeField(req, name, "ControllerRevision", cr); err != nil {
		return nil, err
	}
	return cr, nil
}

// inplaceDecodePod reads a Pod as the controller's client does.
func inplaceDecodePod(req *request) (*v1.Pod, *protoError) {
	pod := &v1.Pod{}
	if err := inplaceDecodeField(req, "pod", "Pod", pod); err != nil {
		return nil, err
	}
	return pod, nil
}

func runKruiseInplaceSpec(req *request) (*result, *protoError) {
	if err := kruiseRequest(req); err != nil {
		return nil, err
	}
	grace, err := int32Field(req, "gracePeriodSeconds")
	if err != nil {
		return nil, err
	}
	oldRev, err := inplaceDecodeRevision(req, "oldRevision")
	if err != nil {
		return nil, err
	}
	newRev, err := inplaceDecodeRevision(req, "newRevision")
	if err != nil {
		return nil, err
	}
	opts := &inplaceupdate.UpdateOptions{}
	if grace != nil {
		opts.GracePeriodSeconds = *grace
	}
	opts = inplaceupdate.SetOptionsDefaults(opts)
	spec := opts.CalculateSpec(oldRev, newRev, opts)
	res := &result{}
	res.key("inPlace")
	if spec == nil {
		res.buf = append(res.buf, "false"...)
		res.key("updateSpec")
		res.buf = append(res.buf, "null"...)
		return res, nil
	}
	res.buf = append(res.buf, "true"...)
	b, e := json.Marshal(spec)
	if e != nil {
		return nil, plainErr(codeInternal, "json.Marshal: "+e.Error())
	}
	res.str("updateSpec", string(b))
	return res, nil
}

// inplaceServerVersionField parses "1.N" (default "1.32") into a version.Info.
func inplaceServerVersionField(req *request) (*version.Info, *protoError) {
	v, present, err := stringField(req, "serverVersion")
	if err != nil {
		return nil, err
	}
	if !present {
		return &version.Info{Major: "1", Minor: "32"}, nil
	}
	s := string(v)
	if !strings.HasPrefix(s, "1.") || !isSupportedMinor(s) {
		return nil, fieldErr(codeUnsupported, "serverVersion", "unsupported serverVersion "+quote(s))
	}
	return &version.Info{Major: "1", Minor: s[2:]}, nil
}

func runKruisePatchPod(req *request) (*result, *protoError) {
	if err := kruiseRequest(req); err != nil {
		return nil, err
	}
	sv, err := inplaceServerVersionField(req)
	if err != nil {
		return nil, err
	}
	nowText, present, err := stringField(req, "now")
	if err != nil {
		return nil, err
	}
	if !present {
		return nil, fieldErr(codeBadRequest, "now", "missing "+quote("now"))
	}
	now, e := time.Parse(time.RFC3339, string(nowText))
	if e != nil {
		return nil, fieldErr(codeBadRequest, "now", quote("now")+" must be an RFC 3339 time")
	}
	pod, err := inplaceDecodePod(req)
	if err != nil {
		return nil, err
	}
	specText, err := valueField(req, "updateSpec")
	if err != nil {
		return nil, err
	}
	spec := &inplaceupdate.UpdateSpec{}
	if e := json.Unmarshal(specText, spec); e != nil || specText[0] != '{' {
		return nil, fieldErr(codeBadRequest, "updateSpec", quote("updateSpec")+" must be an UpdateSpec object")
	}
	state := &appspub.InPlaceUpdateState{}
	if req.field("state") != nil || req.field("stateText") != nil {
		stateText, err := valueField(req, "state")
		if err != nil {
			return nil, err
		}
		if e := json.Unmarshal(stateText, state); e != nil || stateText[0] != '{' {
			return nil, fieldErr(codeBadRequest, "state", quote("state")+" must be an InPlaceUpdateState object")
		}
	} else {
		*state = kruiseInitialState(spec, now)
	}
	kruiseSetServerVersion(sv)
	inplaceupdate.Clock = testingclock.NewFakeClock(now)
	opts := inplaceupdate.SetOptionsDefaults(&inplaceupdate.UpdateOptions{})
	out, resizePatch, e := kruisePatchSpecToPod(opts, pod, spec, state)
	if e != nil {
		return nil, plainErr(codeInternal, "PatchSpecToPod: "+e.Error())
	}
	pb, e := json.Marshal(out)
	if e != nil {
		return nil, plainErr(codeInternal, "json.Marshal: "+e.Error())
	}
	sb, _ := json.Marshal(state)
	res := &result{}
	res.str("pod", string(pb))
	res.str("state", string(sb))
	res.key("resizePatch")
	if resizePatch != nil {
		res.buf = appendString(res.buf, string(resizePatch))
	} else {
		res.buf = append(res.buf, "null"...)
	}
	return res, nil
}

func runKruiseCompleted(req *request) (*result, *protoError) {
	if err := kruiseRequest(req); err != nil {
		return nil, err
	}
	pod, err := inplaceDecodePod(req)
	if err != nil {
		return nil, err
	}
	opts := inplaceupdate.SetOptionsDefaults(&inplaceupdate.UpdateOptions{})
	e := opts.CheckPodUpdateCompleted(pod)
	res := &result{}
	res.key("completed")
	if e == nil {
		res.buf = append(res.buf, "true"...)
		return res, nil
	}
	res.buf = append(res.buf, "false"...)
	res.str("message", e.Error())
	return res, nil
}

// kruise.strategy {kind, policy?, apiVersion?, oldTemplate|oldTemplateText, newTemplate|newTemplateText,
// gates?, gracePeriodSeconds?, podName?, kruise?} -> {policy, allowed, message?, inPlace, outcome,
// controllerError?, updateSpec}: the InPlaceOnly webhook checks (CloneSet v1alpha1: core
// ValidateCloneSetUpdate wrapped in field.Forbidden("spec"); Advanced StatefulSet:
// validateTemplateInPlaceOnly, pulled with //go:linkname, wrapped as its handler does), then
// CalculateSpec on the revisions the controllers build (revision.NewRevisionControl / newRevision), and
// the controllers' strategy switch (CloneSet sync/cloneset_update.go, statefulset stateful_set_control.go).

//go:linkname kruiseValidateTemplateInPlaceOnly github.com/openkruise/kruise/pkg/webhook/statefulset/validating.validateTemplateInPlaceOnly
func kruiseValidateTemplateInPlaceOnly(oldTemp, newTemp *v1.PodTemplateSpec) error

//go:linkname inplaceValidatePodUpdatePolicy github.com/openkruise/kruise/pkg/webhook/statefulset/validating.validatePodUpdatePolicy
func inplaceValidatePodUpdatePolicy(spec *kruiseappsv1beta1.StatefulSetSpec, fldPath *field.Path) field.ErrorList

func init() {
	ops["kruise.strategy"] = opSpec{[]string{"kind", "policy", "apiVersion", "oldTemplate", "oldTemplateText", "newTemplate", "newTemplateText", "gates", "gracePeriodSeconds", "podName", "kruise"}, runKruiseStrategy}
}

// inplaceDecodeTemplate reads a PodTemplateSpec as the API server stores it.
func inplaceDecodeTemplate(req *request, name string) (*v1.PodTemplateSpec, *protoError) {
	t := &v1.PodTemplateSpec{}
	if err := inplaceDecodeField(req, name, "PodTemplateSpec", t); err != nil {
		return nil, err
	}
	// as the API server stored the workload
	fresh, perr := roundTrip(t)
	if perr != nil {
		return nil, perr
	}
	return fresh.(*v1.PodTemplateSpec), nil
}

func runKruiseStrategy(req *request) (*result, *protoError) {
	if err := kruiseRequest(req); err != nil {
		return nil, err
	}
	kind, present, err := stringField(req, "kind")
	if err != nil {
		return nil, err
	}
	if !present {
		return nil, fieldErr(codeBadRequest, "kind", "missing "+quote("kind"))
	}
	if string(kind) != "CloneSet" && string(kind) != "AdvancedStatefulSet" {
		return nil, fieldErr(codeBadRequest, "kind", "kind must be \"CloneSet\" or \"AdvancedStatefulSet\"")
	}
	policy := "ReCreate"
	if v, ok, err := stringField(req, "policy"); err != nil {
		return nil, err
	} else if ok {
		policy = string(v)
	}
	if policy != "ReCreate" && policy != "InPlaceIfPossible" && policy != "InPlaceOnly" {
		return nil, fieldErr(codeBadRequest, "policy", "policy must be \"ReCreate\", \"InPlaceIfPossible\" or \"InPlaceOnly\"")
	}
	apiVersion := "v1beta1"
	if v, ok, err := stringField(req, "apiVersion"); err != nil {
		return nil, err
	} else if ok {
		apiVersion = string(v)
	}
	if apiVersion != "v1alpha1" && apiVersion != "v1beta1" {
		return nil, fieldErr(codeBadRequest, "apiVersion", "apiVersion must be \"v1alpha1\" or \"v1beta1\"")
	}
	grace, err := int32Field(req, "gracePeriodSeconds")
	if err != nil {
		return nil, err
	}
	podName := "<pod>"
	if v, ok, err := stringField(req, "podName"); err != nil {
		return nil, err
	} else if ok {
		podName = string(v)
	}
	oldT, err := inplaceDecodeTemplate(req, "oldTemplate")
	if err != nil {
		return nil, err
	}
	newT, err := inplaceDecodeTemplate(req, "newTemplate")
	if err != nil {
		return nil, err
	}
	res := &result{}
	res.str("policy", policy)
	cloneSet := string(kind) == "CloneSet"
	reject := func(msg string) (*result, *protoError) {
		res.key("allowed")
		res.buf = append(res.buf, "false"...)
		res.str("message", msg)
		res.key("inPlace")
		res.buf = append(res.buf, "false"...)
		res.str("outcome", "rejected")
		res.key("updateSpec")
		res.buf = append(res.buf, "null"...)
		return res, nil
	}
	if !cloneSet && policy != "ReCreate" {
		// the Advanced StatefulSet webhook requires the InPlaceUpdateReady readiness gate
		spec := &kruiseappsv1beta1.StatefulSetSpec{Template: *newT}
		spec.UpdateStrategy.RollingUpdate = &kruiseappsv1beta1.RollingUpdateStatefulSetStrategy{PodUpdatePolicy: kruiseappsv1beta1.PodUpdateStrategyType(policy)}
		if errs := inplaceValidatePodUpdatePolicy(spec, field.NewPath("spec")); len(errs) > 0 {
			return reject(errs.ToAggregate().Error())
		}
	}
	if policy == "InPlaceOnly" {
		var msg string
		if cloneSet && apiVersion == "v1alpha1" {
			mk := func(t *v1.PodTemplateSpec) *kruiseCloneSet {
				cs := &kruiseCloneSet{}
				cs.Spec.Template = *t
				kruiseSetInPlaceOnly(cs)
				return cs
			}
			oldCS, newCS := mk(oldT), mk(newT)
			if e := clonesetcore.New(newCS).ValidateCloneSetUpdate(oldCS, newCS); e != nil {
				msg = field.ErrorList{field.Forbidden(field.NewPath("spec"), e.Error())}.ToAggregate().Error()
			}
		} else if !cloneSet {
			if e := kruiseValidateTemplateInPlaceOnly(oldT, newT); e != nil {
				msg = fmt.Errorf("invalid template modified with InPlaceOnly strategy: %v, currently only image update is allowed for InPlaceOnly", e).Error()
			}
		}
		if msg != "" {
			return reject(msg)
		}
	}
	res.key("allowed")
	res.buf = append(res.buf, "true"...)
	// the revisions the controllers build
	var oldRev, newRev *appsv1.ControllerRevision
	var e error
	if cloneSet {
		mk := func(t *v1.PodTemplateSpec) (*appsv1.ControllerRevision, error) {
			cs := &kruiseCloneSet{}
			cs.Name = "sample"
			cs.Spec.Template = *t
			var cc int32
			return revision.NewRevisionControl().NewRevision(cs, 1, &cc)
		}
		if oldRev, e = mk(oldT); e == nil {
			newRev, e = mk(newT)
		}
	} else {
		mk := func(t *v1.PodTemplateSpec) (*appsv1.ControllerRevision, error) {
			set := &kruiseappsv1beta1.StatefulSet{}
			set.Name = "sample"
			set.Spec.Template = *t
			var cc int32
			return kruiseStsNewRevision(set, 1, &cc)
		}
		if oldRev, e = mk(oldT); e == nil {
			newRev, e = mk(newT)
		}
	}
	if e != nil {
		return nil, plainErr(codeInternal, e.Error())
	}
	opts := &inplaceupdate.UpdateOptions{}
	if grace != nil {
		opts.GracePeriodSeconds = *grace
	}
	if cloneSet && policy == "InPlaceOnly" {
		kruiseIgnoreVCTHashDiff(opts)
	}
	// the op has templates, not workloads: the spec names the new revision "new"
	opts.GetRevision = func(*appsv1.ControllerRevision) string { return "new" }
	opts = inplaceupdate.SetOptionsDefaults(opts)
	spec := opts.CalculateSpec(oldRev, newRev, opts)
	res.key("inPlace")
	if spec != nil {
		res.buf = append(res.buf, "true"...)
	} else {
		res.buf = append(res.buf, "false"...)
	}
	switch {
	case oldRev.Name == newRev.Name:
		res.str("outcome", "none")
	case policy == "ReCreate":
		res.str("outcome", "recreate")
	case spec != nil:
		res.str("outcome", "in-place")
	case policy == "InPlaceIfPossible":
		res.str("outcome", "recreate")
	default:
		res.str("outcome", "stuck")
		if cloneSet {
			res.str("controllerError", fmt.Sprintf("find Pod %s update strategy is InPlaceOnly but can not update in-place", podName))
		} else {
			res.str("controllerError", fmt.Sprintf("find strategy is InPlaceOnly but Pod %s can not update in-place", podName))
		}
	}
	res.key("updateSpec")
	if spec == nil {
		res.buf = append(res.buf, "null"...)
	} else {
		b, _ := json.Marshal(spec)
		res.buf = appendString(res.buf, string(b))
	}
	return res, nil
}

// kruise.update {pod|podText, oldRevision|…Text, newRevision|…Text, now, gates?, gracePeriodSeconds?,
// serverVersion?, kruise?} -> {inPlace, delaySeconds, pod, error?}: Interface.Update of a control made with
// NewForTypedClient over client-go's fake clientset holding the pod, the default revision adapter, no
// AdditionalFuncs; pod = json.Marshal of the pod the clientset holds afterwards.
// kruise.refresh {pod|podText, now, gates?, serverVersion?, kruise?} -> {delaySeconds, pod, error?}:
// Interface.Refresh likewise. finishGracePeriod measures the grace period with time.Since (the real
// clock, not inplaceupdate.Clock): the harness moves the state's updateTimestamp by the whole seconds
// between the real clock and `now` before the call and moves it back in the answer, so for a `now` and
// timestamps in whole seconds the answer is what a controller running at `now` computes.

func init() {
	ops["kruise.update"] = opSpec{[]string{"pod", "podText", "oldRevision", "oldRevisionText", "newRevision", "newRevisionText", "now", "gates", "gracePeriodSeconds", "serverVersion", "kruise"}, runKruiseUpdate}
	ops["kruise.refresh"] = opSpec{[]string{"pod", "podText", "now", "gates", "serverVersion", "kruise"}, runKruiseRefresh}
}

// inplaceNowField reads `now` (RFC 3339) and installs the fake clock.
func inplaceNowField(req *request) (time.Time, *protoError) {
	nowText, present, err := stringField(req, "now")
	if err != nil {
		return time.Time{}, err
	}
	if !present {
		return time.Time{}, fieldErr(codeBadRequest, "now", "missing "+quote("now"))
	}
	now, e := time.Parse(time.RFC3339, string(nowText))
	if e != nil {
		return time.Time{}, fieldErr(codeBadRequest, "now", quote("now")+" must be an RFC 3339 time")
	}
	inplaceupdate.Clock = testingclock.NewFakeClock(now)
	return now, nil
}

// inplaceStoredPod is the pod the fake clientset holds, as json.Marshal writes it.
func inplaceStoredPod(cs *kubefake.Clientset, pod *v1.Pod) (string, *protoError) {
	got, e := cs.CoreV1().Pods(pod.Namespace).Get(context.TODO(), pod.Name, metav1.GetOptions{})
	if e != nil {
		return "", plainErr(codeInternal, "get: "+e.Error())
	}
	b, e := json.Marshal(got)
	if e != nil {
		return "", plainErr(codeInternal, "json.Marshal: "+e.Error())
	}
	return string(b), nil
}

func runKruiseUpdate(req *request) (*result, *protoError) {
	if err := kruiseRequest(req); err != nil {
		return nil, err
	}
	sv, err := inplaceServerVersionField(req)
	if err != nil {
		return nil, err
	}
	if _, err := inplaceNowField(req); err != nil {
		return nil, err
	}
	grace, err := int32Field(req, "gracePeriodSeconds")
	if err != nil {
		return nil, err
	}
	pod, err := inplaceDecodePod(req)
	if err != nil {
		return nil, err
	}
	oldRev, err := inplaceDecodeRevision(req, "oldRevision")
	if err != nil {
		return nil, err
	}
	newRev, err := inplaceDecodeRevision(req, "newRevision")
	if err != nil {
		return nil, err
	}
	kruiseSetServerVersion(sv)
	cs := kubefake.NewSimpleClientset(pod.DeepCopy())
	ctrl := inplaceupdate.NewForTypedClient(cs, revisionadapter.NewDefaultImpl())
	opts := &inplaceupdate.UpdateOptions{}
	if grace != nil {
		opts.GracePeriodSeconds = *grace
	}
	r := ctrl.Update(pod, oldRev, newRev, opts)
	res := &result{}
	res.key("inPlace")
	if r.InPlaceUpdate {
		res.buf = append(res.buf, "true"...)
	} else {
		res.buf = append(res.buf, "false"...)
	}
	res.key("delaySeconds")
	res.buf = strconv.AppendInt(res.buf, int64(r.DelayDuration/time.Second), 10)
	p, perr := inplaceStoredPod(cs, pod)
	if perr != nil {
		return nil, perr
	}
	res.str("pod", p)
	if r.UpdateErr != nil {
		res.str("error", r.UpdateErr.Error())
	}
	return res, nil
}

func runKruiseRefresh(req *request) (*result, *protoError) {
	if err := kruiseRequest(req); err != nil {
		return nil, err
	}
	sv, err := inplaceServerVersionField(req)
	if err != nil {
		return nil, err
	}
	now, err := inplaceNowField(req)
	if err != nil {
		return nil, err
	}
	pod, err := inplaceDecodePod(req)
	if err != nil {
		return nil, err
	}
	kruiseSetServerVersion(sv)
	// time.Since runs on the real clock: move the state's updateTimestamp by whole seconds
	shift := time.Duration(0)
	var origTS, shiftedTS string
	if _, grace := appspub.GetInPlaceUpdateGrace(pod); grace {
		if stateStr, ok := appspub.GetInPlaceUpdateState(pod); ok {
			st := appspub.InPlaceUpdateState{}
			if json.Unmarshal([]byte(stateStr), &st) == nil && !st.UpdateTimestamp.IsZero() {
				// Refresh runs roundupSeconds(grace - time.Since(ts)): the sub-second part of the real
				// clock must not cross a whole second between here and that call, so leave the last
				// 100 ms of a second before shifting (the answer is then the same as at exactly now).
				if d := time.Now().Sub(now); d%time.Second > 900*time.Millisecond {
					time.Sleep(time.Second - d%time.Second + 10*time.Millisecond)
				}
				shift = time.Now().Sub(now).Truncate(time.Second)
				ob, _ := st.UpdateTimestamp.MarshalJSON()
				st.UpdateTimestamp = metav1.NewTime(st.UpdateTimestamp.Add(shift))
				nb, _ := st.UpdateTimestamp.MarshalJSON()
				origTS, shiftedTS = string(ob), string(nb)
				b, _ := json.Marshal(st)
				key := appspub.InPlaceUpdateStateKey
				if _, ok := pod.Annotations[key]; !ok {
					key = appspub.InPlaceUpdateStateKeyOld
				}
				pod.Annotations[key] = string(b)
			}
		}
	}
	cs := kubefake.NewSimpleClientset(pod.DeepCopy())
	ctrl := inplaceupdate.NewForTypedClient(cs, revisionadapter.NewDefaultImpl())
	r := ctrl.Refresh(pod, nil)
	res := &result{}
	res.key("delaySeconds")
	res.buf = strconv.AppendInt(res.buf, int64(r.DelayDuration/time.Second), 10)
	p, perr := inplaceStoredPod(cs, pod)
	if perr != nil {
		return nil, perr
	}
	if shiftedTS != "" {
		p = strings.ReplaceAll(p, `\"updateTimestamp\":`+strings.ReplaceAll(shiftedTS, `"`, `\"`), `\"updateTimestamp\":`+strings.ReplaceAll(origTS, `"`, `\"`))
	}
	res.str("pod", p)
	if r.RefreshErr != nil {
		res.str("error", r.RefreshErr.Error())
	}
	return res, nil
}
