// Package reflector walks Go types with reflection and describes every type reachable from a set of roots
// (struct fields including unexported ones, pointer/slice/array/map element and key types) as JSON, the way
// encoding/json and go-spew see them. It depends only on the standard library so that it can be compiled
// next to any version of k8s.io/api (see tools/schemagen/generate.ts).
package reflector

import (
	"encoding"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
	"unicode"
)

// Root is one named starting type.
type Root struct {
	Type reflect.Type
}

// Methods tells which marshalling interfaces a type implements, by receiver.
type Methods struct {
	MarshalJSON   string `json:"marshalJSON,omitempty"`   // "value" | "pointer" | ""
	UnmarshalJSON string `json:"unmarshalJSON,omitempty"` // "pointer" (or "value" for reference kinds)
	MarshalText   string `json:"marshalText,omitempty"`
	UnmarshalText string `json:"unmarshalText,omitempty"`
	IsZero        string `json:"isZero,omitempty"` // IsZero() bool, used by omitzero (Go 1.24+)
	String        string `json:"string,omitempty"` // fmt.Stringer
	Error         string `json:"error,omitempty"`  // error
}

// Field is one struct field in declaration order.
type Field struct {
	Name      string   `json:"name"`      // Go field name
	Exported  bool     `json:"exported"`  // PkgPath == ""
	Anonymous bool     `json:"anonymous"` // embedded field
	Type      string   `json:"type"`      // reflect.Type.String() of the field type
	Tag       string   `json:"tag"`       // raw `json:"..."` tag value ("" when absent)
	HasTag    bool     `json:"hasTag"`    // a json tag key is present
	JSON      string   `json:"json"`      // effective JSON name (tag name if valid and non-empty, else the Go name)
	Tagged    bool     `json:"tagged"`    // the JSON name came from the tag (encoding/json's "tagged")
	Skip      bool     `json:"skip"`      // json:"-"
	OmitEmpty bool     `json:"omitempty"` // exact, case-sensitive option match
	OmitZero  bool     `json:"omitzero"`
	AsString  bool     `json:"string"`            // ",string" option (encoding/json applies it only to scalar kinds)
	Inline    bool     `json:"inline"`            // ",inline" option (no effect in encoding/json; kept for reference)
	Options   []string `json:"options,omitempty"` // every option after the name, verbatim
	// Strategic merge patch tags, as k8s.io/apimachinery's forked json package reads them
	// (reflect.StructTag.Get: "" when absent).
	PatchStrategy string `json:"patchStrategy,omitempty"` // `patchStrategy:"..."`, e.g. "merge", "merge,retainKeys"
	PatchMergeKey string `json:"patchMergeKey,omitempty"` // `patchMergeKey:"..."`, e.g. "name"
}

// Type describes one reachable type.
type Type struct {
	Name    string  `json:"name"`             // reflect.Type.String(), as go-spew prints it
	GoName  string  `json:"goName,omitempty"` // reflect.Type.Name() ("" for unnamed types)
	Pkg     string  `json:"pkg,omitempty"`    // reflect.Type.PkgPath()
	Kind    string  `json:"kind"`             // reflect.Kind.String()
	KindNum int     `json:"kindNum"`          // reflect.Kind value
	Elem    string  `json:"elem,omitempty"`   // pointer/slice/array/map element
	Key     string  `json:"key,omitempty"`    // map key
	Len     int     `json:"len,omitempty"`    // array length
	Size    uintptr `json:"size"`             // reflect.Type.Size() on this platform
	Methods Methods `json:"methods"`
	Fields  []Field `json:"fields,omitempty"`
}

// Output is the whole document.
type Output struct {
	Go      string            `json:"go"`
	Modules map[string]string `json:"modules"`
	Roots   []string          `json:"roots"`
	Types   []Type            `json:"types"`
}

var (
	jsonMarshaler   = reflect.TypeOf((*json.Marshaler)(nil)).Elem()
	jsonUnmarshaler = reflect.TypeOf((*json.Unmarshaler)(nil)).Elem()
	textMarshaler   = reflect.TypeOf((*encoding.TextMarshaler)(nil)).Elem()
	textUnmarshaler = reflect.TypeOf((*encoding.TextUnmarshaler)(nil)).Elem()
	isZeroer        = reflect.TypeOf((*interface{ IsZero() bool })(nil)).Elem()
	stringer        = reflect.TypeOf((*fmt.Stringer)(nil)).Elem()
	errorType       = reflect.TypeOf((*error)(nil)).Elem()
)

// receiver says whether t implements iface with a value receiver ("value"), only through *t ("pointer"), or not.
func receiver(t reflect.Type, iface reflect.Type) string {
	if t.Implements(iface) {
		return "value"
	}
	if t.Kind() != reflect.Interface && reflect.PtrTo(t).Implements(iface) {
		return "pointer"
	}
	return ""
}

