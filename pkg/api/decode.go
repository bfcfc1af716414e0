package api

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
)

// DecodeStrict decodes data, one JSON value, into v. It is what "strict"
// means for every diktyo value a person or a runtime writes (annotations,
// the admin config, the plugins' capability arguments): besides JSON
// syntax and types, it refuses
//   - a key that names no field of the target (encoding/json's
//     DisallowUnknownFields),
//   - a key that names a field only when case is ignored ("External" for
//     "external"; encoding/json would take it),
//   - a key given twice in one object (encoding/json would keep the last),
//   - anything after the value.
//
// Errors are ErrInvalid and name the field ("[0].external").
func DecodeStrict(data []byte, v any) error {
	if err := checkKeys(data, reflect.TypeOf(v), false); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return Invalidf("invalid JSON: %w", err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return Invalidf("invalid JSON: trailing data after the value")
	}
	return nil
}

// DecodeCapabilities decodes a CNI runtimeConfig object into v, a pointer
// to a struct whose fields are the capabilities one plugin reads. The
// object is shared by the chain: a key v has no field for belongs to
// another plugin and is skipped. A key that differs from one of v's only
// by case, a key of v's given twice, and anything DecodeStrict refuses
// inside the value of one of v's keys are errors (ErrInvalid, naming the
// field).
func DecodeCapabilities(data []byte, v any) error {
	if err := checkKeys(data, reflect.TypeOf(v), true); err != nil {
		return err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return Invalidf("invalid JSON: %w", err)
	}
	return nil
}

// maxDepth bounds the nesting checkKeys follows, as encoding/json does.
const maxDepth = 1000

// keyChecker walks the tokens of a JSON value along the Go type it is
// decoded into.
type keyChecker struct {
	dec *json.Decoder
}

func checkKeys(data []byte, t reflect.Type, tolerantTop bool) error {
	c := keyChecker{dec: json.NewDecoder(bytes.NewReader(data))}
	return c.value(t, "", 0, tolerantTop)
}

// value checks the next value, to be decoded into t; t is nil where the
// type is not known (interfaces, custom unmarshalers), and then only
// duplicate keys are refused.
func (c *keyChecker) value(t reflect.Type, path string, depth int, tolerant bool) error {
	if depth > maxDepth {
		return Invalidf("invalid JSON: nested deeper than %d", maxDepth)
	}
	tok, err := c.dec.Token()
	if err != nil {
		return Invalidf("invalid JSON: %w", err)
	}
	t = target(t)
	switch tok {
	case json.Delim('{'):
		return c.object(t, path, depth, tolerant)
	case json.Delim('['):
		var elem reflect.Type
		if t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
			elem = t.Elem()
		}
		for i := 0; c.dec.More(); i++ {
			if err := c.value(elem, fmt.Sprintf("%s[%d]", path, i), depth+1, false); err != nil {
				return err
			}
		}
		_, err = c.dec.Token() // ']'
	}
	if err != nil {
		return Invalidf("invalid JSON: %w", err)
	}
	return nil
}

func (c *keyChecker) object(t reflect.Type, path string, depth int, tolerant bool) error {
	var fields map[string]reflect.Type
	var elem reflect.Type
	switch {
	case t == nil:
	case t.Kind() == reflect.Struct:
		fields = map[string]reflect.Type{}
		jsonFields(t, fields)
	case t.Kind() == reflect.Map:
		elem = t.Elem()
	}
	seen := map[string]bool{}
	for c.dec.More() {
		tok, err := c.dec.Token()
		if err != nil {
			return Invalidf("invalid JSON: %w", err)
		}
		key, _ := tok.(string)
		field := joinPath(path, key)
		ft, known := fields[key]
		switch {
		case fields == nil:
			ft = elem
		case known:
		case caseMatch(fields, key) != "":
			return Invalidf("%s: unknown field %q (field names are case-sensitive: did you mean %q?)", field, key, caseMatch(fields, key))
		case tolerant:
			if err := c.skip(); err != nil {
				return err
			}
			continue
		default:
			return Invalidf("%s: unknown field %q", field, key)
		}
		if seen[key] {
			return Invalidf("%s: key %q given twice", field, key)
		}
		seen[key] = true
		if err := c.value(ft, field, depth+1, false); err != nil {
			return err
		}
	}
	if _, err := c.dec.Token(); err != nil { // '}'
		return Invalidf("invalid JSON: %w", err)
	}
	return nil
}

// skip reads a value that belongs to someone else, unchecked.
func (c *keyChecker) skip() error {
	var raw json.RawMessage
	if err := c.dec.Decode(&raw); err != nil {
		return Invalidf("invalid JSON: %w", err)
	}
	return nil
}

func joinPath(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func caseMatch(fields map[string]reflect.Type, key string) string {
	for name := range fields {
		if strings.EqualFold(name, key) {
			return name
		}
	}
	return ""
}

var (
	jsonUnmarshaler = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// target is the type whose keys are checked: pointers are followed, and a
// type that decodes itself (json.RawMessage, a duration) is not looked
// into (nil).
func target(t reflect.Type) reflect.Type {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil || t.Kind() == reflect.Interface {
		return nil
	}
	p := reflect.PointerTo(t)
	if p.Implements(jsonUnmarshaler) || p.Implements(textUnmarshaler) {
		return nil
	}
	return t
}

// jsonFields adds the JSON names of t's fields as encoding/json sees them:
// the tag's name or the field's, then the promoted fields of untagged
// embedded structs that a shallower field does not hide; never unexported
// or "-" fields.
func jsonFields(t reflect.Type, out map[string]reflect.Type) {
	var embedded []reflect.Type
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		ft := f.Type
		if f.Anonymous && name == "" {
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				embedded = append(embedded, ft)
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out[name] = ft
	}
	for _, et := range embedded {
		promoted := map[string]reflect.Type{}
		jsonFields(et, promoted)
		for name, ft := range promoted {
			if _, hidden := out[name]; !hidden {
				out[name] = ft
			}
		}
	}
}

// DecodeRuntimeConfig decodes a plugin's runtimeConfig object strictly
// (DecodeCapabilities) into a T, for a plugin's RuntimeConfig.UnmarshalJSON.
// The error names runtimeConfig; the plugin keeps it for ADD and CHECK to
// report, so that DEL and GC, which need only the node config, still run.
func DecodeRuntimeConfig[T any](data []byte) (T, error) {
	var v T
	if err := DecodeCapabilities(data, &v); err != nil {
		var zero T
		return zero, fmt.Errorf("runtimeConfig: %w", err)
	}
	return v, nil
}
