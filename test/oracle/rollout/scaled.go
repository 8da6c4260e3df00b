package main

// Ops `scaled` {value, total?, roundUp?, variant} → {value} and
// `kruise.partition` {partition, replicas?} → {value}, answered by the real
// upstream functions. Upstream errors become E_INT_OR_STRING with the error's
// text verbatim.

import (
	"encoding/json"
	"regexp"
	"strconv"

	kruiseutil "github.com/openkruise/kruise/pkg/util"
	"k8s.io/apimachinery/pkg/util/intstr"

	"kinplace.local/oracle/eval"
)

// IntOrString is the protocol code for an error returned by an upstream IntOrString helper.
const IntOrString = "E_INT_OR_STRING"

func init() {
	eval.Register("scaled", eval.Op{Run: runScaled})
	eval.Register("kruise.partition", eval.Op{Run: runPartition})
}

var integerText = regexp.MustCompile(`^-?(0|[1-9][0-9]*)$`)

// intOrString reads an IntOrString field: absent → error (required) unless
// optional; null → nil; a string (decoded as json.Unmarshal decodes a Go
// string) → String; an integer within int32 → Int; anything else → error.
func intOrString(req *eval.Request, name string, optional bool) (*intstr.IntOrString, bool, *eval.Error) {
	raw := req.Field(name)
	if raw == nil {
		if optional {
			return nil, false, nil
		}
		return nil, false, eval.FieldError(eval.BadRequest, name, "field "+eval.Quote(name)+" is required")
	}
	if string(raw) == "null" {
		return nil, true, nil
	}
	if raw[0] == '"' {
		var s string
		json.Unmarshal(raw, &s)
		v := intstr.FromString(s)
		return &v, true, nil
	}
	if integerText.Match(raw) && len(raw) <= 18 {
		if n, err := strconv.ParseInt(string(raw), 10, 32); err == nil {
			v := intstr.FromInt32(int32(n))
			return &v, true, nil
		}
	}
	return nil, true, eval.FieldError(eval.BadRequest, name, "field "+eval.Quote(name)+" must be an integer (int32), a string or null")
}

// integer reads an optional integer field (at most 18 characters, as the engine reads them).
func integer(req *eval.Request, name string, def int64) (int64, *eval.Error) {
	raw := req.Field(name)
	if raw == nil || string(raw) == "null" {
		return def, nil
	}
	if integerText.Match(raw) && len(raw) <= 18 {
		n, _ := strconv.ParseInt(string(raw), 10, 64)
		return n, nil
	}
	return def, eval.FieldError(eval.BadRequest, name, "field "+eval.Quote(name)+" must be an integer")
}

// boolean reads an optional boolean field.
func boolean(req *eval.Request, name string, def bool) (bool, *eval.Error) {
	raw := req.Field(name)
	switch string(raw) {
	case "", "null":
		return def, nil
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return def, eval.FieldError(eval.BadRequest, name, "field "+eval.Quote(name)+" must be a boolean")
}

func valueResult(v int) *eval.Result {
	res := &eval.Result{}
	res.JSON("value", strconv.AppendInt(nil, int64(v), 10))
	return res
}

// runScaled: variant "kubernetes" = intstr.GetScaledValueFromIntOrPercent,
// "kubernetes-deprecated" = intstr.GetValueFromIntOrPercent, "kruise" =
// OpenKruise util.GetScaledValueFromIntOrPercent.
func runScaled(req *eval.Request) (*eval.Result, *eval.Error) {
	variant, err := eval.RequiredString(req, "variant")
	if err != nil {
		return nil, err
	}
	var f func(*intstr.IntOrString, int, bool) (int, error)
	switch string(variant) {
	case "kubernetes":
		f = intstr.GetScaledValueFromIntOrPercent
	case "kubernetes-deprecated":
		f = intstr.GetValueFromIntOrPercent
	case "kruise":
		f = kruiseutil.GetScaledValueFromIntOrPercent
	default:
		return nil, eval.FieldError(eval.BadRequest, "variant",
			"unknown variant "+eval.Quote(string(variant))+" (want kubernetes, kubernetes-deprecated or kruise)")
	}
	v, _, err := intOrString(req, "value", false)
	if err != nil {
		return nil, err
	}
	total, err := integer(req, "total", 0)
	if err != nil {
		return nil, err
	}
	roundUp, err := boolean(req, "roundUp", false)
	if err != nil {
		return nil, err
	}
	n, e := f(v, int(total), roundUp)
	if e != nil {
		return nil, &eval.Error{Code: IntOrString, Message: e.Error(), Offset: -1}
	}
	return valueResult(n), nil
}

// runPartition: OpenKruise util.CalculatePartitionReplicas(partition, replicas);
// an absent or null replicas is the nil pointer.
func runPartition(req *eval.Request) (*eval.Result, *eval.Error) {
	p, _, err := intOrString(req, "partition", false)
	if err != nil {
		return nil, err
	}
	var replicas *int32
	raw := req.Field("replicas")
	if raw != nil && string(raw) != "null" {
		if !integerText.Match(raw) || len(raw) > 18 {
			return nil, eval.FieldError(eval.BadRequest, "replicas", "field "+eval.Quote("replicas")+" must be an integer (int32) or null")
		}
		n, e := strconv.ParseInt(string(raw), 10, 32)
		if e != nil {
			return nil, eval.FieldError(eval.BadRequest, "replicas", "field "+eval.Quote("replicas")+" must be an integer (int32) or null")
		}
		r := int32(n)
		replicas = &r
	}
	n, e := kruiseutil.CalculatePartitionReplicas(p, replicas)
	if e != nil {
		return nil, &eval.Error{Code: IntOrString, Message: e.Error(), Offset: -1}
	}
	return valueResult(n), nil
}
