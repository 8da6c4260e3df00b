package ops

import (
	"encoding/json"

	"github.com/gowebpki/jcs"

	"kinplace.local/oracle/eval"
)

func init() {
	eval.Register("json.jcs", eval.Op{Run: runJSONJCS})
}

// runJSONJCS answers the RFC 8785 form of the value: first Go's own scanner
// decides whether the text is JSON at all (E_JSON_SYNTAX / E_JSON_DEPTH with
// Go's message and offset), then github.com/gowebpki/jcs canonicalizes it;
// what it refuses (duplicate keys, lone surrogate escapes, invalid UTF-8,
// numbers beyond float64) is E_JCS with the library's message verbatim.
func runJSONJCS(req *eval.Request) (*eval.Result, *eval.Error) {
	data, err := eval.ValueField(req, "value")
	if err != nil {
		return nil, err
	}
	if err := eval.RequireNewest(); err != nil {
		return nil, err
	}
	var raw json.RawMessage
	if e := json.Unmarshal(data, &raw); e != nil {
		return nil, eval.FromJSONError(e)
	}
	out, e := jcs.Transform(append([]byte{}, data...))
	if e != nil {
		return nil, &eval.Error{Code: eval.JCS, Message: e.Error(), Offset: -1}
	}
	res := &eval.Result{}
	res.String("json", string(out))
	return res, nil
}
