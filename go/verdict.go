package kinplace

import (
	"context"
	"encoding/json"
)

// VerdictRequest is a verdict (or, with Policy, policy.check) request: what updating Old to New does to the pods.
type VerdictRequest struct {
	// Old is the object before the update (Pod, Deployment, ReplicaSet, StatefulSet, DaemonSet, CloneSet, ...).
	Old any `json:"old,omitempty"`
	// OldText is Old as raw JSON text.
	OldText Text `json:"oldText,omitempty"`
	// New is the object after the update.
	New any `json:"new,omitempty"`
	// NewText is New as raw JSON text.
	NewText Text `json:"newText,omitempty"`
	// Kind overrides the kind the objects' apiVersion/kind name.
	Kind string `json:"kind,omitempty"`
	// Kubernetes is the API server minor ("1.N"; default the newest; OpenKruise kinds "1.32" only).
	Kubernetes string `json:"kubernetes,omitempty"`
	// Kubelet is the kubelet minor (default Kubernetes).
	Kubelet string `json:"kubelet,omitempty"`
	// Kruise is the OpenKruise release of the Kruise kinds ("1.5" … "1.9").
	Kruise string `json:"kruise,omitempty"`
	// Gates are feature gates by name.
	Gates map[string]bool `json:"gates,omitempty"`
	// Strategy overrides a Kruise kind's strategy: ReCreate, InPlaceIfPossible or InPlaceOnly.
	Strategy string `json:"strategy,omitempty"`
	// ApplyDefaults runs the API server's defaulters first (nil: the engine's default, true for Kubernetes kinds from 1.15).
	ApplyDefaults *bool `json:"applyDefaults,omitempty"`
	// AllowPrivileged is kube-apiserver's --allow-privileged (nil: true).
	AllowPrivileged *bool `json:"allowPrivileged,omitempty"`
	// FieldValidation is Ignore, Warn or Strict (default Warn from 1.25).
	FieldValidation string `json:"fieldValidation,omitempty"`
	// Now (RFC 3339) asks for the pod patch OpenKruise sends for an in-place update.
	Now string `json:"now,omitempty"`
	// Node is the v1 Node a Pod runs on: a resize gets the kubelet's admission.
	Node any `json:"node,omitempty"`
	// NodeText is Node as raw JSON text.
	NodeText Text `json:"nodeText,omitempty"`
	// Pods are the other pods bound to Node.
	Pods any `json:"pods,omitempty"`
	// Policy is a user policy (JSON value); required by PolicyCheck.
	Policy any `json:"policy,omitempty"`
	// PolicyText is Policy as raw JSON text.
	PolicyText Text `json:"policyText,omitempty"`
	// MaxPolicyMatches bounds patterns × changed paths (default 2,000,000); more is E_LIMIT.
	MaxPolicyMatches int64 `json:"maxPolicyMatches,omitempty"`
	// ServerVersion is the API server minor a Kruise controller sends pod updates to (default the newest).
	ServerVersion string `json:"serverVersion,omitempty"`
	// ServerGates are that API server's feature gates.
	ServerGates map[string]bool `json:"serverGates,omitempty"`
	// Limits override the engine's read limits for this request.
	Limits *Limits `json:"limits,omitempty"`
}

