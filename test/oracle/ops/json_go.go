package ops

import (
	"encoding/json"

	"kinplace.local/oracle/eval"
)

func init() {
	eval.Register("json.go", eval.Op{Run: runJSONGo})
}

// runJSONGo answers exactly what json.Marshal prints for the value that
// json.Unmarshal decodes into an interface{}, under this binary's Go release.
func runJSONGo(req *eval.Request) (*eval.Result, *eval.Error) {
	if _, err := eval.GoMinor(req); err != nil {
		return nil, err
	}
	data, err := eval.ValueField(req, "value")
	if err != nil {
		return nil, err
	}
	var v interface{}
	if e := json.Unmarshal(data, &v); e != nil {
		return nil, eval.FromJSONError(e)
	}
	out, e := json.Marshal(v)
	if e != nil {
		return nil, &eval.Error{Code: eval.Internal, Message: e.Error(), Offset: -1}
	}
	res := &eval.Result{}
	res.String("json", string(out))
	return res, nil
}
