//go:build kube

package main

// The API server's pod update validation of this build's minor:
//
//	pod.validateUpdate {old|oldText, new|newText, kubernetes?, gates?, allowPrivileged?} -> {errors: [{field, type, message}], message}
//
// allowPrivileged (default true, as most clusters run kube-apiserver --allow-privileged=true) is the
// cluster policy pkg/capabilities holds for the request (applyAllowPrivileged).
//
// Both pods are decoded as the API server decodes a v1 body (apiDecode), converted to the internal
// version with the real Convert_v1_Pod_To_core_Pod (no defaulting: the pods are validated as given),
// and handed to the registry's podStrategy.ValidateUpdate (k8s.io/kubernetes/pkg/registry/core/pod),
// which computes the PodValidationOptions upstream computes and runs ValidatePodUpdate (1.15-1.18:
// ValidatePod(new) + ValidatePodUpdate + ValidateConditionalPod, as that strategy does). `gates` is a
// JSON object {name: bool} applied one gate at a time, in the order written, with
// DefaultMutableFeatureGate.SetFromMap over the defaults (every gate a request touched is reset to its
// default before the next request); the first refused gate is E_BAD_REQUEST with upstream's text
// (an unregistered name is refused before SetFromMap, with SetFromMap's text: see applyGates).
// errors[i] = {field: Field, type: Type.String(), message: ErrorBody()}; message =
// ToAggregate().Error() ("" when there is no error). The Forbidden `spec` message carries upstream's
// diff (go-cmp / diff.ObjectDiff) verbatim; the differential test compares it up to the newline.

import (
	"bytes"
	"context"
	"encoding/json"

	v1 "k8s.io/api/core/v1"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
	"k8s.io/component-base/featuregate"
	core "k8s.io/kubernetes/pkg/apis/core"
	corev1conv "k8s.io/kubernetes/pkg/apis/core/v1"
	podregistry "k8s.io/kubernetes/pkg/registry/core/pod"
)

func init() {
	ops["pod.validateUpdate"] = opSpec{[]string{"old", "oldText", "new", "newText", "kubernetes", "gates", "allowPrivileged"}, runPodValidateUpdate}
}

// gateDefaults are the gates' values at start-up; touchedGates those a request changed since.
var (
	gateDefaults = map[string]bool{}
	touchedGates = map[string]bool{}
)

// resetGates restores every gate a previous request set.
func resetGates() {
	for name := range touchedGates {
		utilfeature.DefaultMutableFeatureGate.SetFromMap(map[string]bool{name: gateDefaults[name]})
		delete(touchedGates, name)
	}
}

// gateState reads a gate's current value; known is false when the gate is not
// registered and the feature gate says so by panicking (the versioned gates of
// 1.31+; older ones return false and let SetFromMap refuse the name).
func gateState(name string) (v, known bool) {
	defer func() {
		if recover() != nil {
			v, known = false, false
		}
	}()
	return utilfeature.DefaultFeatureGate.Enabled(featuregate.Feature(name)), true
}

// applyGates sets the request's gates one at a time, in the order written.
func applyGates(raw []byte) *protoError {
	if raw == nil {
		return nil
	}
	bad := fieldErr(codeBadRequest, "gates", quote("gates")+" must be an object of booleans")
	dec := json.NewDecoder(bytes.NewReader(raw))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return bad
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return bad
		}
		name := t.(string)
		v, err := dec.Token()
		b, ok := v.(bool)
		if err != nil || !ok {
			return bad
		}
		cur, known := gateState(name)
		if !known {
			// the versioned feature gates (1.31+) keep a refused name in their raw map and refuse
			// every later SetFromMap; their own message for it is this text
			return fieldErr(codeBadRequest, "gates", "unrecognized feature gate: "+name)
		}
		if _, seen := gateDefaults[name]; !seen {
			gateDefaults[name] = cur // every touched gate is reset before the next request: this is its default
		}
		touchedGates[name] = true // also after a refusal: resetting it clears the refused value (1.31+)
		if err := utilfeature.DefaultMutableFeatureGate.SetFromMap(map[string]bool{name: b}); err != nil {
			return fieldErr(codeBadRequest, "gates", err.Error())
		}
	}
	return nil
}

// applyAllowPrivileged sets pkg/capabilities' AllowPrivileged from the request's optional
// `allowPrivileged` boolean (default true).
func applyAllowPrivileged(req *request) *protoError {
	v := true
	if req.field("allowPrivileged") != nil {
		b, err := boolField(req, "allowPrivileged")
		if err != nil {
			return err
		}
		v = b
	}
	setAllowPrivileged(v)
	return nil
}

// decodeInternalPod decodes a v1 Pod body and converts it to the internal version.
func decodeInternalPod(req *request, name string) (*core.Pod, *protoError) {
	data, perr := valueField(req, name)
	if perr != nil {
		return nil, perr
	}
	p := &v1.Pod{}
	if e := apiDecode(data, p); e != nil {
		perr := decodeErr(e)
		perr.Path, perr.HasPath = name, true
		return nil, perr
	}
	out := &core.Pod{}
	if err := corev1conv.Convert_v1_Pod_To_core_Pod(p, out, nil); err != nil {
		return nil, fieldErr(codeInternal, name, "conversion: "+err.Error())
	}
	return out, nil
}

// runPodValidateUpdate: the pod strategy's ValidateUpdate of this minor.
func runPodValidateUpdate(req *request) (*result, *protoError) {
	if kruiseVersion != "" {
		return nil, plainErr(codeInternal, "pod.validateUpdate routed to the OpenKruise build")
	}
	if err := checkMinor(req, "kubernetes"); err != nil {
		return nil, err
	}
	resetGates()
	if err := applyGates(req.field("gates")); err != nil {
		return nil, err
	}
	if err := applyAllowPrivileged(req); err != nil {
		return nil, err
	}
	oldPod, err := decodeInternalPod(req, "old")
	if err != nil {
		return nil, err
	}
	newPod, err := decodeInternalPod(req, "new")
	if err != nil {
		return nil, err
	}
	list := podregistry.Strategy.ValidateUpdate(context.Background(), newPod, oldPod)
	res := &result{}
	res.key("errors")
	res.buf = append(res.buf, '[')
	for i, e := range list {
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
	msg := ""
	if agg := list.ToAggregate(); agg != nil {
		msg = agg.Error()
	}
	res.str("message", msg)
	return res, nil
}
