package kinplace

import (
	"bytes"
	"context"
	"encoding/json"
)

// Text is raw JSON text for a request's ...Text field (podText, oldRevisionText, ...): its bytes reach the engine's
// reader exactly as they are, invalid UTF-8 included. Empty is absent.
type Text []byte

// MarshalJSON writes the bytes as a JSON string, escaping only '"', '\' and control characters (other bytes raw).
func (t Text) MarshalJSON() ([]byte, error) {
	const hex = "0123456789abcdef"
	out := make([]byte, 0, len(t)+2)
	out = append(out, '"')
	for _, c := range t {
		switch {
		case c == '"' || c == '\\':
			out = append(out, '\\', c)
		case c < 0x20:
			out = append(out, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
		default:
			out = append(out, c)
		}
	}
	return append(out, '"'), nil
}

// requestLine is the request line {"op": op, ...fields of req} (json.Marshal of req without HTML escaping:
// values of type json.RawMessage are compacted, Text bytes kept raw).
func requestLine(op string, req any) ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteString(`{"op":`)
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(op); err != nil {
		return nil, badValue(err)
	}
	buf.Truncate(buf.Len() - 1) // Encode's newline
	mark := buf.Len()
	if req != nil {
		if err := enc.Encode(req); err != nil {
			return nil, badValue(err)
		}
		buf.Truncate(buf.Len() - 1)
	}
	fields := buf.Bytes()[mark:]
	if len(fields) == 0 || string(fields) == "{}" || string(fields) == "null" {
		buf.Truncate(mark)
		buf.WriteByte('}')
		return buf.Bytes(), nil
	}
	if fields[0] != '{' {
		return nil, &Error{Code: CodeBadRequest, Message: "a request must encode as a JSON object", Offset: -1}
	}
	fields[0] = ',' // {"op":"x"  +  ,"field":...}
	return buf.Bytes(), nil
}

// badValue is the E_BAD_REQUEST of a request value json.Marshal cannot encode.
func badValue(err error) *Error {
	return newError(CodeBadRequest, "request value cannot be encoded as JSON: "+err.Error(), err)
}

// answerHead is what every successful answer to a request without id starts with.
const answerHead = `{"ok":true,"result":`

// answerError is the engine's error object of a failed answer.
type answerError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Path    string `json:"path"`
	Offset  *int64 `json:"offset"`
}

// resultOf returns the result member of an answer line, or the answer's error as an *Error.
func resultOf(answer []byte) ([]byte, error) {
	if len(answer) > len(answerHead) && string(answer[:len(answerHead)]) == answerHead && answer[len(answer)-1] == '}' {
		return answer[len(answerHead) : len(answer)-1], nil
	}
	var a struct {
		OK    bool         `json:"ok"`
		Error *answerError `json:"error"`
	}
	if err := json.Unmarshal(answer, &a); err != nil || a.OK || a.Error == nil {
		return nil, newError(CodeInternal, "kinplace: unexpected answer "+string(answer[:min(len(answer), 200)]), err)
	}
	e := &Error{Code: a.Error.Code, Message: a.Error.Message, Path: a.Error.Path, Offset: -1}
	if a.Error.Offset != nil {
		e.Offset = *a.Error.Offset
	}
	return nil, e
}

// do evaluates op with the fields of req and decodes the answer's result into out (nil: not decoded); returns the result text.
func (e *Engine) do(ctx context.Context, op string, req any, out any) ([]byte, error) {
	line, err := requestLine(op, req)
	if err != nil {
		return nil, err
	}
	answer, err := e.Eval(ctx, line)
	if err != nil {
		return nil, err
	}
	result, err := resultOf(answer)
	if err != nil {
		return nil, err
	}
	if out != nil {
		if err := json.Unmarshal(result, out); err != nil {
			return nil, newError(CodeInternal, "kinplace: the "+op+" result does not decode: "+err.Error(), err)
		}
	}
	return result, nil
}

// call evaluates op with the fields of req and returns the result decoded as a T.
func call[T any](ctx context.Context, e *Engine, op string, req any) (*T, error) {
	var out T
	if _, err := e.do(ctx, op, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
