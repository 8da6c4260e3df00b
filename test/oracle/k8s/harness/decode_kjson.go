//go:build kjson

package main

import kjson "sigs.k8s.io/json"

func init() { features = append(features, "decode=sigs.k8s.io/json") }

// apiDecode is what the apiserver's JSON serializer (1.23+) runs on a request
// body for a typed object, and what clients run on the server's answer:
// sigs.k8s.io/json UnmarshalCaseSensitivePreserveInts.
func apiDecode(data []byte, into interface{}) error {
	return kjson.UnmarshalCaseSensitivePreserveInts(data, into)
}

// syntaxOffset reports whether err is a JSON syntax error, and its offset.
func syntaxOffset(err error) (bool, int64) {
	return kjson.SyntaxErrorOffset(err)
}
