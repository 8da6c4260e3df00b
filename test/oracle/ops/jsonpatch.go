package ops

import (
	"encoding/json"
	"errors"
	"regexp"
	"sort"
	"strconv"
	"strings"

	appscode "github.com/appscode/jsonpatch"
	jsonpatch "gopkg.in/evanphx/json-patch.v4"

	"kinplace.local/oracle/eval"
)

func init() {
	eval.Register("jsonpatch.diff", eval.Op{Run: runJSONPatchDiff})
	eval.Register("jsonpatch.apply", eval.Op{Run: runJSONPatchApply})
}

// runJSONPatchDiff answers jsonpatch.diff with github.com/appscode/jsonpatch
// v1.0.1 CreatePatch (the flavor OpenKruise uses); the patch is json.Marshal
// of the returned operations. Go lists operations in map iteration order; the
// differential suite compares them as a multiset. When json.Marshal fails (a
// key whose raw bytes break the library's unescaped "path"), the error of the
// failing operation with the smallest (path, op) is reported, so that the
// answer does not depend on that order either.
func runJSONPatchDiff(req *eval.Request) (*eval.Result, *eval.Error) {
	if _, err := eval.GoMinor(req); err != nil {
		return nil, err
	}
	flavor, present, err := eval.StringField(req, "flavor")
	if err != nil {
		return nil, err
	}
	if present && string(flavor) != "appscode" {
		if string(flavor) == "minimal" {
			return nil, eval.FieldError(eval.BadRequest, "flavor", "flavor \"minimal\" is kinplace's own and has no Go reference")
		}
		return nil, eval.FieldError(eval.BadRequest, "flavor", "unknown flavor "+eval.Quote(string(flavor))+" (want appscode or minimal)")
	}
	from, err := optionalValue(req, "from")
	if err != nil {
		return nil, err
	}
	to, err := optionalValue(req, "to")
	if err != nil {
		return nil, err
	}
	return guard(func() (*eval.Result, *eval.Error) {
		ops, e := appscode.CreatePatch(from, to)
		if e != nil {
			path := "to"
			m := map[string]interface{}{}
			if json.Unmarshal(from, &m) != nil {
				path = "from"
			}
			return nil, &eval.Error{Code: patchInvalid, Message: e.Error(), Path: path, HasPath: true, Offset: -1}
		}
		out, e := json.Marshal(ops)
		if e != nil {
			return nil, marshalError(ops)
		}
		res := &eval.Result{}
		res.JSON("patch", out)
		return res, nil
	})
}

// marshalError is the json.Marshal error of the failing operation with the
// smallest (path, op), with that path.
func marshalError(ops []appscode.Operation) *eval.Error {
	sorted := append([]appscode.Operation{}, ops...)
	sort.SliceStable(sorted, func(i, j int) bool {
		if sorted[i].Path != sorted[j].Path {
			return sorted[i].Path < sorted[j].Path
		}
		return sorted[i].Operation < sorted[j].Operation
	})
	for i := range sorted {
		if _, e := json.Marshal(sorted[i : i+1]); e != nil {
			return &eval.Error{Code: patchMarshal, Message: e.Error(), Path: sorted[i].Path, HasPath: true, Offset: -1}
		}
	}
	return &eval.Error{Code: eval.Internal, Message: "json.Marshal failed on the whole patch but on no single operation", Offset: -1}
}

// runJSONPatchApply answers jsonpatch.apply as the Kubernetes API server
// applies an application/json-patch+json body: DecodePatch, then Apply, with
// gopkg.in/evanphx/json-patch.v4 v4.13.0 (Kubernetes 1.35+). Errors name the
// failing operation's index as path ("/2"), "patch" or "document".
func runJSONPatchApply(req *eval.Request) (*eval.Result, *eval.Error) {
	if _, err := eval.GoMinor(req); err != nil {
		return nil, err
	}
	doc, err := optionalValue(req, "document")
	if err != nil {
		return nil, err
	}
	patchText, err := optionalValue(req, "patch")
	if err != nil {
		return nil, err
	}
	patch, e := jsonpatch.DecodePatch(patchText)
	if e != nil {
		ee := eval.FromJSONError(e)
		ee.Path, ee.HasPath = "patch", true
		return nil, ee
	}
	out, e, panicked := apply(patch, doc)
	if e == nil && !panicked {
		res := &eval.Result{}
		if len(out) == 0 {
			res.String("documentText", "")
		} else {
			res.JSON("document", out)
		}
		return res, nil
	}
	// The failing operation: the shortest failing prefix (Apply runs the
	// operations in order and stops at the first error).
	if _, e0, p0 := apply(patch[:0], doc); e0 != nil || p0 {
		return nil, applyError(e0, p0, "document")
	}
	lo, hi := 1, len(patch) // prefix lo-1 succeeds, prefix hi fails
	for lo < hi {
		mid := (lo + hi) / 2
		if _, em, pm := apply(patch[:mid], doc); em != nil || pm {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	_, eh, ph := apply(patch[:hi], doc)
	return nil, applyError(eh, ph, "/"+strconv.Itoa(hi-1))
}

// panicError carries a recovered panic's message.
type panicError struct{ msg string }

func (p *panicError) Error() string { return p.msg }

// apply runs Patch.Apply on a private copy of doc, recovering a panic.
func apply(p jsonpatch.Patch, doc []byte) (out []byte, err error, panicked bool) {
	defer func() {
		if r := recover(); r != nil {
			out, err, panicked = nil, &panicError{msg: panicText(r)}, true
		}
	}()
	var in []byte
	if doc != nil {
		in = append([]byte{}, doc...)
	}
	out, err = p.Apply(in)
	return out, err, false
}

func panicText(r interface{}) string {
	if e, ok := r.(error); ok {
		return e.Error()
	}
	if s, ok := r.(string); ok {
		return s
	}
	return "panic"
}

// applyError classifies an Apply error: JSON errors of the document keep
// Go's code and offset; operation errors get a patch code.
func applyError(err error, panicked bool, path string) *eval.Error {
	if panicked {
		return &eval.Error{Code: patchPanic, Message: err.Error(), Path: path, HasPath: true, Offset: -1}
	}
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	if path == "document" && (errors.As(err, &se) || errors.As(err, &te)) {
		ee := eval.FromJSONError(err)
		ee.Path, ee.HasPath = path, true
		return ee
	}
	return &eval.Error{Code: applyCode(err), Message: err.Error(), Path: path, HasPath: true, Offset: -1}
}

// decodeFailure matches the errors of an operation whose path or from field
// is missing or not a string.
var decodeFailure = regexp.MustCompile(`^(add|remove|replace|move|test|copy) operation failed to decode (path|from): `)

// applyCode maps an operation error of evanphx/json-patch to a patch code.
func applyCode(err error) string {
	msg := err.Error()
	var ne *strconv.NumError
	switch {
	case errors.Is(err, jsonpatch.ErrTestFailed):
		return patchTest
	case decodeFailure.MatchString(msg) || strings.HasPrefix(msg, "Unexpected kind: ") ||
		strings.HasPrefix(msg, "replace operation value must be object or array") || strings.HasPrefix(msg, "replace operation hit impossible case"):
		return patchOp
	case errors.Is(err, jsonpatch.ErrInvalidIndex) || errors.As(err, &ne):
		return patchIndex
	case errors.Is(err, jsonpatch.ErrMissing):
		return patchPath
	}
	return patchInvalid
}