func methodsOf(t reflect.Type) Methods {
	return Methods{
		MarshalJSON:   receiver(t, jsonMarshaler),
		UnmarshalJSON: receiver(t, jsonUnmarshaler),
		MarshalText:   receiver(t, textMarshaler),
		UnmarshalText: receiver(t, textUnmarshaler),
		IsZero:        receiver(t, isZeroer),
		String:        receiver(t, stringer),
		Error:         receiver(t, errorType),
	}
}

// isValidTag is encoding/json's rule for a usable tag name.
func isValidTag(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		switch {
		case strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c):
			// Backslash and quote chars are reserved, but otherwise any punctuation chars are allowed in a tag name.
		case !unicode.IsLetter(c) && !unicode.IsDigit(c):
			return false
		}
	}
	return true
}

func fieldOf(sf reflect.StructField) Field {
	f := Field{
		Name:      sf.Name,
		Exported:  sf.PkgPath == "",
		Anonymous: sf.Anonymous,
		Type:      sf.Type.String(),
		JSON:      sf.Name,
	}
	f.PatchStrategy = sf.Tag.Get("patchStrategy")
	f.PatchMergeKey = sf.Tag.Get("patchMergeKey")
	tag, ok := sf.Tag.Lookup("json")
	f.HasTag = ok
	f.Tag = tag
	if tag == "-" {
		f.Skip = true
		return f
	}
	name, opts := tag, ""
	if i := strings.Index(tag, ","); i >= 0 {
		name, opts = tag[:i], tag[i+1:]
	}
	if isValidTag(name) {
		f.JSON = name
		f.Tagged = true
	}
	if opts != "" {
		f.Options = strings.Split(opts, ",")
		for _, o := range f.Options {
			switch o {
			case "omitempty":
				f.OmitEmpty = true
			case "omitzero":
				f.OmitZero = true
			case "string":
				f.AsString = true
			case "inline":
				f.Inline = true
			}
		}
	}
	return f
}

func describe(t reflect.Type) Type {
	d := Type{
		Name:    t.String(),
		GoName:  t.Name(),
		Pkg:     t.PkgPath(),
		Kind:    t.Kind().String(),
		KindNum: int(t.Kind()),
		Size:    t.Size(),
		Methods: methodsOf(t),
	}
	switch t.Kind() {
	case reflect.Ptr, reflect.Slice:
		d.Elem = t.Elem().String()
	case reflect.Array:
		d.Elem = t.Elem().String()
		d.Len = t.Len()
	case reflect.Map:
		d.Key = t.Key().String()
		d.Elem = t.Elem().String()
	case reflect.Chan:
		d.Elem = t.Elem().String()
	case reflect.Struct:
		d.Fields = make([]Field, 0, t.NumField())
		for i := 0; i < t.NumField(); i++ {
			d.Fields = append(d.Fields, fieldOf(t.Field(i)))
		}
	}
	return d
}

// children lists the types a value of t can directly contain (what go-spew descends into).
func children(t reflect.Type) []reflect.Type {
	switch t.Kind() {
	case reflect.Ptr, reflect.Slice, reflect.Array, reflect.Chan:
		return []reflect.Type{t.Elem()}
	case reflect.Map:
		return []reflect.Type{t.Key(), t.Elem()}
	case reflect.Struct:
		out := make([]reflect.Type, 0, t.NumField())
		for i := 0; i < t.NumField(); i++ {
			out = append(out, t.Field(i).Type)
		}
		return out
	}
	return nil
}

// Walk describes every type reachable from roots, sorted by name. Two distinct types that print the same
// name are an error (names are the lookup key of the generated tables).
func Walk(roots []reflect.Type) ([]Type, error) {
	seen := map[reflect.Type]bool{}
	byName := map[string]reflect.Type{}
	queue := append([]reflect.Type(nil), roots...)
	var out []Type
	for len(queue) > 0 {
		t := queue[0]
		queue = queue[1:]
		if seen[t] {
			continue
		}
		seen[t] = true
		name := t.String()
		if prev, ok := byName[name]; ok && prev != t {
			return nil, fmt.Errorf("two types print as %q: %s and %s", name, prev.PkgPath(), t.PkgPath())
		}
		byName[name] = t
		out = append(out, describe(t))
		queue = append(queue, children(t)...)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// Main writes the JSON document for roots to w; it is what each generated per-minor program calls.
func Main(w io.Writer, roots []reflect.Type) error {
	types, err := Walk(roots)
	if err != nil {
		return err
	}
	o := Output{Go: runtime.Version(), Modules: map[string]string{}, Types: types}
	for _, r := range roots {
		o.Roots = append(o.Roots, r.String())
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, m := range bi.Deps {
			v := m.Version
			if m.Replace != nil {
				v = m.Replace.Version
			}
			o.Modules[m.Path] = v
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	return enc.Encode(o)
}
