package kinplace

import "context"

// Object fields of the request structs take any value json.Marshal encodes (a json.RawMessage, a map, a
// k8s.io/api struct); their ...Text twins take raw JSON text handed to the engine as it is.

// ContainerHashRequest is a container.hash request: the kubelet's HashContainer of a container.
type ContainerHashRequest struct {
	// Container is the v1 Container.
	Container any `json:"container,omitempty"`
	// ContainerText is the container as raw JSON text (instead of Container).
	ContainerText Text `json:"containerText,omitempty"`
	// Kubelet is the kubelet minor ("1.N"); required.
	Kubelet string `json:"kubelet"`
	// Go is the kubelet's Go release ("1.N"; default per minor).
	Go string `json:"go,omitempty"`
	// ApplyDefaults runs the API server's defaulters first; nil means true except at kubelet "1.12" (as the JS API).
	ApplyDefaults *bool `json:"applyDefaults,omitempty"`
	// Limits override the engine's read limits for this request.
	Limits *Limits `json:"limits,omitempty"`
}

// ContainerHash is a kubelet container hash as the CRI annotation io.kubernetes.container.hash stores it (lowercase hex).
type ContainerHash struct {
	// Hash is HashContainer.
	Hash string `json:"hash"`
	// HashWithoutResources is HashContainerWithoutResources (kubelet 1.27–1.30 only).
	HashWithoutResources string `json:"hashWithoutResources,omitempty"`
	// Era is "struct" (≤1.15), "json" (1.16–1.30) or "name-image" (1.31+).
	Era string `json:"era"`
}

// PodTemplateHashRequest is a podTemplateHash request: controller.ComputeHash of a PodTemplateSpec.
type PodTemplateHashRequest struct {
	// Template is the v1 PodTemplateSpec.
	Template any `json:"template,omitempty"`
	// TemplateText is the template as raw JSON text.
	TemplateText Text `json:"templateText,omitempty"`
	// Kubernetes is the minor ("1.N"; default the newest).
	Kubernetes string `json:"kubernetes,omitempty"`
	// CollisionCount is the Deployment's status.collisionCount (nil: none).
	CollisionCount *int32 `json:"collisionCount,omitempty"`
	// ApplyDefaults runs the API server's defaulters first; nil means true except at "1.12".
	ApplyDefaults *bool `json:"applyDefaults,omitempty"`
	// Limits override the engine's read limits for this request.
	Limits *Limits `json:"limits,omitempty"`
}

// RevisionRequest is a revision request: the ControllerRevision a controller creates for a workload.
type RevisionRequest struct {
	// Kind is StatefulSet, DaemonSet, CloneSet, AdvancedStatefulSet or AdvancedDaemonSet.
	Kind string `json:"kind"`
	// Object is the workload.
	Object any `json:"object,omitempty"`
	// ObjectText is the workload as raw JSON text.
	ObjectText Text `json:"objectText,omitempty"`
	// Kubernetes is the minor ("1.N"; OpenKruise kinds: "1.32" only).
	Kubernetes string `json:"kubernetes,omitempty"`
	// Go is the controller's Go release ("1.N").
	Go string `json:"go,omitempty"`
	// Kruise is the OpenKruise release of the Kruise kinds ("1.5" … "1.9"; default "1.9").
	Kruise string `json:"kruise,omitempty"`
	// CollisionCount overrides status.collisionCount.
	CollisionCount *int32 `json:"collisionCount,omitempty"`
	// ApplyDefaults runs the API server's defaulters first (StatefulSet, DaemonSet); nil means true except at "1.12" and for Kruise kinds.
	ApplyDefaults *bool `json:"applyDefaults,omitempty"`
	// Limits override the engine's read limits for this request.
	Limits *Limits `json:"limits,omitempty"`
}

// Revision is a ControllerRevision as the controller creates it.
type Revision struct {
	// Name is the revision's name.
	Name string `json:"name"`
	// Hash is the controller.kubernetes.io/hash (or controller-revision-hash) label.
	Hash string `json:"hash"`
	// Data is the revision's Data.Raw text.
	Data string `json:"data"`
}

// storedView is the JS API's default of applyDefaults: the object as the API server stores it (defaulted),
// except at Kubernetes 1.12 (no defaulters) and for OpenKruise objects (custom resources).
func storedView(asked *bool, minor string, kruise bool) *bool {
	if asked != nil {
		return asked
	}
	v := minor != "1.12" && !kruise
	return &v
}

// ContainerHash returns the kubelet's HashContainer of a container (container.hash).
func (e *Engine) ContainerHash(ctx context.Context, req ContainerHashRequest) (*ContainerHash, error) {
	req.ApplyDefaults = storedView(req.ApplyDefaults, req.Kubelet, false)
	return call[ContainerHash](ctx, e, "container.hash", req)
}

// PodTemplateHash returns the pod-template-hash label value of a template (podTemplateHash).
func (e *Engine) PodTemplateHash(ctx context.Context, req PodTemplateHashRequest) (string, error) {
	req.ApplyDefaults = storedView(req.ApplyDefaults, req.Kubernetes, false)
	var out struct {
		Hash string `json:"hash"`
	}
	if _, err := e.do(ctx, "podTemplateHash", req, &out); err != nil {
		return "", err
	}
	return out.Hash, nil
}

// Revision returns the ControllerRevision the workload's controller creates (revision).
func (e *Engine) Revision(ctx context.Context, req RevisionRequest) (*Revision, error) {
	req.ApplyDefaults = storedView(req.ApplyDefaults, req.Kubernetes, req.Kind != "StatefulSet" && req.Kind != "DaemonSet")
	return call[Revision](ctx, e, "revision", req)
}
