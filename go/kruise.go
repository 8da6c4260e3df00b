package kinplace

import (
	"context"
	"encoding/json"
)

// KruiseOptions are the fields every kruise.* op takes: the OpenKruise release and its feature gates.
type KruiseOptions struct {
	// Kruise is the OpenKruise release whose code answers: "1.5" … "1.9" (default "1.9").
	Kruise string `json:"kruise,omitempty"`
	// Gates are OpenKruise feature gates by name (InPlaceUpdateEnvFromMetadata, InPlaceWorkloadVerticalScaling, ...).
	Gates map[string]bool `json:"gates,omitempty"`
}

// KruiseInplaceSpecRequest is a kruise.inplaceSpec request: Kruise's CalculateSpec of two ControllerRevisions.
type KruiseInplaceSpecRequest struct {
	KruiseOptions
	// OldRevision is the pods' ControllerRevision.
	OldRevision any `json:"oldRevision,omitempty"`
	// OldRevisionText is OldRevision as raw JSON text.
	OldRevisionText Text `json:"oldRevisionText,omitempty"`
	// NewRevision is the update revision.
	NewRevision any `json:"newRevision,omitempty"`
	// NewRevisionText is NewRevision as raw JSON text.
	NewRevisionText Text `json:"newRevisionText,omitempty"`
	// GracePeriodSeconds is the in-place update grace period.
	GracePeriodSeconds int32 `json:"gracePeriodSeconds,omitempty"`
	// Limits override the engine's read limits for this request.
	Limits *Limits `json:"limits,omitempty"`
}

// KruiseInplaceSpec is the in-place update spec of a revision pair.
type KruiseInplaceSpec struct {
	// InPlace says whether the pods update in place.
	InPlace bool `json:"inPlace"`
	// UpdateSpec is Kruise's json.Marshal of the UpdateSpec, nil when the pods must be recreated.
	UpdateSpec *string `json:"updateSpec"`
	// Reasons judge every changed path.
	Reasons []KruiseReason `json:"reasons"`
}

// KruiseReason is one changed path of a revision pair and whether Kruise updates it in place.
type KruiseReason struct {
	// Path is the JSON pointer in the template.
	Path string `json:"path"`
	// Op is the JSON Patch operation.
	Op string `json:"op"`
	// InPlace says whether this change updates in place.
	InPlace bool `json:"inPlace"`
	// Message says why.
	Message string `json:"message"`
}

// KruisePatchPodRequest is a kruise.patchPod request: Kruise's PatchSpecToPod at time Now.
type KruisePatchPodRequest struct {
	KruiseOptions
	// Pod is the v1 Pod.
	Pod any `json:"pod,omitempty"`
	// PodText is Pod as raw JSON text.
	PodText Text `json:"podText,omitempty"`
	KruisePatchSpec
	// Limits override the engine's read limits for this request.
	Limits *Limits `json:"limits,omitempty"`
}

// KruisePatchSpec is what kruise.patchPod and kruise.patchPods patch with: the UpdateSpec, the state, the time.
type KruisePatchSpec struct {
	// UpdateSpec is the UpdateSpec object.
	UpdateSpec any `json:"updateSpec,omitempty"`
	// UpdateSpecText is the UpdateSpec as Kruise's JSON text (KruiseInplaceSpec.UpdateSpec).
	UpdateSpecText Text `json:"updateSpecText,omitempty"`
	// State is the in-place update state to start from (default: the one Update starts with).
	State any `json:"state,omitempty"`
	// StateText is State as raw JSON text.
	StateText Text `json:"stateText,omitempty"`
	// Now is the time (RFC 3339); required.
	Now string `json:"now"`
	// ServerVersion is the API server minor (default "1.32").
	ServerVersion string `json:"serverVersion,omitempty"`
}

// KruisePatchedPod is one pod patched by PatchSpecToPod.
type KruisePatchedPod struct {
	// Pod is the patched pod as json.Marshal writes it.
	Pod string `json:"pod"`
	// State is the apps.kruise.io/inplace-update-state annotation.
	State string `json:"state"`
	// ResizePatch is the resize subresource patch, nil when none.
	ResizePatch *string `json:"resizePatch"`
}

