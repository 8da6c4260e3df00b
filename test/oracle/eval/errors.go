package eval

import (
	"encoding/json"
	"strings"
)

// Error codes of the eval protocol (docs/architecture.md).
const (
	JSONSyntax         = "E_JSON_SYNTAX"
	JSONDepth          = "E_JSON_DEPTH"
	JSONType           = "E_JSON_TYPE"
	JCS                = "E_JCS"
	BadRequest         = "E_BAD_REQUEST"
	UnknownOp          = "E_UNKNOWN_OP"
	UnsupportedVersion = "E_UNSUPPORTED_VERSION"
	Internal           = "E_INTERNAL"
)

// Error is a protocol error answer.
type Error struct {
	Code    string
	Message string
	Path    string
	HasPath bool
	Offset  int64 // -1 when absent
}

// FieldError is an error about one request field; path names the field.
func FieldError(code, field, message string) *Error {
	return &Error{Code: code, Message: message, Path: field, HasPath: true, Offset: -1}
}

// Quote wraps s in double quotes without escaping anything: protocol messages
// quote field names and values this way so that any engine can reproduce them.
func Quote(s string) string {
	return "\"" + s + "\""
}

// FromJSONError classifies an error returned by encoding/json's Unmarshal:
// its message verbatim, the offset Go reports, and the protocol code.
func FromJSONError(err error) *Error {
	switch e := err.(type) {
	case *json.SyntaxError:
		// Go 1.15-1.26 say "invalid character '[' exceeded max depth", 1.27 "exceeded max depth".
		code := JSONSyntax
		if strings.HasSuffix(e.Error(), "exceeded max depth") {
			code = JSONDepth
		}
		return &Error{Code: code, Message: e.Error(), Offset: e.Offset}
	case *json.UnmarshalTypeError:
		return &Error{Code: JSONType, Message: e.Error(), Offset: e.Offset}
	}
	return &Error{Code: Internal, Message: err.Error(), Offset: -1}
}
