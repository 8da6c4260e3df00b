//go:build kruise && kruisege7

package main

// OpenKruise v1.7+: an InPlaceOnly CloneSet updates in place whatever its volumeClaimTemplates' hash says.

import "github.com/openkruise/kruise/pkg/util/inplaceupdate"

// kruiseIgnoreVCTHashDiff sets the option the CloneSet controller sets for InPlaceOnly.
func kruiseIgnoreVCTHashDiff(opts *inplaceupdate.UpdateOptions) { opts.IgnoreVolumeClaimTemplatesHashDiff = true }
