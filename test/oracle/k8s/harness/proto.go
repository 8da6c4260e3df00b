package main

// The eval protocol (docs/architecture.md): one request object per line, one
// answer line per request. Requests are validated with Go's own scanner and
// split into members; `xText` fields hand their string content to the op as
// raw bytes (escapes decoded, raw bytes kept).

import (
	"encoding/json"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// Error codes of the eval protocol, plus the Kubernetes ones this oracle adds.
const (
	codeJSONSyntax  = "E_JSON_SYNTAX"
	codeJSONType    = "E_JSON_TYPE"
	codeBadRequest  = "E_BAD_REQUEST"
	codeUnknownOp   = "E_UNKNOWN_OP"
	codeUnsupported = "E_UNSUPPORTED_VERSION"
	codeInternal    = "E_INTERNAL"
	codeQuantity    = "E_QUANTITY" // resource.ParseQuantity / Quantity.UnmarshalJSON error, upstream text
	codeDecode      = "E_DECODE"   // any other decode error of the upstream decoder (e.g. json-iterator text)
)

// protoError is a protocol error answer.
type protoError struct {
	Code    string
	Message string
	Path    string
	HasPath bool
	Offset  int64 // -1 when absent
}

// fieldErr is an error about one request field; path names the field.
func fieldErr(code, field, message string) *protoError {
	return &protoError{Code: code, Message: message, Path: field, HasPath: true, Offset: -1}
}

// plainErr is an error without path or offset.
func plainErr(code, message string) *protoError {
	return &protoError{Code: code, Message: message, Offset: -1}
}

// quote wraps s in double quotes without escaping (protocol message style).
func quote(s string) string { return "\"" + s + "\"" }

// member is one top-level field of a request object.
type member struct {
	Name  string
	Value []byte // raw JSON text as it appeared in the line
}

// request is a parsed request line.
type request struct {
	Members []member
	ID      []byte
}

// field returns the raw value of the named member, or nil.
func (r *request) field(name string) []byte {
	for _, m := range r.Members {
		if m.Name == name {
			return m.Value
		}
	}
	return nil
}

// parseRequest validates one line with encoding/json and splits the object.
func parseRequest(line []byte) (*request, *protoError) {
	var raw json.RawMessage
	if err := json.Unmarshal(line, &raw); err != nil {
		if se, ok := err.(*json.SyntaxError); ok {
			return nil, &protoError{Code: codeJSONSyntax, Message: se.Error(), Offset: se.Offset}
		}
		return nil, plainErr(codeJSONSyntax, err.Error())
	}
	i := skipSpace(line, 0)
	if line[i] != '{' {
		return nil, plainErr(codeBadRequest, "request must be a JSON object")
	}
	req := &request{}
	i = skipSpace(line, i+1)
	if line[i] == '}' {
		return req, nil
	}
	for {
		kEnd := skipString(line, i)
		name := string(unquote(line[i:kEnd]))
		i = skipSpace(line, kEnd)
		i = skipSpace(line, i+1)
		vEnd := skipValue(line, i)
		value := line[i:vEnd]
		for _, m := range req.Members {
			if m.Name == name {
				return req, fieldErr(codeBadRequest, name, "duplicate field "+quote(name))
			}
		}
		req.Members = append(req.Members, member{Name: name, Value: value})
		if name == "id" {
			req.ID = value
		}
		i = skipSpace(line, vEnd)
		if line[i] == '}' {
			return req, nil
		}
		i = skipSpace(line, i+1)
	}
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

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

func isDelim(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', ',', ':', '}', ']':
		return true
	}
	return false
}

// unquote decodes a validated JSON string literal keeping raw bytes; escapes
// decode as encoding/json does (lone surrogate escapes become U+FFFD).
func unquote(lit []byte) []byte {
	s := lit[1 : len(lit)-1]
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); {
		c := s[i]
		if c != '\\' {
			out = append(out, c)
			i++
			continue
		}
		e := s[i+1]
		i += 2
		switch e {
		case '"', '\\', '/':
			out = append(out, e)
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			r := hex4(s[i:])
			i += 4
			if utf16.IsSurrogate(r) {
				r1 := rune(-1)
				if i+6 <= len(s) && s[i] == '\\' && s[i+1] == 'u' {
					r1 = hex4(s[i+2:])
				}
				if dec := utf16.DecodeRune(r, r1); dec != utf8.RuneError {
					i += 6
					r = dec
				} else {
					r = utf8.RuneError
				}
			}
			var buf [4]byte
			n := utf8.EncodeRune(buf[:], r)
			out = append(out, buf[:n]...)
		}
	}
	return out
}

func hex4(s []byte) rune {
	if len(s) < 4 {
		return -1
	}
	var r rune
	for _, c := range s[:4] {
		switch {
		case '0' <= c && c <= '9':
			c = c - '0'
		case 'a' <= c && c <= 'f':
			c = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			c = c - 'A' + 10
		default:
			return -1
		}
		r = r*16 + rune(c)
	}
	return r
}

