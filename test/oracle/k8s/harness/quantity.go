package main

import (
	"encoding/json"
	"errors"

	"k8s.io/apimachinery/pkg/api/resource"
)

// isQuantityError reports whether err is one of resource.ParseQuantity's errors.
func isQuantityError(err error) bool {
	return errors.Is(err, resource.ErrFormatWrong) || errors.Is(err, resource.ErrNumeric) ||
		errors.Is(err, resource.ErrSuffix)
}

// runQuantity: mode "parse" runs resource.ParseQuantity on the string value;
// mode "json" runs json.Unmarshal of the value's JSON text into a Quantity
// (Quantity.UnmarshalJSON sees the raw bytes: quotes stripped, no unescaping,
// spaces trimmed, numbers accepted). Answers String(), json.Marshal, Format.
func runQuantity(req *request) (*result, *protoError) {
	if kruiseVersion != "" {
		return nil, plainErr(codeInternal, "quantity routed to the OpenKruise build")
	}
	if err := checkMinor(req, "kubernetes"); err != nil {
		return nil, err
	}
	mode, present, err := stringField(req, "mode")
	if err != nil {
		return nil, err
	}
	if !present {
		return nil, fieldErr(codeBadRequest, "mode", "missing "+quote("mode"))
	}
	text, err := valueField(req, "value")
	if err != nil {
		return nil, err
	}
	var q resource.Quantity
	switch string(mode) {
	case "parse":
		if len(text) < 2 || text[0] != '"' || !json.Valid(text) {
			return nil, fieldErr(codeBadRequest, "value", quote("value")+" must be a string in mode "+quote("parse"))
		}
		parsed, e := resource.ParseQuantity(string(unquote(text)))
		if e != nil {
			return nil, plainErr(codeQuantity, e.Error())
		}
		q = parsed
	case "json":
		if e := json.Unmarshal(text, &q); e != nil {
			if se, ok := e.(*json.SyntaxError); ok {
				return nil, &protoError{Code: codeJSONSyntax, Message: se.Error(), Offset: se.Offset}
			}
			if isQuantityError(e) {
				return nil, plainErr(codeQuantity, e.Error())
			}
			return nil, plainErr(codeDecode, e.Error())
		}
	default:
		return nil, fieldErr(codeBadRequest, "mode", quote("mode")+" must be "+quote("parse")+" or "+quote("json"))
	}
	marshalled, e := json.Marshal(q)
	if e != nil {
		return nil, plainErr(codeInternal, "json.Marshal: "+e.Error())
	}
	res := &result{}
	res.str("string", q.String())
	res.str("json", string(marshalled))
	res.str("format", string(q.Format))
	return res, nil
}
