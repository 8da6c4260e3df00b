package kinplace

import (
	"context"
	"encoding/json"
)

// The patch ops take their documents as raw bytes (the evaluateDocs export: no quoting, nil = absent, Go's nil)
// and return the result text exactly as the Go library writes it.

// GoOptions name the Go release whose encoding/json to reproduce ("1.N"; default: the engine's newest).
type GoOptions struct {
	// Go is the Go release, e.g. "1.21".
	Go string `json:"go,omitempty"`
}

// JSONPatchDiffOptions are the options of jsonpatch.diff.
type JSONPatchDiffOptions struct {
	// Flavor is "appscode" (default: CreatePatch of github.com/appscode/jsonpatch v1.0.1, OpenKruise's) or "minimal".
	Flavor string `json:"flavor,omitempty"`
	// MaxEditMatrix is the most Levenshtein cells one array pair may need (default 4,194,304); more is E_PATCH_LIMIT.
	MaxEditMatrix int64 `json:"maxEditMatrix,omitempty"`
	// MaxPatchBytes is the longest patch in bytes (default and most 268,435,456); longer is E_PATCH_LIMIT.
	MaxPatchBytes int64 `json:"maxPatchBytes,omitempty"`
	// Go is the Go release whose json.Marshal writes the patch ("1.N").
	Go string `json:"go,omitempty"`
}

// JSONPatchApplyOptions are the options of jsonpatch.apply.
type JSONPatchApplyOptions struct {
	// MaxCopyBytes is evanphx's AccumulatedCopySizeLimit (0: the engine's 32 MiB); more is E_PATCH_LIMIT.
	MaxCopyBytes int64 `json:"maxCopyBytes,omitempty"`
	// Go is the Go release ("1.N").
	Go string `json:"go,omitempty"`
}

// StrategicMergePatchOptions are the options of smp.diff and smp.apply.
type StrategicMergePatchOptions struct {
	// Type is the Go type of the documents: Pod, PodSpec, PodTemplateSpec, Deployment, ..., Unstructured, CloneSet, ...
	Type string `json:"type"`
	// Kubernetes is the minor whose k8s.io/apimachinery to reproduce ("1.N"; default: the newest).
	Kubernetes string `json:"kubernetes,omitempty"`
	// Go is the Go release ("1.N"; default: that minor's).
	Go string `json:"go,omitempty"`
}

// patchText runs a patch op on documents a and b and returns result member field as raw JSON text
// ([]byte{} when the result is `{field+"Text": ""}`, an empty document returned as it was).
func (e *Engine) patchText(ctx context.Context, op string, opts any, a, b []byte, field string) ([]byte, error) {
	line, err := requestLine(op, opts)
	if err != nil {
		return nil, err
	}
	answer, err := e.EvalDocs(ctx, line, a, b)
	if err != nil {
		return nil, err
	}
	result, err := resultOf(answer)
	if err != nil {
		return nil, err
	}
	head := `{"` + field + `":`
	if len(result) > len(head) && string(result[:len(head)]) == head && result[len(result)-1] == '}' {
		return result[len(head) : len(result)-1], nil
	}
	if string(result) == `{"`+field+`Text":""}` {
		return []byte{}, nil
	}
	return nil, newError(CodeInternal, "kinplace: unexpected "+op+" result "+string(result[:min(len(result), 200)]), nil)
}

// stringResult decodes a result member holding a JSON string (smp.*: Go's bytes as a string).
func stringResult(op string, text []byte, err error) ([]byte, error) {
	if err != nil {
		return nil, err
	}
	var s string
	if err := json.Unmarshal(text, &s); err != nil {
		return nil, newError(CodeInternal, "kinplace: the "+op+" result is not a string: "+err.Error(), err)
	}
	return []byte(s), nil
}

// JSONPatchDiff returns the RFC 6902 patch (JSON text) turning document from into to (jsonpatch.diff).
func (e *Engine) JSONPatchDiff(ctx context.Context, from, to []byte, opts JSONPatchDiffOptions) ([]byte, error) {
	return e.patchText(ctx, "jsonpatch.diff", opts, from, to, "patch")
}

// JSONPatchApply applies an RFC 6902 patch as the API server does (gopkg.in/evanphx/json-patch.v4) and returns the
// document text ([]byte{} for an empty document returned as it was); an operation that fails names its index in Path.
func (e *Engine) JSONPatchApply(ctx context.Context, document, patch []byte, opts JSONPatchApplyOptions) ([]byte, error) {
	return e.patchText(ctx, "jsonpatch.apply", opts, document, patch, "document")
}

// MergePatchDiff returns the RFC 7396 merge patch turning original into modified (CreateMergePatch of evanphx/json-patch).
func (e *Engine) MergePatchDiff(ctx context.Context, original, modified []byte, opts GoOptions) ([]byte, error) {
	return e.patchText(ctx, "mergepatch.diff", opts, original, modified, "patch")
}

// MergePatchApply applies an RFC 7396 merge patch (MergePatch of evanphx/json-patch) and returns the document text.
func (e *Engine) MergePatchApply(ctx context.Context, original, patch []byte, opts GoOptions) ([]byte, error) {
	return e.patchText(ctx, "mergepatch.apply", opts, original, patch, "document")
}

// StrategicMergePatchDiff returns strategicpatch.CreateTwoWayMergePatch of original and modified for opts.Type, as Go prints it.
func (e *Engine) StrategicMergePatchDiff(ctx context.Context, original, modified []byte, opts StrategicMergePatchOptions) ([]byte, error) {
	text, err := e.patchText(ctx, "smp.diff", opts, original, modified, "patch")
	return stringResult("smp.diff", text, err)
}

// StrategicMergePatchApply applies a strategic merge patch (strategicpatch.StrategicMergePatch) and returns the document as Go prints it.
func (e *Engine) StrategicMergePatchApply(ctx context.Context, original, patch []byte, opts StrategicMergePatchOptions) ([]byte, error) {
	text, err := e.patchText(ctx, "smp.apply", opts, original, patch, "document")
	return stringResult("smp.apply", text, err)
}
