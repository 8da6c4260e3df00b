package ops

import (
	jsonpatch "gopkg.in/evanphx/json-patch.v4"

	"kinplace.local/oracle/eval"
)

func init() {
	eval.Register("mergepatch.diff", eval.Op{Run: runMergePatchDiff})
	eval.Register("mergepatch.apply", eval.Op{Run: runMergePatchApply})
}

// runMergePatchDiff answers mergepatch.diff with CreateMergePatch of
// gopkg.in/evanphx/json-patch.v4 v4.13.0 (RFC 7396, as Kubernetes vendors it).
func runMergePatchDiff(req *eval.Request) (*eval.Result, *eval.Error) {
	if _, err := eval.GoMinor(req); err != nil {
		return nil, err
	}
	original, err := optionalValue(req, "original")
	if err != nil {
		return nil, err
	}
	modified, err := optionalValue(req, "modified")
	if err != nil {
		return nil, err
	}
	return guard(func() (*eval.Result, *eval.Error) {
		out, e := jsonpatch.CreateMergePatch(original, modified)
		if e != nil {
			return nil, &eval.Error{Code: patchInvalid, Message: e.Error(), Offset: -1}
		}
		res := &eval.Result{}
		res.JSON("patch", out)
		return res, nil
	})
}

// runMergePatchApply answers mergepatch.apply with MergePatch of
// gopkg.in/evanphx/json-patch.v4 v4.13.0 (what the Kubernetes API server runs
// for application/merge-patch+json).
func runMergePatchApply(req *eval.Request) (*eval.Result, *eval.Error) {
	if _, err := eval.GoMinor(req); err != nil {
		return nil, err
	}
	original, err := optionalValue(req, "original")
	if err != nil {
		return nil, err
	}
	patch, err := optionalValue(req, "patch")
	if err != nil {
		return nil, err
	}
	return guard(func() (*eval.Result, *eval.Error) {
		out, e := jsonpatch.MergePatch(original, patch)
		if e != nil {
			return nil, &eval.Error{Code: patchInvalid, Message: e.Error(), Offset: -1}
		}
		res := &eval.Result{}
		res.JSON("document", out)
		return res, nil
	})
}
