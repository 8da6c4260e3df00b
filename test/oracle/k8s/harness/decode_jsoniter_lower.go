//go:build !kjson && !jsonitercaps

package main

import serjson "k8s.io/apimachinery/pkg/runtime/serializer/json"

// apimachinery 1.12-1.19 spell it CaseSensitiveJsonIterator.
func init() { caseSensitiveIterator = serjson.CaseSensitiveJsonIterator() }
