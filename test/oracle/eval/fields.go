package eval

import "encoding/json"

// present reports whether a field is given: absent and null fields are not.
func present(v []byte) bool {
	return v != nil && string(v) != "null"
}

// StringField returns the content of a string member with its escapes decoded
// as Go decodes them and raw bytes (even invalid UTF-8) kept as they are,
// whether it is present (null counts as absent), and an E_BAD_REQUEST error
// when it is present but not a string. This is how xText fields are read.
func StringField(req *Request, name string) ([]byte, bool, *Error) {
	v := req.Field(name)
	if !present(v) {
		return nil, false, nil
	}
	if v[0] != '"' {
		return nil, true, FieldError(BadRequest, name, "field "+Quote(name)+" must be a string")
	}
	return Unquote(v), true, nil
}

// GoStringField is StringField with the string decoded exactly as
// json.Unmarshal decodes it into a Go string: invalid UTF-8 becomes U+FFFD.
func GoStringField(req *Request, name string) ([]byte, bool, *Error) {
	if _, ok, err := StringField(req, name); !ok || err != nil {
		return nil, ok, err
	}
	var s string
	json.Unmarshal(req.Field(name), &s)
	return []byte(s), true, nil
}

// RequiredString is StringField for a field that must be present.
func RequiredString(req *Request, name string) ([]byte, *Error) {
	v, ok, err := StringField(req, name)
	if err == nil && !ok {
		err = FieldError(BadRequest, name, "field "+Quote(name)+" is required")
	}
	return v, err
}

// Has reports whether a field is present and not null.
func Has(req *Request, name string) bool {
	return present(req.Field(name))
}

// ValueField returns the JSON text of a value given either as `name` (its raw
// bytes in the request; null is a value here) or as `nameText` (a string whose
// decoded content, raw bytes kept, is the JSON text; null means absent).
func ValueField(req *Request, name string) ([]byte, *Error) {
	textName := name + "Text"
	v := req.Field(name)
	t, hasText, err := StringField(req, textName)
	if v != nil && hasText {
		return nil, FieldError(BadRequest, name, "fields "+Quote(name)+" and "+Quote(textName)+" are mutually exclusive")
	}
	if v != nil {
		return v, nil
	}
	if err != nil {
		return nil, err
	}
	if !hasText {
		return nil, FieldError(BadRequest, name, "field "+Quote(name)+" (or "+Quote(textName)+") is required")
	}
	return t, nil
}
