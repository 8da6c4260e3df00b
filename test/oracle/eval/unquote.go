package eval

import (
	"unicode/utf16"
	"unicode/utf8"
)

// Unquote decodes a JSON string literal (quotes included) that the caller has
// already validated, keeping raw bytes (even invalid UTF-8) exactly as they
// are. Escapes are decoded the way encoding/json decodes them: a valid
// surrogate pair becomes one code point, any other surrogate escape U+FFFD.
// Only raw bytes differ from encoding/json, which would replace invalid UTF-8.
func Unquote(lit []byte) []byte {
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

// hex4 reads four hex digits (validated by the caller); -1 if they are not.
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
