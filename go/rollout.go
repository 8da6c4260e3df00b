package kinplace

import (
	"context"
	"encoding/json"
)

// RolloutCommon are the inputs every planner takes (docs/rollout.md "Common request fields").
type RolloutCommon struct {
	// Now is the time availability is judged at (RFC 3339; absent: far in the future).
	Now string `json:"now,omitempty"`
	// InPlace is the in-place verdict: a bool for every pod, or map[string]bool per pod name (nil: true).
	InPlace any `json:"inPlace,omitempty"`
	// InPlaceDefault is the verdict of pods InPlace does not name (nil: true).
	InPlaceDefault *bool `json:"inPlaceDefault,omitempty"`
	// Revisions are ControllerRevision objects the policy engine takes per-pod verdicts from.
	Revisions any `json:"revisions,omitempty"`
	// Templates map revision names to PodTemplateSpecs, instead of Revisions.
	Templates any `json:"templates,omitempty"`
	// Gates are feature gates by name.
	Gates map[string]bool `json:"gates,omitempty"`
	// Kruise is the OpenKruise release whose controller plans ("1.5" … "1.9"; Kruise kinds only).
	Kruise string `json:"kruise,omitempty"`
	// Limits bound the call: MaxPods, MaxTerms, MaxSimMemory (and the read limits).
	Limits *Limits `json:"limits,omitempty"`
}

// CloneSetPlanRequest is a rollout.cloneset request: one CloneSet update round.
type CloneSetPlanRequest struct {
	RolloutCommon
	// CloneSet is the apps.kruise.io CloneSet.
	CloneSet any `json:"cloneSet"`
	// Pods are its pods.
	Pods any `json:"pods"`
	// CurrentRevision is the current revision name.
	CurrentRevision string `json:"currentRevision"`
	// UpdateRevision is the update revision name.
	UpdateRevision string `json:"updateRevision"`
	// ScalingExcludePreparingDelete overrides the CloneSet's label of that name.
	ScalingExcludePreparingDelete *bool `json:"scalingExcludePreparingDelete,omitempty"`
	// DiffsFor is "update" (default) or "scale": whose path's diffs to report.
	DiffsFor string `json:"diffsFor,omitempty"`
}

// CloneSetPlan is one CloneSet update round: the expectation diffs and which pods update, in order, and how.
type CloneSetPlan struct {
	// Replicas is spec.replicas resolved.
	Replicas int64 `json:"replicas"`
	// Partition is the resolved partition.
	Partition int64 `json:"partition"`
	// MaxSurge is the resolved maxSurge.
	MaxSurge int64 `json:"maxSurge"`
	// MaxUnavailable is the resolved maxUnavailable.
	MaxUnavailable int64 `json:"maxUnavailable"`
	// Diffs is calculateDiffsWithExpectation's answer.
	Diffs CloneSetDiffs `json:"diffs"`
	// Reason says why nothing updates: onDelete, paused or noUpdateNeeded.
	Reason string `json:"reason,omitempty"`
	// TargetRevision is the revision pods move to.
	TargetRevision string `json:"targetRevision,omitempty"`
	// Candidates are the pods waiting to update, in update order.
	Candidates []string `json:"candidates"`
	// Update are the pods updated this round, in order.
	Update []PodUpdate `json:"update"`
}

// CloneSetDiffs is OpenKruise's calculateDiffsWithExpectation.
type CloneSetDiffs struct {
	ScaleUpNum              int64 `json:"scaleUpNum"`              // pods to create
	ScaleUpNumOldRevision   int64 `json:"scaleUpNumOldRevision"`   // of them at the old revision
	ScaleDownNum            int64 `json:"scaleDownNum"`            // pods to delete
	ScaleDownNumOldRevision int64 `json:"scaleDownNumOldRevision"` // of them at the old revision
	ScaleUpLimit            int64 `json:"scaleUpLimit"`            // most creations this round
	DeleteReadyLimit        int64 `json:"deleteReadyLimit"`        // most ready pods deleted this round
	UseSurge                int64 `json:"useSurge"`                // surge pods used
	UseSurgeOldRevision     int64 `json:"useSurgeOldRevision"`     // of them at the old revision
	UpdateNum               int64 `json:"updateNum"`               // >0 towards the update revision, <0 rollback
	UpdateMaxUnavailable    int64 `json:"updateMaxUnavailable"`    // the update's unavailable budget
}

