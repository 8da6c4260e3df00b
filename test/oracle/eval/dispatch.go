package eval

// Op is one protocol operation. Fields it does not know are ignored (as when
// Go decodes into a struct).
type Op struct {
	Run func(req *Request) (*Result, *Error)
}

// Ops is the op table; op files register themselves in init.
var Ops = map[string]Op{}

// Register adds an op to the table.
func Register(name string, op Op) {
	Ops[name] = op
}

// Answer evaluates one request line and appends its answer line (no newline).
func Answer(dst, line []byte) []byte {
	req, err := ParseRequest(line)
	if err != nil {
		return AppendError(dst, nil, err)
	}
	id := req.ID
	res, err := run(req)
	if err != nil {
		return AppendError(dst, id, err)
	}
	return AppendOK(dst, id, res)
}

func run(req *Request) (*Result, *Error) {
	name, err := RequiredString(req, "op")
	if err != nil {
		return nil, err
	}
	op, ok := Ops[string(name)]
	if !ok {
		return nil, FieldError(UnknownOp, "op", "unknown op "+Quote(string(name)))
	}
	return op.Run(req)
}
