//go:build ephemeral

package main

import v1 "k8s.io/api/core/v1"

// core/v1 EphemeralContainer exists from 1.16.
func init() {
	typeRegistry["EphemeralContainer"] = typeEntry{new: func() interface{} { return &v1.EphemeralContainer{} }}
}
