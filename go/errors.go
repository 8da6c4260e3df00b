package kinplace

import (
	"fmt"
	"strconv"
)

// Error codes (docs/architecture.md "Error codes"; the engine's list is assembly/base/errors.ts). Later engine
// releases may add codes, so any other string is possible too.
const (
	CodeJSONSyntax         = "E_JSON_SYNTAX"         // not JSON: Go's encoding/json text and offset
	CodeJSONDepth          = "E_JSON_DEPTH"          // nesting deeper than Go's limit or the engine's maxDepth
	CodeTooLarge           = "E_TOO_LARGE"           // over maxBytes / maxItems, or over the instance's memory bound
	CodeJSONType           = "E_JSON_TYPE"           // Go's UnmarshalTypeError
	CodeJCS                = "E_JCS"                 // no RFC 8785 form
	CodeBadRequest         = "E_BAD_REQUEST"         // a request field missing or of the wrong type; Path names it
	CodeUnknownOp          = "E_UNKNOWN_OP"          // op not known
	CodeUnsupportedVersion = "E_UNSUPPORTED_VERSION" // a go, kubernetes, kubelet or kruise version the engine does not know
	CodeIntOrString        = "E_INT_OR_STRING"       // an upstream IntOrString helper returned an error
	CodeQuantity           = "E_QUANTITY"            // resource.ParseQuantity refuses the value
	CodeDecode             = "E_DECODE"              // the API server's decoder refuses a typed value
	CodeUnsupportedKind    = "E_UNSUPPORTED_KIND"    // verdict / policy.check on a kind it does not answer
	CodePolicy             = "E_POLICY"              // a user policy is malformed
	CodeInternal           = "E_INTERNAL"            // a trap inside the engine (a bug); the instance was replaced
	CodeNotFound           = "E_NOT_FOUND"           // the API server has no such resource
	CodePatchInvalid       = "E_PATCH_INVALID"       // a patch library refuses a document or patch as a whole
	CodePatchOp            = "E_PATCH_OP"            // a JSON Patch operation is malformed
	CodePatchPath          = "E_PATCH_PATH"          // a JSON Patch operation points nowhere
	CodePatchIndex         = "E_PATCH_INDEX"         // a JSON Patch operation has a bad index
	CodePatchTest          = "E_PATCH_TEST"          // a JSON Patch test operation fails
	CodePatchPanic         = "E_PATCH_PANIC"         // the Go library panics on the input
	CodePatchMarshal       = "E_PATCH_MARSHAL"       // Go's json.Marshal of the library's result fails
	CodePatchLimit         = "E_PATCH_LIMIT"         // an explicit limit of the patch ops
	CodePatchStrategic     = "E_PATCH_STRATEGIC"     // strategicpatch returns an error
	CodeLimit              = "E_LIMIT"               // an explicit limit given in the request's limits was exceeded
	CodeCanceled           = "E_CANCELED"            // (Go host only) the call's context was cancelled or its deadline passed
	CodeClosed             = "E_CLOSED"              // (Go host only) the Engine was closed
)

// Error is every failure of the Go API: Code is stable (decide on it, never on Message), Message is the
// engine's Go-compatible text, Path or Offset points into the request. Use errors.As to get it.
type Error struct {
	// Code is the stable error code, one of the Code constants.
	Code string
	// Message is the engine's text (upstream's own text where upstream has one).
	Message string
	// Path is the JSON path of the offending request field or value, "" when not known.
	Path string
	// Offset is the byte offset into the input (Go's SyntaxError.Offset), -1 when not known.
	Offset int64
	// Err is the cause, when there is one: the context's error (E_CANCELED) or the wasm runtime's (E_INTERNAL, E_TOO_LARGE).
	Err error
}

// Error formats the error as "kinplace: CODE: message" plus its path or offset.
func (e *Error) Error() string {
	s := "kinplace: " + e.Code + ": " + e.Message
	if e.Path != "" {
		s += " (path " + strconv.Quote(e.Path) + ")"
	}
	if e.Offset >= 0 {
		s += " (offset " + strconv.FormatInt(e.Offset, 10) + ")"
	}
	return s
}

// Unwrap returns the cause (for errors.Is(err, context.DeadlineExceeded) on E_CANCELED).
func (e *Error) Unwrap() error { return e.Err }

// newError makes an Error without a path or offset.
func newError(code, message string, cause error) *Error {
	return &Error{Code: code, Message: message, Offset: -1, Err: cause}
}

// errorf makes an Error without a path or offset from a format.
func errorf(code, format string, args ...any) *Error {
	return newError(code, fmt.Sprintf(format, args...), nil)
}
