//go:build !kjson && jsonitercaps

package main

import serjson "k8s.io/apimachinery/pkg/runtime/serializer/json"

// apimachinery 1.20-1.22 spell it CaseSensitiveJSONIterator.
func init() { caseSensitiveIterator = serjson.CaseSensitiveJSONIterator() }
