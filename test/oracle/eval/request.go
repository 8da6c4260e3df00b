package eval

import "encoding/json"

// Member is one top-level field of a request object.
type Member struct {
	Name  string // the key, escapes decoded, raw bytes kept
	Value []byte // the value's raw JSON text, exactly as it appeared in the line
}

// Request is a parsed request line: its members in document order.
type Request struct {
	Members []Member
	ID      []byte // raw text of the (last) "id", nil when absent
}

// Field returns the raw value of the named member, or nil when absent; when a
// name repeats, the last one wins (as when Go decodes into a struct).
func (r *Request) Field(name string) []byte {
	var v []byte
	for _, m := range r.Members {
		if m.Name == name {
			v = m.Value
		}
	}
	return v
}

// ParseRequest validates one request line with Go's own JSON scanner and
// splits the top-level object into members. Errors follow the protocol.
func ParseRequest(line []byte) (*Request, *Error) {
	var raw json.RawMessage
	if err := json.Unmarshal(line, &raw); err != nil {
		return nil, FromJSONError(err)
	}
	i := skipSpace(line, 0)
	if line[i] != '{' {
		return nil, &Error{Code: BadRequest, Message: "a request must be a JSON object", Offset: -1}
	}
	req := &Request{}
	i = skipSpace(line, i+1)
	if line[i] == '}' {
		return req, nil
	}
	for {
		kEnd := skipString(line, i)
		name := string(Unquote(line[i:kEnd]))
		i = skipSpace(line, kEnd)
		i = skipSpace(line, i+1) // ':'
		vEnd := skipValue(line, i)
		value := line[i:vEnd]
		req.Members = append(req.Members, Member{Name: name, Value: value})
		if name == "id" {
			req.ID = value
		}
		i = skipSpace(line, vEnd)
		if line[i] == '}' {
			return req, nil
		}
		i = skipSpace(line, i+1) // ','
	}
}

// skipSpace returns the index of the first non-whitespace byte at or after i.
func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// skipString returns the index just past the string literal starting at i.
func skipString(b []byte, i int) int {
	i++
	for b[i] != '"' {
		if b[i] == '\\' {
			i++
		}
		i++
	}
	return i + 1
}

// skipValue returns the index just past the (valid) JSON value starting at i,
// iteratively so that depth does not matter.
func skipValue(b []byte, i int) int {
	depth := 0
	for {
		switch b[i] {
		case '"':
			i = skipString(b, i)
		case '{', '[':
			depth++
			i++
		case '}', ']':
			depth--
			i++
		case ' ', '\t', '\n', '\r', ',', ':':
			i++
		default:
			for i < len(b) && !isDelim(b[i]) {
				i++
			}
		}
		if depth == 0 {
			return i
		}
	}
}

// isDelim reports whether c ends a number or literal.
func isDelim(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', ',', ':', '}', ']':
		return true
	}
	return false
}
