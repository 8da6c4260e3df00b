//go:build !kjson

package main

import (
	"encoding/json"

	jsoniter "github.com/json-iterator/go"
)

func init() { features = append(features, "decode=json-iterator") }

// caseSensitiveIterator is set by decode_jsoniter_*.go to the apimachinery
// serializer's own constructor of that minor (1.12-1.22 decode with it).
var caseSensitiveIterator jsoniter.API

// apiDecode is what the apiserver's JSON serializer (1.12-1.22) runs on a
// request body for a typed object, and what clients run on the server's
// answer: the case-sensitive json-iterator config of apimachinery.
func apiDecode(data []byte, into interface{}) error {
	return caseSensitiveIterator.Unmarshal(data, into)
}

// syntaxOffset: json-iterator reports syntax errors as plain text.
func syntaxOffset(err error) (bool, int64) {
	if se, ok := err.(*json.SyntaxError); ok {
		return true, se.Offset
	}
	return false, 0
}