// PodUpdate is one pod of a round and how it updates: in-place, recreate, prepare-update, wait-hook or error.
type PodUpdate struct {
	// Name is the pod's name.
	Name string `json:"name"`
	// Action is in-place, recreate, prepare-update, wait-hook or error.
	Action string `json:"action"`
	// Error is upstream's text of an error action.
	Error string `json:"error,omitempty"`
}

// DaemonSetPlanRequest is a rollout.advancedDaemonSet / rollout.daemonSet request: one DaemonSet sync.
type DaemonSetPlanRequest struct {
	RolloutCommon
	// DaemonSet is the (Advanced) DaemonSet.
	DaemonSet any `json:"daemonSet"`
	// Nodes are Node objects, names, or {name, labels?, shouldRun?, shouldContinueRunning?}.
	Nodes any `json:"nodes"`
	// Pods are its pods.
	Pods any `json:"pods"`
	// Hash is the controller-revision-hash of the current template.
	Hash string `json:"hash"`
	// Expectations is "watch" or "immediate".
	Expectations string `json:"expectations,omitempty"`
	// WalkOrder (testing hook) names the nodes the rolling update walks first, in this order (upstream walks a Go map).
	WalkOrder []string `json:"walkOrder,omitempty"`
}

// StatefulSetPlanRequest is a rollout.advancedStatefulSet / rollout.statefulSet request: one StatefulSet sync.
type StatefulSetPlanRequest struct {
	RolloutCommon
	// StatefulSet is the (Advanced) StatefulSet.
	StatefulSet any `json:"statefulSet"`
	// Pods are its pods.
	Pods any `json:"pods"`
	// CurrentRevision is the current revision name.
	CurrentRevision string `json:"currentRevision"`
	// UpdateRevision is the update revision name.
	UpdateRevision string `json:"updateRevision"`
}

// DeploymentPlanRequest is a rollout.deployment request: one Deployment sync over its ReplicaSets.
type DeploymentPlanRequest struct {
	// Deployment is the apps/v1 Deployment.
	Deployment any `json:"deployment"`
	// ReplicaSets are its ReplicaSets.
	ReplicaSets any `json:"replicaSets"`
	// NewReplicaSet names the ReplicaSet whose template is the Deployment's ("": created as new).
	NewReplicaSet string `json:"newReplicaSet,omitempty"`
	// ForceScale forces the scale step.
	ForceScale bool `json:"forceScale,omitempty"`
	// Limits bound the call.
	Limits *Limits `json:"limits,omitempty"`
}

// SimulateRequest is a rollout.simulate request: a whole rollout played round by round under a model.
type SimulateRequest struct {
	RolloutCommon
	// Kind is CloneSet, AdvancedDaemonSet, DaemonSet, AdvancedStatefulSet, StatefulSet or Deployment.
	Kind string `json:"kind"`
	// Workload is the object with the new template in place.
	Workload any `json:"workload"`
	// Pods are the workload's pods (all kinds but Deployment).
	Pods any `json:"pods,omitempty"`
	// ReplicaSets are a Deployment's ReplicaSets.
	ReplicaSets any `json:"replicaSets,omitempty"`
	// Nodes are a DaemonSet's nodes.
	Nodes any `json:"nodes,omitempty"`
	// CurrentRevision is the current revision name.
	CurrentRevision string `json:"currentRevision,omitempty"`
	// UpdateRevision is the update revision name.
	UpdateRevision string `json:"updateRevision,omitempty"`
	// Hash is a DaemonSet's current template hash.
	Hash string `json:"hash,omitempty"`
	// Model is the assumption model.
	Model *RolloutModel `json:"model,omitempty"`
}

// RolloutModel is the assumption model of a simulation.
type RolloutModel struct {
	// ReadySeconds: a created pod becomes Ready this long after creation (default 10).
	ReadySeconds *int64 `json:"readySeconds,omitempty"`
	// InPlaceSeconds: an in-place update keeps the pod not Ready this long (default 5).
	InPlaceSeconds *int64 `json:"inPlaceSeconds,omitempty"`
	// FailUpdated: the n-th pods (1-based) reaching the update revision never become Ready.
	FailUpdated []int `json:"failUpdated,omitempty"`
	// FailAllUpdated: every updated pod stays not Ready.
	FailAllUpdated bool `json:"failAllUpdated,omitempty"`
	// MaxRounds: stop after this many rounds (default 10000).
	MaxRounds int `json:"maxRounds,omitempty"`
}

