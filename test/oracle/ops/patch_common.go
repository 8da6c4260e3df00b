package ops

import (
	"fmt"

	"kinplace.local/oracle/eval"
)

// Error codes of the patch ops (docs/architecture.md, "Error codes").
const (
	patchInvalid = "E_PATCH_INVALID" // the library refuses a document or patch as a whole
	patchOp      = "E_PATCH_OP"      // an operation is malformed (unknown op, path or from missing or not a string)
	patchPath    = "E_PATCH_PATH"    // a pointer does not resolve (errors wrapping ErrMissing)
	patchIndex   = "E_PATCH_INDEX"   // an array index is out of range or not a number
	patchTest    = "E_PATCH_TEST"    // a test operation failed
	patchPanic   = "E_PATCH_PANIC"   // the Go library panicked (message: the runtime's text)
	patchMarshal = "E_PATCH_MARSHAL" // json.Marshal of the library's result failed
)

// optionalValue returns the bytes a patch op hands to the library for the
// value field `name`: the raw JSON text of `name` as it is in the request
// line, or the decoded content of `nameText`; nil (Go's nil slice: no bytes at
// all) when neither is given.
func optionalValue(req *eval.Request, name string) ([]byte, *eval.Error) {
	textName := name + "Text"
	v := req.Field(name)
	t, hasText, err := eval.StringField(req, textName)
	if v != nil && hasText {
		return nil, eval.FieldError(eval.BadRequest, name, "fields "+eval.Quote(name)+" and "+eval.Quote(textName)+" are mutually exclusive")
	}
	if v != nil {
		return v, nil
	}
	if err != nil {
		return nil, err
	}
	if !hasText {
		return nil, nil
	}
	if t == nil {
		t = []byte{}
	}
	return t, nil
}

// guard runs f and turns a panic of the library into an E_PATCH_PANIC error
// carrying the runtime's message (e.g. "assignment to entry in nil map").
func guard(f func() (*eval.Result, *eval.Error)) (res *eval.Result, err *eval.Error) {
	defer func() {
		if r := recover(); r != nil {
			res, err = nil, &eval.Error{Code: patchPanic, Message: fmt.Sprint(r), Offset: -1}
		}
	}()
	return f()
}