// KruisePatchPodsRequest is a kruise.patchPods request: PatchSpecToPod on every pod of Pods in one call.
type KruisePatchPodsRequest struct {
	KruiseOptions
	// Pods is an array of v1 Pods.
	Pods any `json:"pods,omitempty"`
	// PodsText is Pods as raw JSON text.
	PodsText Text `json:"podsText,omitempty"`
	KruisePatchSpec
	// MaxPods is the most pods (default 100,000); more is E_TOO_LARGE.
	MaxPods int `json:"maxPods,omitempty"`
	// Limits override the engine's read limits for this request.
	Limits *Limits `json:"limits,omitempty"`
}

// KruiseCompletedRequest is a kruise.completed request: DefaultCheckInPlaceUpdateCompleted of a pod.
type KruiseCompletedRequest struct {
	KruiseOptions
	// Pod is the v1 Pod.
	Pod any `json:"pod,omitempty"`
	// PodText is Pod as raw JSON text.
	PodText Text `json:"podText,omitempty"`
	// Limits override the engine's read limits for this request.
	Limits *Limits `json:"limits,omitempty"`
}

// KruiseCompleted says whether a pod's in-place update is done, and if not why.
type KruiseCompleted struct {
	// Completed is true when done.
	Completed bool `json:"completed"`
	// Message is upstream's reason when not.
	Message string `json:"message,omitempty"`
}

// KruiseUpdateRequest is a kruise.update request: the controller's Interface.Update on one pod.
type KruiseUpdateRequest struct {
	KruiseOptions
	// Pod is the v1 Pod.
	Pod any `json:"pod,omitempty"`
	// PodText is Pod as raw JSON text.
	PodText Text `json:"podText,omitempty"`
	// OldRevision is the pod's ControllerRevision.
	OldRevision any `json:"oldRevision,omitempty"`
	// OldRevisionText is OldRevision as raw JSON text.
	OldRevisionText Text `json:"oldRevisionText,omitempty"`
	// NewRevision is the update revision.
	NewRevision any `json:"newRevision,omitempty"`
	// NewRevisionText is NewRevision as raw JSON text.
	NewRevisionText Text `json:"newRevisionText,omitempty"`
	// Now is the time (RFC 3339); required.
	Now string `json:"now"`
	// GracePeriodSeconds is the in-place update grace period.
	GracePeriodSeconds int32 `json:"gracePeriodSeconds,omitempty"`
	// ServerVersion is the API server minor (default "1.32").
	ServerVersion string `json:"serverVersion,omitempty"`
	// Limits override the engine's read limits for this request.
	Limits *Limits `json:"limits,omitempty"`
}

// KruiseRefreshRequest is a kruise.refresh request: the controller's Interface.Refresh on one pod.
type KruiseRefreshRequest struct {
	KruiseOptions
	// Pod is the v1 Pod.
	Pod any `json:"pod,omitempty"`
	// PodText is Pod as raw JSON text.
	PodText Text `json:"podText,omitempty"`
	// Now is the time (RFC 3339); required.
	Now string `json:"now"`
	// ServerVersion is the API server minor (default "1.32").
	ServerVersion string `json:"serverVersion,omitempty"`
	// Limits override the engine's read limits for this request.
	Limits *Limits `json:"limits,omitempty"`
}

// KruiseUpdate is the answer of kruise.update and kruise.refresh.
type KruiseUpdate struct {
	// InPlace says whether the update went in place (kruise.update only).
	InPlace bool `json:"inPlace,omitempty"`
	// DelaySeconds is the grace left before Refresh applies it.
	DelaySeconds int64 `json:"delaySeconds"`
	// Pod is the pod after the call, as json.Marshal writes it.
	Pod string `json:"pod"`
	// Error is the controller's error text, when it returns one.
	Error string `json:"error,omitempty"`
}

