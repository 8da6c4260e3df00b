//go:build kruise && !kruisege7

package main

// OpenKruise v1.5 / v1.6: UpdateOptions has no IgnoreVolumeClaimTemplatesHashDiff (the revisions' template
// hash is not compared yet).

import "github.com/openkruise/kruise/pkg/util/inplaceupdate"

// kruiseIgnoreVCTHashDiff: nothing to set before v1.7.
func kruiseIgnoreVCTHashDiff(*inplaceupdate.UpdateOptions) {}