// Verdict is what an update does to a workload's pods.
type Verdict struct {
	// Verdict is none, in-place, recreate or rejected.
	Verdict string `json:"verdict"`
	// Kind is the workload kind judged.
	Kind string `json:"kind"`
	// Strategy is the Kruise strategy applied, when there is one.
	Strategy string `json:"strategy,omitempty"`
	// Containers are the per-container actions (init containers first).
	Containers []ContainerAction `json:"containers"`
	// Subresource is "resize" when the change goes through pods/resize.
	Subresource string `json:"subresource,omitempty"`
	// ResizeAdmission is the kubelet's admission of a resize (with Node).
	ResizeAdmission *ResizeAdmission `json:"resizeAdmission,omitempty"`
	// Rejection is the API server's or webhook's refusal text of a rejected update.
	Rejection string `json:"rejection,omitempty"`
	// Warnings are the API server's field-validation warnings on the new object.
	Warnings []string `json:"warnings,omitempty"`
	// Reasons are the changed paths, what each does to running pods, and why.
	Reasons []VerdictReason `json:"reasons"`
	// Patches are the template's JSON, merge and strategic merge patches and the Kruise pod patch.
	Patches VerdictPatches `json:"patches"`
	// Policy is the user policy's judgement, when a policy was given.
	Policy *PolicyJudgement `json:"policy,omitempty"`
}

// ContainerAction is what happens to one container: keep, restart or recreate.
type ContainerAction struct {
	// Name is the container's name.
	Name string `json:"name"`
	// Action is keep, restart or recreate.
	Action string `json:"action"`
	// Init marks an init container.
	Init bool `json:"init,omitempty"`
}

// ResizeAdmission is the kubelet's admission of a resize.
type ResizeAdmission struct {
	// Status is Admitted, Deferred or Infeasible.
	Status string `json:"status"`
	// Resize is status.resize (kubelet up to 1.32).
	Resize string `json:"resize,omitempty"`
	// Reason is the PodResizePending condition's reason (1.33+).
	Reason string `json:"reason"`
	// Message is the condition's message.
	Message string `json:"message"`
}

// VerdictReason is a changed path and its effect on running pods.
type VerdictReason struct {
	// Path is the JSON pointer of the change.
	Path string `json:"path"`
	// Effect is none, in-place, restart, recreate or rejected.
	Effect string `json:"effect"`
	// Message says why.
	Message string `json:"message"`
}

// VerdictPatches are the patches of a verdict, as JSON values.
type VerdictPatches struct {
	// JSON is the template's RFC 6902 patch (appscode).
	JSON json.RawMessage `json:"json"`
	// Merge is the template's RFC 7396 patch.
	Merge json.RawMessage `json:"merge"`
	// Strategic is the template's strategic merge patch.
	Strategic json.RawMessage `json:"strategic"`
	// Pod is the pod update OpenKruise sends for an in-place update (null without Now).
	Pod json.RawMessage `json:"pod"`
	// Resize is the patch OpenKruise sends to each pod's resize subresource, when it resizes.
	Resize json.RawMessage `json:"resize,omitempty"`
}

// PolicyJudgement is a user policy's judgement: deny when a changed path breaks its rule.
type PolicyJudgement struct {
	// Decision is allow or deny.
	Decision string `json:"decision"`
	// Violations are the broken rules.
	Violations []PolicyViolation `json:"violations"`
}

// PolicyViolation is one changed path that breaks a rule.
type PolicyViolation struct {
	// Path is the changed path.
	Path string `json:"path"`
	// Rule is the rule's name.
	Rule string `json:"rule"`
	// Verdict is the most the rule allows.
	Verdict string `json:"verdict"`
	// Effect is what the change does.
	Effect string `json:"effect"`
	// Message is the rule's message.
	Message string `json:"message"`
}

// PolicyCheck is the answer of policy.check.
type PolicyCheck struct {
	PolicyJudgement
	// Kind is the workload kind judged.
	Kind string `json:"kind"`
	// Verdict is the update's verdict.
	Verdict string `json:"verdict"`
}

// Verdict says what updating req.Old to req.New does to the workload's pods (verdict).
func (e *Engine) Verdict(ctx context.Context, req VerdictRequest) (*Verdict, error) {
	return call[Verdict](ctx, e, "verdict", req)
}

// PolicyCheck judges updating req.Old to req.New against req.Policy (policy.check).
func (e *Engine) PolicyCheck(ctx context.Context, req VerdictRequest) (*PolicyCheck, error) {
	return call[PolicyCheck](ctx, e, "policy.check", req)
}
