// Package ops holds the oracle's protocol operations, one file per op group.
package ops

import (
	"encoding/base64"
	"hash"
	"hash/fnv"
	"strconv"

	"kinplace.local/oracle/eval"
)

func init() {
	eval.Register("fnv", eval.Op{Run: runFNV})
}

// runFNV hashes text (its UTF-8 bytes) or base64 (decoded) with Go's hash/fnv.
func runFNV(req *eval.Request) (*eval.Result, *eval.Error) {
	variant, err := eval.RequiredString(req, "variant")
	if err != nil {
		return nil, err
	}
	var h hash.Hash
	wide := false
	switch string(variant) {
	case "fnv32":
		h = fnv.New32()
	case "fnv32a":
		h = fnv.New32a()
	case "fnv64":
		h, wide = fnv.New64(), true
	case "fnv64a":
		h, wide = fnv.New64a(), true
	default:
		return nil, eval.FieldError(eval.BadRequest, "variant",
			"unknown variant "+eval.Quote(string(variant))+" (want fnv32, fnv32a, fnv64 or fnv64a)")
	}
	data, err := fnvInput(req)
	if err != nil {
		return nil, err
	}
	h.Write(data)
	res := &eval.Result{}
	if wide {
		res.String("hex", strconv.FormatUint(h.(hash.Hash64).Sum64(), 16))
	} else {
		x := h.(hash.Hash32).Sum32()
		res.String("hex", strconv.FormatUint(uint64(x), 16))
		res.Uint("value", uint64(x))
	}
	return res, nil
}

// fnvInput returns the bytes to hash: text (decoded as json.Unmarshal decodes
// a string, so invalid UTF-8 is U+FFFD) or base64 (decoded as
// Go's base64.StdEncoding.DecodeString does, its error text verbatim).
func fnvInput(req *eval.Request) ([]byte, *eval.Error) {
	if eval.Has(req, "text") && eval.Has(req, "base64") {
		return nil, eval.FieldError(eval.BadRequest, "text", "fields "+eval.Quote("text")+" and "+eval.Quote("base64")+" are mutually exclusive")
	}
	if eval.Has(req, "base64") {
		b64, _, err := eval.StringField(req, "base64")
		if err != nil {
			return nil, err
		}
		data, e := base64.StdEncoding.DecodeString(string(b64))
		if e != nil {
			return nil, eval.FieldError(eval.BadRequest, "base64", e.Error())
		}
		return data, nil
	}
	text, hasText, err := eval.GoStringField(req, "text")
	if err != nil {
		return nil, err
	}
	if !hasText {
		return nil, eval.FieldError(eval.BadRequest, "text", "field "+eval.Quote("text")+" (or "+eval.Quote("base64")+") is required")
	}
	return text, nil
}
