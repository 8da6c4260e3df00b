//go:build kruise && kruise18

package main

// kruise.cloneSetDiffs (the OpenKruise releases before v1.9, whose CloneSet controller reads v1alpha1):
// {cloneSet, pods, currentRevision, updateRevision, scaling?, gates?, scalingExcludePreparingDelete?, kruise?} ->
// {diffs}: the real calculateDiffsWithExpectation of pkg/controller/cloneset/sync (//go:linkname), with the isPodUpdate
// the scale path passes (revision.IsPodUpdate, `scaling`: true) or the update path's nil; the gates it reads
// (CloneSetPartitionRollback, PreparingUpdateAsUpdate; both reset to false first) and the controller's
// --cloneset-scaling-exclude-preparing-delete flag (an unexported package variable, //go:linkname). Pod availability
// reads the real clock: the requests' times are relative to it. An absent spec.replicas is the webhook's default 1. Checks the engine's rollout.cloneset `diffs`
// (diffsFor "scale" / "update").

import (
	"encoding/json"
	_ "unsafe" // go:linkname

	utilfeature "github.com/openkruise/kruise/pkg/util/feature"
	"github.com/openkruise/kruise/pkg/util/revision"
	v1 "k8s.io/api/core/v1"
)

// cloneSetDiffs mirrors the unexported expectationDiffs (same fields, same order; every release v1.5 - v1.8).
type cloneSetDiffs struct {
	scaleUpNum, scaleUpNumOldRevision, scaleDownNum, scaleDownNumOldRevision int
	scaleUpLimit, deleteReadyLimit                                           int
	useSurge, useSurgeOldRevision                                            int
	updateNum, updateMaxUnavailable                                          int
}

//go:linkname kruiseCalculateDiffs github.com/openkruise/kruise/pkg/controller/cloneset/sync.calculateDiffsWithExpectation
func kruiseCalculateDiffs(cs *kruiseCloneSet, pods []*v1.Pod, currentRevision, updateRevision string, isPodUpdate func(pod *v1.Pod, updateRevision string) bool) cloneSetDiffs

//go:linkname kruiseScalingExcludePreparingDelete github.com/openkruise/kruise/pkg/controller/cloneset/sync.scalingExcludePreparingDelete
var kruiseScalingExcludePreparingDelete bool

func init() {
	ops["kruise.cloneSetDiffs"] = opSpec{[]string{"cloneSet", "pods", "currentRevision", "updateRevision", "scaling", "gates", "scalingExcludePreparingDelete", "kruise"}, runCloneSetDiffs}
}

// runCloneSetDiffs answers kruise.cloneSetDiffs (see the file header).
func runCloneSetDiffs(req *request) (*result, *protoError) {
	if err := kruiseVersionField(req); err != nil {
		return nil, err
	}
	csData, err := valueField(req, "cloneSet")
	if err != nil {
		return nil, err
	}
	cs := &kruiseCloneSet{}
	if e := json.Unmarshal(csData, cs); e != nil {
		return nil, fieldErr(codeBadRequest, "cloneSet", e.Error())
	}
	if cs.Spec.Replicas == nil { // the CloneSet webhook's default (the controller never sees nil)
		one := int32(1)
		cs.Spec.Replicas = &one
	}
	podsData, err := valueField(req, "pods")
	if err != nil {
		return nil, err
	}
	var pods []*v1.Pod
	if e := json.Unmarshal(podsData, &pods); e != nil {
		return nil, fieldErr(codeBadRequest, "pods", e.Error())
	}
	cur, _, err := stringField(req, "currentRevision")
	if err != nil {
		return nil, err
	}
	upd, _, err := stringField(req, "updateRevision")
	if err != nil {
		return nil, err
	}
	scaling, err := boolField(req, "scaling")
	if err != nil {
		return nil, err
	}
	exclude, err := boolField(req, "scalingExcludePreparingDelete")
	if err != nil {
		return nil, err
	}
	gates := map[string]bool{"CloneSetPartitionRollback": false, "PreparingUpdateAsUpdate": false}
	if raw := req.field("gates"); raw != nil {
		var g map[string]bool
		if json.Unmarshal(raw, &g) != nil {
			return nil, fieldErr(codeBadRequest, "gates", quote("gates")+" must be an object of booleans")
		}
		for k, v := range g {
			if _, ok := gates[k]; !ok {
				return nil, fieldErr(codeBadRequest, "gates/"+k, "unknown feature gate "+quote(k))
			}
			gates[k] = v
		}
	}
	if e := utilfeature.DefaultMutableFeatureGate.SetFromMap(gates); e != nil {
		return nil, plainErr(codeInternal, "SetFromMap: "+e.Error())
	}
	kruiseScalingExcludePreparingDelete = exclude
	var isPodUpdate func(pod *v1.Pod, updateRevision string) bool
	if scaling {
		isPodUpdate = revision.IsPodUpdate
	}
	d := kruiseCalculateDiffs(cs, pods, string(cur), string(upd), isPodUpdate)
	kruiseScalingExcludePreparingDelete = false
	out, _ := json.Marshal(map[string]int{
		"scaleUpNum": d.scaleUpNum, "scaleUpNumOldRevision": d.scaleUpNumOldRevision, "scaleDownNum": d.scaleDownNum,
		"scaleDownNumOldRevision": d.scaleDownNumOldRevision, "scaleUpLimit": d.scaleUpLimit, "deleteReadyLimit": d.deleteReadyLimit,
		"useSurge": d.useSurge, "useSurgeOldRevision": d.useSurgeOldRevision, "updateNum": d.updateNum, "updateMaxUnavailable": d.updateMaxUnavailable,
	})
	res := &result{}
	res.key("diffs")
	res.buf = append(res.buf, out...)
	return res, nil
}