// RolloutTimeline is a simulated rollout.
type RolloutTimeline struct {
	// Kind is the workload kind.
	Kind string `json:"kind"`
	// Outcome is complete, stalled, maxRounds or error.
	Outcome string `json:"outcome"`
	// Error is the error of an error outcome.
	Error string `json:"error,omitempty"`
	// Rounds is the number of rounds played.
	Rounds int64 `json:"rounds"`
	// Seconds is the simulated time.
	Seconds float64 `json:"seconds"`
	// Start is the start time.
	Start string `json:"start"`
	// End is the end time.
	End string `json:"end"`
	// Model is the model used.
	Model json.RawMessage `json:"model"`
	// Final is {total, updated, available} at the end.
	Final json.RawMessage `json:"final"`
	// Timeline is every round.
	Timeline json.RawMessage `json:"timeline"`
}

// Scaled scales an IntOrString value (an int, a string or nil) against total: variant "kubernetes"
// (GetScaledValueFromIntOrPercent), "kubernetes-deprecated" (GetValueFromIntOrPercent) or "kruise" (scaled).
func (e *Engine) Scaled(ctx context.Context, value any, total int64, roundUp bool, variant string) (int64, error) {
	var out struct {
		Value int64 `json:"value"`
	}
	req := struct {
		Value   any    `json:"value"`
		Total   int64  `json:"total"`
		RoundUp bool   `json:"roundUp"`
		Variant string `json:"variant"`
	}{value, total, roundUp, variant}
	if _, err := e.do(ctx, "scaled", req, &out); err != nil {
		return 0, err
	}
	return out.Value, nil
}

// PlanCloneSet plans one CloneSet update round (rollout.cloneset).
func (e *Engine) PlanCloneSet(ctx context.Context, req CloneSetPlanRequest) (*CloneSetPlan, error) {
	return call[CloneSetPlan](ctx, e, "rollout.cloneset", req)
}

// PlanAdvancedDaemonSet plans one sync of an OpenKruise Advanced DaemonSet; the result's fields are in docs/rollout.md.
func (e *Engine) PlanAdvancedDaemonSet(ctx context.Context, req DaemonSetPlanRequest) (json.RawMessage, error) {
	return e.do(ctx, "rollout.advancedDaemonSet", req, nil)
}

// PlanDaemonSet plans one sync of a Kubernetes DaemonSet; the result's fields are in docs/rollout.md.
func (e *Engine) PlanDaemonSet(ctx context.Context, req DaemonSetPlanRequest) (json.RawMessage, error) {
	return e.do(ctx, "rollout.daemonSet", req, nil)
}

// PlanAdvancedStatefulSet plans one sync of an OpenKruise Advanced StatefulSet; the result's fields are in docs/rollout.md.
func (e *Engine) PlanAdvancedStatefulSet(ctx context.Context, req StatefulSetPlanRequest) (json.RawMessage, error) {
	return e.do(ctx, "rollout.advancedStatefulSet", req, nil)
}

// PlanStatefulSet plans one sync of a Kubernetes StatefulSet; the result's fields are in docs/rollout.md.
func (e *Engine) PlanStatefulSet(ctx context.Context, req StatefulSetPlanRequest) (json.RawMessage, error) {
	return e.do(ctx, "rollout.statefulSet", req, nil)
}

// PlanDeployment plans one sync of a Kubernetes Deployment over its ReplicaSets; the result's fields are in docs/rollout.md.
func (e *Engine) PlanDeployment(ctx context.Context, req DeploymentPlanRequest) (json.RawMessage, error) {
	return e.do(ctx, "rollout.deployment", req, nil)
}

// SimulateRollout plays a rollout round by round under req.Model (rollout.simulate).
func (e *Engine) SimulateRollout(ctx context.Context, req SimulateRequest) (*RolloutTimeline, error) {
	return call[RolloutTimeline](ctx, e, "rollout.simulate", req)
}
