package main

// Strategic merge patch, answered by the real
// k8s.io/apimachinery/pkg/util/strategicpatch of this build's minor:
//
//	smp.diff  {type, kubernetes?, go?, original|originalText, modified|modifiedText} -> {patch}
//	smp.apply {type, kubernetes?, go?, original|originalText, patch|patchText}       -> {document}
//
// CreateTwoWayMergePatch(original, modified, dataStruct) and
// StrategicMergePatch(original, patch, dataStruct), dataStruct a pointer to a
// zero value of the named type ("Unstructured" is
// *unstructured.Unstructured, what client code passes for a custom
// resource). Documents are the bytes the library receives: the raw JSON
// text of `x` as written in the line, or the decoded content of `xText`, or
// nil (no bytes at all) when neither is given. Field errors use the engine's
// wording (assembly/eval/ops/patchinput.ts); type, kubernetes and go are
// checked as the other ops of this harness check them, in that order.

import (
	"fmt"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/util/mergepatch"
	"k8s.io/apimachinery/pkg/util/strategicpatch"
)

// Error codes of the patch ops (docs/architecture.md).
const (
	codePatchInvalid   = "E_PATCH_INVALID"   // mergepatch.ErrBadJSONDoc
	codePatchStrategic = "E_PATCH_STRATEGIC" // any other error strategicpatch returns
	codePatchPanic     = "E_PATCH_PANIC"     // the library panicked (message: the runtime's text)
)

func init() {
	ops["smp.diff"] = opSpec{[]string{"type", "kubernetes", "go", "original", "originalText", "modified", "modifiedText"}, runSMPDiff}
	ops["smp.apply"] = opSpec{[]string{"type", "kubernetes", "go", "original", "originalText", "patch", "patchText"}, runSMPApply}
}

// smpTypes are the names smp ops accept besides the shared type registry.
var smpTypes = map[string]typeEntry{
	"Unstructured": {new: func() interface{} { return &unstructured.Unstructured{} }},
}

// smpTarget checks type, kubernetes and go; returns a fresh dataStruct.
func smpTarget(req *request) (interface{}, *protoError) {
	v, present, err := stringField(req, "type")
	if err != nil {
		return nil, err
	}
	if !present {
		return nil, fieldErr(codeBadRequest, "type", "missing "+quote("type"))
	}
	t, ok := smpTypes[string(v)]
	if !ok {
		var perr *protoError
		t, _, perr = typeField(req, "type")
		if perr != nil {
			return nil, perr
		}
	}
	if err := checkMinorFor(req, "kubernetes", t); err != nil {
		return nil, err
	}
	if err := checkGo(req); err != nil {
		return nil, err
	}
	return t.new(), nil
}

// smpDoc returns the bytes handed to the library for document field `name`.
func smpDoc(req *request, name string) ([]byte, *protoError) {
	textName := name + "Text"
	v := req.field(name)
	t := req.field(textName)
	hasText := t != nil && string(t) != "null"
	if v != nil && hasText {
		return nil, fieldErr(codeBadRequest, name, "fields "+quote(name)+" and "+quote(textName)+" are mutually exclusive")
	}
	if v != nil {
		return v, nil
	}
	if !hasText {
		return nil, nil
	}
	if t[0] != '"' {
		return nil, fieldErr(codeBadRequest, textName, "field "+quote(textName)+" must be a string")
	}
	return unquote(t), nil
}

// smpRun calls the library, turning its errors and panics into answers.
func smpRun(member string, f func() ([]byte, error)) (res *result, perr *protoError) {
	defer func() {
		if r := recover(); r != nil {
			res, perr = nil, plainErr(codePatchPanic, fmt.Sprint(r))
		}
	}()
	out, err := f()
	if err != nil {
		if err == mergepatch.ErrBadJSONDoc {
			return nil, plainErr(codePatchInvalid, err.Error())
		}
		return nil, plainErr(codePatchStrategic, err.Error())
	}
	res = &result{}
	res.str(member, string(out))
	return res, nil
}

func runSMPDiff(req *request) (*result, *protoError) {
	ds, err := smpTarget(req)
	if err != nil {
		return nil, err
	}
	original, err := smpDoc(req, "original")
	if err != nil {
		return nil, err
	}
	modified, err := smpDoc(req, "modified")
	if err != nil {
		return nil, err
	}
	return smpRun("patch", func() ([]byte, error) {
		return strategicpatch.CreateTwoWayMergePatch(original, modified, ds)
	})
}

func runSMPApply(req *request) (*result, *protoError) {
	ds, err := smpTarget(req)
	if err != nil {
		return nil, err
	}
	original, err := smpDoc(req, "original")
	if err != nil {
		return nil, err
	}
	patch, err := smpDoc(req, "patch")
	if err != nil {
		return nil, err
	}
	return smpRun("document", func() ([]byte, error) {
		return strategicpatch.StrategicMergePatch(original, patch, ds)
	})
}
