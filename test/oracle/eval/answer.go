package eval

import (
	"strconv"
	"unicode/utf8"
)

// Result builds the members of a successful answer's "result" object, in order.
type Result struct {
	buf []byte
}

// String adds a string member.
func (r *Result) String(name, value string) {
	r.key(name)
	r.buf = AppendString(r.buf, value)
}

// Uint adds an unsigned integer member.
func (r *Result) Uint(name string, value uint64) {
	r.key(name)
	r.buf = strconv.AppendUint(r.buf, value, 10)
}

// JSON adds a member whose value is JSON text, embedded as it is (each
// invalid UTF-8 byte becomes U+FFFD, as everywhere in an answer line).
func (r *Result) JSON(name string, raw []byte) {
	r.key(name)
	r.buf = appendValidUTF8(r.buf, raw)
}

func (r *Result) key(name string) {
	if len(r.buf) > 0 {
		r.buf = append(r.buf, ',')
	}
	r.buf = AppendString(r.buf, name)
	r.buf = append(r.buf, ':')
}

// AppendOK appends a success answer line (without newline).
func AppendOK(dst, id []byte, r *Result) []byte {
	dst = appendHead(dst, id)
	dst = append(dst, `"ok":true,"result":{`...)
	dst = append(dst, r.buf...)
	return append(dst, "}}"...)
}

// AppendError appends an error answer line (without newline).
func AppendError(dst, id []byte, e *Error) []byte {
	dst = appendHead(dst, id)
	dst = append(dst, `"ok":false,"error":{"code":`...)
	dst = AppendString(dst, e.Code)
	dst = append(dst, `,"message":`...)
	dst = AppendString(dst, e.Message)
	if e.HasPath {
		dst = append(dst, `,"path":`...)
		dst = AppendString(dst, e.Path)
	}
	if e.Offset >= 0 {
		dst = append(dst, `,"offset":`...)
		dst = strconv.AppendInt(dst, e.Offset, 10)
	}
	return append(dst, "}}"...)
}

// appendHead opens the answer object and echoes the request's "id": its raw
// JSON text as it was written, except that each invalid UTF-8 byte becomes U+FFFD.
func appendHead(dst, id []byte) []byte {
	dst = append(dst, '{')
	if id != nil {
		dst = append(dst, `"id":`...)
		dst = appendValidUTF8(dst, id)
		dst = append(dst, ',')
	}
	return dst
}

func appendValidUTF8(dst, s []byte) []byte {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRune(s[i:])
		if r == utf8.RuneError && n == 1 {
			dst = append(dst, "\uFFFD"...)
		} else {
			dst = append(dst, s[i:i+n]...)
		}
		i += n
	}
	return dst
}

// AppendString writes s as a JSON string the protocol's way: `"` and `\`
// escaped, control characters as \n \r \t or \u00xx, every invalid UTF-8 byte
// as U+FFFD, everything else (including <, >, &, U+2028) as is.
func AppendString(dst []byte, s string) []byte {
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