// KruiseStrategyRequest is a kruise.strategy request: the InPlaceOnly webhooks and the controller's outcome.
type KruiseStrategyRequest struct {
	KruiseOptions
	// Kind is CloneSet or AdvancedStatefulSet; required.
	Kind string `json:"kind"`
	// Policy is ReCreate (default), InPlaceIfPossible or InPlaceOnly.
	Policy string `json:"policy,omitempty"`
	// APIVersion is a CloneSet's v1beta1 (default) or v1alpha1.
	APIVersion string `json:"apiVersion,omitempty"`
	// OldTemplate is the old PodTemplateSpec.
	OldTemplate any `json:"oldTemplate,omitempty"`
	// OldTemplateText is OldTemplate as raw JSON text.
	OldTemplateText Text `json:"oldTemplateText,omitempty"`
	// NewTemplate is the new PodTemplateSpec.
	NewTemplate any `json:"newTemplate,omitempty"`
	// NewTemplateText is NewTemplate as raw JSON text.
	NewTemplateText Text `json:"newTemplateText,omitempty"`
	// GracePeriodSeconds is the in-place update grace period.
	GracePeriodSeconds int32 `json:"gracePeriodSeconds,omitempty"`
	// PodName names the pod in the controller's messages (default "<pod>").
	PodName string `json:"podName,omitempty"`
	// Limits override the engine's read limits for this request.
	Limits *Limits `json:"limits,omitempty"`
}

// KruiseStrategy is the answer of kruise.strategy.
type KruiseStrategy struct {
	// Policy is the update policy judged.
	Policy string `json:"policy"`
	// Allowed is the webhook's answer.
	Allowed bool `json:"allowed"`
	// Message is the webhook's denial, when it denies.
	Message string `json:"message,omitempty"`
	// InPlace says whether CalculateSpec updates in place.
	InPlace bool `json:"inPlace"`
	// Outcome is none, in-place, recreate, rejected or stuck.
	Outcome string `json:"outcome"`
	// ControllerError is the controller's error (stuck).
	ControllerError string `json:"controllerError,omitempty"`
	// UpdateSpec is Kruise's json.Marshal of the UpdateSpec, nil when not in place.
	UpdateSpec *string `json:"updateSpec"`
	// Violations are every InPlaceOnly violation.
	Violations json.RawMessage `json:"violations"`
	// Reasons judge every changed path.
	Reasons json.RawMessage `json:"reasons"`
}

// KruisePreDownloadRequest is a kruise.preDownload request: the ImagePullJobs a controller creates before in-place updates.
type KruisePreDownloadRequest struct {
	KruiseOptions
	// Kind is CloneSet, AdvancedStatefulSet or AdvancedDaemonSet; required.
	Kind string `json:"kind"`
	// Workload is the workload object.
	Workload any `json:"workload,omitempty"`
	// WorkloadText is Workload as raw JSON text.
	WorkloadText Text `json:"workloadText,omitempty"`
	// CurrentRevision is the current ControllerRevision (CloneSet, Advanced StatefulSet).
	CurrentRevision any `json:"currentRevision,omitempty"`
	// CurrentRevisionText is CurrentRevision as raw JSON text.
	CurrentRevisionText Text `json:"currentRevisionText,omitempty"`
	// OldRevisions are the other ControllerRevisions of an Advanced DaemonSet.
	OldRevisions any `json:"oldRevisions,omitempty"`
	// UpdateRevision is the update ControllerRevision.
	UpdateRevision any `json:"updateRevision,omitempty"`
	// UpdateRevisionText is UpdateRevision as raw JSON text.
	UpdateRevisionText Text `json:"updateRevisionText,omitempty"`
	// Pods are the workload namespace's pods (for Nodes).
	Pods any `json:"pods,omitempty"`
	// Limits override the engine's read limits for this request.
	Limits *Limits `json:"limits,omitempty"`
}