// stringField returns the decoded content of a string member (raw bytes kept).
func stringField(req *request, name string) ([]byte, bool, *protoError) {
	v := req.field(name)
	if v == nil {
		return nil, false, nil
	}
	if v[0] != '"' {
		return nil, true, fieldErr(codeBadRequest, name, quote(name)+" must be a string")
	}
	return unquote(v), true, nil
}

// boolField reads an optional boolean member (false when absent).
func boolField(req *request, name string) (bool, *protoError) {
	v := req.field(name)
	switch string(v) {
	case "":
		return false, nil
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, fieldErr(codeBadRequest, name, quote(name)+" must be a boolean")
}

// int32Field reads an optional integer member that must fit an int32.
func int32Field(req *request, name string) (*int32, *protoError) {
	v := req.field(name)
	if v == nil {
		return nil, nil
	}
	n, err := strconv.ParseInt(string(v), 10, 32)
	if err != nil {
		return nil, fieldErr(codeBadRequest, name, quote(name)+" must be an int32 integer")
	}
	x := int32(n)
	return &x, nil
}

// valueField returns the JSON text of a value given as `name` (raw bytes in
// the line) or `nameText` (a string whose raw content is the JSON text).
func valueField(req *request, name string) ([]byte, *protoError) {
	textName := name + "Text"
	v := req.field(name)
	t, hasText, err := stringField(req, textName)
	if v != nil && hasText {
		return nil, fieldErr(codeBadRequest, textName, quote(name)+" and "+quote(textName)+" are exclusive")
	}
	if err != nil {
		return nil, err
	}
	if hasText {
		return t, nil
	}
	if v == nil {
		return nil, fieldErr(codeBadRequest, name, "missing "+quote(name)+" or "+quote(textName))
	}
	return v, nil
}

// result builds the members of a successful answer's "result" object in order.
type result struct{ buf []byte }

func (r *result) key(name string) {
	if len(r.buf) > 0 {
		r.buf = append(r.buf, ',')
	}
	r.buf = appendString(r.buf, name)
	r.buf = append(r.buf, ':')
}

// str adds a string member.
func (r *result) str(name, value string) {
	r.key(name)
	r.buf = appendString(r.buf, value)
}

// strs adds an array-of-strings member (never null).
func (r *result) strs(name string, values []string) {
	r.key(name)
	r.buf = append(r.buf, '[')
	for i, v := range values {
		if i > 0 {
			r.buf = append(r.buf, ',')
		}
		r.buf = appendString(r.buf, v)
	}
	r.buf = append(r.buf, ']')
}

// appendOK appends a success answer line (no newline).
func appendOK(dst, id []byte, r *result) []byte {
	dst = appendHead(dst, id)
	dst = append(dst, `"ok":true,"result":{`...)
	dst = append(dst, r.buf...)
	return append(dst, "}}"...)
}

// appendErr appends an error answer line (no newline).
func appendErr(dst, id []byte, e *protoError) []byte {
	dst = appendHead(dst, id)
	dst = append(dst, `"ok":false,"error":{"code":`...)
	dst = appendString(dst, e.Code)
	dst = append(dst, `,"message":`...)
	dst = appendString(dst, e.Message)
	if e.HasPath {
		dst = append(dst, `,"path":`...)
		dst = appendString(dst, e.Path)
	}
	if e.Offset >= 0 {
		dst = append(dst, `,"offset":`...)
		dst = strconv.AppendInt(dst, e.Offset, 10)
	}
	return append(dst, "}}"...)
}

func appendHead(dst, id []byte) []byte {
	dst = append(dst, '{')
	if id != nil {
		dst = append(dst, `"id":`...)
		for i := 0; i < len(id); {
			r, n := utf8.DecodeRune(id[i:])
			if r == utf8.RuneError && n == 1 {
				dst = append(dst, "\uFFFD"...)
			} else {
				dst = append(dst, id[i:i+n]...)
			}
			i += n
		}
		dst = append(dst, ',')
	}
	return dst
}

// appendString writes s as a protocol JSON string: `"` and `\` escaped,
// control characters as \n \r \t or \u00xx, invalid UTF-8 bytes as U+FFFD,
// everything else as is (no HTML escaping).
func appendString(dst []byte, s string) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				dst = append(dst, '\\', c)
			case c == '\n':
				dst = append(dst, '\\', 'n')
			case c == '\r':
				dst = append(dst, '\\', 'r')
			case c == '\t':
				dst = append(dst, '\\', 't')
			case c < 0x20:
				dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
			default:
				dst = append(dst, c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			dst = append(dst, "\uFFFD"...)
		} else {
			dst = append(dst, s[i:i+n]...)
		}
		i += n
	}
	return append(dst, '"')
}