// KruisePreDownload is the answer of kruise.preDownload.
type KruisePreDownload struct {
	// Created says whether jobs are created.
	Created bool `json:"created"`
	// Reason is the reason code (created, gate-off, same-revision, ...).
	Reason string `json:"reason"`
	// Message explains it.
	Message string `json:"message"`
	// Jobs are the ImagePullJob objects as the controller's client sends them.
	Jobs json.RawMessage `json:"jobs"`
	// RevisionPatch is the patch sent to the update revision (null: none).
	RevisionPatch json.RawMessage `json:"revisionPatch"`
	// DeletesJobs says the controller deletes the workload's ImagePullJobs.
	DeletesJobs bool `json:"deletesJobs"`
	// Nodes are the nodes the jobs pull on (nil without pods or jobs).
	Nodes []string `json:"nodes"`
	// NodesError is the selector error, when the selector cannot be read.
	NodesError string `json:"nodesError,omitempty"`
}

// KruiseInplaceSpec returns Kruise's in-place update spec of a revision pair (kruise.inplaceSpec).
func (e *Engine) KruiseInplaceSpec(ctx context.Context, req KruiseInplaceSpecRequest) (*KruiseInplaceSpec, error) {
	return call[KruiseInplaceSpec](ctx, e, "kruise.inplaceSpec", req)
}

// KruisePatchPod returns Kruise's PatchSpecToPod of one pod (kruise.patchPod).
func (e *Engine) KruisePatchPod(ctx context.Context, req KruisePatchPodRequest) (*KruisePatchedPod, error) {
	return call[KruisePatchedPod](ctx, e, "kruise.patchPod", req)
}

// KruisePatchPods returns PatchSpecToPod of every pod, in order (kruise.patchPods); a pod that fails fails the call with Path pods[i].
func (e *Engine) KruisePatchPods(ctx context.Context, req KruisePatchPodsRequest) ([]KruisePatchedPod, error) {
	var out struct {
		Results []KruisePatchedPod `json:"results"`
	}
	if _, err := e.do(ctx, "kruise.patchPods", req, &out); err != nil {
		return nil, err
	}
	return out.Results, nil
}

// KruiseCompleted says whether a pod's in-place update completed (kruise.completed).
func (e *Engine) KruiseCompleted(ctx context.Context, req KruiseCompletedRequest) (*KruiseCompleted, error) {
	return call[KruiseCompleted](ctx, e, "kruise.completed", req)
}

// KruiseUpdate runs the controller's Interface.Update on one pod (kruise.update).
func (e *Engine) KruiseUpdate(ctx context.Context, req KruiseUpdateRequest) (*KruiseUpdate, error) {
	return call[KruiseUpdate](ctx, e, "kruise.update", req)
}

// KruiseRefresh runs the controller's Interface.Refresh on one pod (kruise.refresh).
func (e *Engine) KruiseRefresh(ctx context.Context, req KruiseRefreshRequest) (*KruiseUpdate, error) {
	return call[KruiseUpdate](ctx, e, "kruise.refresh", req)
}

// KruiseStrategy judges a template update under an update policy (kruise.strategy).
func (e *Engine) KruiseStrategy(ctx context.Context, req KruiseStrategyRequest) (*KruiseStrategy, error) {
	return call[KruiseStrategy](ctx, e, "kruise.strategy", req)
}

// KruisePreDownload returns the image pre-download a controller does before in-place updates (kruise.preDownload).
func (e *Engine) KruisePreDownload(ctx context.Context, req KruisePreDownloadRequest) (*KruisePreDownload, error) {
	return call[KruisePreDownload](ctx, e, "kruise.preDownload", req)
}

// KruisePartition is OpenKruise's CalculatePartitionReplicas(partition, replicas): the pods kept at the old revision.
// partition is an int, a string ("20%") or nil; replicas nil is the nil pointer (taken as 1).
func (e *Engine) KruisePartition(ctx context.Context, partition any, replicas *int32) (int64, error) {
	var out struct {
		Value int64 `json:"value"`
	}
	req := struct {
		Partition any    `json:"partition"`
		Replicas  *int32 `json:"replicas,omitempty"`
	}{partition, replicas}
	if _, err := e.do(ctx, "kruise.partition", req, &out); err != nil {
		return 0, err
	}
	return out.Value, nil
}
